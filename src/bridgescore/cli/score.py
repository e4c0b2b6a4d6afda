"""The ``score`` command: a pairs event scored, ranked and checked."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from bridgescore.cli.common import (
    PER_DIRECTION,
    MovementOption,
    app,
    err,
    fail,
    language_option,
    notation_option,
    out,
    refuse_unless_pairs,
)
from bridgescore.event import Event
from bridgescore.io import load_events
from bridgescore.problems import Severity


@app.command()
def score(
    inputs: Annotated[
        list[Path], typer.Argument(help="Event files: traveller CSV, USEBIO XML, PBN.", show_default=False)
    ],
    method: Annotated[
        str, typer.Option("--method", "-m", help="matchpoints, butler, bastille or cross-imps.")
    ] = "matchpoints",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, json, csv or html.")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file.")] = None,
    lang: Annotated[
        str, typer.Option("--lang", help="Language of labels and numbers (text, CSV, HTML): en or nl.")
    ] = "en",
    title: Annotated[
        str | None, typer.Option("--title", help="Event title (default: the input's, else Results/Uitslag).")
    ] = None,
    boards: Annotated[bool, typer.Option("--boards", help="Also every traveller with datum and points.")] = False,
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W); default: as --lang.",
        ),
    ] = None,
    names: Annotated[Path | None, typer.Option("--names", help="Names file: CSV pair,names.")] = None,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but score the valid lines (exit 0).")
    ] = False,
    across_sections: Annotated[
        bool, typer.Option("--across-sections", help="Compare every section's scores together (EBU).")
    ] = False,
    movement: MovementOption = "auto",
    phantom: Annotated[
        list[str] | None, typer.Option("--phantom", help="A phantom pair: its opponents get average (repeatable).")
    ] = None,
    phantom_award: Annotated[
        str, typer.Option("--phantom-award", help="What a phantom's opponents get: A, A+, 60 … (JFR Pary: 60).")
    ] = "A",
    neuberg: Annotated[
        bool, typer.Option("--neuberg/--no-neuberg", help="Neuberg for boards with fewer results (default on).")
    ] = True,
    acbl_scale: Annotated[
        bool, typer.Option("--acbl-scale", help="Matchpoints 1 and 1/2 (ACBL, BBO) instead of 2 and 1.")
    ] = False,
    datum: Annotated[
        str, typer.Option("--datum", help="Butler datum: nbb, acbl, bridgewx, mean, drop:K, trim:P[:MIN].")
    ] = "nbb",
    datum_rounding: Annotated[
        str,
        typer.Option(
            "--datum-rounding", help="half-toward-zero (NBB), half-away-from-zero, half-even (ACBL), down, none."
        ),
    ] = "half-toward-zero",
    cross_imps: Annotated[
        str, typer.Option("--cross-imps", help="average (EBU, BBO) or total (ACBLscore) over comparisons.")
    ] = "average",
    factor: Annotated[
        bool, typer.Option("--factor/--no-factor", help="Factor IMP totals of pairs with fewer boards.")
    ] = True,
    factor_printed: Annotated[
        bool, typer.Option("--factor-printed", help="Factor the total rounded to 2 decimals (Pianola, EBU).")
    ] = False,
    pair_percent: Annotated[
        str, typer.Option("--pair-percent", help="total (over maximum: EBU, BriAn) or mean (of board %: BBO, JFR).")
    ] = "total",
    round_board_points: Annotated[
        int | None,
        typer.Option(
            "--round-board-points", help="Round line points to N decimals before summing (ACBLscore, TeamsScorer: 2)."
        ),
    ] = None,
    session_average_plus: Annotated[
        bool,
        typer.Option(
            "--session-average-plus", help="Average-plus is the pair's score on its other boards if higher (Law 12C2c)."
        ),
    ] = False,
    session_average_minus: Annotated[
        bool, typer.Option("--session-average-minus", help="Average-minus is the pair's other boards' score if lower.")
    ] = False,
    average_plus: Annotated[float, typer.Option("--average-plus", help="Average-plus at matchpoints, %.")] = 60.0,
    average_minus: Annotated[float, typer.Option("--average-minus", help="Average-minus at matchpoints, %.")] = 40.0,
    adjusted_imps: Annotated[
        float, typer.Option("--adjusted-imps", help="IMPs for average-plus (minus: the negation).")
    ] = 3.0,
    imps_per_percent: Annotated[
        float, typer.Option("--imps-per-percent", help="IMPs per % above 50 for a percentage at IMPs.")
    ] = 0.3,
) -> None:
    """Score a pairs event: rankings, travellers and the director's checks (exit 2 on bad input)."""
    from bridgescore.methods import make_method
    from bridgescore.methods.adjustments import AdjustmentValues, parse_award
    from bridgescore.report import csv as score_csv
    from bridgescore.report import json as score_json
    from bridgescore.report.check import render_problems
    from bridgescore.report.html import render_html
    from bridgescore.report.text import render_text
    from bridgescore.scored import Movement, PairPercent, ScoringOptions, score_event

    page_lang = language_option(lang)
    lang = notation_option(notation or "en")  # reading: the readers take either notation
    shown = notation_option(notation or page_lang)  # printing: as asked, else in the language of the labels
    if fmt not in ("text", "json", "csv", "html"):
        raise fail(f"--format must be text, json, csv or html, not '{fmt}'")
    try:
        scoring_method = make_method(
            method, acbl_scale=acbl_scale, neuberg=neuberg, datum=datum, datum_rounding=datum_rounding,
            cross_imps=cross_imps,
        )  # fmt: skip
        options = ScoringOptions(
            method=scoring_method,
            adjustments=AdjustmentValues(
                plus_percent=average_plus,
                minus_percent=average_minus,
                plus_imps=adjusted_imps,
                minus_imps=-adjusted_imps,
                imps_per_percent=imps_per_percent,
            ),
            across_sections=across_sections,
            movement=Movement(movement),
            phantoms=frozenset(phantom or ()),
            phantom_award=parse_award(phantom_award),
            factor=factor,
            factor_printed_total=factor_printed,
            pair_percent=PairPercent(pair_percent),
            round_board_points=round_board_points,
            session_average_plus=session_average_plus,
            session_average_minus=session_average_minus,
        )
    except ValueError as problem:
        raise fail(str(problem)) from None
    event = load_events(inputs, lang, names=names, pairs_per_direction=PER_DIRECTION.get(movement))
    refuse_unless_pairs(event, page_lang)  # teams and individuals are not scored as pairs (issue 11)
    scored = score_event(dataclasses.replace(event, title=title) if title else event, options)
    if any(p.severity is Severity.ERROR for p in scored.problems) and not (skip_invalid and event.results):
        render_problems(Event(event.results, problems=scored.problems), err, page_lang)
        raise typer.Exit(2)
    if fmt == "json":
        text = score_json.dumps(scored, lang)
    elif fmt == "csv":
        text = (
            score_csv.boards_csv(scored, shown, page_lang)
            if boards
            else score_csv.standings_csv(scored, lang=page_lang)
        )
    elif fmt == "html":
        text = render_html(score_json.to_dict(scored, notation=lang), page_lang)
    else:
        text = ""
    try:
        if fmt == "text":
            if output is None:
                # piped or redirected output keeps whole columns rather than the 80-column default
                console = out if out.is_terminal else Console(highlight=False, width=max(out.width, 120))
                render_text(scored, console, shown, boards=boards, lang=page_lang)
            else:
                with output.open("w", encoding="utf-8") as handle:
                    console = Console(file=handle, width=120, highlight=False)
                    render_text(scored, console, shown, boards=boards, lang=page_lang)
        elif output is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        else:
            output.write_text(text, encoding="utf-8")
    except OSError as problem:
        raise fail(f"cannot write {output or 'the output'}: {problem.strerror}") from None
