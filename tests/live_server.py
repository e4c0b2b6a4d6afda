"""A real ``bridgescore serve`` process for the live evening's tests (issue 22), and a client that plays the
director and the tables over loopback HTTP (httpx), as a phone's browser would: pages, cookies, CSRF tokens.

``Server`` starts the process on a free port of 127.0.0.1 over the given database, waits until it answers, reads
the first-run setup code it printed, and stops it (``stop``, or ``kill`` for ``kill -9``); nothing here runs longer
than its timeouts.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

_CSRF = re.compile(r'name="csrf" value="([^"]+)"')
_KEY = re.compile(r'name="key" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    db: str
    publish: Path
    workers: int = 1
    options: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    token: str = ""
    output: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> Server:
        command = [sys.executable, "-m", "bridgescore", "serve", "--db", self.db, "--port", str(self.port),
                   "--publish", str(self.publish), "--workers", str(self.workers), *self.options]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        while time.monotonic() < deadline:
            self.output += (self.process.stdout.read() or b"").decode("utf-8", "replace")
            if self.process.poll() is not None:
                raise RuntimeError(f"bridgescore serve stopped: {self.output}")
            try:
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    # read again: the setup code may have been printed after this round's read, before the answer
                    self.output += (self.process.stdout.read() or b"").decode("utf-8", "replace")
                    found = re.search(r"token=(\S+)", self.output)
                    self.token = found.group(1) if found else ""
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"bridgescore serve did not answer in {timeout} s: {self.output}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)

    def kill(self) -> None:
        """``kill -9`` of the server and its workers: no chance to finish anything."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


@contextmanager
def serving(folder: Path, **options: Any) -> Iterator[Server]:
    """A server over a new SQLite archive in ``folder`` (its published results beside it), stopped afterwards
    whatever the test did; ``options`` as :class:`Server` takes them (``options=("--https",)``)."""
    folder.mkdir(parents=True, exist_ok=True)
    running = Server(str(folder / "club.sqlite3"), folder / "published", **options).start()
    try:
        yield running
    finally:
        running.stop()


class Browser:
    """One device: a cookie jar, and the CSRF token of the last page it read."""

    def __init__(self, base: str, timeout: float = 30) -> None:
        self.http = httpx.Client(base_url=base, timeout=timeout, follow_redirects=True)
        self.csrf = ""
        self.page = ""

    def get(self, path: str) -> httpx.Response:
        response = self.http.get(path)
        self._read(response)
        return response

    def post(self, path: str, data: dict[str, Any], files: dict[str, Any] | None = None) -> httpx.Response:
        if not self.csrf:
            self.get("/")
        response = self.http.post(path, data={"csrf": self.csrf, **data}, files=files)
        self._read(response)
        return response

    def _read(self, response: httpx.Response) -> None:
        self.page = response.text
        found = _CSRF.search(response.text)
        if found:
            self.csrf = found.group(1)

    def key(self) -> str:
        found = _KEY.search(self.page)
        assert found, self.page
        return found.group(1)

    def close(self) -> None:
        self.http.close()


def director(server: Server, password: str = "club-password-1") -> Browser:
    """The director, signed in (the password chosen on the first run with the printed setup code)."""
    desk = Browser(server.url)
    if server.token:
        desk.get(f"/desk/setup?token={server.token}")
        response = desk.post("/desk/setup", {"token": server.token, "password": password, "again": password})
        if "/desk" in str(response.url) and "login" not in str(response.url):
            return desk
    desk.get("/desk/login")
    desk.post("/desk/login", {"password": password})
    return desk


def create_evening(desk: Browser, movement: str, boards_per_round: int, **fields: str) -> int:
    response = desk.post("/desk/new", {"movement": movement, "boards_per_round": str(boards_per_round),
                                       "method": "matchpoints", **fields})  # fmt: skip
    found = re.search(r"/desk/e/(\d+)$", str(response.url))
    assert found, response.text
    return int(found.group(1))


def table_codes(desk: Browser, evening: int) -> dict[int, str]:
    page = desk.get(f"/desk/e/{evening}/cards").text
    found = re.findall(r'Table (\d+)(?: · [^<]*)?</div>.*?<div class="code">([A-Z0-9]+)</div>', page, re.S)
    return {int(t): c for t, c in found}


def sit_down(server: Server, evening: int, code: str) -> Browser:
    phone = Browser(server.url)
    phone.get(f"/t/{evening}?code={code}")
    return phone


def enter(phone: Browser, evening: int, board: int, contract: str, declarer: str, result: str, lead: str = "",
          ) -> httpx.Response:  # fmt: skip
    """A board entered and confirmed by the opponents, as a phone does it: the form, the check, the confirmation."""
    phone.get(f"/t/{evening}/board/{board}")
    key = phone.key()
    typed = {"key": key, "contract": contract, "declarer": declarer, "result": result, "lead": lead}
    phone.post(f"/t/{evening}/board/{board}", typed)
    return phone.post(f"/t/{evening}/board/{board}", {**typed, "confirmed": "yes"})


def boards_to_play(phone: Browser, evening: int) -> list[int]:
    page = phone.get(f"/t/{evening}/table").text
    return [int(b) for b in re.findall(rf'href="/t/{evening}/board/(\d+)"', page)]


# --- many tables at once: the load and fault tests (issue 22) and ``benchmarks/live_bench.py`` ----------------------

#: The largest Mitchell of the movement library (:data:`bridgescore.movement.generate.MAX_TABLES`); a larger
#: evening is several sections of it, as a club's big night or a simultaneous pairs' venue is.
SECTION_TABLES = 30


@dataclass(frozen=True)
class Evening:
    """An evening running for a load test: its id, each table's code by (section, table), the results its
    schedule expects."""

    id: int
    codes: dict[tuple[str, int], str]
    expected: int


def running_evening(db: str, tables: int, rounds: int, boards_per_round: int = 2) -> Evening:
    """An evening of ``tables`` tables in sections of at most :data:`SECTION_TABLES` (A, B, …: skip Mitchells from
    the movement library, curtailed to ``rounds``), created in the live store (the desk's form makes one section)
    and started, as the director's start button does."""
    import dataclasses

    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore
    from bridgescore.movement.generate import by_name

    whole, rest = divmod(tables, SECTION_TABLES)
    sizes = [SECTION_TABLES] * whole + ([rest] if rest else [])
    sections, name = [], ""
    for letter, size in zip("ABCDEFGHJKLMNPQRSTUVWXYZ", sizes, strict=False):
        name = f"mitchell-{size}{'-skip' if size % 2 == 0 else ''}-r{rounds}"
        sections.append(dataclasses.replace(by_name(name, boards_per_round).sections[0], name=letter))
    movement = dataclasses.replace(by_name(name, boards_per_round), sections=tuple(sections))
    with open_archive(db) as archive:
        store = LiveStore(archive)
        evening = store.create(movement, f"{len(sizes)} × {name}", title=f"Load test, {tables} tables")
        store.update(evening, state="running")
        codes = {(section, table): code for section, table, code in store.tables(evening)}
        schedule = store.evening(evening)
        assert schedule is not None
        expected = sum(len(p.boards) for p in schedule.places())
    return Evening(evening, codes, expected)


class Phone(Browser):
    """A phone with its own address on the club's network (loopback's ``127.0.0.N``): the guessing limit counts per
    address, and a club's phones are many addresses, not one."""

    def __init__(self, base: str, address: str, timeout: float = 30) -> None:
        super().__init__(base, timeout)
        self.http.close()
        self.address = address
        self.http = httpx.Client(base_url=base, timeout=timeout, follow_redirects=True,
                                 transport=httpx.HTTPTransport(local_address=address))  # fmt: skip


@dataclass
class Load:
    """What the tables saw: each acknowledged idempotency key → the result id the server answered with, the seconds
    from each confirming POST to its acknowledgement, and what went wrong (empty: nothing)."""

    acknowledged: dict[str, int] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)
    doubled: int = 0
    retries: int = 0
    problems: list[str] = field(default_factory=list)


_STORED = re.compile(r"/t/\d+/stored/(\d+)$")
#: What the tables enter: contract, declarer, result (board × 3 + table picks one).
PLAYED = ["4S N =", "3NT S +1", "2H E -1", "PASS", "4H W =", "1NT N -2", "3C W +2", "5DX S -1"]


def play_tables(base: str, evening: Evening, *, doubled_every: int = 0, patient: float = 0, deadline: float = 120,
                pause: float = 0) -> Load:  # fmt: skip
    """Every table of ``evening`` enters every board of its schedule at the same time, each table a thread and a
    phone of its own (a cookie jar, the real pages: the code, the table page, the board's form with its key and
    CSRF token, the check, the opponents' confirmation).  Every ``doubled_every``-th entry its confirmation is sent
    twice at the same moment with the same key (a double tap, two phones of one table).  ``patient`` seconds: how
    long a table keeps sending a request again (the SAME key) when the server does not answer – a phone that lost
    the network, a server killed and started again; 0: an unanswered request is a problem.  ``pause``: each table
    waits a (seeded) random 0 to ``pause`` seconds before each board, the time it takes to play and type it (0: the
    tables enter back to back, the most the server can be asked)."""
    import random
    import threading

    load = Load()
    lock = threading.Lock()
    stop = time.monotonic() + deadline
    count = iter(range(1, 10**9))

    def again(call: Any) -> Any:
        """``call()``, sent again while the server does not answer (the same request: the same key)."""
        given_up = time.monotonic() + patient
        while True:
            try:
                return call()
            except httpx.TransportError:
                if time.monotonic() > min(given_up, stop):
                    raise
                with lock:
                    load.retries += 1
                time.sleep(0.2)

    def confirm(http: httpx.Client, board: int, typed: dict[str, str]) -> tuple[float, int | None, str]:
        """The opponents' confirmation: the seconds until the server acknowledged (its redirect to the stored
        result), the result id, the end of any other answer."""
        started = time.perf_counter()
        response = http.post(f"/t/{evening.id}/board/{board}", data=typed, follow_redirects=False)
        found = _STORED.search(response.headers.get("location", "")) if response.status_code == 303 else None
        return time.perf_counter() - started, int(found.group(1)) if found else None, response.text[-300:]

    def enter_board(phone: Phone, name: str, board: int, number: int) -> None:
        words = PLAYED[(board * 3 + number) % len(PLAYED)].split()
        contract, declarer, result = [*words, "", ""][:3]
        path = f"/t/{evening.id}/board/{board}"
        again(lambda: phone.get(path))
        typed = {"key": phone.key(), "contract": contract, "declarer": declarer, "result": result}
        again(lambda: phone.post(path, typed))  # the check, and the page the opponents confirm on
        confirmed = {**typed, "csrf": phone.csrf, "confirmed": "yes"}
        with lock:
            doubled = doubled_every > 0 and next(count) % doubled_every == 0
        answers: list[tuple[float, int | None, str]] = []
        if doubled:  # the same confirmation sent twice at once, by another connection with the same cookies
            alike = httpx.HTTPTransport(local_address=phone.address)
            with httpx.Client(base_url=base, timeout=30, cookies=phone.http.cookies, transport=alike) as twin:
                thread = threading.Thread(target=lambda: answers.append(again(lambda: confirm(twin, board, confirmed))))
                thread.start()
                answers.append(again(lambda: confirm(phone.http, board, confirmed)))
                thread.join(max(1.0, stop - time.monotonic()))
        else:
            answers.append(again(lambda: confirm(phone.http, board, confirmed)))
        with lock:
            load.doubled += doubled
            for seconds, result_id, text in answers:
                if result_id is None:
                    load.problems.append(f"{name} board {board}: not stored: {text}")
                    continue
                known = load.acknowledged.setdefault(typed["key"], result_id)
                if known != result_id:
                    load.problems.append(f"key {typed['key']}: results {known} and {result_id}")
                load.seconds.append(seconds)
            if doubled and len(answers) != 2:
                load.problems.append(f"{name} board {board}: the doubled submit not answered twice")

    def table(section: str, number: int, code: str, address: str) -> None:
        phone = Phone(base, address)
        name = f"table {section}{number}"
        playing = random.Random(f"{section}{number}")
        try:
            seated = again(lambda: phone.get(f"/t/{evening.id}?code={code}"))
            if seated.url.path != f"/t/{evening.id}/table":
                with lock:
                    load.problems.append(f"{name}: its code was refused ({seated.status_code})")
                return
            while time.monotonic() < stop:
                boards = again(lambda: boards_to_play(phone, evening.id))
                if not boards:
                    return
                for board in boards:
                    time.sleep(playing.uniform(0, pause))
                    enter_board(phone, name, board, number)
            load.problems.append(f"{name}: not done in {deadline} s")
        except Exception as problem:  # a table that stops is a problem to report, not a thread dying silently
            with lock:
                load.problems.append(f"{name}: {type(problem).__name__}: {problem}")
        finally:
            phone.close()

    threads = [threading.Thread(target=table, args=(s, t, c, f"127.0.0.{2 + n}"))
               for n, ((s, t), c) in enumerate(evening.codes.items())]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(1.0, stop - time.monotonic() + 30))
    if any(thread.is_alive() for thread in threads):
        load.problems.append("a table's thread did not end")
    return load


def stored(db: str, evening: int) -> tuple[list[tuple[str, int, int, int]], dict[str, int]]:
    """What the database holds for ``evening``: each result's (section, round, table, board), and each entry's
    idempotency key → its result id (a key twice would raise: the keys are a unique constraint)."""
    from sqlalchemy import select

    from bridgescore.archive.models import LiveEntry, LiveResult
    from bridgescore.archive.store import open_archive

    with open_archive(db) as archive, archive.engine.connect() as connection:
        results = connection.execute(
            select(LiveResult.section, LiveResult.round, LiveResult.table, LiveResult.board).where(
                LiveResult.evening_id == evening
            )
        ).all()
        entries = connection.execute(
            select(LiveEntry.key, LiveEntry.result_id).where(LiveEntry.evening_id == evening)
        ).all()
        found = [(r[0], r[1], r[2], r[3]) for r in results]
        keys: dict[str, int] = {}
        for key, result_id in entries:
            assert key not in keys, f"key {key} stored twice"
            keys[key] = result_id
    return found, keys


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0–1) percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))] if ordered else float("nan")


@dataclass
class Screen:
    """The club room's ranking screen as its script polls it: each revision poll's seconds, each reload's seconds
    (the screen read again because the revision changed) and what the last reload said."""

    revision_seconds: list[float] = field(default_factory=list)
    screen_seconds: list[float] = field(default_factory=list)
    page: str = ""
    problems: list[str] = field(default_factory=list)


def watch_screen(base: str, evening: int, done: Any, every: float = 0.5) -> Screen:
    """Poll ``/screen/N/revision`` every ``every`` seconds (the page's script: every 5 s) and read ``/screen/N``
    again when it changed, until ``done`` (a ``threading.Event``) is set; then read both once more."""
    watched = Screen()
    seen = ""
    with httpx.Client(base_url=base, timeout=30) as http:
        while True:
            last = done.is_set()
            try:
                started = time.perf_counter()
                revision = http.get(f"/screen/{evening}/revision").text
                watched.revision_seconds.append(time.perf_counter() - started)
                if revision != seen:
                    started = time.perf_counter()
                    response = http.get(f"/screen/{evening}")
                    watched.screen_seconds.append(time.perf_counter() - started)
                    watched.page, seen = response.text, revision
            except httpx.TransportError as problem:  # the server restarted: the screen's script tries again too
                watched.problems.append(f"{type(problem).__name__}: {problem}")
            if last:
                return watched
            done.wait(every)


def timings(name: str, seconds: list[float]) -> str:
    """``name: p50 … ms, p99 … ms, max … ms (n)`` of ``seconds``."""
    if not seconds:
        return f"{name}: none"
    return (f"{name}: p50 {percentile(seconds, 0.5) * 1000:.0f} ms, p99 {percentile(seconds, 0.99) * 1000:.0f} ms, "
            f"max {max(seconds) * 1000:.0f} ms ({len(seconds)})")  # fmt: skip


def assert_exact(db: str, evening: Evening, load: Load) -> None:
    """Nothing lost, nothing twice: every stand's board of the schedule stored once, every acknowledged key stored
    once on the result the table was told, and no key stored that no table saw acknowledged."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore

    assert not load.problems, load.problems[:10]
    with open_archive(db) as archive:
        schedule = LiveStore(archive).evening(evening.id)
    assert schedule is not None
    expected = sorted((p.section, p.round, p.table, b) for p in schedule.places() for b in p.boards)
    results, keys = stored(db, evening.id)
    assert len(expected) == evening.expected
    assert sorted(results) == expected  # each board of each stand once: none lost, none twice
    assert keys == load.acknowledged  # each acknowledged key once, on its result; no other key
    assert len(set(keys.values())) == len(keys)  # one entry (key) per result: the doubled sends found the first


_RANKED = re.compile(r'<tr><td class="num">[^<]*</td><td class="num">([^<]*)</td><td[^>]*>[^<]*</td>\s*'
                     r'<td class="num">[^<]*</td><td class="num">(\d+)</td></tr>')  # fmt: skip


def ranked_boards(page: str) -> list[tuple[str, int]]:
    """The ranking screen's rows: each pair with the boards it is ranked on."""
    return [(pair, int(boards)) for pair, boards in _RANKED.findall(page)]


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state, parent, process group, …), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def processes_of(server: Server) -> list[int]:
    """Every living process of the server's process group (its own: ``start_new_session``), zombies left out."""
    assert server.process is not None
    found = []
    for entry in Path("/proc").iterdir():
        stat = _stat(int(entry.name)) if entry.name.isdigit() else None
        if stat is not None and stat[0] != "Z" and int(stat[2]) == server.process.pid:
            found.append(int(entry.name))
    return found


def workers_of(server: Server, count: int, timeout: float = 30) -> list[int]:
    """The worker processes of ``serve --workers N`` (uvicorn's children of the server process that multiprocessing
    spawned; not its resource tracker), once ``count`` of them run."""
    assert server.process is not None
    deadline = time.monotonic() + timeout
    while True:
        children = [p for p in processes_of(server) if (_stat(p) or ["", "0"])[1] == str(server.process.pid)
                    and b"spawn_main" in _cmdline(p)]  # fmt: skip
        if len(children) >= count or time.monotonic() > deadline:
            return children
        time.sleep(0.1)


def left_behind(server: Server, timeout: float = 10) -> tuple[list[int], bool]:
    """After a stop or a kill: the server's processes still alive, and whether its port is still taken."""
    deadline = time.monotonic() + timeout
    while (alive := processes_of(server)) and time.monotonic() < deadline:
        time.sleep(0.1)
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # closed connections waiting out: not a listener
        try:
            probe.bind(("127.0.0.1", server.port))
            taken = False
        except OSError:
            taken = True
    return alive, taken
