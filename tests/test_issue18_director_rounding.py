"""Issue 18's leftovers: the teams page keeps the director's checks for the director (``teams --director``, as
``score --director``), and the reports' words on rounding follow the rounding used (``--print-rounding``)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()

DATA = Path(__file__).resolve().parent / "data" / "teams"
#: RealBridge's file: board 20 of TURKEY–SWITZERLAND has no closed-room result, and the file's ScoreIMP (-1)
#: differs from the computed 0 – one director's check
REALBRIDGE = DATA / "realbridge-two-matches.pbn"
#: the EBU's file, whose own values all agree with the computed ones: no check finds anything
CLEAN = DATA / "multiple-teams-4-matches.xml"

#: (language, the section's heading, the check's words, "all passed") as the page prints them
WORDS = {
    "en": ("Director's checks", "the file says imps -1, the program computes 0", "All checks passed."),
    "nl": ("Controles van de wedstrijdleider", "het bestand zegt imps -1, het programma berekent 0",
           "Alle controles in orde."),
}  # fmt: skip


def _teams(tmp_path: Path, source: Path, *options: str) -> str:
    page = tmp_path / "teams.html"
    result = runner.invoke(app, ["teams", str(source), "--skip-invalid", "-f", "html", "-o", str(page), *options])
    assert result.exit_code == 0, result.output
    return html.unescape(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_teams_members_page_leaves_the_checks_to_the_director(tmp_path: Path, lang: str) -> None:
    """``teams -f html`` showed the members a "Director's checks" section (the file's IMPs against the program's);
    ``score`` leaves its checks to ``--director``.  Now ``teams`` does the same: the members' page has no checks,
    no link to them; ``--director`` gives them, under the same heading as the pairs page."""
    heading, check, _ = WORDS[lang]
    members = _teams(tmp_path, REALBRIDGE, "--lang", lang)
    assert 'id="checks"' not in members and 'href="#checks"' not in members
    assert heading not in members and check not in members
    director = _teams(tmp_path, REALBRIDGE, "--lang", lang, "--director")
    assert f'<h2 class="section" id="checks">{heading}</h2>' in director and 'href="#checks"' in director
    assert check in director


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_teams_directors_page_says_all_checks_passed(tmp_path: Path, lang: str) -> None:
    """As the pairs page with ``--director``: the director who asked for the checks reads that they passed, not
    a page without the section (which is what a members' page looks like)."""
    heading, _, passed = WORDS[lang]
    director = _teams(tmp_path, CLEAN, "--lang", lang, "--director")
    assert f'<h2 class="section" id="checks">{heading}</h2>\n<p>{passed}</p>' in director
    assert passed not in _teams(tmp_path, CLEAN, "--lang", lang)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_teams_text_report_keeps_the_checks(lang: str) -> None:
    """The text report is the director's, as ``score``'s text report is (it lists the checks without any
    option): it keeps them."""
    heading, check, _ = WORDS[lang]
    result = runner.invoke(app, ["teams", str(REALBRIDGE), "--skip-invalid", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert heading in result.output and check in result.output
