"""An individual on columns (issue 19): what the columnar steps keep of the line-by-line ones.

The 1,000,000-line individual's output is held byte for byte by tests/test_perf_golden.py; these tests hold the
parts that made it fast: one file's table and players kept as they are by ``Event.merge`` (a copy recoded every
column and lost what was worked out while reading), each player's sums on their keys equal to the loop's, and
``seated_players`` on columns giving the players, the numbers' first lines and the warnings as the lines say.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bridgescore.core.event import Event
from bridgescore.core.players import Player
from bridgescore.core.problems import Severity
from bridgescore.core.table import ResultTable, pair_codes
from bridgescore.individual.engine import _sums, _sums_on_columns
from bridgescore.individual.seats import seat_columns, seatings
from bridgescore.io import csv as traveller_csv
from bridgescore.io import load_event
from bridgescore.io.members import seated_players
from bridgescore.pairs.scored import score_event

THREE = Path(__file__).parent / "data" / "individual" / "three-tables.csv"


def test_one_file_keeps_its_table_and_players_through_the_merge() -> None:
    read = load_event(THREE)
    event = replace(Event.from_table(ResultTable.from_results(tuple(read.results))), players=read.players)
    table = event.table
    pair_codes(table)  # worked out while reading: scoring asks again
    merged = Event.merge([event])
    assert merged.table is table and "pairs" in merged.table._derived
    assert merged.players is event.players and len(merged.players) == len(read.players) > 0


def test_each_players_sums_on_columns_are_the_loops_to_the_last_bit() -> None:
    event = load_event(THREE)
    columnar = Event.from_table(ResultTable.from_results(tuple(event.results)))
    results = columnar.results
    columns = seat_columns(results)
    assert columns is not None
    scored = score_event(columnar)
    assert _sums_on_columns(scored, columns) == _sums(scored, results, seatings(results)[0])
    assert list(_sums_on_columns(scored, columns)) == list(_sums(scored, results, seatings(results)[0]))


def test_seated_players_on_columns_with_sections_numbers_and_a_change_of_players() -> None:
    text = (
        "section,board,ns,ew,score,n_number,s_number,e_number,w_number,north,south\n"
        "A,1,1,2,420, 1001,1002,1003,1004,Ann,Bob\n"
        "A,2,1,2,-50,1001,1002,1003,1005,Ann,Bob\n"  # pair 2 with another West: said, the first kept
        "A,3,2,1,100,1003,1004,1002,1001,,\n"  # pair 1 without its names (and seats swapped): said
        "B,1,1,2,420,2001,2002,,2004,Cy,Di\n"  # EW of B has one player: no pair, 2004 still located
        "A,4,1,2,420,1001,1002,1003,1006,Ann,Bob\n"  # a second change: said against line 3
        "A,5,2,1,100,1004,1003,1002,1001,,\n"  # pair 2 in other seats, pair 1 as on line 4: nothing said
    )
    event = traveller_csv.loads(text, "t.csv")
    players, sources, problems = seated_players(event)
    assert list(players) == ["A:1", "A:2", "B:1"]
    assert players["A:1"] == (Player("1001", "Ann"), Player("1002", "Bob"))
    assert players["A:2"] == (Player("1003"), Player("1004"))
    assert players["B:1"] == (Player("2001", "Cy"), Player("2002", "Di"))
    assert [(n, w.line, w.field) for n, w in sources.items()] == [
        ("1001", 2, "n_number"), ("1002", 2, "s_number"), ("1003", 2, "e_number"), ("1004", 2, "w_number"),
        ("1005", 3, "w_number"), ("2001", 5, "n_number"), ("2002", 5, "s_number"), ("2004", 5, "w_number"),
        ("1006", 6, "w_number"),
    ]  # fmt: skip
    assert all(p.severity is Severity.WARNING for p in problems)
    assert [str(p) for p in problems] == [
        "t.csv, line 3: warning: pair A:2 is 1003 & 1005 on this line but 1003 & 1004 on line 2; the players of "
        "line 2 are kept",
        "t.csv, line 4: warning: pair A:1 is 1002 & 1001 on this line but 1001 & 1002 on line 2; the players of "
        "line 2 are kept",
        "t.csv, line 6: warning: pair A:2 is 1003 & 1006 on this line but 1003 & 1004 on line 3; the players of "
        "line 3 are kept",
    ]
