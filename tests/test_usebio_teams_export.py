"""``bridgescore teams … --format usebio``: a teams event written as USEBIO 1.2 in the form of the EBU's samples
(TeamsScorer's ``multiple-teams.xml``, EBUScoreTeams' ``point-a-board-teams.xml``), and read back, scored with the
same options, to the same lines, board IMPs/points, match VPs/points, totals and places, with the players, date,
club and masterpoints kept (issue 13's acceptance: "every reference USEBIO file read, scored, written, read
again: the same lines and results")."""

from __future__ import annotations

import json
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.reference_data import reference_path
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.cards import format_lead
from bridgescore.teams import TeamsOptions, score_teams
from bridgescore.teams.choose import teams_options
from bridgescore.teams.model import ScoredTeams, TeamsEvent
from bridgescore.teams.read import load_teams
from bridgescore.teams.report.usebio import teams_to_bytes

runner = CliRunner()
EXAMPLES = "events/usebio-ebu-examples/original"
#: the two teams samples and the preset of the program that made each (what `teams` takes from PROGRAM_NAME)
TEAMS_FILES = {f"{EXAMPLES}/multiple-teams.xml": "teamsscorer", f"{EXAMPLES}/point-a-board-teams.xml": "ebuscore"}
#: bundled (tests/data/teams): the first four matches of multiple-teams.xml, so a clone alone runs the round trip
BUNDLED = Path(__file__).resolve().parent / "data" / "teams" / "multiple-teams-4-matches.xml"


def _scored(path: Path, as_program: str | None = None) -> tuple[TeamsEvent, ScoredTeams]:
    event = load_teams([path])
    options, _notes = teams_options(event, as_program=as_program)
    return event, score_teams(event, options)


def _lines(event: TeamsEvent) -> list[tuple[object, ...]]:
    """Every room's line: board, round, room, teams, contract, declarer, tricks, lead, score, status, ruling."""
    out: list[tuple[object, ...]] = []
    for m in event.matches:
        for b in m.boards:
            for room, r in (("open", b.open), ("closed", b.closed)):
                if r is not None:
                    lead = format_lead(r.lead or "")
                    out.append((m.round, m.home, m.away, b.board, room, r.ns_pair, r.ew_pair, str(r.contract),
                                r.declarer, r.tricks, lead, r.ns_score, r.status.value, r.remarks))  # fmt: skip
    return sorted(out, key=repr)


def _results(scored: ScoredTeams) -> tuple[object, ...]:
    boards = sorted(
        (m.match.round, m.match.home, b.board.board, b.imps_home, b.points_home, b.points_away)
        for m in scored.matches
        for b in m.boards
    )
    matches = sorted(
        (m.match.round, m.match.home, m.match.away, m.imps_home, m.imps_away, m.vp_home, m.vp_away, m.points_home,
         m.points_away) for m in scored.matches
    )  # fmt: skip
    standings = [(s.team.id, s.place_label, s.vp, s.points, s.imps_for, s.imps_against, s.matches)
                 for s in scored.standings]  # fmt: skip
    return boards, matches, standings


def _players(event: TeamsEvent) -> dict[str, list[tuple[object, ...]]]:
    """Each team's players: name, member number, club number, team pair and what else was read of them (the
    pair's PAIR_IMPS, a pairwise result bridgescore does not score for a teams event, left out)."""
    out: dict[str, list[tuple[object, ...]]] = {}
    for team_id, team in event.teams.items():
        for p in team.players:
            extra = sorted((k, v) for k, v in p.extra.items() if k != "PAIR/PAIR_IMPS")
            out.setdefault(team_id, []).append((p.name, p.number, p.club_number, extra))
    return out


def _round_trip(tmp_path: Path, source: Path, as_program: str, whole: bool = True) -> None:
    first, scored = _scored(source, as_program)
    written = tmp_path / "written.xml"
    written.write_bytes(teams_to_bytes(scored))
    again, rescored = _scored(written, as_program)
    assert [p.text() for p in again.problems] == []
    assert _lines(again) == _lines(first)
    assert _results(rescored) == _results(scored)
    assert [c for c in rescored.checks] == []  # the IMPs, points and VPs written are the file's own values
    assert _players(again) == _players(first)
    # the team's fields: masterpoints as read, and TOTAL_SCORE, WINS_OR_DRAWS, PLACE as the program published them
    # (where the file holds the whole event: the bundled cut has four of its matches)
    kept = (lambda key: True) if whole else (lambda key: key.startswith("MASTER_POINTS"))
    assert {t: {k: v for k, v in team.extra.items() if kept(k)} for t, team in again.teams.items()} == {
        t: {k: v for k, v in team.extra.items() if kept(k)} for t, team in first.teams.items()
    }
    for key in ("date", "club", "club_id", "master_point_scale", "p2p_charge_rate", "mps_awarded_flag",
                "contact_full_name", "contact_email", "session_count"):  # fmt: skip
        assert again.extra.get(key) == first.extra.get(key), key
    # the file's own values per board (IMPS, TEAM_POINTS) and per match (TEAM_SCORE) as written are the sample's
    assert sorted(
        (m.round, m.home, b.board, sorted(b.extra.items())) for m in again.matches for b in m.boards
    ) == sorted((m.round, m.home, b.board, sorted(b.extra.items())) for m in first.matches for b in m.boards)
    scores = ("team_score", "opposing_team_score")
    assert [(m.round, m.home, [m.extra[k] for k in scores]) for m in again.matches] == [
        (m.round, m.home, [m.extra[k] for k in scores]) for m in first.matches
    ]


def test_bundled_teams_file_round_trips(tmp_path: Path) -> None:
    """Runs in a clone alone: the first four matches of TeamsScorer's sample."""
    _round_trip(tmp_path, BUNDLED, "teamsscorer", whole=False)


@pytest.mark.parametrize("relative", list(TEAMS_FILES))
def test_every_reference_usebio_teams_file_round_trips(tmp_path: Path, relative: str) -> None:
    _round_trip(tmp_path, reference_path(relative), TEAMS_FILES[relative])


def _children(root: ET.Element, path: str) -> list[str]:
    """The tags of the first ``path`` element's children, in file order."""
    found = root.find(path)
    assert found is not None, path
    return [c.tag for c in found]


@pytest.mark.parametrize(
    ("path", "left_out"),
    [
        ("EVENT", {"PAIRWISE_SCORING_METHOD"}),  # pairwise results are not scored for a teams event
        ("EVENT/SESSION", set()),
        ("EVENT/SESSION/PARTICIPANTS/TEAM", set()),
        ("EVENT/SESSION/PARTICIPANTS/TEAM/PAIR", {"PAIR_IMPS"}),
        ("EVENT/SESSION/MATCH", set()),
        ("EVENT/SESSION/MATCH/BOARD", set()),
        ("EVENT/SESSION/MATCH/BOARD/TRAVELLER_LINE", {"NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"}),
    ],
)
@pytest.mark.parametrize("relative", list(TEAMS_FILES))
def test_elements_in_the_order_and_form_of_the_ebu_samples(
    tmp_path: Path, relative: str, path: str, left_out: set[str]
) -> None:
    source = reference_path(relative)
    _event, scored = _scored(source)
    written = ET.fromstring(teams_to_bytes(scored))
    sample = ET.parse(source).getroot()
    expected = [t for t in _children(sample, path) if t not in left_out]
    assert _children(written, path) == expected
    assert written.find("EVENT") is not None and written.find("EVENT").get("EVENT_TYPE") == "TEAMS"  # type: ignore[union-attr]
    team = written.find("EVENT/SESSION/PARTICIPANTS/TEAM")
    assert team is not None and set(team.attrib) == {"TEAM_ID", "TEAM_NAME"}


def test_methods_and_match_scores_as_the_samples_write_them(tmp_path: Path) -> None:
    for relative, methods in ((f"{EXAMPLES}/multiple-teams.xml", ("IMPS", "VPS", "VP")),
                              (f"{EXAMPLES}/point-a-board-teams.xml", ("PAB", "PAB", None))):  # fmt: skip
        _event, scored = _scored(reference_path(relative))
        root = ET.fromstring(teams_to_bytes(scored))
        event = root.find("EVENT")
        assert event is not None
        assert (event.findtext("BOARD_SCORING_METHOD"), event.findtext("MATCH_SCORING_METHOD"),
                event.findtext("SCORING_METHOD")) == methods  # fmt: skip
        sample = ET.parse(reference_path(relative)).getroot().find("EVENT")
        assert sample is not None
        assert event.findtext("BOARDS_PLAYED") == sample.findtext("BOARDS_PLAYED")  # the most a team played
        assert event.findtext("PROGRAM_NAME") == "bridgescore"


def test_a_team_without_pairs_writes_its_members_and_an_adjusted_board(tmp_path: Path) -> None:
    """A CSV teams event (no member numbers, no team pairs) with an artificial adjusted score in one room: the
    members' names as PLAYER elements of the TEAM, the ruling as USEBIO writes it (``A6040``, ``NOTES``), and all
    of it read back to the same lines and results."""
    source = tmp_path / "match.csv"
    source.write_text(
        "round,board,room,ns,ew,contract,declarer,result,score\n"
        "1,1,open,Oranje,Leeuwen,4S,N,=,\n"
        "1,1,closed,Leeuwen,Oranje,4S,S,-1,\n"
        "1,2,open,Oranje,Leeuwen,,,,A6040\n"
        "1,2,closed,Leeuwen,Oranje,3NT,N,=,\n",
        encoding="utf-8",
    )
    names = tmp_path / "names.txt"
    names.write_text("Oranje: Jan Jansen, Piet Pieters\nLeeuwen: Kees Bakker, Joop Smit\n", encoding="utf-8")
    first = load_teams([source], names=names)
    options, _ = teams_options(first, vp="none")
    scored = score_teams(first, options)
    data = teams_to_bytes(scored)
    root = ET.fromstring(data)
    team = root.find("EVENT/SESSION/PARTICIPANTS/TEAM")
    assert team is not None
    assert [p.findtext("PLAYER_NAME") for p in team.findall("PLAYER")] == ["Kees Bakker", "Joop Smit"]
    lines = root.findall("EVENT/SESSION/MATCH/BOARD/TRAVELLER_LINE")
    assert [(line.findtext("SCORE"), line.findtext("NOTES")) for line in lines][2] == ("A6040", "Adjusted score")
    written = tmp_path / "written.xml"
    written.write_bytes(data)
    again = load_teams([written])
    assert [p.text() for p in again.problems] == []
    assert [(r[3], r[4], r[11], r[12]) for r in _lines(again)] == [(r[3], r[4], r[11], r[12]) for r in _lines(first)]
    assert _results(score_teams(again, options)) == _results(scored)
    assert {t: team.members for t, team in again.teams.items()} == {t: team.members for t, team in first.teams.items()}


@pytest.mark.parametrize("relative", list(TEAMS_FILES))
def test_teams_format_usebio_through_the_command_line(tmp_path: Path, relative: str) -> None:
    """``teams FILE -f usebio -o OUT``, then ``teams OUT --as PROGRAM``: the same report as the original file's
    (USEBIO has no element for the VP scale or the tie-break, so the program's conventions are given again)."""
    source = reference_path(relative)
    out = tmp_path / "out.xml"
    written = runner.invoke(app, ["teams", str(source), "-f", "usebio", "-o", str(out), "--club", "De Lange Zee"])
    assert written.exit_code == 0, written.output
    assert out.read_bytes().startswith(b'<?xml version="1.0" encoding="iso-8859-1"?>')
    first = runner.invoke(app, ["teams", str(source), "-f", "json"])
    again = runner.invoke(app, ["teams", str(out), "--as", TEAMS_FILES[relative], "-f", "json"])
    assert first.exit_code == 0 and again.exit_code == 0, again.output
    before, after = json.loads(first.stdout), json.loads(again.stdout)
    for key in ("title", "form", "vp_scale", "options", "matches", "standings", "checks", "problems"):
        assert after[key] == before[key], key
    assert load_teams([out]).extra["club"] == "De Lange Zee"


def test_teams_refuses_an_unknown_format(tmp_path: Path) -> None:
    result = runner.invoke(app, ["teams", str(BUNDLED), "-f", "pdf"])
    assert result.exit_code == 2
    assert "usebio" in result.output


_CONTRACTS = ("1C", "2DX", "3H", "3NT", "4S", "4SXX", "6NT", "PASS")


@st.composite
def _teams_events(draw: st.DrawFn) -> tuple[TeamsEvent, TeamsOptions]:
    """A round robin of 2–4 teams (ids numbers or names, names with characters outside ISO 8859-1 and XML's own),
    1–3 boards a match, each room a real contract and its score, an adjusted score or a board not played; scored at
    IMPs (with VPs or without) or board-a-match (1/½/0 or 2/1/0).  The closed room always has a line (a reader
    makes a board only of a line it read), the open room may have none."""
    from bridgescore.core.contract import Seat, parse_contract, vulnerability_of_board
    from bridgescore.core.contract import score as contract_score
    from bridgescore.core.event import Result, ResultStatus
    from bridgescore.teams.model import Match, MatchBoard, Team
    from bridgescore.teams.vp import WBFContinuous

    count = draw(st.integers(2, 4))
    ids = draw(st.sampled_from([[str(i) for i in range(1, count + 1)], ["Oranje", "Leeuw", "Zee", "Duin"][:count]]))
    teams = {t: Team(t, draw(st.sampled_from(["", "Łukasz & <Co>", "Zoë €"])), ("Jan Jansen", "Piet Smit"))
             for t in ids}  # fmt: skip

    def line(board: int, ns: str, ew: str) -> Result | None:
        kind = draw(st.sampled_from(["played", "played", "played", "A60/40", "A+/A-", "not-played", "missing"]))
        if kind == "missing":
            return None
        if kind == "not-played":
            return Result(board, ns, ew, ResultStatus.NOT_PLAYED)
        if kind != "played":
            return Result(board, ns, ew, ResultStatus.ADJUSTED, remarks=kind)
        contract = parse_contract(draw(st.sampled_from(_CONTRACTS)))
        if contract.is_passed_out:
            return Result(board, ns, ew, ResultStatus.PASSED_OUT, contract=contract, ns_score=0)
        declarer = draw(st.sampled_from(list(Seat)))
        tricks = draw(st.integers(0, 13))
        lead = draw(st.sampled_from([None, "SA", "HT", "D2"]))
        points = contract_score(contract, declarer, vulnerability_of_board(board), tricks)
        return Result(board, ns, ew, ResultStatus.PLAYED, "", contract, declarer, tricks, lead, points)

    def line_played(board: int, ns: str, ew: str) -> Result:
        """A closed room's line where the draw gave none (a reader makes a board only of a line it read)."""
        contract = parse_contract("3NT")
        points = contract_score(contract, Seat.N, vulnerability_of_board(board), 9)
        return Result(board, ns, ew, ResultStatus.PLAYED, "", contract, Seat.N, 9, None, points)

    matches: list[Match] = []
    boards = draw(st.integers(1, 3))
    for number, (home, away) in enumerate((a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]):
        first = number * boards + 1
        played = tuple(
            MatchBoard(b, line(b, home, away), line(b, away, home) or line_played(b, away, home))
            for b in range(first, first + boards)
        )
        matches.append(Match(number + 1, home, away, played))
    event = TeamsEvent(teams, tuple(matches), title=draw(st.sampled_from(["Club & <teams>", "Drive €"])))
    form = draw(st.sampled_from(["imps", "bam"]))
    options = TeamsOptions(
        form=form,  # type: ignore[arg-type]
        vp=draw(st.sampled_from([WBFContinuous(), None])),
        board_points=draw(st.sampled_from(["acbl", "ebu"])),  # type: ignore[arg-type]
    )
    return event, options


@settings(max_examples=25, deadline=None)
@given(_teams_events())
def test_any_written_teams_event_reads_back_to_the_same_lines_and_results(
    case: tuple[TeamsEvent, TeamsOptions],
) -> None:
    """Any teams event written as USEBIO is read back with the same lines and, scored again with the same options,
    the same board IMPs/points, match scores, totals and places (the file's own word for the form and the board
    points is taken at reading)."""
    event, options = case
    scored = score_teams(event, options)
    with tempfile.TemporaryDirectory() as folder:
        written = Path(folder) / "written.xml"
        written.write_bytes(teams_to_bytes(scored))
        again = load_teams([written])
    assert not [p.text() for p in again.problems if p.severity.value == "error"]
    assert again.title == event.title
    assert {t: (team.name, team.members) for t, team in again.teams.items()} == {
        t: (team.name, team.members) for t, team in event.teams.items()
    }
    assert _lines(again) == _lines(event)
    assert _results(score_teams(again, TeamsOptions(vp=options.vp))) == _results(scored)
