"""The season page in a real browser (issue 13): on a 390 px phone the page never scrolls sideways, the ranking is
read off the screen as the JSON has it, and it asks for nothing but itself (chromium driven by Playwright, the
``browser`` fixture of conftest.py; a machine without them skips with one line)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import season_data as sd
from bridgescore.cli import app
from bridgescore.core.i18n import format_number

runner = CliRunner()


def test_the_dutch_season_page_fits_a_phone(browser: Any, tmp_path: Path) -> None:
    sd.write_season(tmp_path / "evenings", ("A", "B"))
    page_file = tmp_path / "season.html"
    args = ["season", str(tmp_path / "evenings"), "--lines", "A,B", "--line-correction", "4", "--promote", "2",
            "--relegate", "2", "--absent", "fixed:50", "--rule", "best:6", "--valet", "--lang", "nl"]  # fmt: skip
    assert runner.invoke(app, [*args, "-f", "html", "-o", str(page_file)]).exit_code == 0
    document = runner.invoke(app, [*args, "-f", "json"]).stdout
    import json

    first = json.loads(document[document.index("{") :])["standings"][0]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri(), wait_until="load")
    assert requests == [page_file.as_uri()]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rows = page.eval_on_selector_all(
        "#ranking-0 tbody tr", "rows => rows.map(r => Array.from(r.cells, c => c.innerText.trim()))"
    )
    assert rows[0][0] == first["place"] and rows[0][3] == first["name"]
    assert rows[0][4] == format_number(first["score"], "nl", 2)
    assert "Promotie/degradatie" in page.inner_text("body")
    shots = Path(__file__).resolve().parents[1] / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "season-nl-390.png"), full_page=True)
    context.close()


def test_the_dutch_season_ranking_with_lines_fits_a_laptop(browser: Any, tmp_path: Path) -> None:
    """review13a: at 1280 px the ranking of a season with lines (11 columns in Dutch) was wider than the page, so
    its last column – Promotie/degradatie, who goes up and down – was cut off behind a sideways scroll: the pair
    names now wrap between words, and every column is on the screen."""
    for evening in sd.write_season(tmp_path / "evenings", ("A", "B")):  # names as long as a club's real ones
        text = evening.read_text(encoding="utf-8")
        evening.write_text(text.replace("Ann ", "Annemieke van der Heijden ").replace("Bob ", "Bartholomeus Jansen "),
                           encoding="utf-8")  # fmt: skip
    page_file = tmp_path / "season.html"
    args = ["season", str(tmp_path / "evenings"), "--lines", "A,B", "--line-correction", "4", "--promote", "2",
            "--relegate", "2", "--absent", "fixed:50", "--rule", "best:6", "--lang", "nl"]  # fmt: skip
    assert runner.invoke(app, [*args, "-f", "html", "-o", str(page_file)]).exit_code == 0
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(page_file.as_uri(), wait_until="load")
    widths = page.eval_on_selector_all(
        "#ranking .scroll, .scroll", "boxes => boxes.map(b => [b.scrollWidth, b.clientWidth])"
    )
    assert widths and all(scroll <= client for scroll, client in widths), widths
    context.close()
