"""The teams engine against the EBU's sample USEBIO files (reference/events/usebio-ebu-examples): every board's IMPs
of ``multiple-teams.xml`` (TeamsScorer), and every board's points and match total of ``point-a-board-teams.xml``
(EBUScoreTeams), from the two SCOREs of each board.

The files are read here by a small ad-hoc parser (the teams readers are another part of issue 9): the match's TEAM
is the home team, the line with DIRECTION NS is the open room (the home team North-South), DIRECTION EW the closed
room; the file's own values go where the readers put them (``imps``, ``team_points``, ``opposing_team_points`` on
the board, ``team_score``, ``opposing_team_score`` on the match), so the director's checks compare them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import defusedxml.ElementTree as ET
import pytest

from bridgescore.core.event import Result, ResultStatus
from bridgescore.core.problems import FieldKind, Location
from bridgescore.teams import Match, MatchBoard, TeamsEvent, TeamsOptions, score_teams
from reference_data import reference_path

FOLDER = "events/usebio-ebu-examples/original"


def _team(pair: str) -> str:
    return pair.split("-", 1)[0]  # "8-3-4": pair 3-4 of team 8


def _read(path: Path) -> TeamsEvent:
    root = ET.parse(path).getroot()
    event = root.find("EVENT")
    assert event is not None
    matches: list[Match] = []
    for number, element in enumerate(event.iter("MATCH")):
        home, away = element.findtext("TEAM", ""), element.findtext("OPPOSING_TEAM", "")
        boards: list[MatchBoard] = []
        for board in element.findall("BOARD"):
            rooms: dict[str, Result] = {}
            board_number = int(board.findtext("BOARD_NUMBER", "0"))
            for line in board.findall("TRAVELLER_LINE"):
                ns, ew = _team(line.findtext("NS_PAIR_NUMBER", "")), _team(line.findtext("EW_PAIR_NUMBER", ""))
                score = int(line.findtext("SCORE", "0"))
                rooms[line.findtext("DIRECTION", "")] = Result(
                    board_number, ns, ew, ResultStatus.PLAYED, ns_score=score
                )
            extra = {
                key: text
                for key, tag in (
                    ("imps", "IMPS"),
                    ("team_points", "TEAM_POINTS"),
                    ("opposing_team_points", "OPPOSING_TEAM_POINTS"),
                )
                if (text := board.findtext(tag)) is not None
            }
            boards.append(MatchBoard(board_number, rooms.get("NS"), rooms.get("EW"), extra=extra))
        extra = {"team_score": element.findtext("TEAM_SCORE", ""),
                 "opposing_team_score": element.findtext("OPPOSING_TEAM_SCORE", "")}  # fmt: skip
        where = Location(path.name, number + 1, "MATCH", FieldKind.ELEMENT)
        matches.append(Match(int(element.findtext("ROUND_NUMBER", "0")), home, away, tuple(boards), source=where,
                             extra=extra))  # fmt: skip
    return TeamsEvent({}, tuple(matches), match_scoring=event.findtext("MATCH_SCORING_METHOD", ""))


@pytest.fixture(scope="module")
def pab() -> TeamsEvent:
    return _read(reference_path(f"{FOLDER}/point-a-board-teams.xml"))


@pytest.fixture(scope="module")
def multiple() -> TeamsEvent:
    return _read(reference_path(f"{FOLDER}/multiple-teams.xml"))


def test_point_a_board_reproduces_every_board_and_match_of_the_ebu_file(pab: TeamsEvent) -> None:
    """EBU point-a-board: 2 for a board won, 1 tied, 0 lost; any difference wins (the file's 5 boards lost by 10
    points get 0, not a tie); the match is the sum of its boards.  The file's match scoring PAB selects 2/1/0."""
    scored = score_teams(pab, TeamsOptions(form="bam"))
    assert len(scored.matches) == 28 and sum(len(m.boards) for m in scored.matches) == 168
    assert scored.checks == ()  # every TEAM_POINTS, OPPOSING_TEAM_POINTS and TEAM_SCORE as the file has them
    by_ten = [b for m in scored.matches for b in m.boards if b.ns_open is not None and b.ns_closed is not None
              and abs(b.ns_open - b.ns_closed) == 10]  # fmt: skip
    assert len(by_ten) == 5 and all(b.points_home in (0.0, 2.0) for b in by_ten)


def test_point_a_board_standings_are_the_files(pab: TeamsEvent) -> None:
    """TOTAL_SCORE per team in the file: 1 HOLLIES 35, 2 TELLERMAN 36, …, 5: 55 (the winner)."""
    scored = score_teams(pab, TeamsOptions(form="bam"))
    points = {s.team.id: s.points for s in scored.standings}
    assert points == {"1": 35, "2": 36, "3": 29, "4": 41, "5": 55, "6": 44, "7": 51, "8": 45}
    assert scored.standings[0].team.id == "5" and scored.standings[0].place_label == "1"


def test_at_acbl_board_a_match_the_files_points_are_flagged(pab: TeamsEvent) -> None:
    scored = score_teams(pab, TeamsOptions(form="bam", board_points="acbl"))
    assert scored.checks and all("team_points" in str(c) or "team_score" in str(c) for c in scored.checks)


def test_multiple_teams_board_imps_are_the_files(multiple: TeamsEvent) -> None:
    """TeamsScorer's BOARD IMPS: IMPs of (own NS score − own EW score at the other table), all 3-board matches.

    The file lists 40 matches, each once (its ROUND_NUMBER is not a time slot: team 3 has two matches in round 1,
    on boards 1-3 and 7-9), so nothing is left out as a copy, and no team plays a board twice."""
    scored = score_teams(multiple)
    assert len(scored.matches) == 40 and not [p for p in scored.problems if "listed again" in str(p)]
    assert not [c for c in scored.checks if "imps" in str(c)]
    assert not [c for c in scored.checks if "two matches" in str(c)]


def _ebu_three_boards(margin: float) -> float:
    """The 3-board 20-VP scale read off the file (SOURCE.md): 0→10, 1→11, 2→12, 3-4→13, 5-6→14, 7-8→15, 9-10→16,
    11-13→17, 14-18→18, 19-20→19, 21+→20.  A test double, not the project's scale."""
    steps: list[tuple[float, float]] = [(21, 20), (19, 19), (14, 18), (11, 17), (9, 16), (7, 15), (5, 14),
                                        (3, 13), (2, 12), (1, 11), (0, 10)]  # fmt: skip
    return next(vp for low, vp in steps if abs(margin) >= low)


class _Observed:
    name = "ebu-3"
    maximum = 20.0

    def vp(self, margin: float, boards: int) -> tuple[float, float]:
        won = _ebu_three_boards(margin)
        return (won, 20 - won) if margin >= 0 else (20 - won, won)


def test_multiple_teams_match_scores_agree_on_the_files_scale(multiple: TeamsEvent) -> None:
    scale: Callable[[], _Observed] = _Observed
    scored = score_teams(multiple, TeamsOptions(vp=scale()))
    assert [str(c) for c in scored.checks if "plays" not in str(c)] == []
    on_wbf = score_teams(multiple)  # the continuous WBF scale gives other VPs: the checks say so
    assert any("team_score" in str(c) for c in on_wbf.checks)
