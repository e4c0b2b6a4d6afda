"""IMP scales: the WBF table of Law 78B and the continuous Bastille scale.

Both work on one difference or on a numpy array of differences (vectorised: a board with 100,000 results
costs one ``searchsorted``).
"""

from __future__ import annotations

from enum import Enum
from typing import overload

import numpy as np
import numpy.typing as npt

__all__ = [
    "WBF_MAX",
    "WBF_THRESHOLDS",
    "RoundingPolicy",
    "bastille_imps",
    "wbf_imps",
]

FloatArray = npt.NDArray[np.float64]

#: Lower bounds of each IMP step of the WBF scale (Law 78B): a difference of 20-40 is 1 IMP, ..., 4000+ is 24.
WBF_THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
WBF_MAX = len(WBF_THRESHOLDS)
_THRESHOLDS = np.asarray(WBF_THRESHOLDS, dtype=np.float64)


class RoundingPolicy(Enum):
    """What the WBF table does with a difference that is not a multiple of 10 (a datum or an average).

    ``HALF_UP``: round the magnitude to the nearest multiple of 10, halves away from zero (15 → 20 → 1 IMP),
    as the Valet reference program does (its ``imps()``), and the default here.
    ``TRUNCATE``: drop the units (15 → 10 → 0 IMP), the reading of the table's ranges "20-40" literally, as the
    Valet program's ``-h`` option does.
    """

    HALF_UP = "half-up"
    TRUNCATE = "truncate"


def _magnitude(diff: FloatArray, policy: RoundingPolicy) -> FloatArray:
    mag = np.abs(diff)
    if policy is RoundingPolicy.HALF_UP:
        # nearest multiple of 10, halves up; the small epsilon absorbs float noise such as 14.999999
        return np.floor(mag / 10.0 + 0.5 + 1e-9) * 10.0
    return np.floor(mag / 10.0 + 1e-9) * 10.0


@overload
def wbf_imps(diff: float, policy: RoundingPolicy = ...) -> int: ...
@overload
def wbf_imps(diff: npt.ArrayLike, policy: RoundingPolicy = ...) -> npt.NDArray[np.int64]: ...
def wbf_imps(
    diff: float | npt.ArrayLike, policy: RoundingPolicy = RoundingPolicy.HALF_UP
) -> int | npt.NDArray[np.int64]:
    """IMPs for a point difference on the WBF scale (Law 78B), signed like the difference, at most 24."""
    arr = np.asarray(diff, dtype=np.float64)
    mag = _magnitude(arr, policy)
    imps = np.searchsorted(_THRESHOLDS, mag, side="right").astype(np.int64)
    signed = np.where(arr < 0, -imps, imps)
    if np.ndim(diff) == 0 and not isinstance(diff, np.ndarray):
        return int(signed)
    return signed


# Seed 002 ("Bastille"): from 0 to 45: score/30, 45-165: (score+15)/40, ..., over 2495: (score+7755)/500.
# Expressed as breakpoints of a continuous piecewise-linear function with the slope of the last piece beyond.
_BASTILLE_X = np.array([0, 45, 165, 365, 425, 495, 595, 895, 1495, 2495], dtype=np.float64)
_BASTILLE_Y = np.array(
    [0.0, 60 / 40, 225 / 50, 510 / 60, 665 / 70, 1050 / 100, 1725 / 150, 2700 / 200, 4125 / 250, 10250 / 500]
)
_BASTILLE_LAST_SLOPE = 1 / 500


@overload
def bastille_imps(diff: float) -> float: ...
@overload
def bastille_imps(diff: npt.ArrayLike) -> FloatArray: ...
def bastille_imps(diff: float | npt.ArrayLike) -> float | FloatArray:
    """Continuous IMPs of seed 002 (Bastille scoring): linear between the table's mid-points, no 24 maximum.

    0-45: d/30; 45-165: (d+15)/40; 165-365: (d+60)/50; 365-425: (d+145)/60; 425-495: (d+240)/70;
    495-595: (d+555)/100; 595-895: (d+1130)/150; 895-1495: (d+1805)/200; 1495-2495: (d+2630)/250;
    over 2495: (d+7755)/500.  So 57 → 1.8 and 163 → 4.45, as the seed's worked example says.
    """
    arr = np.asarray(diff, dtype=np.float64)
    mag = np.abs(arr)
    inside = np.interp(mag, _BASTILLE_X, _BASTILLE_Y)
    beyond = _BASTILLE_Y[-1] + (mag - _BASTILLE_X[-1]) * _BASTILLE_LAST_SLOPE
    imps = np.where(mag > _BASTILLE_X[-1], beyond, inside)
    signed: FloatArray = np.where(arr < 0, -imps, imps)
    if np.ndim(diff) == 0 and not isinstance(diff, np.ndarray):
        return float(signed)
    return signed
