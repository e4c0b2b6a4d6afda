"""The traveller CSV reader and the ``check`` command: every mistake found, with its place, in one run."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.event import ResultStatus
from bridgescore.core.problems import Severity
from bridgescore.io import csv as traveller_csv

DATA = Path(__file__).resolve().parent / "data" / "travellers"
runner = CliRunner()


def messages(path: Path) -> list[str]:
    return [str(p) for p in traveller_csv.load(path).problems]


def test_every_mistake_is_reported_with_its_location() -> None:
    found = messages(DATA / "mistakes.csv")
    expected = [
        ("line 3, column 'contract'", "'4Q' is not a contract"),
        ("line 4, column 'result'", "14 tricks is impossible"),
        ("line 5, column 'board'", "board '0' does not exist"),
        ("line 6, column 'ew'", "pair 9 is written as both North-South and East-West"),
        ("line 8", "duplicate line"),
        ("line 9, column 'declarer'", "has no declarer"),
        ("line 11, column 'result'", "7NT+1 is impossible"),
        ("line 12, column 'contract'", "neither a contract nor a score"),
        ("line 13, column 'score'", "does not match 2H N taking 8 tricks"),
        ("line 14, column 'board'", "board 'x' does not exist"),
        ("line 15, column 'ns'", "North-South pair missing"),
        ("line 16, column 'result'", "1S-8 is impossible"),
        ("line 17, column 'score'", "'abc' is not a score"),
    ]
    assert len(found) == len(expected), found
    for (where, what), message in zip(expected, found, strict=True):
        assert where in message and what in message, (where, what, message)


def test_valid_lines_are_kept_with_unknown_columns() -> None:
    event = traveller_csv.load(DATA / "mistakes.csv")
    lines = {(r.board, r.ns_pair): r for r in event.results}
    assert set(lines) == {(1, "1"), (2, "1"), (2, "5")}
    assert lines[(1, "1")].extra == {"Table": "1"}
    assert lines[(2, "5")].ns_score == -420


def test_file_level_mistakes() -> None:
    assert "the file is empty" in messages(DATA / "empty.csv")[0]
    assert "not a text file" in messages(DATA / "binary.csv")[0]
    assert "neither a 'contract' nor a 'score' column" in messages(DATA / "no-contract-column.csv")[0]
    assert "cannot read the file" in messages(DATA / "does-not-exist.csv")[0]
    header = traveller_csv.loads("bord,ns\n1,2\n", "x.csv").problems
    assert [p.location.field for p in header] == ["ew", "contract"]


def test_dutch_tab_separated_file_with_bom() -> None:
    event = traveller_csv.load(DATA / "dutch-tabs-bom.csv")
    assert not event.problems
    statuses = [(r.board, r.status, r.ns_score) for r in event.results]
    assert statuses == [
        (1, ResultStatus.PLAYED, 400),
        (2, ResultStatus.PLAYED, 50),
        (3, ResultStatus.NOT_PLAYED, None),
        (4, ResultStatus.PASSED_OUT, 0),
        (5, ResultStatus.PLAYED, -620),
    ]
    assert event.results[0].describe_contract("nl") == "3SA Z C"


def test_semicolon_file_and_synonyms() -> None:
    text = "Spel;NZ;OW;Contract;Door;Resultaat;Uitkomst;Opmerking\n7;3;4;4♠X;W;-3;♥A;\n7;5;6;;;;;G+\n"
    event = traveller_csv.loads(text, "club.csv")
    assert not event.problems
    first, second = event.results
    assert (first.board, first.ns_pair, first.ew_pair, first.ns_score, first.lead) == (7, "3", "4", 800, "♥A")
    assert second.status is ResultStatus.ADJUSTED and second.remarks == "G+"


def test_combined_result_column_and_ew_score_column() -> None:
    text = "board,ns_pair,ew_pair,result,score_ew\n1,1,2,3NE-2,-100\n2,1,2,PASS,\n"
    event = traveller_csv.loads(text)
    assert not event.problems, event.problems
    assert [r.ns_score for r in event.results] == [100, 0]


def test_check_command_exit_codes() -> None:
    bad = runner.invoke(app, ["check", str(DATA / "mistakes.csv"), str(DATA / "empty.csv")])
    assert bad.exit_code == 2
    assert "Traceback" not in bad.output
    assert "empty.csv: the file is empty" in bad.output
    skipped = runner.invoke(app, ["check", "--skip-invalid", str(DATA / "mistakes.csv")])
    assert skipped.exit_code == 0
    good = runner.invoke(app, ["check", str(DATA / "dutch-tabs-bom.csv"), "--notation", "nl"])
    assert good.exit_code == 0, good.output
    assert "3SA Z C" in good.output


def test_contract_command() -> None:
    res = runner.invoke(app, ["contract", "4SX-2", "--declarer", "N", "--board", "5", "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data == data | {"contract": "4SX", "declarer": "N", "vulnerable": True, "tricks": 8,
                           "declarer_score": -500, "ns_score": -500}  # fmt: skip
    dutch = runner.invoke(app, ["contract", "3SA", "-d", "O", "--vul", "ew", "-r", "C", "--notation", "nl"])
    assert dutch.exit_code == 0 and "3SA by O C" in dutch.output and "NS -600" in dutch.output
    for args in (
        ["7NT+1", "-d", "S"],
        ["4S="],
        ["4S", "-d", "N"],
        ["4S=", "-d", "Q"],
        ["4S=", "-d", "N", "--vul", "x"],
    ):
        res = runner.invoke(app, ["contract", *args])
        assert res.exit_code == 2, args
        assert "error:" in res.output and "Traceback" not in res.output


MITCHELL_PER_DIRECTION = """board,ns,ew,contract,declarer,result
1,1,1,4S,N,10
1,2,2,4S,N,9
1,3,3,3NT,S,10
2,1,3,2H,E,8
2,2,1,2H,E,9
2,3,2,1NT,N,7
"""


def test_pairs_numbered_per_direction() -> None:
    """A Mitchell numbered NS 1–n and EW 1–n (ACBLscore): NS 1 against EW 1 is no mistake."""
    recognised = traveller_csv.loads(MITCHELL_PER_DIRECTION, "m.csv")
    assert len(recognised.results) == 6
    assert [p.severity for p in recognised.problems] == [Severity.WARNING]
    assert "numbered per direction" in str(recognised.problems[0])
    told = traveller_csv.loads(MITCHELL_PER_DIRECTION, "m.csv", pairs_per_direction=True)
    assert not told.problems and len(told.results) == 6
    twice = traveller_csv.loads(MITCHELL_PER_DIRECTION + "2,1,2,PASS,,\n", "m.csv", pairs_per_direction=True)
    assert [p.location.line for p in twice.problems] == [5, 7, 8]  # NS 1 (5, 8), EW 2 (7, 8): none scored (issue 18)
    assert len(twice.results) == 4
    unique = traveller_csv.loads(MITCHELL_PER_DIRECTION, "m.csv", pairs_per_direction=False)
    assert len(unique.problems) == 6 and all("give --movement mitchell" in str(p) for p in unique.problems)


def test_one_mistyped_line_is_not_a_numbering() -> None:
    """Pairs with numbers of their own: one line with the same number on both sides is a mistake."""
    lines = ["board,ns,ew,contract,declarer,result"]
    lines += [f"{b},{ns},{ew},3NT,N,9" for b in range(1, 5) for ns, ew in ((1, 2), (3, 4), (5, 6))]
    lines.append("5,1,1,3NT,N,9")
    event = traveller_csv.loads("\n".join(lines), "howell.csv")
    assert [(p.location.line, p.location.field) for p in event.problems] == [(14, "ew")]


def test_score_per_direction_mitchell(tmp_path: Path) -> None:
    path = tmp_path / "mitchell.csv"
    path.write_text(MITCHELL_PER_DIRECTION)
    refused = runner.invoke(app, ["score", str(path), "--movement", "howell"])
    assert refused.exit_code == 2 and "--movement mitchell" in refused.output
    for options in ([], ["--movement", "mitchell"]):
        res = runner.invoke(app, ["score", str(path), *options, "--format", "json"])
        assert res.exit_code == 0, res.output
        standings = json.loads(res.output)["standings"]
        assert sorted(s["group"] for s in standings) == ["EW", "NS"]
        ns = next(s for s in standings if s["group"] == "NS")
        # board 1 NS: 430 > 420 > -50 → pair 3 top (4), 1 (2), 2 (0); board 2 NS: 90 > -110 > -140 → 3, 1, 2
        assert {e["pair"]: e["total"] for e in ns["entries"]} == {"1": 2 + 2, "2": 0 + 0, "3": 4 + 4}
    checked = runner.invoke(app, ["check", str(path), "--movement", "mitchell"])
    assert checked.exit_code == 0, checked.output


def test_adjusted_scores_written_in_the_score_or_contract_column() -> None:
    """ACBLscore writes AVE+ where the score goes; Dutch cards G+; some write A60/40 as the contract."""
    text = "board,ns,ew,contract,declarer,result,score,remarks\n1,3,4,,,,AVE+,late\n1,5,6,A60/40,,,,\n1,7,8,,,,G-,\n"
    event = traveller_csv.loads(text)
    assert not event.problems, event.problems
    assert [(r.status, r.remarks, r.ns_score) for r in event.results] == [
        (ResultStatus.ADJUSTED, "A+/A-", None),
        (ResultStatus.ADJUSTED, "A60/40", None),
        (ResultStatus.ADJUSTED, "A-/A+", None),
    ]
    assert event.results[0].extra["remarks"] == "late"


def test_bbo_adjustment_in_the_combined_result_column() -> None:
    """BBO writes an adjusted board as ``A==`` (NS first) in its result column and N/A as the score."""
    text = "board,ns,ew,result,score\n1,1,2,3NE-2,100\n1,3,4,A==,N/A\n1,5,6,A+-,\n"
    event = traveller_csv.loads(text)
    assert not event.problems, event.problems
    assert [(r.status, r.remarks) for r in event.results] == [
        (ResultStatus.PLAYED, ""),
        (ResultStatus.ADJUSTED, "A/A"),
        (ResultStatus.ADJUSTED, "A+/A-"),
    ]
    assert event.results[1].extra["score"] == "N/A"


def test_the_ew_score_column_is_read_the_way_the_file_writes_it() -> None:
    """JFR Pary writes EW's own score in its EW column, KoPS writes NS's score there; the file's majority decides,
    and a line that agrees with its contract only the other way is reported."""
    header = "board,ns,ew,contract,declarer,result,score_ns,score_ew\n"
    jfr = header + "1,1,2,4H,S,-1,,50\n2,1,2,3NT,E,=,,400\n3,1,2,1NT,W,7,,90\n"
    kops = header + "1,1,2,4H,S,-1,,-50\n2,1,2,3NT,E,=,,-400\n3,1,2,1NT,W,7,,-90\n"
    for text in (jfr, kops):
        event = traveller_csv.loads(text)
        assert not event.problems, event.problems
        assert [r.ns_score for r in event.results] == [-50, -400, -90]
    mixed = traveller_csv.loads(kops + "4,1,2,2S,N,8,,-110\n", "kops.csv")
    assert [(p.location.line, p.location.field) for p in mixed.problems] == [(5, "ew_score")]
    assert "the EW score -110 has the wrong sign" in mixed.problems[0].text()


def test_bbo_traveller_layout() -> None:
    """BBO: four players, the whole entry in ``result``, the NS score as ``points_ns`` beside a % ``score``."""
    text = (
        "board,north,south,east,west,result,points_ns,score\n"
        "1,ann,bob,cy,di,3NE-2,100,100.00%\n1,ed,fay,gus,hal,4SW-1,50,50.00%\n1,ivy,jo,kim,lu,A==,N/A,50.00%\n"
    )
    event = traveller_csv.loads(text)
    assert not event.problems, event.problems
    assert [(r.ns_pair, r.ew_pair, r.ns_score, r.status) for r in event.results] == [
        ("ann+bob", "cy+di", 100, ResultStatus.PLAYED),
        ("ed+fay", "gus+hal", 50, ResultStatus.PLAYED),
        ("ivy+jo", "kim+lu", None, ResultStatus.ADJUSTED),
    ]
    assert event.results[0].extra["score"] == "100.00%"


def test_text_in_the_contract_column_suggests_the_remarks() -> None:
    event = traveller_csv.loads("board,ns,ew,contract,declarer,result\n1,17,18,TD,,\n", "jfr.csv")
    assert "an adjusted score goes in the remarks column" in event.problems[0].message
