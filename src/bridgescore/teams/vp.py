"""Victory-point scales: a match's IMP margin converted into victory points for each team.

The seeds (000) describe teams as IMPs per board, then "a conversion table" to victory points; the Valet paper
notes that team events are scored at IMPs converted into VPs.  Every scale here names its source.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

__all__ = ["VPScale", "WBFContinuous", "scale_named"]


class VPScale(Protocol):
    """A conversion of an IMP margin into victory points for both teams of a match."""

    @property
    def name(self) -> str:
        """The scale's name as the command line and the JSON write it (``wbf``, ``wbf-discrete`` …)."""
        ...

    @property
    def maximum(self) -> float:
        """The most VPs a team can score in a match (20 or 25)."""
        ...

    def vp(self, margin: float, boards: int) -> tuple[float, float]:
        """The victory points of (the team with ``margin``, its opponents) for a match of ``boards`` boards;
        ``margin`` is that team's IMPs minus its opponents' (negative when it lost)."""
        ...


_TAU = (math.sqrt(5) - 1) / 2


@dataclass(frozen=True, slots=True)
class WBFContinuous:
    """The WBF 2013 continuous 20-VP scale (WBF General Conditions of Contest, 2013 onwards).

    The blitz is B = 15·√N IMPs for a match of N boards; a margin M (capped at B) is worth
    10 + 10·(1 − τ^(3M/B)) / (1 − τ³) VPs to the winner, τ = (√5 − 1)/2, rounded to two decimals; the loser
    has 20 minus that."""

    name: str = "wbf"
    maximum: float = 20.0

    def vp(self, margin: float, boards: int) -> tuple[float, float]:
        blitz = 15 * math.sqrt(boards)
        m = min(abs(margin), blitz)
        winner = round(10 + 10 * (1 - _TAU ** (3 * m / blitz)) / (1 - _TAU**3), 2)
        return (winner, round(20 - winner, 2)) if margin >= 0 else (round(20 - winner, 2), winner)


def scale_named(name: str) -> VPScale:
    """The scale called ``name`` (``wbf``)."""
    if name == "wbf":
        return WBFContinuous()
    raise ValueError(name)
