"""Individual events: each board scored as in a pairs event, each player ranked on their own (issue 9)."""

from __future__ import annotations

from bridgescore.individual.engine import (
    IndividualStanding,
    PlayerStanding,
    ScoredIndividual,
    not_individual,
    player_name,
    score_individual,
)
from bridgescore.individual.seats import Seating, seatings

__all__ = [
    "IndividualStanding",
    "PlayerStanding",
    "ScoredIndividual",
    "Seating",
    "not_individual",
    "player_name",
    "score_individual",
    "seatings",
]
