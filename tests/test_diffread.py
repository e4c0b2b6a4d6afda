"""Defects found reading the issue-13 diff once more (each test failed before its fix)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()

_EVENING = "board,ns,ew,score\n1,1,2,400\n1,3,4,-50\n2,1,2,420\n2,3,4,420\n"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_date_club_and_director_with_several_sessions_are_refused_not_dropped(tmp_path: Path) -> None:
    """Before: ``score s1 s2 --session 1 --session 2 --date … --club … --director`` wrote the multi-session reports
    without the date, the club or the checks, silently (exit 0).  Now each is refused as the other options the
    multi-session reports do not do yet (--boards, -f usebio)."""
    s1 = tmp_path / "s1.csv"
    s2 = tmp_path / "s2.csv"
    s1.write_text(_EVENING, encoding="utf-8")
    s2.write_text(_EVENING.replace("-50", "-100"), encoding="utf-8")
    base = ["score", str(s1), str(s2), "--session", "1", "--session", "2", "-f", "html"]
    for extra, said in ((["--date", "2026-09-07"], "--date"), (["--club", "BC Oost"], "--club"),
                        (["--director"], "--director")):  # fmt: skip
        result = runner.invoke(app, [*base, *extra])
        assert result.exit_code == 2, result.output
        assert f"{said}: not available with several sessions yet" in _flat(result.output)
    assert runner.invoke(app, base).exit_code == 0
