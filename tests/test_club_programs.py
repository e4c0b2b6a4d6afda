"""Issue 18: the conventions of programs whose results clubs publish, each an ``--as`` preset (``presets.toml``).
Where no printout of the program is at hand the cases are small and worked by hand from the stated rule, with the
arithmetic in the docstring, so that each fails without the convention."""

from __future__ import annotations

import io
import json
import math
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bridgescore.api import read
from bridgescore.cli import app
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.i18n import format_number, print_rounding
from bridgescore.pairs.presets import scoring_options
from bridgescore.pairs.report import text
from bridgescore.pairs.report.text import render_text
from bridgescore.pairs.scored import ScoredEvent, own_matchpoints, score_event
from bridgescore.pairs.standings import compute_standings, format_percent


def _board(number: int, scores: list[int]) -> list[Result]:
    return [Result(number, f"n{i}", f"e{i}", ResultStatus.PLAYED, ns_score=s) for i, s in enumerate(scores)]


def _scored(event: Event, program: str | None, method: str | None = None, **given: object) -> ScoredEvent:
    return score_event(event, scoring_options(method, given, as_program=program))


def _ns_totals(scored: ScoredEvent) -> dict[str, float]:
    return {e.pair: e.total for s in compute_standings(scored) for e in s.entries if e.direction == "NS"}


# --- ScoreBridge ---------------------------------------------------------------------------------------------------


def test_scorebridge_rounds_each_lines_neuberg_matchpoints_to_one_decimal_before_the_totals() -> None:
    """Board 1 is played by 12 tables (top 22), board 2 by 11 (top 20, fitted to 22 by Neuberg).
    NS n10 scores 110 on both: 20 matchpoints on board 1; on board 2 (20 + 1)·12/11 − 1 = 21.909 → 21.9
    (22 × 0.995 = 21.9 → 99.55 %, exact 99.59 %).  Its total 20 + 21.9 = 41.9 (exact 41.909).
    NS n3 scores 40 on both: 6, and (6 + 1)·12/11 − 1 = 6.636 → 6.6; total 12.6 (exact 12.636)."""
    event = Event(tuple(_board(1, list(range(10, 121, 10))) + _board(2, list(range(10, 111, 10)))))
    scorebridge, exact = _scored(event, "scorebridge"), _scored(event, None)
    lines = {line.ns_score: line for line in scorebridge.boards[1].lines()}
    assert (lines[110].ns_points, lines[40].ns_points) == (21.9, 6.6)
    assert format_percent(lines[110].ns_percent or 0.0, 2) == "99.55"
    exact_lines = {line.ns_score: line for line in exact.boards[1].lines()}
    assert format_percent(exact_lines[110].ns_percent or 0.0, 2) == "99.59"
    totals, exact_totals = _ns_totals(scorebridge), _ns_totals(exact)
    assert totals["n10"] == pytest.approx(41.9) and totals["n3"] == pytest.approx(12.6)
    assert exact_totals["n10"] == pytest.approx(20 + 21 * 12 / 11 - 1)


# --- Compscore3 ----------------------------------------------------------------------------------------------------


def _butler_board(number: int, ns_scores: dict[str, int]) -> list[Result]:
    return [Result(number, ns, f"e{ns}", ResultStatus.PLAYED, ns_score=s) for ns, s in ns_scores.items()]


def test_compscore_datum_drops_the_best_and_worst_from_four_scores_and_rounds_halves_away_from_zero() -> None:
    """4 scores 110, 120, 130, 1000: 110 and 1000 left out, (120 + 130)/2 = 125 → 130 (halves away from zero;
    halves toward zero, the NBB's rounding, give 120).  3 scores 110, 120, 1000: all count, 1230/3 = 410
    (drop:1 would leave 120, the NBB's small field (110 + 2·120 + 1000)/4 = 337.5 → 340)."""
    four = Event(tuple(_butler_board(1, {"1": 110, "2": 120, "3": 130, "4": 1000})))
    three = Event(tuple(_butler_board(1, {"1": 110, "2": 120, "3": 1000})))
    assert _scored(four, "compscore", "butler").boards[0].datum == 130
    assert _scored(three, "compscore", "butler").boards[0].datum == 410
    assert _scored(four, None, "butler", datum="drop:1").boards[0].datum == 120  # halves toward zero
    assert _scored(three, None, "butler").boards[0].datum == 340
    assert _scored(three, None, "butler", datum="drop:1").boards[0].datum == 120
    assert _scored(three, None, "butler", datum="drop:1:4").boards[0].datum == 410


def test_compscore_factors_a_pair_whose_table_missed_boards_but_not_a_pair_that_sat_out() -> None:
    """Five boards, three tables a board (datum: the mean, fewer than four scores):
      boards 1, 2: A 100, B 100, C 400 → datum 200: A −3, B −3, C +5
      boards 3, 4: A 100, B 400, D 100 → datum 200: A −3, B +5, D −3      (C sits out: the boards are full)
      board 5:     A 100, C 600        → datum 350: A −6, C +6            (B's table missed it: short)
    NS totals: A −18 on 5 boards; B +4 on 4, its table missed board 5: 4 × 5/4 = +5; C +16 on 3, a sit-out:
    +16 unfactored (the EBU's and ACBLscore's factoring: 16 × 5/3 = 26.67)."""
    boards = [_butler_board(b, {"A": 100, "B": 100, "C": 400}) for b in (1, 2)]
    boards += [_butler_board(b, {"A": 100, "B": 400, "D": 100}) for b in (3, 4)]
    boards.append(_butler_board(5, {"A": 100, "C": 600}))
    event = Event(tuple(line for board in boards for line in board))
    entries = {
        e.pair: e
        for s in compute_standings(score_event(event, scoring_options("butler", {}, as_program="compscore")))
        for e in s.entries
    }
    assert [entries[p].unfactored_total for p in "ABC"] == [-18, 4, 16]
    assert (entries["A"].total, entries["B"].total, entries["C"].total) == (-18, 5, 16)
    given = {
        e.pair: e
        for s in compute_standings(
            score_event(event, scoring_options("butler", {"factor_sit_outs": True}, as_program="compscore"))
        )
        for e in s.entries
    }
    assert given["C"].total == pytest.approx(16 * 5 / 3)  # the director's option over the program's: factored
    assert given["B"].total == 5


# --- Compscore3's travellers: a short board's own matchpoints, Neuberg's beside them -------------------------------

_SHORT_EVENT = """board,ns,ew,score
1,1,11,420
1,2,12,450
1,3,13,-50
1,4,14,420
2,1,11,110
2,2,12,140
2,3,13,-100
"""


def _short_event(tmp_path: Path) -> Path:
    """Board 1 played at 4 tables (top 6), board 2 at 3 (NS 4 – EW 14 did not play it): top 4 of its own, fitted by
    Neuberg to 6.  Board 1: 420 beats −50 and ties 420, 2 + 1 = 3; 450 beats all three, 6; −50 none, 0.
    Board 2 among its 3 results: 110 → 2, 140 → 4, −100 → 0 (EW 2, 0, 4).  Neuberg, (M + 1)·4/3 − 1:
    2 → 3, 4 → 5.667, 0 → 0.333.  NS 2's total is 6 + 5.667 = 11.67 of 12, 97.22 % (with its own 4 it would be
    10, 83.33 %); NS 1's 3 + 3 = 6, 50 %."""
    path = tmp_path / "short-board.csv"
    path.write_text(_SHORT_EVENT, encoding="utf-8")
    return path


def _text(scored: ScoredEvent) -> str:
    out = io.StringIO()
    with print_rounding(scored.options.print_rounding):
        render_text(scored, Console(file=out, width=200, color_system=None), boards=True)
    return out.getvalue()


def _rows(report: str, board_heading: str) -> dict[str, list[str]]:
    """The traveller under ``board_heading`` as cells by NS pair (drawn or plain columns alike)."""
    lines = report.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(board_heading))
    rows: dict[str, list[str]] = {}
    for line in lines[start + 1 :]:
        if line.startswith(("Board", "North-South")):
            break
        cells = [c for c in line.replace("│", " ").split() if c]
        if cells and cells[0].isdigit():
            rows[cells[0]] = cells
    return rows


@pytest.mark.parametrize("plain", [False, True], ids=["drawn", "plain columns"])
def test_compscore_traveller_prints_a_short_boards_own_matchpoints_while_the_totals_use_neubergs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plain: bool
) -> None:
    if plain:
        monkeypatch.setattr(text, "PLAIN_ROWS", 0)
    event = read(_short_event(tmp_path))
    compscore, default = _scored(event, "compscore"), _scored(event, None)
    report = _text(compscore)
    assert "Board 2 – top 4 (Neuberg 6)" in report
    rows = _rows(report, "Board 2")
    # NS, EW, contract-less score, own NS and EW points, Neuberg NS and EW to one decimal, then the percentages
    assert rows["1"][2:] == ["+110", "2", "2", "3.0", "3.0", "50.00", "50.00"]
    assert rows["2"][2:] == ["+140", "4", "0", "5.7", "0.3", "94.44", "5.56"]
    assert rows["3"][2:] == ["-100", "0", "4", "0.3", "5.7", "5.56", "94.44"]
    assert _rows(report, "Board 1 – top 6")["2"][2:] == ["+450", "6", "0", "100.00", "0.00"]  # a full board: as ever
    totals = {e.pair: (e.total, e.percent) for s in compute_standings(compscore) for e in s.entries}
    assert totals["2"] == pytest.approx((6 + 5 * 4 / 3 - 1, (6 + 5 * 4 / 3 - 1) / 12 * 100))  # Neuberg's, not 10
    assert _ns_totals(compscore) == _ns_totals(default)  # print only: no total changes
    plain_report = _text(default)  # without the option the traveller is Neuberg's, to two decimals
    assert "NS Neuberg" not in plain_report and _rows(plain_report, "Board 2")["2"][2:5] == ["+140", "5.67", "0.33"]
    given = _text(_scored(event, "compscore", traveller_own_points=False))  # the director's option over the preset
    assert given == _text(replace(compscore, options=replace(compscore.options, traveller_own_points=False)))
    assert "NS Neuberg" not in given


def test_compscore_json_keeps_the_neuberg_points_beside_a_short_boards_own(tmp_path: Path) -> None:
    path = _short_event(tmp_path)
    data = json.loads(CliRunner().invoke(app, ["score", str(path), "--as", "compscore", "-f", "json"]).output)
    assert data["options"]["traveller_own_points"] is True
    full, short = data["boards"]
    assert "own_top" not in full and all("ns_own_points" not in r for r in full["results"])
    assert (short["top"], short["own_top"]) == (6, 4)
    own = [(r["ns_own_points"], r["ew_own_points"]) for r in short["results"]]
    fitted = [(r["ns_points"], r["ew_points"]) for r in short["results"]]
    assert own == [(2, 2), (4, 0), (0, 4)]
    assert fitted == [(3, 3), (5.666667, 0.333333), (0.333333, 5.666667)]
    default = json.loads(CliRunner().invoke(app, ["score", str(path), "-f", "json"]).output)
    assert "traveller_own_points" not in default["options"] and "own_top" not in default["boards"][1]


def test_compscore_page_prints_a_short_boards_own_matchpoints_and_neubergs_to_one_decimal(tmp_path: Path) -> None:
    path, page = _short_event(tmp_path), tmp_path / "page.html"
    result = CliRunner().invoke(app, ["score", str(path), "--as", "compscore", "-f", "html", "-o", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    short = html[html.index('data-json="boards/1"') :]
    assert "Top 4 (Neuberg 6)" in short and "Top 4" not in html[: html.index('data-json="boards/1"')]
    row = short[short.index('data-json="boards/1/results/1"') :].split("</tr>")[0]  # NS 2 – EW 12, +140
    cells = dict(re.findall(r'data-field="(\w+)">([^<]*)<', row))
    assert (cells["ns_own_points"], cells["ew_own_points"]) == ("4", "0")
    assert (cells["ns_points"], cells["ew_points"], cells["ns_percent"]) == ("5.7", "0.3", "94.44")
    default = tmp_path / "default.html"
    assert CliRunner().invoke(app, ["score", str(path), "-f", "html", "-o", str(default)]).exit_code == 0
    assert 'data-field="ns_points">5.67<' in default.read_text(encoding="utf-8")
    assert "own_points" not in default.read_text(encoding="utf-8")


def test_own_matchpoints_of_an_award_and_on_the_acbl_scale(tmp_path: Path) -> None:
    """Board 2 with an A60/40 at the fourth table: 3 scores compared, fitted to 4 (top 6).  The award is 60 % of 6,
    3.6, and of the board's own top 4, 2.4 (EW 40 %: 2.4 and 1.6).  On the ACBL scale (½ per tie) the own points
    are halved: 110 → 1, 140 → 2, −100 → 0, of a top 2 (Neuberg: (M + ½)·4/3 − ½, 1.5 → 1.5 for 110)."""
    event = read(_short_event(tmp_path))
    adjusted = Result(2, "4", "14", ResultStatus.ADJUSTED, remarks="A60/40")
    with_award = _scored(Event((*event.results, adjusted)), "compscore")
    ns, ew, tops = own_matchpoints(with_award) or (None, None, None)
    assert ns is not None and ew is not None and tops is not None
    short = slice(int(with_award.lines.board_starts[1]), None)
    pairs = {(round(a, 6), round(b, 6)) for a, b in zip(ns[short].tolist(), ew[short].tolist(), strict=True)}
    assert pairs == {(0, 4), (2, 2), (2.4, 1.6), (4, 0)}
    assert tops.tolist()[1] == 4 and math.isnan(tops.tolist()[0])
    acbl = own_matchpoints(_scored(event, "compscore", acbl_scale=True))
    assert acbl is not None and acbl[0][4:].tolist() == pytest.approx([1, 2, 0]) and acbl[2].tolist()[1] == 2
    assert own_matchpoints(_scored(event, None)) is None  # off by default


def test_compscore_prints_a_neuberg_value_to_one_decimal_with_a_half_to_even() -> None:
    """Board 2 played at 4 tables of 5: Neuberg's (M + 1)·5/4 − 1 gives 0.25 for the bottom (M 0), 2.75 for 2
    (M 2), 5.25 for M 4 and 7.75 for the top (M 6).  To one decimal, halves to even: 0.2, 2.8, 5.2, 7.8 (halves
    up: 0.3, 2.8, 5.3, 7.8)."""
    lines = [Result(b, str(ns), str(ns + 10), ResultStatus.PLAYED, ns_score=10 * ns) for b, n in ((1, 5), (2, 4))
             for ns in range(1, n + 1)]  # fmt: skip
    event = Event(tuple(lines))
    report = _text(_scored(event, "compscore"))
    rows = _rows(report, "Board 2 – top 6 (Neuberg 8)")
    assert [rows[str(ns)][-4] for ns in range(1, 5)] == ["0.2", "2.8", "5.2", "7.8"]  # NS Neuberg
    half_up = _text(_scored(event, "compscore", print_rounding="half-up"))
    assert [_rows(half_up, "Board 2")[str(ns)][-4] for ns in range(1, 5)] == ["0.3", "2.8", "5.3", "7.8"]


# --- JFR Pary at Butler --------------------------------------------------------------------------------------------


def test_jfr_pary_at_butler_gives_average_plus_1_2_imps_and_0_12_per_percent() -> None:
    """JFR Pary's Butler: average-plus +1.2 IMPs; a percentage (p − 50) × 0.12: A60/40 is +1.2/−1.2 (the
    defaults give +3/−3).  A phantom's opponents get 60 %: +1.2."""
    options = scoring_options("butler", {}, as_program="jfr")
    assert (options.adjustments.plus_imps, options.adjustments.minus_imps) == (1.2, -1.2)
    assert options.adjustments.imps_per_percent == 0.12
    lines = [*_board(1, [100, 200, 300]), Result(1, "n9", "e9", ResultStatus.ADJUSTED, remarks="A60/40")]
    scored = score_event(Event(tuple(lines)), options)
    adjusted = next(line for line in scored.boards[0].lines() if line.result.ns_pair == "n9")
    assert (adjusted.ns_points, adjusted.ew_points) == pytest.approx((1.2, -1.2))
    default = score_event(Event(tuple(lines)), scoring_options("butler", {}))
    assert next(line for line in default.boards[0].lines() if line.result.ns_pair == "n9").ns_points == 3.0


# --- how printed values round a half ------------------------------------------------------------------------------


def _one_board_csv(tmp_path: Path) -> Path:
    """One board of 81 results (top 160): NS 1 beats 38 scores and ties one, 2·38 + 1 = 77 matchpoints,
    77/160 = 48.125 % exactly – RealBridge prints 48.12 (half to even), the NBB's programs and EBUScore 48.13."""
    scores = [500, *range(10, 390, 10), 500, *range(1000, 1410, 10)]  # NS 1 scores 500
    assert len(scores) == 81 and sum(s < 500 for s in scores) == 38 and scores.count(500) == 2
    rows = [f"1,{i + 1},{i + 101},{s}" for i, s in enumerate(scores)]
    path = tmp_path / "one-board.csv"
    path.write_text("board,ns,ew,score\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_realbridge_prints_a_percentage_that_is_exactly_a_half_to_even(tmp_path: Path) -> None:
    path = _one_board_csv(tmp_path)
    half_even = CliRunner().invoke(app, ["score", str(path), "--as", "realbridge", "--boards"])
    half_up = CliRunner().invoke(app, ["score", str(path), "--boards"])
    assert half_even.exit_code == 0 and half_up.exit_code == 0, half_even.output
    assert "48.12" in half_even.output and "48.13" not in half_even.output
    assert "48.13" in half_up.output and "48.12" not in half_up.output
    given = CliRunner().invoke(app, ["score", str(path), "--as", "realbridge", "--print-rounding", "half-up"])
    assert "48.13" in given.output  # the director's option over the program's
    data = json.loads(CliRunner().invoke(app, ["score", str(path), "--as", "realbridge", "-f", "json"]).output)
    assert data["options"]["print_rounding"] == "half-even"
    ranked = {e["pair"]: e["percent"] for s in data["standings"] for e in s["entries"]}
    assert ranked["1"] == pytest.approx(48.125)  # the JSON is not rounded


def test_print_rounding_is_only_within_its_block() -> None:
    assert (format_percent(48.125), format_number(48.125, "nl", 2)) == ("48.13", "48,13")
    with print_rounding("half-even"):
        assert (format_percent(48.125), format_number(48.125, "nl", 2)) == ("48.12", "48,12")
        assert format_percent(48.135) == "48.14"  # not a tie between two even digits: to even is up
    assert format_percent(48.125) == "48.13"


def test_an_unknown_print_rounding_is_refused_with_words(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["score", str(_one_board_csv(tmp_path)), "--print-rounding", "bankers"])
    assert result.exit_code == 2 and "--print-rounding is half-up or half-even, not 'bankers'" in result.output
    assert "Traceback" not in result.output


# --- KoPS: a comparison at most 17 IMPs ---------------------------------------------------------------------------


def test_kops_cross_imps_cap_each_comparison_at_17_imps() -> None:
    """KoPS's Chorzów board 22: 420 against −1660 is a 2080-point difference, 19 IMPs on the WBF scale
    (2000–2240), 17 in KoPS – each comparison at most 17 IMPs, as the Polish "Cavendish uśredniony" caps it."""
    event = Event(tuple(_board(1, [420, -1660, 400])))
    kops = {line.ns_score: line.ns_points for line in _scored(event, "kops", "cross-imps").boards[0].lines()}
    wbf = {line.ns_score: line.ns_points for line in _scored(event, None, "cross-imps").boards[0].lines()}
    assert kops[420] == pytest.approx((17 + 1) / 2) and wbf[420] == pytest.approx((19 + 1) / 2)  # 420 − 400: 1 IMP
    assert kops[-1660] == pytest.approx(-(17 + 17) / 2) and wbf[-1660] == pytest.approx(-(19 + 19) / 2)


def test_an_imp_cap_beyond_the_scale_is_refused_with_words(tmp_path: Path) -> None:
    path = _one_board_csv(tmp_path)
    result = CliRunner().invoke(app, ["score", str(path), "-m", "cross-imps", "--imp-cap", "30"])
    assert result.exit_code == 2, result.output
    assert "--imp-cap is the most IMPs one comparison is worth, from 1 to 24, not 30" in result.output
    assert CliRunner().invoke(app, ["score", str(path), "--imp-cap", "17"]).exit_code == 2  # not at matchpoints
