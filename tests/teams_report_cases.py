"""Teams events made by hand for the teams report tests (``test_teams_report*.py``), scored by ``score_teams``.

* :func:`round_robin`: four teams, three rounds, every two teams meet once; one match carries 3.5 IMPs over, one is
  played in two segments, a team has members and a name that reads as a spreadsheet formula (``=Noord``), the title
  holds markup (``<b>``).
* :func:`swiss`: four teams, two rounds, not every two teams meet (a Swiss).
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgescore.core.contract import Seat, parse_contract
from bridgescore.core.event import Result, ResultStatus
from bridgescore.teams import Match, MatchBoard, ScoredTeams, Team, TeamsEvent, TeamsOptions, score_teams

TEAMS = {
    "1": Team("1", "Oranje", ("Jan Jansen", "Piet de Vries", "Klaas Bakker", "Marie Visser")),
    "2": Team("2", "Zuid"),
    "3": Team("3", "=Noord"),
    "4": Team("4", "West"),
}


def line(board: int, ns: str, ew: str, score: int) -> Result:
    """A room's line: 4♠ by North, made (10 tricks) when NS scored, else one down; ``score`` as NS's score."""
    return Result(board, ns, ew, ResultStatus.PLAYED, contract=parse_contract("4S"), declarer=Seat.N,
                  tricks=10 if score > 0 else 9, lead="HK", ns_score=score)  # fmt: skip


def match(
    round_: int, home: str, away: str, scores: Sequence[tuple[int, int]], carry: float = 0.0, segments: int = 1
) -> Match:
    """A match whose board ``i`` has NS scores ``scores[i]`` (open room, closed room), split in ``segments``."""
    boards = tuple(
        MatchBoard(i, line(i, home, away, o), line(i, away, home, c), segment=1 + (i - 1) * segments // len(scores))
        for i, (o, c) in enumerate(scores, 1)
    )
    return Match(round_, home, away, boards, carry_over=carry)


def round_robin_event() -> TeamsEvent:
    matches = (
        match(1, "1", "2", [(420, -420), (-50, 100)]),  # 13 and -4 IMPs
        match(1, "3", "4", [(620, -170), (100, -100)], carry=3.5),  # 13 and 5 IMPs, 3.5 carried over
        match(2, "1", "3", [(420, 420), (-100, 50), (650, -100), (-200, 200)], segments=2),
        match(2, "2", "4", [(-420, 420), (50, -50)]),
        match(3, "1", "4", [(420, -620), (-50, -50)]),
        match(3, "2", "3", [(1430, -1430), (200, -100)]),
    )
    return TeamsEvent(TEAMS, matches, title="Viertallen <b>test</b>")


def round_robin(vp: bool = True) -> ScoredTeams:
    return score_teams(round_robin_event(), TeamsOptions() if vp else TeamsOptions(vp=None))


def swiss() -> ScoredTeams:
    matches = (
        match(1, "1", "2", [(420, -420), (-50, 100)]),
        match(1, "3", "4", [(620, -170), (100, -100)]),
        match(2, "1", "3", [(420, 420), (-100, 50)]),
        match(2, "2", "4", [(-420, 420), (50, -50)]),
    )
    return score_teams(TeamsEvent(TEAMS, matches, title="Zwitsers"))
