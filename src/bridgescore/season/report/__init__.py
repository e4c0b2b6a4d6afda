"""A season competition as a report (issue 13): text, CSV and JSON in :mod:`bridgescore.season.report.base`, HTML in
:mod:`bridgescore.season.report.html`, both through :func:`write_season`.

Every rule's arithmetic is shown: the rules in words, then the ranking (evenings played, counted, dropped, absent,
boards, the season's score), then each competitor's evenings – counted as they stand, ``[dropped]`` in brackets,
an absent evening's value marked ``a``, a line correction written after the value (``55.20−4``) – so a director
can redo each sum.  Labels from the catalogue (``lang="nl"``: Competitie, Clubranking, Lijn, Gem.%, Avonden,
Afwezig …), numbers through :func:`bridgescore.core.i18n.format_number`; the JSON holds unrounded numbers.

JSON schema ``bridgescore.season/1``::

    schema      "bridgescore.season/1"
    title       the season's title
    unit        "percent" (matchpoint evenings) or "imps" (Butler: IMPs per board)
    per         "pair" or "player"
    rules       best (null: all evenings), min_evenings, min_share (0.5: half of the evenings held),
                min_evenings_needed (the evenings a competitor must have played: the larger of the two),
                absent {kind: none|fixed|average, value, cap},
                lines {section: line}, line_order [top line first], line_correction, promote, relegate
    sessions[]  key, date (ISO where known), title, boards (the most a pair played: an absent evening's weight)
    standings[] ranked (false: too few evenings, listed after the ranking), place ("3=" where shared; "" when not
                ranked), line, line_place, movement ("", "promote", "relegate"), key, name, players[] {number,
                name}, score (total / boards), total, boards, played, absent, counted, dropped, absent_value,
                evenings[] (one per session, in order) {session, played, value, correction, score, boards,
                counted, line, partner, imps}
    left_out[]  pairs a player ranking cannot follow (no players known), as "session: names"
    problems[]  file, line, field, severity, message – what reading and scoring the evenings found (as in the score
                JSON)
    valet       (with --valet) per competitor the Valet components summed over the season (see season.valet)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, TextIO

from bridgescore.core.i18n import Language
from bridgescore.core.problems import Problem
from bridgescore.season.engine import Season
from bridgescore.season.report.base import (
    SCHEMA,
    render_csv,
    render_text,
    rules_words,
    season_dict,
    valet_rows,
)

__all__ = ["SCHEMA", "SEASON_FORMATS", "SeasonFormat", "rules_words", "season_dict", "valet_rows", "write_season"]

SeasonFormat = Literal["text", "json", "csv", "html"]
SEASON_FORMATS: tuple[SeasonFormat, ...] = ("text", "json", "csv", "html")


def write_season(
    season: Season,
    fmt: SeasonFormat,
    stream: TextIO,
    lang: Language = "en",
    valet: dict[str, Any] | None = None,
    problems: Sequence[Problem] = (),
) -> None:
    """``season`` in the form ``fmt`` on ``stream`` (``problems``: in the JSON; the other forms leave them to the
    error stream, where the command prints them)."""
    if fmt == "json":
        json.dump(season_dict(season, valet, problems), stream, ensure_ascii=False, indent=2)
        stream.write("\n")
    elif fmt == "csv":
        stream.write(render_csv(season, lang))
    elif fmt == "html":
        from bridgescore.season.report.html import render_season_html

        stream.write(render_season_html(season, lang, valet))
    else:
        render_text(season, stream, lang, valet)
