"""Individual movements on the movement model (issue 21): four players a stand, the whist movements (8, 12, 13, 16
players) and the Rainbow, shown, checked and written as JSON; the formats that cannot hold players refuse them."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.movement import Movement, MovementError, PairRef, Players, Round, Section, Stand
from bridgescore.movement import json as movement_json
from bridgescore.movement.files import resolve, write
from bridgescore.movement.individual import RAINBOW_TABLES, WHIST_PLAYERS, by_name, moves, rainbow, whist
from bridgescore.movement.validate import validate

runner = CliRunner()

#: G.L. Sicherman's 8-player rotation as he published it (rec.games.bridge, 1997, sicherman.net/bridge/
#: pseudoteam.txt): "Table 1 N - stay put. Table 1 W - go to 2 W. Table 1 E - go to 2 S. Table 1 S - go to 1 W.
#: Table 2 N - go to 1 E. Table 2 W - go to 2 E. Table 2 E - go to 2 N. Table 2 S - go to 1 S."
SICHERMAN = {"1N": "1N", "1W": "2W", "1E": "2S", "1S": "1W", "2N": "1E", "2W": "2E", "2E": "2N", "2S": "1S"}


def _meetings(movement: Movement) -> tuple[Counter[frozenset[int]], Counter[frozenset[int]]]:
    """How often every two players partner and oppose each other, counted from the stands themselves."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for r in movement.sections[0].rounds:
        for s in r.stands:
            assert s.players is not None
            n, so, e, w = s.players.seats
            partners.update([frozenset((n, so)), frozenset((e, w))])
            opponents.update(frozenset((a, b)) for a in (n, so) for b in (e, w))
    return partners, opponents


@pytest.mark.parametrize("round_number", range(1, 7))
def test_the_8_player_movement_is_sichermans_rotation(round_number: int) -> None:
    """Every seat's player goes where Sicherman's table says, after every round."""
    assert moves(whist(8), round_number) == SICHERMAN


@pytest.mark.parametrize("players", WHIST_PLAYERS)
def test_the_whist_movements_are_whist_tournaments(players: int) -> None:
    """Each player partners every other exactly once and opposes every other exactly twice, plays every round but
    one sit-out (13 players) and no board twice; the validator agrees and requires it of a complete individual."""
    movement = by_name(f"individual-{players}", 3)
    section = movement.sections[0]
    assert section.players() == tuple(range(1, players + 1))
    assert len(section.rounds) == (players if players % 4 else players - 1)
    partners, opponents = _meetings(movement)
    pairs = [frozenset(p) for p in combinations(range(1, players + 1), 2)]
    assert all(partners[p] == 1 for p in pairs) and sum(partners.values()) == len(pairs)
    assert all(opponents[p] == 2 for p in pairs) and sum(opponents.values()) == 2 * len(pairs)
    for player in section.players():
        seats = section.seats(player)
        assert len(seats) == len(section.rounds) - (players % 4)
        boards = [b for s in seats for b in s.boards]
        assert len(boards) == len(set(boards)) == 3 * len(seats)
    report = validate(movement)
    assert report.ok and all(p.ok for p in report.properties)
    assert report.property("whist").required
    assert {m.partners for m in report.players} == {players - 1}


def test_13_players_sit_out_once_each() -> None:
    section = whist(13).sections[0]
    out = [section.players_out(r.number) for r in section.rounds]
    assert all(len(o) == 1 for o in out) and sorted(o[0] for o in out) == list(range(1, 14))
    assert out[0] == (13,)  # the player without a seat in round 1 is numbered last


@pytest.mark.parametrize("tables", RAINBOW_TABLES[:4])
def test_the_rainbow_follows_the_published_moves(tables: int) -> None:
    """rec.games.bridge's RAINBOW: the boards stay, N up one table, E down one, S up two, W down two; players
    numbered N 1–T, E T+1–2T, S 2T+1–3T, W 3T+1–4T starting at their table."""
    movement = rainbow(tables, 2)
    section = movement.sections[0]
    speed = {"N": 1, "E": -1, "S": 2, "W": -2}
    line = {"N": 0, "E": 1, "S": 2, "W": 3}
    for player in section.players():
        seats = section.seats(player)
        assert len(seats) == tables
        first = seats[0]
        assert player == line[first.seat] * tables + first.table
        for seat in seats:
            assert seat.seat == first.seat
            assert seat.table == (first.table - 1 + speed[seat.seat] * (seat.round - 1)) % tables + 1
            assert seat.boards == frozenset({2 * seat.table - 1, 2 * seat.table})  # the boards stay
    report = validate(movement)
    assert report.ok  # partners never twice, every board once …
    whist_property = report.property("whist")
    assert not whist_property.ok and not whist_property.required  # … but not a whist tournament: a note
    partners, _ = _meetings(movement)
    assert max(partners.values()) == 1


def test_a_stand_of_players_is_validated_where_it_is_built() -> None:
    with pytest.raises(MovementError, match="two seats"):
        Players(1, 2, 3, 1)
    with pytest.raises(MovementError, match="numbered from 1"):
        Players(0, 2, 3, 4)
    with pytest.raises(MovementError, match="not both"):
        Stand(1, PairRef(1), PairRef(2), frozenset({1}), players=Players(1, 2, 3, 4))
    with pytest.raises(MovementError, match="player 3 is at two tables"):
        Round(1, (Stand(1, None, None, frozenset({1}), players=Players(1, 2, 3, 4)),
                  Stand(2, None, None, frozenset({2}), players=Players(5, 6, 7, 3))))  # fmt: skip
    pairs = Round(1, (Stand(1, PairRef(1), PairRef(2), frozenset({1})),))
    players = Round(2, (Stand(1, None, None, frozenset({2}), players=Players(1, 2, 3, 4)),))
    with pytest.raises(MovementError, match="a pairs event or an individual"):
        Section("A", (pairs, players))
    stand = players.stands[0]
    assert not stand.is_bye and stand.players is not None and stand.players.partner(3) == 4
    seat = Section("A", (Round(1, players.stands),)).seat(1, 3)
    assert seat is not None and (seat.seat, seat.partner, seat.opponents, seat.direction) == ("E", 4, (2, 1), "EW")


def test_json_carries_the_players_and_reads_old_files_unchanged(tmp_path: Path) -> None:
    movement = whist(12, 2)
    text = movement_json.dumps(movement)
    assert movement_json.loads(text)[0] == movement
    stand = json.loads(text)["sections"][0]["rounds"][0]["stands"][0]
    assert stand["players"] == {"north": 1, "south": 2, "east": 3, "west": 4} and stand["ns"] is None
    howell = resolve("howell-4").movement
    assert howell is not None and "players" not in json.dumps(movement_json.to_dict(howell))  # no new field
    document = json.loads(text)
    del document["sections"][0]["rounds"][1]["stands"][2]["players"]["west"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = runner.invoke(app, ["movement", "check", str(path)])
    assert result.exit_code == 2
    assert "sections[0].rounds[1].stands[2].players.west" in result.output and "missing" in result.output


def test_check_exits_1_where_a_player_plays_a_board_twice_or_partners_twice(tmp_path: Path) -> None:
    document = movement_json.to_dict(whist(8, 2))
    rounds = document["sections"][0]["rounds"]
    rounds[1]["stands"][0]["boards"] = [1, 2]  # table 1 plays round 1's boards again in round 2
    rounds[2]["stands"][0]["players"] = dict(rounds[0]["stands"][0]["players"])  # round 1's table 1 again …
    rounds[2]["stands"][1]["players"] = dict(rounds[0]["stands"][1]["players"])  # … and its table 2
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = runner.invoke(app, ["movement", "check", str(path)])
    assert result.exit_code == 1, result.output
    assert "FAILS  no player plays a board twice" in result.output
    assert "player 1 plays board 1 in rounds 1, 2" in result.output
    assert "FAILS  no two players partner each other twice" in result.output
    assert "players 1 and 2 partner each other 2 times (rounds 1, 3)" in result.output
    assert "FAILS  every player partners every other once" in result.output
    checked = json.loads(runner.invoke(app, ["movement", "check", str(path), "-f", "json"]).output)
    assert not checked["ok"] and checked["players"][0]["player"] == 1


def test_show_prints_every_seat_and_the_sit_out() -> None:
    result = runner.invoke(app, ["movement", "show", "individual-13"])
    assert result.exit_code == 0
    assert "Table  N   S   E   W  Boards" in result.output
    assert "Sits out: player 13" in result.output
    dutch = runner.invoke(app, ["movement", "show", "individual-8", "--lang", "nl"])
    assert "Tafel  N  Z  O  W  Spellen" in dutch.output


@pytest.mark.parametrize("name", ["individual-8", "individual-12", "individual-13", "individual-16",
                                  "individual-20-rainbow"])  # fmt: skip
def test_the_movement_csv_holds_an_individual(name: str, tmp_path: Path) -> None:
    """Our movement CSV with north, south, east, west in place of ns and ew: written, read back the same schedule,
    and written again byte for byte."""
    movement = by_name(name, 2)
    text, problems = write(movement, "csv")
    assert text is not None and not problems
    assert text.startswith("section,round,table,north,south,east,west,low_board,high_board\nA,1,1,1,")
    path = tmp_path / "individual.csv"
    path.write_text(text, encoding="utf-8")
    read = resolve(str(path))
    assert read.ok and read.movement is not None

    def seats(m: Movement) -> list[tuple[int, int, frozenset[int], Players | None]]:
        return [(r.number, s.table, s.boards, s.players) for r in m.sections[0].rounds for s in r.stands]

    assert seats(read.movement) == seats(movement) and read.movement.individual  # the CSV has no set numbers
    assert write(read.movement, "csv")[0] == text


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ("A,1,2,5,6,7,,3,4", "line 3, column 'west': a table of an individual seats four players"),
        ("A,1,2,5,6,7,1,3,4", "line 3, column 'west': section A, round 1: player 1 is at table 2 and at table 1"),
        ("A,1,2,5,6,x,8,3,4", "line 3, column 'east': 'x' is not a player number"),
        ("A,1,2,5,0,7,8,3,4", "line 3, column 'south': players are numbered from 1"),
        ("A,1,2,5,6,7,8,,", "line 3, column 'low_board': the table has four players and no boards"),
    ],
)
def test_a_bad_row_of_an_individual_csv_is_said_where_it_is(row: str, said: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "section,round,table,north,south,east,west,low_board,high_board\nA,1,1,1,2,3,4,1,2\n" + row + "\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["movement", "check", str(path)])
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


@pytest.mark.parametrize("fmt", ["bridgemate", "nbb"])
def test_a_format_without_players_refuses_an_individual(fmt: str) -> None:
    """Written there, every stand would read back as a bye stand: refused with the reason, exit 2."""
    text, problems = write(whist(8), fmt)  # type: ignore[arg-type]
    assert text is None and "individual movement" in str(problems[0])
    result = runner.invoke(app, ["movement", "show", "individual-8", "-f", fmt])
    assert result.exit_code == 2 and "write it as JSON" in result.output


def test_cards_of_an_individual_name_its_players() -> None:
    """A table card a table (every round's four players by seat), a guide card a player (table, seat, partner,
    opponents, boards; the round sat out said), and the board slip."""
    from bridgescore.movement.cards import cards

    movement = whist(13, 2)
    tables = cards(movement, "table")
    assert [c.title for c in tables] == ["Table 1", "Table 2", "Table 3"]
    assert tables[0].headings[:6] == ("Round", "N", "S", "E", "W", "Boards")
    assert tables[0].rows[0][:6] == ("1", "1", "2", "3", "4", "1-2")
    guides = cards(movement, "guide", "nl")
    assert len(guides) == 13 and guides[0].title == "Speler 1"
    assert guides[0].headings == ("Ronde", "Tafel", "Plaats", "Partner", "Tegen", "Spellen")
    assert guides[0].rows[0] == ("1", "1", "N", "2", "3 4", "1-2")  # East, North's left-hand opponent, first
    last = guides[12]  # player 13 sits out round 1
    assert last.rows[0][2] == "rust" and len(last.notes) == 1 and "1" in last.notes[0]
    for kind in ("table", "guide", "boards"):
        result = runner.invoke(app, ["movement", "cards", "individual-8", "--kind", kind])
        assert result.exit_code == 0 and "<html" in result.output


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("individual-9", "for 8, 12, 13, 16 players"),
        ("individual-24-rainbow", "2 and 3 do not divide"),
        ("individual-21-rainbow", "2 and 3 do not divide"),
    ],
)
def test_a_name_not_built_says_what_is(name: str, said: str) -> None:
    resolved = resolve(name)
    assert resolved.movement is None and said in str(resolved.problems[0])
    result = runner.invoke(app, ["movement", "check", name])
    assert result.exit_code != 0 and said in result.output


def _travellers(movement: Movement, *, columns: bool = False) -> list[str]:
    """A CSV of every line the movement has (board, the four players, a contract), with its round and table where
    ``columns``."""
    head = "board,north,south,east,west,contract,declarer,result" + (",round,table" if columns else "")
    rows = [head]
    contracts = ["4S,N,=", "3NT,S,-1", "2H,E,+1", "1NT,W,="]
    for r in movement.sections[0].rounds:
        for s in r.stands:
            assert s.players is not None
            n, so, e, w = s.players.seats
            for b in sorted(s.boards):
                extra = f",{r.number},{s.table}" if columns else ""
                rows.append(f"{b},{n},{so},{e},{w},{contracts[(b + s.table) % 4]}{extra}")
    return rows


def test_individual_movement_checks_every_line(tmp_path: Path) -> None:
    """individual --movement: a player in a seat the schedule gives another, a board the movement has not are said
    at their file, line and column with what the movement expected, exit 2; the right lines score as without it."""
    rows = _travellers(whist(8, 2))
    good = tmp_path / "good.csv"
    good.write_text("\n".join(rows) + "\n", encoding="utf-8")
    plain = runner.invoke(app, ["individual", str(good), "-f", "json"])
    checked = runner.invoke(app, ["individual", str(good), "-f", "json", "--movement", "individual-8"])
    assert checked.exit_code == 0 and json.loads(checked.stdout) == json.loads(plain.stdout)
    assert rows[3] == "1,5,6,7,8,1NT,W,="  # round 1, table 2
    rows[3] = "1,5,6,8,7,1NT,W,="  # East and West written in each other's seats
    rows.append("15,1,2,3,4,4S,N,=")  # a board the 14-board movement has not
    bad = tmp_path / "bad.csv"
    bad.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["individual", str(bad), "--movement", "individual-8"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert (f"{bad}, line 4, column 'east': round 1, table 2: N 5, S 6, E 7, W 8 on boards 1–2: player 8 did not "
            "sit there; the line is left out") in said  # fmt: skip
    assert f"{bad}, line 4, column 'west'" in said
    assert f"{bad}, line 30, column 'board': board 15 is not in the movement (its boards: 1–14)" in said
    dutch = runner.invoke(app, ["individual", str(bad), "--movement", "individual-8", "--lang", "nl"])
    assert "ronde 1, tafel 2: N 5, Z 6, O 7, W 8 op de spellen 1–2: speler 8 zat daar niet" in dutch.output
    skipped = runner.invoke(app, ["individual", str(bad), "--movement", "individual-8", "--skip-invalid", "-f", "json"])
    assert skipped.exit_code == 0


def test_individual_movement_uses_the_round_and_table_columns(tmp_path: Path) -> None:
    """Where the file says round and table (Bridgemate's ReceivedData), a board that table did not have is said."""
    rows = _travellers(whist(8, 2), columns=True)
    assert rows[1].endswith(",1,1")
    rows[1] = rows[1][: -len(",1,1")] + ",2,1"  # written as round 2, where table 1 plays boards 3–4
    path = tmp_path / "rounds.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["individual", str(path), "--movement", "individual-8"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert "line 2, column 'board': round 2, table 1:" in said and "board 1 was not played there" in said


def test_each_kind_of_event_refuses_the_other_kind_of_movement() -> None:
    data = Path(__file__).parent / "data" / "individual" / "three-tables.csv"
    pairs = runner.invoke(app, ["individual", str(data), "--movement", "howell-4"])
    assert pairs.exit_code == 2 and "a pairs movement" in pairs.output
    travellers = Path(__file__).parent.parent / "src" / "bridgescore" / "examples" / "club-evening.csv"
    individual = runner.invoke(app, ["score", str(travellers), "--movement", "individual-8"])
    assert individual.exit_code == 2 and "an individual movement (four players a table)" in individual.output


def test_individual_movement_says_a_result_missing(tmp_path: Path) -> None:
    rows = _travellers(whist(8, 2))
    assert rows[6].startswith("4,1,")  # round 2, table 1: boards 3 and 4
    del rows[6]  # board 4 of round 2, table 1 not entered
    path = tmp_path / "missing.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["individual", str(path), "--movement", "individual-8"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert f"{path}: round 2, table 1: N 1, S 6, E 5, W 2 on boards 3–4: no result for board 4" in said
