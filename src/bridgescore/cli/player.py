"""The ``player`` command (issue 13): a player's sessions in the archive, by member number."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from bridgescore.cli.common import DatabaseOption, ReportLangOption, app, fail, language_option


@app.command()
def player(
    number: Annotated[
        str,
        typer.Argument(help="Member number as the files write it (NBB, EBU, ACBL), or a name.", show_default=False),
    ],
    db: DatabaseOption = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    lang: ReportLangOption = "en",
) -> None:
    """A player's history: every session in the archive (date, competition, pair, partner, result, place) and
    the average (percentages weighted by boards; IMPs per board)."""
    from bridgescore.archive import PlayerAverage
    from bridgescore.cli.common import open_or_fail, out, reading, wide_console
    from bridgescore.report.archive import player_json, render_player

    page_lang = language_option(lang)
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    archive = open_or_fail(db, page_lang, create=False)
    with reading(archive, page_lang):
        who, sessions = archive.player(number)
    average = PlayerAverage.of(sessions)
    if fmt == "json":
        sys.stdout.write(player_json(who, sessions, average))
    else:
        render_player(who, sessions, average, wide_console(out), page_lang)
