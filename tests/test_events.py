"""Events as they are: sections, Mitchell and Howell, phantoms, factoring, shared places, checks, reports."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.io import load_event
from bridgescore.io.csv import loads
from bridgescore.pairs.checks import run_checks
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.crossimps import CrossImps
from bridgescore.pairs.report.json import SCHEMA, to_dict
from bridgescore.pairs.scored import Movement, ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings, format_percent

runner = CliRunner()

TWO_SECTIONS = """section,board,ns,ew,score
A,1,1,2,420
A,1,3,4,450
B,1,1,2,400
B,1,3,4,-100
"""


def test_sections_are_scored_separately_or_across() -> None:
    separate = score_event(loads(TWO_SECTIONS, "s.csv"))
    assert [b.section for b in separate.boards] == ["A", "B"] and all(b.top == 2 for b in separate.boards)
    across = score_event(loads(TWO_SECTIONS, "s.csv"), ScoringOptions(across_sections=True))
    (board,) = across.boards
    assert board.top == 6 and [line.ns_points for line in board.lines()] == [4, 6, 2, 0]
    groups = {(s.section, s.group) for s in compute_standings(across)}
    assert groups == {("*", "NS"), ("*", "EW")}


HOWELL = """board,ns,ew,score
1,1,2,420
1,3,4,450
2,2,3,100
2,4,1,-50
"""


def test_howell_is_recognised_and_ranked_as_one_field() -> None:
    scored = score_event(loads(HOWELL, "h.csv"))
    assert scored.movements[""] is Movement.HOWELL
    (standing,) = compute_standings(scored)
    assert standing.group == "all" and len(standing.entries) == 4
    forced = score_event(loads(HOWELL, "h.csv"), ScoringOptions(movement=Movement.MITCHELL))
    assert {s.group for s in compute_standings(forced)} == {"NS", "EW"}


def test_shared_places() -> None:
    text = "board,ns,ew,score\n1,1,2,420\n1,3,4,420\n1,5,6,100\n"
    (ns, _ew) = compute_standings(score_event(loads(text, "t.csv")))
    assert [(e.pair, e.place_label) for e in ns.entries] == [("1", "1="), ("3", "1="), ("5", "3")]


def test_phantom_pair_gives_its_opponents_average_and_is_not_ranked() -> None:
    text = "board,ns,ew,score,remarks\n1,1,2,420,\n1,3,4,450,\n1,5,6,400,\n1,7,99,,N.G.\n"
    scored = score_event(loads(text, "p.csv"), ScoringOptions(phantoms=frozenset({"99"})))
    line = next(line for line in scored.boards[0].lines() if line.result.ew_pair == "99")
    assert line.ns_percent == 50 and line.ew_points is None
    pairs = {e.pair for s in compute_standings(scored) for e in s.entries}
    assert "99" not in pairs and "7" in pairs


def test_factoring_of_imp_totals() -> None:
    text = "board,ns,ew,score,remarks\n1,1,2,420,\n1,3,4,-50,\n2,1,2,100,\n2,3,4,,N.G.\n2,5,6,-100,\n1,5,6,450,\n"
    scored = score_event(loads(text, "f.csv"), ScoringOptions(method=CrossImps()))
    (ns, _ew) = compute_standings(scored)
    entry = next(e for e in ns.entries if e.pair == "3")
    assert entry.boards == 1 and entry.total == 2 * entry.unfactored_total


def test_checks_catch_a_wrong_score_and_a_pair_twice() -> None:
    contract = parse_contract("4S")
    results = (
        Result(1, "1", "2", ResultStatus.PLAYED, contract=contract, declarer=Seat.N, tricks=10, ns_score=450),
        Result(1, "1", "4", ResultStatus.PLAYED, ns_score=-50),
    )
    checks = {c.name: c for c in run_checks(score_event(Event(results)))}
    assert not checks["scores match contracts"].ok and "+420" in checks["scores match contracts"].detail
    assert not checks["pair once per board"].ok and "pair 1" in checks["pair once per board"].detail


def test_percent_printing_rounds_half_up() -> None:
    assert format_percent(62.125) == "62.13" and format_percent(34.375) == "34.38" and format_percent(50) == "50.00"


def test_json_schema_on_the_bundled_example() -> None:
    scored = score_event(load_event("src/bridgescore/examples/club-evening.csv"), ScoringOptions(method=Butler()))
    data = to_dict(scored)
    assert data["schema"] == SCHEMA
    board = data["boards"][0]
    assert set(board) >= {"section", "board", "datum", "results"}
    assert set(board["results"][0]) >= {
        "ns_pair",
        "ew_pair",
        "contract",
        "declarer",
        "tricks",
        "lead",
        "ns_score",
        "status",
        "ns_points",
        "ew_points",
        "ns_percent",
        "ew_percent",
    }
    entry = data["standings"][0]["entries"][0]
    assert set(entry) >= {"place", "place_label", "section", "pair", "names", "boards", "total", "percent", "average"}
    assert {c["name"] for c in data["checks"]} >= {"board mirror", "table totals", "zero sum"}
    json.dumps(data)


def test_score_command(tmp_path: object) -> None:
    example = "src/bridgescore/examples/club-evening.csv"
    for method in ("matchpoints", "butler", "bastille", "cross-imps"):
        result = runner.invoke(app, ["score", example, "--method", method, "--format", "json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["method"] == method
    text = runner.invoke(app, ["score", example, "--boards"])
    assert text.exit_code == 0 and "datum" not in text.output and "top" in text.output
    csv_out = runner.invoke(app, ["score", example, "-m", "butler", "--format", "csv", "--boards"])
    assert csv_out.exit_code == 0 and csv_out.output.startswith("section,board,ns,ew")
    assert runner.invoke(app, ["score", example, "--method", "nonsense"]).exit_code == 2
    assert runner.invoke(app, ["score", "missing.csv"]).exit_code == 2
    assert runner.invoke(app, ["score", "events.xlsx"]).exit_code == 2


def test_bad_lines_stop_the_score_command_unless_skipped(tmp_path: object) -> None:
    from pathlib import Path

    bad = Path(str(tmp_path)) / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,9S,N,10\n", encoding="utf-8")
    stopped = runner.invoke(app, ["score", str(bad)])
    assert stopped.exit_code == 2 and "line 3" in stopped.output
    going_on = runner.invoke(app, ["score", str(bad), "--skip-invalid"])
    assert going_on.exit_code == 0 and "line 3" in going_on.output
