"""The ``player`` command (issue 13): a player's sessions in the archive, by member number or by name."""

from __future__ import annotations

from typing import Annotated

import typer

from bridgescore.cli.common import DatabaseOption, ReportLangOption, app, language_option, text_or_json


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
    from bridgescore.archive.report import player_json, render_player
    from bridgescore.cli.common import out, reading_archive, wide_console, write_output

    page_lang = language_option(lang)
    text_or_json(fmt)
    with reading_archive(db, page_lang) as archive:
        who, sessions = archive.player(number)
    average = PlayerAverage.of(sessions)
    if fmt == "json":
        write_output(player_json(who, sessions, average), None)
    else:
        render_player(who, sessions, average, wide_console(out), page_lang)
