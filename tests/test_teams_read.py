"""Issue 9: teams files (USEBIO MATCH/BOARD, RealBridge PBN, CSV) read into a TeamsEvent, the two rooms of every
board found, and every problem located; the reference files' own board IMPs reproduce."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.reference_data import REFERENCE, need

from bridgescore.core.problems import Severity
from bridgescore.teams import TeamsOptions, score_teams
from bridgescore.teams.model import TeamsEvent
from bridgescore.teams.read import load_teams, negate
from bridgescore.teams.read_pbn import ns_imps

DATA = Path(__file__).parent / "data" / "teams"
EBU = REFERENCE / "events" / "usebio-ebu-examples" / "original"
REALBRIDGE = REFERENCE / "events" / "realbridge-teams-imp-pbn" / "original" / "example2.pbn"


def _imps_reproduced(event: TeamsEvent) -> tuple[int, int, int]:
    """(boards whose file IMPs the engine reproduces, boards it does not, boards both rooms passed)."""
    scored = score_teams(event, TeamsOptions(vp=None))
    same = different = passed = 0
    for match in scored.matches:
        for board in match.boards:
            written = board.board.extra.get("imps")
            if written is None or board.imps_home is None:
                continue
            if float(written) == board.imps_home:
                same += 1
            else:
                different += 1
            rooms = (board.board.open, board.board.closed)
            if all(r is not None and r.contract is not None and r.contract.is_passed_out for r in rooms):
                passed += 1
    return same, different, passed


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _messages(event: TeamsEvent) -> list[str]:
    return [str(p) for p in event.problems]


# --- USEBIO -------------------------------------------------------------------------------------------------------


def test_usebio_multiple_teams_every_board_imps_reproduces() -> None:
    event = load_teams([need(EBU / "multiple-teams.xml")])
    assert event.problems == ()
    assert len(event.matches) == 40 and len(event.teams) == 10
    assert _imps_reproduced(event) == (120, 0, 0)
    assert event.form == "imps" and event.match_scoring == "VPS"
    assert event.extra["program"] == "TeamsScorer 5.1.17" and event.extra["club"] == "Test Bridge Club"


def test_usebio_fixture_rooms_teams_and_the_files_values() -> None:
    event = load_teams([DATA / "multiple-teams-4-matches.xml"])
    assert event.problems == () and len(event.matches) == 4
    first = event.matches[0]
    assert (first.round, first.home, first.away) == (1, "1", "3")
    assert first.extra["team_score"] == "12" and first.extra["opposing_team_score"] == "8"
    board = first.boards[1]  # board 2: NS line 1-1-2 v 3-3-4 scores -140, EW line 3-1-2 v 1-3-4 scores -500
    assert board.open is not None and board.closed is not None
    assert (board.open.ns_pair, board.open.ew_pair, board.open.ns_score) == ("1", "3", -140)
    assert (board.closed.ns_pair, board.closed.ew_pair, board.closed.ns_score) == ("3", "1", -500)
    assert board.extra["imps"] == "8"
    team = event.team("1")
    assert team.name == "" and team.label == "1"  # TEAM_NAME="" → the id
    assert team.members == ("Dexter Jones", "Brian Hollies", "Engelbert Foop", "Shania Pillow")
    assert _imps_reproduced(event) == (12, 0, 0)


def test_usebio_point_a_board_keeps_the_team_points() -> None:
    event = load_teams([need(EBU / "point-a-board-teams.xml")])
    assert event.problems == () and event.form == "bam" and event.match_scoring == "PAB"
    board = event.matches[0].boards[0]
    assert board.extra["team_points"] == "0" and board.extra["opposing_team_points"] == "2"
    assert event.team("1").name == "HOLLIES"


def _usebio(matches: str, participants: str = "") -> str:
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS">'
        "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>"
        f"<SESSION SESSION_ID='1'>{participants}{matches}</SESSION></EVENT></USEBIO>"
    )


def _match(team: str, opp: str, boards: str, round_number: int = 1) -> str:
    return (
        f"<MATCH><ROUND_NUMBER>{round_number}</ROUND_NUMBER><TEAM>{team}</TEAM><OPPOSING_TEAM>{opp}</OPPOSING_TEAM>"
        f"{boards}</MATCH>"
    )


def _uboard(number: int, ns_score: int, ew_score: int, imps: str = "", ew_direction: str = "EW") -> str:
    def line(direction: str, score: int) -> str:
        return (
            f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION><NS_PAIR_NUMBER>a</NS_PAIR_NUMBER>"
            f"<EW_PAIR_NUMBER>b</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>"
        )

    imps_el = f"<IMPS>{imps}</IMPS>" if imps else ""
    return (
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{imps_el}{line('NS', ns_score)}"
        f"{line(ew_direction, ew_score)}</BOARD>"
    )


def test_usebio_match_written_from_both_views_is_read_once(tmp_path: Path) -> None:
    """Before: no teams reader; each view of the match would be a match of its own (two matches of one round)."""
    one = _match("1", "2", _uboard(1, 420, -50))
    other = _match("2", "1", _uboard(1, -50, 420))
    event = load_teams([_write(tmp_path, "t.xml", _usebio(one + other))])
    assert event.problems == () and len(event.matches) == 1
    assert (event.matches[0].home, event.matches[0].away) == ("1", "2")


def test_usebio_two_views_that_disagree_are_reported(tmp_path: Path) -> None:
    one = _match("1", "2", _uboard(1, 420, -50))
    other = _match("2", "1", _uboard(1, -50, 450))
    event = load_teams([_write(tmp_path, "t.xml", _usebio(one + other))])
    assert len(event.matches) == 1
    [problem] = event.problems
    assert problem.severity is Severity.ERROR and "written twice" in str(problem) and "board 1" in str(problem)
    assert problem.location.line is not None


def test_usebio_line_without_direction_is_located(tmp_path: Path) -> None:
    event = load_teams([_write(tmp_path, "t.xml", _usebio(_match("1", "2", _uboard(1, 420, -50, ew_direction="X"))))])
    messages = _messages(event)
    assert any("DIRECTION is 'X'" in m and "element 'DIRECTION'" in m for m in messages)
    scored = score_teams(event)  # the other room is kept, and said
    assert any("has no result in the closed room" in str(p) for p in scored.problems)


def test_usebio_pairs_file_is_not_a_teams_file() -> None:
    event = load_teams([need(EBU / "mp-pairs.xml")])
    assert event.matches == ()
    assert any("has no <MATCH>" in m for m in _messages(event))


# --- PBN ----------------------------------------------------------------------------------------------------------


def test_realbridge_every_score_imp_reproduces() -> None:
    event = load_teams([need(REALBRIDGE)])
    assert len(event.matches) == 15 and len(event.teams) == 30
    same, different, passed = _imps_reproduced(event)
    assert (same - passed, different) == (139, 0)  # 139 scored pairs, plus 10 boards passed out in both rooms
    assert passed == 10
    assert event.problems == ()
    [problem] = score_teams(event).problems  # the board played at one table only: kept, and said by the engine
    assert problem.severity is Severity.ERROR and "board 20 has no result in the closed room" in str(problem)
    assert "TURKEY" in str(problem)
    match = next(m for m in event.matches if m.home == "TURKEY")
    board = next(b for b in match.boards if b.board == 20)
    assert board.open is not None and board.closed is None


def test_realbridge_fixture_home_team_and_imps_from_its_view() -> None:
    event = load_teams([DATA / "realbridge-two-matches.pbn"])
    match = next(m for m in event.matches if "AUSTRIA" in (m.home, m.away))
    assert (match.home, match.away, match.table) == ("AUSTRIA", "DENMARK", "11")
    assert len(match.boards) == 10 and all(b.open and b.closed for b in match.boards)
    assert _imps_reproduced(event)[1] == 0


def test_pbn_room_tags_are_taken_at_their_word(tmp_path: Path) -> None:
    game = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[HomeTeam "{h}"]\n[VisitTeam "{v}"]\n[Room "{room}"]\n'
        '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n[Score "NS 400"]\n[ScoreIMP "{imps}"]\n'
    )
    text = (
        game.format(h="A", v="B", room="Closed", imps="NS -1 EW 1")
        + "\n"
        + game.format(h="A", v="B", room="Open", imps="NS 1 EW -1")
        .replace('[Score "NS 400"]', '[Score "NS 430"]')
        .replace('"9"', '"10"')
    )
    event = load_teams([_write(tmp_path, "t.pbn", text)])
    assert event.problems == ()
    board = event.matches[0].boards[0]
    assert board.open is not None and board.closed is not None
    assert (board.open.ns_pair, board.open.ns_score, board.closed.ns_pair) == ("A", 430, "B")
    assert board.extra["imps"] == "1"


def test_pbn_game_without_teams_is_reported(tmp_path: Path) -> None:
    text = '[Board "1"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n'
    event = load_teams([_write(tmp_path, "p.pbn", text)])
    assert event.matches == ()
    assert any("no HomeTeam and VisitTeam" in m and "tag 'HomeTeam'" in m for m in _messages(event))


@pytest.mark.parametrize(
    ("text", "ns"), [("NS 4 EW -4", "4"), ("EW 3", "-3"), ("EW -2 NS 2", "2"), ("-5", "-5"), ("", ""), ("x", "")]
)
def test_score_imp_read_for_north_south(text: str, ns: str) -> None:
    assert ns_imps(text) == ns


def test_negate() -> None:
    assert [negate(t) for t in ("4", "-2.5", "0", "", "x")] == ["-4", "2.5", "0", "", "x"]


# --- CSV ----------------------------------------------------------------------------------------------------------

_HEADER = "round,board,room,ns,ew,contract,declarer,result,remarks\n"


def test_csv_two_rooms_dutch_notation_and_adjustment(tmp_path: Path) -> None:
    text = _HEADER + ("1,1,open,1,2,4S,N,=,\n1,1,gesloten,2,1,4S,N,-1,\n1,2,1,1,2,3SA,Z,+1,\n1,2,2,2,1,,,,A60/40\n")
    event = load_teams([_write(tmp_path, "t.csv", text)], notation="nl")
    assert event.problems == ()
    [match] = event.matches
    assert (match.home, match.away) == ("1", "2")
    one, two = match.boards
    assert one.open is not None and one.closed is not None
    assert (one.open.ns_score, one.closed.ns_score) == (420, -50)
    assert two.open is not None and two.open.ns_score == 630  # 3SA by Z (South) +1
    assert two.closed is not None and two.closed.remarks == "A60/40"
    assert score_teams(event).matches[0].boards[0].imps_home == 10


def test_csv_without_room_column_takes_the_orientation(tmp_path: Path) -> None:
    text = "ronde,spel,nz,ow,contract,leider,resultaat\n1,1,Oost,West,4H,N,=\n1,1,West,Oost,4H,N,=\n"
    event = load_teams([_write(tmp_path, "t.csv", text)], notation="nl")
    assert event.problems == ()
    board = event.matches[0].boards[0]
    assert board.open is not None and board.closed is not None and board.open.ns_pair == "Oost"


def test_csv_board_in_one_room_is_kept_and_reported(tmp_path: Path) -> None:
    """The brief: a board played in one room only is reported, not silently dropped."""
    text = _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,closed,2,1,4S,N,=,\n1,2,open,1,2,3NT,S,=,\n"
    event = load_teams([_write(tmp_path, "t.csv", text)])
    assert event.problems == ()
    [problem] = score_teams(event).problems
    assert problem.severity is Severity.ERROR and problem.location.line == 4  # the input is incomplete
    assert problem.fields["board"] == 2 and problem.fields["round"] == 1
    assert (problem.fields["home"], problem.fields["away"]) == ("1", "2")
    board = event.matches[0].boards[1]
    assert board.open is not None and board.closed is None
    assert score_teams(event).matches[0].boards[1].imps_home is None


def test_csv_same_room_twice_is_an_error(tmp_path: Path) -> None:
    text = _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,open,1,2,4S,N,+1,\n1,1,closed,2,1,4S,N,=,\n"
    event = load_teams([_write(tmp_path, "t.csv", text)])
    [problem] = event.problems
    assert problem.severity is Severity.ERROR and problem.location.line == 3 and "written twice" in str(problem)


def test_csv_room_contradicting_the_orientation_is_an_error(tmp_path: Path) -> None:
    text = _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,closed,1,2,4S,N,=,\n"
    event = load_teams([_write(tmp_path, "t.csv", text)])
    wrong = [p for p in event.problems if p.severity is Severity.ERROR and p.location.line == 3]
    assert wrong and "closed room" in str(wrong[0])


def test_csv_line_whose_teams_are_not_a_match_of_the_round(tmp_path: Path) -> None:
    text = _HEADER + (
        "1,1,open,1,2,4S,N,=,\n1,1,closed,2,1,4S,N,=,\n1,2,open,1,2,4S,N,=,\n1,2,closed,2,1,4S,N,=,\n"
        "1,1,open,3,4,4S,N,=,\n1,1,closed,4,3,4S,N,=,\n"
        "1,2,open,1,3,4S,N,=,\n"
    )
    event = load_teams([_write(tmp_path, "t.csv", text)])
    [problem] = event.problems
    assert problem.location.line == 8 and "is not a match of this round" in str(problem)
    assert {(m.home, m.away) for m in event.matches} == {("1", "2"), ("3", "4")}


def test_csv_team_in_two_matches_of_one_round(tmp_path: Path) -> None:
    text = _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,closed,2,1,4S,N,=,\n1,1,open,1,3,4S,N,=,\n1,1,closed,3,1,4S,N,=,\n"
    event = load_teams([_write(tmp_path, "t.csv", text)])
    [problem] = event.problems
    assert problem.severity is Severity.ERROR and "plays two matches in round 1" in str(problem)
    assert problem.location.line == 4


def test_multiple_teams_rounds_on_different_boards_are_no_error(tmp_path: Path) -> None:
    """TeamsScorer's multiple teams: team 3 meets team 1 on boards 1-3 and team 5 on boards 7-9, both "round 1"."""
    text = _HEADER + "1,1,open,1,3,4S,N,=,\n1,1,closed,3,1,4S,N,=,\n1,7,open,3,5,4S,N,=,\n1,7,closed,5,3,4S,N,=,\n"
    assert load_teams([_write(tmp_path, "t.csv", text)]).problems == ()


@pytest.mark.parametrize(
    ("line", "field", "words"),
    [
        ("x,1,open,1,2,4S,N,=,", "round", "'x' is not a round number"),
        (",1,open,1,2,4S,N,=,", "round", "round number missing"),
        ("1,1,lounge,1,2,4S,N,=,", "room", "'lounge' is not a room"),
        ("1,1,open,1,2,4Q,N,=,", "contract", ""),
        ("1,1,open,1,1,4S,N,=,", "ew", "both North-South and East-West"),
    ],
)
def test_csv_bad_fields_are_located(tmp_path: Path, line: str, field: str, words: str) -> None:
    event = load_teams([_write(tmp_path, "t.csv", _HEADER + line + "\n")])
    assert any(
        p.location.line == 2 and p.location.field == field and words in str(p) and p.severity is Severity.ERROR
        for p in event.problems
    ), _messages(event)


def test_csv_without_round_column(tmp_path: Path) -> None:
    event = load_teams([_write(tmp_path, "t.csv", "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n")])
    assert event.matches == () and any("no 'round' and no 'room' column" in m for m in _messages(event))


def test_unknown_file_type_and_missing_file(tmp_path: Path) -> None:
    event = load_teams([tmp_path / "a.doc", tmp_path / "missing.csv"])
    messages = _messages(event)
    assert any("cannot read files of type '.doc'" in m for m in messages)
    assert any("missing.csv" in m for m in messages)


# --- names --------------------------------------------------------------------------------------------------------


def test_names_file_gives_names_and_members(tmp_path: Path) -> None:
    results = _write(tmp_path, "t.csv", _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,closed,2,1,4S,N,=,\n")
    names = _write(
        tmp_path,
        "names.txt",
        "# teams\n1 Oranje: Jan Jansen, Piet Pieters\n2 De Kraaien\n2 Twee\n9 Niemand: X\n: Y\n",
    )
    event = load_teams([results], names=names)
    assert event.team("1").name == "Oranje" and event.team("1").members == ("Jan Jansen", "Piet Pieters")
    assert event.team("2").name == "De Kraaien"
    lines = {p.location.line: (p.severity, str(p)) for p in event.problems if p.location.file.endswith("names.txt")}
    assert lines[4][0] is Severity.ERROR and "named already on line 3" in lines[4][1]
    assert lines[5][0] is Severity.WARNING and "team 9 plays no match" in lines[5][1]  # kept: a Swiss bye in round 1
    assert lines[6][0] is Severity.ERROR and "no team number" in lines[6][1]


def test_csv_segments_may_use_the_same_board_numbers(tmp_path: Path) -> None:
    """Before: board 1 of segment 2 was taken for the open room written twice."""
    header = "round,segment,board,room,ns,ew,contract,declarer,result\n"
    rows = "".join(
        f"1,{segment},1,{room},{ns},{ew},4S,N,=\n"
        for segment in (1, 2)
        for room, ns, ew in (("open", 1, 2), ("closed", 2, 1))
    )
    event = load_teams([_write(tmp_path, "t.csv", header + rows)])
    assert event.problems == ()
    assert [(b.segment, b.board) for b in event.matches[0].boards] == [(1, 1), (2, 1)]


def test_same_file_twice_is_read_once_and_said(tmp_path: Path) -> None:
    path = _write(tmp_path, "t.csv", _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,closed,2,1,4S,N,=,\n")
    copy = _write(tmp_path, "copy.csv", path.read_text())
    event = load_teams([path, copy])
    [problem] = event.problems
    assert "copy.csv holds the same lines as" in str(problem) and problem.severity is Severity.ERROR
    assert len(event.matches) == 1 and len(event.matches[0].boards) == 1


def test_usebio_board_outside_a_match_and_misspelt_lines_are_reported(tmp_path: Path) -> None:
    """Before: a BOARD outside any MATCH and a misspelt TRAVELER_LINE were left out unsaid."""
    stray = "<BOARD><BOARD_NUMBER>9</BOARD_NUMBER><TRAVELLER_LINE><SCORE>1</SCORE></TRAVELLER_LINE></BOARD>"
    board = _uboard(1, 420, -50).replace("</BOARD>", "<TRAVELER_LINE><SCORE>1</SCORE></TRAVELER_LINE></BOARD>")
    event = load_teams([_write(tmp_path, "t.xml", _usebio(_match("1", "2", board) + stray))])
    messages = _messages(event)
    assert any("board 9 is not inside a <MATCH>" in m and "1 traveller lines" in m for m in messages)
    assert any("<TRAVELER_LINE> is not where a USEBIO file has its traveller lines" in m for m in messages)
    assert len(event.matches) == 1


def test_problems_are_in_the_order_of_the_files_and_lines(tmp_path: Path) -> None:
    """Before: the problems of the matching (a stray line at line 8) came after the readers' (line 3, 7)."""
    first = _write(
        tmp_path,
        "a.csv",
        _HEADER + "1,1,open,1,2,4S,N,=,\n1,1,closed,2,1,4Q,N,=,\n1,1,closed,2,1,4S,N,=,\n"
        "1,2,open,3,4,4S,N,=,\n1,2,closed,4,3,4S,N,=,\n1,3,open,3,4,4S,N,=,\n1,1,open,1,3,4S,N,=,\n",
    )
    second = _write(tmp_path, "b.csv", _HEADER + "2,1,open,1,2,4Q,N,=,\n")
    event = load_teams([second, first])
    where = [(Path(p.location.file).name, p.location.line) for p in event.problems]
    assert where == sorted(where, key=lambda w: (w[0] != "b.csv", w[1] or 0)) and len(where) >= 4
