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

Penalties and corrections (``ScoringOptions.penalties``, :mod:`bridgescore.penalties`) are applied last: the
total (after factoring) and the percentage or average move by the penalty, ``total_before_penalty`` keeps the total
before it, and the ranking is made on the values after it.

Places: equal ranking values share the place, written ``3=`` (the EBU's and NBB's notation); the next pair
takes the place after all the tied pairs.  Values are compared exactly (to 1e-9), not as printed.

Printed percentages (:func:`format_percent`) have 2 decimals rounded half up from the exact value, as the
NBB program and EBUScore print them; the JSON carries the unrounded value.  A phantom pair is not ranked; a
pair without a single board scored is listed last, unplaced.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from bridgescore.methods.base import Unit
from bridgescore.penalties import matching, penalty_points
from bridgescore.scored import ALL_SECTIONS, Movement, PairPercent, ScoredEvent, pair_ids

__all__ = ["PERCENT_DECIMALS", "Standing", "StandingEntry", "compute_standings", "format_percent", "format_points"]

PERCENT_DECIMALS = 2
_TIE = 1e-9


def format_percent(value: float | None, decimals: int = PERCENT_DECIMALS) -> str:
    """A percentage as printed: ``decimals`` places, halves rounded up (62.125 → 62.13)."""
    if value is None:
        return ""
    quantum = Decimal(1).scaleb(-decimals)
    printed = Decimal(repr(round(value, 9))).quantize(quantum, rounding=ROUND_HALF_UP)
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


@dataclass(slots=True)
class _Tally:
    section: str
    pair: str
    direction: str
    boards: int = 0
    total: float = 0.0
    maximum: float = 0.0
    percent_sum: float = 0.0


def _name(scored: ScoredEvent, section: str, pair: str, direction: str = "") -> str:
    """A pair's name; where pairs are numbered per direction (NS 1 and EW 1 two pairs) the reader keys it
    ``1 NS`` (``A:1 NS`` where sections share numbers), so that direction's name comes first."""
    names = scored.event.names
    if not names:
        return ""
    if direction in ("NS", "EW"):
        own = names.get(f"{section}:{pair} {direction}") or names.get(f"{pair} {direction}")
        if own:
            return own
    return names.get(f"{section}{pair}") or names.get(f"{section}:{pair}") or names.get(pair, "")


def compute_standings(scored: ScoredEvent) -> tuple[Standing, ...]:
    """Every ranking of the event (see the module docstring)."""
    options = scored.options
    across = options.across_sections
    mitchell = {s: m is Movement.MITCHELL for s, m in scored.movements.items()}
    all_mitchell = all(mitchell.values()) if mitchell else False
    is_mp = scored.unit is Unit.MATCHPOINTS
    penalties = options.penalties
    two_lines = {s: all_mitchell if across else mitchell.get(s, False) for s in scored.lines.table.section.labels}
    tallies = _tallies(scored, two_lines, is_mp)

    groups: dict[tuple[str, str], list[_Tally]] = {}
    for t in tallies:
        groups.setdefault((ALL_SECTIONS if across else t.section, t.direction), []).append(t)
    standings: list[Standing] = []
    for (section, group), members in sorted(groups.items(), key=lambda kv: (kv[0][0], _GROUP_ORDER[kv[0][1]])):
        full_boards = max((t.boards for t in members), default=0)
        rows: list[tuple[float | None, _Fields]] = []
        for t in members:
            percent = average = maximum = None
            total = t.total
            if is_mp:
                maximum = t.maximum
                if t.boards:
                    if options.pair_percent is PairPercent.MEAN_OF_BOARDS or t.maximum <= 0:
                        percent = t.percent_sum / t.boards
                    else:
                        percent = t.total / t.maximum * 100.0
                key = percent
            else:
                if t.boards:
                    average = t.total / t.boards
                    if options.factor and t.boards < full_boards:
                        base = float(format_percent(t.total)) if options.factor_printed_total else t.total
                        total = base * full_boards / t.boards
                key = total if t.boards else None
            before = total
            taken = [p for p in penalties if matching(p, t.section, t.pair, t.direction)] if penalties else []
            points = sum(
                value for p in taken if (value := penalty_points(p, is_mp, t.maximum, t.boards)) is not None
            )  # a unit that does not fit the ranking is reported by penalty_problems, not applied
            if points:
                total += points
                if is_mp:
                    if percent is not None and t.maximum > 0:
                        percent += points / t.maximum * 100.0
                    key = percent
                else:
                    if average is not None and t.boards:
                        average += points / t.boards
                    key = total if t.boards else None
            label = ", ".join(p.label() for p in taken) if taken else ""
            rows.append((key, (
                t.section, t.pair, t.direction, _name(scored, t.section, t.pair, t.direction), t.boards, total,
                t.total, maximum, percent, average, before, points, label,
            )))  # fmt: skip
        standings.append(Standing(group, section, _rank(rows)))
    return tuple(standings)


_GROUP_ORDER = {"all": 0, "NS": 1, "EW": 2}


def _tallies(scored: ScoredEvent, two_lines: dict[str, bool], is_mp: bool) -> list[_Tally]:
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
    boards = np.bincount(counted, minlength=size).tolist()
    totals = np.bincount(counted, weights=points[valid], minlength=size).astype(np.float64).tolist()
    maxima = np.bincount(counted, weights=tops[valid], minlength=size).astype(np.float64).tolist()
    percent_sums = np.bincount(counted, weights=percents[valid], minlength=size).astype(np.float64).tolist()
    tallies: list[_Tally] = []
    for i in np.unique(ids[ids >= 0]).tolist():  # keys are numbered in order of first appearance
        section, pair, direction = keys[i]
        tallies.append(_Tally(section, pair, direction or "all", boards[i], totals[i], maxima[i], percent_sums[i]))
    return tallies


def _pair_order(pair: str) -> tuple[int, str]:
    """Numbered pairs in number order, then the others by name (``isdecimal``, not ``isdigit``: ``int`` refuses
    ``²``, and a number of thousands of digits)."""
    return (int(pair), "") if pair.isdecimal() and len(pair) < 10 else (10**9, pair)


#: A pair's line of a ranking without its place: the fields of :class:`StandingEntry` after ``place_label``.
_Fields = tuple[str, str, str, str, int, float, float, float | None, float | None, float | None, float, float, str]


def _rank(rows: list[tuple[float | None, _Fields]]) -> tuple[StandingEntry, ...]:
    """The entries in ranking order with their places; each entry is made once, with its place (200,000 pairs of
    a single online board are ranked in a fraction of a second)."""
    placed = sorted((r for r in rows if r[0] is not None), key=lambda r: (-(r[0] or 0.0), _pair_order(r[1][1])))
    unplaced = sorted((r for r in rows if r[0] is None), key=lambda r: _pair_order(r[1][1]))
    out: list[StandingEntry] = []
    i = 0
    while i < len(placed):
        j = i
        value = placed[i][0] or 0.0
        while j + 1 < len(placed) and abs((placed[j + 1][0] or 0.0) - value) <= _TIE * max(1.0, abs(value)):
            j += 1
        place = i + 1
        label = f"{place}=" if j > i else str(place)
        out.extend(StandingEntry(place, label, *placed[k][1]) for k in range(i, j + 1))
        i = j + 1
    out.extend(StandingEntry(None, "", *fields) for _, fields in unplaced)
    return tuple(out)
