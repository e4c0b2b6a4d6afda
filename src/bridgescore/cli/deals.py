"""The ``deals`` command: hand records with their double-dummy tables and par (issue 10)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import OutputOption, app, fail, language_option, refuse_overwrite, write_output
from bridgescore.core.i18n import N_
from bridgescore.core.problems import Severity
from bridgescore.report import progress

#: The stage of the progress bar while DDS solves (a 36-board hand record takes several seconds).
SOLVING = N_("solving double dummy")


@app.command()
def deals(
    file: Annotated[Path, typer.Argument(help="Hand record: PBN, LIN or Duplimate DUP.", show_default=False)],
    dd: Annotated[bool, typer.Option("--dd", help="Double-dummy table of every deal (solved unless written).")] = False,
    par: Annotated[bool, typer.Option("--par", help="Par score and contracts for the board's vulnerability.")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, json (bridgescore.deals/1) or pbn.")] = "text",
    output: OutputOption = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of labels and problems: en or nl.")] = "en",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but show the deals that can be read (exit 0).")
    ] = False,
) -> None:
    """Print hand records with their analysis; --format pbn writes the tags back for other programs (exit 2 on bad
    input). Solving uses every core and a cache (BRIDGESCORE_CACHE), so a deal is never solved twice."""
    from bridgescore.api import analyse_deals, read_deals
    from bridgescore.cli.common import err
    from bridgescore.io import deals as hand_records
    from bridgescore.report.hand_records import deals_json, deals_text
    from bridgescore.report.problems import print_problems

    labels = language_option(lang)
    if fmt not in ("text", "json", "pbn"):
        raise fail(f"--format must be text, json or pbn, not '{fmt}'")
    refuse_overwrite(output, [file])
    bar = progress.start(err, (progress.READING, SOLVING, progress.WRITING), lang=labels)
    bar.stage(progress.READING)
    records = read_deals(file)  # the file's problems first: nothing is solved for a file that stops here
    errors = any(p.severity is Severity.ERROR for p in records.problems)
    if errors and not (skip_invalid and records.deals):
        bar.hide()
        print_problems(records.problems, err, labels, can_go_on=bool(records.deals))
        raise typer.Exit(2)
    bar.stage(SOLVING)
    analysed = analyse_deals(records, dd=dd, par=par)  # with the checks of a written par against a solved table
    chosen = list(analysed.deals.values())
    bar.stage(progress.WRITING)
    bar.hide()
    if fmt == "json":
        text = deals_json(chosen, records.title)
    elif fmt == "pbn":
        text = hand_records.dumps_pbn(chosen)
    else:
        text = deals_text(chosen, labels)
    write_output(text, output)
    sys.stdout.flush()
    if analysed.problems:
        print_problems(analysed.problems, err, labels, can_go_on=False)
