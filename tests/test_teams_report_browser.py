"""The teams page in a real browser (headless chromium driven by Playwright, as ``test_html_browser.py``): on a
phone (390 px) and a desktop (1280 px) the page never scrolls sideways, a match card is on screen and fits, the
Dutch words are the ones a player reads; printed, the navigation goes and each part starts a page.

The event is made by hand (``teams_report_cases``) and enlarged to eight teams with long names, a full round robin
of seven rounds: the widest cross-table and standings a club publishes.  Screenshots are written to
``build/screenshots/teams-*.png`` for a person to look at.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgescore.teams import Team, TeamsEvent, score_teams
from bridgescore.teams.report import write_teams
from teams_report_cases import match, round_robin
from test_html_browser import SHOTS, _not_blank, _open

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) drives chromium in these tests")

SCORES = [(420, -420), (-50, 100), (650, -100), (-200, 200), (1430, -1430), (110, 140), (-620, 620), (300, -300)]


def _eight_teams() -> TeamsEvent:
    """Eight teams (long names, four members each), seven rounds of a round robin (the circle method), 8 boards
    a match, the first match of each round carrying 2 IMPs over."""
    names = ["Oranje Boven Amstelveen", "Zuid-Limburgse Bridgeclub", "=Noord", "West-Friesland 't Hoorntje",
             "De Vier Azen Utrecht", "Schoppenvrouw Haarlem", "Sans Atout Groningen", "Klaverjas en Co"]  # fmt: skip
    teams = {
        str(i + 1): Team(str(i + 1), name, tuple(f"Speler {i + 1}{c} Achternaam" for c in "ABCD"))
        for i, name in enumerate(names)
    }
    ids = list(teams)
    matches = []
    for r in range(7):
        circle = [ids[0], *(ids[1:][(k + r) % 7] for k in range(7))]
        for k in range(4):
            home, away = circle[k], circle[7 - k]
            matches.append(match(r + 1, home, away, SCORES[k:] + SCORES[:k], carry=2.0 if k == 0 else 0.0))
    return TeamsEvent(teams, tuple(matches), title="Viertallencompetitie 2026, ronde 1–7")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("teams-pages")
    files = {}
    for name, scored in (("eight", score_teams(_eight_teams())), ("four", round_robin())):
        for lang in ("en", "nl"):
            out = io.StringIO()
            write_teams(scored, "html", out, lang)
            path = folder / f"{name}-{lang}.html"
            path.write_text(out.getvalue(), encoding="utf-8")
            files[f"{name}-{lang}"] = path
    return files


def _right(page: sync_api.Page, selector: str) -> float:
    right: float = page.evaluate(f"document.querySelector('{selector}').getBoundingClientRect().right")
    return right


@pytest.mark.parametrize(("width", "height", "phone"), [(390, 844, True), (1280, 900, False)])
def test_the_page_never_scrolls_sideways_and_a_match_card_fits(
    browser: sync_api.Browser, pages: dict[str, Path], width: int, height: int, phone: bool
) -> None:
    for name in ("eight-nl", "four-en"):
        page = _open(browser, pages[name], width, height, phone=phone)
        assert page.evaluate("innerWidth") == width
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        page.click("nav.index >> text='1'")  # the first match card, reached from the index
        assert page.evaluate("location.hash") == "#match-1"
        assert page.is_visible("#match-1 table")
        top = page.evaluate("document.getElementById('match-1').getBoundingClientRect().top")
        assert -1 <= top < height / 2  # (a fraction of a pixel above, as a phone rounds the scroll)
        # the card fits the screen: board, both rooms, IMPs and the running total without scrolling its box
        assert _right(page, "#match-1 table") <= width, name
        assert _right(page, "#standings table") <= width, name
        _not_blank(page.screenshot(full_page=False), f"teams-{name}-{width}")


def test_the_phone_reads_dutch(browser: sync_api.Browser, pages: dict[str, Path]) -> None:
    page = _open(browser, pages["eight-nl"], 390, 844, phone=True)
    text = page.inner_text("body")
    # (issue 18: a match card's running total, "Tot.", gives way on a phone; the total row has the match's IMPs)
    for word in ("Uitslag", "Stand", "Kruistabel", "Wedstrijden", "Ronde 1", "WP", "Plaats", "Gesl.",
                 "Meegenomen", "Winstpunten"):  # fmt: skip
        assert word in text, word
    everything = page.text_content("body") or ""
    for word in ("Open zaal", "Gesloten zaal", "Lopend totaal"):
        assert word in everything, word  # the full headings, for wider screens
    for english in ("Standings", "Round 1", "Closed room", "Carry-over"):
        assert english not in text, english
    # the cross-table of eight teams is wider than a phone: it scrolls in its own box, the page does not
    box = page.evaluate(
        "(() => { const s = document.querySelector('#cross-table .scroll'); return [s.scrollWidth, s.clientWidth]; })()"
    )
    assert box[1] <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "teams-eight-nl-390-full.png").write_bytes(page.screenshot(full_page=True))


def test_print_drops_the_navigation_and_starts_the_matches_on_a_new_page(
    browser: sync_api.Browser, pages: dict[str, Path]
) -> None:
    page = _open(browser, pages["four-en"], 1280, 900)
    page.emulate_media(media="print")
    assert not page.is_visible("nav.top") and not page.is_visible("nav.index")
    assert page.is_visible("#standings") and page.is_visible("#match-1")
    pdf = page.pdf(format="A4")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") >= 2
