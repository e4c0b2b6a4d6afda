"""The movement cards (issue 21) in Chromium, as a director prints them and a player reads them on a phone: at
360 px nothing reaches past the screen and no text is under 14 px; printed on A4 and on Letter the table cards
take one page each, and in print media every card lies within the page's printable area (nothing clipped).
Screenshots at 360 px, 1280 px and of the print layout go to build/screenshots (looked at by hand).

Debian's chromium driven by Playwright (the ``browser`` fixture of conftest.py: ``executable_path`` is the
machine's chromium; a machine without it skips, or fails where the run requires chromium: tests/required.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridgescore.movement.cards import KINDS, cards, render_cards
from bridgescore.movement.files import resolve

pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) drives chromium in these tests")

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "build" / "screenshots"
#: a Mitchell with a relay, a Howell, a phantom, an individual (four players a table) and teams with a bye
MOVEMENTS = ("mitchell-8-relay", "howell-4", "mitchell-5-phantom", "individual-8", "teams-5")
#: CSS px of 96 a inch; the page's @page margin is 12 mm each side
_MM = 96 / 25.4
#: the printable area (width, height) in CSS px of each paper: A4 210 × 297 mm, Letter 8.5 × 11 in, less 2 × 12 mm
PRINTABLE = {
    "a4": ((210 - 24) * _MM, (297 - 24) * _MM),
    "letter": (8.5 * 96 - 24 * _MM, 11 * 96 - 24 * _MM),
}
PDF_FORMAT = {"a4": "A4", "letter": "Letter"}


def _movement(name: str) -> Any:
    found = resolve(name, boards_per_round=2)
    assert found.ok, found.problems
    return found.movement


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("movement-cards")
    built = {}
    for name in MOVEMENTS:
        for kind in KINDS:
            for lang in ("en", "nl"):
                for paper in ("a4", "letter"):
                    path = folder / f"{name}-{kind}-{lang}-{paper}.html"
                    path.write_text(render_cards(_movement(name), kind, lang, paper), encoding="utf-8")  # type: ignore[arg-type]
                    built[path.stem] = path
    return built


#: what reaches past the screen, every visible text under 14 px, every table wider than its card
_MEASURE = """() => {
  const screen = document.documentElement.clientWidth, small = [], wide = [];
  for (const e of document.body.querySelectorAll('*')) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 14) small.push([size, e.tagName, e.textContent.trim().slice(0, 30)]);
  }
  for (const t of document.querySelectorAll('table'))
    if (t.getBoundingClientRect().right > t.closest('.card').getBoundingClientRect().right + 0.5)
      wide.push(t.closest('.card').id);
  return {page: document.documentElement.scrollWidth, screen, small, wide,
          cards: document.querySelectorAll('.card').length};
}"""

#: each card's box in print media: the widest right edge and the tallest card
_BOXES = """() => Array.from(document.querySelectorAll('.card')).map(c => {
  const r = c.getBoundingClientRect(), t = c.querySelector('table');
  return {id: c.id, left: r.left, right: r.right, height: r.height, table: t.scrollWidth, box: c.clientWidth};
})"""


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", MOVEMENTS)
def test_the_cards_fit_a_phone_at_14_px(browser: Any, pages: dict[str, Path], name: str, kind: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1)  # fmt: skip
    page = context.new_page()
    page.goto(pages[f"{name}-{kind}-{lang}-a4"].as_uri(), wait_until="load")
    found = page.evaluate(_MEASURE)
    assert found["screen"] == 360 and found["cards"] == len(cards(_movement(name), kind, lang))  # type: ignore[arg-type]
    assert found["page"] <= 360, found
    assert found["wide"] == []
    assert found["small"] == [], found["small"][:5]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"cards-{name}-{kind}-{lang}-360.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_desktop_shows_the_cards_side_by_side(browser: Any, pages: dict[str, Path], kind: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    page = context.new_page()
    page.goto(pages[f"mitchell-8-relay-{kind}-{lang}-a4"].as_uri(), wait_until="load")
    found = page.evaluate(_MEASURE)
    assert found["page"] <= 1280 and found["wide"] == [] and found["small"] == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"cards-mitchell-8-relay-{kind}-{lang}-1280.png"))
    context.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", MOVEMENTS)
def test_printed_nothing_is_clipped_and_a_table_card_is_a_page(
    browser: Any, pages: dict[str, Path], name: str, kind: str, lang: str, paper: str
) -> None:
    width, height = PRINTABLE[paper]
    context = browser.new_context(viewport={"width": int(width), "height": int(height)}, device_scale_factor=1)
    page = context.new_page()
    page.goto(pages[f"{name}-{kind}-{lang}-{paper}"].as_uri(), wait_until="load")
    page.emulate_media(media="print")
    boxes = page.evaluate(_BOXES)
    expected = cards(_movement(name), kind, lang)  # type: ignore[arg-type]
    assert len(boxes) == len(expected) > 0
    for box in boxes:
        assert box["left"] >= -0.5 and box["right"] <= width + 0.5, box  # within the printable width
        assert box["height"] <= height + 0.5, box  # a card fits one page
        assert box["table"] <= box["box"] + 0.5, box  # its table within the card
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"cards-{name}-{kind}-{lang}-{paper}-print.png"), full_page=True)
    pdf = page.pdf(format=PDF_FORMAT[paper])
    printed = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    if kind == "table":
        assert printed == len(expected)  # one table card a printed page
    else:
        assert 1 <= printed < len(expected)  # guide cards and slips share pages, none cut
    context.close()
