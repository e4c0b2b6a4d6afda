"""The director's desk (issue 22) through a real ``bridgescore serve``: a board marked fouled from one table on
(Law 87) and a result whose pairs sat the wrong way, each kept with who, when and why, and the closed evening
scored with them (the written files, and a plain ``bridgescore score`` of them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgescore.archive.store import open_archive
from bridgescore.live.store import LiveStore, Refused
from live_server import Server, boards_to_play, create_evening, director, enter, running_evening, sit_down, table_codes

#: Board 1 (nobody vulnerable) by table: +420, +430, +50, 0 – four different NS scores.
_BY_TABLE = {1: "4S N =", 2: "3NT S +1", 3: "2H E -1", 4: "PASS"}


def _play_all(
    server: Server, evening: int, codes: dict[int, str], rounds: range = range(1, 20)
) -> dict[int, list[tuple[int, int]]]:
    """Every table enters every board of ``rounds``, round after round; where each board was played: board →
    [(round, table)]."""
    played: dict[int, list[tuple[int, int]]] = {}
    for table, code in codes.items():
        phone = sit_down(server, evening, code)
        for round_number in rounds:
            boards = boards_to_play(phone, evening)
            if not boards:
                break
            for board in boards:
                contract, declarer, result = [*_BY_TABLE[table].split(), "", ""][:3]
                response = enter(phone, evening, board, contract, declarer, result)
                assert f"Board {board} is stored." in response.text, response.text[-1500:]
                played.setdefault(board, []).append((round_number, table))
    return played


def _score_files(folder: Path, evening: int) -> dict[str, object]:
    args = [str(folder / f"evening-{evening}.csv"), "--movement", str(folder / f"evening-{evening}.movement.json")]
    plain = subprocess.run([sys.executable, "-m", "bridgescore", "score", *args, "-f", "json"],
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    scored: dict[str, object] = json.loads(plain.stdout)
    return scored


def test_a_board_fouled_from_one_table_on_is_scored_in_groups(server: Server, tmp_path: Path) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 1)
    codes = table_codes(desk, evening)
    desk.post(f"/desk/e/{evening}/do/start", {})
    played = _play_all(server, evening, codes, range(1, 3))  # rounds 1 and 2: the fouling is found after round 2
    visits = sorted(played[1])  # board 1 at two tables so far, one round after the other
    assert len(visits) == 2
    (r3, t3) = visits[1]

    missing = desk.post(f"/desk/e/{evening}/mark/fouled", {"round": str(r3), "table": str(t3), "board": "1",
                                                           "deal": "B", "later": "yes", "reason": ""})  # fmt: skip
    assert missing.status_code == 400 and "say why" in missing.text
    page = desk.post(f"/desk/e/{evening}/mark/fouled", {"round": str(r3), "table": str(t3), "board": "1",
                                                        "deal": "B", "later": "yes",
                                                        "reason": "West's and North's cards exchanged at table "
                                                                  f"{t3}"}).text  # fmt: skip
    # the result changed, kept with who and why, the version shown after
    assert page.count(f"West&#39;s and North&#39;s cards exchanged at table {t3}") == 1
    assert "[B]" in page
    # the running ranking follows: the fouled board's warning is on the desk
    assert "was fouled (Law 87)" in page
    # round 3: the table that gets board 1 next plays the fouled version, and its result is stored so
    later = _play_all(server, evening, codes, range(3, 4))
    ((_, t4),) = later[1]
    assert t4 not in (visits[0][1], t3)

    closed = desk.post(f"/desk/e/{evening}/do/close", {})
    assert closed.status_code == 200 and "Published results" in closed.text
    folder = tmp_path / "published" / str(evening)
    travellers = (folder / f"evening-{evening}.csv").read_text().splitlines()
    assert travellers[0].endswith(",fouled")
    board_1 = [line for line in travellers[1:] if line.split(",")[1] == "1"]
    assert sorted(line.rsplit(",", 1)[1] for line in board_1) == ["", "B", "B"]

    # top 4 (three results); version B's two: the better (M = 2) (2 + 1)·3/2 − 1 = 3.5, the other (0 + 1)·3/2 − 1
    # = 0.5; the one result as dealt is compared with nothing: (0 + 1)·3 − 1 = 2, average
    scored = _score_files(folder, evening)
    problems = [p["message"] for p in scored["problems"]]  # type: ignore[attr-defined]
    assert any("board 1 was fouled (Law 87)" in m and "'B' 2" in m for m in problems), problems
    (board,) = [b for b in scored["boards"] if b["board"] == 1]  # type: ignore[attr-defined]
    scores = {line["ns_score"]: line["ns_points"] for line in board["results"]}
    assert sorted(scores.values()) == [0.5, 2.0, 3.5], scores
    late_tables = {t3, t4}
    late_scores = {s for t, s in ((1, 420), (2, 430), (3, 50), (4, 0)) if t in late_tables}
    assert scores[max(late_scores)] == 3.5 and scores[min(late_scores)] == 0.5


def test_pairs_that_sat_the_wrong_way_in_a_mitchell_stay_in_their_own_ranking(server: Server, tmp_path: Path) -> None:
    """A Mitchell ranked in two lines: the movement's East-West pair that sat North-South gets North-South's
    matchpoints in the East-West ranking, its opponents East-West's in the North-South ranking; the desk's running
    ranking and the closed evening's files agree."""
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 1)
    codes = table_codes(desk, evening)
    desk.post(f"/desk/e/{evening}/do/start", {})
    played = _play_all(server, evening, codes)
    round_number, table = sorted(played[1])[0]
    changed = desk.post(f"/desk/e/{evening}/mark/swapped", {"round": str(round_number), "table": str(table),
                                                            "board": "1", "swapped": "yes",
                                                            "reason": "pairs sat the wrong way round"})  # fmt: skip
    assert changed.status_code == 200 and "pairs sat the wrong way round" in changed.text
    closed = desk.post(f"/desk/e/{evening}/do/close", {})
    assert closed.status_code == 200 and "Published results" in closed.text
    folder = tmp_path / "published" / str(evening)
    travellers = (folder / f"evening-{evening}.csv").read_text().splitlines()
    (marked,) = [line.split(",") for line in travellers[1:] if line.endswith(",yes")]
    sat_ns, sat_ew = marked[2], marked[3]  # the movement's EW pair, its NS pair
    history = desk.get(f"/desk/e/{evening}").text  # the change kept: the pairs before and after
    assert f"NS {sat_ew} v EW {sat_ns}" in history and f"NS {sat_ns} v EW {sat_ew}" in history
    scored = _score_files(folder, evening)
    assert [p for p in scored["problems"] if p.get("severity") == "error"] == []  # type: ignore[attr-defined]
    rankings = {s["group"]: {e["pair"] for e in s["entries"]} for s in scored["standings"]}  # type: ignore[attr-defined]
    assert sat_ns in rankings["EW"] and sat_ns not in rankings["NS"]
    assert sat_ew in rankings["NS"] and sat_ew not in rankings["EW"]
    (board,) = [b for b in scored["boards"] if b["board"] == 1]  # type: ignore[attr-defined]
    line = next(x for x in board["results"] if x["ns_pair"] == sat_ns)
    assert line["ns_score"] == {1: 420, 2: 430, 3: 50, 4: 0}[table]
    # the page published from the evening shows the same percentages as the plain command line
    page = desk.get(f"/e/{evening}/html").text
    for standing in scored["standings"]:  # type: ignore[attr-defined]
        for entry in standing["entries"]:
            assert f"{entry['percent']:.2f}" in page


def test_the_marks_in_the_store_on_sqlite_and_postgresql(archive_url: str) -> None:
    """The store itself, on both databases (migration 0006's columns): a fouled mark 'at every later round' marks
    the results stored and the one a later table stores; a swap exchanges the pairs and keeps the score; every mark is
    in the history with before and after; a mark without a reason, or of a result not entered, is refused."""
    evening = running_evening(archive_url, 3, 2)
    fields = {"contract": "3NT", "declarer": "S", "result": "=", "score": "400"}
    with open_archive(archive_url) as archive:
        store = LiveStore(archive)
        schedule = store.evening(evening.id)
        assert schedule is not None
        first = schedule.place("A", 1, 1)
        assert first is not None
        board = first.boards[0]
        store.submit(schedule, "A", 1, 1, board, fields, "k1", "table 1")
        later = next(p for p in schedule.places() if p.round == 2 and board in p.boards)
        with pytest.raises(Refused):
            store.mark_fouled(schedule, first, board, "B", "director", "  ", later=True)
        with pytest.raises(Refused):
            store.mark_fouled(schedule, later, board, "B", "director", "not entered yet")
        assert store.mark_fouled(schedule, first, board, "B", "director", "cards exchanged", later=True) == 1
        schedule = store.evening(evening.id)
        assert schedule is not None
        before = schedule.place("A", 1, later.table)  # the later table's first round, then the fouled board
        assert before is not None
        for other in before.boards:
            store.submit(schedule, "A", later.table, 1, other, fields, f"r1-{other}", f"table {later.table}")
        store.submit(schedule, "A", later.table, 2, board, fields, "k2", f"table {later.table}")
        marked = {(r["round"], r["table"]): r["fouled"] for r in store.results(evening.id, board=board)}
        assert marked == {(1, 1): "B", (2, later.table): "B"}
        assert store.mark_swapped(schedule, first, board, True, "director", "EW sat NS") == 1
        (row,) = [r for r in store.results(evening.id, board=board) if r["round"] == 1]
        assert (row["ns"], row["ew"], row["score"], row["swapped"]) == (first.ew, first.ns, "400", True)
        assert store.mark_swapped(schedule, first, board, True, "director", "again") == 0  # nothing to change
        history = [c for c in store.changes(evening.id) if c["reason"]]
        assert [c["reason"] for c in history] == ["cards exchanged", "EW sat NS"]
        assert '"fouled": ""' in history[0]["before"] and '"fouled": "B"' in history[0]["after"]
        assert '"swapped": 0' in history[1]["before"] and '"swapped": 1' in history[1]["after"]
