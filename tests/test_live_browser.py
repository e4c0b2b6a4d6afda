"""The live evening's acceptance story (issue 22) in Chromium: a real ``bridgescore serve`` process on loopback,
the director at a desktop browser and four table phones (390 px browser contexts) driven by Playwright.

The director signs in with the first-run setup code the server printed, takes a 4-table Mitchell of 3 rounds of 3
boards from the movements suggested for 8 pairs and 9 boards, names two pairs and starts; the four phones open
their table links (``?code=``) and enter every board at the same time (their steps interleaved: all four fill in a
board, then all four send it before any answer is awaited, so the server takes four entries at once); the
director corrects one result with a reason and closes the evening.  Then the published page, the archive
(``bridgescore archive list`` and the archive's percentages as ``bridgescore season --db`` reads them) and a
plain ``bridgescore score`` of the files written agree on every pair's percentage to the last decimal each prints.

Debian's chromium driven by Playwright (the ``browser`` fixture of conftest.py); a machine without it skips.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bridgescore.core.i18n import format_number
from live_server import Server

pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) drives chromium in these tests")

#: what each table plays, by (board × 3 + table): a contract, declarer and result as the players type them
_PLAYED = ["4S N =", "3NT S +1", "2H E -1", "PASS", "4H W =", "1NT N 5", "3C W +2", "5DX S -1", "6NT S −1"]
_DEADLINE = 90.0
_TIMEOUT_MS = 20_000


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridgescore", *args], capture_output=True, text=True, timeout=60)


def _director_sets_up(desk: Any, server: Server) -> tuple[int, dict[int, str]]:
    """The first run, the evening created from the suggestions, two pairs named, started: its number and codes."""
    desk.goto(f"{server.url}/desk/setup")
    assert server.token, server.output
    desk.fill("#token", server.token)  # the code bridgescore serve printed
    desk.fill("#password", "club-password-1")
    desk.fill("#again", "club-password-1")
    desk.click("button[type=submit]")
    desk.wait_for_url(f"{server.url}/desk")
    desk.fill("#pairs", "8")
    desk.fill("#boards", "9")
    desk.click("form[action='/desk'] button[type=submit]")
    desk.wait_for_selector("input[name=pick]")
    desk.check("label:has-text('mitchell-4-skip-r3 –') input[name=pick]")
    assert desk.input_value("#movement") == "mitchell-4-skip-r3" and desk.input_value("#bpr") == "3"
    desk.fill("#date", "2026-11-27")
    desk.fill("#club", "BC Test")
    desk.fill("#title", "Club night")
    desk.click("form[action='/desk/new'] button[type=submit]")
    desk.wait_for_url(re.compile(r"/desk/e/\d+$"))
    evening = int(desk.url.rsplit("/", 1)[1])
    desk.fill("input[name='pair:A:1']", "Ann & Bob")
    desk.fill("input[name='pair:A:5']", "Cy <b>& Di")
    desk.click(f"form[action='/desk/e/{evening}/do/names'] button")
    desk.wait_for_url(f"{server.url}/desk/e/{evening}")
    assert desk.input_value("input[name='pair:A:5']") == "Cy <b>& Di"
    desk.click(f"form[action='/desk/e/{evening}/do/start'] button")
    desk.wait_for_url(f"{server.url}/desk/e/{evening}")
    desk.goto(f"{server.url}/desk/e/{evening}/cards")
    codes = {}
    for card in desk.query_selector_all("section.card"):
        table = re.search(r"(\d+)", card.inner_text()).group(1)  # type: ignore[union-attr]
        codes[int(table)] = card.query_selector(".code").inner_text().strip()  # type: ignore[union-attr]
    assert sorted(codes) == [1, 2, 3, 4], codes
    return evening, codes


def _boards_left(phone: Any, evening: int) -> list[int]:
    """The boards the table page offers to enter (the ones entered are shown without a link)."""
    links: list[str] = phone.eval_on_selector_all(f"a[href^='/t/{evening}/board/']", "a => a.map(e => e.pathname)")
    return [int(link.rsplit("/", 1)[1]) for link in links]


def _tables_play(phones: dict[int, Any], evening: int) -> dict[int, list[tuple[int, str]]]:
    """Every board of every round entered at the four tables at the same time: each step taken by all four phones
    before the next, the four entries sent before any answer is awaited.  What each table stored, by table."""
    stored: dict[int, list[tuple[int, str]]] = {t: [] for t in phones}
    for _step in range(12):
        left = {t: _boards_left(p, evening) for t, p in phones.items()}
        playing = {t: p for t, p in phones.items() if left[t]}
        if not playing:
            return stored
        boards = {t: left[t][0] for t in playing}
        for t, p in playing.items():  # each table opens its next board
            p.click(f"a[href='/t/{evening}/board/{boards[t]}']")
        for t, p in playing.items():
            p.wait_for_selector("#entry")
            contract, declarer, result = [*_PLAYED[(boards[t] * 3 + t) % len(_PLAYED)].split(), "", ""][:3]
            p.fill("#contract", contract)
            if declarer:
                p.check(f"input[name=declarer][value={declarer}]")
            p.fill("#result", result)
            p.click("#entry button[type=submit]", no_wait_after=True)
        for t, p in playing.items():  # the opponents read the score and confirm: four entries in flight at once
            p.wait_for_selector("#confirm")
            stored[t].append((boards[t], p.inner_text("#score")))
        for p in playing.values():
            p.click("#confirm button[type=submit]", no_wait_after=True)
        for p in playing.values():
            p.wait_for_url(re.compile(rf"/t/{evening}/stored/\d+$"))
            assert p.locator("[role=status]").inner_text().startswith(("Board", "Spel")), p.content()[-800:]
            p.click(f"a.button[href='/t/{evening}/table']")
        for p in playing.values():
            p.wait_for_url(re.compile(rf"/t/{evening}/table$"))
    raise AssertionError("the tables did not finish in 12 steps")


def _ranking_on(page: Any, selector: str) -> dict[tuple[str, str], str]:
    """(direction, pair) → the percentage as a page shows it, from the published page's ranking tables."""
    shown = {}
    for direction in ("ns", "ew"):
        for row in page.query_selector_all(f"{selector}-{direction} tbody tr"):
            pair = row.query_selector("[data-field=pair]").inner_text().strip()
            shown[(direction.upper(), pair)] = row.query_selector("[data-field=percent]").inner_text().strip()
    return shown


def _desk_ranking(page: Any) -> dict[tuple[str, str], str]:
    """(direction, pair) → percentage as the desk's running ranking shows it (each ranking's data-group: NS / EW)."""
    shown = {}
    for table in page.query_selector_all("table.ranking"):
        group = table.get_attribute("data-group")
        for row in table.query_selector_all("tr")[1:]:
            cells = [c.inner_text().strip() for c in row.query_selector_all("td")]
            shown[(group, cells[1])] = cells[3]
    return shown


def test_an_evening_in_chromium_from_the_setup_code_to_the_archive(browser: Any, server: Server,
                                                                   tmp_path: Path) -> None:  # fmt: skip
    started = time.monotonic()
    desktop = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    desktop.set_default_timeout(_TIMEOUT_MS)
    desk = desktop.new_page()
    evening, codes = _director_sets_up(desk, server)

    phones: dict[int, Any] = {}
    for table, code in codes.items():
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                      locale="nl-NL" if table % 2 else "en-GB")  # fmt: skip
        context.set_default_timeout(_TIMEOUT_MS)
        phones[table] = context.new_page()
        phones[table].goto(f"{server.url}/t/{evening}?code={code}")
        phones[table].wait_for_url(f"{server.url}/t/{evening}/table")
    stored = _tables_play(phones, evening)
    assert {t: len(s) for t, s in stored.items()} == {1: 9, 2: 9, 3: 9, 4: 9}  # 3 rounds of 3 boards each
    assert all(len({b for b, _ in s}) == 9 for s in stored.values())
    for phone in phones.values():
        assert phone.locator(".ok").first.inner_text()  # "every board entered", in the phone's language

    # the desk: the grid full, one result corrected with its reason
    desk.goto(f"{server.url}/desk/e/{evening}")
    grid = [c.inner_text() for c in desk.query_selector_all("#grid td.num")]
    assert grid == ["3/3"] * 12, grid
    desk.fill("#c-round", "1")
    desk.fill("#c-table", "1")
    desk.fill("#c-board", "1")
    desk.fill("#c-contract", "4S")
    desk.fill("#c-declarer", "N")
    desk.fill("#c-result", "+1")
    desk.fill("#c-reason", "NS made 11 tricks, agreed by EW")
    desk.click(f"form[action='/desk/e/{evening}/correct'] button")
    desk.wait_for_load_state()
    assert desk.url == f"{server.url}/desk/e/{evening}", desk.inner_text("main")
    changes = desk.locator("table", has_text="NS made 11 tricks, agreed by EW").inner_text()
    assert "4S N +1" in changes or "4S" in changes, changes
    running = _desk_ranking(desk)

    desk.once("dialog", lambda dialog: dialog.accept())  # "Close the evening and publish the results?"
    desk.click(f"form[action='/desk/e/{evening}/do/close'] button")
    desk.wait_for_selector(f"a[href='/e/{evening}/html']")
    assert "closed" in desk.inner_text("#state")
    desk.goto(f"{server.url}/e/{evening}/html")
    published = _ranking_on(desk, "#ranking-A")
    assert "Cy <b>& Di" in desk.inner_text("#ranking-A-ew")  # a name is text, never markup
    desktop.close()
    for phone in phones.values():
        phone.context.close()

    folder = tmp_path / "published" / str(evening)
    travellers = (folder / f"evening-{evening}.csv").read_text(encoding="utf-8")
    assert travellers.count("\n") == 1 + 36 and "A,1,1,5,4S,N,+1,,450," in travellers  # the corrected line
    stem = folder / f"evening-{evening}"
    plain = _run("score", f"{stem}.csv", "--names", f"{stem}-names.csv", "--movement", f"{stem}.movement.json",
                 "-f", "json")  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    scored = {(s["group"], e["pair"]): e["percent"] for s in json.loads(plain.stdout)["standings"]
              for e in s["entries"]}  # fmt: skip
    assert len(scored) == 8

    listing = _run("archive", "list", "--db", server.db, "-f", "json")
    assert listing.returncode == 0, listing.stderr
    (session,) = json.loads(listing.stdout)["sessions"]
    assert (session["title"], session["club"], session["date"], session["pairs"], session["boards"]) == (
        "Club night", "BC Test", "2026-11-27", 8, 9)  # fmt: skip
    named = {"Ann & Bob": ("NS", "1"), "Cy <b>& Di": ("EW", "5")}  # named pairs: the players, by their names
    season = _run("season", "--db", server.db, "-f", "json")
    assert season.returncode == 0, season.stderr
    archived = {}
    for entry in json.loads(season.stdout)["standings"]:
        found = re.search(r"/A:(\d+) (NS|EW)$", entry["key"])  # a pair without names: the session's pair
        key = (found.group(2), found.group(1)) if found else named.get(entry["name"])
        assert key is not None, entry
        (evening_entry,) = entry["evenings"]
        archived[key] = evening_entry["value"]

    assert set(published) == set(archived) == set(scored) == set(running)
    for key, percent in scored.items():
        # the JSON prints 6 decimals, the pages 2: each agrees with the archive's number to the last one it prints
        assert percent == round(archived[key], 6), (key, percent, archived[key])
        assert published[key] == format_number(archived[key], "en", 2), (key, published[key], archived[key])
        assert running[key] == published[key], (key, running[key], published[key])
    assert time.monotonic() - started < _DEADLINE


def test_a_phone_without_network_keeps_the_confirmation_and_sends_it_once_when_the_network_is_back(
    browser: Any, server: Server
) -> None:
    from live_server import create_evening, director, table_codes

    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    code = table_codes(desk, evening)[1]
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        phone = context.new_page()
        phone.goto(f"{server.url}/t/{evening}?code={code}")
        phone.goto(f"{server.url}/t/{evening}/board/1")
        phone.fill("#contract", "4S")
        phone.check("input[name=declarer][value=N]")
        phone.fill("#result", "=")
        phone.click("#entry button[type=submit]")
        phone.wait_for_selector("#confirm")
        context.set_offline(True)
        phone.click("#confirm button[type=submit]")
        phone.wait_for_selector("#sending", state="visible", timeout=10_000)
        time.sleep(4)  # a retry or two fails while the network is away
        context.set_offline(False)
        phone.wait_for_url(re.compile(r"/stored/\d+$"), timeout=20_000)
        assert "Board 1 is stored." in phone.content()
    finally:
        context.close()
    grid = desk.get(f"/desk/e/{evening}").text
    assert grid.count("1/3</td>") == 1  # stored once
