"""Scoring a teams event: each board against the other room of its match, the match totals, victory points and the
standings.

Seed 000 ("viertallen"): a board is compared only with the other table of the match; the difference of the two
North-South scores is converted to IMPs on the WBF scale (Law 78B), the IMPs of the match are totalled and the
total margin is converted to victory points on a conversion table (:mod:`bridgescore.teams.vp`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from bridgescore.imps import wbf_imps
from bridgescore.teams.model import BoardScore, Match, MatchScore, ScoredTeams, TeamsEvent, TeamsForm, TeamStanding
from bridgescore.teams.vp import VPScale, WBFContinuous

__all__ = ["TeamsOptions", "score_teams"]


@dataclass(frozen=True, slots=True)
class TeamsOptions:
    """How to score a teams event: the board scoring (``form``; None: what the file says, else IMPs) and the VP
    scale (None: the event is not scored in VPs)."""

    form: TeamsForm | None = None
    vp: VPScale | None = field(default_factory=WBFContinuous)


def _score_board(match: Match, index: int) -> BoardScore:
    """Law 78B: the home team's IMPs are those of (NS score in the open room − NS score in the closed room)."""
    board = match.boards[index]
    ns_open = board.open.ns_score if board.open is not None else None
    ns_closed = board.closed.ns_score if board.closed is not None else None
    imps = None if ns_open is None or ns_closed is None else float(wbf_imps(ns_open - ns_closed))
    return BoardScore(board, ns_open, ns_closed, imps)


def _score_match(match: Match, options: TeamsOptions) -> MatchScore:
    boards = tuple(_score_board(match, i) for i in range(len(match.boards)))
    won = sum(b.imps_home for b in boards if b.imps_home is not None and b.imps_home > 0)
    lost = -sum(b.imps_home for b in boards if b.imps_home is not None and b.imps_home < 0)
    home = won + max(match.carry_over, 0.0)
    away = lost + max(-match.carry_over, 0.0)
    if options.vp is None:
        return MatchScore(match, boards, home, away)
    vp_home, vp_away = options.vp.vp(home - away, len(match.boards))
    return MatchScore(match, boards, home, away, vp_home, vp_away)


def score_teams(event: TeamsEvent, options: TeamsOptions | None = None) -> ScoredTeams:
    """Score every match of ``event`` and rank the teams by their total of VPs (IMP margin at IMPs alone)."""
    options = options or TeamsOptions()
    matches = tuple(_score_match(m, options) for m in event.matches)
    vp: dict[str, float] = defaultdict(float)
    imps_for: dict[str, float] = defaultdict(float)
    imps_against: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for m in matches:
        for team, own, other, own_vp in (
            (m.match.home, m.imps_home, m.imps_away, m.vp_home),
            (m.match.away, m.imps_away, m.imps_home, m.vp_away),
        ):
            played[team] += 1
            imps_for[team] += own
            imps_against[team] += other
            vp[team] += own_vp or 0.0
    ids = sorted(set(event.teams) | set(played), key=lambda t: (-vp[t], -(imps_for[t] - imps_against[t]), t))
    standings: list[TeamStanding] = []
    for team in ids:
        key = (vp[team], imps_for[team] - imps_against[team])
        first = next(i for i, t in enumerate(ids) if (vp[t], imps_for[t] - imps_against[t]) == key)
        shared = sum(1 for t in ids if (vp[t], imps_for[t] - imps_against[t]) == key) > 1
        place = first + 1
        standings.append(
            TeamStanding(
                place,
                f"{place}=" if shared else str(place),
                event.team(team),
                played[team],
                vp[team] if options.vp is not None else None,
                imps_for[team],
                imps_against[team],
            )
        )
    return ScoredTeams(
        event,
        options.form or event.form or "imps",
        options.vp.name if options.vp is not None else None,
        matches,
        tuple(standings),
        problems=event.problems,
    )
