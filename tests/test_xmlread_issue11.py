"""Issue 11 for the USEBIO and PBN readers and for merging files: per-direction USEBIO pair numbers, teams and
individual files refused by ``score``, nothing dropped silently, names that disagree between files, the same
file twice, section-less files per section, element/tag locations, short messages, and every message in Dutch."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import reference_data
from bridgescore.cli import app
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.i18n import translator
from bridgescore.core.problems import FieldKind, Location, Problem, Severity, shorten
from bridgescore.io import READERS, load_event, load_events, not_pairs, pbn, usebio

runner = CliRunner()
REFERENCE = reference_data.REFERENCE / "events"  # the collection, or the bundled subset in a clone alone
EBU = REFERENCE / "usebio-ebu-examples" / "original"
DATA = Path(__file__).resolve().parent / "data" / "xmlread"


def _line(ns: str, ew: str, contract: str = "3NT", by: str = "N", tricks: str = "9", score: str = "400") -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE>\n"
    )


def _usebio(body: str, event_type: str = "MP_PAIRS", participants: str = "") -> str:
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n'
        f'<EVENT EVENT_TYPE="{event_type}">\n<EVENT_DESCRIPTION>Test</EVENT_DESCRIPTION>\n'
        f"{participants}{body}</EVENT>\n</USEBIO>\n"
    )


def _pair(number: str, direction: str, first: str, second: str) -> str:
    return (
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
        f"<PLAYER><PLAYER_NAME>{first}</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>{second}</PLAYER_NAME></PLAYER>"
        "</PAIR>\n"
    )


def _mitchell_per_direction() -> str:
    """Two tables, NS 1–2 and EW 1–2 (ACBLscore's numbering): NS 1 and EW 1 are two pairs."""
    participants = (
        "<PARTICIPANTS>\n"
        + _pair("1", "NS", "Ann", "Bob")
        + _pair("2", "NS", "Eve", "Fay")
        + _pair("1", "EW", "Cat", "Dan")
        + _pair("2", "EW", "Gus", "Hal")
        + "</PARTICIPANTS>\n"
    )
    boards = (
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + _line("1", "1") + _line("2", "2", tricks="10", score="430")
        + "</BOARD>\n<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n"
        + _line("1", "2", tricks="9", score="600") + _line("2", "1", tricks="8", score="-100") + "</BOARD>\n"
    )  # fmt: skip
    return _usebio(boards, participants=participants)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- USEBIO DIRECTION: a Mitchell numbered per direction ------------------------------------------------------


def test_usebio_mitchell_numbered_per_direction_is_read(tmp_path: Path) -> None:
    """Before: 'pair 1 is written as both North-South and East-West' and the lines were refused."""
    event = usebio.loads(_mitchell_per_direction(), "m.xml")
    assert [p for p in event.problems if p.severity is Severity.ERROR] == []
    assert [(r.board, r.ns_pair, r.ew_pair) for r in event.results] == [(1, "1", "1"), (1, "2", "2"), (2, "1", "2"),
                                                                         (2, "2", "1")]  # fmt: skip
    assert event.names["1 NS"] == "Ann & Bob" and event.names["1 EW"] == "Cat & Dan"
    result = runner.invoke(app, ["score", str(_write(tmp_path, "m.xml", _mitchell_per_direction()))])
    assert result.exit_code == 0, result.output
    assert "Ann & Bob" in result.output and "Cat & Dan" in result.output  # NS 1 and EW 1 each with their names


def test_usebio_per_direction_from_the_data_and_from_movement(tmp_path: Path) -> None:
    """Without PARTICIPANTS, as the CSV reader: recognised from the data with a warning; --movement decides."""
    text = _mitchell_per_direction()
    bare = text[: text.index("<PARTICIPANTS>")] + text[text.index("</PARTICIPANTS>") + len("</PARTICIPANTS>") :]
    event = usebio.loads(bare, "m.xml")
    assert len(event.results) == 4 and [p.severity for p in event.problems] == [Severity.WARNING]
    assert event.problems[0].text().startswith("the pairs of this file are numbered per direction")
    path = _write(tmp_path, "m.xml", bare)
    assert len(load_event(path, pairs_per_direction=True).results) == 4
    assert load_event(path, pairs_per_direction=True).problems == ()
    howell = load_event(path, pairs_per_direction=False)
    assert "both North-South and East-West" in howell.problems[0].text()
    assert len(howell.results) == 0  # board 2: pairs 1 and 2 each on two lines, neither scored (issue 18)
    assert runner.invoke(app, ["score", str(path), "--movement", "howell"]).exit_code == 2
    assert runner.invoke(app, ["score", str(path), "--movement", "mitchell"]).exit_code == 0


def test_usebio_pair_on_both_sides_without_per_direction_numbering_is_still_an_error() -> None:
    event = usebio.loads(_usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "1") + "</BOARD>"), "x.xml")
    assert [p.text() for p in event.problems] == ["board 1: pair 1 is written as both North-South and East-West"]


# --- teams and individual files are not scored as pairs -------------------------------------------------------


def _teams_pbn() -> str:
    return (
        '[Event "Teams"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[HomeTeam "SWEDEN"]\n'
        '[VisitTeam "NORWAY"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n[Score "NS 400"]\n\n'
        '[Event "Teams"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[HomeTeam "NORWAY"]\n'
        '[VisitTeam "SWEDEN"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "8"]\n[Score "EW 50"]\n'
    )


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("t.xml", _usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2") + "</BOARD>", "TEAMS"),
         'this is a teams event (EVENT_TYPE="TEAMS"): score it with `bridgescore teams'),
        ("m.xml", _usebio("<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
                          + _line("1", "2") + "</BOARD></MATCH>", "PAIRS"), "this is a teams event (<MATCH>)"),
        ("i.xml", _usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2") + "</BOARD>", "INDIVIDUAL"),
         'this is an individual event (EVENT_TYPE="INDIVIDUAL")'),
        ("t.pbn", _teams_pbn(), "this is a teams event ([HomeTeam])"),
    ],
)  # fmt: skip
def test_score_refuses_teams_and_individual_files(tmp_path: Path, name: str, text: str, words: str) -> None:
    """Before: scored as a pairs event at matchpoints, exit 0 ("SWEDEN" North-South at a percentage)."""
    path = _write(tmp_path, name, text)
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())
    assert "%" not in result.stdout if hasattr(result, "stdout") else True
    dutch = runner.invoke(app, ["score", str(path), "--lang", "nl"])
    assert dutch.exit_code == 2 and "wedstrijd" in dutch.output
    checked = runner.invoke(app, ["check", str(path)])  # check lists the lines and says what the file is
    assert checked.exit_code == 0 and words.split(";")[0] in " ".join(checked.output.split())


def test_reference_teams_and_individual_files_are_refused() -> None:
    for path in (EBU / "multiple-teams.xml", EBU / "individual.xml",
                 REFERENCE / "realbridge-teams-imp-pbn" / "original" / "example2.pbn"):  # fmt: skip
        reference_data.need(path)  # skips with one line, or fails where the run requires the collection
        result = runner.invoke(app, ["score", str(path)])
        assert result.exit_code == 2 and "event (" in result.output and "SWEDEN" not in result.output, path
    assert not_pairs(load_event(EBU / "mp-pairs.xml")) is None
    valet = runner.invoke(app, ["valet", str(EBU / "multiple-teams.xml")])  # valet reads a teams file's hands
    assert valet.exit_code == 0, valet.output


# --- Event.merge -----------------------------------------------------------------------------------------------


def _pbn_game(board: int, ns: str, ew: str, names_ns: str = "", score: str = "NS 400", tricks: int = 9) -> str:
    names = f'[Names_NS "{names_ns}"]\n' if names_ns else ""
    return (
        f'[Event "Club"]\n[Board "{board}"]\n[PairId_NS "{ns}"]\n[PairId_EW "{ew}"]\n{names}'
        f'[Contract "3NT"]\n[Declarer "N"]\n[Result "{tricks}"]\n[Score "{score}"]\n\n'
    )


def _event(file: str, names: dict[str, str], board: int = 1, score: int = 400) -> Event:
    result = Result(board, "1", "2", ResultStatus.PLAYED, ns_score=score, source=Location(file, 1))
    return Event((result,), names)


def test_merge_refuses_names_that_disagree() -> None:
    """Before: the second file's name overwrote the first's silently."""
    merged = Event.merge([_event("a.csv", {"1": "Ann & Bob"}), _event("b.csv", {"1": "Cat & Dan"}, board=2)])
    [problem] = merged.problems
    assert problem.severity is Severity.ERROR and problem.location.file == "b.csv"
    assert problem.text() == (
        "pair 1 is 'Cat & Dan' in b.csv but 'Ann & Bob' in a.csv; if they are two pairs, give each file its section; "
        "if one pair, correct its name in one of the files"
    )
    assert merged.names["1"] == "Ann & Bob"
    same = Event.merge([_event("a.csv", {"1": "Ann & Bob"}), _event("b.csv", {"1": "Ann & Bob"}, board=2)])
    assert same.problems == ()


def test_the_same_file_twice_is_read_once_and_refused(tmp_path: Path) -> None:
    """Before: every result counted twice (score, check and valet)."""
    path = _write(tmp_path, "a.pbn", _pbn_game(1, "1", "2") + _pbn_game(1, "3", "4", score="NS 430", tricks=10))
    copy = tmp_path / "copy.pbn"
    shutil.copy(path, copy)
    for second in (path, copy):
        event = load_events([path, second])
        assert len(event.results) == 2
        assert [p.text() for p in event.problems] == [
            f"{second} holds the same lines as {path} (the same file given twice?); it is read once"
        ]
        for command in ("score", "check", "valet"):
            assert runner.invoke(app, [command, str(path), str(second)]).exit_code == 2, command
        assert runner.invoke(app, ["score", str(path), str(second), "--skip-invalid"]).exit_code == 0


def test_files_per_section_without_a_section_become_sections(tmp_path: Path) -> None:
    """Before: pair 1 of A and pair 1 of B were one pair, playing each board twice.  Issue 13: two such files are
    as likely two evenings (sessions) as two sections, so they are sections only where the director says so
    (``--section-per-file``) or where both files carry the same date; otherwise they are refused (exit 2)."""
    a = _write(
        tmp_path, "A.pbn", _pbn_game(1, "1", "2", "Ann & Bob") + _pbn_game(1, "3", "4", score="NS 430", tricks=10)
    )
    b = _write(
        tmp_path, "B.pbn", _pbn_game(1, "1", "2", "Cat & Dan") + _pbn_game(1, "3", "4", score="NS 460", tricks=11)
    )
    event = load_events([a, b], section_per_file=True)
    assert sorted({r.section for r in event.results}) == ["A", "B"]
    assert [p.severity for p in event.problems] == [Severity.WARNING, Severity.WARNING]
    assert "so its lines are section 'B' (one file per section)" in event.problems[1].text()
    result = runner.invoke(app, ["score", str(a), str(b), "--section-per-file"])
    assert result.exit_code == 0 and "Section A" in result.output and "Section B" in result.output, result.output
    named = Event.merge(
        [_event("A.csv", {"1": "Ann & Bob"}), _event("B.csv", {"1": "Cat & Dan"}, score=430)], section_per_file=True
    )
    assert named.names == {"A:1": "Ann & Bob", "B:1": "Cat & Dan"}
    assert [p.severity for p in named.problems] == [Severity.WARNING, Severity.WARNING]
    # without being told: refused, naming both files and the boards
    refused = load_events([a, b])
    assert [p.severity for p in refused.problems] == [Severity.ERROR]
    assert refused.problems[0].text() == (
        f"{a} and {b} both hold boards 1 and neither says its session or section: scored together they would be "
        "one field; give --session NAME for each file if they are two sessions, or --section-per-file if they are "
        "sections of one session"
    )
    assert runner.invoke(app, ["score", str(a), str(b)]).exit_code == 2
    # the same date in both files: one session exported per section, as before
    dated = [_write(tmp_path, f"D{p.name}", '[Date "2026.11.20"]\n' + p.read_text()) for p in (a, b)]
    same_day = load_events(dated)
    assert [p.severity for p in same_day.problems] == [Severity.WARNING, Severity.WARNING]


# --- locations name elements and tags ---------------------------------------------------------------------------


def test_problem_locations_say_element_and_tag() -> None:
    xml = usebio.loads(_usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2", tricks="x") + "</BOARD>"),
                       "x.xml")  # fmt: skip
    assert xml.problems[0].location.kind is FieldKind.ELEMENT
    assert str(xml.problems[0]).startswith("x.xml, line 5, element 'TRICKS': warning: board 1:")
    game = _pbn_game(1, "1", "2").replace('[Score "NS 400"]', '[Score "zz"]')
    text = pbn.loads(game, "x.pbn")
    assert str(text.problems[0]).startswith("x.pbn, line 8, tag 'Score': board 1:")


# --- tracebacks ---------------------------------------------------------------------------------------------------


def test_usebio_nested_a_thousand_deep_is_a_problem(tmp_path: Path) -> None:
    """Before: RecursionError."""
    deep = "<USEBIO><EVENT>" + "<SECTION>" * 1000 + "</SECTION>" * 1000 + "</EVENT></USEBIO>"
    result = runner.invoke(app, ["check", str(_write(tmp_path, "deep.xml", deep))])
    assert result.exit_code == 2 and "nested more than 64 deep" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_memory_error_while_reading_is_a_clear_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a MemoryError traceback on a valid 100 MB file."""

    def exhausted(path: Path, options: object) -> Event:
        raise MemoryError

    monkeypatch.setitem(READERS, ".xml", exhausted)
    path = _write(tmp_path, "big.xml", "x" * 2_500_000)
    [problem] = load_event(path).problems
    assert problem.text() == (
        "the file is too large to read in this much memory (2 MB); split it (one file per section or session) or "
        "use a computer with more memory"
    )
    assert runner.invoke(app, ["check", str(path)]).exit_code == 2


# --- silent loss --------------------------------------------------------------------------------------------------


def test_pbn_games_without_a_blank_line_between_are_all_read() -> None:
    """Before: only the first game was kept."""
    text = (_pbn_game(1, "1", "2") + _pbn_game(2, "1", "2", score="NS 600")).replace("\n\n", "\n")
    event = pbn.loads(text, "x.pbn")
    assert [(r.board, r.ns_score) for r in event.results] == [(1, 400), (2, 600)]
    [warning] = event.problems
    assert warning.severity is Severity.WARNING and warning.location.line == 9 and warning.location.field == "Event"


@pytest.mark.parametrize(
    ("body", "words", "line"),
    [
        ("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2").replace("TRAVELLER", "TRAVELER") + "</BOARD>",
         "<TRAVELER_LINE> is not where a USEBIO file has its traveller lines", 5),
        ("<board><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2") + "</board>", "<board> is not where", 5),
        ("<SECTION>" + _line("1", "2") + "</SECTION>", "<TRAVELLER_LINE> is not where", 5),
        ("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2").replace("<SCORE>400", "<SCORE>430</SCORE><SCORE>400")
         + "</BOARD>", "SCORE is written twice on this traveller line, '430' and '400'", 5),
        ("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><BOARD_NUMBER>2</BOARD_NUMBER>" + _line("1", "2") + "</BOARD>",
         "BOARD_NUMBER is written twice on this board, '1' and '2'", 5),
    ],
)  # fmt: skip
def test_usebio_lines_that_cannot_be_read_are_errors(body: str, words: str, line: int) -> None:
    """Before: all dropped with exit 0."""
    event = usebio.loads(_usebio(body), "x.xml")
    errors = [p for p in event.problems if p.severity is Severity.ERROR]
    assert event.results == () and len(errors) == 1, event.problems
    assert words in errors[0].text() and errors[0].location.line == line


def test_usebio_second_event_and_unknown_elements() -> None:
    first = "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2") + "</BOARD>"
    second = '<EVENT EVENT_TYPE="PAIRS">' + first + "</EVENT>\n"
    event = usebio.loads(_usebio(first).replace("</USEBIO>", second + "</USEBIO>"), "x.xml")
    assert len(event.results) == 1
    [error] = event.problems
    assert error.text().startswith("a second <EVENT> in the file (the first is on line 3)")
    assert "its 1 traveller lines are left out" in error.text()
    odd = _line("1", "2").replace("<SCORE>", "<HANDICAP_X>7</HANDICAP_X><SCORE>")
    event = usebio.loads(_usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + odd + "</BOARD>"), "x.xml")
    [warning] = event.problems
    assert warning.severity is Severity.WARNING and "<HANDICAP_X> is not a USEBIO element" in warning.text()
    assert event.results[0].extra["HANDICAP_X"] == "7"  # kept with the line
    same = _line("1", "2").replace("<SCORE>400", "<SCORE>400</SCORE><SCORE>400")
    event = usebio.loads(_usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + same + "</BOARD>"), "x.xml")
    assert len(event.results) == 1 and [p.severity for p in event.problems] == [Severity.WARNING]


# --- unfriendly ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("odd", ["\r", "\u2028", "\x0c", "\x85"])
def test_pbn_line_numbers_count_as_an_editor_does(odd: str) -> None:
    """Before: a lone CR or U+2028 inside a line counted as a line end, shifting every later line number."""
    game = _pbn_game(1, "1", "2").replace('[Event "Club"]', f'[Event "Club{odd}night"]')
    event = pbn.loads(game.replace('[Score "NS 400"]', '[Score "zz"]'), "x.pbn")
    assert event.problems[0].location.line == 8
    assert pbn.loads(game.replace("\n", "\r\n"), "x.pbn").results[0].ns_score == 400


def test_echoed_values_are_shortened() -> None:
    """Before: a megabyte-long value was echoed whole in the message."""
    huge = "x" * 1_000_000
    event = usebio.loads(_usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "2", score=huge)
                                 + "</BOARD>"), "x.xml")  # fmt: skip
    assert len(str(event.problems[0])) < 200 and "…" in str(event.problems[0])
    game = _pbn_game(1, "1", "2").replace('[Score "NS 400"]', f'[Score "{huge}"]')
    assert len(str(pbn.loads(game, "x.pbn").problems[0])) < 200
    assert shorten("abc") == "abc" and len(shorten(huge)) == 60 and shorten("a\nb") == "a b"


# --- Dutch ----------------------------------------------------------------------------------------------------------

_ENGLISH = {"board", "pair", "line", "the", "written", "left", "out", "tricks", "and",
            "not", "game", "file", "read", "twice"}  # fmt: skip


def _typical_problems() -> list[Problem]:
    x = usebio.loads(_usebio("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line("1", "1") + _line("3", "4", score="x")
                             + _line("5", "6", score="450") + "</BOARD>"), "x.xml").problems  # fmt: skip
    game = _pbn_game(1, "1", "2")
    p = pbn.loads(game.replace('[Score "NS 400"]', '[Score "zz"]') + game.replace('[Board "1"]', '[Board "0"]'),
                  "x.pbn").problems  # fmt: skip
    return [*x, *p]


def test_typical_reader_problems_in_dutch() -> None:
    problems = _typical_problems()
    assert len(problems) == 5
    for problem in problems:
        dutch = problem.text("nl")  # the location names the element or tag as the file writes it
        words = {w.strip(".,:;()'").lower() for w in dutch.split()}
        assert not words & _ENGLISH, dutch
    assert problems[0].describe("nl") == (
        "x.xml, regel 5, element 'EW_PAIR_NUMBER': spel 1: paar 1 staat zowel als Noord-Zuid als als Oost-West"
    )


def _bad_files() -> list[Path]:
    return sorted(p for p in DATA.iterdir() if p.suffix in (".xml", ".pbn"))


def test_every_problem_of_the_bad_files_is_in_the_catalogue() -> None:
    dutch = translator("nl")
    found = [p for path in _bad_files() for p in load_event(path).problems]
    found += [p for path in _bad_files() for p in load_events([path, path]).problems]
    found += _typical_problems()
    assert len({p.message for p in found}) >= 15
    missing = sorted({p.message for p in found if dutch.gettext(p.message) == p.message})
    assert missing == []


def test_an_individual_is_not_taken_for_pairs_numbered_per_direction() -> None:
    line = (
        "<TRAVELLER_LINE><N_PLAYER_NUMBER>1</N_PLAYER_NUMBER><S_PLAYER_NUMBER>2</S_PLAYER_NUMBER>"
        "<E_PLAYER_NUMBER>3</E_PLAYER_NUMBER><W_PLAYER_NUMBER>4</W_PLAYER_NUMBER><CONTRACT>3NT</CONTRACT>"
        "<PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE>"
    )
    boards = "".join(f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>{line}</BOARD>" for b in (1, 3, 6))
    event = usebio.loads(_usebio(boards, "INDIVIDUAL"), "i.xml")
    assert event.problems == () and event.form == "individual" and event.results[0].ns_pair == "1-2"
