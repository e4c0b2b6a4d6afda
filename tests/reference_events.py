"""Adapters for the reference events in ``../shared/reference/events``: each event read through a real
bridgescore reader, the options a director would choose, and the producing program's published numbers.

Used by ``test_reference_events.py`` and runnable as a script (``python tests/reference_events.py``) to print
the reproduction table (event → lines compared → matched → pairs compared → matched).

Each event's conventions come from its ``SOURCE.md`` and were checked by scoring it; every place where the
producing program does something else than our default is an option below with a comment saying which
program does what.  Known differences that are the program's own quirk are listed in ``KNOWN_DIFFERENCES``.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from bridgescore.core.event import Event, Result
from bridgescore.io import csv as traveller_csv
from bridgescore.io import usebio
from bridgescore.pairs.presets import presets, scoring_options
from bridgescore.pairs.scored import ScoredEvent, ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings, format_percent
from reference_data import REFERENCE, need

EVENTS = REFERENCE / "events"  # ../shared/reference/events, or the bundled subset in a clone alone


def two_decimals(value: float) -> str:
    """How most programs print: 2 decimals, halves away from zero."""
    return format_percent(value, 2)


def single_precision(value: float) -> str:
    """How BriAn prints a percentage: a single-precision float with 8 significant digits (62.01923, 60.5042,
    53.846153 for 53.8461538…, 48.557693 for 48.5576923…)."""
    return f"{np.float32(value):.8g}"


@dataclass(frozen=True)
class LineRef:
    """The producing program's points for one traveller line (NS view and EW view); None where it printed
    nothing.  ``percent`` tells whether the values are board percentages (else matchpoints or IMPs)."""

    section: str
    board: int
    ns_pair: str
    ew_pair: str
    ns: float | None
    ew: float | None


@dataclass(frozen=True)
class PairRef:
    """A pair's published result: percentage or total (IMPs)."""

    section: str
    pair: str
    direction: str
    value: float


@dataclass(frozen=True)
class Case:
    """One reference event: how to read it, how to score it, and what to compare."""

    name: str
    program: str
    read: Callable[[], Event]
    options: ScoringOptions
    line_refs: Callable[[Event], list[LineRef]]
    line_values: str  # "points" (matchpoints / IMPs) or "percent" (board percentages)
    pair_refs: Callable[[], list[PairRef]] | None = None
    pair_value: str = "percent"  # "percent" | "total" (from the standings)
    #: (board, ns_pair, ew_pair) → why the program's number differs from the rule it otherwise follows
    known_differences: dict[tuple[int, str, str], str] = field(default_factory=dict)
    #: How the program prints a pair's value (its decimals and rounding)
    pair_printed: Callable[[float], str] = two_decimals
    known_pair_differences: dict[str, str] = field(default_factory=dict)


def _float(text: str) -> float | None:
    text = text.strip().rstrip("%")
    if not text or text.upper() == "N/A":
        return None
    return float(text)


# --- USEBIO events: the reader keeps the program's per-line points in Result.extra ----------------------


def _usebio(relative: str) -> Callable[[], Event]:
    return lambda: usebio.load(need(EVENTS / relative))


def _usebio_lines(ns_key: str, ew_key: str) -> Callable[[Event], list[LineRef]]:
    def refs(event: Event) -> list[LineRef]:
        return [
            LineRef(r.section, r.board, r.ns_pair, r.ew_pair, _float(r.extra.get(ns_key, "")),
                    _float(r.extra.get(ew_key, "")))
            for r in event.results
        ]  # fmt: skip

    return refs


def _usebio_pairs(relative: str, value: str) -> Callable[[], list[PairRef]]:
    def refs() -> list[PairRef]:
        out = []
        for p in usebio.load_participants(need(EVENTS / relative)):
            if value == "percent":
                number = p.percentage
            elif value == "total":
                number = p.total_score
            else:  # an element of the pair, e.g. PAIR_IMPS in teams files
                number = _float(p.extra.get(value, ""))
            if p.kind == "PAIR" and number is not None:
                out.append(PairRef(p.section, p.number, p.direction, number))
        return out

    return refs


# --- events whose originals are HTML: the normalized CSV through the traveller CSV reader ----------------


def _rows(relative: str) -> list[dict[str, str]]:
    with need(EVENTS / relative).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _traveller(relative: str, rows: Iterator[dict[str, str]]) -> Event:
    """Write adapted rows as a traveller CSV (one line per reference row, same order, so line numbers match
    the normalized file) and read it with ``bridgescore.io.csv``."""
    out = io.StringIO()
    writer: csv.DictWriter[str] | None = None
    for row in rows:
        if writer is None:
            writer = csv.DictWriter(out, fieldnames=list(row), lineterminator="\n")
            writer.writeheader()
        writer.writerow(row)
    return traveller_csv.loads(out.getvalue(), str(EVENTS / relative))


def _jfr(relative: str) -> Callable[[], Event]:
    """JFR Pary: score in the NS or EW column, always positive for the side that scored (the reader's
    ``score``/``ew_score`` columns).  Rows against the phantom pair are marked ``TD`` with no score: the pair
    sat out, written here as not played; the phantom option gives its opponents their award."""

    def read() -> Event:
        def adapt() -> Iterator[dict[str, str]]:
            for r in _rows(relative):
                td = r["contract"] == "TD"
                yield {
                    "board": r["board"], "ns": r["ns_pair"], "ew": r["ew_pair"],
                    "contract": "" if td else r["contract"], "declarer": r["declarer"], "result": r["result"],
                    "lead": r["lead"], "score": r["score_ns"], "ew_score": r["score_ew"],
                    "remarks": "not played" if td else "",
                }  # fmt: skip

        return _traveller(relative, adapt())

    return read


def _jfr_lines(relative: str) -> Callable[[Event], list[LineRef]]:
    def refs(_event: Event) -> list[LineRef]:
        return [LineRef("", int(r["board"]), r["ns_pair"], r["ew_pair"], _float(r["pct_ns"]), _float(r["pct_ew"]))
                for r in _rows(relative)]  # fmt: skip

    return refs


KOPS = "kops-chorzow-sm0807-imp/normalized/results.csv"


def _kops() -> Event:
    """KoPS prints the score in an NS or EW column, but the number in its EW column is North-South's score
    (``-460`` when EW made 3NT+2): both columns are NS-view, so the adapter takes whichever is written as the
    NS score and the reader checks it against the contract.  The director's-average rows (``ADJ sędzia
    średnia``) are the boards against absent pair 6: not played, pair 6 a phantom."""

    def adapt() -> Iterator[dict[str, str]]:
        for r in _rows(KOPS):
            adj = r["contract"].startswith("ADJ")
            yield {
                "board": r["board"], "ns": r["ns_pair"], "ew": r["ew_pair"],
                "contract": "" if adj else r["contract"], "declarer": r["declarer"], "result": r["result"],
                "lead": r["lead"], "score": r["score_ns"] or r["score_ew"],
                "remarks": "not played" if adj else "",
            }  # fmt: skip

    return _traveller(KOPS, adapt())


def _kops_lines(_event: Event) -> list[LineRef]:
    return [
        LineRef("", int(r["board"]), r["ns_pair"], r["ew_pair"],
                _float(r["points_ns_2dp_from_pair_history"] or r["points_ns"]),
                _float(r["points_ew_2dp_from_pair_history"] or r["points_ew"]))
        for r in _rows(KOPS)
    ]  # fmt: skip


def _kops_pairs() -> list[PairRef]:
    return [PairRef("", r["pair"], "", float(r["result"]))
            for r in _rows("kops-chorzow-sm0807-imp/normalized/standings.csv")]  # fmt: skip


def _bbo_player(name: str) -> str:
    return "Robot" if name == "GiB" else name


def _bbo_pair(a: str, b: str) -> str:
    """BBO names a pair ``player+player`` in seat order (N+S, E+W), with its robot ``GiB`` called ``Robot``
    and listed after the human (``thebestcyc+Robot`` for GiB North, thebestcyc South)."""
    first, second = _bbo_player(a), _bbo_player(b)
    if first == "Robot" and second != "Robot":
        first, second = second, first
    return f"{first}+{second}"


def _bbo(relative: str, substitutes: dict[str, str] | None = None) -> Callable[[], Event]:
    """BBO travellers: four player columns and the combined result (``3NE-2``, ``5CxE-1``: contract, declarer,
    result), which the traveller reader reads in its ``result`` column.  Where BBO's score is ``N/A`` its result
    column holds an artificial adjusted score in BBO's own notation (``A==``: average for both sides), which the
    reader reads there as an adjusted line.  ``substitutes`` maps the
    players at the table to the registered pair they played for (a director's record of a substitute)."""
    subs = substitutes or {}

    def read() -> Event:
        def adapt() -> Iterator[dict[str, str]]:
            for r in _rows(relative):
                ns, ew = _bbo_pair(r["north"], r["south"]), _bbo_pair(r["east"], r["west"])
                yield {
                    "board": r["board"], "ns": subs.get(ns, ns), "ew": subs.get(ew, ew),
                    "result": r["result"], "score": r["points_ns"],
                }  # fmt: skip

        return _traveller(relative, adapt())

    return read


def _bbo_lines(relative: str, substitutes: dict[str, str] | None = None) -> Callable[[Event], list[LineRef]]:
    subs = substitutes or {}

    def refs(_event: Event) -> list[LineRef]:
        out = []
        for r in _rows(relative):
            ns = _float(r["score"])
            ew = None if ns is None else (100.0 - ns if r["score"].endswith("%") else -ns)
            ns_pair, ew_pair = _bbo_pair(r["north"], r["south"]), _bbo_pair(r["east"], r["west"])
            out.append(LineRef("", int(r["board"]), subs.get(ns_pair, ns_pair), subs.get(ew_pair, ew_pair), ns, ew))
        return out

    return refs


def _bbo_pairs(relative: str) -> Callable[[], list[PairRef]]:
    def refs() -> list[PairRef]:
        seen: dict[str, PairRef] = {}
        for r in _rows(relative):
            seen.setdefault(r["pair"], PairRef("", r["pair"], "", float(r["score"])))
        return list(seen.values())

    return refs


# --- the cases -------------------------------------------------------------------------------------------


def score_as(
    program: str, method: str | None = None, *, across_sections: bool = False, phantoms: tuple[str, ...] = ()
) -> ScoringOptions:
    """The options of ``bridgescore score --as PROGRAM`` with only what describes the event besides: its method
    where the program scores with more than one (``-m``), ``--across-sections``, ``--phantom``."""
    return scoring_options(
        method, {}, as_program=program, across_sections=across_sections, phantoms=frozenset(phantoms)
    )


def command_line(options: ScoringOptions) -> str:
    """The flags that give ``options`` (``--as jfr --phantom 18``), as the README's table prints them."""
    assert options.preset is not None
    flags = [f"--as {options.preset}"]
    if options.method.name != presets()[options.preset].method:
        flags.append(f"-m {options.method.name}")
    if options.across_sections:
        flags.append("--across-sections")
    flags.extend(f"--phantom {p}" for p in sorted(options.phantoms))
    return " ".join(flags)


#: Each event is scored with its program's ``--as`` flag and what describes the event only (``score_as``): BBO
#: matchpoints each board among its real results (no Neuberg), BriAn does so on a board with an artificial
#: score; JFR Pary uses Neuberg, with a phantom's line counted as no result.
ANNAMAR_SUBSTITUTES = {"g_sur+ozbay": "theo1961+ozbay"}

CASES: list[Case] = [
    Case(
        "usebio-ebu-examples/mp-pairs",
        "PairsScorer 7.2.93 (EBU)",
        _usebio("usebio-ebu-examples/original/mp-pairs.xml"),
        score_as("pairsscorer"),
        _usebio_lines("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
        "points",
        _usebio_pairs("usebio-ebu-examples/original/mp-pairs.xml", "percent"),
    ),
    Case(
        # Two sections matchpointed across the field (14 results, top 26); one board has 13 results and is
        # Neuberg-factored, (M+1)·N/n − 1; the A5050 line is an artificial score worth 50 % of the top.
        "usebio-ebu-examples/multi-section-pairs",
        "PairsScorer 7.2.93 (EBU)",
        _usebio("usebio-ebu-examples/original/multi-section-pairs.xml"),
        score_as("pairsscorer", across_sections=True),
        _usebio_lines("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
        "points",
        _usebio_pairs("usebio-ebu-examples/original/multi-section-pairs.xml", "percent"),
        known_pair_differences={
            # 30 of 32 percentages print as PairsScorer's from the exact matchpoints.  A2 and A14 print 0.01
            # higher: their exact percentages are 40.26486 and 47.91491, a hair under the half.  Summing the
            # Neuberg matchpoints rounded to 2 dp (round_board_points=2, as TeamsScorer does) fixes these two but
            # breaks A5 (66.9048 for 66.91) and A15 (54.3242 for 54.33); so do rounding to 1, 3 or 4 dp, rounding
            # only board 9 (the A5050 board) or only board 15, truncating, the mean of board percentages rounded
            # to 0–3 dp, double rounding of the percentage, single precision, and unfactored percentages on the
            # short boards.  Every pair's window is met by totals 0.0005–0.0019 MP above the exact ones.  One rule
            # fits all 32 percentages: Neuberg with its factor N/n rounded to 3 decimals (14/13 → 1.077, as when
            # a frequency table is factored by hand, EBU-style), e.g. A2's 3 and 6 MP become 3.308 and 6.539.  But
            # it does not fit PairsScorer's own printed lines (18.386 would print 18.39, the file says 18.38: the
            # lines come from the exact formula), so it would be a rule for the ranking only, fitted to two pairs of
            # one file; we do not adopt it without a second file that needs it.
            "2": "PairsScorer A2: 40.27 for the exact 40.2649 (a bias of <0.002 MP; no rounding rule fits all 32)",
            "14": "PairsScorer A14: 47.92 for the exact 47.9149 (as A2)",
        },
    ),
    Case(
        # Pianola: cross-IMPs averaged over the n−1 comparisons; a pair's total is factored by 24/16 when it
        # sat out one of the three 8-board matches (the standings' factoring, on by default).
        "usebio-ebu-examples/ximp-pairs",
        "Pianola 1.0 (EBU)",
        _usebio("usebio-ebu-examples/original/ximp-pairs.xml"),
        score_as("pianola"),
        _usebio_lines("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
        "points",
        _usebio_pairs("usebio-ebu-examples/original/ximp-pairs.xml", "total"),
        pair_value="total",
        known_pair_differences={
            # Pianola factors the total as printed (factor_printed_total): pair 2's −1.2857 → −1.29 × 24/16 =
            # −1.935 → −1.94; pair 4's 5.7143 → 5.71 × 24/16 = 8.565 → 8.57.
            # Pairs 16 and 17 (investigated; not explained by anything in the file).  Every line value is a sum of
            # IMP comparisons over 7, so totals are sevenths: Pianola's are 250/7 × 24/16 = 53.57 for pair 16 (sat
            # out boards 1–8) and 149/7 = 21.29 for pair 17 (played all 24), where their lines, which all
            # reproduce, sum to 262/7 and 197/7.  Pianola took 12 and 48 comparison-IMPs off.
            # * Not a re-scored board: 16 and 17 met on boards 17–24 and a table's two lines are exact negatives,
            #   so changing any score there moves them in opposite directions; a change anywhere else would move
            #   other pairs' lines, and all 17 other totals are the sums of the printed lines.
            # * Not factoring: 16's 250/7 is factored by exactly 24/16 like pairs 2 (sat out 9–16) and 4 (17–24);
            #   17 played every board.  Not rounding: the gaps are 2.57 and 6.86 IMPs.
            # * Not a sit-out or a missing pair: the file says PAIRS 18 but lists 17; the three sit-outs (16, 2, 4,
            #   one per match) are where pair 18 would have played, yet the lines of every match average over 7
            #   comparisons (8 tables), so no ninth table was ever scored.
            # So Pianola changed these two pairs' totals outside the traveller lines (a director's adjustment or
            # penalty, which USEBIO 1.2 has no element for); 12/7 and 48/7 IMPs are not a standard penalty size.
            "16": "Pianola pair 16: 18/7 below its lines' factored sum (unexplained; 16 and 17 met on 17–24)",
            "17": "Pianola pair 17: 48/7 below the sum of its lines (unexplained)",
        },
    ),
    Case(
        # Teams of four, scored pairwise as well (USEBIO PAIRWISE_SCORING_METHOD CROSS_IMPS): each line is
        # cross-IMPed against every other result of the board, averaged over n−1.  A pair's PAIR_IMPS is the
        # sum of its board values as printed (2 dp): ``round_board_points=2``.  Summing unrounded values
        # reproduces only 10 of 19 pairs within 0.01, summing the rounded ones all 19 to the last decimal.
        "usebio-ebu-examples/multiple-teams (pairwise)",
        "TeamsScorer 5.1.17 (EBU)",
        _usebio("usebio-ebu-examples/original/multiple-teams.xml"),
        score_as("teamsscorer"),
        _usebio_lines("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
        "points",
        _usebio_pairs("usebio-ebu-examples/original/multiple-teams.xml", "PAIR_IMPS"),
        pair_value="total",
    ),
    Case(
        # As above: 9 of 16 pairs with unrounded sums, 16 of 16 with the printed board values.
        "usebio-ebu-examples/point-a-board-teams (pairwise)",
        "EBUScoreTeams 1.1.3 (EBU)",
        _usebio("usebio-ebu-examples/original/point-a-board-teams.xml"),
        score_as("teamsscorer"),
        _usebio_lines("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
        "points",
        _usebio_pairs("usebio-ebu-examples/original/point-a-board-teams.xml", "PAIR_IMPS"),
        pair_value="total",
    ),
    Case(
        "usebio-realbridge",
        "RealBridge 1.3.7",
        _usebio("usebio-realbridge/original/usebio.xml"),
        score_as("realbridge"),
        _usebio_lines("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
        "points",
        _usebio_pairs("usebio-realbridge/original/usebio.xml", "percent"),
    ),
    Case(
        # BriAn: on board 21 (five real results and one A50/50) the real results are matchpointed among
        # themselves with top 8, not Neuberg-scaled to 10, and the A50/50 line gets 50 % of 8; a pair's
        # percentage is its matchpoints over the sum of the tops actually used.
        "usebio-brian-welwyn",
        "BriAn 213",
        _usebio("usebio-brian-welwyn/original/usebio.xml"),
        score_as("brian"),
        _usebio_lines("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
        "points",
        _usebio_pairs("usebio-brian-welwyn/original/usebio.xml", "percent"),
        pair_printed=single_precision,
    ),
    Case(
        # JFR Pary: per-board percentages over the real results; the phantom pair 18's opponents get 60 %
        # (the phantom 0 %, and it is not ranked).  Final standings were not captured.
        "jfr-pary-warsaw-wb120802",
        "JFR Pary 4.1.0.23",
        _jfr("jfr-pary-warsaw-wb120802/normalized/results.csv"),
        score_as("jfr", phantoms=("18",)),
        _jfr_lines("jfr-pary-warsaw-wb120802/normalized/results.csv"),
        "percent",
    ),
    Case(
        "jfr-pary-warsaw-wb130801",
        "JFR Pary 4.1.0.23",
        _jfr("jfr-pary-warsaw-wb130801/normalized/results.csv"),
        score_as("jfr"),
        _jfr_lines("jfr-pary-warsaw-wb130801/normalized/results.csv"),
        "percent",
    ),
    Case(
        # KoPS: cross-IMPs averaged over n−1 = 3 comparisons, each at most 17 IMPs (420 against −1660 on board
        # 22, a 2080-point difference, is 17 where the WBF scale gives 19: 14.67 = (12+15+17)/3, −15.67 =
        # −(16+14+17)/3); the boards against absent pair 6 give its opponents average (0 IMPs); totals are sums
        # of the unrounded board values.
        "kops-chorzow-sm0807-imp",
        "KoPS2www / JFR 2005",
        _kops,
        score_as("kops", "cross-imps", phantoms=("6",)),
        _kops_lines,
        "points",
        _kops_pairs,
        pair_value="total",
    ),
    Case(
        # BBO IMP pairs: cross-IMPs averaged over the other real results; A== rows score 0 and take no part.
        "bbo-skyclub-imp",
        "BBO tournament scorer",
        _bbo("bbo-skyclub-imp/normalized/results.csv"),
        score_as("bbo", "cross-imps"),
        _bbo_lines("bbo-skyclub-imp/normalized/results.csv"),
        "points",
        _bbo_pairs("bbo-skyclub-imp/normalized/standings.csv"),
        pair_value="total",
    ),
    Case(
        # BBO MP pairs with boards played by 16/15/11/9/6 tables: plain MP among each board's real results
        # (no Neuberg), A== is 50 %; a pair's percentage is the MEAN of its board percentages (not its
        # matchpoints over the sum of its tops, which differ per board here).
        # Board 1 was played by ozbay with the substitute g_sur: BBO credits it to the registered pair
        # theo1961+ozbay (its 53.00 % is the mean of five boards: 76.67 on board 1 with 50, 80, 58.33, 0).
        # The traveller shows only the players at the table, so the substitution is the director's input.
        "bbo-annamar-1538",
        "BBO tournament scorer",
        _bbo("bbo-annamar-1538/normalized/results.csv", ANNAMAR_SUBSTITUTES),
        score_as("bbo"),
        _bbo_lines("bbo-annamar-1538/normalized/results.csv", ANNAMAR_SUBSTITUTES),
        "percent",
        _bbo_pairs("bbo-annamar-1538/normalized/standings.csv"),
    ),
    Case(
        # Only 2 of the event's boards are present: per-line checks only (the standings cover all boards).
        "bbo-aba-17901",
        "BBO tournament scorer",
        _bbo("bbo-aba-17901/normalized/results.csv"),
        score_as("bbo"),
        _bbo_lines("bbo-aba-17901/normalized/results.csv"),
        "percent",
    ),
]


# --- comparing ---------------------------------------------------------------------------------------------


@dataclass
class Comparison:
    case: Case
    scored: ScoredEvent
    lines: int = 0
    lines_matched: int = 0
    line_misses: list[str] = field(default_factory=list)
    pairs: int = 0
    pairs_matched: int = 0
    pair_misses: list[str] = field(default_factory=list)
    unknown_pairs: list[str] = field(default_factory=list)
    missed_lines: list[tuple[int, str, str]] = field(default_factory=list)
    missed_pairs: list[str] = field(default_factory=list)


def _fmt(value: float | None) -> str:
    return "None" if value is None else f"{value:.4f}"


def _close(ours: float | None, ref: float | None, printed: Callable[[float], str] = two_decimals) -> bool:
    """Ours printed as the program prints it is the program's number (to the last decimal it prints)."""
    if ref is None:
        return True
    return ours is not None and not math.isnan(ours) and printed(ours) == printed(ref)


def compare(case: Case) -> Comparison:
    event = case.read()
    scored = score_event(event, case.options)
    ours: dict[tuple[int, str, str], tuple[float | None, float | None]] = {}
    for board in scored.boards:
        for line in board.lines():
            r: Result = line.result
            if case.line_values == "percent":
                ours[(r.board, r.ns_pair, r.ew_pair)] = (line.ns_percent, line.ew_percent)
            else:
                ours[(r.board, r.ns_pair, r.ew_pair)] = (line.ns_points, line.ew_points)
    out = Comparison(case, scored)
    for ref in case.line_refs(event):
        if ref.ns is None and ref.ew is None:
            continue
        key = (ref.board, ref.ns_pair, ref.ew_pair)
        out.lines += 1
        ns, ew = ours.get(key, (None, None))
        # JFR prints 0.00 for the phantom's side; bridgescore gives the phantom no score (it is not ranked).
        ref_ns = None if ref.ns_pair in case.options.phantoms else ref.ns
        ref_ew = None if ref.ew_pair in case.options.phantoms else ref.ew
        if _close(ns, ref_ns) and _close(ew, ref_ew):
            out.lines_matched += 1
        else:
            out.line_misses.append(
                f"board {ref.board} {ref.ns_pair}-{ref.ew_pair}: program {ref.ns}/{ref.ew}, "
                f"bridgescore {_fmt(ns)}/{_fmt(ew)}"
            )
            out.missed_lines.append(key)
    pair_refs = case.pair_refs() if case.pair_refs is not None else []
    if pair_refs:
        values = _pair_values(case, scored)
        for p in pair_refs:
            ours_value = values.get((p.section, p.pair, p.direction)) or values.get(("", p.pair, ""))
            out.pairs += 1
            if ours_value is None:
                out.unknown_pairs.append(p.pair)
            elif _close(ours_value, p.value, case.pair_printed):
                out.pairs_matched += 1
            else:
                out.pair_misses.append(f"pair {p.section}{p.pair}: program {p.value}, bridgescore {ours_value:.4f}")
                out.missed_pairs.append(p.pair)
    return out


def _pair_values(case: Case, scored: ScoredEvent) -> dict[tuple[str, str, str], float]:
    """Each pair's value as the program publishes it, keyed (section, pair, direction) and (“”, pair, “”)."""
    values: dict[tuple[str, str, str], float] = {}
    for standing in compute_standings(scored):
        for e in standing.entries:
            value = e.percent if case.pair_value == "percent" else e.total
            if value is None:
                continue
            direction = e.direction if e.direction in ("NS", "EW") else ""
            values[(e.section, e.pair, direction)] = value
            values.setdefault(("", e.pair, ""), value)
            values.setdefault((e.section, e.pair, ""), value)
    return values


def table() -> str:
    rows = [
        "| event | program | scored with | lines compared | matched | pairs compared | matched | notes |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for case in CASES:
        c = compare(case)
        notes = "; ".join(sorted(set(case.known_differences.values()) | set(case.known_pair_differences.values())))
        flags = command_line(case.options)
        rows.append(
            f"| {case.name} | {case.program} | `{flags}` | {c.lines} | {c.lines_matched} | {c.pairs} | "
            f"{c.pairs_matched} | {notes} |"
        )
        for miss in c.line_misses + c.pair_misses:
            rows.append(f"|  | | | | | | | {miss} |")
        if c.unknown_pairs:
            rows.append(f"|  | | | | | | | pairs not found: {', '.join(c.unknown_pairs)} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
