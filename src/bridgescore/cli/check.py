"""The ``check`` command: every traveller line with its score and every problem."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import (
    DealsOption,
    FixSwapsOption,
    MembersOption,
    MovementScheduleOption,
    OutputOption,
    PrintNotationOption,
    SectionPerFileOption,
    app,
    event_files,
    fail,
    fitted_to_travellers,
    language_option,
    notation_option,
    note_unless_pairs,
    refuse_overwrite,
    session_movements,
    sessions_against_movements,
    write_output,
)
from bridgescore.core.problems import Severity
from bridgescore.report import progress


@app.command()
def check(
    travellers: Annotated[
        list[Path],
        typer.Argument(help="Traveller files (CSV, USEBIO XML, PBN) or folders of them.", show_default=False),
    ],
    notation: PrintNotationOption = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text (the listing), csv (one row per line) or json.")
    ] = "text",
    output: OutputOption = None,
    movement_given: MovementScheduleOption = None,
    fix_swaps: FixSwapsOption = False,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but go on with the valid lines (exit 0).")
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of headings and numbers: en or nl.")] = "en",
    deals: DealsOption = None,
    members: MembersOption = None,
    section_per_file: SectionPerFileOption = False,
    session: Annotated[
        list[str] | None,
        typer.Option("--session", help="The session of each file, once per file in file order (as score takes it)."),
    ] = None,
) -> None:
    """Check traveller files: print every line with its score and every problem (exit 2 if any).

    Above 2,000 lines the listing is plain aligned columns. With -f csv or json the problems go to the error
    stream and the lines to the output."""
    from bridgescore.api import check_lines, read
    from bridgescore.cli.common import err, out
    from bridgescore.pairs.report.check import check_csv, check_json, render_check, render_problems
    from bridgescore.report.printable import console as printable_console

    labels = language_option(lang)
    schedules, movement = session_movements(movement_given, labels, fix_swaps)
    if fmt not in ("text", "csv", "json"):
        raise fail(f"--format must be text, csv or json, not '{fmt}'")
    reading = notation_option(notation or "en")  # the readers take either notation
    shown = notation_option(notation or labels)  # printing: as asked, else in the language of the labels
    files = event_files(travellers)
    refuse_overwrite(output, [*files, deals, members])
    bar = progress.start(err, (progress.READING, progress.CHECKING, progress.WRITING), lang=labels)
    bar.stage(progress.READING)
    from bridgescore.io.session_column import has_session_column

    parts = None
    if session or has_session_column(files):  # each session checked as a section
        from bridgescore.api import read_sessions
        from bridgescore.core.options import OptionError

        try:
            parts = read_sessions(
                *files, sessions=session, members=members, movement=movement, notation=reading,
                section_per_file=section_per_file or None,
            )  # fmt: skip
        except OptionError as problem:
            raise fail(problem.text(labels)) from None
    if parts is not None and deals is not None:  # the sessions' lines are checked without any hand record
        raise fail("--deals: not available with several sessions yet; check each session on its own")
    schedule = None
    if parts is not None:  # each session's lines checked against its movement, then listed as a section
        from bridgescore.api import sessions_as_sections

        read_event = sessions_as_sections(sessions_against_movements(parts, schedules, labels, fix_swaps))
    else:
        if len(schedules) > 1:
            raise fail(f"--movement is given {len(schedules)} times for one session: give it once")
        schedule = schedules[0] if schedules else None
        read_event = read(
            *files, movement=movement, notation=reading, deals=deals, members=members,
            section_per_file=section_per_file or None,
        )  # fmt: skip
    # the adjustments are read as `score` reads them, so that a line check accepts is one score scores
    bar.stage(progress.CHECKING)
    if schedule is not None:
        from bridgescore.pairs.against_movement import check_against_movement

        schedule = fitted_to_travellers(schedule, read_event, labels)  # a name: its boards per round from the lines
        read_event = check_against_movement(read_event, schedule, fix_swaps=fix_swaps)
    elif not schedules and movement != "howell":  # as score scores it: a Mitchell but for a swapped line said
        from bridgescore.pairs.against_movement import mitchell_but_for_lines

        read_event = mitchell_but_for_lines(read_event)
    event = check_lines(read_event)
    bar.stage(progress.WRITING)
    if fmt == "text" and output is None:
        bar.hide()  # the listing goes to the screen: no bar between its lines
        render_check(event, out, shown, labels)
    elif fmt == "text":
        assert output is not None
        try:
            with output.open("w", encoding="utf-8") as handle:
                render_check(event, printable_console(file=handle, width=120), shown, labels)
        except OSError as problem:
            raise fail(f"cannot write {output}: {problem.strerror or problem}") from None
    else:
        write_output(check_csv(event, shown, labels) if fmt == "csv" else check_json(event, shown), output)
    bar.hide()
    if (fmt != "text" or output is not None) and event.problems:  # on the screen too, not only in the file
        render_problems(event, err, labels)
    note_unless_pairs(event, labels)  # check lists a teams file's lines; score refuses to score them as pairs
    if any(p.severity is Severity.ERROR for p in event.problems) and not (skip_invalid and event.results):
        raise typer.Exit(2)
