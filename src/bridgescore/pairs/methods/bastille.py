"""Bastille scoring (seed 002, Herman De Wael): a Butler whose datum is not rounded, trimmed by a uniform
10 % at each end, and converted with the continuous IMP scale of :func:`bridgescore.core.imps.bastille_imps`
(no 24 maximum).

"Uniform 10 % of scores either side": with 10 scores exactly one each side, as in Butler; with other
numbers "slightly different" – we read it as a fractionally trimmed mean: 10 % of n scores is removed at
each end, the score straddling the cut counting with the remaining fraction (8 scores: the best and worst
each count 0.2).  This is the only reading under which the 10-score case equals Butler and other sizes differ
slightly, as the seed says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from bridgescore.core.adjustments import AdjustmentValues, Award
from bridgescore.core.imps import bastille_imps
from bridgescore.pairs.methods.base import BoardScores, FloatArray, Unit
from bridgescore.pairs.methods.butler import imps_against_datum

__all__ = ["Bastille", "fractional_trimmed_mean"]


def fractional_trimmed_mean(ordered: FloatArray, percent: float = 10.0) -> float:
    """Mean of sorted scores with ``percent`` % of their number removed at each end, fractions included."""
    n = len(ordered)
    cut = n * percent / 100.0
    weights = np.ones(n)
    whole = math.floor(cut + 1e-9)
    rest = cut - whole
    weights[:whole] = 0.0
    weights[n - whole :] = 0.0
    if rest > 1e-9 and n - 2 * whole > 0:
        weights[whole] -= rest
        weights[n - whole - 1] -= rest
    total = float(weights.sum())
    if total <= 1e-9:
        return float(np.median(ordered))
    return float((ordered * weights).sum() / total)


@dataclass(frozen=True, slots=True)
class Bastille:
    """Seed 002: unrounded datum with a uniform fractional 10 % trim, continuous IMPs, no maximum."""

    percent: float = 10.0

    @property
    def name(self) -> str:
        return "bastille"

    @property
    def unit(self) -> Unit:
        return Unit.IMPS

    def score_board(self, ns_scores: FloatArray, full_count: int) -> BoardScores:
        return imps_against_datum(
            ns_scores, lambda ordered: fractional_trimmed_mean(ordered, self.percent), bastille_imps
        )

    def artificial_points(self, award: Award, values: AdjustmentValues, top: float | None, n_scores: int) -> float:
        return values.imps(award)
