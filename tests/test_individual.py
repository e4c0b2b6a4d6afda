"""Individual events (issue 9): each board scored as in a pairs event, each player ranked on their own.

The hand-made event ``tests/data/individual/three-tables.csv``: 12 players at 3 tables, 3 boards, every player
with a different partner on each board.  Worked by hand (matchpoints 2 per score beaten, 1 per tie, top 4):

=====  ==========================  ==========================  ==========================
board  table 1                     table 2                     table 3
=====  ==========================  ==========================  ==========================
1      1-2 v 3-4: +420 → 2 / 2     5-6 v 7-8: +450 → 4 / 0     9-10 v 11-12: -50 → 0 / 4
2      1-6 v 11-4: -110 → 2 / 2    5-10 v 3-8: -140 → 0 / 4    9-2 v 7-12: +50 → 4 / 0
3      1-8 v 6-11: +120 → 4 / 0    5-12 v 2-3: +90 → 2 / 2     9-4 v 10-7: -110 → 0 / 4
=====  ==========================  ==========================  ==========================

Players 1, 2, 3, 8: 8 of 12 (66.67 %, place 1=); 5, 6, 11, 12: 6 (50 %, 5=); 4, 7, 9, 10: 4 (33.33 %, 9=).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.problems import FieldKind, Severity
from bridgescore.individual import score_individual, seatings
from bridgescore.io import csv as traveller_csv
from bridgescore.io import load_event, usebio
from reference_data import reference_path

DATA = Path(__file__).resolve().parent / "data" / "individual"
THREE = DATA / "three-tables.csv"
EBU_INDIVIDUAL = "events/usebio-ebu-examples/original/individual.xml"
runner = CliRunner()


def _ranking(event: Event) -> list[tuple[str, str, int, float]]:
    (standing,) = score_individual(event).standings
    return [(e.place_label, e.player, e.boards, round(e.percent or 0.0, 2)) for e in standing.entries]


def test_the_hand_made_three_table_individual_ranks_each_player_as_worked_by_hand() -> None:
    ranking = _ranking(load_event(THREE))
    assert ranking == [
        ("1=", "1", 3, 66.67), ("1=", "2", 3, 66.67), ("1=", "3", 3, 66.67), ("1=", "8", 3, 66.67),
        ("5=", "5", 3, 50.0), ("5=", "6", 3, 50.0), ("5=", "11", 3, 50.0), ("5=", "12", 3, 50.0),
        ("9=", "4", 3, 33.33), ("9=", "7", 3, 33.33), ("9=", "9", 3, 33.33), ("9=", "10", 3, 33.33),
    ]  # fmt: skip
    (standing,) = score_individual(load_event(THREE)).standings
    first = standing.entries[0]
    assert (first.total, first.maximum) == (8.0, 12.0)


def test_the_command_ranks_players_never_pairs_in_json() -> None:
    result = runner.invoke(app, ["individual", str(THREE), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["schema"] == "bridgescore.individual/1"
    (standing,) = data["standings"]
    players = [e["player"] for e in standing["entries"]]
    assert sorted(players, key=int) == [str(n) for n in range(1, 13)]
    assert standing["entries"][0] == {
        "place": 1, "place_label": "1=", "section": "", "player": "1", "name": "", "boards": 3, "total": 8,
        "unfactored_total": 8, "maximum": 12, "percent": 66.666667, "average": None,
    }  # fmt: skip
    board_1 = data["boards"][0]
    first_line = board_1["results"][0]
    assert (first_line["north"], first_line["south"], first_line["east"], first_line["west"]) == ("1", "2", "3", "4")
    assert (first_line["ns_points"], first_line["ew_points"]) == (2, 2)


def test_names_file_with_player_numbers_and_a_player_the_event_lacks() -> None:
    result = runner.invoke(app, ["individual", str(THREE), "--names", str(DATA / "names.csv"), "-f", "csv"])
    assert result.exit_code == 0, result.output
    rows = result.stdout.splitlines()
    assert rows[0] == "section,place,player,name,boards,total,unfactored_total,maximum,percent,average"
    assert rows[1] == ",1=,1,Ann Smith,3,8,8,12,66.666667,"
    assert "names.csv, line 4" in result.stderr and "the event has no player 13" in result.stderr


def test_boards_in_text_show_the_four_players_of_each_line_and_dutch_csv() -> None:
    result = runner.invoke(app, ["individual", str(THREE), "--boards"])
    assert result.exit_code == 0, result.output
    assert "North" in result.stdout and "4S N +1" in result.stdout
    dutch = runner.invoke(app, ["individual", str(THREE), "--boards", "-f", "csv", "--lang", "nl"])
    assert dutch.exit_code == 0, dutch.output
    header, first = dutch.stdout.splitlines()[:2]
    assert header.startswith("lijn;spel;noord;zuid;oost;west;contract;")
    assert first == ";1;1;2;3;4;4S N C;420;;4;2;2;50;50"  # Dutch notation: C for made


def test_the_csv_reader_keeps_the_players_by_seat() -> None:
    event = traveller_csv.loads("board,north,south,east,west,score\n1,Ann,Bob,Cy,Di,420\n", "t.csv")
    (line,) = event.results
    assert (line.ns_pair, line.ew_pair) == ("Ann+Bob", "Cy+Di")  # the pairs as before (BBO's travellers)
    assert {k: line.extra[k] for k in ("north", "south", "east", "west")} == {
        "north": "Ann", "south": "Bob", "east": "Cy", "west": "Di",
    }  # fmt: skip


def test_a_csv_line_missing_a_player_names_that_player_column() -> None:
    event = traveller_csv.loads("board,noord,zuid,oost,west,score\n1,1,,3,4,420\n", "t.csv")
    (problem,) = event.problems
    assert (problem.location.line, problem.location.field) == (2, "zuid")
    assert problem.text() == "South player missing"
    assert problem.describe("nl").endswith("Zuidspeler ontbreekt")


def test_a_player_twice_at_one_table_is_located_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "twice.csv"
    path.write_text(THREE.read_text(encoding="utf-8").replace("1,9,10,11,12,", "1,9,10,11,11,"), encoding="utf-8")
    result = runner.invoke(app, ["individual", str(path)])
    assert result.exit_code == 2
    assert "twice.csv, line 4, column 'west': board 1: player 11 sits in two seats at this table" in result.stderr
    assert "--skip-invalid" in result.stderr
    # going on: the line's result is still compared, player 11 is not credited with it, the others are
    event = load_event(path)
    scored = score_individual(event)
    (standing,) = scored.standings
    by_player = {e.player: e for e in standing.entries}
    assert by_player["11"].boards == 2 and by_player["12"].boards == 2  # 12 was replaced on board 1
    assert by_player["9"].boards == 3 and by_player["9"].total == 4.0  # board 1 still 0 of 4: the -50 compared
    ok = runner.invoke(app, ["individual", str(path), "--skip-invalid", "-f", "csv"])
    assert ok.exit_code == 0, ok.output


def test_a_player_on_two_lines_of_one_board_counts_on_neither() -> None:
    text = THREE.read_text(encoding="utf-8").replace("1,9,10,11,12,", "1,9,10,11,1,")
    event = traveller_csv.loads(text, "two.csv")
    seats, problems = seatings(event.results)
    (problem,) = problems
    assert (problem.location.line, problem.location.field) == (4, "west")
    assert "player 1 is also on another line of this board (line 2)" in problem.text()
    assert "1" in (seats[0].uncredited if seats[0] else ()) and "1" in (seats[2].uncredited if seats[2] else ())
    (standing,) = score_individual(event).standings
    assert {e.player: e.boards for e in standing.entries}["1"] == 2


_USEBIO = """<?xml version="1.0"?>
<USEBIO Version="1.1"><EVENT EVENT_TYPE="INDIVIDUAL">
<PARTICIPANTS><PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER><PLAYER_NAME>June Howard</PLAYER_NAME></PLAYER></PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><N_PLAYER_NUMBER>1</N_PLAYER_NUMBER><S_PLAYER_NUMBER>2</S_PLAYER_NUMBER>
<E_PLAYER_NUMBER>3</E_PLAYER_NUMBER><W_PLAYER_NUMBER>4</W_PLAYER_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><N_PLAYER_NUMBER>5</N_PLAYER_NUMBER>
<E_PLAYER_NUMBER>7</E_PLAYER_NUMBER><W_PLAYER_NUMBER>8</W_PLAYER_NUMBER><SCORE>450</SCORE></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>
"""


def test_a_usebio_line_missing_a_player_is_located_at_the_seat() -> None:
    event = usebio.loads(_USEBIO, "ind.xml")
    assert event.form == "individual"
    scored = score_individual(event)
    (problem,) = [p for p in scored.problems if p.severity is Severity.ERROR]
    assert problem.location.field == "S_PLAYER_NUMBER" and problem.location.kind is FieldKind.ELEMENT
    assert problem.location.line == 7
    assert problem.text() == "board 1: the line has no South player; the other players are credited with it"
    (standing,) = scored.standings
    by_player = {e.player: e for e in standing.entries}
    assert by_player["5"].percent == 100.0 and by_player["1"].name == "June Howard"
    assert set(by_player) == {"1", "2", "3", "4", "5", "7", "8"}


_PBN_GAME = """[Event "Club individual"]
[Competition "Individuals"]
[Board "{board}"]
[North "{n}"]
[South "{s}"]
[East "{e}"]
[West "{w}"]
[Contract "4S"]
[Declarer "N"]
[Result "{tricks}"]

"""


def test_a_pbn_individual_is_ranked_by_the_players_named_in_its_tags(tmp_path: Path) -> None:
    games = [(1, "Ann", "Bob", "Cy", "Di", 10), (1, "Ed", "Flo", "Gus", "Hal", 9),
             (2, "Ann", "Gus", "Bob", "Hal", 10), (2, "Ed", "Cy", "Flo", "Di", 11)]  # fmt: skip
    path = tmp_path / "ind.pbn"
    path.write_text(
        "".join(_PBN_GAME.format(board=b, n=n, s=s, e=e, w=w, tricks=t) for b, n, s, e, w, t in games),
        encoding="utf-8",
    )
    event = load_event(path)
    assert event.form == "individual"
    ranking = _ranking(event)
    # board 1: Ann-Bob +420 beat Ed-Flo -50 (4S-1 not vulnerable): Ann, Bob, Gus, Hal 100 %, Cy, Di, Ed, Flo 0 %;
    # board 2 (NS vulnerable): Ed-Cy +650 beat Ann-Gus +620: Ed, Cy, Bob, Hal 100 %, Ann, Gus, Flo, Di 0 %
    assert ranking == [
        ("1=", "Bob", 2, 100.0), ("1=", "Hal", 2, 100.0),
        ("3=", "Ann", 2, 50.0), ("3=", "Cy", 2, 50.0), ("3=", "Ed", 2, 50.0), ("3=", "Gus", 2, 50.0),
        ("7=", "Di", 2, 0.0), ("7=", "Flo", 2, 0.0),
    ]  # fmt: skip


def test_a_pairs_event_and_a_teams_event_are_refused_with_the_command_to_use(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,450\n", encoding="utf-8")
    result = runner.invoke(app, ["individual", str(pairs)])
    assert result.exit_code == 2
    assert "`bridgescore score`" in result.stderr and "Traceback" not in result.output
    teams = tmp_path / "teams.pbn"
    teams.write_text(
        '[Event "Match"]\n[Board "1"]\n[HomeTeam "Lions"]\n[VisitTeam "Tigers"]\n[Room "Open"]\n'
        '[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["individual", str(teams)])
    assert result.exit_code == 2
    assert "this is a teams event" in result.stderr and "`bridgescore teams`" in result.stderr


def test_the_ebu_individual_file_is_read_and_ranked_per_player() -> None:
    path = reference_path(EBU_INDIVIDUAL)
    result = runner.invoke(app, ["individual", str(path)])
    # the EBU's sample numbers its players as placeholders (SOURCE.md): player 12 sits North and West at one table
    assert result.exit_code == 2
    assert "line 1320, element 'W_PLAYER_NUMBER': board 19: player 12 sits in two seats at this table" in result.stderr
    result = runner.invoke(app, ["individual", str(path), "--skip-invalid", "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (standing,) = data["standings"]
    entries = {e["player"]: e for e in standing["entries"]}
    assert not any("-" in player for player in entries)  # players, never the "N-S" pairs of the lines
    assert entries["1"]["name"] == "June Howard" and entries["1"]["boards"] == 22
    assert entries["1"]["maximum"] == 220  # 6 results a board: top 10 on the 2/1/0 scale
    assert sum(e["total"] for e in entries.values()) == pytest.approx(
        sum(r["ns_points"] + r["ew_points"] for b in data["boards"] for r in b["results"]) * 2
        - _uncredited_points(data),
    )


def _uncredited_points(data: dict[str, object]) -> float:
    """The points of the seats the EBU sample's doubled players are not credited with (see the problems)."""
    total = 0.0
    boards = data["boards"]
    assert isinstance(boards, list)
    for board in boards:
        lines = board["results"]
        for player in ("11", "12"):
            seats_of = [(r, seat) for r in lines for seat in ("north", "south", "east", "west") if r[seat] == player]
            if len(seats_of) > 1:
                for r, seat in seats_of:
                    total += r["ns_points"] if seat in ("north", "south") else r["ew_points"]
    return total


def test_score_still_refuses_the_ebu_individual_file() -> None:
    path = reference_path(EBU_INDIVIDUAL)
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    assert "individual" in result.stderr and "Traceback" not in result.output


def test_every_message_of_the_individual_package_is_in_the_dutch_catalogue() -> None:
    from bridgescore.core.i18n import translator
    from test_csv_readers_dutch import _literal_messages

    package = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "individual"
    messages = set().union(*(_literal_messages(p) for p in package.glob("*.py")))
    assert len(messages) >= 5
    nl = translator("nl")
    assert [m for m in messages if nl.gettext(m) == m] == []


# --- invariants ----------------------------------------------------------------------------------------------------

_SCORES = st.sampled_from([-200, -100, -50, 90, 110, 120, 140, 420, 450, 620])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_SCORES, min_size=2, max_size=4), min_size=1, max_size=4), st.randoms())
def test_players_share_exactly_the_points_of_the_lines_and_order_does_not_matter(
    boards: list[list[int]], random: object
) -> None:
    """Each line's NS points go to its two NS players and its EW points to its two EW players: the players' totals
    sum to twice the points of the lines; every percentage is within 0–100; shuffling the lines changes nothing."""
    results: list[Result] = []
    for number, scores in enumerate(boards, start=1):
        for table, score in enumerate(scores):
            base = 4 * ((table + number) % len(scores))
            players = [str(base + k + 1) for k in range(4)]
            extra = dict(zip(("north", "south", "east", "west"), players, strict=True))
            results.append(
                Result(number, f"{players[0]}+{players[1]}", f"{players[2]}+{players[3]}", ResultStatus.PLAYED,
                       ns_score=score, extra=extra)
            )  # fmt: skip
    scored = score_individual(Event(tuple(results)))
    (standing,) = scored.standings
    lines = scored.scored.lines
    line_points = float((lines.ns_points + lines.ew_points).sum())
    assert sum(e.total for e in standing.entries) == pytest.approx(2 * line_points)
    assert all(e.percent is not None and -1e-9 <= e.percent <= 100 + 1e-9 for e in standing.entries)
    shuffled = list(results)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    again = score_individual(Event(tuple(shuffled)))
    assert [(e.player, e.place_label, e.total) for e in again.standings[0].entries] == [
        (e.player, e.place_label, e.total) for e in standing.entries
    ]


def test_the_html_page_ranks_players_and_gives_each_a_score_card_from_their_side(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = runner.invoke(app, ["individual", str(THREE), "-f", "html", "-o", str(page), "--lang", "nl"])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org", "")  # self-contained
    assert ">Speler<" in html and ">Paar<" not in html
    assert html.count('id="player-') == 12
    # player 8's card: board 1 EW against 5+6 (0 of 4), board 2 EW (4), board 3 NS with player 1 (4): running 8
    card = html[html.index('id="player-8"') : html.index('id="player-5"')]
    assert [m for m in ("-450", "+140", "+120") if m in card] == ["-450", "+140", "+120"]
    assert card.count('data-field="running"') == 3 and '<td class="num" data-field="running">8</td>' in card


def test_a_csv_of_players_who_change_partners_is_an_individual_and_score_refuses_it() -> None:
    assert load_event(THREE).form == "individual"
    assert load_event(THREE).form_sign == "north, south, east, west"
    result = runner.invoke(app, ["score", str(THREE)])
    assert result.exit_code == 2 and "individual event (north, south, east, west)" in result.stderr


def test_a_csv_of_fixed_partnerships_with_one_substitute_stays_a_pairs_event() -> None:
    """BBO's pairs travellers name each pair by its two players; a substitute breaks one partnership only."""
    text = (
        "board,north,south,east,west,score\n"
        "1,Ann,Bob,Cy,Di,420\n1,Ed,Flo,Gus,Hal,450\n"
        "2,Ann,Bob,Gus,Hal,-50\n2,Ed,Flo,Cy,Di,-100\n"
        "3,Ann,Sub,Ed,Flo,110\n3,Gus,Hal,Cy,Di,140\n"
    )
    assert traveller_csv.loads(text, "bbo.csv").form == "pairs"
