"""``score --strict``: a failed director's check gives exit status 1, and the text report warns at its top.

The event: two traveller files that each look right, but pair 1 sits NS on board 1 in both (the same board
entered twice, a director's real slip), so the check "pair once per board" fails on the merged event.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _files(tmp_path: Path) -> list[str]:
    first = tmp_path / "a.csv"
    first.write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,-50\n2,1,2,100\n2,3,4,110\n", encoding="utf-8")
    second = tmp_path / "b.csv"
    second.write_text("board,ns,ew,score\n1,1,6,170\n2,5,6,120\n", encoding="utf-8")
    return [str(first), str(second)]


def test_a_failed_check_stands_at_the_top_of_the_text_report(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", *_files(tmp_path)])
    assert result.exit_code == 0  # without --strict the report is written and the exit is 0, as before
    lines = result.output.splitlines()
    warning = next(i for i, line in enumerate(lines) if "checks FAILED" in line)
    first_table = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    assert warning < first_table  # above the rankings
    assert "pair once per board" in lines[warning]
    assert any(line.startswith("FAILED pair once per board: board 1") for line in lines[first_table:])  # and below


def test_strict_exits_1_on_a_failed_check(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", *_files(tmp_path), "--strict", "--format", "json"])
    assert result.exit_code == 1
    assert '"schema"' in result.stdout  # the report is still written
    assert "checks failed (--strict): pair once per board" in result.stderr


def test_strict_exits_0_when_every_check_holds(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", _files(tmp_path)[0], "--strict"])
    assert result.exit_code == 0, result.output
    assert "FAILED" not in result.output


def test_the_warning_in_dutch(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", *_files(tmp_path), "--lang", "nl", "--strict"])
    assert result.exit_code == 1
    assert "WAARSCHUWING: 1 controle(s) van de wedstrijdleider FOUT: elk paar eenmaal per spel" in result.output
