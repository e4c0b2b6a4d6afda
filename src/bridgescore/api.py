"""The Python API (issue 12): read an event, score it, look at the results as typed objects or as tables.

The command line is built on these functions, so a notebook and ``bridgescore score`` give the same numbers::

    import bridgescore
    event = bridgescore.read("src/bridgescore/examples/club-evening.csv")
    scores = bridgescore.score(event, "matchpoints")
    scores.standings.to_pandas()      # one row per ranked pair
    scores.lines.to_pandas()          # one row per traveller line, with its points

A thin facade (issue 20): the names live in the packages that own them – reading, scoring and the results of a
pairs event in :mod:`bridgescore.pairs.pipeline`, the event model in :mod:`bridgescore.core.event` – and are
offered here under the names docs/api.md and users' notebooks know.
"""

from __future__ import annotations

from bridgescore.core.event import Event
from bridgescore.pairs.pipeline import (
    OPTION_NAMES,
    InputError,
    Lines,
    OptionError,
    PenaltyList,
    Scores,
    SessionsScores,
    Standings,
    analyse_deals,
    check_lines,
    event_files,
    file_method_notes,
    file_options,
    lines_frame,
    lines_table,
    read,
    read_deals,
    read_penalties,
    read_sessions,
    resolve_options,
    score,
    score_sessions,
    sessions_as_sections,
    with_deal_analysis,
)

__all__ = [
    "OPTION_NAMES",
    "Event",
    "InputError",
    "Lines",
    "OptionError",
    "PenaltyList",
    "Scores",
    "SessionsScores",
    "Standings",
    "analyse_deals",
    "check_lines",
    "event_files",
    "file_method_notes",
    "file_options",
    "lines_frame",
    "lines_table",
    "read",
    "read_deals",
    "read_penalties",
    "read_sessions",
    "resolve_options",
    "score",
    "score_sessions",
    "sessions_as_sections",
    "with_deal_analysis",
]
