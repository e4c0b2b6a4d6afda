"""The ``individual`` command: an individual event's boards scored as pairs boards, each player ranked alone."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.common import (
    AcblScaleOption,
    AcrossSectionsOption,
    AsProgramOption,
    MethodOption,
    NeubergOption,
    OutputOption,
    PrintNotationOption,
    ReportLangOption,
    SectionPerFileOption,
    app,
    event_files,
    fail,
    language_option,
    notation_option,
    refuse_overwrite,
    resolved_options,
    write_bytes_output,
)
from bridgescore.core.problems import Severity

if TYPE_CHECKING:
    from bridgescore.core.event import Event
    from bridgescore.core.i18n import Language


@app.command()
def individual(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            help="Individual event files (USEBIO XML, PBN, CSV with north, south, east, west columns) or folders.",
            show_default=False,
        ),
    ],
    method: MethodOption = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text, json, csv, html or usebio (USEBIO 1.2 XML).")
    ] = "text",
    output: OutputOption = None,
    lang: ReportLangOption = "en",
    notation: PrintNotationOption = None,
    title: Annotated[str | None, typer.Option("--title", help="Event title (default: the input's).")] = None,
    boards: Annotated[
        bool,
        typer.Option(
            "--boards",
            help="Every traveller line with its four players: text before the rankings, csv instead of them; "
            "json always holds them.",
        ),
    ] = False,
    names: Annotated[
        Path | None, typer.Option("--names", help="Names file: CSV player,name (the names file of pairs).")
    ] = None,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but rank the players all the same (exit 0).")
    ] = False,
    as_program: AsProgramOption = None,
    across_sections: AcrossSectionsOption = False,
    neuberg: NeubergOption = None,
    acbl_scale: AcblScaleOption = None,
    pair_percent: Annotated[
        str | None,
        typer.Option("--pair-percent", help="A player's %: total (over maximum: EBU) or mean (of board %: BBO)."),
    ] = None,
    section_per_file: SectionPerFileOption = False,
    movement: Annotated[
        str | None,
        typer.Option(
            "--movement",
            metavar="NAME|FILE",
            help="An individual movement (individual-8, individual-12, individual-13, individual-16, "
            "individual-20-rainbow … as 'movement show' takes them, or its bridgescore.movement/1 JSON file): every "
            "line's board and four players checked against it, a line in error left out and said (a name takes its "
            "boards a round from the travellers).",
        ),
    ] = None,
) -> None:
    """Score an individual event: each board as in a pairs event, each player ranked on their own (exit 2 on bad
    input)."""

    from bridgescore.api import read
    from bridgescore.cli.common import err, output_stream
    from bridgescore.individual import not_individual, score_individual
    from bridgescore.individual.names import with_player_names
    from bridgescore.individual.report import INDIVIDUAL_FORMATS, IndividualFormat, write_individual
    from bridgescore.report.problems import print_problems

    page_lang = language_option(lang)
    read_notation = notation_option(notation or "en")
    shown = notation_option(notation or page_lang)
    if fmt not in (*INDIVIDUAL_FORMATS, "usebio"):
        raise fail(f"--format must be {', '.join(INDIVIDUAL_FORMATS)} or usebio, not '{fmt}'")
    options = resolved_options(
        method, page_lang, as_program=as_program, across_sections=across_sections, neuberg=neuberg,
        acbl_scale=acbl_scale, pair_percent=pair_percent,
    )  # fmt: skip
    files = event_files(inputs)
    refuse_overwrite(output, [*files, names])
    event = read(*files, notation=read_notation, section_per_file=section_per_file or None)
    refused = not_individual(event)
    if refused is not None:
        raise fail(refused.describe(page_lang))
    if movement is not None:
        event = _checked_against(event, movement, page_lang)
    if names is not None:
        event = with_player_names(event, names)
    if title:
        from dataclasses import replace

        event = replace(event, title=title)
    scored = score_individual(event, options)
    if any(p.severity is Severity.ERROR for p in scored.problems) and not (skip_invalid and event.results):
        print_problems(scored.problems, err, page_lang, can_go_on=bool(len(event.results)))
        raise typer.Exit(2)
    try:
        if fmt == "usebio":  # bytes in the encoding the file declares (bridgescore.pairs.report.usebio)
            from bridgescore.individual.report.usebio import write_individual_usebio

            write_bytes_output(lambda stream: write_individual_usebio(scored, stream), output)
        else:
            chosen: IndividualFormat = next(f for f in INDIVIDUAL_FORMATS if f == fmt)
            with output_stream(output, newline="" if output is not None else None) as stream:
                write_individual(scored, chosen, stream, page_lang, shown, boards)
    except OSError as problem:
        raise fail(f"cannot write {output or 'the output'}: {problem.strerror}") from None
    if (fmt in ("csv", "html", "usebio") or output is not None) and scored.problems:
        print_problems(scored.problems, err, page_lang, can_go_on=False)


def _checked_against(event: Event, value: str, lang: Language) -> Event:
    """``--movement``: the event with every line checked against the individual movement ``value`` names
    (:func:`bridgescore.individual.against_movement.check_against_movement`), or the problem said and exit 2."""
    from bridgescore.cli.common import fitted_to_travellers, movement_from_option
    from bridgescore.individual.against_movement import check_against_movement

    schedule, problems = movement_from_option(value, individual=True)
    if schedule is None or any(p.severity is Severity.ERROR for p in problems):
        raise fail("; ".join(p.text(lang) if p.location.file == "--movement" else p.describe(lang) for p in problems))
    return check_against_movement(event, fitted_to_travellers(schedule, event, lang))
