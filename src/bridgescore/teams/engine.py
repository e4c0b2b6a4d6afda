"""Scoring a teams event: each board against the other room of its match, the match totals, victory points and the
standings.

Seed 000 ("viertallen"): a board is compared only with the other table of the match; the difference of the two
North-South scores is converted to IMPs on the WBF scale (Law 78B), the IMPs of the match are totalled and the
total margin is converted to victory points on a conversion table (:mod:`bridgescore.teams.vp`).  The rules of a
match (adjusted scores, boards not played, fouled boards, board-a-match, Patton, segments, carry-over, the winner)
are in :mod:`bridgescore.teams.match`, the standings and tie-breaks in :mod:`bridgescore.teams.standings`, the
director's checks in :mod:`bridgescore.teams.checks`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bridgescore.core.adjustments import AdjustmentValues
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.teams.checks import check_matches, duplicate_matches
from bridgescore.teams.match import BoardPoints, PattonForm, score_match
from bridgescore.teams.model import Match, MatchScore, ScoredTeams, TeamsEvent, TeamsForm, TeamStanding
from bridgescore.teams.standings import TIEBREAKS, Tiebreak, rank_teams
from bridgescore.teams.vp import VPScale, WBFContinuous

__all__ = ["TeamsOptions", "score_teams", "scored_teams"]


@dataclass(frozen=True, slots=True)
class TeamsOptions:
    """How to score a teams event.

    ``form``: the board scoring (None: what the file says, else IMPs).  ``vp``: the VP scale (None: the event is
    not scored in VPs; not used at board-a-match, and at Patton only by the NBB's form).  ``board_points``: the
    board-a-match points, ``acbl`` 1/½/0 (ACBL board-a-match) or ``ebu`` 2/1/0 (EBU point-a-board); None: ``ebu``
    for a file whose match scoring is ``PAB`` (USEBIO), else ``acbl``.  ``patton``: ``acbl`` or ``nbb``
    (:mod:`bridgescore.teams.match`).  ``tiebreak``: ``wbf``, ``ebu``, ``nbb`` or ``none``
    (:mod:`bridgescore.teams.standings`).  ``adjustments``: the IMPs of average-plus/minus and of a percentage
    (Law 86A: ±3 IMPs; 0.3 IMP per percent, so 60 % is +3), shared with pairs.  ``knockout``: every match must
    have a winner, so a non-balancing adjusted score is averaged between the teams (Law 86); otherwise each team
    keeps its own award (A-/A- is −3 IMPs to both, as the EBU rules it).  ``bye_vp``: the VPs of a bye (a round
    in which a team has no match, :func:`bridgescore.teams.standings.byes_of`), as the event's conditions of
    contest say (Swiss teams commonly give 12 on a 20-VP scale, an average 10); None: no VPs, and each bye is a
    warning so the director can give them."""

    form: TeamsForm | None = None
    vp: VPScale | None = field(default_factory=WBFContinuous)
    board_points: BoardPoints | None = None
    patton: PattonForm = "acbl"
    tiebreak: Tiebreak = "wbf"
    adjustments: AdjustmentValues = field(default_factory=AdjustmentValues)
    knockout: bool = False
    bye_vp: float | None = None

    def __post_init__(self) -> None:
        """A variant the engine does not know is refused here, not scored as some default without a word."""
        for value, known, words in (
            (self.form, (None, "imps", "bam", "patton"), "board scoring"),
            (self.board_points, (None, "acbl", "ebu"), "board-a-match points"),
            (self.patton, ("acbl", "nbb"), "Patton form"),
            (self.tiebreak, TIEBREAKS, "tie-break"),
        ):
            if value not in known:
                names = ", ".join(k for k in known if k is not None)
                raise ValueError(f"unknown {words} '{value}': choose one of {names}")


def score_teams(event: TeamsEvent, options: TeamsOptions | None = None) -> ScoredTeams:
    """Score every match of ``event`` (a match listed twice in a round once), rank the teams by their VPs (points
    at board-a-match and Patton; the IMP margin at IMPs alone) with the chosen tie-break, and check the file's
    own values against the computed ones."""
    options = options or TeamsOptions()
    form = options.form or event.form or "imps"
    board_points = options.board_points or ("ebu" if event.match_scoring.upper() == "PAB" else "acbl")
    kept, duplicates = duplicate_matches(event.matches)
    matches = tuple(
        score_match(m, form, board_points, options.patton, options.adjustments, options.vp, options.knockout)
        for m in kept
    )
    return scored_teams(event, options, matches, duplicates)


def scored_teams(
    event: TeamsEvent,
    options: TeamsOptions,
    matches: tuple[MatchScore, ...],
    duplicates: Sequence[Problem] = (),
    boards_won: Mapping[str, float] | None = None,
) -> ScoredTeams:
    """The scored event from its scored ``matches`` (each match of ``event`` once; ``duplicates``: the problems of
    the copies left out): the standings, the director's checks, every problem and the options that changed a
    number.  :func:`score_teams`'s last step, and that of the scoring on columns (:mod:`bridgescore.teams.columns`,
    whose matches hold no boards: ``boards_won`` is each team's count-back, as :func:`rank_teams` takes it)."""
    form = options.form or event.form or "imps"
    board_points = options.board_points or ("ebu" if event.match_scoring.upper() == "PAB" else "acbl")
    kept = [m.match for m in matches]
    by: Literal["vp", "points", "imps"] = "points" if form != "imps" else "vp" if options.vp is not None else "imps"
    standings = rank_teams(event, matches, by, options.tiebreak, options.bye_vp, boards_won)
    board_problems = [b.problem for m in matches for b in m.boards if b.problem is not None]
    if by == "vp" and options.bye_vp is None:
        board_problems.extend(_bye_warnings(event, standings))
    if form == "bam" or (form == "patton" and options.patton == "acbl"):
        board_problems.extend(_carry_over_unused(kept))
    return ScoredTeams(
        event,
        form,
        options.vp.name if options.vp is not None and (form == "imps" or options.patton == "nbb") else None,
        matches,
        standings,
        checks=tuple(check_matches(matches, event.match_scoring)),
        problems=(*event.problems, *duplicates, *board_problems),
        options={
            "board_points": board_points if form != "imps" else None,
            "patton": options.patton if form == "patton" else None,
            "tiebreak": options.tiebreak,
            "knockout": options.knockout,
            "bye_vp": options.bye_vp if by == "vp" else None,
        },
    )


def _carry_over_unused(matches: Sequence[Match]) -> list[Problem]:
    """A warning for each carry-over the form cannot count: it is IMPs, and board-a-match and the ACBL's Patton
    rank on board points (:mod:`bridgescore.teams.match`), so it would otherwise vanish without a word."""
    return [
        Problem.make(
            m.source or Location("<input>"),
            "round %(round)d, %(home)s against %(away)s: the carry-over of %(imps)g IMPs is not counted, as the "
            "matches are decided on board points (give --form imps to count it)",
            Severity.WARNING,
            round=m.round,
            home=shorten(m.home),
            away=shorten(m.away),
            imps=abs(m.carry_over),
        )
        for m in matches
        if m.carry_over
    ]


def _bye_warnings(event: TeamsEvent, standings: Sequence[TeamStanding]) -> list[Problem]:
    """A warning for each team with a bye and no VPs for it: the conditions of contest say what a bye is worth."""
    source = next((m.source for m in event.matches if m.source is not None), None)
    where = Location(source.file) if source is not None else Location("<input>")
    return [
        Problem.make(
            where,
            "team %(team)s has no match in round %(rounds)s (a bye) and gets no VPs for it; give --bye-vp with "
            "what the event's conditions say (e.g. 12, or 10 for an average)",
            Severity.WARNING,
            team=shorten(s.team.label),
            rounds=", ".join(str(r) for r in s.byes),
        )
        for s in standings
        if s.byes
    ]
