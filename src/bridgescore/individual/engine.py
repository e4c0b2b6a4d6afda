"""Scoring an individual: each board scored as in a pairs event, then each player ranked on their own.

An individual event (every player with a different partner each round, the EBU's ``individual.xml`` form) is
scored in two steps:

1. **The boards**, exactly as a pairs event's (:func:`bridgescore.pairs.scored.score_event`): every traveller line
   is a result of its board, compared with the other lines (matchpoints by default, ties shared, Neuberg for a
   board with fewer results; cross-IMPs or Butler where chosen).  The comparison does not depend on who sat
   where, so the pairs engine scores the lines as they are.
2. **The players**: each player gets the score of their side (North and South the line's North-South points,
   East and West its East-West points) on every board they played, and is ranked on their own, never as a pair.
   This is the EBU's and the ACBL's individual practice: the EBU's USEBIO individual form gives each ``PLAYER``
   its own ``PERCENTAGE`` and ``PLACE``, and ACBLscore's individual movements rank players, not partnerships.

The ranking follows the pairs rankings' rules (:mod:`bridgescore.pairs.standings`), applied to players:

* matchpoints: total = the player's matchpoints, maximum = the tops of the boards they played, percentage =
  total / maximum (the EBU's; ``pair_percent="mean"``: the mean of the board percentages, BBO's), so players who
  played different numbers of boards are compared fairly (a board not played counts for nothing either way);
* IMPs: total and average per board; with factoring (the default, as for pairs: EBU, ACBLscore) the total a
  player is ranked on is scaled to the boards of the player who played most;
* equal values share the place (``3=``, the EBU's and NBB's notation), compared exactly, not as printed.

A field is a section (each section's players ranked apart), or the whole event with ``across_sections``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bridgescore.core.event import Event, Result
from bridgescore.core.problems import Location, Problem
from bridgescore.individual.seats import SeatColumns, Seating, has_seats, seat_columns, seatings
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.scored import ALL_SECTIONS, PairPercent, ScoredEvent, ScoringOptions, score_event
from bridgescore.pairs.standings import rank

__all__ = [
    "IndividualStanding",
    "PlayerStanding",
    "ScoredIndividual",
    "not_individual",
    "player_name",
    "score_individual",
]


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """One player's line of a ranking (``place`` None for a player without a board scored)."""

    place: int | None
    place_label: str
    section: str
    player: str
    name: str
    boards: int
    total: float
    unfactored_total: float
    maximum: float | None
    percent: float | None
    average: float | None


@dataclass(frozen=True, slots=True)
class IndividualStanding:
    """The ranking of one field: ``section`` a section, or ``*`` where scored across sections."""

    section: str
    entries: tuple[PlayerStanding, ...]


@dataclass(frozen=True, slots=True)
class ScoredIndividual:
    """An individual scored: the boards as the pairs engine scored them (``scored``), each line's seating
    (``seatings[row]`` for the event's line ``row``; None where the line names no player), the rankings, and every
    problem (the reading's, the scoring's and the seats')."""

    scored: ScoredEvent
    seatings: Sequence[Seating | None]
    standings: tuple[IndividualStanding, ...]
    problems: tuple[Problem, ...]

    @property
    def event(self) -> Event:
        return self.scored.event

    @property
    def unit(self) -> Unit:
        return self.scored.unit


def not_individual(event: Event) -> Problem | None:
    """The refusal to score ``event`` as an individual (None where it is one): a teams event goes to
    ``bridgescore teams``, and lines that name no players (a pairs event) to ``bridgescore score``."""
    # the first file named (not a list of every line's: a large event would build every line to find it)
    where = Location(next((r.source.file for r in event.results if r.source is not None), "<input>"))
    if event.form == "teams":
        return Problem.make(
            where,
            "this is a teams event (%(sign)s); score it with `bridgescore teams`: ranking its players one by one "
            "would give numbers no director can defend",
            sign=event.form_sign,
        )
    if event.results and not has_seats(event):
        return Problem.make(
            where,
            "no line of this event names its four players (North, South, East, West), so it is not an individual; "
            "score a pairs event with `bridgescore score`",
        )
    return None


def score_individual(event: Event, options: ScoringOptions | None = None) -> ScoredIndividual:
    """Score the boards of ``event`` as a pairs event would be, then rank each player on their own (see the
    module docstring)."""
    options = options or ScoringOptions()
    results = event.results
    columns = seat_columns(results)
    seats: Sequence[Seating | None]
    seats, seat_problems = (columns, []) if columns is not None else seatings(results)
    scored = score_event(event, options)
    is_mp = scored.unit is Unit.MATCHPOINTS
    sums = _sums_on_columns(scored, columns) if columns is not None else _sums(scored, results, seats)
    groups: dict[str, list[tuple[str, str]]] = {}
    for key in sums:
        groups.setdefault(ALL_SECTIONS if options.across_sections else key[0], []).append(key)
    standings = tuple(
        IndividualStanding(group, _ranking(event.names, sums, members, options, is_mp))
        for group, members in sorted(groups.items())
    )
    problems = (*scored.problems, *seat_problems)
    return ScoredIndividual(scored, seats, standings, problems)


def _sums_on_columns(scored: ScoredEvent, columns: SeatColumns) -> dict[tuple[str, str], list[float]]:
    """:func:`_sums` on the columns: the four seats of every line in line order, North and South credited with the
    North-South side, East and West with East-West, a side without a score (NaN) left out; each player's sums
    added in the same order as the loop (``np.bincount`` adds its weights in order), so the totals are the same
    to the last bit."""
    lines = scored.lines
    table = lines.table
    is_mp = scored.unit is Unit.MATCHPOINTS
    rows = lines.rows
    n = len(rows)
    sections = table.section
    section_codes = sections.codes[rows].astype(np.int64)
    width = len(columns.players)
    players = columns.codes[rows]  # (lines, 4): North, South, East, West
    flat_keys = (section_codes[:, None] * width + players).ravel()
    del section_codes, players
    tops = lines.tops[lines.board_of_line]
    tops = np.where(np.isnan(tops), 0.0, tops)
    # one (lines, 4) buffer for each weight in turn, North and South the North-South value, East and West East-West's
    # (three stacked arrays and their selections were a 1,000,000-line individual's peak of memory, issue 19)
    side_values = np.empty((n, 4), dtype=np.float64)

    def by_seat(ns: npt.NDArray[np.float64], ew: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        side_values[:, 0], side_values[:, 1], side_values[:, 2], side_values[:, 3] = ns, ns, ew, ew
        return side_values.ravel()

    keep = ~np.isnan(by_seat(lines.ns_points, lines.ew_points))
    flat_keys = flat_keys[keep]
    if not len(flat_keys):
        return {}
    space = len(sections.labels) * width
    direct = space <= len(flat_keys) + 1_000_000
    if direct:  # (section, player) keys from a small space: summed on the keys themselves, no sort of 4 per line
        found = np.flatnonzero(np.bincount(flat_keys, minlength=space))
        first_of_key = np.full(space, len(flat_keys), dtype=np.int64)
        np.minimum.at(first_of_key, flat_keys, np.arange(len(flat_keys), dtype=np.int64))
        first, inverse = first_of_key[found], flat_keys
        size = space
    else:
        found, first, inverse = np.unique(flat_keys, return_index=True, return_inverse=True)
        size = len(found)
    totals = np.bincount(inverse, weights=by_seat(lines.ns_points, lines.ew_points)[keep], minlength=size)
    maxima = np.bincount(inverse, weights=by_seat(tops, tops)[keep], minlength=size)
    percent_sums = (
        np.bincount(inverse, weights=by_seat(lines.ns_percent, lines.ew_percent)[keep], minlength=size)
        if is_mp
        else totals
    )
    counts = np.bincount(inverse, minlength=size).astype(np.float64)
    if direct:  # the sums of the keys found
        counts, totals, maxima, percent_sums = counts[found], totals[found], maxima[found], percent_sums[found]
    out: dict[tuple[str, str], list[float]] = {}
    for k in np.argsort(first, kind="stable").tolist():  # in the order the loop meets them
        key = int(found[k])
        section = sections.labels[key // width]
        out[(section, columns.players[key % width])] = [
            float(counts[k]),
            float(totals[k]),
            float(maxima[k]),
            float(percent_sums[k]),
        ]
    return out


def _sums(
    scored: ScoredEvent, results: Sequence[Result], seats: Sequence[Seating | None]
) -> dict[tuple[str, str], list[float]]:
    """Each player's sums, by (section, player): [boards, total, maximum, percent sum] (see the module docstring)."""
    lines = scored.lines
    is_mp = scored.unit is Unit.MATCHPOINTS
    sums: dict[tuple[str, str], list[float]] = {}  # (section, player) → [boards, total, maximum, percent sum]
    tops = lines.tops
    rows = lines.rows.tolist()
    board_of_line = lines.board_of_line.tolist()
    sides = (("ns", lines.ns_points, lines.ns_percent), ("ew", lines.ew_points, lines.ew_percent))
    for position, row in enumerate(rows):
        seating = seats[row]
        if seating is None:
            continue
        section = results[row].section
        top = float(tops[board_of_line[position]])
        top = 0.0 if math.isnan(top) else top
        for side, points, percents in sides:
            value = float(points[position])
            if math.isnan(value):  # not played, or no score for this side
                continue
            percent = float(percents[position]) if is_mp else value
            for player in seating.credited(side):
                acc = sums.setdefault((section, player), [0.0, 0.0, 0.0, 0.0])
                acc[0] += 1
                acc[1] += value
                acc[2] += top
                acc[3] += percent
    return sums


def player_name(names: Mapping[str, str], section: str, player: str) -> str:
    """A player's name from the file or a names file (``SECTION:NUMBER`` first, then the number)."""
    return names.get(f"{section}:{player}") or names.get(player, "")


def _ranking(
    names: Mapping[str, str],
    sums: Mapping[tuple[str, str], list[float]],
    members: Sequence[tuple[str, str]],
    options: ScoringOptions,
    is_mp: bool,
) -> tuple[PlayerStanding, ...]:
    """One field's players ranked (see the module docstring); the places are given by the pairs rankings' rule
    (:func:`bridgescore.pairs.standings.rank`: equal values share the place)."""
    full_boards = max((int(sums[k][0]) for k in members), default=0)
    values: list[float | None] = []
    fields = []
    for section, player in members:
        boards_f, total, maximum, percent_sum = sums[(section, player)]
        boards = int(boards_f)
        percent: float | None = None
        average: float | None = None
        ranked_total = total
        if is_mp:
            if options.pair_percent is PairPercent.MEAN_OF_BOARDS or maximum <= 0:
                percent = percent_sum / boards
            else:
                percent = total / maximum * 100.0
            value: float | None = percent
        else:
            average = total / boards
            if options.factor and boards < full_boards:
                ranked_total = total * full_boards / boards
            value = ranked_total
        values.append(value)
        fields.append((
            section, player, "all", player_name(names, section, player), boards, ranked_total, total,
            maximum if is_mp else None, percent, average, ranked_total, 0.0, "",
        ))  # fmt: skip
    return tuple(
        PlayerStanding(
            e.place,
            e.place_label,
            e.section,
            e.pair,
            e.names,
            e.boards,
            e.total,
            e.unfactored_total,
            e.maximum,
            e.percent,
            e.average,
        )
        for e in rank(values, fields)
    )
