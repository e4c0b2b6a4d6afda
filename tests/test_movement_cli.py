"""``bridgescore movement suggest|show|check`` (issue 21): the movements that fit every pair count 6–40 and 18–36
boards by the stated rule, best first; show a name or a file; check exits 1 on a failing property, 2 on a file
it cannot read (with the place in the file); English and Dutch."""

from __future__ import annotations

import json
from functools import cache
from math import ceil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.movement import Movement
from bridgescore.movement.generate import by_name, parse_sections
from bridgescore.movement.json import dumps, loads
from bridgescore.movement.suggest import BOARDS_WINDOW, LARGEST_SECTION, MAX_BOARDS_PER_ROUND, suggest
from bridgescore.movement.validate import SEVENTY_PERCENT, validate

runner = CliRunner()


@cache
def _named(name: str) -> Movement:
    """The movement ``by_name`` makes of a printed name (one board a round; made once a name)."""
    return by_name(name, 1)


@pytest.mark.parametrize("pairs", range(6, 41))
def test_suggest_fits_every_pair_count_and_board_count(pairs: int) -> None:
    """For every pair count 6–40 and 18–36 boards something fits, and everything listed fits by the rule of
    movement/suggest.py: ⌈pairs/2⌉ tables, a phantom only for an odd count, whole boards a round (1–12), the
    boards played within 4 of those asked, the full rounds or a curtailment keeping the 70 % rule, the validator's
    required properties; best first by the stated measure; every printed name round-trips through by_name (the
    rounds, sections and tables it says); two sections exactly where rule 6 says, and for 39 and 40 pairs at every
    board count (sections of 10 tables, the phantom in B)."""
    for boards in range(18, 37):
        found = suggest(pairs, boards)
        assert found, (pairs, boards)
        assert [s.measure for s in found] == sorted(s.measure for s in found)
        assert len({(s.name, s.boards_per_round) for s in found}) == len(found)
        for s in found:
            specs = parse_sections(s.name)
            # an odd count: the phantom at ⌈pairs/2⌉ tables, or at ⌊pairs/2⌋ the odd pair at the bye table of the
            # 1½-table appendix Mitchell or displacing another (rover, bump)
            odd = sum(spec.rover or spec.bump or spec.form == "half" for spec in specs)
            assert s.tables == ceil(pairs / 2) - odd and s.sit_out == pairs % 2
            assert s.displaced == any(spec.rover or spec.bump for spec in specs)
            assert 1 <= s.boards_per_round <= MAX_BOARDS_PER_ROUND
            assert s.boards == s.rounds * s.boards_per_round and abs(s.boards - boards) <= BOARDS_WINDOW
            assert len(specs) == s.sections and "+".join(spec.name for spec in specs) == s.name
            assert sum(spec.phantom for spec in specs) + odd == pairs % 2
            assert sum(spec.tables for spec in specs) == s.tables
            for spec in specs:
                assert s.rounds >= SEVENTY_PERCENT * spec.full_rounds
            # every printed name is accepted where a movement is asked for, and is what the line says
            movement = _named(s.name)
            assert movement.name == s.name and movement.rounds == s.rounds and len(movement.sections) == s.sections
            assert [len(x.pairs()) for x in movement.sections] == [2 * spec.tables + odd for spec in specs]
        two = [s for s in found if s.sections == 2]
        assert bool(two) == (ceil(pairs / 2) > LARGEST_SECTION or 2 * ceil(pairs / 2) > boards + BOARDS_WINDOW)
        if pairs >= 39:  # one section of 20 tables needs more rounds than the boards allow: two sections fit
            assert two, (pairs, boards)
            a, b = parse_sections(two[0].name)
            assert (a.tables, b.tables, a.phantom, b.phantom) == (10, 10, False, pairs == 39)
        best = found[0]
        movement = by_name(best.name, best.boards_per_round)
        assert movement.rounds == best.rounds and movement.boards_per_round == best.boards_per_round
        assert validate(movement).ok


def test_suggest_orders_by_the_measure() -> None:
    """16 pairs, 24 boards: the relay Mitchell of 8 rounds of 3 is exact and nobody meets twice; the three-quarter
    Howell (12 rounds of 2, one winner) after the arrow-switched one and before the one of two winners; the full
    skip Mitchell (its revenge round) comes after them; a curtailed Howell after the full Mitchells."""
    names = [s.name for s in suggest(16, 24)]
    assert names[:5] == [
        "mitchell-8-relay-arrow", "howell-8-3q", "mitchell-8-relay", "mitchell-8-skip-arrow", "mitchell-8-skip"
    ]  # fmt: skip
    assert names.index("howell-8-r12") > names.index("mitchell-8-skip")
    # in 12 rounds the three-quarter Howell (24 boards in play, all played) before the cut Howell (30 in play)
    assert [s.name for s in suggest(16, 24, rounds=12)][:2] == ["howell-8-3q", "howell-8-r12"]
    assert suggest(7, 60, rounds=2) == []


def test_suggest_command_json_and_text() -> None:
    result = runner.invoke(app, ["movement", "suggest", "--pairs", "17", "--boards", "24", "-f", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert rows and set(rows[0]) >= {"name", "family", "tables", "rounds", "boards_per_round", "boards", "sit_out",
                                     "measure"}  # fmt: skip
    assert rows[0]["tables"] == 9 and rows[0]["sit_out"] == 1
    for row in rows:
        assert by_name(row["name"], row["boards_per_round"]).rounds == row["rounds"]
    text = runner.invoke(app, ["movement", "suggest", "-p", "17", "-b", "24", "--lang", "nl"])
    assert text.exit_code == 0 and "Schema's voor 17 paren" in text.output and rows[0]["name"] in text.output
    bad = runner.invoke(app, ["movement", "suggest", "-p", "121", "-b", "24"])
    assert bad.exit_code == 2
    none = runner.invoke(app, ["movement", "suggest", "-p", "8", "-b", "24", "--rounds", "2"])
    assert none.exit_code == 0 and "None fits" in none.output
    # 39 pairs: two sections listed, and the name printed is taken by show and check
    rows = json.loads(runner.invoke(app, ["movement", "suggest", "-p", "39", "-b", "24", "-f", "json"]).output)
    two = next(row for row in rows if row["sections"] == 2)
    assert (two["tables"], two["sit_out"], two["boards"]) == (20, 1, 24) and "+" in two["name"]
    shown = runner.invoke(app, ["movement", "show", two["name"], "-k", str(two["boards_per_round"])])
    assert shown.exit_code == 0 and "Section A" in shown.output and "Section B" in shown.output
    checked = runner.invoke(app, ["movement", "check", two["name"]])
    assert checked.exit_code == 0 and "All required properties hold." in checked.output


def test_show_name_text_json_and_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["movement", "show", "mitchell-8-relay", "-k", "3"])
    assert result.exit_code == 0, result.output
    assert "Movement mitchell-8-relay (mitchell): 8 tables, 8 rounds, 3 boards a round, 24 boards" in result.output
    lines = result.output.splitlines()
    first = lines.index("Round 1")
    assert lines[first + 1].split() == ["Table", "NS", "EW", "Boards"]
    assert lines[first + 2].split() == ["1", "1", "1", "1-3"]
    assert lines[first + 10].split() == ["9", "bye", "stand", "13-15"]
    out = tmp_path / "m.json"
    assert runner.invoke(app, ["movement", "show", "mitchell-7-arrow", "-f", "json", "-o", str(out)]).exit_code == 0
    movement, problems = loads(out.read_text(encoding="utf-8"))
    assert movement == by_name("mitchell-7-arrow") and not problems
    again = runner.invoke(app, ["movement", "show", str(out)])
    assert again.exit_code == 0 and "1-2 *" in again.output and "arrow switch" in again.output
    dutch = runner.invoke(app, ["movement", "show", "howell-3-phantom", "--lang", "nl"])
    assert dutch.exit_code == 0 and "Ronde 1" in dutch.output and "Spookpaar: paar 6" in dutch.output
    unknown = runner.invoke(app, ["movement", "show", "mitchel-8"])
    assert unknown.exit_code == 2 and "mitchell-8-skip" in unknown.output
    dutch = runner.invoke(app, ["movement", "show", "mitchel-8", "--lang", "nl"])
    assert dutch.exit_code == 2 and "is geen schema dat bridgescore kent" in dutch.output
    assert "bedoelt u mitchell-8-skip" in dutch.output.replace("\n", " ")


def test_check_exit_codes(tmp_path: Path) -> None:
    good = runner.invoke(app, ["movement", "check", "howell-5"])
    assert good.exit_code == 0 and "All required properties hold." in good.output
    curtailed = runner.invoke(app, ["movement", "check", "mitchell-20-skip-r12", "-f", "json"])
    assert curtailed.exit_code == 1
    report = json.loads(curtailed.output)
    assert not report["ok"] and [p["key"] for p in report["properties"] if not p["ok"]] == ["seventy-percent"]
    # a pair that plays a board twice, in a file: exit 1 with the finding
    document = json.loads(dumps(by_name("mitchell-5")))
    document["sections"][0]["rounds"][1]["stands"][0]["boards"] = [1, 3]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    result = runner.invoke(app, ["movement", "check", str(broken), "--lang", "nl"])
    assert result.exit_code == 1
    assert "lijn A: paar NZ 1 speelt spel 1 in de ronden 1, 2" in result.output
    # a file that cannot be read: exit 2, the place in the document
    document["sections"][0]["rounds"][0]["stands"][0]["ns"] = {"number": 0, "direction": "NS"}
    broken.write_text(json.dumps(document), encoding="utf-8")
    unreadable = runner.invoke(app, ["movement", "check", str(broken)])
    assert unreadable.exit_code == 2
    assert "broken.json" in unreadable.output and "sections[0].rounds[0].stands[0]" in unreadable.output
    missing = runner.invoke(app, ["movement", "check", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 2 and "Traceback" not in missing.output


def test_show_converts_and_reads_every_movement_format(tmp_path: Path) -> None:
    """A generated movement written as an NBB schema, Bridgemate RoundData or our CSV is read back by show and
    check (through movement.files) as the same schedule; a format that cannot hold it says why, exit 2."""
    for name, fmt, k in (("howell-4", "nbb", 3), ("mitchell-8-relay", "bridgemate", 3), ("mitchell-9", "csv", 2)):
        target = tmp_path / f"{name}.{fmt}.txt"
        written = runner.invoke(app, ["movement", "show", name, "-k", str(k), "-f", fmt, "-o", str(target)])
        assert written.exit_code == 0, written.output
        checked = runner.invoke(app, ["movement", "check", str(target), "-k", str(k), "-f", "json"])
        assert checked.exit_code == 0, checked.output
        report = json.loads(checked.output)
        assert report["ok"]
        generated = by_name(name, k).sections[0]
        shown = runner.invoke(app, ["movement", "show", str(target), "-k", str(k), "-f", "json"])
        again, problems = loads(shown.output)
        assert again is not None and not problems
        stands = {(r.number, s.table, s.ns, s.ew, s.boards) for r in again.sections[0].rounds for s in r.stands}
        assert stands == {(r.number, s.table, s.ns, s.ew, s.boards) for r in generated.rounds for s in r.stands}
    refused = runner.invoke(app, ["movement", "show", "mitchell-7", "-f", "nbb"])
    assert refused.exit_code == 2 and "numbered per direction" in refused.output
    assert runner.invoke(app, ["movement", "show", "mitchell-7", "-f", "html"]).exit_code == 2


def test_score_takes_a_two_section_name(tmp_path: Path) -> None:
    """A two-section name (as suggest prints it) is taken by score --movement: each section's lines are checked
    against its own schedule (a pair not at that table in section B is reported, exit 2)."""
    movement = by_name("mitchell-3+mitchell-3", 2)
    lines = ["section,board,ns,ew,score"]
    for section in movement.sections:
        for r in section.rounds:
            for s in r.stands:
                assert s.ns is not None and s.ew is not None
                lines += [f"{section.name},{b},{s.ns.number},{s.ew.number},{(-1) ** b * 50}" for b in sorted(s.boards)]
    event = tmp_path / "two.csv"
    event.write_text("\n".join(lines) + "\n", encoding="utf-8")
    good = runner.invoke(app, ["score", str(event), "--movement", "mitchell-3+mitchell-3"])
    assert good.exit_code == 0, good.output
    assert "Section A: Mitchell" in good.output and "Section B: Mitchell" in good.output
    wrong = lines[:]
    at = next(i for i, line in enumerate(wrong) if line.startswith("B,1,"))
    section, board, ns, ew, score = wrong[at].split(",")
    wrong[at] = ",".join([section, board, ns, str(int(ew) % 3 + 1), score])
    event.write_text("\n".join(wrong) + "\n", encoding="utf-8")
    bad = runner.invoke(app, ["score", str(event), "--movement", "mitchell-3+mitchell-3"])
    assert bad.exit_code == 2, bad.output
    assert "round 1, table 1: NS 1 v EW 1 on boards 1–2: no result for board 1" in " ".join(bad.output.split())
