"""The ``check`` command: every traveller line with its score and every problem."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import (
    PER_DIRECTION,
    MovementOption,
    app,
    fail,
    language_option,
    notation_option,
    note_unless_pairs,
    out,
)
from bridgescore.io import load_events
from bridgescore.problems import Severity


@app.command()
def check(
    travellers: Annotated[
        list[Path], typer.Argument(help="Traveller files: CSV, USEBIO XML or PBN.", show_default=False)
    ],
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W); default: as --lang.",
        ),
    ] = None,
    movement: MovementOption = "auto",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but go on with the valid lines (exit 0).")
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of headings and numbers: en or nl.")] = "en",
) -> None:
    """Check traveller files: print every line with its score and every problem (exit 2 if any)."""
    from bridgescore.report.check import render_check

    labels = language_option(lang)
    if movement not in ("auto", *PER_DIRECTION):
        raise fail(f"--movement must be auto, mitchell or howell, not '{movement}'")
    reading = notation_option(notation or "en")  # the readers take either notation
    shown = notation_option(notation or labels)  # printing: as asked, else in the language of the labels
    event = load_events(travellers, reading, pairs_per_direction=PER_DIRECTION.get(movement))
    render_check(event, out, shown, labels)
    note_unless_pairs(event, labels)  # check lists a teams file's lines; score refuses to score them as pairs
    if any(p.severity is Severity.ERROR for p in event.problems) and not (skip_invalid and event.results):
        raise typer.Exit(2)
