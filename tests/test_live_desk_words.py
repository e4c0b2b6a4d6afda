"""The live evening's desk and table in a few seconds, without a browser (issue 22; the Chromium story test,
tests/test_live_browser.py, found these): the desk's form corrects a result of an evening of one section, which
the form sends without a section; the desk shows a change in a traveller's words; a Dutch table reads where its
pairs go in Dutch."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from live_server import Server, boards_to_play, create_evening, director, enter, sit_down, table_codes


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "club.sqlite3"), tmp_path / "published").start()
    yield running
    running.stop()


def test_the_desk_corrects_a_one_section_evening_and_says_it_in_words(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    phone = sit_down(server, evening, table_codes(desk, evening)[1])
    board = boards_to_play(phone, evening)[0]
    assert "is stored" in enter(phone, evening, board, "4S", "N", "=").text
    # the desk's own form: no section field when the evening has one section
    page = desk.get(f"/desk/e/{evening}")
    assert 'name="section"' not in page.text
    corrected = desk.post(f"/desk/e/{evening}/correct", {"round": "1", "table": "1", "board": str(board),
                                                         "contract": "4S", "declarer": "N", "result": "+1",
                                                         "reason": "NS made 11 tricks"})  # fmt: skip
    assert corrected.status_code == 200 and str(corrected.url).endswith(f"/desk/e/{evening}"), corrected.text[-600:]
    assert "NS made 11 tricks" in corrected.text
    changes = corrected.text[corrected.text.index("<th>") :]
    assert board == 1 and "4S N = 420" in changes and "4S N +1 450" in changes  # board 1: nobody vulnerable
    assert "&#34;contract&#34;" not in changes and "{" not in changes  # not the stored JSON (escaped)
    assert "bridgescore-live-" not in corrected.text  # the checks name no temporary folder


def test_a_dutch_table_reads_where_its_pairs_go_in_dutch(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    phone = sit_down(server, evening, table_codes(desk, evening)[2])
    page = phone.get(f"/t/{evening}/table?lang=nl").text
    moves = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page[page.index("Na deze ronde"):]))
    # table 2's NS pair stays at table 2 NS, its EW pair goes to table 3 EW (a skip Mitchell's round 2)
    assert "NZ-paar: tafel 2, NZ" in moves and "OW-paar: tafel 3, OW" in moves, moves[:300]
    assert " NS" not in moves[:200] and " EW" not in moves[:200]


def test_a_wrong_adjusted_score_is_refused_in_the_desks_language(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    desk.get("/lang/nl")
    typed = {"round": "1", "table": "1", "board": "1", "reason": "arbitraal"}
    wrong = desk.post(f"/desk/e/{evening}/correct", {**typed, "adjusted": "A<b>7"})
    assert wrong.status_code == 400 and "A&lt;b&gt;7&#39; is geen arbitrale score" in wrong.text, wrong.text[-800:]
    weights = desk.post(f"/desk/e/{evening}/correct", {**typed, "adjusted": "60% 4SN= 30% 4SN-1"})
    assert weights.status_code == 400 and "tot 90%, niet tot 100%" in weights.text, weights.text[-800:]
