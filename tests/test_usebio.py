"""The USEBIO reader: real files from the EBU, BriAn and RealBridge, and every kind of bad input reported with
its file, line and element, never a traceback."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import PASSED_OUT, Seat, parse_contract
from bridgescore.core.event import ResultStatus
from bridgescore.core.problems import Severity
from bridgescore.io import usebio
from reference_data import REFERENCE, need

USEBIO_EBU = REFERENCE / "events" / "usebio-ebu-examples"  # only mp-pairs.xml in a clone alone


def _doc(lines: str, event_extra: str = "", version: str = "1.2", encoding: str = "UTF-8") -> str:
    return (
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        f'<USEBIO Version="{version}">\n'
        '<EVENT EVENT_TYPE="PAIRS">\n'
        "<EVENT_DESCRIPTION>Tuesday pairs</EVENT_DESCRIPTION>\n"
        f"{event_extra}"
        "<BOARD>\n<BOARD_NUMBER>1</BOARD_NUMBER>\n"
        f"{lines}"
        "</BOARD>\n</EVENT>\n</USEBIO>\n"
    )


def _line(
    ns: str = "1",
    ew: str = "2",
    contract: str = "4S",
    by: str = "N",
    tricks: str = "10",
    score: str = "420",
    more: str = "",
) -> str:
    parts = [f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>", f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"]
    if contract is not None:
        parts.append(f"<CONTRACT>{contract}</CONTRACT>")
    if by:
        parts.append(f"<PLAYED_BY>{by}</PLAYED_BY>")
    if tricks:
        parts.append(f"<TRICKS>{tricks}</TRICKS>")
    if score:
        parts.append(f"<SCORE>{score}</SCORE>")
    return "<TRAVELLER_LINE>\n" + "\n".join(parts) + more + "\n</TRAVELLER_LINE>\n"


@pytest.fixture(scope="module")
def ebu() -> Path:
    return need(USEBIO_EBU / "original")


def test_pairs_file_is_read_line_by_line_with_source_lines(ebu: Path) -> None:
    event = usebio.load(need(ebu / "mp-pairs.xml"))
    assert event.problems == ()
    assert event.title == "Matchpointed Pairs Example Session"
    assert len(event.results) == 242
    first = event.results[0]
    assert (first.section, first.board, first.ns_pair, first.ew_pair) == ("Sect1", 1, "1", "12")
    assert first.contract == parse_contract("3HX") and first.declarer is Seat.N and first.tricks == 6
    assert first.lead == "D10" and first.ns_score == -500 and first.status is ResultStatus.PLAYED
    # the program's own points are kept, not dropped
    assert first.extra["NS_MATCH_POINTS"] == "0" and first.extra["EW_MATCH_POINTS"] == "20"
    # the line of the <TRAVELLER_LINE> element in the file (checked by hand: line 446)
    assert first.source is not None and first.source.line == 446
    assert event.names["1"] == "Dexter Jones & Brian Hollies"


def test_published_participants(ebu: Path) -> None:
    pairs = usebio.load_participants(need(ebu / "mp-pairs.xml"))
    assert len(pairs) == 22
    assert (pairs[0].number, pairs[0].direction, pairs[0].percentage, pairs[0].place) == ("1", "NS", 49.09, "6")
    totals = usebio.load_participants(need(ebu / "ximp-pairs.xml"))
    assert totals[0].total_score == -8.86


def test_sections_teams_and_individuals(ebu: Path) -> None:
    multi = usebio.load(need(ebu / "multi-section-pairs.xml"))
    assert {r.section for r in multi.results} == {"A", "B"}
    adjusted = [r for r in multi.results if r.status is ResultStatus.ADJUSTED]
    assert [(r.ns_pair, r.ew_pair, r.remarks, r.ns_score) for r in adjusted] == [("22", "32", "A50/50", None)]
    teams = usebio.load(need(ebu / "multiple-teams.xml"))
    assert len(teams.results) == 240 and teams.problems == ()
    published = usebio.load_participants(need(ebu / "multiple-teams.xml"))
    assert (published[0].kind, published[0].number, published[0].total_score) == ("TEAM", "1", 55.0)
    assert (published[1].kind, published[1].number, published[1].team) == ("PAIR", "1-1-2", "1")
    line = teams.results[0]
    assert (line.ns_pair, line.ew_pair) == ("1-1-2", "3-3-4")
    assert line.extra["MATCH.ROUND_NUMBER"] == "1" and line.extra["BOARD.IMPS"] == "0"
    assert line.extra["DIRECTION"] == "NS"
    individual = usebio.load(need(ebu / "individual.xml"))
    assert len(individual.results) == 132
    assert individual.results[0].ns_pair == "10-101" and individual.results[0].ns_score == 80


def test_unreadable_contract_with_a_written_score_is_kept_with_a_warning(ebu: Path) -> None:
    event = usebio.load(need(ebu / "ximp-pairs.xml"))
    assert len(event.results) == 192
    [problem] = event.problems
    assert problem.severity is Severity.WARNING
    assert problem.location.line == 341 and problem.location.field == "CONTRACT"
    assert "'42'" in problem.text() and "written score is used" in problem.text()
    kept = next(r for r in event.results if r.board == 1 and r.ns_pair == "9")
    assert kept.ns_score == 480 and kept.contract is None and kept.extra == kept.extra


@pytest.mark.parametrize(
    ("score", "remark"),
    [("A5050", "A50/50"), ("A6040", "A60/40"), ("A4040", "A40/40"), ("A60A40", "A60/40"), ("AVE+", "A+/A-"),
     ("AVE-", "A-/A+"), ("AVE", "A/A"), ("60%-40%", "A60/40")],
)  # fmt: skip
def test_adjusted_scores_become_canonical_remarks(score: str, remark: str) -> None:
    event = usebio.loads(_doc(_line(contract="", by="", tricks="", score=score)))
    assert event.problems == ()
    [r] = event.results
    assert r.status is ResultStatus.ADJUSTED and r.remarks == remark and r.ns_score is None


def test_adjusted_remarks_are_understood_by_the_scoring_methods() -> None:
    from bridgescore.core.adjustments import ArtificialScore, parse_adjustment

    for text in ("A50/50", "A60/40", "A+/A-", "A/A", "A-/A-"):
        assert isinstance(parse_adjustment(text), ArtificialScore), text


def test_passed_out_and_not_played() -> None:
    text = _doc(_line(contract="PASS", by="N", tricks="0", score="0") + _line("3", "4", "", "", "", "NP"))
    event = usebio.loads(text)
    assert event.problems == ()
    passed, not_played = event.results
    assert passed.status is ResultStatus.PASSED_OUT and passed.contract == PASSED_OUT and passed.ns_score == 0
    assert not_played.status is ResultStatus.NOT_PLAYED and not_played.ns_score is None


def test_score_is_computed_when_missing_and_checked_when_written() -> None:
    event = usebio.loads(_doc(_line(score="") + _line("3", "4", "4S", "N", "10", "450")))
    computed, mismatch = event.results
    assert computed.ns_score == 420
    assert mismatch.ns_score == 450  # the written score is what the program scored
    [problem] = event.problems
    assert problem.severity is Severity.WARNING and problem.location.field == "SCORE"
    assert "does not match 4S by N taking 10 tricks" in problem.text() and problem.location.line == 20


@pytest.mark.parametrize(
    ("xml", "line", "field", "words"),
    [
        (_doc(_line(ns="")), 8, "NS_PAIR_NUMBER", "North-South pair number is missing"),
        (_doc(_line(ew="1")), 9, "EW_PAIR_NUMBER", "pair 1 is written as both"),
        (_doc(_line(contract="9S", score="")), 10, "CONTRACT", "level 9 does not exist"),
        (_doc(_line(tricks="14", score="")), 12, "TRICKS", "14' tricks is impossible"),
        (_doc(_line(by="Q", score="")), 11, "PLAYED_BY", "is not a declarer"),
        (_doc(_line(score="lots")), 13, "SCORE", "neither a score nor an adjusted score"),
        (_doc(_line(contract="", by="", tricks="", score="")), 7, "SCORE", "neither a contract nor a score"),
    ],
)
def test_bad_lines_are_reported_with_line_and_element(xml: str, line: int, field: str, words: str) -> None:
    event = usebio.loads(xml, "night.xml")
    [problem] = event.problems
    assert problem.location.file == "night.xml"
    assert problem.location.field == field
    assert problem.location.line == line
    assert words in problem.text()


def test_missing_board_number_leaves_the_board_out() -> None:
    xml = _doc(_line()).replace("<BOARD_NUMBER>1</BOARD_NUMBER>", "<BOARD_NUMBER></BOARD_NUMBER>")
    event = usebio.loads(xml, "night.xml")
    assert event.results == ()
    [problem] = event.problems
    assert problem.location.line == 5 and "no BOARD_NUMBER" in problem.text()


def test_pair_twice_on_a_board() -> None:
    event = usebio.loads(_doc(_line() + _line("1", "3")))
    assert len(event.results) == 0  # which of the two is right cannot be told (issue 18): neither is scored
    assert [(p.location.line, p.location.field) for p in event.problems] == [(7, "NS_PAIR_NUMBER"),
                                                                             (15, "NS_PAIR_NUMBER")]  # fmt: skip
    assert "board 1: pair 1 plays it on more than one line (lines 7, 15)" in event.problems[0].text()


@pytest.mark.parametrize(
    ("data", "words", "line"),
    [
        ("<USEBIO><EVENT><BOARD></EVENT></USEBIO>", "not well-formed XML", 1),
        ("<USEBIO>\n<EVENT>\n<BOARD>\n</EVENT>", "not well-formed XML", 4),
        ("", "not well-formed XML", 1),
        ("<PBN/>", "root element is <PBN>", 1),
        ('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><USEBIO>&a;</USEBIO>', "entities", None),
        ("<USEBIO/>", "no <EVENT>", 1),
    ],
)
def test_files_that_are_not_usebio(data: str, words: str, line: int | None) -> None:
    event = usebio.loads(data, "bad.xml")
    assert event.results == ()
    [problem] = event.problems
    assert words in problem.text() and problem.location.line == line


def test_latin1_names_and_unknown_version() -> None:
    pair = ("<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Zoë Brontë</PLAYER_NAME>"
            "</PLAYER><PLAYER><PLAYER_NAME>José</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>\n")  # fmt: skip
    data = _doc(_line(), pair, version="2.0", encoding="iso-8859-1").encode("latin-1")
    event = usebio.loads(data)
    assert event.names["1"] == "Zoë Brontë & José"
    assert [p.severity for p in event.problems] == [Severity.WARNING]
    assert "version 2.0" in event.problems[0].text()


def test_unknown_elements_and_attributes_are_kept() -> None:
    event = usebio.loads(
        _doc(_line(more="<CLOCK>21:14</CLOCK>").replace("<TRAVELLER_LINE>", '<TRAVELLER_LINE ID="7">'))
    )
    [r] = event.results
    assert r.extra["CLOCK"] == "21:14" and r.extra["@ID"] == "7"


def test_two_sessions_name_their_sections() -> None:
    session = ('<SESSION SESSION_ID="{n}"><SECTION SECTION_ID="A"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
               + _line() + "</BOARD></SECTION></SESSION>")  # fmt: skip
    xml = "<USEBIO><EVENT>" + session.format(n=1) + session.format(n=2) + "</EVENT></USEBIO>"
    event = usebio.loads(xml)
    assert [r.section for r in event.results] == ["1/A", "2/A"] and event.problems == ()


def test_missing_file() -> None:
    event = usebio.load("/nonexistent/usebio.xml")
    assert "cannot read the file" in event.problems[0].text()


def test_teams_board_imps_reproduce_from_the_lines_read(ebu: Path) -> None:
    """TeamsScorer's board IMPs = IMP(the team's NS score at one table − the NS score at the other table),
    WBF scale, for all 120 match boards: the reader keeps each line's match, direction and board values."""
    from bridgescore.core.imps import wbf_imps

    event = usebio.load(need(ebu / "multiple-teams.xml"))
    boards: dict[tuple[str, str, int], dict[str, int]] = {}
    imps: dict[tuple[str, str, int], int] = {}
    for r in event.results:
        key = (r.extra["MATCH.ROUND_NUMBER"], r.extra["MATCH.TEAM"], r.board)
        assert r.ns_score is not None
        boards.setdefault(key, {})[r.extra["DIRECTION"]] = r.ns_score
        imps[key] = int(r.extra["BOARD.IMPS"])
    assert len(boards) == 120
    for key, scores in boards.items():
        assert int(wbf_imps(scores["NS"] - scores["EW"])) == imps[key], key


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_no_input_makes_the_reader_raise(data: st.DataObject) -> None:
    """Any element text, and any cut of the file, gives results and problems, never a traceback."""
    texts = st.text(alphabet=st.sampled_from(list("0123456789ANSEWPXH+-=/%.# <>&")), max_size=8)
    lines = _line(*(escape(data.draw(texts)) for _ in range(7)))
    document = _doc(lines)
    cut = data.draw(st.integers(0, len(document)))
    for text in (document, document[:cut]):
        event = usebio.loads(text)
        assert event.results or event.problems
