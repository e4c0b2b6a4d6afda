"""The rubber deal-file reader, the pad, its JSON and the ``bridgescore rubber`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.contract import Seat, Side
from bridgescore.core.problems import Severity
from bridgescore.rubber.read import load, loads, parse_entry, play_lines
from bridgescore.rubber.report import render_pad, render_state, sheet_json
from bridgescore.rubber.sheet import RubberOptions, Sheet

EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples"
runner = CliRunner()


def test_reader_reads_english_and_dutch_notation() -> None:
    text = (
        "spel;contract;leider;slagen;honneurs\n"
        "1;3SA;O;C;OW 150\n"  # 3NT by East made, four aces with EW
        "2;4SX-1;Z;;\n"  # combined entry, result in the contract column
        "3;Pas;;;\n"
        "4;2R;W;+1;NZ 100\n"  # 2D by West +1, NS (defenders) hold four trump honours
    )
    read = loads(text, "avond.csv")
    assert read.problems == ()
    deals = [line.deal for line in read.lines]
    assert deals[0].declarer is Seat.E and deals[0].tricks == 9 and deals[0].honours is not None
    assert deals[1].tricks == 9 and str(deals[1].contract) == "4SX" and deals[1].declarer is Seat.S
    assert deals[2].contract.is_passed_out
    assert deals[3].tricks == 9 and deals[3].honours is not None and deals[3].honours.side is Side.NS
    sheet, problems = play_lines(read.lines)
    assert problems == []
    # EW: 100 below (game) + 150 aces; doubled -1 NV: 100 to EW; EW 2D+1: 40 below + 20 above; NS 100 honours
    assert sheet.total(Side.EW, closed=False) == 100 + 150 + 100 + 40 + 20
    assert sheet.total(Side.NS, closed=False) == 100


def test_reader_reports_every_problem_with_line_and_column() -> None:
    text = (
        "deal,contract,declarer,tricks,honours\n"
        "1,4S,N,14,\n"  # 14 tricks
        "2,5Q,E,9,\n"  # no such strain
        "3,3NT,X,9,\n"  # no such seat
        "4,4H,S,10,NS 150 4 aces\n"  # unreadable honours
        "5,3NT,N,9,NS 100\n"  # four trump honours at no-trump
        "5,1C,N,7,\n"  # deal 5 twice
        "7,2S,,8,\n"  # declarer missing; deal 6 missing (a warning)
    )
    read = loads(text, "rubber.csv")
    found = {(p.location.line, p.location.field, p.severity) for p in read.problems}
    assert found == {
        (2, "tricks", Severity.ERROR),
        (3, "contract", Severity.ERROR),
        (4, "declarer", Severity.ERROR),
        (5, "honours", Severity.ERROR),
        (6, "honours", Severity.ERROR),
        (7, "deal", Severity.ERROR),
        (8, "declarer", Severity.ERROR),
        (8, "deal", Severity.WARNING),
    }
    assert all(p.location.file == "rubber.csv" for p in read.problems)
    assert read.lines == ()
    messages = " ".join(p.text() for p in read.problems)
    assert "14 tricks" in messages and "no-trump" in messages and "line 6 already" in messages


def test_reader_keeps_columns_it_does_not_know() -> None:
    read = loads("deal,contract,declarer,tricks,remarks\n1,4S,N,10,claimed\n", "r.csv")
    assert read.lines[0].extra == {"remarks": "claimed"}


def test_reader_refuses_a_file_without_contract_column_and_an_empty_file(tmp_path: Path) -> None:
    assert "no 'contract' column" in loads("deal,declarer\n1,N\n", "x.csv").problems[0].text()
    assert "empty" in loads("", "x.csv").problems[0].text()
    missing = load(tmp_path / "nothing.csv")
    assert missing.has_errors and "cannot read" in missing.problems[0].text()


def test_a_deal_after_the_rubber_ended_is_reported_with_its_line() -> None:
    read = loads("contract,declarer,tricks\n4S,N,10\n4S,N,10\n1C,E,7\n1C,E,7\n", "r.csv")
    sheet, problems = play_lines(read.lines)
    assert sheet.finished and sheet.total(Side.NS) == 120 + 120 + 700
    assert [(p.location.line, p.location.field) for p in problems] == [(4, "deal"), (5, "deal")]
    assert "rubber is over" in problems[0].text()


def test_pad_shows_both_columns_the_line_games_totals_and_settlement() -> None:
    sheet = Sheet.new().play_all(parse_entry(e) for e in ("2H S 9", "4S W 10", "3NT N 9", "2C E 8"))
    pad = render_pad(sheet)
    lines = pad.splitlines()
    assert lines[2].split() == ["NS", "│", "EW"]
    heavy = [i for i, line in enumerate(lines) if line.startswith("═")]
    assert len(heavy) == 2  # the line itself, and the line above the totals
    assert "Game 1 won by EW" in pad and "Game 2 won by NS" in pad
    # above the line, the latest entry is nearest the top (written upwards from the line)
    above = lines[4 : heavy[0]]
    assert "deal 1" in above[-1] and "overtricks" in above[-1]
    # unfinished one game each, EW has the only part score (40): EW 50
    assert "unfinished rubber: part score" in pad
    assert lines[heavy[1] + 1].split()[:3] == ["190", "│", "210"]  # NS 60+30+100; EW 120+40+50
    assert "EW wins by 20 points." in pad
    nl = render_pad(sheet, "nl", we=Side.EW)
    assert "Wij" in nl and "Zij" in nl and "boven de streep" in nl and "Manche 1 gewonnen door OW" in nl
    assert nl.splitlines()[heavy[1] + 1].split()[:3] == ["210", "│", "190"]  # We (EW) on the left
    assert "4S W C" in nl  # Dutch result notation


def test_state_line_for_the_table() -> None:
    sheet = Sheet.new().play_all(parse_entry(e) for e in ("2H S 8", "4S W 10"))
    state = render_state(sheet)
    assert "next deal 3" in state and "dealer S" in state and "vulnerable: EW" in state
    assert "part scores: NS 0, EW 0" in state and "games: NS 0, EW 1" in state
    chicago = render_state(Sheet.new(RubberOptions(chicago=True)))
    assert "next deal 1 / 4" in chicago and "vulnerable: nobody" in chicago


def test_json_has_the_documented_keys() -> None:
    sheet = Sheet.new().play_all(parse_entry(e) for e in ("4S N =", "1DXX E +2", "5CX S -4", "2NT W 8", "7H S 13"))
    data = sheet_json(sheet)
    for side in ("NS", "EW"):
        assert set(data[side]) >= {"above", "below", "total"}
        assert data[side]["total"] == sum(e["points"] for e in data[side]["above"]) + sum(
            g["total"] for g in data[side]["below"]
        )
    assert data["games"] == ["NS", "EW", "NS"] and data["finished"] is True
    assert data["winner"] == "NS" and data["margin"] == 580  # as the example, without the honours 150
    assert data["settlement"]["payer"] == "EW" and data["settlement"]["rounded"] == 580
    assert {
        "points": 500,
        "kind": "rubber",
        "reason": "rubber bonus",
        "deal": 5,
        "contract": "7H S =",
    } in data["NS"]["above"]
    assert [g["total"] for g in data["EW"]["below"]] == [0, 150, 0]


def test_every_label_has_a_dutch_text() -> None:
    """The pad's words live in the project's catalogue; every reason for points on the pad is translated."""
    from bridgescore.core.i18n import translator
    from bridgescore.rubber.sheet import EntryKind

    _ = translator("nl").gettext
    assert _("We") == "Wij" and _("They") == "Zij" and _("rubber bonus") == "robberpremie"
    untranslated = [kind.value for kind in EntryKind if _(kind.value) == kind.value]
    assert untranslated == []


# --- the command -------------------------------------------------------------------------------------------


def test_cli_prints_the_example_rubber() -> None:
    result = runner.invoke(app, ["rubber", str(EXAMPLES / "rubber.csv")])
    assert result.exit_code == 0, result.output
    assert "2480 │      1750" in result.output and "NS wins by 730 points." in result.output


def test_cli_json_chicago_with_stake_and_rounding() -> None:
    result = runner.invoke(app, ["rubber", str(EXAMPLES / "chicago.csv"), "--chicago", "--format", "json",
                                 "--stake", "1", "--rounding", "half-up"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["form"] == "chicago" and data["NS"]["total"] == 690 and data["EW"]["total"] == 600
    assert data["settlement"] == {"difference": 90, "rounding": "half-up", "rounded": 100, "payer": "EW",
                                  "payee": "NS", "stake_per_100": "1", "amount": "1.00"}  # fmt: skip


def test_cli_exit_2_with_all_problems_and_skip_invalid(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("deal,contract,declarer,tricks\n1,4S,N,10\n2,4S,N,14\n3,3NT,E,9\n", encoding="utf-8")
    result = runner.invoke(app, ["rubber", str(bad)])
    assert result.exit_code == 2
    assert "line 3" in result.output and "tricks" in result.output and "--skip-invalid" in result.output
    result = runner.invoke(app, ["rubber", str(bad), "--skip-invalid"])
    assert result.exit_code == 0 and "Game 1 won by NS" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--rounding", "sideways"],
        ["--stake", "a lot"],
        ["--partscore-bonus", "75"],
        ["--we", "XY"],
        ["-f", "xml"],
    ],
)
def test_cli_refuses_bad_options(args: list[str]) -> None:
    result = runner.invoke(app, ["rubber", str(EXAMPLES / "rubber.csv"), *args])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_cli_needs_a_file_or_interactive() -> None:
    assert runner.invoke(app, ["rubber"]).exit_code == 2


def test_cli_interactive_from_piped_input() -> None:
    result = runner.invoke(app, ["rubber", "--interactive"], input="4S N 10\nundo\n3NT E 9\n3NT E 9\n")
    assert result.exit_code == 0, result.output
    assert "undone: deal 1 (4S N =)" in result.output
    assert "EW wins by 900 points." in result.output  # 100 + 100 + 700


# --- an evening of several rubbers ---------------------------------------------------------------------------

SESSION = (
    "rubber,deal,contract,declarer,tricks\n"
    "1,1,4S,N,10\n"
    "1,2,4S,N,10\n"  # rubber 1: NS 120 + 120 + 700 = 940
    "2,1,3NT,E,9\n"  # rubber 2: EW game 100; NS part score 20; unfinished: EW 300, NS 50 -> NS 70, EW 400
    "2,2,1C,N,7\n"
    "2,3,PASS,,\n"
)


def test_several_rubbers_in_one_file_each_rounded_on_its_own() -> None:
    from bridgescore.rubber.read import play_rubbers
    from bridgescore.rubber.sheet import Rounding, settle_session

    read = loads(SESSION, "evening.csv")
    assert read.problems == () and read.numbered_rubbers
    sheets, problems = play_rubbers(read.lines)
    assert problems == [] and len(sheets) == 2
    assert [(s.total(Side.NS), s.total(Side.EW)) for s in sheets] == [(940, 0), (70, 400)]
    exact = settle_session(sheets)
    assert (exact.difference, exact.rounded, exact.payee) == (610, 610, Side.NS)
    rounded = settle_session(sheets, rounding=Rounding.HALF_UP)  # 940 -> 900, 330 -> 300: 600
    assert (rounded.difference, rounded.rounded, rounded.payer) == (610, 600, Side.EW)


def test_rubber_numbers_must_not_go_back() -> None:
    read = loads("rubber,contract,declarer,tricks\n2,4S,N,10\n1,4S,N,10\nx,1C,N,7\n", "e.csv")
    assert [(p.location.line, p.location.field) for p in read.problems] == [(3, "rubber"), (4, "rubber")]


def test_cli_session_json(tmp_path: Path) -> None:
    evening = tmp_path / "evening.csv"
    evening.write_text(SESSION, encoding="utf-8")
    result = runner.invoke(app, ["rubber", str(evening), "-f", "json", "--rounding", "half-down"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["finished"] for r in data["rubbers"]] == [True, False]
    assert data["session"]["NS"] == 1010 and data["session"]["EW"] == 400
    assert data["session"]["settlement"]["rounded"] == 600  # 940 -> 900, 330 -> 300 (half-down)
