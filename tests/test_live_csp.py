"""The live evening's second wall (issue 22): a Content-Security-Policy on every response of ``bridgescore serve``.

No page carries an inline script, event handler, ``javascript:`` link or style: the scripts and the stylesheet are
files the application serves (``/static/``, package data), a page's own values in ``data-`` attributes.  So the
policy runs the site's own scripts only, and markup that ever reached a page as markup would not run.  Tried on a
real server over loopback (:mod:`live_server`): the headers of every kind of page; in Chromium (Playwright, Debian's
chromium: the ``browser`` fixture) every page loads without a violation of the policy and its scripts still work –
the screen reloads itself, a phone keeps what was typed, the desk's movement list fills in the form, a message goes
back – and a script written into a page (a published page changed on the disk, a page altered on its way) is
refused by the policy.  Besides: the table's current round read without a call SQLAlchemy 2.1 deprecates.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import warnings
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import httpx
import pytest

from live_server import (
    Browser,
    Server,
    boards_to_play,
    create_evening,
    director,
    enter,
    running_evening,
    serving,
    sit_down,
    table_codes,
)

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "src" / "bridgescore" / "report" / "templates" / "live"
STATIC = ROOT / "src" / "bridgescore" / "live" / "static"

#: What every page of the desk and the tables is sent with (the published results leave out the frame rule).
POLICY = {"default-src": "'self'", "script-src": "'self'", "style-src": "'self'", "object-src": "'none'",
          "base-uri": "'none'", "form-action": "'self'", "frame-ancestors": "'none'"}  # fmt: skip


def policy_of(response: httpx.Response) -> dict[str, str]:
    """The response's Content-Security-Policy as directive → its sources."""
    directives = (d.strip().split(None, 1) for d in response.headers["content-security-policy"].split(";"))
    return {d[0]: d[1] if len(d) > 1 else "" for d in directives if d}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Browser, int, dict[int, str]]]:
    """One server for this file's tests: a director signed in, an evening running with one board entered at
    table 1 (the screen has a ranking, the stored page exists), and the tables' codes."""
    with serving(tmp_path_factory.mktemp("live-csp")) as server:
        desk = director(server)
        evening = create_evening(desk, "mitchell-4-skip-r3", 3, title="CSP night")
        desk.post(f"/desk/e/{evening}/do/names", {"pair:A:1": "Ann & Bob", "pair:A:5": "Cy <b>& Di"})
        desk.post(f"/desk/e/{evening}/do/start", {})
        codes = table_codes(desk, evening)
        assert "is stored" in enter(sit_down(server, evening, codes[1]), evening, 1, "4S", "N", "=").text
        yield server, desk, evening, codes


# --- the headers ------------------------------------------------------------------------------------------------------


def test_every_kind_of_response_is_sent_with_the_policy_nosniff_and_same_origin_referrers(live: Any) -> None:
    server, desk, evening, codes = live
    phone = sit_down(server, evening, codes[2])
    board = boards_to_play(phone, evening)[0]
    visitor = Browser(server.url)
    asked = {
        visitor: ["/", "/lang/nl?next=/", "/no-such-page", "/static/live.js", "/desk"],
        desk: ["/desk", "/desk/login", f"/desk/e/{evening}", f"/desk/e/{evening}/cards",
               f"/desk/e/{evening}/board/1", f"/desk/e/{evening}/movement/table", f"/screen/{evening}",
               f"/screen/{evening}/revision", f"/e/{evening}/html"],
        phone: [f"/t/{evening}", f"/t/{evening}/table", f"/t/{evening}/board/{board}", f"/t/{evening}/stored/1",
                f"/t/{evening}/board/99"],
    }  # fmt: skip
    for client, paths in asked.items():
        for path in paths:
            response = client.http.get(path, follow_redirects=False)
            assert response.status_code in (200, 303, 400, 404), (path, response.status_code)
            headers = response.headers
            assert headers["x-content-type-options"] == "nosniff", path
            assert headers["referrer-policy"] == "same-origin", path  # an entry link's code never leaves the site
            assert headers["x-frame-options"] == "DENY", path
            found = policy_of(response)
            assert {k: v.split()[0] for k, v in found.items()} == POLICY, (path, found)
            assert "'unsafe-inline'" not in headers["content-security-policy"], path
            assert not path.startswith("/static/") or "immutable" in headers["cache-control"], path
            assert path.startswith("/static/") or headers["cache-control"] == "no-store", path
    phone.get(f"/t/{evening}/board/{board}")
    confirm = phone.post(f"/t/{evening}/board/{board}", {"key": phone.key(), "contract": "3NT", "declarer": "S",
                                                          "result": "="})  # fmt: skip
    assert confirm.status_code == 200 and 'id="confirm"' in confirm.text
    assert policy_of(confirm) == POLICY


def test_the_published_results_keep_their_own_stylesheet_by_its_digest_and_may_be_framed(live: Any) -> None:
    """The published page is a file that stands alone (its stylesheet inside it, as ``score -f html`` writes it):
    that stylesheet is allowed by its SHA-256 digest, nothing else inline; a club's site may show it in a frame."""
    server, desk, _, _ = live
    evening = _closed_evening(server, desk, "Published", "4S")
    for kind in ("html", "usebio", "csv"):
        published = httpx.get(f"{server.url}/e/{evening}/{kind}")
        assert published.status_code == 200, kind
        found = policy_of(published)
        assert "frame-ancestors" not in found and "x-frame-options" not in published.headers, kind
        assert published.headers["x-content-type-options"] == "nosniff", kind
        assert published.headers["referrer-policy"] == "same-origin", kind
        assert {k: v.split()[0] for k, v in found.items()} == {k: v for k, v in POLICY.items()
                                                               if k != "frame-ancestors"}, kind  # fmt: skip
    page = httpx.get(f"{server.url}/e/{evening}/html")
    (style,) = re.findall(r"<style>(.*?)</style>", page.text, re.S)
    digest = base64.b64encode(hashlib.sha256(style.encode("utf-8")).digest()).decode("ascii")
    assert policy_of(page)["style-src"] == f"'self' 'sha256-{digest}'"
    assert policy_of(page)["script-src"] == "'self'"


def test_a_messages_back_link_without_scripts_is_the_page_of_this_site_it_came_from(live: Any) -> None:
    """The message's "Back" was a ``javascript:`` link, which the policy refuses: it is the page the browser came
    from (its Referer), only where that is a page of this site; with scripts, the page before as it was typed."""
    server, _, evening, codes = live
    phone = sit_down(server, evening, codes[2])
    here = f"{server.url}/t/{evening}/table"
    for referer, back in ((here, f"/t/{evening}/table"), (f"{here}?lang=en", f"/t/{evening}/table?lang=en"),
                          ("https://elsewhere.example/t/1/table", "/"), (f"{server.url}/\\elsewhere.example", "/"),
                          (f"{server.url}//elsewhere.example/x", "/"), ("", "/")):  # fmt: skip
        page = phone.http.get(f"/t/{evening}/board/99", headers={"referer": referer} if referer else {})
        assert page.status_code == 400
        assert re.findall(r'<a class="button secondary" href="([^"]*)" data-back>', page.text) == [back], referer


def test_a_fault_of_the_server_is_answered_with_the_same_headers(server: Server) -> None:
    """A fault of the server (here a database whose evenings' table is gone) is answered by Starlette's outermost
    layer, outside the middleware that sets every response's headers: it sets them too."""
    import sqlite3

    assert httpx.get(f"{server.url}/").status_code == 200
    with sqlite3.connect(server.db) as damaged:
        damaged.execute("DROP TABLE live_evenings")
    failed = httpx.get(f"{server.url}/")
    assert failed.status_code == 500 and failed.text == "Internal Server Error"
    assert policy_of(failed) == POLICY and failed.headers["x-content-type-options"] == "nosniff"
    assert failed.headers["referrer-policy"] == "same-origin" and failed.headers["x-frame-options"] == "DENY"


# --- the pages themselves ------------------------------------------------------------------------------------------

#: Anything a strict policy refuses in a page: a script written in it, an event handler, a ``javascript:`` address,
#: a style element or attribute.
_INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+\s*=|javascript:|<style|\sstyle\s*=", re.I)


def test_no_template_of_the_live_pages_writes_an_inline_script_handler_or_style() -> None:
    found = {t.name: _INLINE.findall(t.read_text(encoding="utf-8")) for t in sorted(TEMPLATES.glob("*.j2"))}
    assert len(found) >= 15 and {name: hits for name, hits in found.items() if hits} == {}


def test_the_scripts_and_the_stylesheet_ship_in_the_wheel() -> None:
    """pyproject's package-data covers every file of ``live/static`` (a wheel built without them serves pages
    without their scripts and styles)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["bridgescore"]
    files = [p.relative_to(ROOT / "src" / "bridgescore").as_posix() for p in STATIC.iterdir()]
    assert {"live/static/live.css", "live/static/live.js", "live/static/board.js", "live/static/confirm.js",
            "live/static/screen.js"} <= set(files)  # fmt: skip
    assert [f for f in files if not any(fnmatch(f, g) for g in globs)] == []


def test_the_current_round_is_read_without_a_deprecated_sqlalchemy_call(tmp_path: Path) -> None:
    """``LiveStore.current_round`` read its rows with ``Result.tuples()``, deprecated by SQLAlchemy 2.1: every table
    page and entry warned in the server's log (an error under ``-W error``)."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore

    db = str(tmp_path / "club.sqlite3")
    evening = running_evening(db, 4, 2, boards_per_round=1)
    with open_archive(db) as archive:
        store = LiveStore(archive)
        schedule = store.evening(evening.id)
        assert schedule is not None
        place = schedule.place("A", 1, 1)
        assert place is not None
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            assert store.current_round(schedule, "A", 1) == 1
            store.submit(schedule, "A", 1, 1, min(place.boards), {"contract": "PASS", "score": "0"}, "k", "t")
            assert store.current_round(schedule, "A", 1) == 2


# --- in Chromium ---------------------------------------------------------------------------------------------------

#: Before any script of a page: every violation of the policy the page reports, and a print that records itself.
_WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.effectiveDirective + " " + (e.blockedURI || "") + " " + (e.sample || ""));
});
window.print = function () { window.__printed = true; };
"""


class Watched:
    """A browser context (the client's cookies) whose pages report every violation of the policy: the events
    the page saw and the console's words for them."""

    def __init__(self, browser: Any, client: Browser | None = None, width: int = 1280) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
        self.context.set_default_timeout(20_000)
        self.context.add_init_script(_WATCH)
        if client is not None and client.http.cookies.get("bridgescore"):
            cookie = client.http.cookies.get("bridgescore")
            self.context.add_cookies([{"name": "bridgescore", "value": cookie, "domain": "127.0.0.1", "path": "/"}])
        self.console: list[str] = []
        self.page = self.context.new_page()
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.console.append(message.text)

    def open(self, url: str) -> Any:
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        return self.page

    def violations(self) -> list[str]:
        found: list[str] = self.page.evaluate("window.__violations || []")
        return found + self.console

    def close(self) -> None:
        self.context.close()


def _closed_evening(server: Server, desk: Browser, title: str, contract: str) -> int:
    """An evening of its own (one round of a board at three tables, each ``contract`` by South, made) played and
    closed: its published page.  (The archive refuses an evening whose results it holds already.)"""
    evening = create_evening(desk, "mitchell-3-r1", 1, title=title)
    desk.post(f"/desk/e/{evening}/do/start", {})
    for table, code in table_codes(desk, evening).items():
        enter(sit_down(server, evening, code), evening, table, contract, "S", "=")
    closed = desk.post(f"/desk/e/{evening}/do/close", {})
    assert closed.status_code == 200, closed.text[-800:]
    return evening


_ACCENT = "rgb(11, 83, 148)"  # the header's colour in live.css: the stylesheet applied


def test_every_kind_of_page_loads_in_chromium_without_a_violation_and_its_scripts_work(live: Any, browser: Any) -> None:
    server, desk, evening, codes = live
    url = server.url
    closed = _closed_evening(server, desk, "Published in Chromium", "3NT")

    # the desk: its pages; choosing a movement fills in the form; the cards print; closing asks first
    director_view = Watched(browser, desk)
    try:
        for path in ("/desk", f"/desk/e/{evening}", f"/desk/e/{evening}/board/1", f"/desk/e/{evening}/movement/table",
                     f"/screen/{evening}", f"/e/{closed}/html", "/"):  # fmt: skip
            page = director_view.open(url + path)
            assert director_view.violations() == [], path
        assert page.evaluate("getComputedStyle(document.querySelector('header')).backgroundColor") == _ACCENT
        published = director_view.open(f"{url}/e/{closed}/html")  # its own stylesheet, allowed by its digest
        assert published.evaluate("getComputedStyle(document.body).maxWidth") == "1152px"
        suggested = director_view.open(f"{url}/desk?pairs=8&boards=9")
        second = suggested.locator("input[name=pick]").nth(1)
        second.check()
        assert suggested.input_value("#movement") == second.get_attribute("data-movement") != ""
        assert suggested.input_value("#bpr") == second.get_attribute("data-boards")
        cards = director_view.open(f"{url}/desk/e/{evening}/cards")
        assert cards.locator(".card .qr svg").count() == 4
        cards.click("button[data-print]")
        assert cards.evaluate("window.__printed === true")
        running = director_view.open(f"{url}/desk/e/{evening}")
        asked: list[str] = []
        running.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        running.click(f"form[action='/desk/e/{evening}/do/close'] button")
        running.wait_for_timeout(300)
        assert asked == ["Close the evening and publish the results?"] and running.url == f"{url}/desk/e/{evening}"
        assert "running" in running.inner_text("#state")  # not closed: the director said no
        assert director_view.violations() == []
    finally:
        director_view.close()

    # a table's phone: what was typed is kept through a reload, sent, confirmed, forgotten once stored
    phone = Watched(browser, sit_down(server, evening, codes[3]), width=390)
    try:
        table = phone.open(f"{url}/t/{evening}/table")
        assert phone.violations() == []
        board = int(table.locator(f"a[href^='/t/{evening}/board/']").first.inner_text())
        entry = phone.open(f"{url}/t/{evening}/board/{board}")
        key = entry.input_value("input[name=key]")
        entry.fill("#contract", "3NT")
        entry.check("input[name=declarer][value=S]")
        entry.fill("#result", "+1")
        entry.reload()
        assert (entry.input_value("#contract"), entry.input_value("#result")) == ("3NT", "+1")
        assert entry.input_value("input[name=key]") == key and entry.is_checked("input[name=declarer][value=S]")
        entry.click("#entry button[type=submit]")
        entry.wait_for_selector("#confirm")
        assert entry.inner_text("#score") in ("430", "630")  # 3NT+1 by South, not vulnerable or vulnerable
        entry.click("#confirm button[type=submit]")
        entry.wait_for_url(re.compile(rf"/t/{evening}/stored/\d+$"))
        assert entry.evaluate(f"localStorage.getItem('bridgescore:/t/{evening}/board/{board}')") is None
        assert phone.violations() == []
        # a message's "Back": the page before (without scripts: the link to the page it came from)
        table = phone.open(f"{url}/t/{evening}/table")
        table.evaluate(f"location.href = '/t/{evening}/board/99'")
        table.wait_for_url(f"{url}/t/{evening}/board/99")
        assert table.get_attribute("a[data-back]", "href") == f"/t/{evening}/table"
        table.click("a[data-back]")
        table.wait_for_url(f"{url}/t/{evening}/table")
        assert phone.violations() == []
    finally:
        phone.close()

    # a refusal the confirmation's script writes into the page itself (the server's answer, in words, with its scripts)
    other = sit_down(server, evening, codes[4])
    board = boards_to_play(other, evening)[0]
    refused = Watched(browser, other, width=390)
    try:
        entry = refused.open(f"{url}/t/{evening}/board/{board}")
        entry.fill("#contract", "2H")
        entry.check("input[name=declarer][value=E]")
        entry.fill("#result", "=")
        entry.click("#entry button[type=submit]")
        entry.wait_for_selector("#confirm")
        assert "is stored" in enter(other, evening, board, "4S", "N", "=").text  # the table's other phone was first
        entry.click("#confirm button[type=submit]")
        entry.wait_for_selector("[role=alert]")
        assert f"board {board} was entered already" in entry.inner_text("[role=alert]")
        entry.wait_for_timeout(200)
        assert entry.locator("a[data-back]").count() == 1 and refused.violations() == []
    finally:
        refused.close()


def test_the_screen_reloads_itself_when_a_result_comes_in(live: Any, browser: Any) -> None:
    server, _, evening, codes = live
    screen = Watched(browser)
    try:
        page = screen.open(f"{server.url}/screen/{evening}")
        before = page.inner_text("#progress")
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "24px"  # the screen's large type
        phone = sit_down(server, evening, codes[4])
        board = boards_to_play(phone, evening)[0]
        assert "is stored" in enter(phone, evening, board, "PASS", "", "").text
        page.wait_for_function("text => document.getElementById('progress').innerText !== text", arg=before,
                               timeout=15_000)  # fmt: skip
        assert page.inner_text("#progress") != before and screen.violations() == []
    finally:
        screen.close()


#: Markup as an attacker would write it into a page: a script, an event handler, a ``javascript:`` link, a style.
_INJECTED = (
    '<script>window.__ran = "inline"</script><img src="/static/live.css" onerror="window.__ran = \'handler\'">'
    '<a id="injected" href="javascript:void(window.__ran = \'link\')">x</a><p style="color: rgb(255, 0, 0)">red</p>'
)


def test_a_script_written_into_a_page_is_refused_by_the_policy(live: Any, browser: Any) -> None:
    """The second wall, where the first failed: markup that reached a page as markup does not run – a published page
    changed on the server's disk (it is served as written), and a desk page altered on its way to the browser."""
    server, desk, evening, _ = live
    closed = _closed_evening(server, desk, "Changed on the disk", "4H")
    written = server.publish / str(closed) / "index.html"
    written.write_text(written.read_text(encoding="utf-8").replace("</main>", _INJECTED + "</main>"), encoding="utf-8")
    watched = Watched(browser, desk)
    try:
        page = watched.open(f"{server.url}/e/{closed}/html")
        page.wait_for_timeout(300)  # the image's error comes after the load
        assert page.evaluate("window.__ran === undefined")  # neither the script nor the image's handler ran
        page.click("#injected")
        page.wait_for_timeout(300)
        assert page.evaluate("window.__ran === undefined")
        assert page.evaluate("getComputedStyle(document.querySelector('p[style]')).color") != "rgb(255, 0, 0)"
        refused = " ".join(watched.violations())
        for directive in ("script-src-elem", "script-src-attr", "style-src-attr"):
            assert directive in refused, (directive, refused)
        assert page.evaluate("getComputedStyle(document.body).maxWidth") == "1152px"  # its own stylesheet applies

        def altered(route: Any) -> None:
            response = route.fetch()
            body = response.text().replace("</main>", _INJECTED + "</main>")
            route.fulfill(response=response, body=body)

        watched.page.route(f"{server.url}/desk/e/{evening}", altered)
        page = watched.open(f"{server.url}/desk/e/{evening}")
        assert page.locator("#injected").count() == 1  # the markup is in the page
        page.wait_for_timeout(300)
        assert page.evaluate("window.__ran === undefined")
        page.click("#injected")
        page.wait_for_timeout(300)
        assert page.evaluate("window.__ran === undefined")
        assert "script-src-elem" in " ".join(watched.violations())
    finally:
        watched.close()
