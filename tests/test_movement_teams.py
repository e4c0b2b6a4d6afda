"""Teams' two-room schedules on the movement model (issue 21): the round robin by the Berger tables, each match in
two rooms, shown, checked and written as any movement."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.movement import Movement, PairRef
from bridgescore.movement.files import dumps, loads, resolve
from bridgescore.movement.teams import berger, round_robin
from bridgescore.movement.validate import validate

runner = CliRunner()

#: The Berger tables as published (Chris Fox, "Berger Tables", c.w.fox.tripod.com/chess/berger.html; the same as
#: the Crenshaw–Berger tables and FIDE Handbook C.05 Annex 1): each round's matches, home team first.
PUBLISHED = {
    4: "1-4 2-3 / 4-3 1-2 / 2-4 3-1",
    6: "1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / 3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / "
    "4-8 5-3 6-2 7-1",
    10: "1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / 10-7 8-6 9-5 1-4 2-3 / "
    "3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / 4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / "
    "5-10 6-4 7-3 8-2 9-1",
}


@pytest.mark.parametrize("teams", sorted(PUBLISHED))
def test_the_round_robin_is_the_published_berger_tables(teams: int) -> None:
    published = tuple(
        tuple(tuple(int(t) for t in match.split("-")) for match in rnd.split()) for rnd in PUBLISHED[teams].split(" / ")
    )
    assert berger(teams) == published


@pytest.mark.parametrize("teams", range(4, 31, 2))
def test_every_round_robin_is_two_rooms_a_match_and_holds_the_validators_properties(teams: int) -> None:
    movement = round_robin(teams, 3)
    report = validate(movement)
    assert report.ok, [p.key for p in report.properties if not p.ok]
    (section,) = movement.sections
    assert section.per_direction and len(section.rounds) == teams - 1
    met: set[frozenset[int]] = set()
    for rnd in section.rounds:
        assert len(rnd.stands) == teams and len({s.boards for s in rnd.stands}) == 1  # every match the same boards
        for open_room, closed in zip(rnd.stands[::2], rnd.stands[1::2], strict=True):
            assert open_room.ns is not None and open_room.ew is not None
            home, away = open_room.ns.number, open_room.ew.number
            assert (closed.ns, closed.ew) == (PairRef(away, "NS"), PairRef(home, "EW"))  # the closed room
            met.add(frozenset((home, away)))
    assert len(met) == teams * (teams - 1) // 2  # every team meets every other once


def test_movement_show_and_check_a_teams_round_robin_by_name() -> None:
    shown = runner.invoke(app, ["movement", "show", "teams-4", "-k", "4"])
    assert shown.exit_code == 0, shown.output
    assert "Movement teams-4 (teams): 4 tables, 3 rounds, 4 boards a round, 12 boards" in shown.output
    round_1 = shown.output.split("Round 1")[1].split("Round 2")[0].split()
    assert round_1 == ["Table", "NS", "EW", "Boards", "1", "1", "4", "1-4", "2", "4", "1", "1-4", "3", "2", "3",
                       "1-4", "4", "3", "2", "1-4"]  # fmt: skip
    assert runner.invoke(app, ["movement", "check", "teams-8"]).exit_code == 0
    too_many = runner.invoke(app, ["movement", "show", "teams-31"])
    assert too_many.exit_code == 2 and "for 3 to 30 teams" in too_many.output
    dutch = runner.invoke(app, ["movement", "show", "teams-31", "--lang", "nl"])
    assert dutch.exit_code == 2 and "voor 3 tot 30 teams" in dutch.output


def test_a_round_robin_is_written_and_read_back() -> None:
    movement = resolve("teams-6", boards_per_round=2).movement
    assert movement is not None and movement.family == "teams"
    back, problems = loads(dumps(movement, "json"), "teams.json")
    assert back == movement, problems
    back, problems = loads(dumps(movement, "csv"), "teams.csv")  # the CSV has no set numbers: the rest is kept
    assert back is not None and not problems

    def seats(m: Movement) -> list[tuple[int, int, PairRef | None, PairRef | None, frozenset[int]]]:
        return [(r.number, s.table, s.ns, s.ew, s.boards) for r in m.sections[0].rounds for s in r.stands]

    assert seats(back) == seats(movement)


def test_a_round_robins_cards_call_its_duplicated_boards_no_relay() -> None:
    """Every match of a round plays the same boards, duplicated: the cards say no relay (boards passed between
    tables), which a director would set up wrongly."""
    from bridgescore.movement.cards import cards

    movement = round_robin(4, 2)
    table = cards(movement, "table", "en")[0]
    assert table.title == "Table 1" and table.notes == ()
    assert table.rows[0] == ("1", "1", "4", "1-2", "3 NS", "2 EW", "-")  # team 1's NS pair goes to table 3
    assert not any("shared" in row[3] for card in cards(movement, "boards", "en") for row in card.rows)


def test_score_and_check_take_a_teams_round_robin_by_name(tmp_path: Path) -> None:
    """``--movement teams-4`` is fitted to the travellers like any name (it was made again by the pairs generators'
    names, which know no teams-N) and every line checked against it."""
    from test_against_movement import traveller_lines

    path = tmp_path / "teams.csv"
    path.write_text("\n".join(traveller_lines(round_robin(4, 3))) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["check", "--movement", "teams-4", str(path)])
    assert res.exit_code == 0, res.output
    assert "--movement teams-4: 3 boards a round (boards 1–9)" in res.output


def test_a_swiss_events_pairings_as_a_movement() -> None:
    """The rounds ``teams pair-round`` made, on the same model: each match two rooms, the home (higher ranked) team
    North-South in the open room; team ids kept as numbers, or numbered in ranking order and named in the notes;
    a bye's team sits out, both its pairs: the team's bye, which the validator allows and reports."""
    from bridgescore.movement.files import dumps as dump
    from bridgescore.teams.pairing import Entry, pair_round
    from bridgescore.teams.schedule import pairings_movement

    first = pair_round([Entry(str(t), 0.0) for t in range(1, 7)])
    vps = {"1": 15.0, "2": 5.0, "3": 12.0, "4": 8.0, "5": 10.0, "6": 10.0}
    met = {
        t: frozenset({x.home if x.away == t else x.away for x in first.tables if t in (x.home, x.away)}) for t in vps
    }
    second = pair_round([Entry(t, vps[t], met=met[t]) for t in vps])
    movement = pairings_movement([first, second], 4)
    assert movement.family == "teams" and movement.rounds == 2 and movement.boards == 8
    assert validate(movement).ok
    for pairing, rnd in zip((first, second), movement.sections[0].rounds, strict=True):
        for m, table in enumerate(pairing.tables):
            open_room, closed = rnd.stands[2 * m], rnd.stands[2 * m + 1]
            home, away = int(table.home), int(table.away)
            assert (open_room.ns, open_room.ew) == (PairRef(home, "NS"), PairRef(away, "EW"))
            assert (closed.ns, closed.ew) == (PairRef(away, "NS"), PairRef(home, "EW"))
    assert not movement.notes and loads(dump(movement, "json"), "swiss.json")[0] == movement
    named = pair_round([Entry(t, v) for t, v in (("Lions", 3.0), ("Tigers", 2.0), ("Bears", 1.0), ("Owls", 0.0))])
    by_name = pairings_movement([named], 2)
    assert dict(by_name.notes) == {"team.1": "Lions", "team.2": "Tigers", "team.3": "Bears", "team.4": "Owls"}
    odd_first = pair_round([Entry(str(t), float(t)) for t in range(1, 6)])
    assert odd_first.bye is not None
    odd_second = pair_round(
        [Entry(str(t), float(t), byes=int(str(t) == odd_first.bye), met=frozenset(
            {x.home if x.away == str(t) else x.away for x in odd_first.tables if str(t) in (x.home, x.away)}))
         for t in range(1, 6)]
    )  # fmt: skip
    report = validate(pairings_movement([odd_first, odd_second], 2))
    assert report.ok and [b.team for b in report.byes] == [int(odd_first.bye), int(odd_second.bye or 0)]
