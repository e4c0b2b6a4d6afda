"""The ``valet`` command: the Valet score."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.common import (
    SkipInvalidOption,
    app,
    fail,
    language_option,
    refuse_overwrite,
    write_output,
)
from bridgescore.core.problems import Problem, Severity
from bridgescore.report import progress

if TYPE_CHECKING:
    from bridgescore.core.event import Event
    from bridgescore.core.i18n import Language
    from bridgescore.valet.read import ValetInput


@app.command()
def valet(
    inputs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="A directory with names.txt and scores.txt (the Valet program's input), or traveller files "
            "with declarers (CSV, USEBIO XML, PBN).",
            show_default=False,
        ),
    ] = None,
    directory: Annotated[
        Path | None, typer.Option("--directory", "-d", help="Directory of the names and scores files (reference -d).")
    ] = None,
    names: Annotated[Path | None, typer.Option("--names", "-n", help="Names file (reference -n).")] = None,
    scores: Annotated[Path | None, typer.Option("--scores", "-s", help="Scores file (reference -s).")] = None,
    scoring: Annotated[
        str,
        typer.Option(
            "--scoring", "-v", help="iaf (IMPs across the field), datum (Butler) or matchpoints (reference -v)."
        ),
    ] = "iaf",
    no_cloud: Annotated[
        bool, typer.Option("--no-cloud", "-x", help="Plain decomposition instead of the cloud one (reference -x).")
    ] = False,
    deals: Annotated[
        Path | None,
        typer.Option(
            "--deals",
            help="Hand record (PBN, LIN, DUP) joined to the traveller files by board number: tricks against double "
            "dummy after the actual lead (issue 10).",
        ),
    ] = None,
    leads: Annotated[bool, typer.Option("--leads", "-l", help="Score the opening lead apart (reference -l).")] = False,
    lead_average: Annotated[
        bool, typer.Option("--lead-average", "-a", help="Add the pair's average lead column (reference -a).")
    ] = False,
    drop_extremes: Annotated[
        bool, typer.Option("--drop-extremes", "-e", help="Datum without the highest and lowest score (reference -e).")
    ] = False,
    truncate_imps: Annotated[
        bool, typer.Option("--truncate-imps", help="Truncate differences to 10 before the IMP table (reference -h).")
    ] = False,
    compensate: Annotated[
        bool, typer.Option("--compensate", "-c", help="Compensate for the opponents' strength (reference -c).")
    ] = False,
    min_hands: Annotated[
        int | None, typer.Option("--min-hands", "-m", help="Second table for pairs with fewer hands (reference -m).")
    ] = None,
    rounds: Annotated[
        str | None, typer.Option("--rounds", "-r", help="Rounds: 3, 2-5 or 1,3-5,7 (reference -r).")
    ] = None,
    order: Annotated[
        str | None,
        typer.Option(
            "--order",
            help="overall (default), bidding, play, defense, lead, bidoverplay, defoverplay or leadoverplay.",
            show_default=False,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", help="Write to this file (not one of the inputs) instead of the screen."),
    ] = None,
    order_or_output: Annotated[
        str | None,
        typer.Option(
            "-o",
            metavar="ORDER|FILE",
            help="An order word is the order (the reference's -o: valet -o bidding); anything else the output file "
            "(-o result.csv, as in every command). A file named like an order word: --output.",
        ),
    ] = None,
    tableau: Annotated[
        Path | None, typer.Option("--tableau", "-t", help="Write the per-hand tableau here (reference -t).")
    ] = None,
    separator: Annotated[str, typer.Option("--separator", "-j", help="valet-csv separator (reference -j).")] = ",",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, valet-csv, json or html (reference -f).")] = "text",
    skip_invalid: SkipInvalidOption = False,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            help="Labels and numbers of the text, tableau and html: en or nl (valet-csv and JSON stay as they are).",
        ),
    ] = "en",
) -> None:
    """The Valet score: each pair's Butler score split into bidding, declarer play, opening lead and defence."""
    from bridgescore.core.imps import RoundingPolicy
    from bridgescore.valet import read as valet_io
    from bridgescore.valet.score import ORDERS, ScoringForm, ValetOptions, missing_rounds, parse_rounds, score_valet

    labels = language_option(lang)
    forms = {"iaf": ScoringForm.IAF, "imps": ScoringForm.IAF, "datum": ScoringForm.DATUM,
             "matchpoints": ScoringForm.MATCHPOINTS, "mp": ScoringForm.MATCHPOINTS}  # fmt: skip
    if scoring not in forms:
        raise fail(f"--scoring must be iaf, datum or matchpoints, not '{scoring}'")
    if order_or_output is not None:  # -o: an order word (reference command lines) or the output file
        word = order_or_output.strip().lower()
        if word in ORDERS:
            if order is not None and order != word:
                raise fail(f"-o {order_or_output} and --order {order} give two orders; give one")
            order = word
        elif output is not None:
            raise fail(f"-o {order_or_output} and --output {output} name two output files; give one")
        else:
            output = Path(order_or_output)
    order = order or "overall"
    if order not in ORDERS:
        raise fail(f"--order must be one of {', '.join(ORDERS)}, not '{order}'")
    if fmt not in ("text", "valet-csv", "csv", "json", "html"):
        raise fail(f"--format must be text, valet-csv, json or html, not '{fmt}'")
    if len(separator) != 1:
        raise fail(f"--separator must be one character, not '{separator}'")
    if min_hands is not None and min_hands < 1:
        raise fail("--min-hands must be at least 1")
    try:
        chosen_rounds = parse_rounds(rounds) if rounds is not None else None
    except ValueError as problem:
        raise fail(f"--rounds: {problem}") from None
    if directory is not None:  # as the reference: the names and scores files are inside the directory
        names = directory / (names or "names.txt")
        scores = directory / (scores or "scores.txt")
    if (names is None) != (scores is None):
        raise fail("give both --names and --scores, or a directory holding names.txt and scores.txt")
    if names is None and not inputs:
        raise fail("give a directory with names.txt and scores.txt, --names and --scores, or traveller files")
    given = [*(p for i in inputs or [] for p in ((i / "names.txt", i / "scores.txt") if i.is_dir() else (i,))),
             names, scores]  # fmt: skip
    refuse_overwrite(output, [*given, deals])
    refuse_overwrite(tableau, [*given, output], "--tableau")
    bar = progress.start(None, (progress.READING, progress.SCORING, progress.WRITING), lang=labels)
    bar.stage(progress.READING)
    read = valet_io.read_input(list(inputs or []), names, scores)
    if deals is not None:
        read = _with_deals(read, deals)
    dealt = read.event if read.event is not None and read.event.deals else None
    if dealt is not None:  # traveller files with deals: the lead analysis (issue 10), a lead not held is a problem
        from dataclasses import replace

        from bridgescore.core.leads import lead_problems

        read = replace(read, problems=(*read.problems, *lead_problems(dealt)))
    stop = read.has_errors and not (skip_invalid and len(read.tables))
    if read.problems:
        bar.hide()  # the problems are printed on the screen the bar is on
        _problems(read.problems, labels, can_go_on=bool(len(read.tables)), summary=stop)
    if stop:
        raise typer.Exit(2)
    absent = missing_rounds(read.tables, chosen_rounds)
    if absent is not None and absent.severity is Severity.ERROR:
        raise fail(absent.text(labels))
    if absent is not None:
        _err(f"[yellow]{_escape(absent.describe(labels))}[/]")
    options = ValetOptions(
        form=forms[scoring], cloud=not no_cloud, leads=leads, lead_average=lead_average,
        drop_extremes=drop_extremes,
        rounding=RoundingPolicy.TRUNCATE if truncate_imps else RoundingPolicy.HALF_UP,
        compensate=compensate, min_hands=min_hands, rounds=chosen_rounds, order=order,
    )  # fmt: skip
    bar.stage(progress.SCORING)
    result = score_valet(read.tables, options)
    analysis = None
    if dealt is not None:
        from bridgescore.core.leads import analyse

        analysis = analyse(dealt)
    bar.stage(progress.WRITING)
    if fmt in ("valet-csv", "csv"):
        from bridgescore.valet.report.csv import render_valet_csv

        text = render_valet_csv(result, separator)
    elif fmt == "json":
        from bridgescore.pairs.report.leads import leads_block
        from bridgescore.valet.report import render_valet_json

        text = render_valet_json(result, None if analysis is None else leads_block(analysis, "en", _names_of(dealt)))
    elif fmt == "html":
        from bridgescore.valet.report.html import render_valet_html

        text = render_valet_html(result, lang=labels)
    else:
        from bridgescore.valet.report import render_valet_text

        text = render_valet_text(result, labels)
        if analysis is not None:
            from bridgescore.pairs.report.leads import render_leads_text

            text += "\n" + render_leads_text(analysis, labels, _names_of(dealt))
    if tableau is not None:
        from bridgescore.report.printable import escape_controls
        from bridgescore.valet.report import render_tableau

        try:
            tableau.write_text(escape_controls(render_tableau(result, lang=labels)), encoding="utf-8")
        except OSError as problem:
            raise fail(f"cannot write the tableau to {tableau}: {problem.strerror or problem}") from None
    bar.hide()
    write_output(text, output)


def _with_deals(read: ValetInput, deals: Path) -> ValetInput:
    """The traveller files' event with the hand record ``deals`` joined by board number, every mismatch among the
    problems (:func:`bridgescore.io.deals.join`).  The Valet program's own scores file keeps only the suit of the
    lead, so the analysis needs traveller files: with a names/scores pair ``--deals`` is refused (exit 2)."""
    from dataclasses import replace

    from bridgescore.io import deals as hand_records

    if read.event is None:
        raise fail(
            "--deals: the Valet program's scores file keeps only the suit of each lead; give the traveller files "
            "(CSV, USEBIO, PBN) to have the leads analysed against double dummy"
        )
    before = len(read.event.problems)
    joined = hand_records.join(read.event, hand_records.load(deals), deals.name)
    return replace(read, event=joined, problems=(*read.problems, *joined.problems[before:]))


# rich is loaded only when there is something to say: a clean run writing the csv starts without it.


def _err(text: str, *, whole: bool = True) -> None:
    """``text`` (rich markup) on the error stream; ``whole``: as one line (not cut at 80 columns)."""
    from bridgescore.cli.common import err

    if whole:
        err.print(text, soft_wrap=True, highlight=False, markup=True)
    else:
        err.print(text)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _problems(problems: Sequence[Problem], lang: Language, *, can_go_on: bool, summary: bool) -> None:
    """The reader's problems on the error stream, in ``lang``, as every command prints them (loaded only when there
    are any: a clean run starts without rich)."""
    from bridgescore.cli.common import err
    from bridgescore.report.problems import print_problems

    print_problems(problems, err, lang, can_go_on=can_go_on, summary=summary)


def _names_of(event: Event | None) -> dict[str, str]:
    """The pair names of the event the lead analysis was made of."""
    return dict(event.names) if event is not None else {}
