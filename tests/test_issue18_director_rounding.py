"""Issue 18's leftovers: the teams page keeps the director's checks for the director (``teams --director``, as
``score --director``), and the reports' words on rounding follow the rounding used (``--print-rounding``)."""

from __future__ import annotations

import html
import io
import json
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


#: three NS pairs on one board at matchpoints: a ranking with percentages, so the footer says how they are printed
MATCHPOINTS = """board,ns,ew,contract,declarer,result,score
1,1,4,4S,N,=,420
1,2,5,4S,N,=,420
1,3,6,4S,N,+1,450
"""

#: the footer of the text report and the page's sentence, by language and rounding
ROUNDING = {
    ("en", "half-up"): ("Percentages to 2 decimals, halves rounded up.",
                        "Percentages are rounded to 2 decimals, halves up."),
    ("en", "half-even"): ("Percentages to 2 decimals, halves rounded to even.",
                          "Percentages are rounded to 2 decimals, halves to even."),
    ("nl", "half-up"): ("Percentages op 2 decimalen, halven naar boven afgerond.",
                        "Percentages zijn afgerond op 2 decimalen, halven naar boven."),
    ("nl", "half-even"): ("Percentages op 2 decimalen, halven naar even afgerond.",
                          "Percentages zijn afgerond op 2 decimalen, halven naar even."),
}  # fmt: skip

#: how the rounding is asked for: the option, or a preset that sets it (RealBridge, Compscore3)
HALF_EVEN = [["--print-rounding", "half-even"], ["--as", "realbridge"], ["--as", "compscore"]]


def _score(tmp_path: Path, *options: str) -> str:
    event = tmp_path / "evening.csv"
    event.write_text(MATCHPOINTS, encoding="utf-8")
    result = runner.invoke(app, ["score", str(event), *options])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("options", HALF_EVEN, ids=lambda o: " ".join(o))
def test_text_footer_says_halves_to_even_under_half_even_printing(
    tmp_path: Path, lang: str, options: list[str]
) -> None:
    """Under ``--print-rounding half-even`` (and the presets that set it) the text report printed its percentages
    with halves to even but said "halves rounded up" under them.  It says what it does now."""
    up, even = ROUNDING[lang, "half-up"][0], ROUNDING[lang, "half-even"][0]
    output = _score(tmp_path, "--lang", lang, *options)
    assert even in output and up not in output
    plain = _score(tmp_path, "--lang", lang)  # the default is unchanged
    assert up in plain and even not in plain


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_page_and_json_say_the_rounding_used(tmp_path: Path, lang: str) -> None:
    """The page's method sentences said "halves up" beside "a printed value that is exactly a half rounds to
    even"; the JSON's ``percent_rounding`` said "halves rounded up" beside ``print_rounding: half-even``."""
    up, even = ROUNDING[lang, "half-up"][1], ROUNDING[lang, "half-even"][1]
    page = html.unescape(_score(tmp_path, "--as", "realbridge", "-f", "html", "--lang", lang))
    assert even in page and up not in page
    plain = html.unescape(_score(tmp_path, "-f", "html", "--lang", lang))
    assert up in plain and even not in plain
    assert json.loads(_score(tmp_path, "-f", "json"))["percent_rounding"].startswith(
        "percentages printed to 2 decimals, halves rounded up;"
    )
    document = json.loads(_score(tmp_path, "--print-rounding", "half-even", "-f", "json"))
    assert document["options"]["print_rounding"] == "half-even"
    assert document["percent_rounding"] == (
        "percentages printed to 2 decimals, halves rounded to even; the numbers here are unrounded"
    )


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_individual_footer_follows_the_rounding_in_force(lang: str) -> None:
    """The individual's text report printed the same fixed sentence; it follows the rounding its numbers are
    printed with (``print_rounding``), as the pairs report does."""
    from bridgescore.core.i18n import print_rounding
    from bridgescore.individual import score_individual
    from bridgescore.individual.report import write_individual
    from bridgescore.io import load_event

    scored = score_individual(load_event(Path(__file__).resolve().parent / "data" / "individual" / "three-tables.csv"))
    for rounding in ("half-up", "half-even"):
        out = io.StringIO()
        with print_rounding(rounding):
            write_individual(scored, "text", out, lang)
        assert ROUNDING[lang, rounding][0] in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_api_reports_print_with_the_events_own_rounding(tmp_path: Path, lang: str) -> None:
    """The API's reports applied no print rounding of their own: ``score(..., print_rounding="half-even")`` printed
    half-up words (and numbers) in ``to_text``/``to_html``/``to_json`` while its options said ``half-even``; they
    now print as ``score --print-rounding half-even`` does."""
    import bridgescore

    path = tmp_path / "evening.csv"
    path.write_text(MATCHPOINTS, encoding="utf-8")
    scores = bridgescore.score(bridgescore.read(path), "matchpoints", print_rounding="half-even")
    plain = bridgescore.score(bridgescore.read(path), "matchpoints")
    even, up = ROUNDING[lang, "half-even"], ROUNDING[lang, "half-up"]
    text = scores.to_text(lang=lang) or ""
    assert even[0] in text and up[0] not in text
    assert up[0] in (plain.to_text(lang=lang) or "")
    assert even[1] in html.unescape(scores.to_html(lang=lang) or "")
    assert "halves rounded to even" in json.loads(scores.to_json() or "{}")["percent_rounding"]
    # and nothing is left in force after a report: the next report of a half-up event prints half up
    assert up[0] in (plain.to_text(lang=lang) or "")
