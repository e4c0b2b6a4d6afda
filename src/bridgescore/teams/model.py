"""The teams event model: teams, matches, each board of a match with its two rooms, and what scoring makes of them.

A match is two teams; each board is played in two rooms with the orientation reversed (seed 000, "viertallen"):
in the **open** room the home team sits North-South, in the **closed** room East-West.  A board is compared only
with the other room of its match.  Every record is immutable; a room's line is the pairs model's
:class:`~bridgescore.core.event.Result` (its ``ns_pair``/``ew_pair`` are team ids), so contracts, adjustments and
their problems are read and described the same way for both forms of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from bridgescore.core.event import Result
from bridgescore.core.players import Player
from bridgescore.core.problems import Location, Problem

__all__ = [
    "TIED",
    "BoardScore",
    "Match",
    "MatchBoard",
    "MatchScore",
    "Room",
    "ScoredTeams",
    "SegmentScore",
    "Team",
    "TeamStanding",
    "TeamsEvent",
    "TeamsForm",
]

#: The two rooms of a match: the home team sits North-South in the open room and East-West in the closed room.
Room = Literal["open", "closed"]

#: How a board of a match is scored: ``imps`` (the difference in IMPs, Law 78B), ``bam`` (board-a-match /
#: point-a-board: each board won, tied or lost, Law 78A's comparison of totals per board) or ``patton`` (board
#: points plus points for the total score difference).
TeamsForm = Literal["imps", "bam", "patton"]

_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its id as the files write it (a number or a name), its name, and its members' names.

    ``players`` (issue 13) are its members as players, with their member numbers where the file gives them (USEBIO
    ``NATIONAL_ID_NUMBER``; the team pair a player sits in as ``Player.extra["PAIR_NUMBER"]``); ``extra`` what the
    file says of the team besides (USEBIO ``MASTER_POINTS/MASTER_POINTS_AWARDED``, the published ``TOTAL_SCORE``,
    ``PLACE`` …), so nothing read is dropped."""

    id: str
    name: str = ""
    members: tuple[str, ...] = ()
    source: Location | None = None
    players: tuple[Player, ...] = ()
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)

    @property
    def label(self) -> str:
        """What a report calls the team: its name, else its id."""
        return self.name or self.id


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match: the line from each room (None when the file has none for that room).

    ``open`` is the room where the match's home team sat North-South, ``closed`` the room where it sat
    East-West.  ``fouled`` marks a board found fouled (Law 87): it is not compared between the rooms.
    ``segment`` numbers the segment of a match played in several (1 for a match in one).  ``extra`` keeps the
    file's own values for the board (USEBIO ``IMPS``, ``TEAM_POINTS``; PBN ``ScoreIMP``) so they can be checked.
    """

    board: int
    open: Result | None
    closed: Result | None
    fouled: bool = False
    segment: int = 1
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True, slots=True)
class Match:
    """Two teams' match in a round: the home team (North-South in the open room) and the away team.

    ``carry_over`` is the IMPs the home team brings into the match (negative: the away team's), as a knock-out
    match carries them from an earlier stage or a head-to-head meeting.  ``extra`` keeps the file's own values
    for the match (USEBIO ``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE`` …).
    """

    round: int
    home: str
    away: str
    boards: tuple[MatchBoard, ...]
    carry_over: float = 0.0
    table: str = ""
    source: Location | None = None
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True, slots=True)
class TeamsEvent:
    """What a teams reader produced: the teams, their matches, and every problem found on the way.

    ``form`` is the board scoring the file says it used (None when it does not say); ``match_scoring`` the
    file's own words for the match scoring (USEBIO ``MATCH_SCORING_METHOD``: ``VPS``, ``PAB`` …).  ``extra``
    keeps the event's own values (date, club, program) for the reports."""

    teams: Mapping[str, Team]
    matches: tuple[Match, ...]
    title: str = ""
    problems: tuple[Problem, ...] = ()
    form: TeamsForm | None = None
    match_scoring: str = ""
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)

    def team(self, team_id: str) -> Team:
        """The team of ``team_id`` (a bare team when the event does not list it)."""
        return self.teams.get(team_id) or Team(team_id)


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board of a match, scored.

    ``ns_open``/``ns_closed`` are North-South's scores in each room (None where the room has none).
    ``imps_home`` is the home team's IMPs on the board (negative when it lost IMPs; None when the board is not
    scored, e.g. played in one room only).  ``points_home``/``points_away`` are the board points at
    board-a-match and Patton (None at IMPs).  ``problem`` says why a board is not scored as played, in words.
    ``imps_away`` is the away team's IMPs where a non-balancing adjusted score (Law 12C2: A-/A- when both teams
    are at fault) gives the teams awards that do not balance; None where they balance (the away team has
    ``-imps_home``).
    """

    board: MatchBoard
    ns_open: float | None
    ns_closed: float | None
    imps_home: float | None
    points_home: float | None = None
    points_away: float | None = None
    problem: Problem | None = None
    imps_away: float | None = None


@dataclass(frozen=True, slots=True)
class SegmentScore:
    """One segment of a match played in several (``MatchBoard.segment``): the IMPs each side won on its boards
    (carry-over not included; ``shared_imps`` as on :class:`MatchScore`) and, at board-a-match and Patton, the
    board points each side won on them."""

    segment: int
    imps_home: float
    imps_away: float
    points_home: float | None = None
    points_away: float | None = None
    shared_imps: float = 0.0


#: ``MatchScore.winner`` of a match level at the end: a knock-out match is then decided by extra boards (EBU White
#: Book 143.2.1: one-eighth of the scheduled boards, at least two, repeated while still level; WBF likewise).
TIED = "tied: play-off boards"


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match, scored: the totals of its boards (IMPs won by each side, carry-over included), the victory points
    (None where the event is not scored in VPs) and the board or Patton points (None at IMPs).

    ``segments`` has the subtotals of each segment (one per ``MatchBoard.segment``, in order; empty for a match
    played in one segment).  ``winner`` is
    the id of the team that won the match – on IMPs with the carry-over at IMPs, on points at board-a-match and
    Patton – or :data:`TIED` when the two are level (a knock-out match then plays extra boards).
    ``shared_imps`` is what non-balancing adjusted scores gave *both* teams beyond ``imps_home``/``imps_away``
    (−3 for an A-/A- board): each team's own margin is its IMPs minus its opponents' plus ``shared_imps``."""

    match: Match
    boards: tuple[BoardScore, ...]
    imps_home: float
    imps_away: float
    vp_home: float | None = None
    vp_away: float | None = None
    points_home: float | None = None
    points_away: float | None = None
    segments: tuple[SegmentScore, ...] = ()
    winner: str = ""
    shared_imps: float = 0.0

    @property
    def margin(self) -> float:
        """The home team's IMP margin (negative when it lost)."""
        return self.imps_home - self.imps_away


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's line in the standings: its place (``place_label`` adds ``=`` for a shared place), the matches it
    played, its VPs (None where not VP scored), IMPs for and against, and its board/Patton points (None at
    IMPs).  ``tiebreak`` names the rule that separated it from a team level with it ("" when none was needed).
    ``byes`` are the rounds in which the team had no match while other teams played (a Swiss or a round robin of
    an odd number of teams); their VPs, where the event gives any, are in ``vp``."""

    place: int
    place_label: str
    team: Team
    matches: int
    vp: float | None
    imps_for: float
    imps_against: float
    points: float | None = None
    tiebreak: str = ""
    byes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ScoredTeams:
    """A teams event scored: its matches, the standings, the director's checks and every problem found.

    ``options`` names every choice that changed a number (board-a-match points, Patton form, tie-break,
    knock-out), so a report can state how the event was scored."""

    event: TeamsEvent
    form: TeamsForm
    vp_scale: str | None
    matches: tuple[MatchScore, ...]
    standings: tuple[TeamStanding, ...]
    checks: tuple[Problem, ...] = ()
    problems: tuple[Problem, ...] = ()
    options: Mapping[str, str | bool | float | None] = field(default_factory=lambda: MappingProxyType({}))
