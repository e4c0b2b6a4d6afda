"""Season competitions (issue 13): a club's evenings ranked together – average, best N of M, absent evenings,
lines with promotion and relegation, per pair or per player, matchpoints or Butler – see
:mod:`bridgescore.season.rules` for the rules and their sources and :mod:`bridgescore.season.engine` for the
arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgescore.season.engine import Evening, Season, SeasonSession, Standing, compute_season, shared_places
from bridgescore.season.rules import (
    AbsentRule,
    SeasonRules,
    parse_absent,
    parse_date,
    parse_drop,
    parse_lines,
    parse_min_evenings,
    parse_rule,
)

if TYPE_CHECKING:
    from bridgescore.pairs.sessions import StoredSession

__all__ = [
    "AbsentRule",
    "Evening",
    "Season",
    "SeasonRules",
    "SeasonSession",
    "Standing",
    "compute_season",
    "parse_absent",
    "parse_date",
    "parse_drop",
    "parse_lines",
    "parse_min_evenings",
    "parse_rule",
    "run_season",
    "shared_places",
]


def run_season(
    sessions: list[StoredSession], rules: SeasonRules, title: str = "", valet: bool = False
) -> tuple[Season, dict[str, Any] | None]:
    """The season of ``sessions`` (from files, :class:`~bridgescore.season.files.FileSessions`, or from the
    archive: any :class:`~bridgescore.pairs.sessions.SessionSource`) ranked by ``rules``, with the Valet sums across
    the season when ``valet`` (:func:`bridgescore.season.valet.season_valet`).  Raises
    :class:`~bridgescore.core.options.OptionError` for a rule the season cannot meet."""
    season = compute_season([s.summary for s in sessions], rules, title)
    if not valet:
        return season, None
    from bridgescore.season.valet import season_valet

    return season, season_valet(sessions, rules.per)
