"""The live evening's desk and table in a few seconds, without a browser (issue 22; the Chromium story test,
tests/test_live_browser.py, found these): the desk's form corrects a result of an evening of one section, which
the form sends without a section; the desk shows a change in a traveller's words; a Dutch table reads where its
pairs go in Dutch."""

from __future__ import annotations

import re

from live_server import Server, boards_to_play, create_evening, director, enter, sit_down, table_codes


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
    moves = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page[page.index("Na deze ronde") :]))
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


def test_the_grid_marks_a_table_late_only_when_others_have_moved_on(server: Server) -> None:
    """At the start no stand is marked: a round not yet reached is not late.  When table 1 has entered a board of
    round 2, the stands of round 1 still missing results are late (red on the desk); rounds 2 and 3 are not."""
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})

    def late_rows() -> list[tuple[str, str]]:
        page = desk.get(f"/desk/e/{evening}").text
        grid = page[page.index('id="grid"') : page.index("</table>", page.index('id="grid"'))]
        rows = re.findall(r'<tr class="error">\s*<td>(\d+)</td><td>(\d+)', grid)
        return [(r, t) for r, t in rows]

    assert late_rows() == []
    phone = sit_down(server, evening, table_codes(desk, evening)[1])
    for board in boards_to_play(phone, evening):
        assert "is stored" in enter(phone, evening, board, "3NT", "S", "=").text
    assert late_rows() == []  # table 1 has finished round 1 and entered nothing of round 2 yet
    board = boards_to_play(phone, evening)[0]
    assert "is stored" in enter(phone, evening, board, "3NT", "S", "=").text  # a board of round 2
    assert late_rows() == [("1", "2"), ("1", "3"), ("1", "4")]
