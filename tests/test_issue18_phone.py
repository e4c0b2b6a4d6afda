"""Issue 18, the page on a phone: every kind of page the command line publishes – pairs (matchpoints with hand
records and the lead analysis, the same summarised as a large event's, Butler), individual, teams (a round robin
of eight teams, a Swiss with hand records), a season with lines and its Valet columns, the Valet page, a
multi-session event – rendered from the bundled examples and fixtures with long names and a line "not played",
then opened in Chromium at 360 px (a small Android phone): no table is wider than its box or the screen, and no
text a person sees is under 14 px.

Before: a pairs score card was 430–490 px wide (its % and running total off-screen, the opponents' names on three
lines), a traveller with its DD column ran "10 450" together, a season's evenings were 717 px and the Valet table
1,071 px, each scrolled sideways inside its box.  Chromium is Debian's, driven by Playwright (``browser`` of
conftest.py; a machine without them skips with one line).  Screenshots at 360 and 1280 px go to
``build/screenshots/issue18-*.png`` for a person to look at.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from typer.testing import CliRunner

import season_data
from bridgescore.cli import app
from reference_data import REFERENCE, need

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
EXAMPLE = ROOT / "src" / "bridgescore" / "examples" / "club-evening.csv"
SHOTS = ROOT / "build" / "screenshots"
WIDTH = 360
#: names as long as a club's real ones
LONG = ("Annemieke van der Heijden-Brouwer", "Bartholomeus Jansen", "Wilhelmina Vermeulen", "Christiaan de Vries")
KINDS = ("pairs", "pairs-summary", "pairs-butler", "individual", "teams", "teams-swiss", "season", "valet", "sessions")

runner = CliRunner()


def _run(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, (args, result.output)


def _evening(folder: Path) -> tuple[Path, Path]:
    """The example evening with pair 2 v 10 on board 1 not played, and a names file of long names."""
    rows = list(csv.DictReader(EXAMPLE.open(encoding="utf-8")))
    rows[1].update(contract="not played", declarer="", result="", lead="", score="")
    evening = folder / "evening.csv"
    with evening.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    names = folder / "names.csv"
    names.write_text("pair,names\n" + "".join(f"{n},{LONG[n % 4]} & {LONG[(n + 1) % 4]}\n" for n in range(1, 17)),
                     encoding="utf-8")  # fmt: skip
    return evening, names


def _pairs_with_deals(evening: Path, lang: str) -> dict[str, Any]:
    """The pairs page's dict with the hand records of boards 1 and 2 (html_cases: diagram, DD table, par; a DD
    column on their travellers), the lead analysis, the director's checks, names, a date and a club."""
    from bridgescore.api import read, score
    from bridgescore.core.contract import dealer_of_board, vulnerability_of_board
    from bridgescore.core.deal import DDTable, HandRecord, Par
    from bridgescore.pairs.report.json import to_dict
    from html_cases import DD, HANDS, PAR

    event = read(evening)
    deals = {
        n: HandRecord(n, HANDS[n], dealer_of_board(n), vulnerability_of_board(n), DDTable(DD[n]),
                      Par(PAR[n][0], PAR[n][1]))
        for n in HANDS
    }  # fmt: skip
    given = {str(n): f"{LONG[n % 4]} & {LONG[(n + 1) % 4]}" for n in range(1, 17)}
    event = replace(
        event, deals=deals, names=MappingProxyType(given), info={"date": "2026-11-23", "club": "BC De Troef"}
    )
    from html_cases import LEADS

    return {**to_dict(score(event).scored), "leads": LEADS}


def _build(folder: Path, lang: str) -> dict[str, Path]:
    from bridgescore.teams import score_teams
    from bridgescore.teams.report import write_teams
    from test_teams_report_browser import _eight_teams

    evening, names = _evening(folder)
    pages: dict[str, Path] = {}

    def page(kind: str) -> Path:
        pages[kind] = folder / f"{kind}-{lang}.html"
        return pages[kind]

    from bridgescore.pairs.report.html import render_html, summarise

    document = _pairs_with_deals(evening, lang)
    page("pairs").write_text(render_html(document, lang), encoding="utf-8")
    # a large event's page: each traveller a frequency table (FULL_PAGE_LINES)
    summary = {**document, "boards": list(summarise(document["boards"]))}
    page("pairs-summary").write_text(render_html(summary, lang), encoding="utf-8")
    _run(["score", str(evening), "--names", str(names), "--method", "butler", "--director", "-f", "html",
          "--lang", lang, "-o", str(page("pairs-butler"))])  # fmt: skip
    players = folder / "players.csv"
    players.write_text("player,name\n" + "".join(f"{n},{LONG[n % 4]}\n" for n in range(1, 13)), encoding="utf-8")
    _run(["individual", str(DATA / "individual" / "three-tables.csv"), "--names", str(players), "-f", "html",
          "--lang", lang, "-o", str(page("individual"))])  # fmt: skip
    out = io.StringIO()
    write_teams(score_teams(_eight_teams()), "html", out, lang)
    page("teams").write_text(out.getvalue(), encoding="utf-8")
    # the file in a folder whose name has no place to break (an absolute path as a checkout's can be): the page's
    # director's checks name it, and the line must wrap, not widen the page (it did, by 2 px, in a longer checkout)
    swiss = folder / ("clubresults" * 5) / "realbridge-two-matches.pbn"
    swiss.parent.mkdir(exist_ok=True)
    swiss.write_bytes((DATA / "teams" / "realbridge-two-matches.pbn").read_bytes())
    _run(["teams", str(swiss), "--skip-invalid", "--deals", str(swiss), "--title", "Viertallen", "--date",
          "2026-11-24", "-f", "html", "--director", "--lang", lang, "-o", str(page("teams-swiss"))])  # fmt: skip
    evenings = folder / "evenings"
    if not evenings.exists():
        for file in season_data.write_season(evenings, ("A", "B")):
            text = file.read_text(encoding="utf-8")
            file.write_text(text.replace("Ann ", LONG[0] + " ").replace("Bob ", LONG[1] + " "), encoding="utf-8")
    _run(["season", str(evenings), "--lines", "A,B", "--line-correction", "4", "--promote", "2", "--relegate", "2",
          "--absent", "fixed:50", "--rule", "best:6", "--valet", "--lang", lang, "-f", "html",
          "-o", str(page("season"))])  # fmt: skip
    valet = need(REFERENCE / "valet" / "cases" / "ex02_imps_cloud_lead" / "input")
    _run(["valet", "--names", str(valet / "names2.txt"), "--scores", str(valet / "scores2.txt"), "-l", "-a",
          "-f", "html", "--lang", lang, "--output", str(page("valet"))])  # fmt: skip
    second = folder / "evening2.csv"
    second.write_text(evening.read_text(encoding="utf-8"), encoding="utf-8")
    _run(["score", str(evening), str(second), "--session", "1", "--session", "2", "--names", str(names),
          "-f", "html", "--lang", lang, "-o", str(page("sessions"))])  # fmt: skip
    return pages


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("issue18-pages")
    built: dict[str, Path] = {}
    for lang in ("en", "nl"):
        built.update({f"{kind}-{lang}": path for kind, path in _build(folder, lang).items()})
    return built


#: every visible table wider than its box or the screen, and every visible text under 14 px (folded details opened)
_MEASURE = """() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const screen = document.documentElement.clientWidth, wide = [], small = [];
  for (const t of document.querySelectorAll('table')) {
    if (!t.getClientRects().length) continue;
    const r = t.getBoundingClientRect(), box = t.parentElement;
    if (t.scrollWidth > box.clientWidth + 0.5 || r.right > screen + 0.5 || r.left < -0.5)
      wide.push([(t.closest('[id]') || {}).id || t.className, Math.round(r.width), box.clientWidth]);
  }
  for (const e of document.body.querySelectorAll('*')) {
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 14) small.push([size, e.tagName + '.' + e.className, e.textContent.trim().slice(0, 30)]);
  }
  const past = [];  // what reaches past the screen's right edge, when the page is wider than the screen
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.right > screen + 0.5 && e.getClientRects().length && past.length < 5)
      past.push([e.tagName + '.' + e.className, (e.closest('[id]') || {}).id, Math.round(r.right),
                 e.textContent.trim().slice(0, 40)]);
  }
  return {page: document.documentElement.scrollWidth, screen, tables: document.querySelectorAll('table').length,
          wide, small, past};
}"""


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_table_fits_360_px_at_14_px_type(browser: Any, pages: dict[str, Path], kind: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": WIDTH, "height": 800}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1)  # fmt: skip
    page = context.new_page()
    page.goto(pages[f"{kind}-{lang}"].as_uri(), wait_until="load")
    found = page.evaluate(_MEASURE)
    assert found["screen"] == WIDTH and found["tables"] > 0
    if kind == "pairs":  # the lead analysis, a traveller with its DD column, the director's checks are measured
        assert page.is_visible("#leads-pairs table") and page.is_visible("table.checks"), kind
    if kind == "pairs-summary":
        assert page.locator("#board-A-1 td[data-field=count]").count() > 0
    assert found["page"] <= WIDTH, found["past"]
    assert found["wide"] == [], found["wide"][:5]
    assert found["small"] == [], found["small"][:5]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"issue18-{kind}-{lang}-{WIDTH}.png"))
    context.close()


def test_the_phone_layout_keeps_the_desktop_table(browser: Any, pages: dict[str, Path]) -> None:
    """At 1280 px the tables are tables: a score card has its By and Result columns and the opponents' names; the
    season's evenings have their header row; nothing scrolls sideways."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(pages["pairs-nl"].as_uri() + "#pair-A-NS-3", wait_until="load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    heads = page.eval_on_selector_all("#pair-A-NS-3 thead th", "c => c.map(x => x.innerText)")
    assert heads[:5] == ["Spel", "Tegenstanders", "Contract", "Door", "Resultaat"], heads
    assert page.is_visible("#pair-A-NS-3 span.who")
    cell = page.inner_text("#board-A-1 tbody tr:first-child td[data-field=contract]")
    assert cell == "4♠"  # the declarer and result in their own columns
    page.screenshot(path=str(SHOTS / "issue18-pairs-nl-1280.png"))
    page.goto(pages["season-en"].as_uri(), wait_until="load")
    assert page.is_visible("#evenings-grid thead")
    context.close()


def test_on_the_phone_the_contract_cell_reads_contract_declarer_result(browser: Any, pages: dict[str, Path]) -> None:
    context = browser.new_context(viewport={"width": WIDTH, "height": 800}, is_mobile=True, device_scale_factor=1)
    page = context.new_page()
    page.goto(pages["pairs-nl"].as_uri(), wait_until="load")
    # each cell a person sees, with what CSS adds after it (the declarer and result after the contract)
    rows = page.eval_on_selector_all(
        "#board-A-1 .scroll tbody tr",
        """rows => rows.map(r => Array.from(r.cells).filter(c => c.getClientRects().length).map(c => {
            const after = getComputedStyle(c, '::after').content;
            return c.innerText + (after && after !== 'none' ? JSON.parse(after) : ''); }))""",
    )
    assert rows[0][:3] == ["1", "8", "4♠ Z +1"], rows[0]
    assert rows[0][3:5] == ["10", "450"]  # the DD column, then the score: two numbers, not "10450"
    assert rows[-1][:3] == ["2", "10", "niet gespeeld"]
    context.close()
