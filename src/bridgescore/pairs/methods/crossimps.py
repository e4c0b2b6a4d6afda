"""Cross-IMPs (IMPs across the field): each score against every other score in its direction (Law 78B scale).

Two presentations are in use: the **average** over the n − 1 comparisons (the EBU's cross-IMP pairs,
BBO's "IMPs across the field", KoPS, ACBLscore's "Average IMPs") and the **total** (ACBLscore's "Total
IMPs", the Cavendish).  In the total, a board with fewer scores than its field's fullest is factored by
(N − 1)/(n − 1) and average-plus is worth 3 × (N − 1) IMPs, as ACBLscore's manual (chapter 83) describes.

A comparison may be worth at most ``imp_cap`` IMPs: 17 in KoPS (the Polish program: its Chorzów event counts a
2080-point difference as 17 IMPs where the WBF scale gives 19) and in the Polish clubs' "Cavendish uśredniony" (each
comparison "z ograniczeniem do 17 imp": 1500 points and more are 17 IMPs, turniejebrydza.pl's rules).

Not quadratic: the IMPs of a difference are a step function of it, so for each score s
Σ_t imps(s − t) = Σ_k (#{t ≤ s − T_k} − #{t ≥ s + T_k}) over the 24 thresholds T_k of the scale (lowered by
5 for the half-up rounding of differences that are not multiples of 10).  With the scores sorted, each count
is one ``searchsorted``: O(24 · n log n) per board instead of n².
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np

from bridgescore.core.adjustments import AdjustmentValues, Award
from bridgescore.core.imps import WBF_THRESHOLDS, RoundingPolicy
from bridgescore.pairs.methods.base import BoardScores, FloatArray, Unit

__all__ = ["CrossImps", "CrossImpsForm", "cross_imp_totals"]

_EPSILON = 1e-7


class CrossImpsForm(Enum):
    """Average over the comparisons (EBU, BBO, KoPS) or their total (ACBLscore's Total IMPs)."""

    AVERAGE = "average"
    TOTAL = "total"


def cross_imp_totals(
    ns_scores: FloatArray, policy: RoundingPolicy = RoundingPolicy.HALF_UP, cap: int | None = None
) -> FloatArray:
    """For each score, the sum of WBF IMPs (Law 78B) of it against every other score, each comparison at most
    ``cap`` IMPs (None: 24, the scale's own top); O(n log n)."""
    if len(ns_scores) == 0:
        return np.zeros(0)
    shift = 5.0 if policy is RoundingPolicy.HALF_UP else 0.0
    thresholds = np.asarray(WBF_THRESHOLDS[:cap], dtype=np.float64) - shift - _EPSILON
    ordered = np.sort(ns_scores)
    n = len(ordered)
    won = np.searchsorted(ordered, ns_scores[:, None] - thresholds[None, :], side="right")
    lost = n - np.searchsorted(ordered, ns_scores[:, None] + thresholds[None, :], side="left")
    totals: FloatArray = (won - lost).sum(axis=1).astype(np.float64)
    return totals


@dataclass(frozen=True, slots=True)
class CrossImps:
    """Cross-IMPs, averaged (default) or totalled; ``factor_short_boards`` applies to the total only; each
    comparison worth at most ``imp_cap`` IMPs (None: the scale's 24; KoPS: 17)."""

    form: CrossImpsForm = CrossImpsForm.AVERAGE
    factor_short_boards: bool = True
    imp_rounding: RoundingPolicy = RoundingPolicy.HALF_UP
    imp_cap: int | None = None

    @property
    def name(self) -> str:
        return "cross-imps"

    @property
    def unit(self) -> Unit:
        return Unit.IMPS

    def score_board(self, ns_scores: FloatArray, full_count: int) -> BoardScores:
        n = len(ns_scores)
        totals = cross_imp_totals(ns_scores, self.imp_rounding, self.imp_cap)
        if n <= 1:
            ns = np.zeros(n)
        elif self.form is CrossImpsForm.AVERAGE:
            ns = totals / (n - 1)
        elif self.factor_short_boards and full_count > n:
            ns = totals * (full_count - 1) / (n - 1)
        else:
            ns = totals
        return BoardScores(ns, -ns, None, None)

    def artificial_points(self, award: Award, values: AdjustmentValues, top: float | None, n_scores: int) -> float:
        """+3/0/−3 IMPs averaged; times the comparisons (N − 1) in the total (ACBLscore)."""
        imps = values.imps(award)
        if self.form is CrossImpsForm.TOTAL:
            return imps * max(n_scores - 1, 1)
        return imps
