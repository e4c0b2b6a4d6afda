"""Issue 13 reviewed as a Dutch and an EBU club's scorer would use it (review13a): each test a defect found by
hand, failing before its fix."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- two evenings with a section column ---------------------------------------------------------------------

_E1 = "section,board,ns,ew,score\nA,1,1,2,400\nA,1,3,4,-50\nA,2,1,2,420\nA,2,3,4,420\n"
_E2 = "section,board,ns,ew,score\nA,1,1,2,400\nA,1,3,4,400\nA,2,1,2,-100\nA,2,3,4,140\n"


def test_two_evenings_with_the_same_section_boards_and_pairs_are_refused(tmp_path: Path) -> None:
    """Before: two club evenings exported with a section column (every NBB and EBU club with lines has one) were
    scored as one field – pair 1 playing board 1 twice, board 1 of one evening compared with the other's – and
    the only signal was a failed check at the bottom of the report (exit 0).  Now they are refused as files
    without sections are: exit 2, naming both files, the section and the boards, offering --session."""
    e1, e2 = _write(tmp_path, "e1.csv", _E1), _write(tmp_path, "e2.csv", _E2)
    result = runner.invoke(app, ["score", str(e1), str(e2)])
    assert result.exit_code == 2, result.output
    flat = _flat(result.output)
    assert f"{e1} and {e2} both hold section(s) A, boards 1-2, with the same pair numbers" in flat, flat
    assert "--session NAME" in flat
    assert runner.invoke(app, ["check", str(e1), str(e2)]).exit_code == 2
    assert runner.invoke(app, ["score", str(e1), str(e2), "--session", "1", "--session", "2"]).exit_code == 0
    # sections of one session in two files (A and B, or one section's tables split): scored together as before
    b = _write(tmp_path, "b.csv", _E2.replace("A,", "B,"))
    assert runner.invoke(app, ["score", str(e1), str(b)]).exit_code == 0
    other_pairs = _write(tmp_path, "t.csv", _E2.replace(",1,2,", ",5,6,").replace(",3,4,", ",7,8,"))
    assert runner.invoke(app, ["score", str(e1), str(other_pairs)]).exit_code == 0
