"""The protocol every pairs scoring method follows, and the result of scoring one board.

A method sees one board's comparison field at a time: the NS scores of the lines that take part in the
comparison (played, passed out, assigned scores), as a numpy array, and the number of results the board
would have had in full (for Neuberg's formula and for factoring).  It returns NS and EW points per line
and, where it has one, the board's datum.  Everything else – which lines take part, adjusted scores,
sections, rankings – lives outside the methods, so a new method is one small module.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import numpy as np
import numpy.typing as npt

from bridgescore.core.adjustments import AdjustmentValues, Award

__all__ = ["BoardScores", "FloatArray", "ScoringMethod", "Unit"]

FloatArray = npt.NDArray[np.float64]


class Unit(Enum):
    """What a method's points are: matchpoints (with a top and percentages) or IMPs."""

    MATCHPOINTS = "matchpoints"
    IMPS = "imps"


@dataclass(frozen=True, slots=True)
class BoardScores:
    """One board scored: points per line (same order as the scores given), the datum, the top.

    ``top`` is the matchpoint top the points are out of (after Neuberg), None for IMP methods;
    ``datum`` is the NS datum where the method has one (Butler, Bastille), else None.
    """

    ns_points: FloatArray
    ew_points: FloatArray
    datum: float | None = None
    top: float | None = None


class ScoringMethod(Protocol):
    """A pairs scoring method: Law 78A matchpoints, Butler, Bastille, cross-IMPs."""

    @property
    def name(self) -> str: ...

    @property
    def unit(self) -> Unit: ...

    def score_board(self, ns_scores: FloatArray, full_count: int) -> BoardScores:
        """Score the comparison field of one board; ``full_count`` ≥ ``len(ns_scores)``."""
        ...

    def artificial_points(self, award: Award, values: AdjustmentValues, top: float | None, n_scores: int) -> float:
        """Points for one side's artificial adjusted score (Law 12C2) on a board with ``n_scores`` real scores."""
        ...
