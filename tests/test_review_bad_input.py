"""Bad input found in review: each case once produced a traceback instead of a problem with its location."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_square_brackets_in_a_file_are_printed_as_written(tmp_path: Path) -> None:
    """Rich reads '[/x]' as markup; a director's text must be printed as written, not crash or vanish."""
    path = _write(tmp_path, "t.csv", "board,ns,ew,contract,declarer,result\n1,1,2,[/x],N,10\n2,[b],2,4S,N,10\n")
    for command in ("check", "score"):
        res = runner.invoke(app, [command, str(path)])
        assert res.exit_code == 2, res.output
        assert res.exception is None or isinstance(res.exception, SystemExit)
        assert "'[/x]' is not a contract" in res.output
    check = runner.invoke(app, ["check", "--skip-invalid", str(path)])
    assert "[b]" in check.output


def test_square_brackets_in_pairs_and_names_score_as_written(tmp_path: Path) -> None:
    """The text report prints pair numbers, names and leads from the file as written."""
    text = "board,ns,ew,contract,declarer,result,lead\n1,[/b],2,4S,N,10,[x]\n1,3,4,4S,N,9,H2\n"
    path = _write(tmp_path, "t.csv", text)
    res = runner.invoke(app, ["score", "--boards", str(path)])
    assert res.exit_code == 0, res.output
    assert "[/b]" in res.output and "[x]" in res.output
