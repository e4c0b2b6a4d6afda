"""Issue 18: what a director could publish wrong without a word from bridgescore – an adjusted score replaced by
``--phantom``, a PBN board read twice, a blank session cell, the wrong line of a duplicate kept by
``--skip-invalid``, ``check`` hiding the lines in error, and BBO's usernames split by their case."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _json(*args: str) -> tuple[int, dict[str, object], str]:
    result = runner.invoke(app, ["score", *args, "-f", "json"])
    document: dict[str, object] = json.loads(result.stdout) if result.exit_code == 0 else {}
    return result.exit_code, document, result.output


def _percent(document: dict[str, object], pair: str) -> float:
    for standing in document["standings"]:  # type: ignore[attr-defined]
        for entry in standing["entries"]:
            if entry["pair"] == pair:
                return float(entry["percent"])
    raise AssertionError(f"no pair {pair}")


# --- --phantom and an adjusted score the file writes -----------------------------------------------------------

_PHANTOM_TABLE = (
    "board,ns,ew,contract,declarer,result,remarks\n"
    "1,1,2,4S,N,10,\n1,3,4,,,,A60/40\n1,5,6,4S,N,9,\n"
    "2,1,2,3NT,S,9,\n2,3,4,3NT,S,9,\n2,5,6,3NT,S,10,\n"
)


def test_phantom_keeps_the_adjusted_score_the_file_writes_and_warns(tmp_path: Path) -> None:
    travellers = tmp_path / "evening.csv"
    travellers.write_text(_PHANTOM_TABLE)
    code, document, output = _json(str(travellers), "--phantom", "4")
    assert code == 0, output
    assert _percent(document, "3") == 55.0  # A60 on board 1 (2.4 of 4) and a tie on board 2 (2 of 4): 4.4 of 8
    [warning] = document["problems"]  # type: ignore[misc]
    assert (warning["line"], warning["field"], warning["severity"]) == (3, "remarks", "warning")
    assert "pair 4 is a phantom (--phantom), but the line has the adjusted score 'A60/40'" in warning["message"]


# --- a PBN file holding one board's game twice -----------------------------------------------------------------

_GAME = (
    '[Event "Tuesday Pairs"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]\n'
    ' 1  5 7NT   N 13 "1520"  -\n 2  6 6NT   S 12 "990"   -\n 3  7 6NT   N 12 "990"   -\n 4  8 Pass  - -  0  -\n'
)


def test_a_pbn_game_written_twice_is_refused_at_the_copy(tmp_path: Path) -> None:
    once, twice = tmp_path / "once.pbn", tmp_path / "twice.pbn"
    once.write_text(_GAME)
    twice.write_text(_GAME + "\n" + _GAME)
    refused = runner.invoke(app, ["score", str(twice)])
    assert refused.exit_code == 2, refused.output
    for line, copy_of in ((16, 6), (17, 7), (18, 8), (19, 9)):
        assert f"twice.pbn, line {line}, tag 'PairId_NS': board 1: " in refused.output
        assert f"is on line {copy_of} already (a duplicate line)" in refused.output
    _, alone, _ = _json(str(once))
    code, skipped, output = _json(str(twice), "--skip-invalid")
    assert code == 0 and skipped["standings"] == alone["standings"], output  # top 6, not 14
    assert [b["top"] for b in skipped["boards"]] == [6]  # type: ignore[attr-defined]


# --- --skip-invalid and a pair on two lines of a board ----------------------------------------------------------


def test_a_pair_on_two_lines_of_a_board_leaves_both_out_and_names_both(tmp_path: Path) -> None:
    """Line 2 is typed wrong (3 against 2, where 3 played 4); line 3 is right. The error pointed at line 3 and
    --skip-invalid scored line 2. Which line is right cannot be told from the file: both are reported and
    neither is scored; the director deletes or corrects the wrong one."""
    travellers = tmp_path / "evening.csv"
    travellers.write_text("board,ns,ew,score\n1,3,2,450\n1,1,2,420\n1,5,6,-50\n2,1,2,100\n2,3,4,100\n")
    refused = runner.invoke(app, ["score", str(travellers)])
    assert refused.exit_code == 2
    code, document, output = _json(str(travellers), "--skip-invalid")
    assert code == 0, output
    problems = document["problems"]
    assert [(p["line"], p["field"]) for p in problems] == [(2, "ew"), (3, "ew")]  # type: ignore[attr-defined]
    for problem in problems:  # type: ignore[attr-defined]
        assert problem["message"].startswith("board 1: pair 2 plays it on more than one line (lines 2, 3); which")
        assert "none of them is scored: delete or correct the wrong line and score again" in problem["message"]
    boards = {(e["pair"], e["boards"]) for s in document["standings"] for e in s["entries"]}  # type: ignore[attr-defined]
    assert ("3", 2) not in boards and ("1", 2) not in boards and ("5", 1) in boards


# --- a blank session cell ----------------------------------------------------------------------------------------


def test_a_blank_session_cell_is_an_error_at_its_line_and_the_line_is_in_no_session(tmp_path: Path) -> None:
    travellers = tmp_path / "championship.csv"
    travellers.write_text("board,ns,ew,score,sessie\n1,1,2,420,1\n1,3,4,450,1\n1,5,6,-50,\n1,1,3,-50,2\n1,2,4,100,2\n")
    refused = runner.invoke(app, ["score", str(travellers)])
    assert refused.exit_code == 2
    flat = " ".join(refused.output.split())
    assert "championship.csv, line 4, column 'sessie': the session is not written on this line (the other lines " \
        "name 1, 2); the line is left out: write its session" in flat  # fmt: skip
    skipped = runner.invoke(app, ["score", str(travellers), "--skip-invalid", "-f", "json"])
    assert skipped.exit_code == 0, skipped.output
    first = json.loads(skipped.stdout)["sessions"][0]["score"]
    assert [(r["ns_pair"], r["ew_pair"]) for b in first["boards"] for r in b["results"]] == [("1", "2"), ("3", "4")]


# --- check lists every line, the ones in error marked ---------------------------------------------------------


def test_check_lists_the_lines_in_error_marked_and_says_a_clean_run_is_clean(tmp_path: Path) -> None:
    travellers = tmp_path / "evening.csv"
    travellers.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4Z,N,10\n2,1,2,3NT,S,9\n")
    listed = runner.invoke(app, ["check", str(travellers)], terminal_width=120)
    assert listed.exit_code == 2
    shown = listed.stdout.splitlines()
    assert shown[0].strip() == "2 traveller lines, 1 left out for an error (✗)"
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in shown if line.startswith("│")]
    assert [c[0] for c in cells if c[0]] == ["2", "3 ✗", "4"]  # in file order, line 3 included and marked
    assert next(c for c in cells if c[0] == "3 ✗")[-1] == "left out"
    assert "1,3,4,4Z,N,1" in listed.stdout  # its text as written (folded in a narrow column)
    assert "No problems" not in listed.stdout
    document = json.loads(runner.invoke(app, ["check", str(travellers), "-f", "json"]).stdout)
    assert document["left_out"] == [{"file": str(travellers), "line": 3, "text": "1,3,4,4Z,N,10"}]
    dutch = runner.invoke(app, ["check", str(travellers), "--lang", "nl"], terminal_width=120)
    assert "2 scorekaartregels, 1 weggelaten door een fout (✗)" in dutch.stdout and "weggelaten" in dutch.stdout
    travellers.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n2,1,2,3NT,S,9\n")
    clean = runner.invoke(app, ["check", str(travellers)], terminal_width=120)
    assert clean.exit_code == 0 and clean.stdout.splitlines()[-1] == "No problems: all 2 traveller lines are read."
    dutch = runner.invoke(app, ["check", str(travellers), "--lang", "nl"], terminal_width=120)
    assert dutch.stdout.splitlines()[-1] == "Geen problemen: alle 2 scorekaartregels zijn gelezen."


# --- BBO usernames differ only in case -----------------------------------------------------------------------------


def test_bbo_usernames_in_another_case_are_one_pair(tmp_path: Path) -> None:
    travellers = tmp_path / "bbo.csv"
    travellers.write_text(
        "board,north,south,east,west,contract,declarer,result\n"
        "1,Cheryl O,bob1,ann2,dan2,4S,N,10\n1,ann3,ed3,fay4,gus4,4S,N,9\n"
        "2,cheryl o,Bob1,ann3,ed3,3NT,S,9\n2,fay4,gus4,ann2,dan2,3NT,S,10\n"
    )
    code, document, output = _json(str(travellers))
    assert code == 0, output
    boards = {e["pair"]: e["boards"] for s in document["standings"] for e in s["entries"]}  # type: ignore[attr-defined]
    assert boards == {"Cheryl O+bob1": 2, "ann2+dan2": 2, "ann3+ed3": 2, "fay4+gus4": 2}
    warnings = [(p["line"], p["field"], p["message"]) for p in document["problems"]]  # type: ignore[attr-defined]
    assert warnings == [
        (4, "north", "player 'cheryl o' is read as 'Cheryl O', as an earlier line writes the name: BBO usernames "
                     "are one player whatever their case"),
        (4, "south", "player 'Bob1' is read as 'bob1', as an earlier line writes the name: BBO usernames are one "
                     "player whatever their case"),
    ]  # fmt: skip


def test_a_names_file_keeps_names_that_differ_in_case_apart(tmp_path: Path) -> None:
    """Jan and jan in a Dutch club's names file may be two people: the names file is compared as written."""
    from bridgescore.io import names as names_file

    names, problems = names_file.loads("paar,namen\n1,Jan & Piet\n2,jan & piet\n", "namen.csv")
    assert dict(names) == {"1": "Jan & Piet", "2": "jan & piet"} and not problems
