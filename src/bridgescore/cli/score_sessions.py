"""``score`` over several sessions (issue 13): ``--session`` per file or a ``session`` column, ``--carry-over``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from bridgescore.cli.common import fail, sessions_against_movements, strict_exit, wide_console, write_output
from bridgescore.core.i18n import reset_print_rounding, set_print_rounding
from bridgescore.core.problems import Severity

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from bridgescore.core.contract import Notation
    from bridgescore.core.event import Event
    from bridgescore.core.i18n import Language
    from bridgescore.movement.model import Movement
    from bridgescore.pairs.scored import ScoringOptions


def score_sessions_command(
    inputs: list[Path],
    options: ScoringOptions | None,
    *,
    file_method: Callable[[Event, str], ScoringOptions] | None = None,
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
    session): every session's lines are checked against its movement before it is scored.  ``file_method`` (no
    ``--method``, no ``--as``): the options for the method the files name (:func:`_method_of_the_sessions`), as one
    session takes its file's; ``options`` is then None where the options given were refused for the default."""
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
    if file_method is not None:
        options = _method_of_the_sessions(parts, file_method, page_lang)
    assert options is not None  # None only where the files' method is asked for
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


def _method_of_the_sessions(
    parts: Sequence[tuple[str, Event]], file_method: Callable[[Event, str], ScoringOptions], lang: Language
) -> ScoringOptions:
    """The options for the method the sessions' files name, where the director gave no ``--method`` and no ``--as``
    (``file_method``: :func:`bridgescore.cli.score._file_method`, the one-session rule, said in one line): two
    sessions of Pianola's cross-IMP USEBIO were scored at matchpoints, without a word, while either file alone is
    scored by cross-IMPs.  An event of several sessions is ranked by one running total, so one method: where the
    sessions' files name two (a cross-IMP session and a matchpoint one), none is taken and the director is asked for
    ``--method``.  A session whose files name none (a traveller CSV) is scored by the method the others name."""
    from bridgescore.core.i18n import N_, format_message
    from bridgescore.io.usebio import stated_method

    named: list[tuple[str, Event, str, str]] = []  # session, its event, the method, where its files say it
    for name, event in parts:
        stated = stated_method(event.info) if event.form == "pairs" else None
        if stated is not None and stated.untold:  # its files name no method bridgescore takes, or two: said there
            return file_method(event, f"session {name}")
        if stated is not None and stated.method is not None:
            named.append((name, event, stated.method, stated.sign))
    if len({method for _, _, method, _ in named}) > 1:
        listed = "; ".join(
            format_message(
                N_("session %(session)s: %(method)s (%(sign)s)"), {"session": n, "method": m, "sign": w}, lang
            )
            for n, _, m, w in named
        )
        raise fail(
            format_message(
                N_("the sessions' files name different scoring methods (%(methods)s); the sessions of one event are "
                   "scored by one method: give --method"),
                {"methods": listed},
                lang,
            )
        )  # fmt: skip
    name, event = (named[0][0], named[0][1]) if named else parts[0]
    return file_method(event, f"session {name}")
