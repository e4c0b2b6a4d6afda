"""The director's desk (issue 22) through a real ``bridgescore serve``: a board marked fouled from one table on
(Law 87) and a result whose pairs sat the wrong way, each kept with who, when and why, and the closed evening
scored with them (the written files, and a plain ``bridgescore score`` of them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from live_server import Server, boards_to_play, create_evening, director, enter, sit_down, table_codes

#: Board 1 (nobody vulnerable) by table: +420, +430, +50, 0 – four different NS scores.
_BY_TABLE = {1: "4S N =", 2: "3NT S +1", 3: "2H E -1", 4: "PASS"}


def _play_all(server: Server, evening: int, codes: dict[int, str]) -> dict[int, list[tuple[int, int]]]:
    """Every table enters every board, round after round; where each board was played: board → [(round, table)]."""
    played: dict[int, list[tuple[int, int]]] = {}
    for table, code in codes.items():
        phone = sit_down(server, evening, code)
        for round_number in range(1, 20):
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
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    codes = table_codes(desk, evening)
    desk.post(f"/desk/e/{evening}/do/start", {})
    played = _play_all(server, evening, codes)
    visits = sorted(played[1])  # board 1 at three tables, one round after another
    assert len(visits) == 3
    (r3, t3), (_, t4) = visits[1], visits[2]

    missing = desk.post(f"/desk/e/{evening}/mark/fouled", {"round": str(r3), "table": str(t3), "board": "1",
                                                           "deal": "B", "later": "yes", "reason": ""})  # fmt: skip
    assert missing.status_code == 400 and "say why" in missing.text
    page = desk.post(f"/desk/e/{evening}/mark/fouled", {"round": str(r3), "table": str(t3), "board": "1",
                                                        "deal": "B", "later": "yes",
                                                        "reason": "West's and North's cards exchanged at table "
                                                                  f"{t3}"}).text  # fmt: skip
    # both later results changed, each kept with who and why, the version shown after
    assert page.count(f"West&#39;s and North&#39;s cards exchanged at table {t3}") == 2
    assert "[B]" in page
    # the running ranking follows: the fouled board's warning is on the desk
    assert "was fouled (Law 87)" in page

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


def test_a_result_whose_pairs_sat_the_wrong_way(server: Server, tmp_path: Path) -> None:
    desk = director(server)
    evening = create_evening(desk, "howell-3", 1)
    codes = table_codes(desk, evening)
    desk.post(f"/desk/e/{evening}/do/start", {})
    played = _play_all(server, evening, codes)
    (round_number, table) = sorted(played[1])[0]
    before = desk.get(f"/desk/e/{evening}").text
    swapped = desk.post(f"/desk/e/{evening}/mark/swapped", {"round": str(round_number), "table": str(table),
                                                            "board": "1", "swapped": "yes",
                                                            "reason": "EW sat North-South"})  # fmt: skip
    assert swapped.status_code == 200
    assert "EW sat North-South" in swapped.text
    assert before != swapped.text

    closed = desk.post(f"/desk/e/{evening}/do/close", {})
    assert closed.status_code == 200 and "Published results" in closed.text
    folder = tmp_path / "published" / str(evening)
    travellers = (folder / f"evening-{evening}.csv").read_text().splitlines()
    assert travellers[0].endswith(",swapped")
    movement = json.loads((folder / f"evening-{evening}.movement.json").read_text())
    assert movement  # the schedule the line is checked against
    marked = [line.split(",") for line in travellers[1:] if line.endswith(",yes")]
    assert len(marked) == 1 and marked[0][1] == "1"
    scored = _score_files(folder, evening)
    errors = [p for p in scored["problems"] if p.get("severity") == "error"]  # type: ignore[attr-defined]
    assert errors == []  # the line is expected with the pairs as they sat, not left out as swapped
    (board,) = [b for b in scored["boards"] if b["board"] == 1]  # type: ignore[attr-defined]
    line = next(x for x in board["results"] if x["ns_pair"] == marked[0][2])
    # the pairs as they sat: the movement's EW pair holds NS's score (the seats' score as the table entered it)
    assert (line["ns_pair"], line["ew_pair"]) == (marked[0][2], marked[0][3])
    assert line["ns_score"] == {1: 420, 2: 430, 3: 50, 4: 0}[table]


def test_a_mitchell_ranked_in_two_lines_refuses_a_swap(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    codes = table_codes(desk, evening)
    desk.post(f"/desk/e/{evening}/do/start", {})
    phone = sit_down(server, evening, codes[1])
    board = boards_to_play(phone, evening)[0]
    enter(phone, evening, board, "4S", "N", "=")
    refused = desk.post(
        f"/desk/e/{evening}/mark/swapped",
        {"round": "1", "table": "1", "board": str(board), "swapped": "yes", "reason": "sat the wrong way"},
    )
    assert refused.status_code == 400 and "ranked North-South and East-West apart" in refused.text
