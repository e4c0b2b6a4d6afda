"""Scoring an event: from traveller lines (``Event``) to points per line (``ScoredEvent``).

Which lines take part in a board's comparison is decided here, once, for every method:

* a played or passed-out line is a score (passed out is 0, seed 000);
* a line not played (``N.G.``) is not a score and gets no points (seed 000: "niet gespeeld is niet
  gespeeld"): the pair's average is taken over the boards it did play;
* an assigned score (Law 12C1) replaces the table result and is compared like one; a weighted assigned score
  (Law 12C1(c), ``50% 4S= + 50% 4S-1``) is compared part by part, each part as if it were the table's result, and
  every line's points are weighted (:func:`_score_weighted`, for every method);
* an artificial adjusted score (Law 12C2) takes no part in the comparison; each side gets its award
  (see :mod:`bridgescore.core.adjustments`), and the real scores are fitted to the full board (Neuberg); where
  every line of a board is artificial, the awards are of the top the board would have had (:func:`_all_adjusted_top`);
* a **fouled board** (Law 87B): where the lines say which version of the deal they played (a ``fouled`` column),
  each version is compared only within itself and fitted to the full board (:mod:`bridgescore.pairs.fouled`),
  and a warning says so;
* a line against a **phantom** pair (``ScoringOptions.phantoms``) is not a result: it leaves the comparison
  *and* the board's size N (a sit-out is a table that did not play, not a table whose result is unknown).  The
  phantom's opponents get ``phantom_award`` (average by default, as a sit-out against a missing pair is scored
  by the EBU and the NBB; 60 % at JFR Pary), the phantom nothing; the phantom is left out of the rankings.
  JFR Pary fits a 12-table board with a phantom table and an adjusted score to 11 tables, not 12 (issue 11).
  A phantom's line on which the file writes an adjusted score (``A50/50``, ``R420``) keeps it, with a warning: the
  director wrote it, and the option must not overwrite it unsaid (issue 18).

Fields: each section's boards are compared within the section (default), or across all sections with
``across_sections`` (the EBU's "matchpointed across the field").  The movement of each section is
recognised from the data: a pair number seen both as NS and as EW means a Howell (one ranking), unless the
pairs are numbered per direction (a Mitchell where NS 1 and EW 1 are two pairs, as ACBLscore numbers it);
otherwise a Mitchell (a ranking per direction, "two lines"); ``movement`` overrides it.  A section that is a
Mitchell but for a few lines (a line with the NS and EW numbers swapped) is not guessed a Howell: those lines are
reported and left out (:func:`bridgescore.pairs.against_movement.mitchell_but_for_lines`, issue 21).

The full size N of a board, for Neuberg's formula and cross-IMP factoring, is the largest number of results
(scores and artificial adjusted scores, not lines against a phantom) of any board in its field.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bridgescore.core.adjustments import (
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
from bridgescore.core.contract import ContractError, Seat
from bridgescore.core.event import Event, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.core.i18n import N_
from bridgescore.core.pairkey import PairKey, names_pair
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.core.table import STATUSES, ResultTable, on_both_sides, pair_codes
from bridgescore.pairs.against_movement import mitchell_but_for_lines, sat_swapped
from bridgescore.pairs.fouled import board_groups, deal_versions, fitted_method, score_groups, versions_note
from bridgescore.pairs.methods.base import BoardScores, FloatArray, ScoringMethod, Unit
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.penalties import Penalty

if TYPE_CHECKING:
    from bridgescore.core.leads import LeadAnalysis

__all__ = [
    "ALL_SECTIONS",
    "Movement",
    "PairPercent",
    "ScoredBoard",
    "ScoredEvent",
    "ScoredLine",
    "ScoredLines",
    "ScoringOptions",
    "own_matchpoints",
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
    #: Factor the total of a pair that sat out as well (the EBU's and ACBLscore's practice, the default); off
    #: (Compscore3): only a pair whose table missed boards – boards the field played short – is factored, up by
    #: those boards, and a sit-out (boards every table played) is not.
    factor_sit_outs: bool = True
    pair_percent: PairPercent = PairPercent.TOTAL_OVER_MAXIMUM
    #: Round every line's points to this many decimals (halves away from zero) before anything sums them, as
    #: programs that keep the printed board values do: ACBLscore (factored matchpoints "rounded to the nearest
    #: hundredth, .005 is rounded up", its manual), TeamsScorer and EBUScoreTeams (pairwise cross-IMPs, 2).
    #: None: exact values, as PairsScorer, Pianola, BBO and KoPS's cross-IMPs sum them (checked on their printouts);
    #: EBUScore and KoPS at matchpoints 2, ScoreBridge 1.
    round_board_points: int | None = None
    #: Law 12C2(c): a pair given average-plus that scored more on its other boards gets that instead (EBUScore,
    #: ScoreBridge, RealBridge's variable "Avg+"); ``session_average_minus``: average-minus is lowered to a lower
    #: session score (RealBridge's variable "Avg-").  Off: the fixed values (60/40 %, ±3 IMPs).
    session_average_plus: bool = False
    session_average_minus: bool = False
    #: How the reports round a half when they print a percentage or points (``bridgescore.core.i18n.PRINT_ROUNDINGS``):
    #: ``half-up`` (the NBB's programs, EBUScore, ACBLscore) or ``half-even`` (RealBridge, Compscore3).  The
    #: points themselves are not rounded by it (``round_board_points`` does that).
    print_rounding: str = "half-up"
    #: At matchpoints, a short board's traveller (one Neuberg fitted: fewer scores than the field's full board)
    #: shows each line's own matchpoints among the scores that board had, the Neuberg values beside them to one
    #: decimal, as Compscore3 prints its travellers (issue 18; :func:`own_matchpoints`).  The totals, percentages
    #: and the JSON's ``ns_points`` stay Neuberg's.  Print only: no number summed changes.
    traveller_own_points: bool = False
    #: The program whose conventions these options are (``--as``, a key of :mod:`bridgescore.pairs.presets`), or None
    preset: str | None = None
    #: Pair-level corrections and procedural penalties (Law 90), applied to the rankings after scoring: the boards'
    #: points do not change (:mod:`bridgescore.pairs.penalties`; a penalties file or ``--penalty``).
    penalties: tuple[Penalty, ...] = ()

    def __post_init__(self) -> None:
        """Rounding to a negative number of decimals would round every line to tens or thousands (all zero); the
        printed total cannot be factored when totals are not factored."""
        if self.round_board_points is not None and not 0 <= self.round_board_points <= 10:
            raise ValueError(f"round board points to 0 to 10 decimals, not {self.round_board_points}")
        if self.factor_printed_total and not self.factor:
            raise ValueError("the total cannot be factored as printed (Pianola) when totals are not factored")
        if self.print_rounding not in ("half-up", "half-even"):
            raise ValueError(f"print rounding is half-up or half-even, not '{self.print_rounding}'")


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


@dataclass(frozen=True, slots=True, eq=False)
class ScoredLines:
    """An event's points held as columns (issue 12): line-level arrays in board order, board-level arrays.

    Line ``p`` is row ``rows[p]`` of ``table`` and belongs to board ``board_of_line[p]``; the lines of board ``b``
    are ``board_starts[b]:board_starts[b + 1]``.  ``ns_scores`` is the score compared (NaN: none); points and
    percentages NaN where a side has no score; ``adjustments`` maps a line position to its adjustment (most lines
    have none).  Per board: its field's section (``*`` across sections), number, datum and top (NaN: none), the
    number of scores compared and the full size N.
    """

    table: ResultTable
    rows: npt.NDArray[np.int64]
    board_of_line: npt.NDArray[np.int64]
    ns_scores: FloatArray
    ns_points: FloatArray
    ew_points: FloatArray
    ns_percent: FloatArray
    ew_percent: FloatArray
    adjustments: Mapping[int, Adjustment]
    board_sections: tuple[str, ...]
    board_numbers: npt.NDArray[np.int64]
    board_starts: npt.NDArray[np.int64]
    datums: FloatArray
    tops: FloatArray
    n_scores: npt.NDArray[np.int64]
    full_counts: npt.NDArray[np.int64]
    #: the fouled boards (Law 87, :mod:`bridgescore.pairs.fouled`): board index → each version's name (``""`` as
    #: dealt) and number of results compared; empty for nearly every event
    fouled: Mapping[int, tuple[tuple[str, int], ...]] = field(default_factory=lambda: MappingProxyType({}))

    @staticmethod
    def from_boards(boards: Sequence[ScoredBoard]) -> ScoredLines:
        """The columns of boards built one by one (a ``ScoredEvent`` made from ``ScoredBoard`` objects)."""
        results = [r for b in boards for r in b.results]
        sizes = np.array([len(b.results) for b in boards], dtype=np.int64)
        n = len(results)
        adjustments: dict[int, Adjustment] = {}
        start = 0
        for b in boards:
            adjustments.update({start + i: a for i, a in enumerate(b.adjustments) if a is not None})
            start += len(b.results)

        def cat(arrays: list[FloatArray]) -> FloatArray:
            return np.concatenate(arrays).astype(np.float64) if arrays else np.zeros(0)

        def opt(value: float | None) -> float:
            return math.nan if value is None else value

        return ScoredLines(
            table=ResultTable.from_results(results),
            rows=np.arange(n, dtype=np.int64),
            board_of_line=np.repeat(np.arange(len(boards), dtype=np.int64), sizes),
            ns_scores=cat([b.ns_scores for b in boards]),
            ns_points=cat([b.ns_points for b in boards]),
            ew_points=cat([b.ew_points for b in boards]),
            ns_percent=cat([b.ns_percent for b in boards]),
            ew_percent=cat([b.ew_percent for b in boards]),
            adjustments=MappingProxyType(adjustments),
            board_sections=tuple(b.section for b in boards),
            board_numbers=np.array([b.number for b in boards], dtype=np.int64),
            board_starts=np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
            datums=np.array([opt(b.datum) for b in boards], dtype=np.float64),
            tops=np.array([opt(b.top) for b in boards], dtype=np.float64),
            n_scores=np.array([b.n_scores for b in boards], dtype=np.int64),
            full_counts=np.array([b.full_count for b in boards], dtype=np.int64),
        )


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    """An event scored by one method: the boards with their points, each section's movement, the problems.

    The points are held as columns (:attr:`lines`, :class:`ScoredLines`); ``boards`` gives them as one
    ``ScoredBoard`` per board, built when first asked for (the HTML and JSON reports, ``score --boards``), so
    ranking a large event to CSV builds no Python object per line.  An event may also be made from boards
    (``ScoredEvent(event, options, boards, movements, problems)``), its columns then derived from them.

    ``leads`` is the lead analysis of the event's deals (:mod:`bridgescore.core.leads`), there once the deals were
    analysed for the reports that show them (:func:`bridgescore.pairs.pipeline.with_deal_analysis`); None before, and
    for an
    event without deals.
    """

    event: Event
    options: ScoringOptions
    _boards: tuple[ScoredBoard, ...] | None = None
    movements: Mapping[str, Movement] = field(default_factory=lambda: MappingProxyType({}))
    problems: tuple[Problem, ...] = ()
    _lines: ScoredLines | None = None
    leads: LeadAnalysis | None = None

    @property
    def method(self) -> ScoringMethod:
        return self.options.method

    @property
    def unit(self) -> Unit:
        return self.options.method.unit

    @property
    def lines(self) -> ScoredLines:
        """The points as columns."""
        lines = self._lines
        if lines is None:
            lines = ScoredLines.from_boards(self._boards or ())
            object.__setattr__(self, "_lines", lines)
        return lines

    @property
    def boards(self) -> tuple[ScoredBoard, ...]:
        """One ``ScoredBoard`` per board, in (section, number) order; built once, when first asked for."""
        boards = self._boards
        if boards is None:
            boards = self._build_boards()
            object.__setattr__(self, "_boards", boards)
        return boards

    def result(self, position: int) -> Result:
        """The traveller line at ``position`` (in board order): the event's own ``Result`` where it has it."""
        lines = self.lines
        row = int(lines.rows[position])
        if lines.table is self.event.table:
            return self.event.results[row]
        return lines.table.row(row)

    def _build_boards(self) -> tuple[ScoredBoard, ...]:
        """The boards' arrays are views of the columns: a board and the columns are one set of points."""
        c = self.lines
        starts = c.board_starts.tolist()
        adjustments = c.adjustments
        boards: list[ScoredBoard] = []
        for b, section in enumerate(c.board_sections):
            s, e = starts[b], starts[b + 1]
            datum, top = float(c.datums[b]), float(c.tops[b])
            boards.append(ScoredBoard(
                section, int(c.board_numbers[b]), tuple(self.result(p) for p in range(s, e)),
                tuple(adjustments.get(p) for p in range(s, e)), c.ns_scores[s:e], c.ns_points[s:e],
                c.ew_points[s:e], c.ns_percent[s:e], c.ew_percent[s:e],
                None if math.isnan(datum) else datum, None if math.isnan(top) else top, int(c.n_scores[b]),
                int(c.full_counts[b]),
            ))  # fmt: skip
        return tuple(boards)


def round_points(values: FloatArray, decimals: int) -> FloatArray:
    """Points as a program stores them: ``decimals`` places, halves away from zero (12.125 → 12.13,
    −1.125 → −1.13), computed so that a value printed exactly (``2.675``) is not pushed down by binary error."""
    scale = 10.0**decimals
    rounded: FloatArray = np.sign(values) * np.floor(np.abs(values) * scale + 0.5 + 1e-7) / scale
    return rounded


def _is_phantom(result: Result, pair: str, phantoms: frozenset[str]) -> bool:
    return _is_phantom_pair(result.section, pair, phantoms)


def unknown_phantoms(event: Event, phantoms: frozenset[str]) -> list[str]:
    """The phantoms (as ``--phantom`` names them: ``7``, ``A7`` or ``A:7``) that are no pair of the event, sorted:
    a phantom that matches no line would change nothing, so it is a mistyped pair, not a choice."""
    if not phantoms:
        return []
    table = event.table
    labels, ns_codes, ew_codes = pair_codes(table)
    width = len(labels) + 1
    sections = table.section
    base = sections.codes.astype(np.int64) * width
    seats = np.unique(np.concatenate([base + ns_codes, base + ew_codes]))
    left = set(phantoms)
    for seat in seats.tolist():
        section, pair = sections.labels[seat // width], labels[seat % width]
        left = {p for p in left if not _is_phantom_pair(section, pair, frozenset({p}))}
        if not left:
            break
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
    adjustment, problem = read_adjustment(result)
    if phantoms and (_is_phantom(result, result.ns_pair, phantoms) or _is_phantom(result, result.ew_pair, phantoms)):
        ns_phantom = _is_phantom(result, result.ns_pair, phantoms)
        if not _adjusted_by_the_file(result, adjustment):
            return math.nan, PhantomScore(options.phantom_award, phantom_is_ns=ns_phantom), False  # not in N
        problems.append(_phantom_line_kept(result, result.ns_pair if ns_phantom else result.ew_pair))
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


def _adjusted_by_the_file(result: Result, adjustment: Adjustment | None) -> bool:
    """Whether a line scores an adjusted score its file writes (``A50/50``, ``A60``, ``R420``, a weighted score),
    which a phantom's award must not replace: the director wrote it (issue 18)."""
    return isinstance(adjustment, ArtificialScore | AssignedScore | WeightedScore)


def _phantom_line_kept(result: Result, phantom: str) -> Problem:
    """The warning that a phantom's line keeps the adjusted score its file writes instead of ``--phantom-award``."""
    where = result.source or Location("<input>")
    return Problem.make(
        Location(where.file, where.line, "remarks", where.kind),
        "board %(board)s, %(ns_pair)s against %(ew_pair)s: pair %(pair)s is a phantom (--phantom), but the line "
        "has the adjusted score '%(text)s'; the adjusted score is kept, not --phantom-award (delete it from the "
        "file to give the opponents the phantom's award)",
        Severity.WARNING,
        board=result.board,
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        pair=phantom,
        text=result.remarks or str(result.ns_score),
    )


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


def _score_group(
    method: ScoringMethod, compared: FloatArray, weighted: list[tuple[int, WeightedScore]], full_count: int,
    positions: npt.NDArray[np.int64],
) -> BoardScores:  # fmt: skip
    """The compared scores at ``positions`` (one version of a fouled board, :mod:`bridgescore.pairs.fouled`) scored
    as a board of their own fitted to ``full_count`` results, weighted scores among them part by part."""
    at = {int(p): i for i, p in enumerate(positions.tolist())}
    group_weighted = [(at[p], w) for p, w in weighted if p in at]
    if group_weighted:
        return _score_weighted(method, compared[positions], group_weighted, full_count)
    return method.score_board(compared[positions], full_count)


def _awards(adjustment: Adjustment | None) -> tuple[Award | None, Award | None]:
    """The artificial awards to NS and EW on a line (None: that side's points come from the comparison)."""
    if isinstance(adjustment, ArtificialScore):
        return adjustment.ns, adjustment.ew
    if isinstance(adjustment, PhantomScore):
        return (None, adjustment.award) if adjustment.phantom_is_ns else (adjustment.award, None)
    return None, None


def _movements(event: Event, options: ScoringOptions) -> dict[str, Movement]:
    """Mitchell or Howell per section, from the data unless ``options.movement`` says.

    Pairs numbered per direction (:func:`~bridgescore.core.event.sections_numbered_per_direction`, NS 1 and EW 1 being
    two pairs, as ACBLscore numbers a Mitchell) make a Mitchell; otherwise a number seen on both sides over the
    event is a Howell (one field), else a Mitchell.  Sections in the order they first appear.
    """
    table = event.table
    sections = table.section
    _, first = np.unique(sections.codes, return_index=True)
    present = sections.codes[np.sort(first)].tolist()  # codes in order of first appearance
    if options.movement is not Movement.AUTO:
        return {sections.labels[code]: options.movement for code in present}
    per_direction = sections_numbered_per_direction(table)
    _, ns_codes, ew_codes = pair_codes(table)
    marked = sat_swapped(table)
    if marked is not None:  # pairs that sat the wrong way, said so, keep their own direction
        ns_codes, ew_codes = np.where(marked, ew_codes, ns_codes), np.where(marked, ns_codes, ew_codes)
    both = on_both_sides(sections.codes.astype(np.int64), ns_codes, ew_codes)
    crossed = set(np.unique(both).tolist())
    movements: dict[str, Movement] = {}
    for code in present:
        section = sections.labels[code]
        howell = section not in per_direction and code in crossed
        movements[section] = Movement.HOWELL if howell else Movement.MITCHELL
    return movements


def _is_phantom_pair(section: str, pair: str, phantoms: frozenset[str]) -> bool:
    """Whether ``pair`` of ``section`` is a phantom as ``--phantom`` names it: ``7``, ``A:7``, or ``A7`` where the
    section ends in a letter (:mod:`bridgescore.core.pairkey`: ``14`` is pair 14, never pair 4 of Bridgemate's section
    1)."""
    key = PairKey(section, pair)
    return any(names_pair(p, key) for p in phantoms)


def phantom_masks(table: ResultTable, phantoms: frozenset[str]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Per row: whether its NS pair, and whether its EW pair, is a phantom (decided once per section and pair)."""
    n = len(table)
    if not phantoms or not n:
        return np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    masks: list[npt.NDArray[np.bool_]] = []
    sections = table.section
    for column in (table.ns_pair, table.ew_pair):
        width = max(len(column.labels), 1)
        combined = sections.codes.astype(np.int64) * width + column.codes
        unique, inverse = np.unique(combined, return_inverse=True)
        flags = np.fromiter(
            (
                _is_phantom_pair(sections.labels[u // width], column.labels[u % width], phantoms)
                for u in unique.tolist()
            ),
            dtype=bool,
            count=len(unique),
        )
        masks.append(flags[inverse.reshape(-1)])
    return masks[0], masks[1]


def _session_averages(
    c: ScoredLines, pair_ids: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]], options: ScoringOptions
) -> dict[tuple[int, str], float]:
    """Law 12C2(c): average-plus becomes the pair's score on its other boards where that is higher (and, by
    option, average-minus where that is lower).  "Its other boards" are those where it has a real score: its
    matchpoints over their tops (a percentage), or its IMPs per board.  Changes the points in place; returns the
    percentages of the lines changed, keyed (line position, side).  ``pair_ids``: each line's NS and EW pair as
    a pair key (section, pair, direction in a Mitchell)."""
    is_mp = options.method.unit is Unit.MATCHPOINTS
    n = len(c.rows)
    counted = np.ones(n, dtype=bool)  # lines whose points are the pair's "other boards"
    for position, adjustment in c.adjustments.items():
        counted[position] = isinstance(adjustment, AssignedScore | WeightedScore)
    tops = np.nan_to_num(c.tops)[c.board_of_line] if is_mp else np.ones(n)
    # NS then EW of each line, one after the other: the sums are added in the order of the lines
    keys = np.column_stack(pair_ids).reshape(-1)
    points = np.column_stack((c.ns_points, c.ew_points)).reshape(-1)
    weight = np.repeat(counted, 2) & ~np.isnan(points)
    size = int(keys.max(initial=-1)) + 1
    sums = np.bincount(keys[weight], weights=points[weight], minlength=size).astype(np.float64)
    bases = np.bincount(keys[weight], weights=np.repeat(tops, 2)[weight], minlength=size).astype(np.float64)
    values = options.adjustments
    changed: dict[tuple[int, str], float] = {}
    for position, adjustment in sorted(c.adjustments.items()):
        ns_award, ew_award = _awards(adjustment)
        top = float(np.nan_to_num(c.tops[c.board_of_line[position]]))
        for side, award, line_points, ids in (
            ("NS", ns_award, c.ns_points, pair_ids[0]),
            ("EW", ew_award, c.ew_points, pair_ids[1]),
        ):
            if award is None or award.level not in (Level.PLUS, Level.MINUS):
                continue
            plus = award.level is Level.PLUS
            if not (options.session_average_plus if plus else options.session_average_minus):
                continue
            key = int(ids[position])
            if bases[key] <= 0:
                continue
            # a percentage at matchpoints; at IMPs the points per board, in the method's own scale
            session = float(sums[key]) / float(bases[key]) * (100.0 if is_mp else 1.0)
            fixed = values.percent(award) if is_mp else float(line_points[position])
            if not (session > fixed if plus else session < fixed):
                continue
            if is_mp:
                line_points[position] = session / 100.0 * top
                changed[(position, side)] = session
            else:
                line_points[position] = session
    return changed


def pair_ids(
    c: ScoredLines, two_lines: Mapping[str, bool], phantoms: frozenset[str] = frozenset()
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], list[tuple[str, str, str]]]:
    """Each line's NS and EW pair as an integer key, and the keys as ``(section, pair, direction)``: the direction
    (``NS``/``EW``) is part of a pair's identity in a section ``two_lines`` says is ranked per direction (a
    Mitchell: NS 1 and EW 1 two pairs), else ``""``.  Keys are numbered in order of first appearance (board order,
    NS before EW); a phantom pair's key is -1."""
    table = c.table
    labels, ns_codes, ew_codes = pair_codes(table)
    rows = c.rows
    sections = table.section
    split = np.fromiter(
        (bool(two_lines.get(s, False)) for s in sections.labels), dtype=bool, count=len(sections.labels)
    )
    sec = sections.codes[rows].astype(np.int64)
    per_direction = split[sec] if len(sections.labels) else np.zeros(len(rows), dtype=bool)
    width = len(labels) + 1
    # a line whose pairs sat the wrong way (its ``swapped`` column): the pair holding NS's cards is an EW pair
    marked = sat_swapped(table)
    flipped = marked[rows] if marked is not None else np.zeros(len(rows), dtype=bool)
    ns_key = (sec * width + ns_codes[rows]) * 3 + np.where(per_direction, np.where(flipped, 2, 1), 0)
    ew_key = (sec * width + ew_codes[rows]) * 3 + np.where(per_direction, np.where(flipped, 1, 2), 0)
    interleaved = np.column_stack((ns_key, ew_key)).reshape(-1)
    unique, first, inverse = np.unique(interleaved, return_index=True, return_inverse=True)
    rank = np.empty(len(unique), dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(len(unique))
    ids = rank[inverse.reshape(-1)]
    directions = ("", "NS", "EW")
    keys: list[tuple[str, str, str]] = [("", "", "")] * len(unique)
    for u, r in zip(unique.tolist(), rank.tolist(), strict=True):
        pair_sec, direction = divmod(u, 3)
        section_code, pair = divmod(pair_sec, width)
        keys[r] = (sections.labels[section_code], labels[pair], directions[direction])
    ns_ids, ew_ids = ids[0::2].copy(), ids[1::2].copy()
    if phantoms:
        ns_phantom, ew_phantom = phantom_masks(table, phantoms)
        ns_ids[ns_phantom[rows]] = -1
        ew_ids[ew_phantom[rows]] = -1
    return ns_ids, ew_ids, keys


def _within_limit(
    weighted: list[tuple[int, WeightedScore]],
    lines: Mapping[int, Result],
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
    """Score every board of every field of an event with the chosen method (see the module docstring).

    Works on the event's columns (issue 12): the lines are grouped by (field, board) with one sort, the common
    line (played, a score, no remarks, not against a phantom) is taken as it is, and only the other lines
    (adjusted, weighted, not played, passed out, phantoms, problems) are read one by one (:func:`_classify`).
    Each board is then scored by the method's kernel, as before."""
    options = options or ScoringOptions()
    if options.movement is not Movement.HOWELL:  # a Mitchell but for a swapped line: not one field, nor a pair in
        event = mitchell_but_for_lines(event)  # both rankings under --movement mitchell (issue 21)
    method = options.method
    values = options.adjustments
    problems: list[Problem] = list(event.problems)
    table = event.table
    n = len(table)
    sections = table.section
    if options.across_sections:
        field_labels: list[str] = [ALL_SECTIONS]
        field_rank = np.zeros(n, dtype=np.int64)
    else:
        field_labels = sorted(sections.labels)
        rank_of = {label: i for i, label in enumerate(field_labels)}
        rank = np.fromiter((rank_of[label] for label in sections.labels), dtype=np.int64, count=len(sections.labels))
        field_rank = rank[sections.codes] if len(sections.labels) else np.zeros(n, dtype=np.int64)
    # (field, board) order, each board's lines in input order (lexsort is stable)
    order = np.lexsort((table.board, field_rank)).astype(np.int64)
    fields_sorted = field_rank[order]
    numbers_sorted = table.board[order].astype(np.int64)
    change = (fields_sorted[1:] != fields_sorted[:-1]) | (numbers_sorted[1:] != numbers_sorted[:-1])
    starts = np.concatenate([[0], np.flatnonzero(change) + 1]).astype(np.int64) if n else np.zeros(0, np.int64)
    board_starts = np.concatenate([starts, [n]]).astype(np.int64)
    n_boards = len(starts)
    board_of_line = np.repeat(np.arange(n_boards, dtype=np.int64), np.diff(board_starts))
    board_sections = tuple(field_labels[f] for f in fields_sorted[starts].tolist())
    board_numbers = numbers_sorted[starts]

    ns_phantom, ew_phantom = phantom_masks(table, options.phantoms)
    versions = deal_versions(table)  # Law 87: a board fouled (pairs.fouled); None for nearly every file
    ns_score = table.ns_score[order]
    common = (
        (table.status[order] == _PLAYED)
        & table.remarks.mask(lambda text: not text)[order]
        & ~np.isnan(ns_score)
        & ~(ns_phantom | ew_phantom)[order]
    )
    scores = np.where(common, ns_score, math.nan)
    counts = common.astype(np.int64)
    adjustments: dict[int, Adjustment] = {}
    others: dict[int, Result] = {}
    for position in np.flatnonzero(~common).tolist():
        result = others[position] = event.results[int(order[position])]
        score, adjustment, counted = _classify(result, options, problems)
        scores[position] = score
        if adjustment is not None:
            adjustments[position] = adjustment
        counts[position] = counted
    counted_per_board = np.add.reduceat(counts, starts) if n else np.zeros(0, dtype=np.int64)
    field_size: dict[str, int] = {}
    for section, counted_b in zip(board_sections, counted_per_board.tolist(), strict=True):
        field_size[section] = max(field_size.get(section, 0), counted_b)

    ns_points = np.full(n, math.nan)
    ew_points = np.full(n, math.nan)
    datums = np.full(n_boards, math.nan)
    tops = np.full(n_boards, math.nan)
    n_scores = np.zeros(n_boards, dtype=np.int64)
    full_counts = np.zeros(n_boards, dtype=np.int64)
    fouled_boards: dict[int, tuple[tuple[str, int], ...]] = {}
    adjusted_at = np.array(sorted(adjustments), dtype=np.int64)
    bounds = np.searchsorted(adjusted_at, board_starts).tolist()
    limits = board_starts.tolist()
    for b, section in enumerate(board_sections):
        s, e = limits[b], limits[b + 1]
        full = field_size[section]
        board_scores = scores[s:e]
        board_adjustments = [(p - s, adjustments[p]) for p in adjusted_at[bounds[b] : bounds[b + 1]].tolist()]
        real = ~np.isnan(board_scores)
        compared = board_scores[real]
        count = len(compared)
        weighted = [(i, a) for i, a in board_adjustments if isinstance(a, WeightedScore)]
        if weighted:
            weighted = _within_limit(weighted, {i: others[s + i] for i, _ in weighted}, real, problems)
            compared = board_scores[real]
            count = len(compared)
        compared_weighted: list[tuple[int, WeightedScore]] = []
        if weighted:
            at = np.cumsum(real) - 1  # a line's position among the compared scores
            compared_weighted = [(int(at[i]), w) for i, w in weighted]
        fouled = None
        if versions is not None and count > 1:
            board_versions = versions.take(order[s:e][real]).values()
            fouled = board_groups(board_versions)
        if fouled is not None:  # Law 87: each version compared within itself, fitted to the full board
            groups, group_counts = fouled
            fouled_boards[b] = tuple(group_counts)
            scored = score_groups(groups, partial(
                _score_group, fitted_method(method), compared, compared_weighted, max(full, count)
            ))  # fmt: skip
            problems.append(versions_note(
                event.results[int(order[s:e][real][groups > 0][0])].source, "" if section == ALL_SECTIONS else section,
                int(board_numbers[b]), group_counts, max(full, count),
            ))  # fmt: skip
        elif weighted:
            scored = _score_weighted(method, compared, compared_weighted, max(full, count))
        else:
            scored = method.score_board(compared, max(full, count))
        if count == 0 and counted_per_board[b] and isinstance(method, Matchpoints):
            scored = replace(scored, top=_all_adjusted_top(method, full, int(counted_per_board[b])))
        board_ns = ns_points[s:e]
        board_ew = ew_points[s:e]
        board_ns[real] = scored.ns_points
        board_ew[real] = scored.ew_points
        for i, adjustment in board_adjustments:
            ns_award, ew_award = _awards(adjustment)
            if ns_award is not None:
                board_ns[i] = method.artificial_points(ns_award, values, scored.top, full)
            if ew_award is not None:
                board_ew[i] = method.artificial_points(ew_award, values, scored.top, full)
        if scored.datum is not None:
            datums[b] = scored.datum
        if scored.top is not None:
            tops[b] = scored.top
        n_scores[b] = count
        full_counts[b] = max(full, count)

    lines = ScoredLines(
        table, order, board_of_line, scores, ns_points, ew_points, np.full(n, math.nan), np.full(n, math.nan),
        MappingProxyType(adjustments), board_sections, board_numbers, board_starts, datums, tops, n_scores,
        full_counts, MappingProxyType(fouled_boards),
    )  # fmt: skip
    movements = _movements(event, options)
    sessions: dict[tuple[int, str], float] = {}
    if options.session_average_plus or options.session_average_minus:
        mitchell = {section: m is Movement.MITCHELL for section, m in movements.items()}
        ns_ids, ew_ids, _ = pair_ids(lines, mitchell)
        sessions = _session_averages(lines, (ns_ids, ew_ids), options)

    if options.round_board_points is not None:
        ns_points = round_points(ns_points, options.round_board_points)
        ew_points = round_points(ew_points, options.round_board_points)
    ns_percent = np.full(n, math.nan)
    ew_percent = np.full(n, math.nan)
    if method.unit is Unit.MATCHPOINTS:
        top_of_line = np.nan_to_num(tops)[board_of_line]
        has_top = top_of_line > 0
        divisor = np.where(has_top, top_of_line, 1.0)
        # a board with a single result: no comparison, average (Law 78A gives no top)
        ns_percent = np.where(has_top, ns_points / divisor * 100.0, np.where(np.isnan(ns_points), math.nan, 50.0))
        ew_percent = np.where(has_top, ew_points / divisor * 100.0, np.where(np.isnan(ew_points), math.nan, 50.0))
        for position, adjustment in adjustments.items():
            ns_award, ew_award = _awards(adjustment)
            # an award is its percentage, or the session's where Law 12C2(c) replaced it
            if ns_award is not None:
                ns_percent[position] = sessions.get((position, "NS"), values.percent(ns_award))
            if ew_award is not None:
                ew_percent[position] = sessions.get((position, "EW"), values.percent(ew_award))
    lines = replace(lines, ns_points=ns_points, ew_points=ew_points, ns_percent=ns_percent, ew_percent=ew_percent)
    return ScoredEvent(event, options, None, MappingProxyType(movements), tuple(problems), lines)


def own_matchpoints(scored: ScoredEvent) -> tuple[FloatArray, FloatArray, FloatArray] | None:
    """What a short board's traveller shows with ``traveller_own_points`` (Compscore3, issue 18): each line's NS and
    EW matchpoints among the scores its board had (line columns, board order), and each board's own top
    2(n − 1) (board column); NaN on a board Neuberg did not fit (as many scores as the field's full board, or none
    compared).  A real or assigned score's Neuberg value is undone (:meth:`Matchpoints.unfitted`); an artificial
    award keeps its share of the top, of the board's own top.  Where ``round_board_points`` rounded the fitted
    values, the own ones are rounded alike.  None when the option is off or the method is not matchpoints with
    Neuberg (nothing is fitted then)."""
    method = scored.method
    if not (scored.options.traveller_own_points and isinstance(method, Matchpoints) and method.neuberg):
        return None
    c = scored.lines
    short = (c.n_scores > 0) & (c.n_scores < c.full_counts)
    own_tops = np.array([method.top(int(k)) for k in c.n_scores], dtype=np.float64)
    own_tops = np.where(short, own_tops, math.nan)
    line_short = short[c.board_of_line]
    n, full = c.n_scores[c.board_of_line], c.full_counts[c.board_of_line]
    compared = ~np.isnan(c.ns_scores) & line_short
    ratio = np.nan_to_num(own_tops)[c.board_of_line] / np.where(line_short, c.tops[c.board_of_line], 1.0)
    own: list[FloatArray] = []
    for points in (c.ns_points, c.ew_points):
        values = np.where(compared, method.unfitted(points, n, full), points * ratio)
        values = np.where(line_short, values, math.nan)
        if scored.options.round_board_points is not None:
            values = round_points(values, scored.options.round_board_points)
        own.append(values)
    return own[0], own[1], own_tops


_PLAYED = STATUSES.index(ResultStatus.PLAYED)
