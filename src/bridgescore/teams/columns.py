"""Scoring a teams event on its columns (issue 19): a federation's file of plain results scored without a record
per line, board or room.

A teams CSV of 1,000,000 lines (2,500 teams, 20 rounds of 20-board matches) made a million ``Result`` records,
half a million ``MatchBoard`` and ``BoardScore`` records and a dict per room for its JSON: some 6 of the 9 seconds
of processor time the command took.  Where the event's one file is read on columns
(:class:`bridgescore.teams.read_columns.TeamsColumns`) and every board is compared as
:func:`bridgescore.teams.match.score_match` compares a board of two plain rooms (each room a score as played or
passed out, no remarks: :func:`~bridgescore.teams.match.plain_room`), this scores the boards as arrays:

* each board's IMPs are the WBF IMPs (Law 78B; :func:`bridgescore.core.imps.wbf_imps`, one ``searchsorted`` for
  all) of the difference of the North-South scores of the open and the closed room, as ``score_match`` finds them;
* a match's IMPs for each side are the sums of its boards' IMPs won by that side (whole numbers, so the sums are
  exact whatever their order), its segments' subtotals likewise, and its VPs the scale's of the margin
  (:func:`~bridgescore.teams.match.vps_of_margin`, asked once per margin and number of boards);
* the standings, checks, problems and options are made by the engine itself
  (:func:`bridgescore.teams.engine.scored_teams`) from the scored matches, with each team's boards won for the
  EBU's count-back counted on the columns.

The matches it hands the engine (:attr:`ScoredColumns.scored`) hold no boards (``Match.boards`` and
``MatchScore.boards`` are empty): the boards are the columns, and :func:`bridgescore.teams.report.json.dump_columns`
writes them.  So it scores only where nothing reads a board after scoring but what it counts here: IMPs
(board-a-match and Patton points are read per board), every board played in both rooms (a room without a line is a
problem the careful engine words).  A file whose matches the columnar reader
made has no board extras to check, no team North-South in both rooms and no team in two matches of a round
(:func:`bridgescore.teams.read_columns._matches` leaves those to the careful reading), so the director's checks of
the boards have nothing to say.  Everything else – :func:`score_columns` returns None – is scored by
:func:`bridgescore.teams.engine.score_teams` on the matches :meth:`TeamsColumns.matches` makes: the same numbers
(tests/test_teams_fast.py compares both on random files).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from bridgescore.core.event import ResultStatus
from bridgescore.core.imps import wbf_imps
from bridgescore.teams.engine import TeamsOptions, scored_teams
from bridgescore.teams.match import plain_room, vps_of_margin, winner_of
from bridgescore.teams.model import Match, MatchScore, ScoredTeams, SegmentScore, TeamsEvent
from bridgescore.teams.read_columns import TeamsColumns

__all__ = ["ScoredColumns", "score_columns"]


@dataclass(frozen=True, slots=True, eq=False)
class ScoredColumns:
    """A teams event scored on its columns: ``scored`` is the event scored (matches, standings, checks, problems,
    options) with every match's boards left out (``Match.boards`` and ``MatchScore.boards`` empty), ``columns`` the
    event's columns with those boards (:class:`~bridgescore.teams.read_columns.TeamsColumns`: a board's number,
    segment and line in each room), and ``imps`` each board's IMPs to the home team (``BoardScore.imps_home``),
    in the order of ``columns``' boards."""

    scored: ScoredTeams
    columns: TeamsColumns
    imps: npt.NDArray[np.float64]


def score_columns(event: TeamsEvent, columns: TeamsColumns, options: TeamsOptions) -> ScoredColumns | None:
    """``event`` (read as ``columns``: :func:`bridgescore.teams.read.load_teams_columns`) scored with ``options``
    on its columns, as :func:`bridgescore.teams.engine.score_teams` scores it; None where the event is to be scored
    by the engine (see the module docstring)."""
    form = options.form or event.form or "imps"
    if form != "imps":
        return None
    if not all(plain_room(r) for r in columns.readings):
        return None
    open_row, closed_row = columns.open_row, columns.closed_row
    if len(open_row) == 0 or int(open_row.min()) < 0 or int(closed_row.min()) < 0:
        return None
    # each reading's North-South score as score_match compares it: the score as played, 0 for a pass-out
    points = np.array(
        [float(r.ns_score) if r.status is ResultStatus.PLAYED and r.ns_score is not None else 0.0
         for r in columns.readings],
        dtype=np.float64,
    )  # fmt: skip
    key = columns.key_of_row
    difference = points[key[open_row]] - points[key[closed_row]]
    imps = 0.0 + 1.0 * wbf_imps(difference).astype(np.float64)
    starts = columns.starts
    matches = len(starts) - 1
    match_of_board = np.repeat(np.arange(matches, dtype=np.int64), np.diff(starts))
    won_home = np.maximum(imps, 0.0)
    won_away = np.maximum(-imps, 0.0)
    home_total = np.bincount(match_of_board, weights=won_home, minlength=matches).tolist()
    away_total = np.bincount(match_of_board, weights=won_away, minlength=matches).tolist()
    boards_of_match = np.diff(starts).tolist()
    segments = _segments(columns, match_of_board, won_home, won_away)
    none: Mapping[str, str] = MappingProxyType({})
    sources = columns.sources()
    scale = options.vp
    vps: dict[tuple[float, int], tuple[float, float]] = {}
    made: list[Match] = []
    scored: list[MatchScore] = []
    for k, (round_number, home, away) in enumerate(zip(columns.rounds, columns.homes, columns.aways, strict=True)):
        match = Match(round_number, home, away, (), source=sources[k], extra=none)
        # as score_match: the boards' IMPs won by each side plus the carry-over (none: a file with carry-overs is
        # not read on columns)
        imps_home = home_total[k] + max(match.carry_over, 0.0)
        imps_away = away_total[k] + max(-match.carry_over, 0.0)
        vp_home: float | None = None
        vp_away: float | None = None
        if scale is not None:
            margin = (imps_home - imps_away, boards_of_match[k])
            found = vps.get(margin)
            if found is None:
                found = vps[margin] = vps_of_margin(scale, margin[0], 0.0, margin[1])
            vp_home, vp_away = found
        made.append(match)
        scored.append(
            MatchScore(match, (), imps_home, imps_away, vp_home, vp_away, segments=segments.get(k, ()),
                       winner=winner_of(match, imps_home, imps_away), shared_imps=0.0)
        )  # fmt: skip
    won = _boards_won(columns, match_of_board, imps) if options.tiebreak == "ebu" else None
    summary = scored_teams(replace(event, matches=tuple(made)), options, tuple(scored), boards_won=won)
    return ScoredColumns(summary, columns, imps)


def _boards_won(
    columns: TeamsColumns, match_of_board: npt.NDArray[np.int64], imps: npt.NDArray[np.float64]
) -> dict[str, float]:
    """Each team's boards won at IMPs, a drawn board a half (the EBU's count-back, White Book 143.5.3, as
    :func:`bridgescore.teams.standings.rank_teams` counts it: every board of a plain match is compared)."""
    matches = len(columns.starts) - 1
    drawn = 0.5 * (imps == 0)
    home = np.bincount(match_of_board, weights=(imps > 0) + drawn, minlength=matches).tolist()
    away = np.bincount(match_of_board, weights=(imps < 0) + drawn, minlength=matches).tolist()
    won: dict[str, float] = {}
    for team, count in (*zip(columns.homes, home, strict=True), *zip(columns.aways, away, strict=True)):
        won[team] = won.get(team, 0.0) + count
    return won


def _segments(
    columns: TeamsColumns,
    match_of_board: npt.NDArray[np.int64],
    won_home: npt.NDArray[np.float64],
    won_away: npt.NDArray[np.float64],
) -> dict[int, tuple[SegmentScore, ...]]:
    """The segments' subtotals of each match played in more than one segment (``score_match``'s ``segments``; a
    match in one segment has none), by match."""
    segment = columns.segment
    if len(segment) == 0 or int(segment.min()) == int(segment.max()):
        return {}
    # the boards of a match are in the order of their segments, so a new segment starts where the pair changes
    new = np.ones(len(segment), dtype=bool)
    new[1:] = (match_of_board[1:] != match_of_board[:-1]) | (segment[1:] != segment[:-1])
    part_of_board = np.cumsum(new) - 1
    first = np.flatnonzero(new)
    parts = len(first)
    home = np.bincount(part_of_board, weights=won_home, minlength=parts).tolist()
    away = np.bincount(part_of_board, weights=won_away, minlength=parts).tolist()
    match_of_part = match_of_board[first]
    segment_of_part = segment[first].tolist()
    several = np.bincount(match_of_part) > 1
    found: dict[int, list[SegmentScore]] = {}
    for p, k in enumerate(match_of_part.tolist()):
        if several[k]:
            found.setdefault(k, []).append(SegmentScore(segment_of_part[p], home[p], away[p], None, None, 0.0))
    return {k: tuple(parts_of_match) for k, parts_of_match in found.items()}
