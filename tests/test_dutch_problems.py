"""Issue 11, "Dutch everywhere": every command that reads a director's files tells its problems in Dutch with
``--lang nl`` – the location words, the sentence and the summary – and in English without it."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

DATA = Path(__file__).parent / "data"


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2, result.output
    return result.output


def test_check_tells_reader_problems_in_dutch() -> None:
    dutch = _run("check", str(DATA / "travellers" / "mistakes.csv"), "--lang", "nl")
    assert "regel 3, kolom 'contract': '4Q' is geen contract" in dutch
    assert "is not a contract" not in dutch and ", line " not in dutch
    assert "Verbeter de regels hierboven" in dutch
    english = _run("check", str(DATA / "travellers" / "mistakes.csv"))
    assert "line 3, column 'contract': '4Q' is not a contract" in english


def test_score_valet_and_rubber_tell_problems_in_dutch(tmp_path: Path) -> None:
    deals = tmp_path / "deals.csv"
    deals.write_text("deal,contract,declarer,tricks\n1,4Q,N,10\n", encoding="utf-8")
    rubber = _run("rubber", str(deals), "--lang", "nl")
    assert "regel 2, kolom 'contract': '4Q' is geen contract" in rubber and "1 probleem" in rubber
    score = _run("score", str(DATA / "travellers" / "mistakes.csv"), "--lang", "nl")
    assert "regel 4, kolom 'result': 14 slagen kan niet" in score
    scores = tmp_path / "scores.txt"
    names = tmp_path / "names.txt"
    names.write_text("a|Ann\nb|Bob\nc|Cy\nd|Di\n", encoding="utf-8")
    scores.write_text("1|1|a|c|b|d|4Q|N|10\n", encoding="utf-8")
    valet = _run("valet", "--names", str(names), "--scores", str(scores), "--lang", "nl")
    assert "regel 1" in valet and "line 1" not in valet and "probleem" in valet
