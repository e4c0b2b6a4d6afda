"""Matchpoints (Law 78A): per board and direction, 2 per score beaten and 1 per score tied.

The top on a board with n scores is 2(n − 1) (seed 000: "10 − 2 = 8" for ten scores); by option the ACBL
scale of 1 per score beaten and ½ per tie (top n − 1), which ACBLscore and BBO print.  The two scales
give the same percentages.

Neuberg's formula (Law 78A's footnote, the EBU's and the NBB's practice) fits a board with n scores to
the top of a board with N: M' = (M + 1)·N/n − 1 on the 2/1/0 scale (M' = (M + ½)·N/n − ½ on the ACBL
scale, the same thing halved).  It is on by default and applied when a board has fewer scores than the
fullest board of its field, or when artificial adjusted scores take lines out of the comparison.

``neuberg_factor_decimals`` rounds the factor N/n before it is applied, as when a frequency table is factored by
hand (12/11 → 1.091 at 3 decimals).  Issue 11 took KoPS (the Polish program) to do so at 3 decimals; its public
matchpoint pages (KoPS2www, Chorzów 3.10.2011) contradict that and show EBUScore's rule instead – the Neuberg
matchpoints rounded to 2 decimals before the percentage (``round_board_points``, see ``presets.toml``).  No
program is known to round the factor; the option stays for a director who meets one.

Vectorised: one sort and two ``searchsorted`` per board, O(n log n).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from bridgescore.core.adjustments import AdjustmentValues, Award
from bridgescore.pairs.methods.base import BoardScores, FloatArray, Unit

__all__ = ["MatchpointScale", "Matchpoints", "matchpoints"]


class MatchpointScale(Enum):
    """2/1/0 per score beaten/tied/lost (Law 78A; EBU, NBB, most of Europe) or 1/½/0 (ACBL, BBO)."""

    TWO_ONE_ZERO = "2-1-0"
    ACBL = "1-half-0"


def matchpoints(ns_scores: FloatArray) -> FloatArray:
    """NS matchpoints on the 2/1/0 scale for each score: 2 per score beaten, 1 per tie (Law 78A)."""
    ordered = np.sort(ns_scores)
    below = np.searchsorted(ordered, ns_scores, side="left")
    up_to = np.searchsorted(ordered, ns_scores, side="right")
    return (below + up_to - 1).astype(np.float64)  # 2·below + (ties − 1)


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """The matchpoint method, with its scale and Neuberg as options."""

    scale: MatchpointScale = MatchpointScale.TWO_ONE_ZERO
    neuberg: bool = True
    #: Neuberg's factor N/n rounded to this many decimals (half up) before use; None: exact (see the module docs)
    neuberg_factor_decimals: int | None = None

    @property
    def name(self) -> str:
        return "matchpoints"

    @property
    def unit(self) -> Unit:
        return Unit.MATCHPOINTS

    def top(self, count: int) -> float:
        """The top of a board with ``count`` scores on this scale."""
        top = 2.0 * max(count - 1, 0)
        return top / 2 if self.scale is MatchpointScale.ACBL else top

    def score_board(self, ns_scores: FloatArray, full_count: int) -> BoardScores:
        n = len(ns_scores)
        ns = matchpoints(ns_scores)
        ew = 2.0 * (n - 1) - ns
        count = n
        if self.neuberg and full_count > n > 0:
            factor = self.neuberg_factor(n, full_count)
            ns = (ns + 1.0) * factor - 1.0
            ew = (ew + 1.0) * factor - 1.0
            count = full_count
        if self.scale is MatchpointScale.ACBL:
            ns, ew = ns / 2, ew / 2
        return BoardScores(ns, ew, None, self.top(count))

    def neuberg_factor(self, n: int, full_count: int) -> float:
        """Neuberg's factor N/n for a board with ``n`` scores in a field of ``full_count``, rounded to
        ``neuberg_factor_decimals`` (half up) where that is set."""
        factor = full_count / n
        if self.neuberg_factor_decimals is not None:
            scale = 10.0**self.neuberg_factor_decimals
            factor = math.floor(factor * scale + 0.5 + 1e-9) / scale
        return factor

    def unfitted(self, points: FloatArray, n: npt.NDArray[np.int64], full_count: npt.NDArray[np.int64]) -> FloatArray:
        """Neuberg undone: the matchpoints on this scale among the board's own ``n`` scores, from the values
        :meth:`score_board` fitted to ``full_count`` (M = (M' + 1)·n/N − 1 on 2/1/0, with ½ on the ACBL scale);
        a weighted line's mean of fitted parts is undone too (the fit is linear).  Compscore3's travellers print
        these (issue 18, :attr:`bridgescore.pairs.scored.ScoringOptions.traveller_own_points`)."""
        step = 0.5 if self.scale is MatchpointScale.ACBL else 1.0
        factors = np.array(
            [
                self.neuberg_factor(k, f) if f > k > 0 else 1.0
                for k, f in zip(n.tolist(), full_count.tolist(), strict=True)
            ],
            dtype=np.float64,
        )
        return np.asarray((points + step) / factors - step, dtype=np.float64)

    def artificial_points(self, award: Award, values: AdjustmentValues, top: float | None, n_scores: int) -> float:
        """A percentage of the board's top (Law 12C2: average-plus 60 %, average 50 %, average-minus 40 %)."""
        return values.percent(award) / 100.0 * (top or 0.0)
