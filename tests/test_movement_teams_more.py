"""Teams schedules finished (issue 21): an odd number of teams in ``teams-N`` (a bye each round, a whole team sitting
out), a Swiss round written as a movement file by ``teams pair-round``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.movement import Movement, PairRef, Round, Section, Stand
from bridgescore.movement.cards import cards
from bridgescore.movement.teams import berger, byes, round_robin
from bridgescore.movement.validate import validate

runner = CliRunner()

#: The Berger tables as Chris Fox publishes them ("Berger Tables", c.w.fox.tripod.com/chess/berger.html, the tables
#: of FIDE Handbook C.05 Annex 1): "If there is an odd number of players (or teams), the highest number counts as a
#: bye", the table "5 or 6 Players" and "7 or 8 Players", home team first.
PUBLISHED = {
    5: (6, "1-6, 2-5, 3-4. / 6-4, 5-3, 1-2. / 2-6, 3-1, 4-5. / 6-5, 1-4, 2-3. / 3-6, 4-2, 5-1."),
    7: (
        8,
        "1-8, 2-7, 3-6, 4-5. / 8-5, 6-4, 7-3, 1-2. / 2-8, 3-1, 4-7, 5-6. / 8-6, 7-5, 1-4, 2-3. / 3-8, 4-2, 5-1, 6-7. / "
        "8-7, 1-6, 2-5, 3-4. / 4-8, 5-3, 6-2, 7-1.",
    ),
}


def _published(teams: int) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """The published table's rounds without the bye's match, and the team drawn against the bye in each round."""
    bye_number, text = PUBLISHED[teams]
    rounds, bye = [], []
    for rnd in text.split(" / "):
        matches = [tuple(int(t) for t in m.strip(" .").split("-")) for m in rnd.split(",")]
        rounds.append([(a, b) for a, b in matches if bye_number not in (a, b)])
        bye.extend(a if b == bye_number else b for a, b in matches if bye_number in (a, b))
    return rounds, bye  # type: ignore[return-value]


def test_an_odd_round_robin_is_the_published_berger_table_with_the_highest_number_a_bye() -> None:
    for teams in PUBLISHED:
        rounds, bye = _published(teams)
        assert [list(r) for r in berger(teams)] == rounds
        movement = round_robin(teams, 2)
        (section,) = movement.sections
        assert byes(section) == {r: (t,) for r, t in enumerate(bye, 1)}
        assert [b.team for b in validate(movement).byes] == bye
        for rnd, matches in zip(section.rounds, rounds, strict=True):
            # the matches at tables 1, 2 / 3, 4 … in the table's order, no table left empty for the bye
            seated = [(s.ns.number, s.ew.number) for s in rnd.stands[::2] if s.ns and s.ew]
            assert seated == matches and [s.table for s in rnd.stands] == list(range(1, teams))


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 29), st.integers(1, 4))
def test_every_round_robin_of_3_to_29_teams_holds_the_validators_properties(teams: int, per_round: int) -> None:
    movement = round_robin(teams, per_round)
    report = validate(movement)
    assert report.ok, [(p.key, [str(f) for f in p.findings]) for p in report.properties if not p.ok]
    (section,) = movement.sections
    odd = teams % 2
    assert len(section.rounds) == teams - 1 + odd
    met: Counter[frozenset[int]] = Counter()
    for rnd in section.rounds:
        for open_room, closed in zip(rnd.stands[::2], rnd.stands[1::2], strict=True):
            assert open_room.ns and open_room.ew and closed.boards == open_room.boards
            assert (closed.ns, closed.ew) == (PairRef(open_room.ew.number, "NS"), PairRef(open_room.ns.number, "EW"))
            met[frozenset((open_room.ns.number, open_room.ew.number))] += 1
    assert len(met) == teams * (teams - 1) // 2 and set(met.values()) == {1}  # every two teams meet once
    bye = [b.team for b in report.byes]
    assert sorted(bye) == (list(range(1, teams + 1)) if odd else [])  # each team one bye, in its own round
    for b in report.byes:  # both the team's pairs, and no other, sit out the round
        assert set(section.sit_outs(b.round)) == {PairRef(b.team, "NS"), PairRef(b.team, "EW")}
    for m in report.pairs:
        assert m.sit_outs == odd and m.boards == (teams - 1) * per_round


def test_the_validator_still_catches_a_team_out_where_none_may_be_and_half_a_team_out() -> None:
    """One bye a round where the number of teams is odd, none where it is even, and a team's two pairs together."""
    five = round_robin(5, 2)
    (section,) = five.sections
    # round 1 without its second match too: two teams out in a round of five teams
    cut = Round(1, section.rounds[0].stands[:2])
    two_out = Movement("t", "teams", "", 2, (Section("", (cut, *section.rounds[1:]), per_direction=True),))
    finding = [str(f) for f in validate(two_out).property("pairs-play").findings]
    assert finding == ["section -, round 1: pairs NS 1, NS 3, NS 4, EW 1, EW 3, EW 4 have no table"]
    # an even number: a team out is a failure
    four = round_robin(4, 2)
    (section,) = four.sections
    cut = Round(1, section.rounds[0].stands[:2])
    even = Movement("t", "teams", "", 2, (Section("", (cut, *section.rounds[1:]), per_direction=True),))
    assert not validate(even).ok and validate(even).byes == ()
    # half a team: NS 2 plays, EW 2 does not (its stand's EW pair replaced by the absent team's pair)
    (section,) = five.sections
    first = section.rounds[0]
    swap = {PairRef(2, "EW"): PairRef(1, "EW")}
    stands = [Stand(s.table, s.ns, swap.get(s.ew, s.ew) if s.ew else None, s.boards) for s in first.stands]
    half = Movement("t", "teams", "", 2, (Section("", (Round(1, tuple(stands)), *section.rounds[1:]),
                                                  per_direction=True),))  # fmt: skip
    assert not validate(half).property("pairs-play").ok
    # the same schedule as a Mitchell: two pairs out is not a bye
    mitchell = Movement("m", "custom", "", 2, five.sections)
    assert not validate(mitchell).property("pairs-play").ok and validate(mitchell).byes == ()


def test_three_teams_keep_the_seventy_percent_rule() -> None:
    """Every team of three has a bye, so none plays more than 2 of the 3 sets (67 %): a bye counts as a sit-out."""
    report = validate(round_robin(3, 8))
    assert report.property("seventy-percent").ok and report.ok


def test_show_and_check_say_the_bye_per_round_in_words() -> None:
    shown = runner.invoke(app, ["movement", "show", "teams-5", "-k", "3"])
    assert shown.exit_code == 0, shown.output
    assert "Movement teams-5 (teams): 4 tables, 5 rounds, 3 boards a round, 15 boards" in shown.output
    assert "the highest number, 6, counts as a bye" in shown.output
    said = [line for line in shown.output.splitlines() if line.startswith("Bye")]
    assert said == [f"Bye: team {t} (both its pairs sit out)" for t in (1, 4, 2, 5, 3)]
    assert "Sits out" not in shown.output
    dutch = runner.invoke(app, ["movement", "show", "teams-5", "--lang", "nl"])
    assert "Vrij: team 1 (beide paren zitten uit)" in dutch.output
    checked = runner.invoke(app, ["movement", "check", "teams-7"])
    assert checked.exit_code == 0, checked.output
    block = checked.output.split("Byes (a team sits out the round, both its pairs):\n")[1].split("\n\n")[0]
    assert block.splitlines() == [f"  round {r}: team {t}" for r, t in enumerate((1, 5, 2, 6, 3, 7, 4), 1)]
    as_json = json.loads(runner.invoke(app, ["movement", "check", "teams-3", "-f", "json"]).output)
    assert as_json["ok"] and as_json["byes"] == [
        {"section": "", "round": 1, "team": 1}, {"section": "", "round": 2, "team": 3},
        {"section": "", "round": 3, "team": 2},
    ]  # fmt: skip
    assert "byes" not in json.loads(runner.invoke(app, ["movement", "check", "teams-4", "-f", "json"]).output)
    dutch = runner.invoke(app, ["movement", "check", "teams-3", "--lang", "nl"])
    assert "Vrij (een team zit de ronde uit, beide paren):\n  ronde 1: team 1\n" in dutch.output


def test_the_cards_say_which_team_has_the_bye() -> None:
    movement = round_robin(3, 2)
    guide = {c.title: c for c in cards(movement, "guide", "en")}
    assert guide["Pair NS 1"].rows[0] == ("1", "", "bye", "", "")
    assert guide["Pair EW 1"].notes == ("Team 1 has the bye in round 1: both its pairs sit out.",)
    table = cards(movement, "table", "en")[0]
    # table 1, round 1: NS 2 v EW 3; team 3 has the bye in round 2, so EW 3 goes to its bye
    assert table.rows[0] == ("1", "2", "3", "1-2", "2 NS", "bye", "-")
    assert table.notes == (
        "Byes (the team sits out the round, both its pairs): round 1: team 1, round 2: team 3, round 3: team 2.",
    )
    dutch = {c.title: c for c in cards(movement, "guide", "nl")}
    assert dutch["Paar OW 2"].notes == ("Team 2 heeft vrij in ronde 3: beide paren zitten uit.",)
    assert "bye" not in str(cards(round_robin(4, 2), "table", "en"))  # an even number has none


# --- two sections: every message naming a table, round or pair says which section (issue 21, a director's report)

TWO = "mitchell-5+mitchell-5"


def _two_section_lines() -> list[str]:
    """The travellers of ``TWO`` (sections A and B, 2 boards a round), one line per table, round and board; the
    pairs numbered once in each section (East-West 6–10), as the NBB's and the EBU's programs write them."""
    from bridgescore.movement.generate import by_name

    lines = ["section,board,ns,ew,contract,declarer,result"]
    for section in by_name(TWO, 2).sections:
        for rnd in section.rounds:
            for s in rnd.stands:
                assert s.ns and s.ew
                lines += [f"{section.name},{b},{s.ns.number},{s.ew.number + 5},3NT,N,{6 + (s.ns.number + b) % 5}"
                          for b in sorted(s.boards)]  # fmt: skip
    return lines


def test_score_against_a_two_section_movement_names_the_section(tmp_path: Path) -> None:
    """Round 2's table 3 is in section A and in section B: a message naming only the round and the table sent the
    director to the wrong table.  Section B's line of board 7 at round 2, table 3 (NS 3 v EW 7 on boards 7–8)
    swapped, board 8 there missing; a pair 9 in section A."""
    lines = _two_section_lines()
    at = lines.index("B,7,3,7,3NT,N,6")
    lines[at] = "B,7,7,3,3NT,N,6"
    lines.remove("B,8,3,7,3NT,N,7")
    path = tmp_path / "two.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(app, ["check", "--movement", TWO, str(path)])
    said = " ".join(res.output.split())
    assert res.exit_code == 2, res.output
    assert (f"{path}, line {at + 1}, column 'ns': section B, round 2, table 3: NS 3 v EW 7 on boards 7–8: this line "
            "has NS and EW swapped (NS 7 v EW 3)") in said  # fmt: skip
    assert f"{path}: section B, round 2, table 3: NS 3 v EW 7 on boards 7–8: no result for board 8" in said
    dutch = " ".join(runner.invoke(app, ["check", "--movement", TWO, str(path), "--lang", "nl"]).output.split())
    assert "lijn B, ronde 2, tafel 3: NZ 3 tegen OW 7 op spellen 7–8: op deze regel zijn NZ en OW verwisseld" in dutch
    assert "lijn B, ronde 2, tafel 3: NZ 3 tegen OW 7 op spellen 7–8: geen uitslag voor spel 8" in dutch
    lines = _two_section_lines()
    lines[lines.index("A,1,1,6,3NT,N,8")] = "A,1,1,11,3NT,N,8"  # pair 11 in a section of ten pairs
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = " ".join(runner.invoke(app, ["check", "--movement", TWO, str(path)]).output.split())
    assert "section A, round 1, table 1: NS 1 v EW 6 on boards 1–2: there is no pair 11 in this movement" in said


def test_one_section_keeps_its_messages(tmp_path: Path) -> None:
    """The same mistake in a one-section movement reads as before, without a section."""
    from bridgescore.movement.generate import by_name

    (section,) = by_name("mitchell-5", 2).sections
    lines = ["board,ns,ew,contract,declarer,result"]
    for rnd in section.rounds:
        for s in rnd.stands:
            assert s.ns and s.ew
            lines += [f"{b},{s.ns.number},{s.ew.number + 5},3NT,N,{6 + (s.ns.number + b) % 5}"
                      for b in sorted(s.boards)]  # fmt: skip
    lines.remove("8,3,7,3NT,N,7")
    path = tmp_path / "one.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = " ".join(runner.invoke(app, ["check", "--movement", "mitchell-5", str(path)]).output.split())
    assert f"{path}: round 2, table 3: NS 3 v EW 7 on boards 7–8: no result for board 8" in said


def test_movement_check_of_two_sections_names_the_section_of_each_balance_and_pair() -> None:
    res = runner.invoke(app, ["movement", "check", "mitchell-10-relay-r8+mitchell-10-relay-phantom-r8"])
    assert res.exit_code == 0, res.output
    balance = res.output.split("of its field):\n")[1].split("\n\n")[0].splitlines()
    assert [line.split(":")[0].strip() for line in balance] == [
        "section A, NS", "section A, EW", "section B, NS", "section B, EW"
    ]  # fmt: skip
    table = res.output.split("\n\n")[-2].splitlines()
    assert table[0].split()[:2] == ["Section", "Pair"]
    assert table[1].split()[:3] == ["A", "NS", "1"] and table[-1].split()[:3] == ["B", "EW", "10"]
    dutch = runner.invoke(app, ["movement", "check", "mitchell-7-r3+mitchell-7-r3", "--lang", "nl"]).output
    assert "  lijn B, OW: 18,4%" in dutch and "\nLijn  Paar " in dutch
    one = runner.invoke(app, ["movement", "check", "mitchell-7"]).output
    assert "\n  NS: 100.0%" in one and "\nPair " in one  # one section: as before


# --- the web Mitchell's two copies of the boards are copies, not relays (a director's report)


def test_the_web_mitchells_duplicated_boards_are_called_copies_not_relays() -> None:
    """The web Mitchell plays two copies of its 26 boards (EBU: "two sets of 26 identical boards are needed"): a set
    at two tables in a round is played at each, not passed between them.  The cards called it a relay ("Boards
    shared with table 8 (a relay)"), so a director would set out one copy and have two tables share it."""
    from bridgescore.movement.generate import by_name

    web = by_name("mitchell-14-web", 2)
    assert [s.copies for s in web.sections] == [2]
    tables = cards(web, "table", "en")
    said = [note for card in tables for note in card.notes]
    assert "The other copy of these boards is at table 13 in round 1 (duplicated boards: each table plays its own " \
           "copy)." in tables[0].notes  # fmt: skip
    assert said and not any("relay" in note or "shared" in note for note in said)
    slips = [row[3] for card in cards(web, "boards", "en") for row in card.rows if row[3]]
    assert "copy at table 13" in slips and not any("shared" in note for note in slips)
    assert "kopie aan tafel 13" in [row[3] for card in cards(web, "boards", "nl") for row in card.rows]
    checked = runner.invoke(app, ["movement", "check", "mitchell-14-web"])
    assert "ok  no board is at two tables in a round but where the movement duplicates it (a copy at each)" in (
        checked.output
    )
    assert "relay" not in checked.output
    dutch = runner.invoke(app, ["movement", "check", "mitchell-14-web", "--lang", "nl"]).output
    assert "behalve waar het schema het dupliceert (een kopie op elk)" in dutch
    # a relay Mitchell's shared set is still a relay
    relay = by_name("mitchell-8-relay", 2)
    assert [s.copies for s in relay.sections] == [1]
    assert "Boards shared with table 8 (a relay) in rounds 1-8." in cards(relay, "table", "en")[0].notes
    assert "(a relay)" in runner.invoke(app, ["movement", "check", "mitchell-8-relay"]).output
    # a web section beside a relay section: each said as it is
    both = runner.invoke(app, ["movement", "check", "mitchell-14-web+mitchell-14-relay-r13"]).output
    assert "where they share it (a relay) or the section duplicates it (a copy at each)" in both
    mixed = by_name("mitchell-14-web+mitchell-14-relay-r13", 2)
    assert [s.copies for s in mixed.sections] == [2, 1]


def test_the_copies_are_kept_in_json_and_a_table_file_says_it_cannot_hold_them() -> None:
    from bridgescore.movement.files import loads, write
    from bridgescore.movement.generate import by_name
    from bridgescore.movement.json import dumps as json_dumps
    from bridgescore.movement.json import to_dict

    web = by_name("mitchell-16-web-phantom", 2)
    text = json_dumps(web)
    assert json.loads(text)["sections"][0]["copies"] == 2
    assert loads(text, "web.json")[0] == web
    assert "copies" not in to_dict(by_name("mitchell-8-relay", 2))["sections"][0]  # a file of one copy as before
    bad = json.loads(text)
    bad["sections"][0]["copies"] = 0
    movement, problems = loads(json.dumps(bad), "web.json")
    assert movement is None and "sections[0]" in problems[0].describe() and "at least one copy" in str(problems[0])
    for fmt in ("csv", "bridgemate"):
        written, problems = write(web, fmt)  # type: ignore[arg-type]
        assert written is not None and [p.fields["section"] for p in problems if "two copies" in p.message] == ["A"]
        back, _ = loads(written, f"web.{fmt}")
        assert back is not None and [s.copies for s in back.sections] == [1]  # the file could not say it
    assert round_robin(4, 2).sections[0].copies == 2  # a teams match's two rooms: a copy in each


# --- teams pair-round writes its round as a movement file

EVENT = Path(__file__).parent / "data" / "teams" / "multiple-teams-4-matches.xml"


def _standings(tmp_path: Path) -> Path:
    standings = tmp_path / "r4.json"
    made = runner.invoke(app, ["teams", str(EVENT), "-f", "json", "-o", str(standings)])
    assert made.exit_code == 0, made.output
    return standings


def test_pair_round_writes_the_paired_round_as_a_movement_file_read_back_equal(tmp_path: Path) -> None:
    from bridgescore.movement.files import load
    from bridgescore.teams.pairing import pair_round, read_standings
    from bridgescore.teams.schedule import pairings_movement

    standings = _standings(tmp_path)
    read = read_standings(standings)
    pairing = pair_round(read.entries, "swiss")
    expected = pairings_movement([pairing], 4, "swiss-round-5")
    written = tmp_path / "round5.json"
    res = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(written), "-k", "4"])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("Pairing of round 5 (swiss)\n1. 10 – 8\n")  # the pairing printed as before
    back, problems = load(written)
    assert back is not None and not problems
    assert back.sections == expected.sections and back.family == "teams" and back.boards_per_round == 4
    assert dict(back.notes) == {"teams.round": "5"}
    (rnd,) = back.sections[0].rounds
    for m, table in enumerate(pairing.tables):  # match m at tables 2m-1 (home NS) and 2m (away NS), boards 1-4
        open_room, closed = rnd.stands[2 * m], rnd.stands[2 * m + 1]
        assert (open_room.ns, open_room.ew) == (PairRef(int(table.home), "NS"), PairRef(int(table.away), "EW"))
        assert (closed.ns, closed.ew) == (PairRef(int(table.away), "NS"), PairRef(int(table.home), "EW"))
        assert open_room.boards == closed.boards == frozenset(range(1, 5))
    assert validate(back).ok
    for fmt in ("csv", "bridgemate"):  # the table files: the seats and boards read back the same
        path = tmp_path / f"round5.{fmt}.csv"
        res = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(path),
                                  "--movement-format", fmt, "-k", "4"])  # fmt: skip
        assert res.exit_code == 0, res.output
        back, problems = load(path)
        assert back is not None and not [p for p in problems if p.severity.value == "error"]
        seats = [(s.table, s.ns, s.ew, s.boards) for s in back.sections[0].rounds[0].stands]
        assert seats == [(s.table, s.ns, s.ew, s.boards) for s in expected.sections[0].rounds[0].stands]


def test_pair_round_with_a_bye_and_team_names_writes_them_in_the_movement(tmp_path: Path) -> None:
    from bridgescore.movement.files import load, loads

    standings = tmp_path / "standings.csv"
    standings.write_text("team,vp,imps\nLions,30,20\nTigers,28,5\nBears,25,0\nOwls,20,-5\nFoxes,10,-20\n",
                         encoding="utf-8")  # fmt: skip
    written = tmp_path / "next.json"
    res = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(written), "-k", "7"])
    assert res.exit_code == 0, res.output
    assert "Bye: Foxes" in res.output
    back, _ = load(written)
    assert back is not None and dict(back.notes) == {
        "team.1": "Lions", "team.2": "Tigers", "team.3": "Bears", "team.4": "Owls", "team.5": "Foxes"
    }  # fmt: skip
    shown = runner.invoke(app, ["movement", "show", str(written)])
    assert "Bye: team 5 (both its pairs sit out)" in shown.output
    assert validate(back).ok and [b.team for b in validate(back).byes] == [5]
    # the team with the bye has no table in the round's movement: the section holds its pairs as sitting out
    assert back.sections[0].sitting_out == (PairRef(5, "NS"), PairRef(5, "EW"))
    assert cards(back, "guide", "en")[-1].notes == ("Team 5 has the bye in round 1: both its pairs sit out.",)
    as_csv = tmp_path / "next.csv"
    res = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(as_csv), "-k", "7",
                              "--movement-format", "csv"])  # fmt: skip
    assert res.exit_code == 0 and "pairs NS 5, EW 5 sit out every round (a team's bye)" in " ".join(res.output.split())
    document = json.loads(written.read_text(encoding="utf-8"))
    document["sections"][0]["sitting_out"][0]["number"] = 1  # pair NS 1 has a table
    movement, problems = loads(json.dumps(document), "next.json")
    assert movement is None and "sits out every round but has a table" in str(problems[0])


def test_pair_round_movement_file_refusals(tmp_path: Path) -> None:
    standings = _standings(tmp_path)
    out = tmp_path / "m.json"
    no_boards = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(out)])
    assert no_boards.exit_code == 2 and "--boards-per-round" in no_boards.output and not out.exists()
    nbb = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(out), "-k", "4",
                              "--movement-format", "nbb"])  # fmt: skip
    assert nbb.exit_code == 2 and "json, csv or bridgemate" in nbb.output and not out.exists()
    before = standings.read_bytes()
    same = runner.invoke(app, ["teams", "pair-round", str(standings), "--movement-file", str(standings), "-k", "4"])
    assert same.exit_code == 2 and "would be replaced" in same.output and standings.read_bytes() == before
    plain = runner.invoke(app, ["teams", "pair-round", str(standings)])  # off by default: no file, the same output
    assert plain.exit_code == 0 and not out.exists()
