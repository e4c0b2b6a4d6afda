"""Teams events (issue 9): matches at IMPs, board-a-match and Patton, victory points, round robins, Swiss and
knock-out events.

The seeds (000) name teams ("viertallen": each board compared only with the other table of the match, the
difference in IMPs, then a conversion table) and the Patton as the other forms of the game beside pairs and
Butler.  The data flows one way, as for pairs: a reader (:mod:`bridgescore.teams.read`) turns a file into a
:class:`~bridgescore.teams.model.TeamsEvent`, :func:`~bridgescore.teams.engine.score_teams` scores it into a
:class:`~bridgescore.teams.model.ScoredTeams`, and the reports write that.
"""

from __future__ import annotations

from bridgescore.teams.engine import TeamsOptions, score_teams
from bridgescore.teams.model import (
    TIED,
    BoardScore,
    Match,
    MatchBoard,
    MatchScore,
    Room,
    ScoredTeams,
    SegmentScore,
    Team,
    TeamsEvent,
    TeamsForm,
    TeamStanding,
)

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
    "TeamsOptions",
    "score_teams",
]
