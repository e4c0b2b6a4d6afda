"""The ``player`` command (issue 13): a player's sessions in the archive, by member number."""

from __future__ import annotations

import dataclasses
import json
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
    from rich.markup import escape
    from rich.table import Table

    from bridgescore.archive import PlayerAverage
    from bridgescore.cli.archive import open_or_fail, reading
    from bridgescore.cli.common import out, wide_console
    from bridgescore.i18n import N_, format_number, translator

    page_lang = language_option(lang)
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    _ = translator(page_lang).gettext
    archive = open_or_fail(db, page_lang, create=False)
    with reading(archive, page_lang):
        who, sessions = archive.player(number)
    average = PlayerAverage.of(sessions)
    if fmt == "json":
        document = {
            "format": "bridgescore.player/1",
            "number": who.number,
            "name": who.name,
            "sessions": [dataclasses.asdict(s) for s in sessions],
            "average_percent": average.percent,
            "imps_per_board": average.imps_per_board,
        }
        typer.echo(json.dumps(document, ensure_ascii=False, indent=2))
        return
    heading = f"{who.name} ({who.number})" if who.number and who.name else who.name or who.number
    out.print(escape(heading), soft_wrap=True)
    table = Table(box=None)
    columns = (N_("date"), N_("competition"), N_("session"), N_("pair"), N_("partner"), N_("boards"), N_("result"),
               N_("place"))  # fmt: skip
    for column in columns:
        table.add_column(
            _(column), justify="right" if column in ("boards", "result", "place") else "left", overflow="fold"
        )
    for s in sessions:
        pair = (
            (f"{s.section}:" if s.section else "") + s.pair + (f" {s.direction}" if s.direction in ("NS", "EW") else "")
        )
        result = (
            format_number(s.percent, page_lang, 2) + " %"
            if s.percent is not None
            else format_number(s.imps or 0.0, page_lang, 2, signed=True) + " IMPs"
        )
        table.add_row(
            *(escape(v) for v in (s.date, s.competition, s.title or s.key, pair, " & ".join(s.partners))),
            str(s.boards), result, "" if s.place is None else str(s.place),
        )  # fmt: skip
    wide_console(out).print(table)
    if average.percent is not None:
        out.print(
            _("Average: %(percent)s %% over %(boards)d boards")
            % {"percent": format_number(average.percent, page_lang, 2), "boards": average.percent_boards}
        )
    if average.imps_per_board is not None:
        out.print(
            _("IMPs per board: %(imps)s over %(boards)d boards")
            % {"imps": format_number(average.imps_per_board, page_lang, 2, signed=True), "boards": average.imp_boards}
        )
