"""The live evening (issue 22) through a real ``bridgescore serve`` process over loopback: the director sets up a
4-table Mitchell of 3 rounds, four tables enter every board at the same time, a result is corrected with a reason,
the evening is closed, and the published page, the archive and ``bridgescore score`` of the written files agree;
a doubled submit stores once; a table cannot enter another table's board."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

from live_server import Browser, Server, boards_to_play, create_evening, director, enter, serving, sit_down, table_codes

_PLAYED = ["4S N =", "3NT S +1", "2H E -1", "PASS", "4H W =", "1NT N -2", "3C W +2", "5DX S -1"]


def _play(phone: Browser, evening: int, table: int) -> int:
    stored = 0
    for _ in range(10):
        boards = boards_to_play(phone, evening)
        if not boards:
            return stored
        for board in boards:
            words = _PLAYED[(board * 3 + table) % len(_PLAYED)].split()
            contract, declarer, result = [*words, "", ""][:3]
            response = enter(phone, evening, board, contract, declarer, result)
            assert f"Board {board} is stored." in response.text, response.text[-1500:]
            stored += 1
    return stored


def test_an_evening_from_setup_to_the_archive(server: Server, tmp_path: Path) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3, title="Club night", date="2026-11-27", club="BC Test")
    codes = table_codes(desk, evening)
    assert sorted(codes) == [1, 2, 3, 4]
    members = "number,name\n1001,Ann Smith\n1002,Bob Jones\n"
    desk.post(f"/desk/e/{evening}/do/members", {}, files={"members": ("members.csv", members, "text/csv")})
    unknown = desk.post(f"/desk/e/{evening}/do/names", {"num1:A:2": "1001", "num2:A:2": "4242"})
    assert unknown.status_code == 400 and "member number 4242 is in neither" in unknown.text
    desk.post(f"/desk/e/{evening}/do/names", {"num1:A:1": "1001", "num2:A:1": "1002", "pair:A:5": "Cy & Di"})
    desk.post(f"/desk/e/{evening}/do/start", {})
    phones = {t: sit_down(server, evening, c) for t, c in codes.items()}
    counts: dict[int, int] = {}
    threads = [threading.Thread(target=lambda t=t: counts.__setitem__(t, _play(phones[t], evening, t))) for t in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert counts == {1: 9, 2: 9, 3: 9, 4: 9}  # 3 rounds of 3 boards at each table

    # a correction at the desk, with its reason kept
    page = desk.post(f"/desk/e/{evening}/correct", {"section": "A", "round": "1", "table": "1", "board": "1",
                                                    "contract": "4S", "declarer": "N", "result": "+1",
                                                    "reason": "NS made 11 tricks, agreed by EW"}).text  # fmt: skip
    assert "NS made 11 tricks, agreed by EW" in page
    closed = desk.post(f"/desk/e/{evening}/do/close", {})
    assert closed.status_code == 200 and "Published results" in closed.text

    folder = tmp_path / "published" / str(evening)
    travellers = (folder / f"evening-{evening}.csv").read_text()
    assert "A,1,1,5,4S,N,+1,,450," in travellers  # the corrected line
    assert travellers.count("\n") == 1 + 36
    # the plain command line on the files written agrees with the page and the archive to the last decimal
    args = [str(folder / f"evening-{evening}.csv"), "--names", str(folder / f"evening-{evening}-names.csv"),
            "--movement", str(folder / f"evening-{evening}.movement.json"),
            "--members", str(folder / f"evening-{evening}-members.csv")]  # fmt: skip
    plain = subprocess.run([sys.executable, "-m", "bridgescore", "score", *args, "-f", "json"],
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert plain.returncode == 0, plain.stderr
    standings = {(s["group"], e["pair"]): e["percent"] for s in json.loads(plain.stdout)["standings"]
                 for e in s["entries"]}  # fmt: skip
    page_html = desk.get(f"/e/{evening}/html").text
    for (group, pair), percent in standings.items():
        assert f"{percent:.2f}" in page_html, (group, pair, percent)
    listing = subprocess.run([sys.executable, "-m", "bridgescore", "archive", "list", "--db", server.db, "-f", "json"],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
    assert listing.returncode == 0, listing.stderr
    assert "Club night" in listing.stdout
    kept = subprocess.run([sys.executable, "-m", "bridgescore", "archive", "movement",
                           json.loads(listing.stdout)["sessions"][0]["key"], "--db", server.db],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert kept.returncode == 0 and "bridgescore.movement/1" in kept.stdout, kept.stderr  # the movement archived
    player = subprocess.run([sys.executable, "-m", "bridgescore", "player", "1001", "--db", server.db],
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert player.returncode == 0 and "Ann Smith" in player.stdout and "Bob Jones" in player.stdout, player.stdout
    usebio = desk.get(f"/e/{evening}/usebio")
    assert usebio.status_code == 200 and b"<USEBIO" in usebio.content

    # a correction after the close publishes again, the page says what changed, the archive keeps its history
    assert "Corrections" not in page_html
    desk.post(f"/desk/e/{evening}/correct", {"section": "A", "round": "1", "table": "1", "board": "1",
                                             "adjusted": "A60/40", "reason": "slow play <b>warned</b>"})  # fmt: skip
    republished = desk.get(f"/e/{evening}/html").text
    assert "Corrections" in republished and "slow play &lt;b&gt;warned&lt;/b&gt;" in republished
    assert "A,1,1,5,,,,,,A60/40" in (folder / f"evening-{evening}.csv").read_text()
    history = subprocess.run([sys.executable, "-m", "bridgescore", "archive", "list", "--db", server.db],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
    assert history.returncode == 0 and " 2 " in history.stdout.splitlines()[-1]  # version 2


def test_the_movements_own_cards_are_printed_from_the_desk(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "howell-4", 2)
    assert "Table cards" in desk.get(f"/desk/e/{evening}/movement/table").text
    assert "Guide cards" in desk.get(f"/desk/e/{evening}/movement/guide").text
    assert desk.get(f"/desk/e/{evening}/movement/nonsense").status_code == 404


def test_a_doubled_submit_stores_once_and_another_tables_board_is_refused(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    codes = table_codes(desk, evening)
    phone = sit_down(server, evening, codes[1])
    board = boards_to_play(phone, evening)[0]
    phone.get(f"/t/{evening}/board/{board}")
    key = phone.key()
    typed = {"key": key, "contract": "3NT", "declarer": "S", "result": "=", "confirmed": "yes"}
    first = phone.post(f"/t/{evening}/board/{board}", typed)
    again = phone.post(f"/t/{evening}/board/{board}", typed)  # pressed twice, or sent again after a lost answer
    assert re.search(r"Board \d+ is stored", first.text) and str(first.url) == str(again.url)
    grid = desk.get(f"/desk/e/{evening}").text
    assert grid.count("1/3</td>") == 1
    other = boards_to_play(sit_down(server, evening, codes[2]), evening)[0]
    refused = phone.post(f"/t/{evening}/board/{other}", {**typed, "key": "another"})
    assert refused.status_code == 400 and "not played at this table" in refused.text
    wrong = Browser(server.url)
    wrong.get(f"/t/{evening}?code=WRONG1")
    assert "not a table code" in wrong.page


def test_a_late_pair_changes_the_movement_before_the_start_and_not_after(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "howell-3", 2)
    before = table_codes(desk, evening)
    desk.post(f"/desk/e/{evening}/do/names", {"pair:A:1": "Ann & Bob"})
    changed = desk.post(f"/desk/e/{evening}/do/movement", {"movement": "howell-4", "boards_per_round": "3"})
    assert changed.status_code == 200 and "howell-4" in changed.text and "Ann &amp; Bob" in changed.text
    after = table_codes(desk, evening)
    assert sorted(after) == [1, 2, 3, 4] and not set(after.values()) & set(before.values())  # new codes
    unknown = desk.post(f"/desk/e/{evening}/do/movement", {"movement": "howell-99x", "boards_per_round": "3"})
    assert unknown.status_code == 400 and "no movement bridgescore knows" in unknown.text
    desk.post(f"/desk/e/{evening}/do/start", {})
    late = desk.post(f"/desk/e/{evening}/do/movement", {"movement": "howell-3", "boards_per_round": "2"})
    assert late.status_code == 409
    assert sorted(table_codes(desk, evening)) == [1, 2, 3, 4]


def test_players_give_their_member_numbers_at_the_table_where_the_director_asks(server: Server, tmp_path: Path) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3, numbers="table")
    members = "number,name\n1001,Ann Smith\n1002,Bob Jones\n1003,Cy Young\n1004,Di Fox\n"
    desk.post(f"/desk/e/{evening}/do/members", {}, files={"members": ("members.csv", members, "text/csv")})
    desk.post(f"/desk/e/{evening}/do/start", {})
    codes = table_codes(desk, evening)
    phone = sit_down(server, evening, codes[1])
    assert "Your member numbers" in phone.page
    refused = phone.post(f"/t/{evening}/players", {"ns1": "1001", "ns2": "1002", "ew1": "1003", "ew2": "9999"})
    assert refused.status_code == 400 and "member number 9999 is not known" in refused.text
    phone.post(f"/t/{evening}/players", {"ns1": "1001", "ns2": "1002", "ew1": "1003", "ew2": "1004"})
    assert "Your member numbers" not in phone.get(f"/t/{evening}/table").text
    phones = {t: sit_down(server, evening, c) for t, c in codes.items()}
    for table, device in phones.items():
        _play(device, evening, table)
    assert desk.post(f"/desk/e/{evening}/do/close", {}).status_code == 200
    travellers = (tmp_path / "published" / str(evening) / f"evening-{evening}.csv").read_text()
    assert travellers.splitlines()[0].endswith("n_number,s_number,e_number,w_number")
    assert "1001,1002,1003,1004" in travellers
    player = subprocess.run([sys.executable, "-m", "bridgescore", "player", "1004", "--db", server.db],
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert player.returncode == 0 and "Di Fox" in player.stdout, player.stdout + player.stderr


_ONE_SUIT_EACH = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
"""


def test_the_hand_record_checks_the_lead_and_flags_a_result_far_from_double_dummy(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    loaded = desk.post(f"/desk/e/{evening}/do/deals", {}, files={"deals": ("hands.pbn", _ONE_SUIT_EACH, "text/plain")})
    assert "loaded" in loaded.text
    desk.post(f"/desk/e/{evening}/do/start", {})
    phone = sit_down(server, evening, table_codes(desk, evening)[1])
    phone.get(f"/t/{evening}/board/1")
    typed = {"key": phone.key(), "contract": "4S", "declarer": "N", "result": "=", "lead": "SA"}
    refused = phone.post(f"/t/{evening}/board/1", typed)  # East, on lead, holds only hearts
    assert refused.status_code == 400 and "E does not hold SA" in refused.text
    flagged = phone.post(f"/t/{evening}/board/1", {**typed, "lead": "HA"})  # 10 tricks; 13 double dummy
    assert "far from the other results on this board, or from what the cards make" in flagged.text
    stored = phone.post(f"/t/{evening}/board/1", {**typed, "lead": "HA", "confirmed": "yes"})
    assert "Board 1 is stored." in stored.text
    broken = desk.post(f"/desk/e/{evening}/do/deals", {}, files={"deals": ("x.pbn", "[Board \"1\"]\n[Deal \"N:AKQ\"]\n",
                                                                           "text/plain")})  # fmt: skip
    assert broken.status_code == 400


def test_with_https_the_session_cookie_is_sent_over_https_only(tmp_path: Path) -> None:
    import httpx

    with serving(tmp_path / "https", options=("--https",)) as proxied:
        assert "secure" in httpx.get(proxied.url + "/desk/login", timeout=30).headers["set-cookie"].lower()
    with serving(tmp_path / "plain") as plain:
        assert "secure" not in httpx.get(plain.url + "/desk/login", timeout=30).headers["set-cookie"].lower()


def test_behind_a_proxy_on_this_machine_each_phone_counts_its_own_wrong_codes(server: Server) -> None:
    import httpx

    desk = director(server)
    evening = create_evening(desk, "howell-3", 2)
    code = table_codes(desk, evening)[1]
    guesser = httpx.Client(base_url=server.url, timeout=30, headers={"X-Forwarded-For": "10.0.0.66"})
    for _ in range(10):
        guesser.get(f"/t/{evening}?code=WRONG9")
    assert guesser.get(f"/t/{evening}?code={code}").status_code == 429  # this phone waits …
    other = httpx.Client(base_url=server.url, timeout=30, headers={"X-Forwarded-For": "10.0.0.67"})
    assert other.get(f"/t/{evening}?code={code}", follow_redirects=False).status_code == 303  # … not the others


def test_sixty_phones_behind_one_address_all_get_in_at_once(server: Server) -> None:
    """A right code is never counted against its address: phones arriving through one address (a proxy, a NAT)
    signing in at the same moment are not told to wait ten minutes; wrong codes still are (test_live_security)."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    desk = director(server)
    evening = create_evening(desk, "mitchell-30-skip-r2", 2)
    codes = list(table_codes(desk, evening).values())
    assert len(codes) == 30

    def sign_in(code: str) -> int:
        with httpx.Client(base_url=server.url, timeout=60) as phone:
            return phone.get(f"/t/{evening}?code={code}", follow_redirects=False).status_code

    with ThreadPoolExecutor(30) as pool:
        answers = list(pool.map(sign_in, codes * 2))
    assert answers == [303] * 60


def test_a_dutch_phone_reads_the_traveller_in_dutch_notation(server: Server) -> None:
    desk = director(server)
    evening = create_evening(desk, "mitchell-4-skip-r3", 3)
    desk.post(f"/desk/e/{evening}/do/start", {})
    phone = sit_down(server, evening, table_codes(desk, evening)[1])
    phone.get("/lang/nl")
    stored = enter(phone, evening, 1, "3NT", "E", "=", "HQ")
    assert "3SA O" in stored.text and ">C<" in stored.text and ">HV<" in stored.text  # not 3NT E, =, HQ
