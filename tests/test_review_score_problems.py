"""Review of issues 11–12: ``score`` written as CSV, JSON or HTML, or to a file, still shows the director every
problem on the screen (as ``check`` does): the lines ``--skip-invalid`` leaves out and the warnings are not in the
CSV ranking or the HTML page, so without this they disappeared silently with exit status 0."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app

LINES = "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,10,420\n1,3,4,4Q,N,10,\n1,5,6,3NT,S,9,400\n"


@pytest.mark.parametrize("fmt", ["csv", "json", "html", "text"])
def test_skipped_lines_and_warnings_are_shown(tmp_path: Path, fmt: str) -> None:
    travellers = tmp_path / "t.csv"
    travellers.write_text(LINES, encoding="utf-8")
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n1,Ann - Bob\n77,Nobody - Else\n", encoding="utf-8")
    args = ["score", str(travellers), "--names", str(names), "--skip-invalid", "-f", fmt]
    result = CliRunner().invoke(app, [*args, "-o", str(tmp_path / f"out.{fmt}")])
    assert result.exit_code == 0, result.output
    assert "line 3, column 'contract'" in result.stderr  # the line left out
    assert "no pair 77" in result.stderr  # the names file's warning
    if fmt in ("csv", "html"):  # to the screen, the text report and the JSON list them themselves
        shown = CliRunner().invoke(app, args)
        assert "line 3, column 'contract'" in shown.stderr and "no pair 77" in shown.stderr


def test_json_problems_have_their_values_filled_in(tmp_path: Path) -> None:
    """The readers' problems carry catalogue messages with placeholders (issue 11, for Dutch); the JSON of ``score``
    and ``check`` wrote the bare template ("'%(text)s' is not a contract") without the values, so the text read
    from the file was lost."""
    import json

    travellers = tmp_path / "t.csv"
    travellers.write_text(LINES, encoding="utf-8")
    for command in ("score", "check"):
        result = CliRunner().invoke(app, [command, str(travellers), "--skip-invalid", "-f", "json"])
        assert result.exit_code == 0, result.output
        (problem,) = json.loads(result.stdout)["problems"]
        assert problem["line"] == 3 and problem["field"] == "contract"
        assert problem["message"].startswith("'4Q' is not a contract"), problem
