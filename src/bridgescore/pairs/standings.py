"""Rankings: each pair's boards, total, maximum and percentage (matchpoints) or IMP total and average.

Groups: a Mitchell section is ranked per direction ("two lines", two winners: groups ``NS`` and ``EW``), a
Howell section as one field (group ``all``); scored across sections, one ranking per direction (or one in
all) over every section (section ``*``).  In a Mitchell a pair is known by section, direction and number, so
NS 1 and EW 1 are two pairs.

* Matchpoints: total = sum of the pair's matchpoints, maximum = sum of the tops of the boards it played,
  percentage = total / maximum (seed 000: "per paar alle behaalde matchpunten opgeteld en gedeeld door het
  aantal spellen dat dit paar heeft gespeeld"; EBU, BriAn, RealBridge) or, by option, the mean of its board
  percentages (BBO, JFR Pary).  With Neuberg every board of a field has the same top and the two agree.
  Boards not played are left out of all three.
* IMPs: total and average per board played.  With factoring (on by default; the EBU's and ACBLscore's
  practice for a pair that sat out or missed boards) the total used for the ranking is scaled to the number
  of boards the fullest pair of the group played: total × B / b.  ``unfactored_total`` keeps the sum.
  Pianola (EBU) factors the total as printed, rounded to 2 decimals first: ``factor_printed_total``.
  Compscore3 factors only a pair whose table missed boards, not one that sat out (``factor_sit_outs`` off): the
  boards a pair missed that the field played short (fewer lines than its fullest board) are boards its table
  missed, and its total is scaled up by them, total × min(B, b + m) / b; boards every table played are a sit-out.
  A short board the pair was never due to play counts as missed (no movement is read to tell them apart).

Penalties and corrections (``ScoringOptions.penalties``, :mod:`bridgescore.pairs.penalties`) are applied last: the
total (after factoring) and the percentage or average move by the penalty, ``total_before_penalty`` keeps the total
before it, and the ranking is made on the values after it.

Places: equal ranking values share the place, written ``3=`` (the EBU's and NBB's notation); the next pair
takes the place after all the tied pairs.  Values are compared exactly (to 1e-9), not as printed.

Printed percentages (:func:`format_percent`) have 2 decimals rounded half up from the exact value, as the
NBB program and EBUScore print them; the JSON carries the unrounded value.  A phantom pair is not ranked; a
pair without a single board scored is listed last, unplaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

import numpy as np
import numpy.typing as npt

from bridgescore.core.i18n import round_printed
from bridgescore.core.pairkey import lookup
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.penalties import Penalty, matching, penalty_points
from bridgescore.pairs.scored import ALL_SECTIONS, Movement, PairPercent, ScoredEvent, pair_ids

__all__ = [
    "PERCENT_DECIMALS",
    "Standing",
    "StandingEntry",
    "compute_standings",
    "format_percent",
    "format_points",
    "rank",
    "shared_places",
]

PERCENT_DECIMALS = 2
_TIE = 1e-9


def format_percent(value: float | None, decimals: int = PERCENT_DECIMALS) -> str:
    """A percentage as printed: ``decimals`` places, halves rounded up (62.125 → 62.13), or to even within
    :func:`bridgescore.core.i18n.print_rounding` (RealBridge: 48.125 → 48.12)."""
    if value is None:
        return ""
    printed = round_printed(Decimal(repr(round(value, 9))), decimals)
    return str(printed.copy_abs() if printed.is_zero() else printed)  # never "-0.00"


def format_points(value: float | None, decimals: int = 2) -> str:
    """Matchpoints or IMPs as printed: whole numbers without decimals, others with ``decimals`` (half up)."""
    if value is None:
        return ""
    if abs(value - round(value)) < 1e-9:
        return str(round(value))
    return format_percent(value, decimals)


@dataclass(frozen=True, slots=True)
class StandingEntry:
    """One pair's line in a ranking (``place`` None for a pair without boards)."""

    place: int | None
    place_label: str
    section: str
    pair: str
    direction: str
    names: str
    boards: int
    total: float
    unfactored_total: float
    maximum: float | None
    percent: float | None
    average: float | None
    #: The total before the pair's penalties and corrections (equal to ``total`` without any), the penalties in the
    #: ranking's points (matchpoints or IMPs; 0 without any), and as written (``-10%, -2 MP``; empty without any).
    total_before_penalty: float = 0.0
    penalty: float = 0.0
    penalty_label: str = ""


@dataclass(frozen=True, slots=True)
class Standing:
    """One ranking: ``group`` is ``NS``, ``EW`` or ``all``; ``section`` a section or ``*`` (all sections)."""

    group: str
    section: str
    entries: tuple[StandingEntry, ...]


@dataclass(frozen=True, slots=True)
class _PairSums:
    """Every ranked pair's sums over its boards, in order of first appearance: ``keys[i]`` is pair ``i``'s
    ``(section, pair, direction)`` (direction ``NS``/``EW`` where ranked per direction, else ``all``)."""

    keys: list[tuple[str, str, str]]
    boards: npt.NDArray[np.int64]
    totals: npt.NDArray[np.float64]
    maxima: npt.NDArray[np.float64]
    percent_sums: npt.NDArray[np.float64]
    #: The boards of its field played short (fewer lines than the field's fullest board) the pair has no line on.
    short_missed: npt.NDArray[np.int64]


def _name(scored: ScoredEvent, section: str, pair: str, direction: str = "") -> str:
    """A pair's name; where pairs are numbered per direction (NS 1 and EW 1 two pairs) the reader keys it
    ``1 NS`` (``A:1 NS`` where sections share numbers), so that direction's name comes first."""
    names = scored.event.names
    if not names:
        return ""
    return lookup(names, section, pair, direction) or ""


def compute_standings(scored: ScoredEvent) -> tuple[Standing, ...]:
    """Every ranking of the event (see the module docstring), worked out per group as arrays over its pairs: a
    single online board ranks 200,000 pairs."""
    options = scored.options
    across = options.across_sections
    mitchell = {s: m is Movement.MITCHELL for s, m in scored.movements.items()}
    all_mitchell = all(mitchell.values()) if mitchell else False
    two_lines = {s: all_mitchell if across else mitchell.get(s, False) for s in scored.lines.table.section.labels}
    sums = _pair_sums(scored, two_lines, scored.unit is Unit.MATCHPOINTS)
    groups: dict[tuple[str, str], list[int]] = {}
    for i, (section, _pair, direction) in enumerate(sums.keys):
        groups.setdefault((ALL_SECTIONS if across else section, direction), []).append(i)
    ordered = sorted(groups.items(), key=lambda kv: (kv[0][0], _GROUP_ORDER[kv[0][1]]))
    return tuple(
        Standing(group, section, _ranking(scored, sums, np.array(members, dtype=np.int64)))
        for (section, group), members in ordered
    )


def _ranking(scored: ScoredEvent, sums: _PairSums, members: npt.NDArray[np.int64]) -> tuple[StandingEntry, ...]:
    """One group's entries, ranked: totals, maxima and percentages (matchpoints) or factored totals and averages
    (IMPs), then the penalties, as the module docstring says; NaN stands for "none" until the entries are made."""
    options = scored.options
    is_mp = scored.unit is Unit.MATCHPOINTS
    boards = sums.boards[members]
    totals = sums.totals[members]
    maxima = sums.maxima[members]
    played = boards > 0
    full_boards = int(boards.max(initial=0))
    total = totals.copy()
    percent = np.full(len(members), np.nan)
    average = np.full(len(members), np.nan)
    if is_mp:
        by_mean = played & (
            np.ones(len(members), dtype=bool) if options.pair_percent is PairPercent.MEAN_OF_BOARDS else maxima <= 0
        )
        by_total = played & ~by_mean
        percent[by_mean] = sums.percent_sums[members][by_mean] / boards[by_mean]
        percent[by_total] = totals[by_total] / maxima[by_total] * 100.0
        key = percent.copy()
    else:
        average[played] = totals[played] / boards[played]
        short = played & (boards < full_boards) if options.factor else np.zeros(len(members), dtype=bool)
        target = np.full(len(members), full_boards, dtype=np.int64)
        if not options.factor_sit_outs:  # Compscore3: up by the boards its table missed, a sit-out not at all
            target = np.minimum(target, boards + sums.short_missed[members])
            short &= target > boards
        if short.any():
            base = totals
            if options.factor_printed_total:  # Pianola: the total as printed, 2 decimals, is factored
                base = np.array([float(format_percent(t)) for t in totals.tolist()])
            total[short] = base[short] * target[short] / boards[short]
        key = np.where(played, total, np.nan)
    before = total.copy()
    points = np.zeros(len(members))
    labels = [""] * len(members)
    if options.penalties:
        _apply_penalties(options.penalties, sums, members, is_mp, (total, percent, average, key, points), labels)
    keys = [sums.keys[i] for i in members.tolist()]
    names = [_name(scored, section, pair, direction) for section, pair, direction in keys]

    def none(values: npt.NDArray[np.float64]) -> list[float | None]:
        return [None if v != v else v for v in values.tolist()]  # NaN is the only value not equal to itself

    maximum: list[float | None] = maxima.tolist() if is_mp else [None] * len(members)
    fields = list(zip(
        (k[0] for k in keys), (k[1] for k in keys), (k[2] for k in keys), names, boards.tolist(), total.tolist(),
        totals.tolist(), maximum, none(percent), none(average), before.tolist(), points.tolist(), labels, strict=True,
    ))  # fmt: skip
    return rank(none(key), fields)


def _apply_penalties(
    penalties: tuple[Penalty, ...],
    sums: _PairSums,
    members: npt.NDArray[np.int64],
    is_mp: bool,
    arrays: tuple[npt.NDArray[np.float64], ...],
    labels: list[str],
) -> None:
    """The penalties and corrections of the group's pairs, applied in place to ``arrays`` (total, percent, average,
    ranking value, penalty points): the total (after factoring) and the percentage or average move by them, and
    the ranking value with them; ``labels`` gets each pair's penalties as written."""
    total, percent, average, key, points = arrays
    for k, i in enumerate(members.tolist()):
        section, pair, direction = sums.keys[i]
        taken = [p for p in penalties if matching(p, section, pair, direction)]
        if not taken:
            continue
        maximum, boards = float(sums.maxima[i]), int(sums.boards[i])
        value = sum(
            amount for p in taken if (amount := penalty_points(p, is_mp, maximum, boards)) is not None
        )  # a unit that does not fit the ranking is reported by penalty_problems, not applied
        labels[k] = ", ".join(p.label() for p in taken)
        if not value:
            continue
        points[k] = value
        total[k] += value
        if is_mp:
            if percent[k] == percent[k] and maximum > 0:  # a percentage (not NaN)
                percent[k] += value / maximum * 100.0
            key[k] = percent[k]
        else:
            if average[k] == average[k] and boards:
                average[k] += value / boards
            key[k] = total[k] if boards else np.nan


_GROUP_ORDER = {"all": 0, "NS": 1, "EW": 2}


def _pair_sums(scored: ScoredEvent, two_lines: dict[str, bool], is_mp: bool) -> _PairSums:
    """Every pair's boards, total, maximum and sum of percentages, in the order the pairs first appear (board
    order, NS before EW), summed over the event's columns (issue 12): each side of each line is added to its pair
    in the order of the lines, as one loop over the lines would add them.  A phantom is no pair here."""
    lines = scored.lines
    ns_ids, ew_ids, keys = pair_ids(lines, two_lines, scored.options.phantoms)
    ids = np.column_stack((ns_ids, ew_ids)).reshape(-1)
    points = np.column_stack((lines.ns_points, lines.ew_points)).reshape(-1)
    percents = np.column_stack((lines.ns_percent, lines.ew_percent)).reshape(-1) if is_mp else points
    tops = np.repeat(np.nan_to_num(lines.tops)[lines.board_of_line], 2)
    valid = (ids >= 0) & ~np.isnan(points)
    size = len(keys)
    counted = ids[valid]  # (bincount of nothing is integer: the weighted sums are made floats)
    present = np.unique(ids[ids >= 0])  # keys are numbered in order of first appearance
    short_missed = _short_boards_missed(scored, ids, valid, size)[present]
    return _PairSums(
        [(keys[i][0], keys[i][1], keys[i][2] or "all") for i in present.tolist()],
        np.bincount(counted, minlength=size).astype(np.int64)[present],
        np.bincount(counted, weights=points[valid], minlength=size).astype(np.float64)[present],
        np.bincount(counted, weights=tops[valid], minlength=size).astype(np.float64)[present],
        np.bincount(counted, weights=percents[valid], minlength=size).astype(np.float64)[present],
        short_missed,
    )


def _short_boards_missed(
    scored: ScoredEvent, ids: npt.NDArray[np.int64], valid: npt.NDArray[np.bool_], size: int
) -> npt.NDArray[np.int64]:
    """Per pair key: the boards of its field (a board's section, ``*`` across sections) with fewer lines than the
    field's fullest board, on which the pair has no line – the boards its table missed (``factor_sit_outs``)."""
    if scored.options.factor_sit_outs or size == 0:
        return np.zeros(size, dtype=np.int64)
    lines = scored.lines
    n_boards = len(lines.board_sections)
    board_of_side = np.repeat(lines.board_of_line, 2)
    counts = np.bincount(lines.board_of_line[~np.isnan(lines.ns_points)], minlength=n_boards)
    fields = {name: i for i, name in enumerate(dict.fromkeys(lines.board_sections))}
    field_of_board = np.array([fields[name] for name in lines.board_sections], dtype=np.int64)
    fullest = np.zeros(len(fields), dtype=np.int64)
    np.maximum.at(fullest, field_of_board, counts)
    short_board = counts < fullest[field_of_board]
    short_in_field = np.bincount(field_of_board[short_board], minlength=len(fields))
    played_short = np.bincount(ids[valid], weights=short_board[board_of_side[valid]], minlength=size)
    field_of_pair = np.zeros(size, dtype=np.int64)
    field_of_pair[ids[valid]] = field_of_board[board_of_side[valid]]
    missed: npt.NDArray[np.int64] = short_in_field[field_of_pair] - played_short.astype(np.int64)
    return missed


def _pair_order(pair: str) -> tuple[int, str]:
    """Numbered pairs in number order, then the others by name (``isdecimal``, not ``isdigit``: ``int`` refuses
    ``²``, and a number of thousands of digits)."""
    return (int(pair), "") if pair.isdecimal() and len(pair) < 10 else (10**9, pair)


#: A pair's line of a ranking without its place: the fields of :class:`StandingEntry` after ``place_label``.
_Fields = tuple[str, str, str, str, int, float, float, float | None, float | None, float | None, float, float, str]


def shared_places(values: Sequence[float]) -> list[str]:
    """The places of ``values``, best first already: equal values (to 1e-9 of their size, so that the same sum
    reached in another order ties) share the first place of their run, written ``3=``, and the next value takes
    the place after the run (1, 2=, 2=, 4).  Every ranking writes its places so: a session's pairs, a
    multi-session event, a season."""
    places: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and abs(values[j + 1] - values[i]) <= _TIE * max(1.0, abs(values[i])):
            j += 1
        places.extend([f"{i + 1}=" if j > i else str(i + 1)] * (j - i + 1))
        i = j + 1
    return places


def rank(values: list[float | None], fields: list[_Fields]) -> tuple[StandingEntry, ...]:
    """The entries in ranking order with their places: the highest ``values`` first (pairs with equal values by
    pair number), equal values sharing a place (``3=``); pairs without a value last, unplaced.  Each entry is made
    once, with its place."""
    pair_order = [_pair_order(f[1]) for f in fields]
    placed = sorted(
        (i for i, v in enumerate(values) if v is not None), key=lambda i: (-(values[i] or 0.0), pair_order[i])
    )
    unplaced = sorted((i for i, v in enumerate(values) if v is None), key=pair_order.__getitem__)
    labels = shared_places([values[k] or 0.0 for k in placed])
    out = [StandingEntry(int(label.rstrip("=")), label, *fields[k]) for k, label in zip(placed, labels, strict=True)]
    out.extend(StandingEntry(None, "", *fields[k]) for k in unplaced)
    return tuple(out)
