"""Every page of the live evening (issue 22) in Chromium, at 360 px (a small phone) and 1280 px (the desk), in
English and Dutch: nothing reaches past the screen's width and no text is under 14 px.  Screenshots go to
build/screenshots/live-*.png, to be looked at by hand (the story test's states: an evening being set up, one in
play with a call, a correction and long names, one closed).

A real ``bridgescore serve`` on loopback (tests/live_server.py); the evenings are set up over HTTP as a browser
would, then each page is opened in Chromium (Playwright and Debian's chromium: the ``browser`` fixture of
conftest.py; a machine without it skips)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from live_server import Server, boards_to_play, create_evening, director, enter, serving, sit_down, table_codes

pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) drives chromium in these tests")

SHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"
PASSWORD = "club-password-1"
WIDTHS = (360, 1280)
LANGS = ("en", "nl")
#: the variants, each with a table of its own (a table stores one board for its "stored" page)
VARIANTS = [(lang, width) for lang in LANGS for width in WIDTHS]
LONG_NAMES = "Annemarie van der Berg-Hoogstraten & Wilhelmina Vandenbroucke-Kleinschmidt"

#: the pages a player reads on a phone: every table whole on the screen, not scrolled sideways in its box
PHONE_PAGES = ("table", "board", "confirm", "stored", "screen", "home", "table-login", "message")
#: the page's width, what reaches past the window, every visible text under 14 px, the tables wider than their box
_MEASURE = """() => {
  const small = [];
  for (const e of document.body.querySelectorAll('*')) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 14) small.push([size, e.tagName, e.textContent.trim().slice(0, 40)]);
  }
  const wide = [];
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 0.5 && !e.closest('.scroll'))
      wide.push(e.tagName + '.' + e.className);
  }
  const clipped = Array.from(document.querySelectorAll('.scroll > table'))
    .filter(t => t.scrollWidth > t.parentElement.clientWidth + 0.5).map(t => t.rows[0].innerText.slice(0, 60));
  return {page: document.scrollingElement.scrollWidth, screen: document.documentElement.clientWidth, small,
          wide: wide.slice(0, 8), clipped};
}"""


@dataclass
class Evenings:
    server: Server
    setup: int  # being set up: names, hand record, start
    playing: int  # in play: round 1 entered, a call, a correction
    closed: int  # every board entered, closed and published
    codes: dict[int, str]  # the playing evening's table codes


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("live-pages")) as running:
        yield running


def _play_all(server: Server, evening: int, codes: dict[int, str], rounds: int) -> None:
    played = ["4S N =", "3NT S +1", "2H E -1", "PASS", "4H W =", "1NT N -2"]
    for table, code in codes.items():
        phone = sit_down(server, evening, code)
        for _ in range(rounds):
            for board in boards_to_play(phone, evening):
                contract, declarer, result = [*played[(board + table) % len(played)].split(), "", ""][:3]
                assert "is stored" in enter(phone, evening, board, contract, declarer, result).text
        phone.close()


def _evenings(server: Server) -> Evenings:
    desk = director(server, PASSWORD)
    setup = create_evening(desk, "mitchell-4-skip-r3", 3, title="Tuesday pairs", date="2026-12-01", club="BC Test")
    desk.post(f"/desk/e/{setup}/do/names", {"pair:A:1": "Ann & Bob", "pair:A:5": LONG_NAMES})
    playing = create_evening(desk, "mitchell-4-skip-r3", 3, title="Club night", date="2026-11-27", club="BC Test")
    desk.post(f"/desk/e/{playing}/do/names", {"pair:A:1": "Ann & Bob", "pair:A:2": LONG_NAMES, "pair:A:5": "Cy & Di"})
    desk.post(f"/desk/e/{playing}/do/start", {})
    codes = table_codes(desk, playing)
    _play_all(server, playing, codes, 1)
    reason = "NS made 11 tricks: the traveller said 10, agreed by EW"
    desk.post(f"/desk/e/{playing}/correct", {"round": "1", "table": "2", "board": "4", "contract": "3NT",
                                              "declarer": "S", "result": "+2", "reason": reason})  # fmt: skip
    phone = sit_down(server, playing, codes[3])
    phone.post(f"/t/{playing}/call", {})
    phone.close()
    closed = create_evening(desk, "mitchell-4-skip-r3", 3, title="Last week", date="2026-11-20", club="BC Test")
    desk.post(f"/desk/e/{closed}/do/start", {})
    _play_all(server, closed, table_codes(desk, closed), 3)
    assert "Published results" in desk.post(f"/desk/e/{closed}/do/close", {}).text
    desk.close()
    return Evenings(server, setup, playing, closed, codes)


def _measure(page: Any, name: str, width: int, problems: list[str]) -> None:
    found = page.evaluate(_MEASURE)
    assert found["screen"] == width, found
    if found["page"] > width:
        problems.append(f"{name}: {found['page']} px wide at {width} ({found['wide']})")
    if found["clipped"] and name.rsplit("-", 2)[0] in PHONE_PAGES:
        problems.append(f"{name}: a table wider than the screen: {found['clipped']}")
    if found["small"]:
        problems.append(f"{name}: text under 14 px: {found['small'][:5]}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"live-{name}.png"), full_page=True)


def _context(browser: Any, lang: str, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 800 if width < 1000 else 900},
                                  is_mobile=width < 1000, has_touch=width < 1000, device_scale_factor=1,
                                  locale="nl-NL" if lang == "nl" else "en-GB")  # fmt: skip
    context.set_default_timeout(20_000)
    return context


def test_every_live_page_fits_a_phone_and_reads_at_14_px(browser: Any, server: Server) -> None:
    problems: list[str] = []
    # the first-run page exists only until the director's password is chosen
    for lang, width in VARIANTS:
        context = _context(browser, lang, width)
        page = context.new_page()
        page.goto(f"{server.url}/desk/setup?token=shown-in-the-terminal")
        assert page.locator("#token").count() == 1
        _measure(page, f"setup-{lang}-{width}", width, problems)
        context.close()
    evenings = _evenings(server)
    url = server.url
    for index, (lang, width) in enumerate(VARIANTS):
        tag = f"{lang}-{width}"
        context = _context(browser, lang, width)
        page = context.new_page()
        for name, path in (("home", "/"), ("login", "/desk/login"), ("table-login", f"/t/{evenings.playing}"),
                           ("screen", f"/screen/{evenings.playing}"), ("message", "/t/999999")):  # fmt: skip
            page.goto(url + path)
            _measure(page, f"{name}-{tag}", width, problems)
            if name == "screen":  # the club room reads North-South and East-West down the same columns
                lefts = page.evaluate(
                    "[...document.querySelectorAll('table.ranking')].map(t => "
                    "[...t.rows[0].cells].map(c => Math.round(c.getBoundingClientRect().left)))"
                )
                assert len(lefts) == 2 and lefts[0] == lefts[1], lefts
        assert page.locator("[role=alert]").count() == 1  # the message page says what is wrong

        page.goto(url + "/desk/login")
        page.fill("#password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(url + "/desk")
        for name, path in (("desk", "/desk?pairs=8&boards=9"), ("evening-setup", f"/desk/e/{evenings.setup}"),
                           ("evening-play", f"/desk/e/{evenings.playing}"),
                           ("evening-closed", f"/desk/e/{evenings.closed}"),
                           ("cards", f"/desk/e/{evenings.playing}/cards"),
                           ("traveller", f"/desk/e/{evenings.playing}/board/4")):  # fmt: skip
            page.goto(url + path)
            _measure(page, f"{name}-{tag}", width, problems)
            if name == "evening-play":  # the states the screenshots are to show: a call, a correction, long names
                text = page.inner_text("main")
                assert "the traveller said 10" in text and LONG_NAMES in text
                assert page.locator("form[action$='/do/answer']").count() == 1
                # the change in a traveller's words, the checks without the temporary folder the ranking is scored in
                assert "3NT S +2 660" in text and '"contract"' not in text, text
                assert "/tmp" not in text and "bridgescore-live-" not in text
            elif name == "evening-closed":
                assert page.locator(f"a[href='/e/{evenings.closed}/html']").count() == 1
        context.close()

        # a phone at its table: the round, a board's form, the confirmation, the board stored
        context = _context(browser, lang, width)
        page = context.new_page()
        table = index + 1
        page.goto(f"{url}/t/{evenings.playing}?code={evenings.codes[table]}")
        page.wait_for_url(f"{url}/t/{evenings.playing}/table")
        _measure(page, f"table-{tag}", width, problems)
        page.click(f"a[href^='/t/{evenings.playing}/board/']")
        page.wait_for_selector("#entry")
        _measure(page, f"board-{tag}", width, problems)
        page.fill("#contract", "4H")
        page.check("input[name=declarer][value=W]")
        page.fill("#result", "-1")
        page.fill("#lead", "SK")
        page.click("#entry button[type=submit]")
        page.wait_for_selector("#confirm")
        _measure(page, f"confirm-{tag}", width, problems)
        page.click("#confirm button[type=submit]")
        page.wait_for_url(re.compile(r"/stored/\d+$"))
        _measure(page, f"stored-{tag}", width, problems)
        context.close()
    assert problems == []
