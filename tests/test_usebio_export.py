"""USEBIO: the reader keeps players, date, club and masterpoints; ``score --format usebio`` writes USEBIO 1.2; every
reference USEBIO pairs file read, scored, written and read again gives the same lines and results (issue 13)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.reference_data import reference_path
from typer.testing import CliRunner

from bridgescore.api import read, score
from bridgescore.cli import app
from bridgescore.core.cards import format_lead
from bridgescore.core.event import Event
from bridgescore.individual import score_individual
from bridgescore.individual.engine import ScoredIndividual
from bridgescore.io import usebio
from bridgescore.pairs.report.usebio import EVENT_ORDER, to_bytes, usebio_date
from bridgescore.pairs.scored import ScoredEvent
from bridgescore.pairs.standings import compute_standings, format_percent, format_points

MP_PAIRS = "events/usebio-ebu-examples/original/mp-pairs.xml"  # bundled: runs in a clone alone
#: every reference USEBIO pairs file and the options it was scored with by its program (SOURCE.md of each)
PAIRS_FILES = {
    MP_PAIRS: {},
    "events/usebio-ebu-examples/original/multi-section-pairs.xml": {"across_sections": True},
    "events/usebio-ebu-examples/original/ximp-pairs.xml": {"method": "cross-imps"},
    "events/usebio-realbridge/original/usebio.xml": {},
    "events/usebio-brian-welwyn/original/usebio.xml": {"neuberg": False},
}
#: not round-tripped here: teams events are written by ``bridgescore teams`` (tests/test_usebio_teams_export.py)
NOT_PAIRS = (
    "events/usebio-ebu-examples/original/multiple-teams.xml",
    "events/usebio-ebu-examples/original/point-a-board-teams.xml",
)
INDIVIDUAL = "events/usebio-ebu-examples/original/individual.xml"


def _score(event: Event, options: dict[str, object]) -> ScoredEvent:
    opts = dict(options)
    method = opts.pop("method", None)
    return score(event, method if isinstance(method, str) else None, **opts).scored  # type: ignore[arg-type]


def _lines(event: Event) -> list[tuple[object, ...]]:
    return sorted(
        (r.section, r.board, r.ns_pair, r.ew_pair, str(r.contract), r.declarer, r.tricks, format_lead(r.lead or ""),
         r.ns_score, r.status.value, r.remarks)
        for r in event.results
    )  # fmt: skip


def _num(value: float) -> float | None:
    return None if value != value else round(float(value), 6)  # NaN (no score) as None, comparable


def _results(scored: ScoredEvent) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    c = scored.lines
    points = sorted(
        (r.section, r.board, r.ns_pair, r.ew_pair, _num(ns), _num(ew))
        for r, ns, ew in ((scored.result(p), c.ns_points[p], c.ew_points[p]) for p in range(len(c.rows)))
    )
    ranks = sorted(
        (s.group, e.section, e.pair, e.place_label, round(e.total, 6), e.percent and round(e.percent, 6), e.boards)
        for s in compute_standings(scored)
        for e in s.entries
    )
    return points, ranks


def _round_trip(tmp_path: Path, relative: str, options: dict[str, object]) -> None:
    first = read(reference_path(relative))
    scored = _score(first, options)
    written = tmp_path / "written.xml"
    written.write_bytes(to_bytes(scored))
    again = read(written)
    assert not [p for p in again.problems if p.severity.value == "error"]
    # the same lines: board, pairs, contract, declarer, tricks, lead, score, status (and adjustment)
    assert _lines(again) == _lines(first)
    # the same results: points per line, totals, percentages and places
    rescored = _score(again, options)
    assert _results(rescored) == _results(scored)
    # the file holds them as written numbers: each line's points and each pair's percentage/total and place
    is_mp = "method" not in options
    ns_tag = "NS_MATCH_POINTS" if is_mp else "NS_CROSS_IMP_POINTS"
    c = scored.lines
    expected = sorted(
        (
            scored.result(p).board,
            scored.result(p).ns_pair,
            scored.result(p).ew_pair,
            format_points(float(c.ns_points[p])),
        )
        for p in range(len(c.rows))
        if c.ns_points[p] == c.ns_points[p]
    )
    assert (
        sorted((r.board, r.ns_pair, r.ew_pair, r.extra[ns_tag]) for r in again.results if ns_tag in r.extra) == expected
    )
    published = {(p.number, p.direction): p for p in usebio.load_participants(written)}
    for standing in compute_standings(scored):
        for e in standing.entries:
            p = published[(e.pair, e.direction if e.direction in ("NS", "EW") else "")]
            assert p.place == e.place_label
            if is_mp:
                assert f"{p.percentage:.2f}" == format_percent(e.percent)
            else:
                assert p.total_score == pytest.approx(float(format_points(e.total)))
    # the players, the date, the club and the masterpoint fields are kept
    assert first.players and first.info.get("program_name")  # every reference file names its players and program
    assert dict(again.players) == dict(first.players)
    for key in ("date", "club", "club_id", "master_point_scale", "master_point_type", "mps_awarded_flag",
                "p2p_charge_rate", "contact_full_name", "contact_email"):  # fmt: skip
        assert again.info.get(key) == first.info.get(key), key
    assert {n: d.hands for n, d in again.deals.items()} == {n: d.hands for n, d in first.deals.items()}
    for pair, fields in first.pair_info.items():
        kept = {k: v for k, v in fields.items() if "MASTER_POINT" in k or k == "HANDICAP"}
        assert {k: again.pair_info[pair][k] for k in kept} == kept


def test_mp_pairs_round_trip(tmp_path: Path) -> None:
    """PairsScorer's sample (bundled): read, scored, written, read again – the same lines, results, players."""
    _round_trip(tmp_path, MP_PAIRS, {})


@pytest.mark.parametrize("relative", [f for f in PAIRS_FILES if f != MP_PAIRS])
def test_every_reference_usebio_pairs_file_round_trips(tmp_path: Path, relative: str) -> None:
    _round_trip(tmp_path, relative, PAIRS_FILES[relative])


@pytest.mark.parametrize("relative", NOT_PAIRS)
def test_teams_files_are_read_not_written(relative: str) -> None:
    """The teams samples are read as teams (``score`` refuses them); ``teams -f usebio`` writes them
    (tests/test_usebio_teams_export.py)."""
    event = read(reference_path(relative))
    assert event.form == "teams"


def _individual_ranks(scored: ScoredIndividual) -> list[tuple[object, ...]]:
    return sorted(
        (s.section, e.player, e.place_label, round(e.total, 6), e.percent and round(e.percent, 6), e.boards)
        for s in scored.standings
        for e in s.entries
    )


def test_individual_round_trip(tmp_path: Path) -> None:
    """The EBU's individual sample through ``individual -f usebio``: the same lines (four players each), the same
    points and rankings, the players' numbers, names and masterpoints kept."""
    source = reference_path(INDIVIDUAL)
    first = read(source)
    scored = score_individual(first)
    out = tmp_path / "individual.xml"
    result = CliRunner().invoke(app, ["individual", str(source), "-f", "usebio", "-o", str(out), "--skip-invalid"])
    assert result.exit_code == 0, result.output
    again = read(out)
    assert again.form == "individual"
    assert _lines(again) == _lines(first)
    seats = ("N_PLAYER_NUMBER", "S_PLAYER_NUMBER", "E_PLAYER_NUMBER", "W_PLAYER_NUMBER")
    assert sorted(tuple(r.extra[t] for t in seats) for r in again.results) == sorted(
        tuple(r.extra[t] for t in seats) for r in first.results
    )
    rescored = score_individual(again)
    assert _results(rescored.scored) == _results(scored.scored)
    assert _individual_ranks(rescored) == _individual_ranks(scored)
    root = ET.parse(out).getroot()
    assert root.find("EVENT").get("EVENT_TYPE") == "INDIVIDUAL"  # type: ignore[union-attr]
    june = next(p for p in root.iter("PLAYER") if p.findtext("PLAYER_NUMBER") == "1")
    assert june.findtext("PLAYER_NAME") == "June Howard"
    assert june.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED") == "12"

    def who(event: Event) -> dict[str, tuple[str, str, str]]:
        return {k: (p[0].number, p[0].name, p[0].club_number) for k, p in event.players.items()}

    assert first.players and all(who(again)[k] == p for k, p in who(first).items())


def test_reader_keeps_players_date_club_and_masterpoints() -> None:
    event = read(reference_path(MP_PAIRS))
    first = event.players["1"]
    assert [(p.number, p.name, p.club_number, dict(p.extra)) for p in first] == [
        ("800001", "Dexter Jones", "132", {"@RATEABLE": "Y"}),
        ("800002", "Brian Hollies", "124", {"@RATEABLE": "Y"}),
    ]
    assert event.pair_info["3"]["MASTER_POINTS/MASTER_POINTS_AWARDED"] == "30"
    assert event.pair_info["3"]["MASTER_POINTS/MASTER_POINT_TYPE"] == "BLACK"
    info = event.info
    assert (info["date"], info["club"], info["club_id"]) == ("22/10/2015", "Test Bridge Club", "00987654")
    assert (info["master_point_scale"], info["mps_awarded_flag"], info["p2p_charge_rate"]) == ("Club", "Y", "10")
    assert (info["program_name"], info["program_version"]) == ("PairsScorer", "7.2.93")
    assert info["contact_full_name"] == "Michael Clark"


_SMALL = """<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>Klub Łódź €</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="PAIRS"><DATE>2026.11.23</DATE><MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>
<PARTICIPANTS>
 <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><MASTER_POINTS_AWARDED>6</MASTER_POINTS_AWARDED>
  <PLAYER RATEABLE="N"><PLAYER_NAME>Łukasz Żółw</PLAYER_NAME><NATIONAL_ID_NUMBER>9001</NATIONAL_ID_NUMBER></PLAYER>
  <PLAYER><PLAYER_NAME>Ann Smith</PLAYER_NAME><NATIONAL_ID_NUMBER>9002</NATIONAL_ID_NUMBER></PLAYER></PAIR>
 <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLAYER><PLAYER_NAME>B</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>C</PLAYER_NAME></PLAYER></PAIR>
 <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLAYER><PLAYER_NAME>D</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>E</PLAYER_NAME></PLAYER></PAIR>
 <PAIR><PAIR_NUMBER>4</PAIR_NUMBER><PLAYER><PLAYER_NAME>F</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>G</PLAYER_NAME></PLAYER></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
 <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4Sx</CONTRACT>
  <PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>9</TRICKS><SCORE>-100</SCORE></TRAVELLER_LINE>
 <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>A6040</SCORE></TRAVELLER_LINE>
</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
 <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER><CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>
 <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>AVE+</SCORE></TRAVELLER_LINE>
 </BOARD>
<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
 <TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
  <PLAYED_BY>S</PLAYED_BY><LEAD>ST</LEAD><TRICKS>10</TRICKS><SCORE>430</SCORE></TRAVELLER_LINE>
 <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
  <PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>
"""


def _small(tmp_path: Path) -> Path:
    path = tmp_path / "small.xml"
    path.write_text(_SMALL, encoding="utf-8")
    return path


def test_encoding_declared_and_characters_outside_it_as_references(tmp_path: Path) -> None:
    data = to_bytes(score(read(_small(tmp_path))).scored)
    assert data.startswith(b'<?xml version="1.0" encoding="iso-8859-1"?>\n<!DOCTYPE USEBIO SYSTEM ')
    # Ł, Ż, €: every character outside ISO 8859-1 is a character reference; ó (in it) is its one byte
    assert b"&#321;ukasz &#379;\xf3&#322;w" in data and b"&#8364;" in data
    assert data.decode("iso-8859-1").isprintable() is False  # (line breaks) – the file decodes as it declares
    root = ET.fromstring(data)
    assert root.findtext("CLUB/CLUB_NAME") == "Klub Łódź €"
    assert root.findtext("EVENT/DATE") == "23/11/2026"  # as USEBIO writes a date, whatever form it was read in
    assert root.findtext("EVENT/PROGRAM_NAME") == "bridgescore"


def test_adjusted_and_passed_out_lines_as_usebio_writes_them(tmp_path: Path) -> None:
    root = ET.fromstring(to_bytes(score(read(_small(tmp_path))).scored))
    lines = {(ln.findtext("NS_PAIR_NUMBER"), ln.findtext("EW_PAIR_NUMBER")): ln for ln in root.iter("TRAVELLER_LINE")}
    adjusted = lines[("3", "4")]
    assert [c.tag for c in adjusted] == ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE", "NOTES", "NS_MATCH_POINTS",
                                         "EW_MATCH_POINTS"]  # fmt: skip
    assert adjusted.findtext("SCORE") == "A6040"
    assert lines[("2", "4")].findtext("SCORE") == "AVE+"
    passed = lines[("1", "3")]
    assert (passed.findtext("CONTRACT"), passed.findtext("SCORE"), passed.find("TRICKS")) == ("PASS", "0", None)
    doubled = lines[("1", "2")]
    assert [doubled.findtext(t) for t in ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE")] == [
        "4Sx", "N", "HK", "9", "-100"
    ]  # fmt: skip


def test_players_and_pair_masterpoints_written(tmp_path: Path) -> None:
    root = ET.fromstring(to_bytes(score(read(_small(tmp_path))).scored))
    pair = next(p for p in root.iter("PAIR") if p.findtext("PAIR_NUMBER") == "1")
    assert [c.tag for c in pair] == ["PAIR_NUMBER", "PERCENTAGE", "PLACE", "BOARDS_PLAYED", "MASTER_POINTS_AWARDED",
                                     "PLAYER", "PLAYER"]  # fmt: skip
    first = pair.findall("PLAYER")[0]
    assert first.get("RATEABLE") == "N"
    assert (first.findtext("PLAYER_NAME"), first.findtext("NATIONAL_ID_NUMBER")) == ("Łukasz Żółw", "9001")


def test_element_order_follows_the_ebu_sample(tmp_path: Path) -> None:
    """Every element's children come in the order the EBU's own sample (PairsScorer) has them: for each parent
    the tags written are in the sample's order (bridgescore may leave some out, never reorder them)."""
    sample = ET.parse(reference_path(MP_PAIRS)).getroot()
    before: set[tuple[str, str, str]] = set()  # (parent, a, b): a comes before b in the sample
    for parent in sample.iter():
        tags = [c.tag for c in parent]
        before.update((parent.tag, a, b) for i, a in enumerate(tags) for b in tags[i + 1 :] if a != b)
    written = ET.fromstring(to_bytes(score(read(reference_path(MP_PAIRS))).scored))
    checked = 0
    for parent in written.iter():
        tags = [c.tag for c in parent]
        for i, a in enumerate(tags):
            for b in tags[i + 1 :]:
                assert (parent.tag, b, a) not in before or (parent.tag, a, b) in before, (parent.tag, a, b)
                checked += (parent.tag, a, b) in before
    assert checked > 1000
    assert [c.tag for c in written.find("EVENT") if c.tag in EVENT_ORDER] == [
        t for t in EVENT_ORDER if written.find(f"EVENT/{t}") is not None
    ]


def test_cross_imps_written_as_cross_imp_points(tmp_path: Path) -> None:
    root = ET.fromstring(to_bytes(score(read(_small(tmp_path)), "cross-imps").scored))
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "CROSS_IMPS"
    assert root.find(".//NS_MATCH_POINTS") is None and root.find(".//NS_CROSS_IMP_POINTS") is not None
    assert root.find(".//PAIR/TOTAL_SCORE") is not None and root.find(".//PAIR/PERCENTAGE") is None


def test_score_format_usebio_cli(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    result = CliRunner().invoke(app, ["score", str(_small(tmp_path)), "-f", "usebio", "-o", str(out)])
    assert result.exit_code == 0, result.output
    again = read(out)
    assert again.players["1"][0].number == "9001" and again.info["club"] == "Klub Łódź €"
    shown = CliRunner().invoke(app, ["score", str(_small(tmp_path)), "--format", "usebio", "--club", "Other"])
    assert shown.exit_code == 0 and "<CLUB_NAME>Other</CLUB_NAME>" in shown.output
    wrong = CliRunner().invoke(app, ["score", str(_small(tmp_path)), "-f", "xml"])
    assert wrong.exit_code == 2 and "usebio" in wrong.output


@pytest.mark.parametrize(
    ("text", "written"), [("2026.11.23", "23/11/2026"), ("22/10/2015", "22/10/2015"), ("spring", "spring")]
)
def test_usebio_date(text: str, written: str) -> None:
    assert usebio_date(text) == written


_CONTRACTS = ("1C", "2DX", "3H", "3NT", "4S", "4SXX", "6NT", "7C", "PASS")


@st.composite
def _events(draw: st.DrawFn) -> Event:
    """A Howell of 4–8 pairs in one or two sections: every line a real contract and its score, an adjusted score
    or a board not played; names with characters outside ISO 8859-1 and XML's own (``&``, ``<``)."""
    from bridgescore.core.contract import Seat, parse_contract, vulnerability_of_board
    from bridgescore.core.contract import score as contract_score
    from bridgescore.core.event import Result, ResultStatus

    sections = draw(st.sampled_from([("",), ("A", "B")]))
    results: list[Result] = []
    names: dict[str, str] = {}
    for section in sections:
        pairs = draw(st.integers(4, 8))
        for board in range(1, draw(st.integers(1, 4)) + 1):
            for table in range(pairs // 2):
                ns, ew = str(2 * table + 1), str(2 * table + 2)
                kind = draw(st.sampled_from(["played", "played", "played", "A60/40", "A+/A-", "not-played"]))
                if kind == "not-played":
                    results.append(Result(board, ns, ew, ResultStatus.NOT_PLAYED, section))
                elif kind != "played":
                    results.append(Result(board, ns, ew, ResultStatus.ADJUSTED, section, remarks=kind))
                else:
                    contract = parse_contract(draw(st.sampled_from(_CONTRACTS)))
                    if contract.is_passed_out:
                        results.append(Result(board, ns, ew, ResultStatus.PASSED_OUT, section, contract, ns_score=0))
                        continue
                    declarer = draw(st.sampled_from(list(Seat)))
                    tricks = draw(st.integers(0, 13))
                    lead = draw(st.sampled_from([None, "SA", "HT", "D2"]))
                    points = contract_score(contract, declarer, vulnerability_of_board(board), tricks)
                    results.append(
                        Result(board, ns, ew, ResultStatus.PLAYED, section, contract, declarer, tricks, lead, points)
                    )
        for pair in range(1, pairs + 1):
            key = f"{section}:{pair}" if section else str(pair)
            names[key] = draw(st.sampled_from(["Łukasz Ż & Ann <B>", "Jan & Piet", "Zoë € & Bo"]))
    return Event(tuple(results), names, title=draw(st.sampled_from(["Club & <evening>", "Drive €"])))


@settings(max_examples=25, deadline=None)
@given(_events())
def test_written_usebio_reads_back_to_the_same_lines_and_points(event: Event) -> None:
    """Any pairs event written as USEBIO is read back with the same lines, names and points (the round trip)."""
    scored = score(event, neuberg=True).scored
    data = to_bytes(scored)
    again = usebio.loads(data, "written.xml")
    assert not [p for p in again.problems if p.severity.value == "error"]
    assert _lines(again) == _lines(event)
    assert again.title == event.title
    assert _results(score(again, neuberg=True).scored) == _results(scored)


def test_teams_reader_keeps_players_and_team_masterpoints() -> None:
    """The teams reader builds on the USEBIO reader: each team's players with their numbers and team pair, the
    team's masterpoints and the event's facts are kept (not written: ``teams`` has no USEBIO output yet)."""
    from bridgescore.teams.read_usebio import load as load_teams

    read_file = load_teams(reference_path("events/usebio-ebu-examples/original/multiple-teams.xml"))
    team = read_file.teams["1"]
    first = team.players[0]
    assert (first.number, first.name, first.club_number) == ("800001", "Dexter Jones", "132")
    assert (first.extra["PAIR_NUMBER"], first.extra["PAIR/PAIR_IMPS"], first.extra["@RATEABLE"]) == (
        "1-1-2", "-20.99", "Y"
    )  # fmt: skip
    assert len(team.players) == len(team.members)
    awarded = [t.extra["MASTER_POINTS/MASTER_POINTS_AWARDED"] for t in read_file.teams.values() if t.extra.get(
        "MASTER_POINTS/MASTER_POINTS_AWARDED")]  # fmt: skip
    assert awarded
    assert (read_file.extra["master_point_scale"], read_file.extra["mps_awarded_flag"]) == ("Club", "Y")


def test_sessions_go_back_to_their_session_element() -> None:
    """A section read as ``2/A`` (session 2, section A of a file with several sessions) is written in
    ``SESSION SESSION_ID="2"``/``SECTION SECTION_ID="A"`` and read back as ``2/A``."""
    from bridgescore.core.event import Result, ResultStatus

    results = tuple(
        Result(board, ns, ew, ResultStatus.PLAYED, section, ns_score=score_)
        for section in ("1/A", "2/A")
        for board in (1, 2)
        for ns, ew, score_ in (("1", "2", 420), ("3", "4", 450))
    )
    root = ET.fromstring(to_bytes(score(Event(results)).scored))
    sessions = [
        (s.get("SESSION_ID"), [x.get("SECTION_ID") for x in s.findall("SECTION")]) for s in root.iter("SESSION")
    ]
    assert sessions == [("1", ["A"]), ("2", ["A"])]
    assert root.findtext("EVENT/SESSION_COUNT") == "2"
    again = usebio.loads(to_bytes(score(Event(results)).scored))
    assert sorted({r.section for r in again.results}) == ["1/A", "2/A"]


def test_a_pair_named_in_one_part_keeps_its_name() -> None:
    """A pair whose name is not two players' ("The Smiths", "Zoë") was written with no PLAYER at all, so the exported
    file lost the name; it is one PLAYER_NAME now and reads back as the file wrote it."""
    from bridgescore.core.event import Result, ResultStatus

    results = tuple(
        Result(board, ns, ew, ResultStatus.PLAYED, ns_score=points)
        for board in (1, 2)
        for ns, ew, points in (("1", "2", 420), ("3", "4", 450))
    )
    names = {"1": "The Smiths", "2": "Zoë", "3": "Ann & Bob", "4": "Jan - Piet"}
    again = usebio.loads(to_bytes(score(Event(results, names, title="Club")).scored), "written.xml")
    assert {pair: again.names[pair] for pair in names} == {
        "1": "The Smiths", "2": "Zoë", "3": "Ann & Bob", "4": "Jan & Piet"
    }  # fmt: skip
