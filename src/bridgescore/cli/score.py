"""The ``score`` command: a pairs event scored, ranked and checked."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.common import (
    AcblScaleOption,
    AcrossSectionsOption,
    AsProgramOption,
    CrossImpsOption,
    DatumOption,
    DatumRoundingOption,
    DealsOption,
    FactorOption,
    FixSwapsOption,
    MembersOption,
    MethodOption,
    MovementScheduleOption,
    NamesOption,
    NeubergOption,
    OutputOption,
    PairPercentOption,
    PhantomAwardOption,
    PhantomOption,
    PrintNotationOption,
    ReportLangOption,
    SectionPerFileOption,
    SessionOption,
    SkipInvalidOption,
    app,
    date_option,
    event_files,
    fail,
    fitted_to_travellers,
    language_option,
    notation_option,
    output_stream,
    refuse_overwrite,
    session_movements,
    strict_exit,
    wide_console,
    write_bytes_output,
)
from bridgescore.core.i18n import reset_print_rounding, set_print_rounding
from bridgescore.core.problems import Severity
from bridgescore.report import progress

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bridgescore.core.event import Event
    from bridgescore.core.i18n import Language
    from bridgescore.core.options import OptionError
    from bridgescore.pairs.scored import ScoringOptions


@app.command()
def score(
    inputs: Annotated[
        list[Path],
        typer.Argument(help="Event files (traveller CSV, USEBIO XML, PBN) or folders of them.", show_default=False),
    ],
    method: MethodOption = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text, json, csv, html or usebio (USEBIO 1.2 XML).")
    ] = "text",
    output: OutputOption = None,
    lang: ReportLangOption = "en",
    title: Annotated[
        str | None, typer.Option("--title", help="Event title (default: the input's, else Results/Uitslag).")
    ] = None,
    boards: Annotated[
        bool,
        typer.Option(
            "--boards",
            help="Every traveller line with datum and points in the output: text after the rankings, csv instead "
            "of them (one table per file); json and html always hold them.",
        ),
    ] = False,
    notation: PrintNotationOption = None,
    names: NamesOption = None,
    deals: DealsOption = None,
    skip_invalid: SkipInvalidOption = False,
    across_sections: AcrossSectionsOption = False,
    movement_given: MovementScheduleOption = None,
    fix_swaps: FixSwapsOption = False,
    phantom: PhantomOption = None,
    as_program: AsProgramOption = None,
    phantom_award: PhantomAwardOption = None,
    neuberg: NeubergOption = None,
    neuberg_factor_decimals: Annotated[
        int | None,
        typer.Option("--neuberg-factor-decimals", help="Round Neuberg's factor N/n to N decimals."),
    ] = None,
    acbl_scale: AcblScaleOption = None,
    datum: DatumOption = None,
    datum_rounding: DatumRoundingOption = None,
    cross_imps: CrossImpsOption = None,
    imp_cap: Annotated[
        int | None,
        typer.Option("--imp-cap", help="Cross-IMPs: the most IMPs one comparison is worth (KoPS: 17)."),
    ] = None,
    factor: FactorOption = None,
    factor_printed: Annotated[
        bool | None,
        typer.Option("--factor-printed/--no-factor-printed", help="Factor the total rounded to 2 decimals (Pianola)."),
    ] = None,
    factor_sit_outs: Annotated[
        bool | None,
        typer.Option(
            "--factor-sit-outs/--no-factor-sit-outs",
            help="Factor a pair that sat out too (default); --no-factor-sit-outs: only the boards its table missed "
            "(Compscore3).",
        ),
    ] = None,
    pair_percent: PairPercentOption = None,
    traveller_own_points: Annotated[
        bool | None,
        typer.Option(
            "--traveller-own-points/--traveller-neuberg-points",
            help="Matchpoints: a short board's traveller shows each line's own matchpoints among that board's "
            "results, the Neuberg values the totals use beside them to 1 decimal (Compscore3); default: Neuberg's.",
        ),
    ] = None,
    print_rounding: Annotated[
        str | None,
        typer.Option(
            "--print-rounding",
            help="How printed percentages and points round a half: half-up (default; NBB, EBUScore, ACBLscore) or "
            "half-even (RealBridge, Compscore3: 48.125 → 48.12).",
        ),
    ] = None,
    round_board_points: Annotated[
        int | None,
        typer.Option(
            "--round-board-points",
            help="Round line points to N decimals before summing (ACBLscore, TeamsScorer, EBUScore: 2).",
        ),
    ] = None,
    session_average_plus: Annotated[
        bool | None,
        typer.Option(
            "--session-average-plus/--no-session-average-plus",
            help="Average-plus is the pair's score on its other boards if higher (Law 12C2c; EBUScore).",
        ),
    ] = None,
    session_average_minus: Annotated[
        bool | None,
        typer.Option(
            "--session-average-minus/--no-session-average-minus",
            help="Average-minus is the pair's other boards' score if lower (RealBridge).",
        ),
    ] = None,
    average_plus: Annotated[
        float | None, typer.Option("--average-plus", help="Average-plus at matchpoints, % (default 60).")
    ] = None,
    average_minus: Annotated[
        float | None, typer.Option("--average-minus", help="Average-minus at matchpoints, % (default 40).")
    ] = None,
    adjusted_imps: Annotated[
        float | None, typer.Option("--adjusted-imps", help="IMPs for average-plus (minus: the negation; default 3).")
    ] = None,
    imps_per_percent: Annotated[
        float | None,
        typer.Option("--imps-per-percent", help="IMPs per % above 50 for a percentage at IMPs (default 0.3)."),
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when a director's check fails (the report is still written).")
    ] = False,
    penalty: Annotated[
        list[str] | None,
        typer.Option(
            "--penalty",
            help="A penalty or correction, [SECTION:]PAIR:AMOUNT, e.g. 5:-10%, A:5:-25% top, 7:-3 IMPs (repeatable).",
        ),
    ] = None,
    penalties: Annotated[
        Path | None, typer.Option("--penalties", help="Penalties file: CSV pair,penalty[,section][,reason].")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="Date in the page's header (default: the file's, USEBIO/PBN).")
    ] = None,
    club: Annotated[
        str | None, typer.Option("--club", help="Club in the page's header (default: the file's, USEBIO/PBN).")
    ] = None,
    director: Annotated[
        bool,
        typer.Option("--director", help="HTML: add the director's checks (the members' page leaves them out)."),
    ] = False,
    members: MembersOption = None,
    section_per_file: SectionPerFileOption = False,
    session: SessionOption = None,
    carry_over: Annotated[
        list[str] | None,
        typer.Option(
            "--carry-over",
            help="PAIR=VALUE: a pair's carry-over into a multi-session event, a percentage (matchpoints) or IMPs "
            "(repeatable; the ACBL's carryover, the EBU's carry-forward: their size is the conditions of contest's).",
        ),
    ] = None,
    carry_over_boards: Annotated[
        float | None,
        typer.Option(
            "--carry-over-boards",
            help="How many boards a carry-over percentage weighs in the total, as the conditions of contest say "
            "(ACBL, EBU); default: the longest session's, as one more session.",
        ),
    ] = None,
) -> None:
    """Score a pairs event: rankings, travellers and the director's checks (exit 2 on bad input)."""
    from bridgescore.api import InputError, read, read_penalties, resolve_options
    from bridgescore.api import score as score_event
    from bridgescore.cli.common import err, out
    from bridgescore.core.options import OptionError
    from bridgescore.io.session_column import has_session_column
    from bridgescore.pairs.checks import run_checks
    from bridgescore.pairs.penalties import PenaltyError
    from bridgescore.pairs.report import csv as score_csv
    from bridgescore.pairs.report import json as score_json
    from bridgescore.pairs.report.html import page_dict, render_html
    from bridgescore.pairs.report.text import render_text
    from bridgescore.report.printable import PrintableBinary, escape_controls
    from bridgescore.report.printable import console as printable_console
    from bridgescore.report.problems import print_problems

    page_lang = language_option(lang)
    lang = notation_option(notation or "en")  # reading: the readers take either notation
    shown = notation_option(notation or page_lang)  # printing: as asked, else in the language of the labels
    if fmt not in ("text", "json", "csv", "html", "usebio"):
        raise fail(f"--format must be text, json, csv, html or usebio, not '{fmt}'")
    # a file or a name: the word its schedule ranks as; several sessions may each have their own
    schedules, movement = session_movements(movement_given, page_lang, fix_swaps)
    if fmt == "usebio" and date is not None:  # USEBIO's DATE is a day (dd/mm/yyyy); a page's header takes any text
        date_option(date, "--date", page_lang)
    given: dict[str, object] = {
        "acbl_scale": acbl_scale, "neuberg": neuberg, "neuberg_factor_decimals": neuberg_factor_decimals,
        "pair_percent": pair_percent, "average_plus": average_plus, "average_minus": average_minus, "datum": datum,
        "datum_rounding": datum_rounding, "cross_imps": cross_imps, "imp_cap": imp_cap, "factor": factor,
        "factor_printed": factor_printed, "factor_sit_outs": factor_sit_outs,
        "adjusted_imps": adjusted_imps, "imps_per_percent": imps_per_percent, "round_board_points": round_board_points,
        "session_average_plus": session_average_plus, "session_average_minus": session_average_minus,
        "phantom_award": phantom_award, "print_rounding": print_rounding,
        "traveller_own_points": traveller_own_points,
    }  # fmt: skip
    # without --method and --as the method is the one the file names (USEBIO BOARD_SCORING_METHOD), as `teams`
    # takes the file's board scoring: an option of that method is then refused only once the file is read
    from_file = method is None and as_program is None
    held: OptionError | None = None
    try:  # the options are refused before anything is read
        options = resolve_options(
            method, as_program=as_program, across_sections=across_sections, movement=movement, phantoms=phantom or (),
            **given,
        )  # fmt: skip
    except OptionError as problem:
        if not from_file:
            raise fail(problem.text(page_lang)) from None
        held = problem
    except ValueError as problem:
        raise fail(str(problem)) from None
    inputs = event_files(inputs)
    refuse_overwrite(output, [*inputs, names, penalties, deals, members])
    if session or carry_over or has_session_column(inputs):
        from bridgescore.cli.score_sessions import score_sessions_command

        # without --method and --as, the method the sessions' files name (the same in all), as for one session
        def file_method(event: Event, source: str) -> ScoringOptions:
            return _file_method(event, options if held is None else None, held, given, page_lang, source=source,
                                across_sections=across_sections, movement=movement, phantoms=phantom or ())  # fmt: skip

        done = score_sessions_command(
            inputs, options if held is None else None, file_method=file_method if from_file else None,
            session=session or [], carry_over=carry_over or [], carry_over_boards=carry_over_boards,
            names=names, members=members, movement=movement, schedules=schedules, fix_swaps=fix_swaps,
            notation=lang, shown=shown, page_lang=page_lang,
            fmt=fmt, output=output, title=title, boards=boards, skip_invalid=skip_invalid, strict=strict,
            section_per_file=section_per_file, refused=[
                name
                for name, given in (
                    ("--penalty", penalty), ("--penalties", penalties), ("--deals", deals),
                    ("-f usebio", fmt == "usebio"), ("--boards", boards and fmt in ("csv", "html")),
                    ("--date", date is not None), ("--club", club is not None), ("--director", director),
                )
                if given
            ],
        )  # fmt: skip
        if done:
            return
    if len(schedules) > 1:
        raise fail(f"--movement is given {len(schedules)} times for one session: give it once")
    schedule = schedules[0] if schedules else None
    try:
        given_penalties = read_penalties(penalty or (), penalties)
    except PenaltyError as problem:
        raise fail(str(problem)) from None
    bar = progress.start(err, (progress.READING, progress.SCORING, progress.RANKING_AND_WRITING), lang=page_lang)
    bar.stage(progress.READING)
    event = read(
        *inputs, names=names, movement=movement, notation=lang, deals=deals, members=members,
        section_per_file=section_per_file or None,
    )  # fmt: skip
    if schedule is not None:  # every line checked against the schedule: a line in error is left out, and said
        from bridgescore.pairs.against_movement import check_against_movement

        schedule = fitted_to_travellers(schedule, event, page_lang)  # a name: its boards per round from the lines
        event = check_against_movement(event, schedule, fix_swaps=fix_swaps)
    if from_file:
        options = _file_method(event, options if held is None else None, held, given, page_lang,
                               source=inputs[0].name if inputs else "", across_sections=across_sections,
                               movement=movement, phantoms=phantom or ())  # fmt: skip
    bar.stage(progress.SCORING)
    try:
        scores = score_event(event, options, penalties=given_penalties, title=title)
    except OptionError as problem:  # a phantom the event does not have
        bar.hide()
        raise fail(problem.text(page_lang)) from None
    except InputError as refused:  # teams and individuals are not scored as pairs (issue 11)
        bar.hide()
        raise fail(refused.problems[0].describe(page_lang)) from None
    scored = scores.scored
    if any(p.severity is Severity.ERROR for p in scored.problems) and not (skip_invalid and event.results):
        bar.hide()
        print_problems(scored.problems, err, page_lang, can_go_on=bool(len(event.results)))
        raise typer.Exit(2)
    bar.stage(progress.RANKING_AND_WRITING)  # the reports rank as they write
    # --strict: the director's checks are run once, in the notation of the report that lists them, and that report
    # is given them (a report runs them itself otherwise)
    checks = run_checks(scored, shown if fmt == "text" else lang) if strict else None
    if output is None:
        bar.hide()  # the results go to the screen: no bar between them
    # the JSON and the page show the deals with their double-dummy tables, par and lead analysis: solved here, once,
    # for those two only (text and CSV show no deals)
    shows_deals = scores.analysed if fmt in ("json", "html") else scored
    rounding = set_print_rounding(options.print_rounding)  # every number printed below rounds a half so
    try:
        if fmt == "text":
            if output is None:
                render_text(scored, wide_console(out), shown, boards=boards, checks=checks, lang=page_lang)
            else:
                with output.open("w", encoding="utf-8") as handle:
                    console = printable_console(file=handle, width=120)
                    render_text(scored, console, shown, boards=boards, checks=checks, lang=page_lang)
        elif fmt == "json":  # written a board at a time (issue 12), never the whole document in memory
            binary_stdout: IO[bytes] | None = getattr(sys.stdout, "buffer", None)
            if output is None and binary_stdout is None:  # a text-only stdout (an embedding program's)
                sys.stdout.write(escape_controls(score_json.dumps(shows_deals, lang, checks)))
            elif output is None and binary_stdout is not None:
                sys.stdout.flush()
                score_json.dump(shows_deals, PrintableBinary.wrap(binary_stdout), lang, checks=checks)
                binary_stdout.flush()
            elif output is not None:
                with output.open("wb") as binary:
                    score_json.dump(shows_deals, PrintableBinary.wrap(binary), lang, checks=checks)
        elif fmt == "usebio":  # bytes in the encoding it declares (ISO 8859-1, bridgescore.pairs.report.usebio)
            from bridgescore.pairs.report.usebio import write_usebio

            write_bytes_output(lambda stream: write_usebio(scored, stream, date=date, club=club), output)
        else:
            with output_stream(output) as stream:
                if fmt == "csv" and boards:
                    score_csv.write_boards_csv(scored, stream, shown, page_lang)
                    text = ""
                elif fmt == "csv":
                    text = score_csv.standings_csv(scored, lang=page_lang)
                else:
                    page = page_dict(shows_deals, lang, checks, date=date, club=club)
                    text = render_html(page, page_lang, director=director)
                stream.write(text if output is not None or text.endswith("\n") or not text else text + "\n")
    except OSError as problem:
        raise fail(f"cannot write {output or 'the output'}: {problem.strerror}") from None
    finally:
        reset_print_rounding(rounding)
    bar.hide()
    if (fmt in ("csv", "html", "usebio") or output is not None) and scored.problems:
        # the lines left out by --skip-invalid and the warnings are on the screen too: the CSV and HTML reports do
        # not list them, and a report written to a file is not what the director sees (text and JSON on the screen
        # list them themselves)
        print_problems(scored.problems, err, page_lang, can_go_on=False)
    if checks is not None:
        strict_exit(checks, page_lang)


def _file_method(
    event: Event,
    options: ScoringOptions | None,
    held: OptionError | None,
    given: dict[str, object],
    lang: Language,
    *,
    source: str,
    across_sections: bool,
    movement: str,
    phantoms: Sequence[str],
) -> ScoringOptions:
    """The options to score ``event`` with where the director gave no ``--method`` and no ``--as``: the method the
    file names (:func:`bridgescore.io.usebio.stated_method`: Pianola's ``CROSS_IMPS``, Compscore3's
    ``EVENT_TYPE="BUTLER_PAIRS"`` …), else ``options`` as resolved, or the option refused before reading (``held``)
    now; said in one line on the error stream where the file names a method other than the default, or a USEBIO
    file names none (:func:`bridgescore.api.file_method_notes`)."""
    from rich.markup import escape

    from bridgescore.api import file_method_notes, file_options
    from bridgescore.cli.common import err
    from bridgescore.core.options import OptionError

    try:
        chosen, written = file_options(
            event, options, False, as_program=None, across_sections=across_sections, movement=movement,
            phantoms=phantoms, **given,
        )  # fmt: skip
    except OptionError as problem:
        raise fail(problem.text(lang)) from None
    if chosen is None:
        assert held is not None
        raise fail(held.text(lang))
    for note in file_method_notes(event, source, chosen.method.name, written, False):
        err.print(f"[cyan]{escape(note.text(lang))}[/]", soft_wrap=True, highlight=False)
    return chosen
