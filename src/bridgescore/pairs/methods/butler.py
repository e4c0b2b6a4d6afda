"""Butler scoring: each score against a datum (a trimmed average of the board's scores), in IMPs.

Seed 001 (NBB course, "Les 4 – Butlerwedstrijden") is the default: drop the 10 % best and 10 % worst scores,
a fraction of a score rounded up (6–10 scores: 1 + 1, 11–20: 2 + 2, …); with fewer than 6 scores count
the outer scores once and the others twice; round the average to the nearest 10 with halves toward zero,
so the NS and EW datums stay opposite; IMPs of score − datum on the WBF scale (Law 78B).

Datum policies are small strategy classes (:class:`DatumPolicy`), the rounding a separate option, so a
program's variant is one line of configuration:

* :class:`NbbDatum` – seed 001, the NBB-Rekenprogramma's rules (default).
* :class:`PercentTrim` – drop a percentage each side, fractions rounded up, keeping at least
  ``min_kept`` scores: ``PercentTrim(5)`` is ACBLscore's default ("5 % high and 5 % low scores", its
  manual, chapter 83); ``PercentTrim(10, min_kept=3)`` is BridgeWx's ("remove 10 % of highest/lowest,
  keep at least 3 scores", its source constants).
* :class:`DropExtremes` – drop the k highest and k lowest (k = 1: "take out one highest and one lowest",
  the usual English club Butler scored with Scorebridge or by hand); ``DropExtremes(1, from_scores=4)`` is
  Compscore3's (the Australian club program: the highest and the lowest left out where a board has four or more
  scores, every score counted below that; issue 18).
* :class:`PlainMean` – every score counts (the WBF's Butler rankings of the Bermuda Bowl).

Rounding (:class:`DatumRounding`): halves toward zero (seed 001, default), halves away from zero (seed 001's
other way of keeping datums opposite; BridgeWx does this – its listing rounds a datum of 5 to 10), halves to
even (ACBLscore: "425 is rounded to 420 and 435 to 440"), down ("afgerond op het laagste tiental", seed 000:
725 → 720, toward zero so datums stay opposite), none.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import numpy as np

from bridgescore.core.adjustments import AdjustmentValues, Award
from bridgescore.core.imps import RoundingPolicy, wbf_imps
from bridgescore.pairs.methods.base import BoardScores, FloatArray, Unit

__all__ = [
    "Butler",
    "DatumPolicy",
    "DatumRounding",
    "DropExtremes",
    "NbbDatum",
    "PercentTrim",
    "PlainMean",
    "imps_against_datum",
    "round_datum",
    "trim_count",
]


class DatumPolicy(Protocol):
    """How a board's (unrounded) NS datum follows from its NS scores, given sorted ascending."""

    @property
    def description(self) -> str: ...

    def datum(self, ordered: FloatArray) -> float: ...


def trim_count(n: int, percent: float) -> int:
    """Scores dropped at each end: ``percent`` of n, a fraction rounded up (seed 001: 11–20 scores → 2)."""
    # the small epsilon keeps 10 % of 10 at exactly 1, not 1.0000000000000002 → 2
    return math.ceil(n * percent / 100.0 - 1e-9)


def _trimmed_mean(ordered: FloatArray, k: int) -> float:
    return float(ordered[k : len(ordered) - k].mean())


@dataclass(frozen=True, slots=True)
class NbbDatum:
    """Seed 001: drop 10 % each side (rounded up) from 6 scores on; below 6, outer scores once, others twice."""

    percent: float = 10.0
    small_field: int = 6
    inner_weight: int = 2

    @property
    def description(self) -> str:
        return (
            f"drop {self.percent:g}% best and worst (rounded up); under {self.small_field} scores the outer "
            f"scores count once and the others {self.inner_weight} times (NBB, seed 001)"
        )

    def datum(self, ordered: FloatArray) -> float:
        n = len(ordered)
        if n >= self.small_field:
            return _trimmed_mean(ordered, trim_count(n, self.percent))
        if n <= 2:
            return float(ordered.mean())
        inner = float(ordered[1:-1].sum())
        total = float(ordered[0] + ordered[-1]) + self.inner_weight * inner
        return total / (2 + self.inner_weight * (n - 2))


@dataclass(frozen=True, slots=True)
class PercentTrim:
    """Drop ``percent`` % of the scores at each end (fractions rounded up), keeping at least ``min_kept``.

    ``PercentTrim(5)``: ACBLscore's default datum.  ``PercentTrim(10, min_kept=3)``: BridgeWx.
    """

    percent: float = 10.0
    min_kept: int = 1

    @property
    def description(self) -> str:
        return f"drop {self.percent:g}% best and worst (rounded up), keep at least {self.min_kept} scores"

    def datum(self, ordered: FloatArray) -> float:
        n = len(ordered)
        # the most of trim_count that keeps min_kept scores (was a loop of k steps: 10**9 for trim:9999999999)
        k = max(0, min(trim_count(n, self.percent), (n - self.min_kept) // 2))
        return _trimmed_mean(ordered, k)


@dataclass(frozen=True, slots=True)
class DropExtremes:
    """Drop the ``count`` highest and ``count`` lowest scores (English club Butler: one of each), where the board
    has at least ``from_scores`` scores (Compscore3: 4) and more than ``2 × count``; otherwise every score counts."""

    count: int = 1
    from_scores: int = 0

    @property
    def description(self) -> str:
        words = f"drop the {self.count} best and {self.count} worst scores"
        return f"{words} from {self.from_scores} scores on" if self.from_scores > 2 * self.count + 1 else words

    def datum(self, ordered: FloatArray) -> float:
        n = len(ordered)
        k = self.count if n > 2 * self.count and n >= self.from_scores else 0
        return _trimmed_mean(ordered, k)


@dataclass(frozen=True, slots=True)
class PlainMean:
    """Every score counts (the WBF's Butler rankings)."""

    @property
    def description(self) -> str:
        return "average of all scores"

    def datum(self, ordered: FloatArray) -> float:
        return float(ordered.mean())


class DatumRounding(Enum):
    """How the datum is rounded to a multiple of 10 (see the module docstring for who uses which)."""

    HALF_TOWARD_ZERO = "half-toward-zero"
    HALF_AWAY_FROM_ZERO = "half-away-from-zero"
    HALF_EVEN = "half-even"
    DOWN = "down"
    NONE = "none"


def round_datum(value: float, rounding: DatumRounding) -> float:
    """Round an NS datum to tens; every rule is symmetric, so the EW datum (its negation) stays opposite."""
    if rounding is DatumRounding.NONE:
        return value
    tens = round(abs(value) / 10.0, 6)  # absorb float noise such as 7.2499999999
    if rounding is DatumRounding.HALF_TOWARD_ZERO:
        units = math.ceil(tens - 0.5)
    elif rounding is DatumRounding.HALF_AWAY_FROM_ZERO:
        units = math.floor(tens + 0.5)
    elif rounding is DatumRounding.HALF_EVEN:
        units = round(tens)
    else:
        units = math.floor(tens)
    return math.copysign(units * 10.0, value) if units else 0.0


def imps_against_datum(
    ns_scores: FloatArray, datum: Callable[[FloatArray], float], imps: Callable[[FloatArray], FloatArray]
) -> BoardScores:
    """A board scored against a datum (Butler, Bastille): NS get ``imps(score - datum)``, EW the negation.

    ``datum`` receives the scores sorted ascending; a board without scores has no datum.
    """
    if len(ns_scores) == 0:
        empty = np.zeros(0)
        return BoardScores(empty, empty, None, None)
    value = datum(np.sort(ns_scores))
    ns = imps(ns_scores - value)
    return BoardScores(ns, -ns, value, None)


@dataclass(frozen=True, slots=True)
class Butler:
    """Butler scoring: IMPs (Law 78B) of each NS score against the rounded datum; EW get the negation."""

    datum_policy: DatumPolicy = NbbDatum()
    rounding: DatumRounding = DatumRounding.HALF_TOWARD_ZERO
    imp_rounding: RoundingPolicy = RoundingPolicy.HALF_UP

    @property
    def name(self) -> str:
        return "butler"

    @property
    def unit(self) -> Unit:
        return Unit.IMPS

    def score_board(self, ns_scores: FloatArray, full_count: int) -> BoardScores:
        return imps_against_datum(
            ns_scores,
            lambda ordered: round_datum(self.datum_policy.datum(ordered), self.rounding),
            lambda diffs: wbf_imps(diffs, self.imp_rounding).astype(np.float64),
        )

    def artificial_points(self, award: Award, values: AdjustmentValues, top: float | None, n_scores: int) -> float:
        """Average-plus/average/average-minus: +3/0/−3 IMPs by default (EBU, NBB, ACBLscore)."""
        return values.imps(award)
