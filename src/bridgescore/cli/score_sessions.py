"""``score`` over several sessions (issue 13): ``--session`` per file or a ``session`` column, ``--carry-over``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from bridgescore.cli.common import fail, sessions_against_movements, strict_exit, wide_console, write_output
from bridgescore.core.i18n import reset_print_rounding, set_print_rounding
from bridgescore.core.problems import Severity

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bridgescore.core.contract import Notation
    from bridgescore.core.i18n import Language
    from bridgescore.movement.model import Movement
    from bridgescore.pairs.scored import ScoringOptions


def score_sessions_command(
    inputs: list[Path],
    options: ScoringOptions,
    *,
    session: list[str],
    carry_over: list[str],
    carry_over_boards: float | None,
    names: Path | None,
    members: Path | None,
    movement: str,
    schedules: Sequence[Movement] = (),
    fix_swaps: bool = False,
    notation: Notation,
    shown: Notation,
    page_lang: Language,
    fmt: str,
    output: Path | None,
    title: str | None,
    boards: bool,
    skip_invalid: bool,
    strict: bool,
    section_per_file: bool,
    refused: list[str],
) -> bool:
    """Score a multi-session event and write its reports; False where the files say no sessions after all (the
    caller scores them as one session).  ``schedules`` (``--movement`` FILE|NAME, once for all sessions or once per
    session): every session's lines are checked against its movement before it is scored."""
    from bridgescore.api import InputError, read_sessions, score_sessions
    from bridgescore.cli.common import err, out
    from bridgescore.core.options import OptionError
    from bridgescore.pairs.multisession import parse_carry_over
    from bridgescore.pairs.report import sessions as report
    from bridgescore.report.problems import print_problems

    try:
        carried = parse_carry_over(carry_over)
    except OptionError as problem:
        raise fail(problem.text(page_lang)) from None
    if carry_over_boards is not None and not 0 <= carry_over_boards < 10**6:  # nan and inf stopped with a traceback
        raise fail("--carry-over-boards must be a number of boards, 0 or more")
    try:
        parts = read_sessions(
            *inputs, sessions=session, names=names, members=members, movement=movement, notation=notation,
            section_per_file=section_per_file or None,
        )  # fmt: skip
    except OptionError as problem:
        raise fail(problem.text(page_lang)) from None
    if parts is None:
        if carried:
            raise fail("--carry-over is for an event of several sessions: give --session NAME for each file")
        return False
    if refused:
        raise fail(f"{', '.join(refused)}: not available with several sessions yet; score each session on its own")
    parts = sessions_against_movements(parts, schedules, page_lang, fix_swaps)
    try:
        result = score_sessions(parts, options, carry_over=carried, carry_over_boards=carry_over_boards, title=title)
    except OptionError as problem:
        raise fail(problem.text(page_lang)) from None
    except InputError as problem:
        raise fail(problem.problems[0].describe(page_lang)) from None
    problems = result.problems
    has_results = all(len(s.event.results) for s in result.sessions)
    if any(p.severity is Severity.ERROR for p in problems) and not (skip_invalid and has_results):
        print_problems(problems, err, page_lang, can_go_on=has_results)
        raise typer.Exit(2)
    rounding = set_print_rounding(options.print_rounding)  # every number printed below rounds a half so
    try:
        if fmt == "text":
            from bridgescore.report.printable import console as printable_console

            if output is None:
                report.render_sessions_text(result, wide_console(out), shown, page_lang, boards=boards)
            else:
                with output.open("w", encoding="utf-8") as handle:
                    console = printable_console(file=handle, width=120)
                    report.render_sessions_text(result, console, shown, page_lang, boards=boards)
        else:
            if fmt == "csv":
                text = report.sessions_csv(result, page_lang)
            elif fmt == "json":
                text = report.sessions_json(result, notation)
            else:
                text = report.sessions_html(result, page_lang, title or "")
            write_output(text, output)
    except OSError as problem:
        raise fail(f"cannot write {output or 'the output'}: {problem.strerror}") from None
    finally:
        reset_print_rounding(rounding)
    if (fmt != "text" or output is not None) and problems:
        print_problems(problems, err, page_lang, can_go_on=False)
    elif result.overall.problems:  # each session's report lists its own; the event's (a carry-over) here
        print_problems(result.overall.problems, err, page_lang, can_go_on=False)
    if strict:
        strict_exit(tuple(c for s in result.sessions for c in s.failed_checks), page_lang)
    return True
