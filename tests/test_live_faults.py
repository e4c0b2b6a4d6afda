"""The live evening's faults (issue 22), against a real ``bridgescore serve`` over loopback: an answer lost on the
way back (the phone sends the same confirmation again), and the server killed (``kill -9``) at random moments while
many tables enter their boards, then started again on the same database – on SQLite and on PostgreSQL.  Every entry
a table saw acknowledged is stored exactly once; the tables send the unacknowledged ones again with the SAME key
after the restart, and the evening ends with exactly the schedule's results."""

from __future__ import annotations

import random
import re
import threading
import time
from pathlib import Path

from live_server import (
    Load,
    Server,
    assert_exact,
    boards_to_play,
    left_behind,
    play_tables,
    running_evening,
    sit_down,
    timings,
)

#: The load of the fault test: the load test's 60 tables (two sections) for two rounds, killed this often.
TABLES = 60
ROUNDS = 2
KILLS = 4


def test_the_rounds_last_board_sent_again_gets_its_answer_not_a_refusal(server: Server) -> None:
    """The confirmation of a round's last board stored, its answer lost (the network, a double tap): the phone sends
    it again with the same key.  The table has moved on to the next round meanwhile, and the board is no longer one
    of its current round – the answer must still be the stored result, not "not played at this table in this
    round", which leaves the players not knowing whether it was stored."""
    evening = running_evening(server.db, 3, 2)
    phone = sit_down(server, evening.id, evening.codes[("A", 1)])
    boards = boards_to_play(phone, evening.id)
    answers = []
    for board in boards:
        phone.get(f"/t/{evening.id}/board/{board}")
        typed = {"key": phone.key(), "contract": "3NT", "declarer": "S", "result": "=", "confirmed": "yes",
                 "csrf": phone.csrf}  # fmt: skip
        answers.append(phone.http.post(f"/t/{evening.id}/board/{board}", data=typed, follow_redirects=False))
    assert [a.status_code for a in answers] == [303] * len(boards)
    assert boards_to_play(phone, evening.id) and boards_to_play(phone, evening.id) != boards  # the next round
    again = phone.http.post(f"/t/{evening.id}/board/{boards[-1]}", data=typed, follow_redirects=False)
    assert again.status_code == 303, again.text[-400:]
    assert again.headers["location"] == answers[-1].headers["location"]
    assert re.search(r"/stored/\d+$", again.headers["location"])


def test_the_server_killed_at_random_moments_loses_no_acknowledged_entry(tmp_path: Path, archive_url: str) -> None:
    """``kill -9`` of the server (and every process of it) at seeded random moments while every table enters its
    boards, each time started again on the same database and port; the tables send again, with the same key, what
    was not acknowledged (a phone that lost the network does so).  Every acknowledged key is stored once, on the
    result the table was told; the evening ends with exactly the schedule's results.  SQLite and PostgreSQL."""
    server = Server(archive_url, tmp_path / "published").start()
    try:
        evening = running_evening(archive_url, TABLES, ROUNDS)
        outcome: list[Load] = []
        player = threading.Thread(target=lambda: outcome.append(
            play_tables(server.url, evening, doubled_every=10, patient=60, deadline=150)))  # fmt: skip
        player.start()
        draw = random.Random(22)
        kills = 0
        for _ in range(KILLS):
            time.sleep(draw.uniform(0.1, 1.0))
            if not player.is_alive():
                break
            server.kill()
            kills += 1
            assert left_behind(server) == ([], False)  # every process of it gone, its port free for the restart
            time.sleep(draw.uniform(0, 0.5))  # the phones find no server for a moment
            server.start()
        player.join(200)
        assert not player.is_alive()
        (load,) = outcome
        where = "PostgreSQL" if archive_url.startswith("postgresql") else "SQLite"
        print(f"{where}: {kills} kills, {load.retries} requests sent again; {timings('submit → ack', load.seconds)}")
        assert kills >= 2, "the tables finished before the server was killed: nothing was tested"
        assert load.retries > 0, "no request met a killed server"
        assert_exact(archive_url, evening, load)
    finally:
        server.stop()


def test_the_same_key_sent_twice_at_once_on_postgresql_gets_one_answer(postgres_url: str) -> None:
    """PostgreSQL reads each statement of a transaction at its own moment: the second of two sends of a round's
    last board (a double tap) can read the key before the first send committed and the table's round after it.  The
    moment forced here (the second send held just before it reads the round, until the first committed): it must
    answer with the stored result, not refuse with "table N plays round 2 now, not round 1"."""
    from sqlalchemy import event

    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore

    evening = running_evening(postgres_url, 3, 2)
    fields = {"contract": "3NT", "declarer": "S", "result": "=", "score": "400"}
    with open_archive(postgres_url) as archive:
        store = LiveStore(archive)
        schedule = store.evening(evening.id)
        assert schedule is not None
        place = schedule.place("A", 1, 1)
        assert place is not None
        *before, last = place.boards
        for board in before:
            store.submit(schedule, "A", 1, 1, board, fields, f"key-{board}", "table 1")
        held, first_committed = threading.Event(), threading.Event()
        answers: list[object] = []

        def second_send() -> None:
            try:
                answers.append(store.submit(schedule, "A", 1, 1, last, fields, "the-key", "table 1"))
            except Exception as problem:
                answers.append(problem)

        second = threading.Thread(target=second_send)

        @event.listens_for(store.engine, "before_cursor_execute")
        def hold(_c: object, _cursor: object, statement: str, *_: object) -> None:
            reading_the_round = "live_results.round, live_results.board" in statement
            if threading.current_thread() is second and reading_the_round and not first_committed.is_set():
                held.set()
                first_committed.wait(20)

        second.start()
        assert held.wait(20)
        first = store.submit(schedule, "A", 1, 1, last, fields, "the-key", "table 1")
        first_committed.set()
        second.join(20)
        event.remove(store.engine, "before_cursor_execute", hold)
        assert [type(a).__name__ for a in answers] == ["Outcome"], answers
        assert answers[0].result["id"] == first.result["id"]  # type: ignore[attr-defined]
        assert store.counts(evening.id) == (len(place.boards), len(place.boards))
