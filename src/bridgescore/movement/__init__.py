"""Movements (issue 21): the evening's schedule as verified data – who sits where and plays which boards in each
round (:mod:`bridgescore.movement.model`).  It sits below the forms of event in the layers (a pairs event is
checked against its movement) and imports only the core, the readers and the shared report pieces."""

from __future__ import annotations

from bridgescore.movement.model import (
    SCHEMA,
    Direction,
    Family,
    Movement,
    MovementError,
    PairRef,
    Players,
    Round,
    Seat,
    Section,
    Stand,
    Visit,
    boards_in_sets,
)

__all__ = [
    "SCHEMA",
    "Direction",
    "Family",
    "Movement",
    "MovementError",
    "PairRef",
    "Players",
    "Round",
    "Seat",
    "Section",
    "Stand",
    "Visit",
    "boards_in_sets",
]
