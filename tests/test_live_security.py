"""The live evening's protections (issue 22), each tried against a real ``bridgescore serve`` process over loopback
(:mod:`live_server`): a table's code opens only its own boards of its current round of its own evening; wrong
codes and passwords lock the address out for a while, in every process; a forged or replayed form stores nothing;
markup typed into any name or remark is shown as text and never runs (rendered in Chromium); a huge field, form or
number is refused with words; the session cookie, the director's pages, the first-run setup and the password hash.
"""

from __future__ import annotations

import threading
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from live_server import Browser, Server, boards_to_play, create_evening, director, enter, serving, sit_down, table_codes

_PASSWORD = "club-password-1"


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the other tests (each makes its own evenings): starting one takes seconds on a busy machine."""
    with serving(tmp_path_factory.mktemp("live-security")) as running:
        yield running


def _store(server: Server) -> Any:
    """The server's database read from the test (the same file: what is stored, whatever the pages say)."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore

    return LiveStore(open_archive(server.db))


def _results(server: Server, evening: int) -> list[dict[str, Any]]:
    store = _store(server)
    try:
        found: list[dict[str, Any]] = store.results(evening)
        return found
    finally:
        store.archive.close()


def _running(desk: Browser, title: str = "") -> tuple[int, dict[int, str]]:
    evening = create_evening(desk, "mitchell-4-skip-r3", 3, title=title)
    desk.post(f"/desk/e/{evening}/do/start", {})
    return evening, table_codes(desk, evening)


def _confirm(board: int, key: str = "k-1", contract: str = "3NT") -> dict[str, str]:
    return {"key": key, "contract": contract, "declarer": "S", "result": "=", "confirmed": "yes"}


# --- a table's code ---------------------------------------------------------------------------------------------------


def test_a_table_enters_only_its_own_boards_of_its_current_round_of_its_own_evening(shared: Server) -> None:
    server = shared
    desk = director(server)
    first, codes = _running(desk, "first")
    second, second_codes = _running(desk, "second")  # two evenings running at once
    phone = sit_down(server, first, codes[1])
    neighbour = sit_down(server, first, codes[2])
    mine, theirs = boards_to_play(phone, first), boards_to_play(neighbour, first)
    assert mine and theirs and not set(mine) & set(theirs)

    # another table's board, though the phone's session and its CSRF token are good
    refused = phone.post(f"/t/{first}/board/{theirs[0]}", _confirm(theirs[0], "k-other"))
    assert refused.status_code == 400 and "not played at this table in this round" in refused.text
    # its own table's board of a later round
    store = _store(server)
    later = store.evening(first).place("A", 2, 1).boards
    store.archive.close()
    assert not set(later) & set(mine)
    refused = phone.post(f"/t/{first}/board/{later[0]}", _confirm(later[0], "k-later"))
    assert refused.status_code == 400 and "not played at this table in this round" in refused.text
    assert _results(server, first) == []

    # nothing of another evening: its board, its call button, its table page – the session is evening 1's
    for path, data in ((f"/t/{second}/board/{mine[0]}", _confirm(mine[0], "k-second")), (f"/t/{second}/call", {}),
                       (f"/t/{second}/players", {"ns1": "1001", "ns2": "1002"})):  # fmt: skip
        response = phone.post(path, data)
        assert str(response.url).endswith(f"/t/{second}") and "Table code" in response.text
    assert "Round 1" not in phone.get(f"/t/{second}/table").text
    assert _results(server, second) == []
    store = _store(server)
    assert store.calls(second) == []
    store.archive.close()
    # evening 1's code does not open evening 2
    assert "not a table code" in phone.get(f"/t/{second}?code={codes[1]}").text
    assert second_codes[1] != codes[1]

    # a result of another table is not shown to this one
    stored = enter(neighbour, first, theirs[0], "4S", "N", "=")
    result_id = str(stored.url).rsplit("/", 1)[1]
    assert phone.get(f"/t/{first}/stored/{result_id}").status_code == 404
    assert neighbour.get(f"/t/{first}/stored/{result_id}").status_code == 200
    assert [(r["table"], r["board"]) for r in _results(server, first)] == [(2, theirs[0])]


# --- wrong codes and passwords ----------------------------------------------------------------------------------------


def test_wrong_codes_lock_the_address_out_even_for_the_right_code_in_every_process(
    server: Server, tmp_path: Path
) -> None:
    desk = director(server)
    evening, codes = _running(desk)
    other = Server(server.db, tmp_path / "published").start()  # a second process on the same database
    try:
        guesser = Browser(server.url)
        for n in range(10):
            guesser.get(f"/t/{evening}?code=WRONG{n}")
            assert "not a table code of this evening" in guesser.page
        for url in (server.url, other.url):
            phone = Browser(url)
            refused = phone.http.get(f"/t/{evening}?code={codes[1]}")
            assert refused.status_code == 429 and "too many wrong codes" in refused.text
            assert "Round 1" not in phone.get(f"/t/{evening}/table").text  # not seated
            phone.close()
        store = _store(server)
        assert store.failures("127.0.0.1", timedelta(minutes=10)) == 10
        store.archive.close()
    finally:
        other.stop()


def _wrong_passwords_at_once(server: Server, count: int = 24) -> list[int]:
    """``count`` wrong passwords sent at the same moment, each from a browser of its own: the answers' statuses."""
    statuses: list[int] = []

    def guess(n: int) -> None:
        browser = Browser(server.url)
        browser.get("/desk/login")
        statuses.append(browser.post("/desk/login", {"password": f"not-it-{n}"}).status_code)
        browser.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses


def test_wrong_passwords_lock_the_address_out_even_when_they_come_at_once(server: Server) -> None:
    director(server).close()  # the password chosen
    statuses = _wrong_passwords_at_once(server)
    # guesses sent together are counted as they come: no more than ten are tried, the rest wait
    assert len(statuses) == 24 and statuses.count(403) == 10 and statuses.count(429) == 14, sorted(statuses)
    desk = Browser(server.url)
    desk.get("/desk/login")
    refused = desk.post("/desk/login", {"password": _PASSWORD})
    assert refused.status_code == 429 and "too many wrong attempts" in refused.text
    assert "/desk/login" in str(desk.get("/desk").url)


def test_guesses_sent_at_once_to_two_workers_on_postgresql_are_counted_one_after_another(
    postgres_url: str, tmp_path: Path
) -> None:
    """``--workers 2`` on PostgreSQL: the guesses reach both processes at the same moment, and still no more than
    ten are tried; then the right password is refused by whichever worker answers."""
    running = Server(postgres_url, tmp_path / "published", workers=2).start()
    try:
        director(running).close()
        statuses = _wrong_passwords_at_once(running)
        assert len(statuses) == 24 and statuses.count(403) == 10, sorted(statuses)
        for _ in range(4):  # new connections: either worker
            desk = Browser(running.url)
            desk.get("/desk/login")
            assert desk.post("/desk/login", {"password": _PASSWORD}).status_code == 429
            desk.close()
    finally:
        running.stop()


def test_a_right_password_or_code_does_not_count_against_the_address(server: Server) -> None:
    desk = director(server)
    evening, codes = _running(desk)
    for _ in range(3):
        assert "Round 1" in sit_down(server, evening, codes[1]).page
        again = Browser(server.url)
        again.get("/desk/login")
        assert again.post("/desk/login", {"password": _PASSWORD}).status_code == 200
    store = _store(server)
    assert store.failures("127.0.0.1", timedelta(minutes=10)) == 0  # the setup, 4 logins, 3 codes: none counts
    store.archive.close()


# --- forged and replayed forms ----------------------------------------------------------------------------------------


def test_a_forged_form_is_refused_and_a_replayed_one_stores_once(shared: Server) -> None:
    server = shared
    desk = director(server)
    evening, codes = _running(desk)
    phone = sit_down(server, evening, codes[1])
    other = sit_down(server, evening, codes[2])
    board = boards_to_play(phone, evening)[0]
    path = f"/t/{evening}/board/{board}"
    fresh = httpx.Client(base_url=server.url, timeout=30)
    forged = [
        phone.http.post(path, data=_confirm(board, "k-none")),  # no token
        phone.http.post(path, data={**_confirm(board, "k-theirs"), "csrf": other.csrf}),  # another session's token
        phone.http.post(path, data={**_confirm(board, "k-empty"), "csrf": ""}),
        fresh.post(path, data={**_confirm(board, "k-fresh"), "csrf": phone.csrf}),  # no cookie at all
    ]
    assert [r.status_code for r in forged[:3]] == [400, 400, 400]
    assert all("the form has expired" in r.text for r in forged[:3])
    assert forged[3].status_code == 303 and forged[3].headers["location"] == f"/t/{evening}"
    # a session cookie whose signature does not match is no session
    tampered = httpx.Client(base_url=server.url, timeout=30, cookies={"bridgescore": "e30=.forged.forged"})
    assert tampered.post(path, data={**_confirm(board, "k-tampered"), "csrf": phone.csrf}).status_code == 303
    # the desk's forms the same: a correction, a new evening, the close
    correction = {"round": "1", "table": "1", "board": str(board), "contract": "7NT", "declarer": "N", "result": "=",
                  "reason": "forged"}  # fmt: skip
    assert desk.http.post(f"/desk/e/{evening}/correct", data=correction).status_code == 400
    assert desk.http.post(f"/desk/e/{evening}/correct", data={**correction, "csrf": phone.csrf}).status_code == 400
    assert fresh.post(f"/desk/e/{evening}/correct", data={**correction, "csrf": desk.csrf}).status_code == 303
    assert desk.http.post(f"/desk/e/{evening}/do/close", data={"csrf": other.csrf}).status_code == 400
    new = {"movement": "mitchell-4-skip-r3", "boards_per_round": "3"}
    assert desk.http.post("/desk/new", data=new).status_code == 400
    assert _results(server, evening) == []
    store = _store(server)
    assert max(e.id for e in store.evenings()) == evening and store.evening(evening).state == "running"
    store.archive.close()

    # the confirmation sent again (pressed twice, a retry after a lost answer), even with another result in it
    phone.get(path)
    key = phone.key()
    first = phone.post(path, _confirm(board, key))
    assert f"Board {board} is stored." in first.text
    for contract in ("3NT", "3NT", "7NT"):
        again = phone.post(path, _confirm(board, key, contract))
        assert str(again.url) == str(first.url)
    store = _store(server)
    assert store.counts(evening) == (1, 1)
    assert [(r["contract"], r["version"]) for r in store.results(evening)] == [("3NT", 1)]
    assert len(store.changes(evening)) == 1
    store.archive.close()


# --- a huge field, form or number -------------------------------------------------------------------------------------


def _refused_as_too_large(response: httpx.Response) -> None:
    assert response.status_code == 413, (response.status_code, response.text[-500:])
    assert "too large" in response.text and "nothing was stored" in response.text


def test_a_huge_field_or_form_is_refused_with_words_and_nothing_is_stored(shared: Server) -> None:
    desk = director(shared)
    evening, codes = _running(desk)
    names = f"/desk/e/{evening}/do/names"
    _refused_as_too_large(desk.post(names, {"pair:A:1": "x" * 1_000_000}))  # a field of a megabyte
    _refused_as_too_large(desk.post(names, {f"pair:A:{n}": "y" * 100_000 for n in range(1, 60)}))  # a form of 6 MB
    _refused_as_too_large(desk.post(names, {"pair:A:1": "z" * 100_000}))  # fits the form, not a name: not cut short

    def chunks(size: int) -> Iterator[bytes]:  # no Content-Length: sent in pieces until the server stops it
        yield f"csrf={desk.csrf}&pair%3AA%3A1=".encode()
        for _ in range(2_000_000 // size):
            yield b"w" * size

    for size in (4096, 65_536, 1_000_000):  # whatever pieces the server reads it in
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        _refused_as_too_large(desk.http.post(names, content=chunks(size), headers=form))
    pbn = {"deals": ("huge.pbn", b'[Board "1"]\n' + b"%" * 9_000_000, "text/plain")}  # the desk's files: 8 MB
    _refused_as_too_large(desk.post(f"/desk/e/{evening}/do/deals", {}, files=pbn))
    phone = sit_down(shared, evening, codes[1])
    board = boards_to_play(phone, evening)[0]
    _refused_as_too_large(phone.post(f"/t/{evening}/board/{board}", _confirm(board, "k-big", "3NT" + " " * 1_000_000)))
    _refused_as_too_large(phone.post(f"/t/{evening}/board/{board}", _confirm(board, "k" * 5_000)))
    store = _store(shared)
    assert store.evening(evening).names == {} and store.evening(evening).deals == ""
    assert store.results(evening) == []
    store.archive.close()
    assert httpx.get(shared.url + "/", timeout=10).status_code == 200  # and the server still answers


def test_a_huge_or_strange_number_in_a_path_or_form_is_refused_with_words(shared: Server) -> None:
    desk = director(shared)
    evening, codes = _running(desk)
    phone = sit_down(shared, evening, codes[1])
    huge = "9" * 30
    numbers = (huge, "99999999999", "%C2%B2", "%D9%A1", "-1", "0x1")  # 10**30, past 32 bits, ², Arabic-Indic 1
    for number in numbers:
        for client, path in (
            (phone, f"/t/{evening}/board/{number}"), (phone, f"/t/{evening}/stored/{number}"),
            (phone, f"/t/{number}/table"), (phone, f"/t/{number}"), (desk, f"/desk/e/{number}"),
            (desk, f"/desk/e/{evening}/board/{number}"), (desk, f"/desk/e/{number}/cards"),
            (desk, f"/screen/{number}"), (desk, f"/screen/{number}/revision"), (desk, f"/e/{number}/html"),
        ):  # fmt: skip
            response = client.http.get(path)
            assert response.status_code in (200, 303, 400, 404), (path, response.status_code)
            assert response.status_code != 200 or path.endswith("/revision") or "there is no" in response.text
    for fields in ({"call": huge}, {"call": "²"}):
        assert desk.post(f"/desk/e/{evening}/do/answer", fields).status_code == 409
    for number in (huge, "²"):
        for name in ("round", "table", "board"):
            correction = {"round": "1", "table": "1", "board": "1", "contract": "3NT", "declarer": "S",
                          "result": "=", "reason": "test", name: number}  # fmt: skip
            response = desk.post(f"/desk/e/{evening}/correct", correction)
            assert response.status_code == 400 and "choose a round and table" in response.text, (name, number)
    assert _results(shared, evening) == []
    assert httpx.get(shared.url + "/", timeout=10).status_code == 200


# --- markup and script typed into names and remarks -------------------------------------------------------------------

#: What ran, or could run: ``window.__pwned`` set, a script element or an active attribute (``on…``, ``href`` …)
#: holding the typed text – where a page shows it as text, none of these exist.
_EXECUTED = """() => {
  const found = [];
  if (window.__pwned !== undefined) found.push("ran: " + window.__pwned);
  for (const el of document.querySelectorAll("*")) {
    if (el.tagName === "SCRIPT" && el.textContent.includes("__pwned")) found.push("a script element");
    for (const a of el.attributes) {
      const active = a.name.startsWith("on") || ["href", "src", "action", "formaction", "srcdoc"].includes(a.name);
      if (active && a.value.includes("__pwned")) found.push(el.tagName + " " + a.name + "=" + a.value);
    }
  }
  return found;
}"""

_TYPED = {
    "title": '<script>window.__pwned="title"</script> Club & "night"',
    "club": '"><svg onload=window.__pwned="club">',
    "date": "<img src=x onerror=__pwned='date'>",
    "A:1": "<img src=x onerror=\"window.__pwned='name'\"> Ann & Bob",
    "A:5": "javascript:window.__pwned='href' & Cy",
    "A:2": "'\"><script>window.__pwned='name2'</script> & Di",
    "reason": "<script>window.__pwned='reason'</script> NS & EW agreed, \"11 tricks\"",
    "late": "<img src=x onerror=window.__pwned='late'> corrected after the close & published",
    "member": "<svg onload=window.__pwned='member'> Eve",
    "adjusted": "A+<img src=x onerror=window.__pwned='adjusted'>",
    "contract": "\"><img src=x onerror=window.__pwned='contract'>",
    "lead": "<script>__pwned='lead'</script>",
    "result": "<svg onload=__pwned='result'>",
}


def _page(context: Any, url: str, *shown: str) -> Any:
    """``url`` opened in Chromium: nothing typed ran, and every text in ``shown`` is on the page as typed."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(100)  # an onerror or onload fires after the image or element failed
    assert page.evaluate(_EXECUTED) == [], url
    text = page.inner_text("body")
    for typed in shown:
        assert typed in text, (url, typed, text[:3000])
    return page


def _context(browser: Any, client: Browser, width: int = 1280) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    cookie = client.http.cookies.get("bridgescore")
    context.add_cookies([{"name": "bridgescore", "value": cookie, "domain": "127.0.0.1", "path": "/"}])
    return context


def test_markup_typed_into_any_name_or_remark_is_shown_as_text_and_never_runs(shared: Server, browser: Any) -> None:
    from bridgescore.io.usebio import load as load_usebio
    from bridgescore.live.entry import check_entry

    desk = director(shared)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3, title=_TYPED["title"], club=_TYPED["club"],
                             date=_TYPED["date"])  # fmt: skip
    members = f"number,name\n1001,{_TYPED['member']}\n1002,Fay\n"  # a members file the director loads
    desk.post(f"/desk/e/{evening}/do/members", {}, files={"members": ("members.csv", members, "text/csv")})
    names = {f"pair:{key}": _TYPED[key] for key in ("A:1", "A:5", "A:2")} | {"num1:A:3": "1001", "num2:A:3": "1002"}
    assert desk.post(f"/desk/e/{evening}/do/names", names).status_code == 200
    desk.post(f"/desk/e/{evening}/do/start", {})
    codes = table_codes(desk, evening)
    for code in codes.values():
        phone = sit_down(shared, evening, code)
        for board in boards_to_play(phone, evening):
            assert "is stored" in enter(phone, evening, board, "3NT", "S", "=").text
    phone = sit_down(shared, evening, codes[1])
    url = shared.url
    title, club, date = _TYPED["title"], _TYPED["club"], _TYPED["date"]
    shown_names = (_TYPED["A:1"], _TYPED["A:5"], _TYPED["A:2"], f"{_TYPED['member']} & Fay")

    # the table's phone: its page, a board typed with markup in every field (the check's message echoes them)
    table = _context(browser, phone, 390)
    _page(table, f"{url}/t/{evening}/table", _TYPED["A:1"])
    board = boards_to_play(phone, evening)[0]
    entry = _page(table, f"{url}/t/{evening}/board/{board}")
    entry.fill("#contract", _TYPED["contract"])
    entry.fill("#result", _TYPED["result"])
    entry.fill("#lead", _TYPED["lead"])
    entry.click("button[type=submit]")
    entry.wait_for_load_state("load")
    entry.wait_for_timeout(100)
    assert entry.evaluate(_EXECUTED) == []
    assert f"'{_TYPED['contract'][:20]}' is not a contract" in entry.inner_text("body")
    assert entry.input_value("#contract") == _TYPED["contract"]  # the form keeps what was typed, as typed
    assert entry.input_value("#lead") == _TYPED["lead"]
    table.close()

    # the desk: a correction with its reason, an adjusted score that is none (its message echoes it)
    store = _store(shared)
    board = store.evening(evening).place("A", 1, 1).boards[0]
    store.archive.close()
    desk_context = _context(browser, desk)
    evening_page = _page(desk_context, f"{url}/desk/e/{evening}", title, date, *shown_names)
    for field, value in (("round", "1"), ("table", "1"), ("board", str(board)), ("contract", "4S"),
                         ("declarer", "N"), ("result", "=")):  # fmt: skip
        evening_page.fill(f"#c-{field}", value)
    evening_page.fill("#c-reason", _TYPED["reason"])
    evening_page.click("form[action$='/correct'] button[type=submit]")
    evening_page.wait_for_load_state("load")
    _page(desk_context, f"{url}/desk/e/{evening}", _TYPED["reason"])
    adjusted = _page(desk_context, f"{url}/desk/e/{evening}")
    for field, value in (("round", "1"), ("table", "1"), ("board", str(board)), ("adjusted", _TYPED["adjusted"]),
                         ("reason", "adjusted")):  # fmt: skip
        adjusted.fill(f"#c-{field}", value)
    adjusted.click("form[action$='/correct'] button[type=submit]")
    adjusted.wait_for_load_state("load")
    adjusted.wait_for_timeout(100)
    assert adjusted.evaluate(_EXECUTED) == []
    assert f"'{_TYPED['adjusted']}' is no adjusted score" in adjusted.inner_text("body")
    for path in ("/", "/desk", f"/desk/e/{evening}/cards", f"/desk/e/{evening}/board/{board}", f"/screen/{evening}"):
        _page(desk_context, url + path)
    _page(desk_context, f"{url}/desk", title, date)
    _page(desk_context, f"{url}/screen/{evening}", *shown_names)

    # closed (the other rounds stored as the tables would): the published page, and the USEBIO file well-formed,
    # every name read back as typed
    store = _store(shared)
    running = store.evening(evening)
    for place in running.places():
        for number in place.boards:
            if place.round > 1:
                fields = check_entry(number, {"contract": "3NT", "declarer": "S", "result": "="}).fields
                store.submit(running, place.section, place.table, place.round, number, fields,
                             f"k-{place.round}-{place.table}-{number}", "test")  # fmt: skip
    store.archive.close()
    closed = desk.post(f"/desk/e/{evening}/do/close", {})
    assert closed.status_code == 200 and "Published results" in closed.text, closed.text[-800:]
    _page(desk_context, f"{url}/e/{evening}/html", *shown_names)
    # a correction after the close: the page published again lists it with its reason
    late = {"round": "1", "table": "1", "board": str(board), "contract": "4S", "declarer": "N", "result": "+1",
            "reason": _TYPED["late"]}  # fmt: skip
    assert "/desk/e/" in str(desk.post(f"/desk/e/{evening}/correct", late).url)
    _page(desk_context, f"{url}/e/{evening}/html", *shown_names, _TYPED["late"])
    desk_context.close()
    folder = shared.publish / str(evening)
    usebio = (folder / "usebio.xml").read_bytes()
    ElementTree.fromstring(usebio)
    event = load_usebio(folder / "usebio.xml")
    assert set(shown_names) <= set(event.names.values()), event.names  # (USEBIO holds a pair's two players)
    assert (event.info.get("club"), event.title) == (club, title), (event.info, event.title)


# --- the session cookie, the director's pages, the first run ----------------------------------------------------------


def test_the_session_cookie_the_directors_pages_and_the_password_hash(server: Server) -> None:
    from argon2 import PasswordHasher

    setup = Browser(server.url)
    setup.get(f"/desk/setup?token={server.token}")
    chosen = setup.http.post("/desk/setup", data={"csrf": setup.csrf, "token": server.token, "password": _PASSWORD,
                                                  "again": _PASSWORD}, follow_redirects=False)  # fmt: skip
    assert chosen.status_code == 303
    cookie = chosen.headers["set-cookie"].lower()
    assert cookie.startswith("bridgescore=") and "path=/" in cookie
    assert "httponly" in cookie and "samesite=lax" in cookie  # no script reads it, no other site's form sends it
    desk = director(server)
    evening, codes = _running(desk)
    # no page of the desk or a table is shown inside another site's frame (a click laid over "Close the evening")
    for path in ("/desk", f"/desk/e/{evening}", f"/t/{evening}", "/desk/login"):
        headers = desk.http.get(path).headers
        assert headers["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-store"

    # a table's session opens none of the director's pages, and its forms do nothing there
    phone = sit_down(server, evening, codes[1])
    for path in ("/desk", f"/desk/e/{evening}", f"/desk/e/{evening}/cards", f"/desk/e/{evening}/board/1"):
        response = phone.http.get(path, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/desk/login", path
    correction = {"round": "1", "table": "1", "board": "1", "contract": "7NT", "declarer": "N", "result": "=",
                  "reason": "table"}  # fmt: skip
    for path, data in (("/desk/new", {"movement": "mitchell-4-skip-r3", "boards_per_round": "3"}),
                       (f"/desk/e/{evening}/do/close", {}), (f"/desk/e/{evening}/correct", correction)):  # fmt: skip
        response = phone.http.post(path, data={**data, "csrf": phone.csrf}, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/desk/login", path
    store = _store(server)
    assert [e.id for e in store.evenings()] == [evening] and store.evening(evening).state == "running"
    assert store.results(evening) == []

    # the password is stored as an Argon2id hash (never as text); the setup code is used up
    stored = store.setting("director_password")
    assert stored is not None and stored.startswith("$argon2id$") and _PASSWORD not in stored
    assert PasswordHasher().verify(stored, _PASSWORD)
    assert store.setting("setup_token") == ""
    store.archive.close()

    # once a password is set, the setup page and its code are refused: the password stays
    again = Browser(server.url)
    assert "/desk/login" in str(again.get(f"/desk/setup?token={server.token}").url)
    taken = again.post("/desk/setup", {"token": server.token, "password": "taken-over-1", "again": "taken-over-1"})
    assert "/desk/login" in str(taken.url) and "/desk/login" in str(again.get("/desk").url)
    store = _store(server)
    assert store.setting("director_password") == stored
    store.archive.close()
    assert again.post("/desk/login", {"password": "taken-over-1"}).status_code == 403


def test_a_line_break_or_control_character_in_a_one_line_field_is_refused_with_words(shared: Server) -> None:
    """A form field holds no line break (a forged form's can): a name with one was stored, and the names file
    written at the close could not be read back – the evening could not be closed."""
    desk = director(shared)
    evening, _ = _running(desk)
    for text in ("Ann\nBob", "Ann\r\nBob", "Ann\tBob", "Ann\x1b[2JBob", "Ann\x00Bob", "Ann\u2028Bob", "Ann\x85Bob"):
        refused = desk.post(f"/desk/e/{evening}/do/names", {"pair:A:1": text})
        assert refused.status_code == 400 and "holds a line break or a control character" in refused.text, text
        assert "pair:A:1" in refused.text and "nothing was stored" in refused.text
    created = desk.post("/desk/new", {"movement": "mitchell-4-skip-r3", "boards_per_round": "3", "title": "a\nb"})
    assert created.status_code == 400 and "holds a line break" in created.text
    store = _store(shared)
    assert store.evening(evening).names == {} and max(e.id for e in store.evenings()) == evening
    store.archive.close()
    assert desk.post(f"/desk/e/{evening}/do/names", {"pair:A:1": "Ann & Bob – ‘Ä’"}).status_code == 200
    store = _store(shared)
    assert store.evening(evening).names == {"A:1": "Ann & Bob – ‘Ä’"}
    store.archive.close()
