"""Pairs scoring methods, one module each behind the :class:`~bridgescore.pairs.methods.base.ScoringMethod` protocol.

:func:`make_method` builds a method from the names a director types on the command line.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgescore.pairs.methods.base import BoardScores, ScoringMethod, Unit
    from bridgescore.pairs.methods.butler import DatumPolicy

# The methods are imported when one is made: importing a module of this package (``methods.valet``, which the
# ``valet`` command needs alone) runs this file, and the pairs methods would bring Babel and the adjusted-score
# rules with them (some 30 ms of every ``bridgescore valet`` run).

__all__ = ["METHODS", "BoardScores", "ScoringMethod", "Unit", "make_method", "parse_datum_policy"]

METHODS = ("matchpoints", "butler", "bastille", "cross-imps")

#: Datum policies by name: ``nbb`` (seed 001, default), ``acbl`` (ACBLscore: 5 % trim; pair it with
#: ``half-even`` rounding), ``bridgewx`` (10 %, keep 3; pair it with ``half-away-from-zero`` rounding),
#: ``compscore`` (Compscore3: the best and the worst left out from 4 scores on; pair it with
#: ``half-away-from-zero`` rounding), ``mean`` (no trimming), ``drop:K`` (K best and K worst), ``drop:K:N`` (from N
#: scores on), ``trim:P[:MIN]`` (P % each side, keep MIN).
DATUM_POLICY_NAMES = ("nbb", "acbl", "bridgewx", "compscore", "mean", "drop:K[:N]", "trim:P[:MIN]")


def __getattr__(name: str) -> Any:
    """``BoardScores``, ``ScoringMethod`` and ``Unit`` (of ``methods.base``), imported when first asked for."""
    if name in ("BoardScores", "ScoringMethod", "Unit"):
        from bridgescore.pairs.methods import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_datum_policy(text: str) -> DatumPolicy:
    """A datum policy from its name (see ``DATUM_POLICY_NAMES``); ValueError with the choices if unknown."""
    from bridgescore.pairs.methods.butler import DropExtremes, NbbDatum, PercentTrim, PlainMean

    key = text.strip().lower()
    if key == "nbb":
        return NbbDatum()
    if key == "acbl":
        return PercentTrim(5.0)
    if key == "bridgewx":
        return PercentTrim(10.0, min_kept=3)
    if key == "compscore":
        return DropExtremes(1, from_scores=4)
    if key in ("mean", "none", "plain"):
        return PlainMean()
    m = re.fullmatch(r"drop:(\d{1,9})(?::(\d{1,9}))?", key)
    if m:
        return DropExtremes(int(m.group(1)), int(m.group(2) or 0))
    m = re.fullmatch(r"trim:(\d+(?:\.\d+)?)(?::(\d{1,9}))?", key)
    if m:
        percent, kept = float(m.group(1)), int(m.group(2) or 1)
        if percent >= 50 or kept < 1:  # 50 % each side or keeping none leaves no score: no datum
            raise ValueError(f"datum '{text}': trim less than 50% each side and keep at least 1 score")
        return PercentTrim(percent, kept)
    raise ValueError(f"unknown datum '{text}'; choose one of {', '.join(DATUM_POLICY_NAMES)}")


def make_method(
    name: str,
    *,
    acbl_scale: bool = False,
    neuberg: bool = True,
    datum: str = "nbb",
    datum_rounding: str = "half-toward-zero",
    cross_imps: str = "average",
    neuberg_factor_decimals: int | None = None,
    imp_cap: int | None = None,
) -> ScoringMethod:
    """The scoring method named ``name`` (one of ``METHODS``) with its options; ValueError if unknown."""
    from bridgescore.pairs.methods.bastille import Bastille
    from bridgescore.pairs.methods.butler import Butler, DatumRounding
    from bridgescore.pairs.methods.crossimps import CrossImps, CrossImpsForm
    from bridgescore.pairs.methods.matchpoints import Matchpoints, MatchpointScale

    if name == "matchpoints":
        scale = MatchpointScale.ACBL if acbl_scale else MatchpointScale.TWO_ONE_ZERO
        return Matchpoints(scale, neuberg, neuberg_factor_decimals)
    if name == "butler":
        try:
            rounding = DatumRounding(datum_rounding)
        except ValueError:
            choices = ", ".join(r.value for r in DatumRounding)
            raise ValueError(f"unknown datum rounding '{datum_rounding}'; choose one of {choices}") from None
        return Butler(parse_datum_policy(datum), rounding)
    if name == "bastille":
        return Bastille()
    if name in ("cross-imps", "crossimps", "cross-imp"):
        try:
            form = CrossImpsForm(cross_imps)
        except ValueError:
            raise ValueError(f"cross-IMPs are 'average' or 'total', not '{cross_imps}'") from None
        return CrossImps(form, factor_short_boards=neuberg, imp_cap=imp_cap)
    raise ValueError(f"unknown method '{name}'; choose one of {', '.join(METHODS)}")
