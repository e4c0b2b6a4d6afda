"""Scoring an event: from traveller lines (``Event``) to points per line (``ScoredEvent``).

Which lines take part in a board's comparison is decided here, once, for every method:

* a played or passed-out line is a score (passed out is 0, seed 000);
* a line not played (``N.G.``) is not a score and gets no points (seed 000: "niet gespeeld is niet
  gespeeld"): the pair's average is taken over the boards it did play;
* an assigned score (Law 12C1) replaces the table result and is compared like one; a weighted assigned score
  (Law 12C1(c), ``50% 4S= + 50% 4S-1``) is compared part by part, each part as if it were the table's result, and
  every line's points are weighted (:func:`_score_weighted`, for every method);
* an artificial adjusted score (Law 12C2) takes no part in the comparison; each side gets its award
  (see :mod:`bridgescore.methods.adjustments`), and the real scores are fitted to the full board (Neuberg); where
  every line of a board is artificial, the awards are of the top the board would have had (:func:`_all_adjusted_top`);
* a line against a **phantom** pair (``ScoringOptions.phantoms``) is not a result: it leaves the comparison
  *and* the board's size N (a sit-out is a table that did not play, not a table whose result is unknown).  The
  phantom's opponents get ``phantom_award`` (average by default, as a sit-out against a missing pair is scored
  by the EBU and the NBB; 60 % at JFR Pary), the phantom nothing; the phantom is left out of the rankings.
  JFR Pary fits a 12-table board with a phantom table and an adjusted score to 11 tables, not 12 (issue 11).

Fields: each section's boards are compared within the section (default), or across all sections with
``across_sections`` (the EBU's "matchpointed across the field").  The movement of each section is
recognised from the data: a pair number seen both as NS and as EW means a Howell (one ranking), unless the
pairs are numbered per direction (a Mitchell where NS 1 and EW 1 are two pairs, as ACBLscore numbers it);
otherwise a Mitchell (a ranking per direction, "two lines"); ``movement`` overrides it.

The full size N of a board, for Neuberg's formula and cross-IMP factoring, is the largest number of results
(scores and artificial adjusted scores, not lines against a phantom) of any board in its field.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from bridgescore.contract import ContractError, Seat
from bridgescore.event import Event, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.i18n import N_
from bridgescore.methods.adjustments import (
    Adjustment,
    AdjustmentError,
    AdjustmentValues,
    ArtificialScore,
    AssignedScore,
    Award,
    Level,
    PhantomScore,
    WeightedScore,
    looks_weighted,
    parse_adjustment,
    parse_weighted_score,
)
from bridgescore.methods.base import BoardScores, FloatArray, ScoringMethod, Unit
from bridgescore.methods.matchpoints import Matchpoints
from bridgescore.penalties import Penalty
from bridgescore.problems import Location, Problem

__all__ = [
    "ALL_SECTIONS",
    "Movement",
    "PairPercent",
    "ScoredBoard",
    "ScoredEvent",
    "ScoredLine",
    "ScoringOptions",
    "read_adjustment",
    "round_points",
    "score_event",
    "unknown_phantoms",
]

#: The section label of a field scored across all sections.
ALL_SECTIONS = "*"


class Movement(Enum):
    """Mitchell: NS and EW ranked separately ("two lines"); Howell: one field.  AUTO: read from the data."""

    AUTO = "auto"
    MITCHELL = "mitchell"
    HOWELL = "howell"


class PairPercent(Enum):
    """A pair's percentage: its total over its maximum (EBU, BriAn, RealBridge) or the mean of its board
    percentages (BBO, JFR Pary).  The two agree whenever all the pair's boards have the same top, as they do
    with Neuberg; they differ when boards with fewer results keep a smaller top."""

    TOTAL_OVER_MAXIMUM = "total"
    MEAN_OF_BOARDS = "mean"


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """Everything a director chooses when scoring; each default is named in the module docstrings."""

    method: ScoringMethod = field(default_factory=Matchpoints)
    adjustments: AdjustmentValues = field(default_factory=AdjustmentValues)
    across_sections: bool = False
    movement: Movement = Movement.AUTO
    phantoms: frozenset[str] = frozenset()
    phantom_award: Award = field(default_factory=lambda: Award(level=Level.AVERAGE))
    factor: bool = True
    #: Factor the IMP total as printed (2 decimals, halves up) rather than the exact sum, as Pianola does.
    factor_printed_total: bool = False
    pair_percent: PairPercent = PairPercent.TOTAL_OVER_MAXIMUM
    #: Round every line's points to this many decimals (halves away from zero) before anything sums them, as
    #: programs that keep the printed board values do: ACBLscore (factored matchpoints "rounded to the nearest
    #: hundredth, .005 is rounded up", its manual), TeamsScorer and EBUScoreTeams (pairwise cross-IMPs, 2).
    #: None: exact values, as PairsScorer, Pianola, BBO and KoPS sum them (checked on their printouts).
    round_board_points: int | None = None
    #: Law 12C2(c): a pair given average-plus that scored more on its other boards gets that instead (EBUScore,
    #: ScoreBridge, RealBridge's variable "Avg+"); ``session_average_minus``: average-minus is lowered to a lower
    #: session score (RealBridge's variable "Avg-").  Off: the fixed values (60/40 %, ±3 IMPs).
    session_average_plus: bool = False
    session_average_minus: bool = False
    #: The program whose conventions these options are (``--as``, a key of :mod:`bridgescore.presets`), or None
    preset: str | None = None
    #: Pair-level corrections and procedural penalties (Law 90), applied to the rankings after scoring: the boards'
    #: points do not change (:mod:`bridgescore.penalties`; a penalties file or ``--penalty``).
    penalties: tuple[Penalty, ...] = ()

    def __post_init__(self) -> None:
        """Rounding to a negative number of decimals would round every line to tens or thousands (all zero); the
        printed total cannot be factored when totals are not factored."""
        if self.round_board_points is not None and not 0 <= self.round_board_points <= 10:
            raise ValueError(f"round board points to 0 to 10 decimals, not {self.round_board_points}")
        if self.factor_printed_total and not self.factor:
            raise ValueError("the total cannot be factored as printed (Pianola) when totals are not factored")


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """One traveller line with its points: ``None`` where the side gets no score on this line."""

    result: Result
    ns_score: int | None
    adjustment: Adjustment | None
    ns_points: float | None
    ew_points: float | None
    ns_percent: float | None
    ew_percent: float | None

    @property
    def artificial(self) -> bool:
        return isinstance(self.adjustment, ArtificialScore | PhantomScore)


def _opt(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of one field scored.  Arrays run parallel to ``results``; NaN where a side has no score.

    ``ns_scores`` holds the score compared (table or assigned; NaN for artificial and not-played lines);
    ``top`` is the matchpoint top after Neuberg (None for IMP methods); ``datum`` the NS datum or None.
    ``n_scores`` counts the scores compared, ``full_count`` the full size N of the board in its field.
    """

    section: str
    number: int
    results: tuple[Result, ...]
    adjustments: tuple[Adjustment | None, ...]
    ns_scores: FloatArray
    ns_points: FloatArray
    ew_points: FloatArray
    ns_percent: FloatArray
    ew_percent: FloatArray
    datum: float | None
    top: float | None
    n_scores: int
    full_count: int

    def lines(self) -> Iterator[ScoredLine]:
        for i, result in enumerate(self.results):
            score = self.ns_scores[i]
            yield ScoredLine(
                result,
                None if math.isnan(score) else round(score),  # a weighted score to the point
                self.adjustments[i],
                _opt(self.ns_points[i]),
                _opt(self.ew_points[i]),
                _opt(self.ns_percent[i]),
                _opt(self.ew_percent[i]),
            )


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    """An event scored by one method: the boards with their points, each section's movement, the problems."""

    event: Event
    options: ScoringOptions
    boards: tuple[ScoredBoard, ...]
    movements: Mapping[str, Movement]
    problems: tuple[Problem, ...]

    @property
    def method(self) -> ScoringMethod:
        return self.options.method

    @property
    def unit(self) -> Unit:
        return self.options.method.unit


def round_points(values: FloatArray, decimals: int) -> FloatArray:
    """Points as a program stores them: ``decimals`` places, halves away from zero (12.125 → 12.13,
    −1.125 → −1.13), computed so that a value printed exactly (``2.675``) is not pushed down by binary error."""
    scale = 10.0**decimals
    rounded: FloatArray = np.sign(values) * np.floor(np.abs(values) * scale + 0.5 + 1e-7) / scale
    return rounded


def _is_phantom(result: Result, pair: str, phantoms: frozenset[str]) -> bool:
    return pair in phantoms or f"{result.section}{pair}" in phantoms or f"{result.section}:{pair}" in phantoms


def unknown_phantoms(event: Event, phantoms: frozenset[str]) -> list[str]:
    """The phantoms (as ``--phantom`` names them: ``7``, ``A7`` or ``A:7``) that are no pair of the event, sorted:
    a phantom that matches no line would change nothing, so it is a mistyped pair, not a choice."""
    left = set(phantoms)
    for result in event.results:
        if not left:
            break
        left = {p for p in left if not (_is_phantom(result, result.ns_pair, frozenset({p}))
                                        or _is_phantom(result, result.ew_pair, frozenset({p})))}  # fmt: skip
    return sorted(left)


def read_adjustment(result: Result) -> tuple[Adjustment | None, Problem | None]:
    """The adjustment a traveller line carries, or the problem that keeps its line out of the scoring.

    ``check`` and ``score`` both read a line's adjustment through this, so a line ``check`` accepts is one
    ``score`` scores, and a line ``score`` leaves out is reported by ``check`` too.  Phantoms are the scoring's
    business (:func:`score_event`), not the line's.
    """
    if result.status is ResultStatus.NOT_PLAYED:
        return None, None
    where = result.source or Location("<input>")
    at = Location(where.file, where.line, "remarks", where.kind)
    if result.remarks:
        adjustment = parse_adjustment(result.remarks)
        if adjustment is not None:
            return adjustment, None
        if looks_weighted(result.remarks):
            try:
                return parse_weighted_score(result.remarks, result.board, _declarer(result)), None
            except AdjustmentError as problem:
                return None, Problem(at, problem.message, values=tuple(problem.values.items()))
    if result.status is ResultStatus.PASSED_OUT:
        return None, None
    if result.ns_score is not None:
        return (AssignedScore(result.ns_score) if result.status is ResultStatus.ADJUSTED else None), None
    line: dict[str, int | float | str] = {"board": result.board, "ns_pair": result.ns_pair, "ew_pair": result.ew_pair}
    if result.status is ResultStatus.ADJUSTED:
        message = N_(
            "board %(board)s, %(ns_pair)s against %(ew_pair)s: the adjustment '%(text)s' cannot be read; write A+, "
            "A, A-, A60/40, A5050, 60%%-40%%, G+/G-, an assigned score such as R420 or a weighted score such as "
            "50%% 4S= + 50%% 4S-1; the line is left out"
        )
        return None, Problem(at, message, values=(("text", result.remarks), *line.items()))
    message = N_("board %(board)s, %(ns_pair)s against %(ew_pair)s: the line has no score; it is left out")
    return None, Problem(at, message, values=tuple(line.items()))


def _declarer(result: Result) -> Seat | None:
    """The line's declarer: from its contract, else from a declarer column written on a line without a contract
    (kept by the reader in ``extra``), which a weighted score's parts (``50% 4S= + 50% 4S-1``) are scored for."""
    if result.declarer is not None:
        return result.declarer
    try:
        return Seat.parse(result.extra.get("declarer", ""))
    except ContractError:
        return None


def _classify(
    result: Result, options: ScoringOptions, problems: list[Problem]
) -> tuple[float, Adjustment | None, bool]:
    """The NS score compared (NaN if none; a weighted score's weighted mean), the adjustment, and whether the
    line counts toward N."""
    phantoms = options.phantoms
    if phantoms and (_is_phantom(result, result.ns_pair, phantoms) or _is_phantom(result, result.ew_pair, phantoms)):
        award = options.phantom_award
        ns_phantom = _is_phantom(result, result.ns_pair, phantoms)
        return math.nan, PhantomScore(award, phantom_is_ns=ns_phantom), False  # not a result: not in N
    adjustment, problem = read_adjustment(result)
    if problem is not None:
        problems.append(problem)
        return math.nan, None, False
    if result.status is ResultStatus.NOT_PLAYED:
        return math.nan, None, False
    if isinstance(adjustment, AssignedScore):
        return float(adjustment.ns_score), adjustment, True
    if isinstance(adjustment, WeightedScore):
        return adjustment.ns_score, adjustment, True
    if isinstance(adjustment, ArtificialScore):
        return math.nan, adjustment, True
    if result.status is ResultStatus.PASSED_OUT or result.ns_score is None:
        return 0.0, None, True
    return float(result.ns_score), None, True


#: The most combinations of weighted scores' parts scored on one board (each combination scores the board
#: once): 4096 is twelve lines of two parts, far beyond any director's ruling; a board beyond it is reported.
MAX_WEIGHTED_COMBINATIONS = 4096


def _score_weighted(
    method: ScoringMethod, compared: FloatArray, weighted: list[tuple[int, WeightedScore]], full_count: int
) -> BoardScores:
    """One board with weighted assigned scores (Law 12C1(c)), for every method.

    Each part of a weighted score is scored as if it were the table's result, against the other scores of the
    board, and the points are weighted: the board is scored once per part (with several weighted lines, once per
    combination of their parts, each weighted by the product of the parts' weights) and every line gets the
    weighted sum of its points.  So the weighted line gets Σ weight × points of each part, and every other line
    Σ weight × its points against each part: at matchpoints 2 × weight for each part it beats and 1 × weight for
    each it ties; at cross-IMPs the IMPs against each part, weighted.  Whatever the
    weights, the board's matchpoints still add up to n(n − 1): every combination's do.

    Butler and Bastille: the datum is taken for each part too, the part standing as the table's score among the
    board's scores, and the datum shown is the weighted mean of those datums.  We chose this over a datum from the
    weighted score (the mean of the parts) because that number is a score no table could have, and a datum made
    from it would compare every part against a board that never existed; scoring each part as though it had been
    the table's result and weighting the points, not the scores (Law 12C1(c) weights the potential *results*,
    and IMPs are not linear in the score), keeps one rule for every method.

    ``compared``: the board's compared NS scores, the weighted lines at positions ``weighted[i][0]``.
    """
    ns = np.zeros(len(compared))
    ew = np.zeros(len(compared))
    datum: float | None = 0.0
    top: float | None = None
    trial = compared.copy()
    positions = [position for position, _ in weighted]
    choices = [tuple(zip(w.fractions(), w.parts, strict=True)) for _, w in weighted]
    for combination in itertools.product(*choices):
        chance = 1.0
        for position, (fraction, part) in zip(positions, combination, strict=True):
            trial[position] = part.ns_score
            chance *= fraction
        scored = method.score_board(trial, full_count)
        ns += chance * scored.ns_points
        ew += chance * scored.ew_points
        datum = None if datum is None or scored.datum is None else datum + chance * scored.datum
        top = scored.top
    return BoardScores(ns, ew, datum, top)


def _awards(adjustment: Adjustment | None) -> tuple[Award | None, Award | None]:
    """The artificial awards to NS and EW on a line (None: that side's points come from the comparison)."""
    if isinstance(adjustment, ArtificialScore):
        return adjustment.ns, adjustment.ew
    if isinstance(adjustment, PhantomScore):
        return (None, adjustment.award) if adjustment.phantom_is_ns else (adjustment.award, None)
    return None, None


def _movements(event: Event, options: ScoringOptions) -> dict[str, Movement]:
    """Mitchell or Howell per section, from the data unless ``options.movement`` says.

    Pairs numbered per direction (:func:`~bridgescore.event.sections_numbered_per_direction`, NS 1 and EW 1 being
    two pairs, as ACBLscore numbers a Mitchell) make a Mitchell; otherwise a number seen on both sides over the
    event is a Howell (one field), else a Mitchell.
    """
    ns_pairs: dict[str, set[str]] = {}
    ew_pairs: dict[str, set[str]] = {}
    for r in event.results:
        ns_pairs.setdefault(r.section, set()).add(r.ns_pair)
        ew_pairs.setdefault(r.section, set()).add(r.ew_pair)
    per_direction = sections_numbered_per_direction(event.results) if options.movement is Movement.AUTO else frozenset()
    movements: dict[str, Movement] = {}
    for section in ns_pairs:
        if options.movement is not Movement.AUTO:
            movements[section] = options.movement
        else:
            howell = section not in per_direction and bool(ns_pairs[section] & ew_pairs.get(section, set()))
            movements[section] = Movement.HOWELL if howell else Movement.MITCHELL
    return movements


_Built = tuple[str, int, tuple[Result, ...], tuple[Adjustment | None, ...], FloatArray, FloatArray, FloatArray,
               float | None, float | None, int, int]  # fmt: skip


def _pair_key(result: Result, side: str, movements: Mapping[str, Movement]) -> tuple[str, str, str]:
    """A pair's identity: in a Mitchell its direction is part of it (NS 1 and EW 1 may be two pairs)."""
    pair = result.ns_pair if side == "NS" else result.ew_pair
    return (result.section, pair, side if movements.get(result.section) is Movement.MITCHELL else "")


def _apply_session_averages(
    built: list[_Built], movements: Mapping[str, Movement], options: ScoringOptions
) -> dict[tuple[int, int, str, str], float]:
    """Law 12C2(c): average-plus becomes the pair's score on its other boards where that is higher (and, by
    option, average-minus where that is lower).  "Its other boards" are those where it has a real score: its
    matchpoints over their tops (a percentage), or its IMPs per board.  Changes the points in place; returns the
    percentages of the lines changed, keyed (line index, board, field, side)."""
    is_mp = options.method.unit is Unit.MATCHPOINTS
    sums: dict[tuple[str, str, str], list[float]] = {}  # pair → [points, tops or boards]
    for _section, _number, lines_t, adjustments_t, _scores, ns_points, ew_points, _datum, top, _n, _full in built:
        for i, result in enumerate(lines_t):
            if adjustments_t[i] is not None and not isinstance(adjustments_t[i], AssignedScore | WeightedScore):
                continue
            for side, points in (("NS", ns_points[i]), ("EW", ew_points[i])):
                if not math.isnan(points):
                    tally = sums.setdefault(_pair_key(result, side, movements), [0.0, 0.0])
                    tally[0] += points
                    tally[1] += (top or 0.0) if is_mp else 1.0
    values = options.adjustments
    changed: dict[tuple[int, int, str, str], float] = {}
    for section, number, lines_t, adjustments_t, _scores, ns_points, ew_points, _datum, top, _n, _full in built:
        for i, adjustment in enumerate(adjustments_t):
            ns_award, ew_award = _awards(adjustment)
            for side, award, points in (("NS", ns_award, ns_points), ("EW", ew_award, ew_points)):
                if award is None or award.level not in (Level.PLUS, Level.MINUS):
                    continue
                plus = award.level is Level.PLUS
                if not (options.session_average_plus if plus else options.session_average_minus):
                    continue
                other = sums.get(_pair_key(lines_t[i], side, movements))
                if not other or other[1] <= 0:
                    continue
                # a percentage at matchpoints; at IMPs the points per board, in the method's own scale
                session = other[0] / other[1] * (100.0 if is_mp else 1.0)
                fixed = values.percent(award) if is_mp else float(points[i])
                if not (session > fixed if plus else session < fixed):
                    continue
                if is_mp:
                    points[i] = session / 100.0 * (top or 0.0)
                    changed[(i, number, section, side)] = session
                else:
                    points[i] = session
    return changed


def _within_limit(
    weighted: list[tuple[int, WeightedScore]],
    lines: tuple[Result, ...],
    real: npt.NDArray[np.bool_],
    problems: list[Problem],
) -> list[tuple[int, WeightedScore]]:
    """The weighted lines of a board if their combinations stay within :data:`MAX_WEIGHTED_COMBINATIONS`; else
    none: they are reported and left out of the comparison (``real`` is changed in place)."""
    combinations = math.prod(len(w.parts) for _, w in weighted)
    if combinations <= MAX_WEIGHTED_COMBINATIONS:
        return weighted
    for i, _ in weighted:
        real[i] = False
        where = lines[i].source or Location("<input>")
        message = N_(
            "board %(board)s has %(lines)s weighted scores with %(combinations)s combinations of their parts, more "
            "than %(limit)s; this line is left out"
        )
        problems.append(Problem.make(
            Location(where.file, where.line, "remarks", where.kind), message, board=lines[i].board,
            lines=len(weighted), combinations=combinations, limit=MAX_WEIGHTED_COMBINATIONS,
        ))  # fmt: skip
    return []


def _all_adjusted_top(method: Matchpoints, full: int, counted: int) -> float:
    """The top of a board on which every result is an artificial adjusted score (nothing is compared).

    Each side still gets its award, a percentage of a top (Law 12C2), so the board needs the top it would have had
    if its results had been played: with Neuberg the top of the full board, 2(N − 1), the top every other board of
    the field is fitted to (Law 78A's footnote), so 60 % is worth as much here as on any board; without Neuberg
    the top of the board's own number of results, 2(n − 1), as a board with some real scores gets.  Before this,
    such a board had top 0 (a defect found by fuzzing), so the awards were worth 0 matchpoints out of 0 and
    vanished from the pairs' totals and maxima.  No reference event holds such a board; the rule follows from
    Law 12C2 and Neuberg, not from another program's output.
    """
    return method.top(full if method.neuberg else counted)


def score_event(event: Event, options: ScoringOptions | None = None) -> ScoredEvent:
    """Score every board of every field of an event with the chosen method (see the module docstring)."""
    options = options or ScoringOptions()
    method = options.method
    values = options.adjustments
    problems: list[Problem] = list(event.problems)
    grouped: dict[tuple[str, int], list[Result]] = {}
    for result in event.results:
        key = ALL_SECTIONS if options.across_sections else result.section
        grouped.setdefault((key, result.board), []).append(result)

    plain = not options.phantoms
    played = ResultStatus.PLAYED
    prepared: list[tuple[str, int, tuple[Result, ...], FloatArray, tuple[Adjustment | None, ...], int]] = []
    field_size: dict[str, int] = {}
    for (section, number), lines in sorted(grouped.items()):
        scores = np.full(len(lines), math.nan)
        adjustments: list[Adjustment | None] = []
        counted = 0
        for i, result in enumerate(lines):
            if plain and result.status is played and not result.remarks and result.ns_score is not None:
                scores[i] = result.ns_score  # the common line, without the detour through _classify
                adjustments.append(None)
                counted += 1
                continue
            score, adjustment, counts = _classify(result, options, problems)
            scores[i] = score
            adjustments.append(adjustment)
            counted += counts
        prepared.append((section, number, tuple(lines), scores, tuple(adjustments), counted))
        field_size[section] = max(field_size.get(section, 0), counted)

    built: list[_Built] = []
    for section, number, lines_t, scores, adjustments_t, counted in prepared:
        full = field_size[section]
        real = ~np.isnan(scores)
        compared = scores[real]
        n = len(compared)
        weighted = [(i, a) for i, a in enumerate(adjustments_t) if isinstance(a, WeightedScore)]
        if weighted:
            weighted = _within_limit(weighted, lines_t, real, problems)
            compared = scores[real]
            n = len(compared)
        if weighted:
            at = np.cumsum(real) - 1  # a line's position among the compared scores
            scored = _score_weighted(method, compared, [(int(at[i]), w) for i, w in weighted], max(full, n))
        else:
            scored = method.score_board(compared, max(full, n))
        if n == 0 and counted and isinstance(method, Matchpoints):
            scored = replace(scored, top=_all_adjusted_top(method, full, counted))
        ns_points = np.full(len(lines_t), math.nan)
        ew_points = np.full(len(lines_t), math.nan)
        ns_points[real] = scored.ns_points
        ew_points[real] = scored.ew_points
        for i, adjustment in enumerate(adjustments_t):
            ns_award, ew_award = _awards(adjustment)
            if ns_award is not None:
                ns_points[i] = method.artificial_points(ns_award, values, scored.top, full)
            if ew_award is not None:
                ew_points[i] = method.artificial_points(ew_award, values, scored.top, full)
        built.append(
            (section, number, lines_t, adjustments_t, scores, ns_points, ew_points, scored.datum, scored.top, n,
             max(full, n))
        )  # fmt: skip
    movements = _movements(event, options)
    sessions: dict[tuple[int, int, str, str], float] = {}
    if options.session_average_plus or options.session_average_minus:
        sessions = _apply_session_averages(built, movements, options)

    boards: list[ScoredBoard] = []
    for section, number, lines_t, adjustments_t, scores, ns_points, ew_points, datum, top_, n, full_n in built:
        if options.round_board_points is not None:
            ns_points = round_points(ns_points, options.round_board_points)
            ew_points = round_points(ew_points, options.round_board_points)
        ns_percent = np.full(len(lines_t), math.nan)
        ew_percent = np.full(len(lines_t), math.nan)
        if method.unit is Unit.MATCHPOINTS:
            top = top_ or 0.0
            if top > 0:
                ns_percent = ns_points / top * 100.0
                ew_percent = ew_points / top * 100.0
            else:  # a board with a single result: no comparison, average (Law 78A gives no top)
                ns_percent = np.where(np.isnan(ns_points), math.nan, 50.0)
                ew_percent = np.where(np.isnan(ew_points), math.nan, 50.0)
            for i, adjustment in enumerate(adjustments_t):
                ns_award, ew_award = _awards(adjustment)
                # an award is its percentage, or the session's where Law 12C2(c) replaced it
                if ns_award is not None:
                    ns_percent[i] = sessions.get((i, number, section, "NS"), values.percent(ns_award))
                if ew_award is not None:
                    ew_percent[i] = sessions.get((i, number, section, "EW"), values.percent(ew_award))
        boards.append(ScoredBoard(
            section, number, lines_t, adjustments_t, scores, ns_points, ew_points, ns_percent, ew_percent,
            datum, top_, n, full_n,
        ))  # fmt: skip
    return ScoredEvent(event, options, tuple(boards), MappingProxyType(movements), tuple(problems))
