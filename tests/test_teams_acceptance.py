"""Issue 9's acceptance, as a director meets it: ``bridgescore teams FILE -f json`` on the EBU's sample files and
RealBridge's teams PBN, compared board by board, match by match and team by team with the values the scoring
programs wrote into the files (TeamsScorer 5.1.17, EBUScoreTeams 1.1.3, RealBridge's ``ScoreIMP``).

What each program does where the Laws leave a choice (and how bridgescore follows it without being told, from the
file's PROGRAM_NAME and MATCH_SCORING_METHOD):

* TeamsScorer: board IMPs on the WBF table (Law 78B), the match margin on the EBU's 20-VP scale in whole VPs,
  teams level on VPs share the place (no tie-break: teams 6 and 9, 73 VPs, both 7=).
* EBUScoreTeams point-a-board: 2/1/0 a board, any difference of score wins the board (10 points is not a tie),
  the match is the sum of its board points, not converted.
* RealBridge: ScoreIMP is the WBF IMPs of the NS score here minus the NS score at the other table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from defusedxml import ElementTree
from tests.reference_data import REFERENCE, need
from typer.testing import CliRunner

from bridgescore.cli import app

EBU = REFERENCE / "events" / "usebio-ebu-examples" / "original"
REALBRIDGE = REFERENCE / "events" / "realbridge-teams-imp-pbn" / "original" / "example2.pbn"


def _teams_json(path: Path, *options: str) -> dict[str, Any]:
    done = CliRunner().invoke(app, ["teams", str(path), "-f", "json", *options])
    assert done.exit_code == 0, done.output
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def _file_matches(path: Path) -> Iterator[Any]:
    root = ElementTree.parse(path).getroot()
    yield from root.iter("MATCH")


def _ours(data: dict[str, Any]) -> dict[tuple[int, str, str], dict[str, Any]]:
    return {(m["round"], m["home"], m["away"]): m for m in data["matches"]}


def _file_teams(path: Path) -> dict[str, tuple[float, str]]:
    root = ElementTree.parse(path).getroot()
    return {
        t.get("TEAM_ID"): (float(t.findtext("TOTAL_SCORE")), t.findtext("PLACE"))
        for t in root.iter("TEAM")
        if t.get("TEAM_ID")
    }


def test_teamsscorer_multiple_teams_reproduces_board_by_board_match_by_match_team_by_team() -> None:
    path = need(EBU / "multiple-teams.xml")
    data = _teams_json(path)
    assert (data["form"], data["vp_scale"], data["checks"], data["problems"]) == ("imps", "ebu-20", [], [])
    ours = _ours(data)
    boards = matches = 0
    for match in _file_matches(path):
        key = (int(match.findtext("ROUND_NUMBER")), match.findtext("TEAM"), match.findtext("OPPOSING_TEAM"))
        mine = ours[key]
        assert (mine["vp_home"], mine["vp_away"]) == (
            float(match.findtext("TEAM_SCORE")),
            float(match.findtext("OPPOSING_TEAM_SCORE")),
        ), key
        by_board = {b["board"]: b for b in mine["board_results"]}
        for board in match.iter("BOARD"):
            assert by_board[int(board.findtext("BOARD_NUMBER"))]["imps_home"] == float(board.findtext("IMPS")), key
            boards += 1
        matches += 1
    assert (boards, matches) == (120, 40)
    file_teams = _file_teams(path)
    assert {s["team"]: (s["vp"], s["place_label"]) for s in data["standings"]} == file_teams


def test_ebuscoreteams_point_a_board_reproduces_board_by_board_match_by_match_team_by_team() -> None:
    path = need(EBU / "point-a-board-teams.xml")
    data = _teams_json(path)
    assert (data["form"], data["vp_scale"], data["checks"], data["problems"]) == ("bam", None, [], [])
    ours = _ours(data)
    boards = 0
    for match in _file_matches(path):
        key = (int(match.findtext("ROUND_NUMBER")), match.findtext("TEAM"), match.findtext("OPPOSING_TEAM"))
        mine = ours[key]
        assert (mine["points_home"], mine["points_away"]) == (
            float(match.findtext("TEAM_SCORE")),
            float(match.findtext("OPPOSING_TEAM_SCORE")),
        ), key
        by_board = {b["board"]: b for b in mine["board_results"]}
        for board in match.iter("BOARD"):
            got = by_board[int(board.findtext("BOARD_NUMBER"))]
            wanted = (float(board.findtext("TEAM_POINTS")), float(board.findtext("OPPOSING_TEAM_POINTS")))
            assert (got["points_home"], got["points_away"]) == wanted, (key, got["board"])
            boards += 1
    assert boards == 168
    assert {s["team"]: (s["points"], s["place_label"]) for s in data["standings"]} == _file_teams(path)


def test_realbridge_reproduces_every_score_imp() -> None:
    """Every game's ScoreIMP (NS's IMPs at that table) against the command's board IMPs; the one board played at
    one table only stops the command until ruled, so it is scored with --skip-invalid."""
    path = need(REALBRIDGE)
    data = _teams_json(path, "--skip-invalid")
    found: dict[tuple[str, str, int], float] = {}
    for match in data["matches"]:
        for board in match["board_results"]:
            if board["imps_home"] is not None and board["problem"] is None:
                found[(match["home"], match["away"], board["board"])] = board["imps_home"]
    games = path.read_text(encoding="utf-8").split("\n\n")
    compared = 0
    for game in games:
        tags = dict(line[1:-1].split(" ", 1) for line in game.splitlines() if line.startswith("[") and " " in line)
        if "ScoreIMP" not in tags:
            continue
        home, visit = tags["HomeTeam"].strip('"'), tags["VisitTeam"].strip('"')
        board = int(tags["Board"].strip('"'))
        ns_imps = float(tags["ScoreIMP"].strip('"').split()[1])
        if (home, visit, board) in found:  # the home team of the match sat NS at this table
            assert found[(home, visit, board)] == ns_imps, (home, visit, board)
            compared += 1
        elif (visit, home, board) in found:
            assert found[(visit, home, board)] == -ns_imps, (home, visit, board)
            compared += 1
    assert compared == 298  # 149 boards compared between two rooms, each room's ScoreIMP
