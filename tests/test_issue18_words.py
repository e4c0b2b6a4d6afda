"""Issue 18, the words: what the reports print besides the tables' layout (Butler's per-board column, the teams
page's header and what it leaves to the director, the Dutch words of messages, contracts and evenings)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app

runner = CliRunner()

#: three NS pairs on two boards: pair 3 gains 1 IMP on each (2 IMPs, 1 a board), pairs 1 and 2 none
BUTLER = """board,ns,ew,contract,declarer,result,score
1,1,4,4S,N,=,420
1,2,5,4S,N,=,420
1,3,6,4S,N,+1,450
2,1,5,3NT,N,=,600
2,2,6,3NT,N,=,600
2,3,4,3NT,N,+1,630
"""


@pytest.mark.parametrize("plain", [False, True])
def test_butler_per_board_column_has_two_decimals_throughout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plain: bool
) -> None:
    """The per-board column printed ``1`` and ``0`` among ``-0.50``: a whole number now has its two decimals too,
    in the drawn table and in the plain columns of a large event."""
    if plain:
        monkeypatch.setattr("bridgescore.pairs.report.text.PLAIN_ROWS", 0)
    event = tmp_path / "butler.csv"
    event.write_text(BUTLER, encoding="utf-8")
    for lang, one, zero, half in (("en", "1.00", "0.00", "-0.50"), ("nl", "1,00", "0,00", "-0,50")):
        result = runner.invoke(app, ["score", str(event), "--method", "butler", "--lang", lang])
        assert result.exit_code == 0, result.output
        rows = [line.replace("│", " ").split() for line in result.output.splitlines()]
        per_board = {row[1]: row[-1] for row in rows if len(row) == 5 and row[1].isdigit()}
        assert per_board == {"3": one, "1": zero, "2": zero, "5": zero, "4": half, "6": half}, result.output


def test_individual_butler_per_board_has_two_decimals() -> None:
    """The individual's ranking printed 2 and 0 per board among 2.33 and -0.67, as the pairs' did."""
    event = Path(__file__).resolve().parent / "data" / "individual" / "three-tables.csv"
    result = runner.invoke(app, ["individual", str(event), "--method", "butler"])
    assert result.exit_code == 0, result.output
    rows = [line.replace("│", " ").split() for line in result.output.splitlines() if line.startswith("│")]
    per_board = {row[1]: row[-1] for row in rows if len(row) == 5}
    assert (per_board["2"], per_board["5"], per_board["8"], per_board["11"]) == ("2.00", "1.00", "0.00", "2.33")


def test_an_error_is_headed_in_the_language_of_the_run(tmp_path: Path) -> None:
    """``--lang nl``: the message was Dutch but headed with an English "error:"; it is "fout:" now, and an
    English run after a Dutch one (one process, as here) is "error:" again."""
    event = tmp_path / "butler.csv"
    event.write_text(BUTLER, encoding="utf-8")
    for lang, word in (("nl", "fout:"), ("en", "error:"), ("nl", "fout:")):
        result = runner.invoke(app, ["score", str(event), "--method", "xx", "--lang", lang])
        assert result.exit_code == 2
        assert result.output.startswith(f"{word} "), result.output
        assert ("error:" in result.output) is (lang == "en")
    # a pairs event given to `individual` is refused by the same words
    result = runner.invoke(app, ["individual", str(event), "--lang", "nl"])
    assert result.exit_code == 2 and result.output.startswith("fout: "), result.output


def test_check_in_dutch_writes_the_contract_in_dutch(tmp_path: Path) -> None:
    """``check --lang nl`` said "past niet bij 3NT S" for a line its own table prints as "3SA Z": a contract and a
    seat in a message are in the language's notation (English unchanged)."""
    event = tmp_path / "wrong.csv"
    event.write_text(BUTLER.replace("2,1,5,3NT,N,=,600", "2,1,5,3NT,S,=,400"), encoding="utf-8")
    dutch = runner.invoke(app, ["check", str(event), "--lang", "nl"])
    assert "de score +400 past niet bij 3SA Z met 9 slagen op spel 2" in dutch.output, dutch.output
    # the line itself is listed as the file writes it ("2,1,5,3NT,S,=,400", left out for the error); the words are Dutch
    said = [line for line in dutch.output.splitlines() if "past niet bij" in line]
    assert said and not any("3NT" in line for line in said), dutch.output
    english = runner.invoke(app, ["check", str(event)])
    assert "the score +400 does not match 3NT S taking 9 tricks on board 2" in english.output, english.output


EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"


def test_archive_history_in_dutch_writes_contracts_in_dutch(tmp_path: Path) -> None:
    """``archive history --lang nl`` showed a corrected line as ``3NT S 10 …`` among Dutch words: the contract and
    declarer are in Dutch notation, as the Dutch score report prints them (``3SA Z``, ``2RX O``)."""
    evening = tmp_path / "evening.csv"
    evening.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    db = ["--db", str(tmp_path / "a.sqlite3")]
    assert runner.invoke(app, ["archive", "add", str(evening), *db, "--date", "2026-09-07"]).exit_code == 0
    text = EXAMPLE.read_text(encoding="utf-8").replace("A,1,1,8,4S,S,+1,DK,450,", "A,1,1,8,3NT,S,+1,DK,430,")
    evening.write_text(text.replace("A,1,2,10,3NT,N,=,HQ,400,", "A,1,2,10,2DX,E,-1,HQ,100,"), encoding="utf-8")
    replaced = runner.invoke(app, ["archive", "add", str(evening), *db, "--date", "2026-09-07", "--replace"])
    assert replaced.exit_code == 0, replaced.output
    dutch = runner.invoke(app, ["archive", "history", "2026-09-07/evening.csv", *db, "--lang", "nl"])
    assert dutch.exit_code == 0, dutch.output
    assert ": 4S Z 11 +450 → 3SA Z 10 +430" in dutch.output, dutch.output
    assert ": 3SA N 9 +400 → 2RX O 7 +100" in dutch.output, dutch.output
    english = runner.invoke(app, ["archive", "history", "2026-09-07/evening.csv", *db])
    assert ": 4S S 11 +450 → 3NT S 10 +430" in english.output, english.output


def test_player_is_found_by_a_name_with_spaces(tmp_path: Path) -> None:
    """``player "Jan de Vries"`` was refused ("give the number") for the one member of that name in the archive: the
    name finds the member; namesakes still name their numbers."""
    travellers = tmp_path / "2026-09-07.csv"
    travellers.write_text(
        "board,ns,ew,n_number,s_number,e_number,w_number,score\n"
        "1,1,2,1001,1002,1003,1004,400\n1,3,4,1005,1006,1007,1008,-50\n"
        "2,1,2,1001,1002,1003,1004,420\n2,3,4,1005,1006,1007,1008,420\n",
        encoding="utf-8",
    )
    members = tmp_path / "leden.csv"
    names = {1001: "Jan de Vries", 1002: "Piet  Bakker", 1005: "Kees van Dam", 1006: "Kees van Dam"}
    rows = "".join(f"{n};{names.get(n, f'Speler {n}')}\n" for n in range(1001, 1009))
    members.write_text("bondsnummer;naam\n" + rows, encoding="utf-8")
    db = ["--db", str(tmp_path / "club.sqlite3")]
    added = runner.invoke(app, ["archive", "add", str(travellers), "--members", str(members), *db])
    assert added.exit_code == 0, added.output
    for name in ("Jan de Vries", "jan  de vries", " Jan de Vries "):
        found = runner.invoke(app, ["player", name, *db])
        assert found.exit_code == 0, found.output
        assert found.output.startswith("Jan de Vries (1001)\n"), found.output
        assert "Piet" in found.output and "Bakker (1002)" in found.output  # the partner
    namesakes = runner.invoke(app, ["player", "Kees van Dam", *db])
    assert namesakes.exit_code == 2 and "member 1005, 1006" in namesakes.output, namesakes.output


def test_season_page_heads_its_evenings_with_their_dates(tmp_path: Path) -> None:
    """The season page headed its evenings 1, 2, 3 …: a member looks for the evening by its date, so each column
    is headed with it (``7 Sep``, Dutch ``7 sep``); an evening without a date keeps its number."""
    import re

    folder = tmp_path / "evenings"
    folder.mkdir()
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    # three evenings, each one line short of the example in another place: a copy would be counted once
    for k, name in enumerate(("2026-09-07.csv", "2026-10-12.csv", "extra.csv"), start=1):
        (folder / name).write_text("".join(lines[:k] + lines[k + 1 :]), encoding="utf-8")
    for lang, expected in (("en", ["Pair", "7 Sep", "12 Oct", "3"]), ("nl", ["Paar", "7 sep", "12 okt", "3"])):
        page = tmp_path / f"season-{lang}.html"
        result = runner.invoke(app, ["season", str(folder), "--lang", lang, "-f", "html", "-o", str(page)])
        assert result.exit_code == 0, result.output
        grid = page.read_text(encoding="utf-8").split('id="evenings-grid"')[1].split("</thead>")[0]
        assert re.findall(r"<th[^>]*>([^<]*)</th>", grid) == expected


TEAMS = Path(__file__).resolve().parent / "data" / "teams" / "realbridge-two-matches.pbn"


def test_teams_skip_invalid_says_each_problem_once() -> None:
    """``teams --skip-invalid`` printed a board without a result in a room three times: under its match, in the
    report's problems and again on the error stream.  Now the problem is said once, with its file and line; its
    match says in a member's words that the board was not compared."""
    result = runner.invoke(app, ["teams", str(TEAMS), "--skip-invalid"])
    assert result.exit_code == 0, result.output
    assert result.output.count("board 20 has no result in the closed room") == 1, result.output
    assert "realbridge-two-matches.pbn, line 1148: round 1, TURKEY against SWITZERLAND" in result.output
    assert "Board 20: not compared between the rooms; each team gets average" in result.output


def test_teams_page_has_title_date_club_and_hand_records_not_the_directors_instructions(tmp_path: Path) -> None:
    """The teams page had no title, date or club (only the USEBIO export took --date/--club), no hand records, and
    showed the members the director's instruction ("schrijf de arbitrale beslissing … op de regel").  Now
    --title/--date/--club head the page as score's do, --deals draws each board's hand record, and the director's
    problems stay on the terminal (a board not compared is said in a member's words)."""
    page = tmp_path / "teams.html"
    args = ["teams", str(TEAMS), "--skip-invalid", "--lang", "nl", "-f", "html", "-o", str(page),
            "--title", "Viertallen BC De Troef", "--date", "2026-11-24", "--club", "BC De Troef"]  # fmt: skip
    result = runner.invoke(app, [*args, "--deals", str(TEAMS)])
    assert result.exit_code == 0, result.output
    assert "schrijf de arbitrale beslissing" in result.output  # on the terminal, once
    html = page.read_text(encoding="utf-8")
    assert "<title>Viertallen BC De Troef</title>" in html and "<h1>Viertallen BC De Troef</h1>" in html
    assert '<p class="session">BC De Troef · 2026-11-24</p>' in html
    assert "arbitrale" not in html and "heeft geen uitslag in de gesloten zaal" not in html
    assert "Spel 20: niet vergeleken tussen de zalen; elk team krijgt gemiddeld" in html
    assert html.count('class="diagram"') == 10 and 'id="deal-11"' in html and "Spelverdelingen" in html
    assert 'class="dd"' in html and "Par:" in html  # solved for the page, as score --deals does
    # the USEBIO export takes the same options
    xml = tmp_path / "teams.xml"
    usebio = runner.invoke(app, ["teams", str(TEAMS), "--skip-invalid", "-f", "usebio", "-o", str(xml),
                                 "--date", "2026-11-24", "--club", "X"])  # fmt: skip
    assert usebio.exit_code == 0, usebio.output
    text = xml.read_text(encoding="utf-8")
    assert "<DATE>24/11/2026</DATE>" in text and "<CLUB_NAME>X</CLUB_NAME>" in text


def test_the_nbb_preset_is_named_in_dutch_in_a_dutch_report() -> None:
    """``--as nbb --lang nl`` said "Berekend zoals the NBB's programs dat doet": the preset's name is words, not a
    program's name, and is translated with the sentence around it."""
    example = Path(__file__).resolve().parents[1] / "src/bridgescore/examples/club-evening.csv"
    result = runner.invoke(app, ["score", str(example), "--as", "nbb", "--lang", "nl"])
    assert result.exit_code == 0, result.output
    assert "Berekend zoals het programma van de NBB dat doet" in result.output
    assert "NBB's" not in result.output


def test_the_nbb_preset_is_named_in_grammatical_english() -> None:
    """``--as nbb`` printed "Scored as the NBB's programs does" (a plural with "does"): the preset's name is one
    program, as the federation's own scoring program is one."""
    example = Path(__file__).resolve().parents[1] / "src/bridgescore/examples/club-evening.csv"
    result = runner.invoke(app, ["score", str(example), "--as", "nbb"])
    assert result.exit_code == 0, result.output
    assert "Scored as the NBB's scoring program does" in result.output
