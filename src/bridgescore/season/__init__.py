"""Season competitions (issue 13): a club's evenings ranked together – average, best N of M, absent evenings,
lines with promotion and relegation, per pair or per player, matchpoints or Butler – see
:mod:`bridgescore.season.rules` for the rules and their sources and :mod:`bridgescore.season.engine` for the
arithmetic."""

from __future__ import annotations

from bridgescore.season.engine import Evening, Season, SeasonSession, Standing, compute_season, shared_places
from bridgescore.season.rules import AbsentRule, SeasonRules, parse_absent, parse_lines, parse_rule

__all__ = [
    "AbsentRule",
    "Evening",
    "Season",
    "SeasonRules",
    "SeasonSession",
    "Standing",
    "compute_season",
    "parse_absent",
    "parse_lines",
    "parse_rule",
    "shared_places",
]
