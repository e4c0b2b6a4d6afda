"""``movement cards`` (issue 21): table cards, guide cards and the board-movement slip as one self-contained HTML
page each – what a director prints before the first board.  Checked here without a browser: the page parses
strictly as HTML5, holds nothing from elsewhere, escapes every text, has the @page size asked for and the
catalogue's Dutch words; the cards say what the schedule says (a Mitchell with a relay and a bye stand, a
Howell).  ``test_movement_cards_browser.py`` measures them in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import html5lib
import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.movement.cards import KINDS, boards_text, cards, render_cards
from bridgescore.movement.generate import by_name
from bridgescore.movement.model import Movement, PairRef, Round, Section, Stand

MOVEMENTS = ("mitchell-8-relay", "howell-4")


def _parse(page: str) -> None:
    """Strictly, as test_html.py parses the result pages: any parse error fails."""
    html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", MOVEMENTS)
def test_every_kind_is_a_valid_self_contained_page(name: str, kind: str, lang: str) -> None:
    page = render_cards(by_name(name, 2), kind, lang)  # type: ignore[arg-type]
    _parse(page)
    assert f'<html lang="{lang}">' in page
    assert not re.search(r"<script|<link|<img|src=|url\(|@import", page)  # nothing loaded from elsewhere
    assert "@page { size: A4; margin: 12mm; }" in page
    assert page.count('<section class="card"') == len(cards(by_name(name, 2), kind, lang))  # type: ignore[arg-type]


def test_letter_paper_is_the_page_size() -> None:
    page = render_cards(by_name("howell-4", 2), "table", "en", "letter")
    assert "@page { size: letter; margin: 12mm; }" in page


def test_the_mitchell_table_cards_say_where_pairs_and_boards_go_next() -> None:
    """mitchell-8-relay (EBU, relay and bye stand): tables 1 and 8 share boards 1-2 in round 1, the boards of table
    9 (the bye stand) rest there; NS stays, EW goes to the next lower table, the boards to the next lower table."""
    found = {c.anchor: c for c in cards(by_name("mitchell-8-relay", 2), "table", "en")}
    assert len(found) == 9  # eight tables and the bye stand
    eight = found["table-A-8"]
    assert eight.headings == ("Round", "NS", "EW", "Boards", "NS next", "EW next", "Boards next")
    assert eight.rows[0] == ("1", "8", "8", "1-2", "8 NS", "1 EW", "7")
    assert eight.rows[-1][4:] == ("-", "-", "-")  # the last round: nowhere to go
    assert eight.notes == ("Boards shared with table 1 (a relay) in rounds 1-8.",)
    bye = found["table-A-9"]
    assert bye.title == "Table 9 (bye stand)" and bye.rows[0] == ("1", "-", "-", "9-10", "", "", "4")
    assert found["table-A-4"].rows[0][6] == "3"  # boards 7-8 to table 3
    assert found["table-A-5"].rows[0][6] == "9 (bye stand)"  # boards 11-12 rest a round


def test_the_guide_cards_agree_with_the_table_cards() -> None:
    """Every guide card's round is on the table card of its table, from the pair's side; a Howell's pair is
    named by its number, a Mitchell's with its direction."""
    for name in MOVEMENTS:
        movement = by_name(name, 2)
        tables = {c.title.removeprefix("Table ").split()[0]: c for c in cards(movement, "table", "en")}
        guides = cards(movement, "guide", "en")
        assert len(guides) == len(movement.sections[0].pairs())
        for guide in guides:
            pair = guide.title.removeprefix("Pair ").split()[-1]
            for rnd, table, direction, opponents, boards in guide.rows:
                row = tables[table].rows[int(rnd) - 1]
                seat, other = (1, 2) if direction == "NS" else (2, 1)
                assert (row[seat], row[other], row[3]) == (pair, opponents.split()[-1], boards), (name, guide.title)
    assert cards(by_name("howell-4", 2), "guide", "en")[0].rows[0] == ("1", "1", "EW", "8", "1-2")
    assert cards(by_name("mitchell-8-relay", 2), "guide", "en")[0].title == "Pair NS 1"  # North-South first


def test_boards_put_aside_in_a_howell_say_when_and_where_they_come_back() -> None:
    """howell-4 has seven board sets for four tables: after round 1 boards 1-2 rest until round 4 (table 4, as
    'movement show howell-4' says), not '-' as if they were done."""
    movement = by_name("howell-4", 2)
    section = movement.sections[0]
    table_one = cards(movement, "table", "en")[0]
    assert table_one.rows[0][3] == "1-2" and table_one.rows[0][6] == "round 4: 4"
    comes_back = next(r for r in section.rounds[1:] if any(s.boards == frozenset({1, 2}) for s in r.stands))
    assert comes_back.number == 4 and comes_back.stand(4).boards == frozenset({1, 2})  # type: ignore[union-attr]
    assert all(s.boards != frozenset({1, 2}) for s in section.rounds[1].stands)
    assert cards(movement, "table", "nl")[0].rows[0][6] == "ronde 4: 4"
    assert table_one.rows[-1][6] == "-"  # the last round: not played again
    slip = cards(movement, "boards", "en")[2]  # after round 3, boards 1-2 come back to table 4
    assert ("-", "1-2", "4", "from the boards put aside") in slip.rows
    assert cards(movement, "boards", "nl")[0].rows[0] == ("1", "1-2", "-", "opzij tot ronde 4 (tafel 4)")
    assert {row[1] for row in slip.rows if row[0] == "-"} == {
        boards_text(s.boards) for s in section.rounds[3].stands
    } - {boards_text(s.boards) for s in section.rounds[2].stands}


def test_the_board_slip_says_the_relay_and_the_bye_stand() -> None:
    slips = cards(by_name("mitchell-8-relay", 2), "boards", "en")
    assert len(slips) == 7  # after each round but the last
    first = {row[0]: row for row in slips[0].rows}
    assert slips[0].title == "After round 1"
    assert first["1"] == ("1", "1-2", "7", "shared with table 8")
    assert first["9"] == ("9", "9-10", "4", "bye stand")
    assert first["3"] == ("3", "5-6", "2", "")


def test_dutch_words_come_from_the_catalogue() -> None:
    movement = by_name("mitchell-8-relay", 2)
    table = cards(movement, "table", "nl")[7]
    assert table.title == "Tafel 8"
    assert table.headings == ("Ronde", "NZ", "OW", "Spellen", "NZ naar", "OW naar", "Spellen naar")
    assert table.rows[0][4:6] == ("8 NZ", "1 OW")
    assert cards(movement, "boards", "nl")[0].title == "Na ronde 1"
    page = render_cards(movement, "guide", "nl")
    assert "<title>Gidskaarten: mitchell-8-relay</title>" in page and "Paar OW 1" in page


def test_a_name_from_a_file_is_escaped() -> None:
    stand = Stand(1, PairRef(1), PairRef(2), frozenset({1, 2}))
    movement = Movement("<b>club</b>", "custom", "<script>x</script>", 2, (Section("", (Round(1, (stand,)),)),))
    page = render_cards(movement, "table", "en")
    _parse(page)
    assert "<b>club" not in page and "&lt;b&gt;club&lt;/b&gt;" in page
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_a_phantom_gets_no_guide_card_and_its_opponents_sit_out() -> None:
    movement = by_name("howell-4-phantom", 2)
    section = movement.sections[0]
    guides = cards(movement, "guide", "en")
    assert len(guides) == len(section.pairs()) - 1
    assert any("sits out" in row for g in guides for row in g.rows)


def _round_data_with_a_phantom() -> Movement:
    """A 5-table Mitchell as Bridgemate's RoundData gives it with 9 pairs: NS 5 written 0 (a pair missing), read
    as the phantom at its table (the generated one leaves that table out)."""
    from bridgescore.movement.files import dumps, loads

    rows = dumps(by_name("mitchell-5", 2), "bridgemate").splitlines()
    table_5 = [r.split(",") for r in rows if r.startswith("1,5,")]
    rows = [r for r in rows if not r.startswith("1,5,")] + [",".join([*c[:3], "0", *c[4:]]) for c in table_5]
    movement, problems = loads("\n".join(rows) + "\n", "rounddata.csv")
    assert movement is not None and not problems
    assert movement.sections[0].phantom == PairRef(5, "NS")
    return movement


@pytest.mark.parametrize("shape", ["generated", "round data"])
def test_the_phantom_is_said_in_words_on_table_and_guide_cards(shape: str) -> None:
    """Where a pair meets the phantom it sits out: its guide card says so in that round and under the card, the
    table card it comes from says it sits out next and why, and the phantom's own table (kept by a RoundData file)
    reads "phantom", not a pair number as if a pair played there; in English and Dutch."""
    movement = by_name("mitchell-5-phantom", 2) if shape == "generated" else _round_data_with_a_phantom()
    tables = {c.title.split(": ")[-1]: c for c in cards(movement, "table", "en")}
    guides = {c.title.split(": ")[-1]: c for c in cards(movement, "guide", "en")}
    # EW 1 meets NS 5 (the phantom) in round 5, coming from table 4
    assert guides["Pair EW 1"].rows[4] == ("5", "", "sits out", "phantom", "")
    assert "Sits out in round 5: its opponents would be the phantom (pair NS 5), which no pair plays." in (
        guides["Pair EW 1"].notes
    )
    assert [row[5] for row in tables["Table 4"].rows] == ["sits out"] * 4 + ["-"]
    assert tables["Table 4"].notes == (
        "sits out: that round the pair's opponents would be the phantom (pair NS 5), which no pair plays.",
    )
    if shape == "round data":
        assert [row[1] for row in tables["Table 5"].rows] == ["phantom"] * 5
        assert tables["Table 5"].notes[0].startswith("The phantom (pair NS 5) sits at this table: no pair plays it")
    dutch = {c.title.split(": ")[-1]: c for c in cards(movement, "guide", "nl")}
    assert dutch["Paar OW 1"].rows[4] == ("5", "", "rust", "spookpaar", "")
    assert "Rust in ronde 5: de tegenstander zou het spookpaar (paar NZ 5) zijn, dat niemand speelt." in (
        dutch["Paar OW 1"].notes
    )
    page = render_cards(movement, "table", "nl")
    assert "spookpaar (paar NZ 5)" in page and ">phantom<" not in page


def test_a_sit_out_without_a_phantom_is_said_under_the_guide_card() -> None:
    """A round a pair has no table (a schedule with a sit-out and no phantom) is said in words under the card."""
    stands = (Stand(1, PairRef(1), PairRef(2), frozenset({1})),)
    movement = Movement("sit", "custom", "test", 1, (Section("", (Round(1, stands), Round(2, ())), phantom=None),))
    guide = cards(movement, "guide", "en")[0]
    assert guide.rows[1] == ("2", "", "sits out", "", "") and guide.notes == ("Sits out in round 2.",)


def test_the_command_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    args = ["movement", "cards", "mitchell-8-relay", "--kind", "boards", "--lang", "nl", "--paper", "letter"]
    result = CliRunner().invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    _parse(page)
    assert "Spellenloop" in page and "size: letter" in page
    bad = CliRunner().invoke(app, ["movement", "cards", "howell-4", "--kind", "pair"])
    assert bad.exit_code == 2 and "--kind must be table, guide, boards, not 'pair'" in bad.output
    bad = CliRunner().invoke(app, ["movement", "cards", "howell-4", "--paper", "a5"])
    assert bad.exit_code == 2 and "--paper must be a4, letter" in bad.output


@pytest.mark.parametrize("name", ["mitchell-7-arrow", "mitchell-8-skip", "howell-4-phantom", "mitchell-15"])
def test_other_movements_render_every_kind(name: str) -> None:
    """An arrow switch is marked and explained; a skip Mitchell, a phantom and a larger field render and parse."""
    movement = by_name(name, 3)
    for kind in KINDS:
        page = render_cards(movement, kind, "nl")  # type: ignore[arg-type]
        _parse(page)
        assert page.count('<section class="card"') == len(cards(movement, kind, "nl"))  # type: ignore[arg-type]
    if "arrow" in name:
        table = cards(movement, "table", "en")[0]
        assert any(row[3].endswith(" *") for row in table.rows)
        assert "* arrow switch: the pairs play the other direction's cards" in table.notes
