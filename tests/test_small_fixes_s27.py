"""Four small things a director met (session 27): each test fails without its fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.event import Event
from bridgescore.io import csv, csv_columns

HEADER = "section,board,ns,ew,contract,declarer,result,lead,score,remarks\n"

#: Sections A and B both have a pair 2; section A's pair 2 plays board 1 twice.
TWO_SECTIONS = HEADER + (
    "A,1,1,3,4S,S,=,DK,420,\n"
    "A,1,2,4,3NT,N,=,HQ,400,\n"
    "A,1,2,5,3NT,N,+1,HQ,430,\n"
    "B,1,1,3,4S,S,=,DK,420,\n"
    "B,1,2,4,3NT,N,=,HQ,400,\n"
    "B,1,5,6,2S,N,=,HQ,110,\n"
)


def _columnar(text: str, filename: str) -> Event:
    """The columnar reader (``csv.loads`` takes it for files of 64 KiB and more), which hands only the lines of
    the boards with a doubled pair to the careful check."""
    event = csv_columns.loads(text, filename, "en", pairs_per_direction=None)
    assert event is not None
    return event


READERS = pytest.mark.parametrize("reader", [_columnar, csv.loads_line_by_line], ids=["columns", "line-by-line"])


# -- 1. a pair on two lines of a board names its section where the event has two ---------------------------------


@READERS
def test_a_pair_twice_on_a_board_names_its_section(reader: Callable[[str, str], Event]) -> None:
    event = reader(TWO_SECTIONS, "two.csv")
    texts = [p.text() for p in event.problems]
    said = (
        "section A, board 1: pair 2 plays it on more than one line (lines 3, 4); which one is right cannot be told, "
        "so none of them is scored: delete or correct the wrong line and score again"
    )
    assert texts == [said, said]
    assert event.problems[0].text("nl").startswith("lijn A, spel 1: paar 2 speelt het op meer dan één regel")


@READERS
def test_a_duplicate_line_names_its_section(reader: Callable[[str, str], Event]) -> None:
    text = TWO_SECTIONS.replace("A,1,2,5,3NT,N,+1,HQ,430,\n", "") + "B,1,2,4,3NT,N,=,HQ,400,\n"
    event = reader(text, "two.csv")
    [problem] = event.problems
    assert problem.text() == "section B, board 1: 2 against 4 is on line 5 already (a duplicate line)"
    assert problem.text("nl") == "lijn B, spel 1: 2 tegen 4 staat al op regel 5 (een dubbele regel)"


def test_one_section_keeps_its_words() -> None:
    text = HEADER + "A,1,1,3,4S,S,=,DK,420,\nA,1,2,4,3NT,N,=,HQ,400,\nA,1,2,5,3NT,N,+1,HQ,430,\n"
    event = csv.loads(text, "one.csv")
    assert event.problems[0].text().startswith("board 1: pair 2 plays it on more than one line (lines 3, 4);")


def test_check_names_the_section_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "two.csv"
    path.write_text(TWO_SECTIONS, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 2
    assert "section A, board 1: pair 2 plays it on more than one line" in result.output


def test_a_section_without_a_name_is_not_named() -> None:
    """A file of one named section and lines of none (a PBN with two score tables, golden 040) keeps its words."""
    text = TWO_SECTIONS.replace("B,", ",")
    for reader in (_columnar, csv.loads_line_by_line):
        event = reader(text, "one.csv")
        assert event.problems[0].text().startswith("board 1: pair 2 plays it on more than one line (lines 3, 4);")


def test_bridgemates_erased_and_corrected_rows_name_their_section() -> None:
    """Bridgemate's ReceivedData of two sections: 'table 2, round 1: this result was erased' left the director to
    guess which section's table 2; a file of one section keeps its words (golden 017)."""
    from bridgescore.io import bws

    one = (Path(__file__).resolve().parent / "data" / "bws" / "received-data.csv").read_text(encoding="utf-8")
    header, *rows = one.splitlines()
    second = [",".join([str(100 + i), "2", *row.split(",")[2:]]) for i, row in enumerate(rows)]
    event = bws.loads("\n".join([header, *rows, *second]) + "\n", "rd.csv", sections={"1": "A", "2": "B"})
    said = [p.text() for p in event.problems]
    assert said[0] == "section A, board 2, table 2, round 1: this result was erased on the Bridgemate; it is left out"
    assert said[-1].startswith("section B, board 3, table 1, round 2: this result is replaced by the correction")
    assert event.problems[0].text("nl").startswith("lijn A, spel 2, tafel 2, ronde 1: dit resultaat is op de")
    alone = [p.text() for p in bws.loads(one, "rd.csv").problems]
    assert alone[0].startswith("board 2, table 2, round 1: this result was erased")


# -- 2. movement suggest for 61 to 120 pairs: two sections of up to 30 tables -----------------------------------


@pytest.mark.parametrize("pairs", [61, 77, 120])
def test_suggest_seats_61_to_120_pairs_in_two_sections(pairs: int) -> None:
    """``movement suggest --pairs 61`` was refused ("less than or equal to 60"): 60 pairs is the largest *one*
    section the generators build (30 tables), but two sections of up to 30 tables each seat 120.  Every name listed
    is taken by ``by_name`` (and so ``show``, ``check`` and ``--movement``) with the tables and rounds it says."""
    from math import ceil

    from bridgescore.movement.generate import by_name, parse_sections

    result = CliRunner().invoke(app, ["movement", "suggest", "--pairs", str(pairs), "--boards", "24", "-f", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert rows and any(row["sections"] == 2 for row in rows)
    for row in rows:
        specs = parse_sections(row["name"])
        odd = sum(spec.bump or spec.rover or spec.form == "half" for spec in specs)
        assert row["tables"] == ceil(pairs / 2) - odd == sum(spec.tables for spec in specs)
        assert abs(row["boards"] - 24) <= 4 and row["sections"] == len(specs) and max(s.tables for s in specs) <= 30
        movement = by_name(row["name"], row["boards_per_round"])
        assert movement.rounds == row["rounds"] and len(movement.sections) == row["sections"]
        assert sum(len(section.pairs()) for section in movement.sections) == 2 * row["tables"] + odd


def test_suggest_refuses_past_120_pairs_in_words() -> None:
    refused = CliRunner().invoke(app, ["movement", "suggest", "--pairs", "121", "--boards", "24"])
    assert refused.exit_code == 2 and "120" in refused.output


def test_a_two_section_suggestion_is_judged_as_the_validator_judges_it() -> None:
    """Two sections are validated section by section (fast: a section's report serves every partner it is listed
    with), and give what validating the whole movement gives; pairs of the same numbers in A and B meeting is no
    meeting twice – the whole movement's report adds those up, and a curtailed Mitchell in two sections ranked as
    if its pairs met twice, behind one-section movements with two winners."""
    from bridgescore.movement.generate import by_name
    from bridgescore.movement.suggest import suggest
    from bridgescore.movement.validate import validate

    found = suggest(40, 24)
    two = [s for s in found if s.sections == 2]
    assert two
    for s in two:
        whole = validate(by_name(s.name, 1))
        assert whole.ok and s.balance == min(f.balance for f in whole.fields)
        assert s.meet_twice == (not whole.property("meetings").ok)  # a full skip Mitchell's revenge round only
    assert not all(s.meet_twice for s in two)
    names = [s.name for s in found]
    # one winner (arrow switch) in two sections before two winners in one section: "one winner before two" comes
    # before "one section before two" in the measure (docs/movements.md)
    assert names.index("mitchell-10-skip-arrow-r8+mitchell-10-skip-arrow-r8") < names.index("mitchell-20-web-r12")


def _travellers_of(name: str, boards_per_round: int, path: Path) -> Path:
    """The traveller CSV of every stand of ``name`` (section, board, NS, EW, a score), as the movement seats them."""
    from bridgescore.movement.generate import by_name

    movement = by_name(name, boards_per_round)
    lines = ["section,board,ns,ew,score"]
    for section in movement.sections:
        for r in section.rounds:
            for stand in r.stands:
                if stand.ns is None or stand.ew is None or section.phantom in (stand.ns, stand.ew):
                    continue
                for b in sorted(stand.boards):
                    lines.append(f"{section.name},{b},{stand.ns.number},{stand.ew.number},{(-1) ** b * 50}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_score_takes_a_large_two_section_name(tmp_path: Path) -> None:
    """61 pairs: the first two-section name suggest prints (two winners: the travellers need not say which pairs
    were arrow-switched) is taken by ``score --movement``, every line at its place."""
    from bridgescore.movement.suggest import suggest

    best = next(s for s in suggest(61, 24) if s.sections == 2 and s.winners == 2)
    event = _travellers_of(best.name, best.boards_per_round, tmp_path / "61.csv")
    result = CliRunner().invoke(app, ["score", str(event), "--movement", best.name])
    assert result.exit_code == 0, result.output
    assert "Section A: Mitchell" in result.output and "Section B: Mitchell" in result.output


# -- 3. several sessions take the method their files name ------------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "bridgescore" / "examples" / "club-evening.csv"


def _usebio(tmp_path: Path, method: str, name: str, section: str = "A") -> Path:
    """The example evening (as section ``section``) as bridgescore's own USEBIO, which names its method
    (``BOARD_SCORING_METHOD``)."""
    source = tmp_path / f"{name}.csv"
    text = EXAMPLE.read_text(encoding="utf-8")
    source.write_text(text.replace("\nA,", f"\n{section},"), encoding="utf-8")
    out = tmp_path / name
    result = CliRunner().invoke(app, ["score", str(source), "--method", method, "-f", "usebio", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _methods(result_output: str) -> list[str]:
    return [session["score"]["method"] for session in json.loads(result_output)["sessions"]]


def test_two_sessions_are_scored_by_the_method_their_files_name(tmp_path: Path) -> None:
    """Two sessions of cross-IMP USEBIO files were scored at matchpoints without a word, while either file alone is
    scored by cross-IMPs (the method it names): now both, and said in one line as for one file."""
    first, second = _usebio(tmp_path, "cross-imps", "1.xml"), _usebio(tmp_path, "cross-imps", "2.xml")
    alone = CliRunner().invoke(app, ["score", str(first), "-f", "json"])
    assert alone.exit_code == 0 and json.loads(alone.stdout)["method"] == "cross-imps"
    args = ["score", str(first), str(second), "--session", "1", "--session", "2", "-f", "json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert _methods(result.stdout) == ["cross-imps", "cross-imps"]
    assert result.stderr.count("the method the file names") == 1
    given = CliRunner().invoke(app, [*args, "--method", "butler"])  # the director's --method still wins
    assert given.exit_code == 0 and _methods(given.stdout) == ["butler", "butler"]


def test_sessions_whose_files_name_two_methods_are_refused_in_words(tmp_path: Path) -> None:
    first, second = _usebio(tmp_path, "cross-imps", "1.xml"), _usebio(tmp_path, "matchpoints", "2.xml")
    args = ["score", str(first), str(second), "--session", "1", "--session", "2"]
    refused = CliRunner().invoke(app, args)
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert "the sessions' files name different scoring methods (session 1: cross-imps" in said
    assert "session 2: matchpoints" in said and "give --method" in said
    dutch = CliRunner().invoke(app, [*args, "--lang", "nl"])
    assert "noemen verschillende rekenmethoden (zitting 1: cross-imps" in " ".join(dutch.output.split())
    chosen = CliRunner().invoke(app, [*args, "--method", "matchpoints"])
    assert chosen.exit_code == 0, chosen.output


def test_an_option_of_the_files_method_is_taken_for_two_sessions(tmp_path: Path) -> None:
    """``--factor`` is an IMP option: refused for the default (matchpoints) before reading, it was refused for two
    cross-IMP sessions too; now it is taken, as for one cross-IMP file."""
    first, second = _usebio(tmp_path, "cross-imps", "1.xml"), _usebio(tmp_path, "cross-imps", "2.xml")
    result = CliRunner().invoke(app, ["score", str(first), str(second), "--session", "1", "--session", "2", "--factor"])
    assert result.exit_code == 0, result.output


def test_the_files_of_one_session_that_name_two_methods_are_refused_in_words(tmp_path: Path) -> None:
    """Two files of one session (its sections) were scored by the method the first file names, whichever it was:
    ``score cross.xml mp.xml`` by cross-IMPs, ``score mp.xml cross.xml`` at matchpoints, without a word."""
    cross, mp = _usebio(tmp_path, "cross-imps", "cross.xml"), _usebio(tmp_path, "matchpoints", "mp.xml", "B")
    for first, second in ((cross, mp), (mp, cross)):
        refused = CliRunner().invoke(app, ["score", str(first), str(second)])
        assert refused.exit_code == 2, refused.output
        said = " ".join(refused.output.split())
        assert "the files name different scoring methods (" in said and "give --method" in said
        assert "cross.xml: cross-imps (BOARD_SCORING_METHOD" in said and "mp.xml: matchpoints" in said
    given = CliRunner().invoke(app, ["score", str(cross), str(mp), "--method", "matchpoints"])
    assert given.exit_code == 0, given.output
    # a session of such files among several sessions is refused the same way
    other = _usebio(tmp_path, "matchpoints", "other.xml")
    args = ["score", str(cross), str(mp), str(other), "--session", "1", "--session", "1", "--session", "2"]
    assert "the files name different scoring methods" in " ".join(CliRunner().invoke(app, args).output.split())


# -- 4. the teams readers settle KH as the pairs readers do ----------------------------------------------------

TEAMS_RANK_FIRST = (
    "round,board,room,ns,ew,contract,declarer,result,lead\n"
    "1,1,open,1,2,4S,N,=,QH\n"
    "1,1,closed,2,1,4S,S,-1,JD\n"
    "1,2,open,1,2,3NT,E,=,KH\n"
    "1,2,closed,2,1,3NT,W,+1,10S\n"
)


def _teams_leads(tmp_path: Path, text: str) -> tuple[list[str | None], str]:
    path = tmp_path / "teams.csv"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["teams", str(path), "-f", "json"])
    assert result.exit_code == 0, result.output
    leads = [room["lead"] for room in _rooms(json.loads(result.stdout))]
    return leads, result.stderr


def _rooms(document: object) -> list[dict[str, object]]:
    """Every object of the teams JSON that has a ``lead`` (a room's line), in document order."""
    found: list[dict[str, object]] = []
    if isinstance(document, dict):
        if "lead" in document:
            found.append(document)
        for value in document.values():
            found.extend(_rooms(value))
    elif isinstance(document, list):
        for value in document:
            found.extend(_rooms(value))
    return found


def test_a_teams_file_written_rank_first_reads_kh_as_the_heart_king(tmp_path: Path) -> None:
    """``QH``, ``JD``, ``10S``: the file writes the rank first, so its ``KH`` is the heart king (the pairs readers
    read it so); the teams readers printed it as the club king (klaveren heer)."""
    leads, said = _teams_leads(tmp_path, TEAMS_RANK_FIRST)
    assert sorted(lead for lead in leads if lead) == ["DJ", "HK", "HQ", "S10"]
    assert "read as" not in said  # the file's other leads told: nothing to say


def test_a_teams_file_written_suit_first_keeps_the_club_king(tmp_path: Path) -> None:
    text = TEAMS_RANK_FIRST.replace(",QH", ",HQ").replace(",JD", ",DJ").replace(",10S", ",S10")
    leads, _ = _teams_leads(tmp_path, text)
    assert sorted(lead for lead in leads if lead) == ["CK", "DJ", "HQ", "S10"]


def test_a_teams_kh_the_leads_cannot_settle_is_said(tmp_path: Path) -> None:
    text = TEAMS_RANK_FIRST.replace(",JD", ",DJ").replace(",10S", ",")  # one lead each way: suit first, and said
    leads, said = _teams_leads(tmp_path, text)
    assert "CK" in leads
    assert "1 opening lead(s) written KH read as CK, not HK" in " ".join(said.split())


def test_the_columnar_teams_reader_settles_kh_too(tmp_path: Path) -> None:
    """A teams CSV of 64 KiB or more is read on columns (issue 19): its KH settled the same way."""
    from bridgescore.teams.read import load_teams, load_teams_columns

    body = "".join(
        f"{r},1,open,1,2,4S,N,=,QH\n{r},1,closed,2,1,4S,S,-1,JD\n{r},2,open,1,2,3NT,E,=,KH\n{r},2,closed,2,1,3NT,W,+1,10S\n"
        for r in range(1, 700)
    )
    path = tmp_path / "big.csv"
    path.write_text(TEAMS_RANK_FIRST.splitlines(keepends=True)[0] + body, encoding="utf-8")
    assert path.stat().st_size >= csv_columns.COLUMNAR_FROM
    _event, columns = load_teams_columns([path])
    assert columns is not None
    assert "HK" in columns.leads().labels and "KH" not in columns.leads().labels
    event = load_teams([path])
    leads = {room.lead for match in event.matches for board in match.boards for room in (board.open, board.closed)
             if room is not None}  # fmt: skip
    assert leads == {"QH", "JD", "HK", "10S"}  # the others as written, KH as the card it is read as


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # 12 of 16 rounds played, all 16 sets of 2 boards in play: the boards are spread over the sets
        ("mitchell-16-skip-r12", "2 boards a round (boards 1–32), the travellers' boards over its 16 sets of boards "
                                 "(12 rounds are played)"),
        ("mitchell-8-skip", "3 boards a round (boards 1–24), the travellers' boards over its 8 rounds"),
    ],
)  # fmt: skip
def test_the_boards_a_round_of_a_named_movement_say_what_they_are_spread_over(
    tmp_path: Path, name: str, words: str
) -> None:
    """``score --movement NAME`` works out the boards a round from the travellers and says so: a curtailed movement
    keeps all its sets of boards in play, and its warning says the boards are spread over the sets, not over the
    rounds played (which gave 32 boards over 12 rounds: 3 a round, every line at the wrong table)."""
    per_round = 2 if "16" in name else 3
    event = _travellers_of(name, per_round, tmp_path / "event.csv")
    result = CliRunner().invoke(app, ["score", str(event), "--movement", name])
    assert result.exit_code == 0, result.output
    assert words in " ".join(result.output.split())


def test_pairs_that_never_meet_are_found_in_each_section_on_its_own(tmp_path: Path) -> None:
    """A movement file of two Howell sections numbering their pairs alike: section B's last round seats 1 v 2 and
    6 v 3 (its pairs 1 and 6, 2 and 3 never meet), which section A's meetings of the same numbers had hidden."""
    shown = CliRunner().invoke(app, ["movement", "show", "howell-3", "-f", "csv"])
    assert shown.exit_code == 0, shown.output
    rows = shown.output.strip().splitlines()
    section_b = [row.replace("A,", "B,", 1) for row in rows[1:] if not row.startswith("A,5,")]
    section_b += ["B,5,1,1,2,9,10", "B,5,2,6,3,9,10", "B,5,3,4,5,9,10"]
    path = tmp_path / "two-howells.csv"
    path.write_text("\n".join([*rows, *section_b]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["movement", "check", str(path)])
    text = " ".join(result.output.split())
    assert "section B: pairs 1 and 6 never meet" in text and "section B: pairs 2 and 3 never meet" in text
    assert "section A: pairs" not in text  # section A is the complete Howell
