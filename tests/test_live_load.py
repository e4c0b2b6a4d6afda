"""The live evening under load (issue 22), over loopback against a real ``bridgescore serve``: 60 tables (two
sections of a 30-table Mitchell) enter their boards at the same moment, each table a phone of its own going through
the real pages (code, table page, the board's form with its CSRF token and idempotency key, the check, the
opponents' confirmation), every tenth confirmation sent twice at once with the same key; the club room's screen
polled meanwhile.  Then the database holds exactly the schedule's results, each once, and every key a table saw
acknowledged, once, on the result it was told.  Times are measured and printed (``-s``), asserted only loosely:
this machine is shared; ``make bench`` (``benchmarks/live_bench.py``) judges them."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from live_server import Server, assert_exact, play_tables, running_evening, timings, watch_screen

TABLES = 60
ROUNDS = 2


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "club.sqlite3"), tmp_path / "published").start()
    yield running
    running.stop()


def test_sixty_tables_enter_at_once_and_nothing_is_lost_or_stored_twice(server: Server) -> None:
    evening = running_evening(server.db, TABLES, ROUNDS)
    assert evening.expected == TABLES * ROUNDS * 2
    done = threading.Event()
    screen: list = []
    watcher = threading.Thread(target=lambda: screen.append(watch_screen(server.url, evening.id, done)))
    watcher.start()
    load = play_tables(server.url, evening, doubled_every=10, deadline=90)
    done.set()
    watcher.join(60)
    assert_exact(server.db, evening, load)
    assert load.doubled >= evening.expected // 10 - 1
    assert len(load.seconds) == evening.expected + load.doubled  # every send of a doubled pair answered, and alike
    (watched,) = screen
    assert not watched.problems
    found = re.search(r"(\d+) of (\d+) results entered", watched.page)
    assert found and found.groups() == (str(evening.expected), str(evening.expected)), watched.page[-2000:]
    report = [f"{TABLES} tables, {evening.expected} results, {load.doubled} doubled, load {os.getloadavg()[0]:.2f}",
              timings("submit → acknowledgement", load.seconds), timings("screen refresh", watched.screen_seconds),
              timings("revision poll", watched.revision_seconds)]  # fmt: skip
    print("\n".join(report))
    # loosely: a shared 2-core machine; the benchmark judges the goals (p99 250 ms, refresh 100 ms)
    assert max(load.seconds) < 20 and max(watched.screen_seconds) < 20
