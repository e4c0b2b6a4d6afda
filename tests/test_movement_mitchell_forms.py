"""The Mitchell forms issue 21 still missed: the EBU's appendix Mitchell (a core circuit of 13 tables, the others
appended beside it) and The Bridge Guys' 1½-table appendix Mitchell (a half table without a phantom) for every
table count they are built for, compared with the published descriptions; and the odd-pair forms (1½-table
appendix, rover, bump) that ``movement suggest`` lists besides the phantom forms, by its stated measure."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.movement import MovementError, PairRef
from bridgescore.movement.generate import (
    APPENDIX_CORE,
    APPENDIX_TABLES,
    MAX_TABLES,
    MIN_TABLES,
    appendix_mitchell,
    by_name,
    catalogue,
    half_table_appendix_mitchell,
    parse_name,
)
from bridgescore.movement.suggest import suggest
from bridgescore.movement.validate import validate

APPENDIX = range(APPENDIX_TABLES[0], APPENDIX_TABLES[1] + 1)

#: Round 2 of the 16-table appendix Mitchell, worked out by hand from the published description (tables 14, 15 and
#: 16 appended beside 1, 2 and 3; NS 1–3 and EW 14–16 stay; the boards down one table, the moving NS pairs up one
#: place – to the appended table at a dual place – and the moving EW pairs down two – to the core table there):
#: table, NS, EW, set.
ROUND_2_OF_16 = """
    1 1 3 2    2 2 4 3    3 3 5 4    4 16 6 5    5 4 7 6    6 5 8 7    7 6 9 8    8 7 10 9
    9 8 11 10  10 9 12 11  11 10 13 12  12 11 1 13  13 12 2 1  14 13 14 2  15 14 15 3  16 15 16 4
"""


def _by_the_description(tables: int) -> dict[tuple[int, int], tuple[int, int, int]]:
    """The appendix Mitchell played out move by move as the EBU's Pairs Scorer manual and The Bridge Guys describe
    it (not by the generator's formulas): round 1 NS t v EW t on set t (an appended table 13 + k on table k's set);
    after each round the boards go down one table of the core circuit, the moving NS pairs up one place and the
    moving EW pairs down two, each keeping to its own side of a dual place (NS to the appended table, where the EW
    pair stays; EW to the core table, where the NS pair stays).  (round, table) → (NS, EW, set)."""
    core, appended = APPENDIX_CORE, tables - APPENDIX_CORE
    ns_place = {n: n for n in range(appended + 1, core + 1)} | {core + k: k for k in range(1, appended + 1)}
    ew_place = {e: e for e in range(1, core + 1)}
    set_place = {s: s for s in range(1, core + 1)}
    seats: dict[tuple[int, int], tuple[int, int, int]] = {}
    for rnd in range(1, core + 1):
        at_place = {place: s for s, place in set_place.items()}
        for k in range(1, appended + 1):  # the dual places: the stationary pairs and the shared boards
            seats[(rnd, k)] = (k, next(e for e, p in ew_place.items() if p == k), at_place[k])
            seats[(rnd, core + k)] = (next(n for n, p in ns_place.items() if p == k), core + k, at_place[k])
        for place in range(appended + 1, core + 1):
            ns = next(n for n, p in ns_place.items() if p == place)
            ew = next(e for e, p in ew_place.items() if p == place)
            seats[(rnd, place)] = (ns, ew, at_place[place])
        ns_place = {n: p % core + 1 for n, p in ns_place.items()}
        ew_place = {e: (p - 3) % core + 1 for e, p in ew_place.items()}
        set_place = {s: (p - 2) % core + 1 for s, p in set_place.items()}
    return seats


@pytest.mark.parametrize("tables", APPENDIX)
def test_appendix_mitchell_as_the_ebu_describes_it(tables: int) -> None:
    """mitchell-T-appendix for 14 to 26 tables: seat for seat and set for set the movement the description plays
    out; 13 rounds, 13 NS and 13 EW pairs moving and the others staying at the dual tables, each appended table on
    its neighbour's boards in every round; the validator's required properties hold, nobody meets a pair twice,
    every pair plays all 13 sets and each line is perfectly balanced; with -arrow one field, with -phantom (the
    stationary EW T) one pair out a round; curtailed to -rN."""
    name = f"mitchell-{tables}-appendix"
    movement = by_name(name, 2)
    assert movement.name == name and movement.family == "mitchell" and movement.rounds == APPENDIX_CORE
    assert parse_name(name).full_rounds == APPENDIX_CORE and name in set(catalogue())
    section = movement.sections[0]
    played = {(r.number, s.table): (s.ns.number, s.ew.number, s.board_set) for r in section.rounds
              for s in r.stands if s.ns and s.ew and s.board_set}  # fmt: skip
    assert played == _by_the_description(tables)
    moving_ns = {s.ns for r in section.rounds for s in r.stands} - {section.rounds[0].stand(k).ns  # type: ignore[union-attr]
                                                                     for k in range(1, tables - 12)}  # fmt: skip
    assert len(moving_ns) == APPENDIX_CORE
    for r in section.rounds:
        for k in range(1, tables - APPENDIX_CORE + 1):
            core, appended = r.stand(k), r.stand(APPENDIX_CORE + k)
            assert core is not None and appended is not None and core.boards == appended.boards
            assert core.ns == PairRef(k, "NS") and appended.ew == PairRef(APPENDIX_CORE + k, "EW")
    report = validate(movement)
    assert report.ok and report.property("meetings").ok, [str(f) for p in report.properties for f in p.findings[:3]]
    assert {m.boards for m in report.pairs} == {2 * APPENDIX_CORE}
    assert [f.balance for f in report.fields] == [100.0, 100.0]
    assert len(validate(by_name(f"{name}-arrow")).fields) == 1
    ghost = by_name(f"{name}-phantom")
    assert ghost.sections[0].phantom == PairRef(tables, "EW") and validate(ghost).ok
    for r in ghost.sections[0].rounds:  # besides the phantom, the NS pair that comes to its table
        assert len(set(ghost.sections[0].sit_outs(r.number)) - {PairRef(tables, "EW")}) == 1
    assert by_name(f"{name}-r10").rounds == 10


def test_appendix_mitchell_round_2_of_16_tables_by_hand() -> None:
    """Round 2 of the 16-table appendix Mitchell as worked out by hand from the description (ROUND_2_OF_16)."""
    numbers = [int(x) for x in ROUND_2_OF_16.split()]
    expected = [tuple(numbers[i : i + 4]) for i in range(0, len(numbers), 4)]
    stands = appendix_mitchell(16, 1).sections[0].rounds[1].stands
    assert [(s.table, s.ns.number, s.ew.number, s.board_set) for s in stands if s.ns and s.ew] == expected


@pytest.mark.parametrize("name", ["mitchell-13-appendix", "mitchell-27-appendix", "mitchell-16-appendix-bump",
                                  "howell-16-appendix", "mitchell-16-appendix-r14"])  # fmt: skip
def test_appendix_mitchell_out_of_range_is_refused_in_words(name: str) -> None:
    """A size or a combination the appendix Mitchell does not have is a MovementError that says why (the command
    line prints it, exit 2), never a schedule."""
    with pytest.raises(MovementError):
        by_name(name)


def test_suggest_lists_the_rover_and_bump_mitchells_after_the_phantom_forms() -> None:
    """17 pairs, 24 boards (the issue's example): the 8-table rover Mitchell of 8 rounds of 3 plays exactly 24 boards
    in full, and is listed – after the phantom forms and the 1½-table appendix Mitchell (ranked with them) that play
    24 boards (the EBU runs 8½ tables as the 9-table movement with a pair missing, and keeps the rover for a late
    pair), before anything further from 24 boards; the bump Mitchell (7 rounds: its last round cannot be played)
    curtailed to 6 rounds of 4 with them.  Each is what it says: 8 tables, 17 pairs, one sitting out each round, no
    phantom."""
    found = suggest(17, 24)
    names = [s.name for s in found]
    assert names[:9] == [
        "howell-9-phantom-r12", "mitchell-8-half-arrow-r6", "hesitation-9-phantom-r8", "mitchell-9-arrow-phantom-r8",
        "howell-9-3q-phantom-r12", "mitchell-9-phantom-r8", "mitchell-8-half-r6", "mitchell-8-relay-arrow-rover",
        "mitchell-8-relay-rover",
    ]  # fmt: skip
    assert "mitchell-8-skip-bump-r6" in names[:13] and all(s.boards_off == 0 for s in found[:13])
    assert found[13].boards_off > 0 and not any(s.displaced for s in found[:7])
    rover = found[7]
    assert (rover.tables, rover.rounds, rover.boards_per_round, rover.sit_out, rover.curtailed) == (8, 8, 3, 1, False)
    movement = by_name(rover.name, rover.boards_per_round)
    section = movement.sections[0]
    assert len(section.pairs()) == 17 and section.phantom is None
    assert all(len(section.sit_outs(r.number)) == 1 for r in section.rounds) and validate(movement).ok


@pytest.mark.parametrize("pairs", [9, 13, 17, 21, 27])
def test_odd_pair_counts_get_their_displacement_forms(pairs: int) -> None:
    """Odd counts of 9 to 27 pairs (4½ to 13½ tables) with 2-board rounds: the bump Mitchell of ⌊pairs/2⌋ tables in
    full (T-1 rounds) is suggested for 2·(T-1) boards, and from 6½ to 15½ tables the rover Mitchell in full (T
    rounds) for 2·T boards; every displacement form listed seats the pairs at ⌊pairs/2⌋ tables with one pair out a
    round, in one section, and comes after every phantom form as close to the boards asked for (the measure's
    third rule)."""
    tables = pairs // 2
    bump = f"mitchell-{tables}-bump" if tables % 2 else f"mitchell-{tables}-skip-bump"
    rover = f"mitchell-{tables}-rover" if tables % 2 else f"mitchell-{tables}-relay-rover"
    listed = [suggest(pairs, 2 * (tables - 1))]
    assert any(s.name == bump and s.boards_per_round == 2 for s in listed[0]), [s.name for s in listed[0]]
    if 6 <= tables <= 15:
        listed.append(suggest(pairs, 2 * tables))
        assert any(s.name == rover and s.boards_per_round == 2 for s in listed[1]), [s.name for s in listed[1]]
    for found in listed:
        for i, s in enumerate(found):
            if s.displaced:
                assert s.tables == tables and s.sit_out == 1 and s.sections == 1
                later = found[i + 1 :]
                assert not any(not t.displaced and t.measure[:2] == s.measure[:2] for t in later), (s.name, pairs)


def test_every_displacement_form_suggest_prints_is_shown_and_said_in_json() -> None:
    """The rover and bump names `movement suggest` prints for 15 pairs and 24 boards (the first four) are taken by
    `movement show` (exit 0, the odd pair in the schedule); the JSON says which suggestions displace a pair
    (measure.displaced), and no phantom form does."""
    runner = CliRunner()
    for pairs, boards in ((15, 24),):
        result = runner.invoke(app, ["movement", "suggest", "-p", str(pairs), "-b", str(boards), "-f", "json"])
        assert result.exit_code == 0, result.output
        rows = json.loads(result.output)
        displaced = [row for row in rows if row["measure"]["displaced"]]
        assert displaced and all(("rover" in r["name"]) != ("bump" in r["name"]) for r in displaced)
        assert all(row["tables"] == pairs // 2 and row["sit_out"] == 1 for row in displaced)
        assert not any(row["measure"]["displaced"] for row in rows if "phantom" in row["name"])
        for row in list({row["name"]: row for row in displaced}.values())[:4]:
            shown = runner.invoke(app, ["movement", "show", row["name"], "-k", str(row["boards_per_round"])])
            assert shown.exit_code == 0 and f"NS {pairs // 2 + 1}" in shown.output, (row["name"], shown.output)


def _half_table_by_the_description(tables: int) -> dict[tuple[int, int], tuple[int, int | None, int]]:
    """The 1½-table appendix Mitchell of ``tables``½ tables played out move by move as The Bridge Guys describe it
    (not by the generator's formulas): a Mitchell of ``tables - 1`` tables, table ``tables`` beside table 1 on its
    boards; NS stay; the EW pairs, the half table's pair ``tables + 1`` starting at the bye table, move "as if
    they were in a straight ``tables + 1`` table Mitchell, moving up one table at each change and going to table 1
    after the bye table", skipping one more after round ``(tables - 1) / 2`` for an even base; the boards "as
    though they were in a standard ``tables - 1`` table Mitchell", down one, to the last table of the base after
    table 1.  (round, table) → (NS, EW, set)."""
    base = tables - 1
    ew_at = {t: t for t in range(1, tables + 2)}  # EW pair → its table, tables + 1 being the bye table
    set_at = {s: s for s in range(1, base + 1)}  # set → the base table it is on
    seats: dict[tuple[int, int], tuple[int, int | None, int]] = {}
    for rnd in range(1, base + 1):
        on_table = {t: s for s, t in set_at.items()}
        for table in range(1, tables + 1):
            ew = next((e for e, t in ew_at.items() if t == table), None)
            seats[(rnd, table)] = (table, ew, on_table[1 if table == tables else table])
        step = 2 if base % 2 == 0 and rnd == base // 2 else 1
        ew_at = {e: (t - 1 + step) % (tables + 1) + 1 for e, t in ew_at.items()}
        set_at = {s: (t - 2) % base + 1 for s, t in set_at.items()}
    return seats


@pytest.mark.parametrize("tables", range(MIN_TABLES + 1, MAX_TABLES + 1))
def test_half_table_appendix_mitchell_as_the_bridge_guys_describe_it(tables: int) -> None:
    """mitchell-T-half for 4½ to 30½ tables: seat for seat and set for set the movement the description plays out;
    2T+1 pairs, T-1 rounds and sets, one pair (at the bye table) out each round and no phantom; the validator's
    required properties hold and nobody meets a pair twice ("delightfully there is no revenge round"); -arrow one
    field; -rN curtails it."""
    name = f"mitchell-{tables}-half"
    movement = by_name(name, 1)
    assert movement.name == name and movement.rounds == tables - 1 == parse_name(name).full_rounds
    assert name in set(catalogue())
    section = movement.sections[0]
    assert len(section.pairs()) == 2 * tables + 1 and section.phantom is None
    played = {(r.number, s.table): (s.ns.number, s.ew.number, s.board_set) for r in section.rounds
              for s in r.stands if s.ns and s.ew and s.board_set}  # fmt: skip
    assert played == _half_table_by_the_description(tables)
    assert all(len(section.sit_outs(r.number)) == 1 for r in section.rounds)
    report = validate(movement)
    assert report.ok and report.property("meetings").ok, [str(f) for p in report.properties for f in p.findings[:3]]
    assert len(validate(by_name(f"{name}-arrow")).fields) == 1
    assert by_name(f"{name}-r{tables - 2}").rounds == tables - 2


def test_half_table_appendix_mitchell_of_10_and_a_half_tables() -> None:
    """The Bridge Guys' example, 10½ tables: "the base is 9 tables long, with 3 boards on each table, and table 10
    shares boards with table 1 while the ½ table pair takes number 11 as their pair number and sit out for the
    first round … the number of boards in play is 27"; 9 rounds (the base's tables), and 21 pairs and 27 boards
    are suggested it first (arrow-switched for one winner, then two), as "a very useful movement when the previous
    movements for half table Mitchells produce events of cumbersome or unsuitable length" (11 tables: 33 boards, or
    curtailed)."""
    movement = half_table_appendix_mitchell(10, 3)
    section = movement.sections[0]
    assert movement.rounds == 9 and movement.boards == 27
    for r in section.rounds:
        assert r.stand(10).boards == r.stand(1).boards  # type: ignore[union-attr]
    assert section.sit_outs(1) == (PairRef(11, "EW"),)
    assert section.rounds[1].stand(1).ew == PairRef(11, "EW")  # type: ignore[union-attr]  # after the bye table
    assert section.rounds[1].stand(9).board_set == 1  # type: ignore[union-attr]  # after table 1, to table 9
    assert [s.name for s in suggest(21, 27)[:2]] == ["mitchell-10-half-arrow", "mitchell-10-half"]


@pytest.mark.parametrize("name", ["mitchell-3-half", "mitchell-31-half", "mitchell-10-half-phantom",
                                  "mitchell-10-half-rover", "mitchell-10-half-bump", "howell-10-half"])  # fmt: skip
def test_half_table_appendix_mitchell_refuses_what_it_is_not(name: str) -> None:
    """A size or a combination the 1½-table appendix Mitchell does not have is a MovementError in words."""
    with pytest.raises(MovementError):
        by_name(name)
