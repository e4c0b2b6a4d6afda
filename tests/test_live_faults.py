"""The live evening's faults (issue 22), against a real ``bridgescore serve`` over loopback: an answer lost on the
way back (the phone sends the same confirmation again), and the server killed (``kill -9``) at random moments while
many tables enter their boards, then started again on the same database – on SQLite and on PostgreSQL.  Every entry
a table saw acknowledged is stored exactly once; the tables send the unacknowledged ones again with the SAME key
after the restart, and the evening ends with exactly the schedule's results."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from live_server import Server, boards_to_play, running_evening, sit_down


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "club.sqlite3"), tmp_path / "published").start()
    yield running
    running.stop()


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
