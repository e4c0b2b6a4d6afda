"""The published page in a real browser: what a person sees on a phone, on a desktop and on paper.

Debian's chromium (``.ci/run`` installs it when missing) is driven by Playwright with
``executable_path=/usr/bin/chromium`` – no browser is downloaded. Playwright is used rather than
``chromium --screenshot``/``--dump-dom`` because headless chromium will not make a window narrower than 500
pixels: a "390 px" screenshot from the command line is a 500 px layout cut off at 390. Playwright sets the
viewport itself (as a phone would), reads the text a person sees (``inner_text`` leaves out what CSS hides),
records every request the page makes, and prints the page as the notice board gets it.

The EBU sample event (PairsScorer, ``shared/reference/events/usebio-ebu-examples``) is scored by
``bridgescore score … --format html``; the places and percentages read off the screen are compared with the
ones PairsScorer published, and a traveller line with PairsScorer's matchpoints.

Screenshots are written to ``build/screenshots/`` (phone 390 px and desktop 1280 px) for a person to look at.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from html_cases import EBU_MP, EBU_MP_STANDINGS, case, reference_file

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "build" / "screenshots"
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) drives chromium in these tests")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    files = {}
    for name, lang in (("ebu-mp", "en"), ("ebu-mp", "nl"), ("ebu-butler", "en")):
        path = folder / f"{name}-{lang}.html"
        path.write_text(case(name, lang)[1], encoding="utf-8")
        files[f"{name}-{lang}"] = path
    return files


def _open(browser: sync_api.Browser, path: Path, width: int, height: int, phone: bool = False) -> sync_api.Page:
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone, device_scale_factor=1
    )
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri(), wait_until="load")
    assert requests == [path.as_uri()], f"the page asked for more than itself: {requests}"
    return page


def _reference_standings() -> dict[str, list[tuple[str, str, str]]]:
    """PairsScorer's published places and percentages per direction, best first."""
    text = reference_file(EBU_MP_STANDINGS).read_text(encoding="utf-8-sig")
    rows: dict[str, list[tuple[str, str, str]]] = {"NS": [], "EW": []}
    for row in csv.DictReader(io.StringIO(text)):
        rows[row["DIRECTION"]].append((row["PLACE"], row["PAIR_NUMBER"], row["PERCENTAGE"]))
    for direction in rows:
        rows[direction].sort(key=lambda r: (int(r[0]), int(r[1])))
    return rows


def _table_rows(page: sync_api.Page, selector: str) -> list[list[str]]:
    """The rows of a table as a person reads them (cell texts)."""
    rows: list[list[str]] = page.eval_on_selector_all(
        f"{selector} tbody tr", "rows => rows.map(r => Array.from(r.cells, c => c.innerText.trim()))"
    )
    return rows


def _not_blank(png: bytes, name: str) -> None:
    """A screenshot shows something: many colours, and ink on a good part of it (not a white page)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    background = max(colours)[1] if colours else (255, 255, 255)
    pixels = image.width * image.height
    ink = sum(
        count for count, colour in colours if sum(abs(a - b) for a, b in zip(colour, background, strict=True)) > 60
    )
    assert len(colours) > 50, f"{name}: only {len(colours)} colours"
    assert ink / pixels > 0.02, f"{name}: almost blank ({ink / pixels:.1%} ink)"
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"{name}.png").write_bytes(png)


def test_desktop_shows_the_ranking_as_pairsscorer_published_it(
    browser: sync_api.Browser, pages: dict[str, Path]
) -> None:
    page = _open(browser, pages["ebu-mp-en"], 1280, 900)
    reference = _reference_standings()
    for direction, selector in (("NS", "#ranking-Sect1-ns"), ("EW", "#ranking-Sect1-ew")):
        rows = _table_rows(page, selector)
        assert len(rows) == len(reference[direction]) == 11
        # place, pair, boards, total, percentage as shown (no names in this event)
        shown = [(r[0], r[1], r[-1]) for r in rows[:3]]
        assert shown == reference[direction][:3]
        assert [(r[0], r[1], r[-1]) for r in rows] == reference[direction]
    heading = page.inner_text("#ranking-Sect1-ns h3")
    assert heading == "North-South"
    _not_blank(page.screenshot(full_page=False), "ebu-mp-en-desktop-1280")


def test_traveller_and_score_card_reached_by_anchors(browser: sync_api.Browser, pages: dict[str, Path]) -> None:
    """Board 1 as PairsScorer scored it (pair 1 v 12: 3♥X by N, 6 tricks, −500, 0/20 MPs), then pair 1's card."""
    page = _open(browser, pages["ebu-mp-en"], 1280, 900)
    page.click("nav.index >> text='Board 1'")
    assert page.evaluate("location.hash") == "#board-Sect1-1"
    assert page.evaluate("document.getElementById('board-Sect1-1').getBoundingClientRect().top") < 50
    rows = _table_rows(page, "#board-Sect1-1")
    expected = {}
    text = reference_file(EBU_MP).read_text(encoding="utf-8-sig")
    for row in csv.DictReader(io.StringIO(text)):
        if row["BOARD_NUMBER"] == "1":
            expected[(row["NS_PAIR_NUMBER"], row["EW_PAIR_NUMBER"])] = (row["NS_MATCH_POINTS"], row["EW_MATCH_POINTS"])
    assert len(rows) == len(expected) == 11
    by_pairs = {(r[0], r[1]): r for r in rows}
    first = by_pairs[("1", "12")]
    # NS, EW, contract, by, lead, result, score NS, score EW, MP NS, MP EW, % NS, % EW
    assert first == ["1", "12", "3♥X", "N", "♦10", "-3", "", "500", "0", "20", "0.00", "100.00"]
    for pairs, (ns_mp, ew_mp) in expected.items():
        assert (by_pairs[pairs][8], by_pairs[pairs][9]) == (ns_mp, ew_mp), pairs
    # from the traveller to NS pair 1's personal score card
    # (the traveller reads best score first: pair 1's -500 is not its first line)
    page.click("#board-Sect1-1 tbody td[data-field=ns_pair] a >> text='1'")
    card = page.evaluate("location.hash")
    assert card == "#pair-Sect1-NS-1"
    card_rows = _table_rows(page, card)
    assert len(card_rows) == 22
    assert card_rows[0][:3] == ["1", "12", "3♥X"]  # board, opponents, contract (a Mitchell: no direction column)
    running = card_rows[-1][-1]
    assert running == "216"  # 216 of 22 × 20: the 49.09 % PairsScorer printed for pair 1
    assert round(216 / 440 * 100, 2) == 49.09


def test_phone_shows_dutch_labels_and_fits(browser: sync_api.Browser, pages: dict[str, Path]) -> None:
    page = _open(browser, pages["ebu-mp-nl"], 390, 844, phone=True)
    assert page.evaluate("innerWidth") == 390
    # nothing sticks out sideways: wide tables scroll inside their own box, the page does not
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the ranking fits: its last column (the percentage) ends inside the screen
    right = page.evaluate(
        "(() => { const c = document.querySelectorAll('#ranking-Sect1-ns thead th');"
        " return c[c.length - 1].getBoundingClientRect().right; })()"
    )
    assert right <= 390
    # so do a traveller and a score card (short headings; the lead and the points beside the percentages
    # give way on a phone)
    for table in ("#board-Sect1-1 table", "#pair-Sect1-NS-1 table"):
        assert page.evaluate(f"document.querySelector('{table}').getBoundingClientRect().right") <= 390, table
    text = page.inner_text("body")
    # (issue 18: no "Res." on a phone – the declarer and result follow the contract in its cell, 4♠ Z +1)
    for word in ("Uitslag", "Klassement", "Noord-Zuid", "Oost-West", "Plaats", "Paar", "Totaal", "Frequentiestaten",
                 "Spel 1", "Contr.", "Sc. NZ", "Persoonlijke scorekaarten", "Tgst.", "Tot.",
                 "Controles van de wedstrijdleider"):  # fmt: skip
        assert word in text, word
    everything = page.text_content("body") or ""
    # the full headings, for wider screens, and the method's words folded under the ranking
    for word in ("Contract", "Door", "Uitkomst", "Resultaat", "Tegenstanders", "Lopend totaal", "Matchpunten"):
        assert word in everything, word
    for english in ("Ranking", "Board 1", "Lead", "Opponents", "Running total"):
        assert english not in text, english
    rows = _table_rows(page, "#ranking-Sect1-ns")
    assert (rows[0][0], rows[0][1], rows[0][-1]) == ("1", "10", "61,59")  # decimal comma
    _not_blank(page.screenshot(full_page=False), "ebu-mp-nl-phone-390")


def test_butler_traveller_shows_the_datum(browser: sync_api.Browser, pages: dict[str, Path]) -> None:
    data, _page = case("ebu-butler")
    page = _open(browser, pages["ebu-butler-en"], 1280, 900)
    datum = data["boards"][0]["datum"]
    assert datum == -60  # board 1: the NBB datum of the 11 NS scores, rounded to 10
    assert page.inner_text("#board-Sect1-1 .subtitle") == "Datum: -60"
    text = page.inner_text("#ranking")
    assert text.startswith("Ranking")
    page.click("details.method-notes summary")  # the method, folded under the ranking
    assert "Butler, datum: 10% of the highest and lowest scores left out" in page.inner_text("body")


def test_print_starts_sections_on_new_pages_without_navigation(
    browser: sync_api.Browser, pages: dict[str, Path]
) -> None:
    page = _open(browser, pages["ebu-mp-en"], 1280, 900)
    page.emulate_media(media="print")
    assert not page.is_visible("nav.top")
    assert not page.is_visible("nav.index")
    assert page.is_visible("#ranking-Sect1-ns")
    pdf = page.pdf(format="A4")
    pages_printed = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages_printed >= 4  # ranking, travellers, score cards, checks each start a page


# ---------------------------------------------------------------------------------------------- issue 10


@pytest.fixture(scope="module")
def deal_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The club-evening example with two hand records written by hand (``html_cases.deals_event``) and an IMP
    page (the EBU sample at Butler, the members' page: no checks)."""
    folder = tmp_path_factory.mktemp("deal-pages")
    files = {}
    for lang in ("en", "nl"):
        files[f"deals-{lang}"] = folder / f"deals-{lang}.html"
        files[f"deals-{lang}"].write_text(case("deals-club-evening", lang)[1], encoding="utf-8")
    return files


def _box(page: sync_api.Page, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
        " return {left: r.left, right: r.right, width: r.width, height: r.height}; })()"
    )
    return box


@pytest.mark.parametrize(("width", "phone"), [(390, True), (1280, False)])
def test_board_shows_diagram_dd_table_and_par(
    browser: sync_api.Browser, deal_pages: dict[str, Path], width: int, phone: bool
) -> None:
    """Acceptance (issue 10): at 390 and 1280 px a board's diagram, DD table and par are on the screen, the page
    does not scroll sideways, and the traveller with its DD column fits."""
    page = _open(browser, deal_pages["deals-nl"], width, 900, phone=phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.goto(deal_pages["deals-nl"].as_uri() + "#board-A-1")
    for selector in ("#board-A-1 .diagram", "#board-A-1 table.dd", "#board-A-1 .par", "#board-A-1 .compass"):
        assert page.is_visible(selector), selector
        box = _box(page, selector)
        assert box["width"] > 0 and box["height"] > 0 and box["left"] >= 0 and box["right"] <= width, selector
    assert page.inner_text("#board-A-1 .par") == "Par: NZ 170 (4♠ Z)"
    north = page.inner_text("#board-A-1 .hand.n")
    assert north.split("\n") == ["♠ H B 8", "♥ B 9 5 2", "♦ 8 3", "♣ H B 7 6"]
    assert page.inner_text("#board-A-1 .compass .w b") == "16"
    # the hearts and diamonds are red, the spades and clubs black
    colours = page.eval_on_selector_all("#board-A-1 .hand.n span", "spans => spans.map(s => getComputedStyle(s).color)")
    assert colours[1] == colours[2] != colours[0] == colours[3]
    # the traveller (with its DD column) ends inside the screen
    assert _box(page, "#board-A-1 .scroll table")["right"] <= width
    dd = [r[6] for r in _table_rows(page, "#board-A-1 .scroll")]  # NS EW contract by lead result DD
    assert dd[:2] == ["10", "10"]  # 4♠ by Z, the DD table's Z/♠; the best score first
    # type of at least 14 px in the tables and the diagram
    for selector in ("#board-A-1 .scroll td", "#board-A-1 .hand", "#ranking-A-ns td"):
        size = page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 14, (selector, size)
    _not_blank(page.screenshot(full_page=False), f"deals-nl-board-{width}")


def test_phone_ranking_first_method_folded(browser: sync_api.Browser, deal_pages: dict[str, Path]) -> None:
    page = _open(browser, deal_pages["deals-en"], 390, 844, phone=True)
    assert page.inner_text("header .session") == "BC De Troef · 2026-11-23"
    ranking_top = _box(page, "#ranking-A-ns")
    assert page.evaluate("document.getElementById('ranking-A-ns').getBoundingClientRect().top") < 400
    assert ranking_top["right"] <= 390
    assert not page.is_visible("details.method-notes ul")  # folded until asked
    page.click("details.method-notes summary")
    assert page.is_visible("details.method-notes ul")
    assert page.is_visible("#leads-pairs table")
    assert _box(page, "#leads-pairs table")["right"] <= 390  # the sums fit; the counts give way (class opt)
    _not_blank(page.screenshot(full_page=False), "deals-en-phone-390-top")


def test_score_card_opponents_wrap_between_words_on_a_phone(browser: sync_api.Browser, tmp_path: Path) -> None:
    """The opponents' names on a score card were allowed to break anywhere (``Debo|rah Berwi|tz`` at 390 px on the
    Welwyn page): each name now wraps between words only, the page still without a sideways scroll."""
    from dataclasses import replace
    from types import MappingProxyType

    from bridgescore.api import score
    from bridgescore.pairs.report.html import render_html
    from bridgescore.pairs.report.json import to_dict
    from test_leads_reports import _event

    names = {str(n): f"Deborah Berwitz-Anidjar & Jacqueline Holehouse {n}" for n in range(1, 7)}
    event = replace(_event(with_deals=False), names=MappingProxyType(names))
    path = tmp_path / "cards.html"
    path.write_text(render_html(to_dict(score(event).scored), "en"), encoding="utf-8")
    page = _open(browser, path, 390, 844, phone=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # issue 18: on a phone the opponents are their numbers (three lines of names made a card 430–490 px wide);
    # their names are on their own card, and on a wider screen under the number, wrapping between words only
    assert page.eval_on_selector_all("td span.who", "s => s.filter(x => x.getClientRects().length).length") == 0
    page = _open(browser, path, 700, 844)
    broken = page.eval_on_selector_all(
        "td span.who",
        """spans => spans.filter(s => s.textContent.trim()).map(s => {
            const words = s.textContent.trim().split(/\\s+/).length;
            const range = document.createRange(); range.selectNodeContents(s);
            const lines = new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size;
            return [s.textContent, lines, words]; }).filter(([, lines, words]) => lines > words)""",
    )
    assert page.eval_on_selector_all("td span.who", "s => s.length") > 0
    assert broken == []


def test_imp_traveller_fits_a_phone(browser: sync_api.Browser, pages: dict[str, Path]) -> None:
    """Issue 10: an IMP traveller (Butler: points for both sides beside the scores) fits 390 px at 14 px type."""
    page = _open(browser, pages["ebu-butler-en"], 390, 844, phone=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _box(page, "#board-Sect1-1 table")["right"] <= 390
    size = page.eval_on_selector("#board-Sect1-1 td", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 14
    page.goto(pages["ebu-butler-en"].as_uri() + "#board-Sect1-1")
    _not_blank(page.screenshot(full_page=False), "ebu-butler-en-phone-390-traveller")


@pytest.mark.parametrize(("width", "phone"), [(390, True), (1280, False)])
def test_valet_chart_is_on_the_screen(browser: sync_api.Browser, tmp_path: Path, width: int, phone: bool) -> None:
    from typer.testing import CliRunner

    from bridgescore.cli import app
    from reference_data import REFERENCE, need

    folder = need(REFERENCE / "valet" / "cases" / "ex02_imps_cloud_lead" / "input")
    result = CliRunner().invoke(
        app,
        ["valet", "--names", str(folder / "names2.txt"), "--scores", str(folder / "scores2.txt"), "-l", "-f", "html"],
    )
    assert result.exit_code == 0, result.output
    path = tmp_path / "valet.html"
    path.write_text(result.output, encoding="utf-8")
    page = _open(browser, path, width, 900, phone=phone)
    assert page.evaluate("innerWidth") == width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    chart = _box(page, "td.chart svg")
    assert chart["width"] > 100 and chart["left"] >= 0 and chart["right"] <= width
    if phone:
        smallest, where = page.evaluate(_SMALLEST_TYPE)
        assert smallest >= 14, (smallest, where)
    _not_blank(page.screenshot(full_page=False), f"valet-{width}")


#: the smallest type of every element with text of its own that a person sees (not hidden, not folded)
_SMALLEST_TYPE = """() => {
  let smallest = 1000, where = "";
  for (const e of document.body.querySelectorAll("*")) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < smallest) { smallest = size; where = e.tagName + "." + e.className + ": " + e.textContent.slice(0, 30); }
  }
  return [smallest, where];
}"""


def test_no_type_under_14_px_on_a_phone(
    browser: sync_api.Browser, deal_pages: dict[str, Path], pages: dict[str, Path]
) -> None:
    """Issue 10: type of at least 14 px on phones, everywhere on the page (diagram, tables, notes, footer)."""
    for path in (deal_pages["deals-nl"], deal_pages["deals-en"], pages["ebu-butler-en"], pages["ebu-mp-nl"]):
        page = _open(browser, path, 390, 844, phone=True)
        page.click("details.method-notes summary")
        smallest, where = page.evaluate(_SMALLEST_TYPE)
        assert smallest >= 14, (path.name, smallest, where)
