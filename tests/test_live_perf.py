"""The live evening's work per request (issue 22): what a table's phone asks most often – its page, a board's form,
the check, the opponents' confirmation – and the club room's ranking screen read the database in as few transactions
as the answer needs, each one a session and a worker thread of the server; counted on the application itself (the
one ``bridgescore serve`` runs) with the database's own ``BEGIN``s.  The times are the benchmark's
(``benchmarks/live_bench.py``); the counts here cannot flake."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event

from live_server import running_evening


class _Counted:
    """The application over an evening of 4 tables, and the transactions (``BEGIN``, ``BEGIN IMMEDIATE``) of each
    request sent to it."""

    def __init__(self, folder: Path) -> None:
        from bridgescore.archive.store import open_archive
        from bridgescore.live.app import make_app
        from bridgescore.live.store import LiveStore

        db = str(folder / "club.sqlite3")
        self.evening = running_evening(db, 4, 2)
        self.archive = open_archive(db)
        self.app = make_app(LiveStore(self.archive), folder / "published")
        self.begins: list[str] = []
        event.listen(self.archive.engine, "before_cursor_execute", self._statement)

    def _statement(self, _conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if statement.startswith("BEGIN"):
            self.begins.append(statement)

    def close(self) -> None:
        self.archive.close()


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[_Counted]:
    found = _Counted(tmp_path)
    try:
        yield found
    finally:
        found.close()


def test_a_tables_requests_read_the_database_once_each(counted: _Counted) -> None:
    """The table's page, a board's form and its check each read the database in ONE transaction (the evening, the
    table's results and its round at once, for the check the board's other scores too:
    :meth:`~bridgescore.live.store.LiveStore.seat`); the confirmation reads once and writes once; the stored page
    reads the table, then the board's traveller so far (where the director shows it); the ranking screen reads the
    evening and its results in one (so they are of one revision).  Read as separate calls they were two or three
    transactions each: most of the server's work per entry at 60 tables."""
    evening = counted.evening
    code = evening.codes[("A", 1)]
    begins: dict[str, int] = {}

    async def play() -> None:
        transport = httpx.ASGITransport(app=counted.app, client=("127.0.0.9", 50000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as phone:

            async def send(name: str, method: str, path: str, **data: Any) -> httpx.Response:
                before = len(counted.begins)
                response = await phone.request(method, path, **data)
                begins[name] = len(counted.begins) - before
                return response

            await phone.get(f"/t/{evening.id}?code={code}")
            page = (await send("table", "GET", f"/t/{evening.id}/table")).text
            board = int(re.findall(rf'href="/t/{evening.id}/board/(\d+)"', page)[0])
            form = (await send("form", "GET", f"/t/{evening.id}/board/{board}")).text
            hidden = dict(re.findall(r'name="(csrf|key)" value="([^"]+)"', form))
            typed = {**hidden, "contract": "3NT", "declarer": "S", "result": "="}
            checked = await send("check", "POST", f"/t/{evening.id}/board/{board}", data=typed)
            assert checked.status_code == 200 and 'name="confirmed"' in checked.text
            stored = await send("confirm", "POST", f"/t/{evening.id}/board/{board}", data={**typed, "confirmed": "yes"})
            assert stored.status_code == 303 and "/stored/" in stored.headers["location"]
            shown = await send("stored", "GET", stored.headers["location"])
            assert shown.status_code == 200 and "3NT" in shown.text
            screen = await send("screen", "GET", f"/screen/{evening.id}")
            assert "1 of 16 results entered" in screen.text and screen.text.count('<td class="names">') == 2

    asyncio.run(play())
    assert begins == {"table": 1, "form": 1, "check": 1, "confirm": 2, "stored": 2, "screen": 1}, begins


def test_a_server_lets_its_event_loop_run_between_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The application a server process builds (``bridgescore serve``, each ``--workers`` process) sets the
    interpreter's switch interval to :data:`~bridgescore.live.server.SWITCH_INTERVAL` (1 ms, not Python's 5 ms), so
    the event loop answering the tables is not held 5 ms at a time by a worker thread reading the database or
    scoring the ranking."""
    import sys

    from bridgescore.live import server

    monkeypatch.setenv(server.DB_VARIABLE, str(tmp_path / "club.sqlite3"))
    monkeypatch.setenv(server.PUBLISH_VARIABLE, str(tmp_path / "published"))
    before = sys.getswitchinterval()
    try:
        app = server.application()
        app.state.live.store.archive.close()
        assert sys.getswitchinterval() == pytest.approx(server.SWITCH_INTERVAL) == pytest.approx(0.001)
    finally:
        sys.setswitchinterval(before)


def test_a_federations_members_file_is_decoded_once_not_for_every_request(tmp_path: Path) -> None:
    """A members file loaded at the desk (a federation's: 50,000 names) lives in the evening's settings; every
    request of every table reads the evening, and decoding those megabytes each time took 32 ms a request (1 ms
    without them).  The store keeps them decoded while their text is the same – the same names, not copies – and
    reads them again when the desk changes them; the names a table gave stand over the file's."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore

    db = str(tmp_path / "club.sqlite3")
    evening = running_evening(db, 4, 1)
    with open_archive(db) as archive:
        store = LiveStore(archive)
        loaded = store.evening(evening.id)
        assert loaded is not None
        federation = {str(100000 + n): f"Player {n}" for n in range(50000)}
        store.update(evening.id, settings={**loaded.settings, "members": federation})
        first, second = store.seat(evening.id, "A", 1), store.seat(evening.id, "A", 1)
        assert first is not None and second is not None
        assert len(first.evening.members) == 50000 and first.evening.members["100007"] == "Player 7"
        assert second.evening.members is first.evening.members  # decoded once
        store.seat_players(loaded, "A:1", ["100007", "999"], ["Someone Else", "New Member"], "table 1")
        seated = store.seat(evening.id, "A", 1)
        assert seated is not None
        assert seated.evening.players["A:1"] == ["100007", "999"]
        assert (seated.evening.members["100007"], seated.evening.members["999"]) == ("Someone Else", "New Member")
        assert seated.evening.members["100008"] == "Player 8" and len(seated.evening.members) == 50001
        store.update(evening.id, settings={**loaded.settings, "members": {"1": "Only One"}})
        changed = store.seat(evening.id, "A", 1)
        assert changed is not None
        assert dict(changed.evening.members) == {"1": "Only One", "100007": "Someone Else", "999": "New Member"}
