"""Files made ready for the archive (:mod:`bridgescore.archive.prepare`): every problem found before anything is
stored, each at its file; two files that would be one session are refused together."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.api import resolve_options
from bridgescore.archive.prepare import given_options, prepare
from bridgescore.cli import app
from bridgescore.core.problems import Severity

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"


def _evening(folder: Path) -> Path:
    folder.mkdir()
    path = folder / "2026-09-07.csv"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_two_files_that_would_be_one_session_are_named_together(tmp_path: Path) -> None:
    first, second = _evening(tmp_path / "a"), _evening(tmp_path / "b")
    prepared, problems = prepare([first, second], resolve_options())
    assert [p.key for p in prepared] == ["2026-09-07/2026-09-07.csv"] * 2  # dated by its name, as the season does
    (problem,) = problems
    assert problem.severity is Severity.ERROR and problem.location.file == f"{first}, {second}"
    assert "these files are one session 2026-09-07/2026-09-07.csv" in problem.text()
    db = tmp_path / "club.sqlite3"
    result = CliRunner().invoke(app, ["archive", "add", str(first), str(second), "--db", str(db)])
    assert result.exit_code == 2 and not db.exists()


def test_a_file_not_there_is_a_problem_at_the_file(tmp_path: Path) -> None:
    prepared, problems = prepare([tmp_path / "missing.csv"], resolve_options())
    assert prepared == [] and problems[0].location.file == str(tmp_path / "missing.csv")
    assert "cannot read" in problems[0].text()


def test_the_options_recorded_are_those_given() -> None:
    assert given_options(None) == {}
    assert given_options("butler", movement="mitchell", phantoms=("9",), datum=None, factor=False) == {
        "method": "butler", "movement": "mitchell", "phantoms": ["9"], "factor": False,
    }  # fmt: skip
