"""A scored teams event as a report: the standings and every match's result.

This is the entry point every teams output goes through (``bridgescore teams --format …``); each format is one
function.  Every label comes from the catalogue (``lang="nl"``: Dutch) and every number passes through
:func:`bridgescore.i18n.format_number` (decimal comma in Dutch).
"""

from __future__ import annotations

from typing import Literal, TextIO

from rich.console import Console
from rich.table import Table

from bridgescore.i18n import Language, translator
from bridgescore.report.labels import number
from bridgescore.teams.model import ScoredTeams

__all__ = ["TEAMS_FORMATS", "TeamsFormat", "render_teams_text", "write_teams"]

TeamsFormat = Literal["text"]
#: The formats :func:`write_teams` writes.
TEAMS_FORMATS: tuple[TeamsFormat, ...] = ("text",)


def render_teams_text(scored: ScoredTeams, console: Console, lang: Language = "en") -> None:
    """The standings, then each match with its IMPs (and VPs where the event is scored in them)."""
    _ = translator(lang).gettext
    vp = scored.vp_scale is not None
    table = Table(title=scored.event.title or None)
    for heading in (_("Place"), _("Team"), _("Matches"), *([_("VP")] if vp else []), _("IMPs for"), _("IMPs against")):
        table.add_column(heading)
    for s in scored.standings:
        table.add_row(
            s.place_label,
            s.team.label,
            str(s.matches),
            *([number(s.vp, lang)] if vp else []),
            number(s.imps_for, lang),
            number(s.imps_against, lang),
        )
    console.print(table)
    matches = Table(title=_("Matches"))
    for heading in (_("Round"), _("Home"), _("Away"), _("IMPs"), *([_("VP")] if vp else [])):
        matches.add_column(heading)
    for m in scored.matches:
        home, away = scored.event.team(m.match.home).label, scored.event.team(m.match.away).label
        imps = f"{number(m.imps_home, lang)}–{number(m.imps_away, lang)}"
        vps = [f"{number(m.vp_home, lang)}–{number(m.vp_away, lang)}"] if vp else []
        matches.add_row(str(m.match.round), home, away, imps, *vps)
    console.print(matches)


def write_teams(scored: ScoredTeams, fmt: TeamsFormat, out: TextIO, lang: Language = "en") -> None:
    """``scored`` written to ``out`` in ``fmt``."""
    if fmt == "text":
        render_teams_text(scored, Console(file=out, width=100, soft_wrap=True), lang)
