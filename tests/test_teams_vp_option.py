"""``bridgescore teams --vp``: a scale that cannot be used is reported as ``bridgescore vp`` reports it.

The README offers a club's VP table as a file ("every bad line located") and refuses ``wbf-25`` with words.
Before, ``teams`` replaced every such problem by "no VP scale 'X' (wbf is one)" – the bad line's location lost,
the way on for ``wbf-25`` lost – and a table without the event's match length ended in a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()
_MATCH = "round,board,room,ns,ew,contract,declarer,result\n1,1,open,1,2,4S,N,=\n1,1,closed,2,1,4S,N,-1\n"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _teams(tmp_path: Path, *args: str) -> tuple[int, str, BaseException | None]:
    event = tmp_path / "match.csv"
    event.write_text(_MATCH, encoding="utf-8")
    result = runner.invoke(app, ["teams", str(event), *args])
    return result.exit_code, _flat(result.stderr), result.exception


def test_a_vp_table_without_the_match_length_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    table = tmp_path / "club.csv"
    table.write_text("boards,imps,vp\n7-9,0,10\n7-9,5,15\n7-9,10,20\n", encoding="utf-8")
    code, words, exception = _teams(tmp_path, "--vp", str(table))
    assert isinstance(exception, SystemExit) and code == 2, exception
    assert "the VP table has no rows for matches of 1 boards" in words


def test_a_bad_line_of_a_vp_table_is_located(tmp_path: Path) -> None:
    table = tmp_path / "club.csv"
    table.write_text("boards,imps,vp\n*,0,10\n*,x,12\n", encoding="utf-8")
    code, words, _ = _teams(tmp_path, "--vp", str(table))
    assert code == 2
    assert "club.csv, line 3, column 'imps': 'x' is not an IMP margin" in words


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("wbf-25", "the old WBF 25-VP scale (15-15 at a tie, 25-0 at the most) is not built in"),
        ("wbff", "'wbff' is neither a VP scale (wbf, wbf-discrete, ebu-20) nor a VP table file"),
    ],
)
def test_a_scale_refused_says_why_as_the_vp_command_does(tmp_path: Path, name: str, words: str) -> None:
    code, teams_words, _ = _teams(tmp_path, "--vp", name)
    vp = runner.invoke(app, ["vp", "--boards", "1", "--vp", name])
    assert code == 2 and vp.exit_code == 2
    assert words in teams_words and words in _flat(vp.stderr)


def test_a_good_vp_table_still_scores(tmp_path: Path) -> None:
    table = tmp_path / "club.csv"
    table.write_text("boards,imps,vp\n*,0,10\n*,5,15\n*,10,20\n", encoding="utf-8")
    event = tmp_path / "match.csv"
    event.write_text(_MATCH, encoding="utf-8")
    result = runner.invoke(app, ["teams", str(event), "--vp", str(table), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert '"vp_home": 20' in result.stdout
