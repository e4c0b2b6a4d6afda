"""The ``archive`` commands (issue 13): scored sessions stored in a database (``add``), listed (``list``) and their
corrections shown (``history``).  The work is :mod:`bridgescore.archive`'s and the words
:mod:`bridgescore.archive.report`'s; this reads the options."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgescore.cli.common import (
    AcblScaleOption,
    AcrossSectionsOption,
    AsProgramOption,
    CrossImpsOption,
    DatabaseOption,
    DatumOption,
    DatumRoundingOption,
    FactorOption,
    MembersOption,
    MethodOption,
    MovementScheduleOption,
    NamesOption,
    NeubergOption,
    OutputOption,
    PairPercentOption,
    PhantomAwardOption,
    PhantomOption,
    ReportLangOption,
    app,
    date_option,
    event_files,
    fail,
    language_option,
    open_or_fail,
    reading_archive,
    resolved_options,
    session_movements,
    text_or_json,
    wide_console,
)

if TYPE_CHECKING:
    from bridgescore.archive import Archive
    from bridgescore.core.i18n import Language

archive_app = typer.Typer(
    help="The archive of scored sessions (SQLite file, or PostgreSQL for a federation): add, list, history, movement.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(archive_app, name="archive")

FormatOption = Annotated[str, typer.Option("--format", "-f", help="text or json.")]


@archive_app.command("add")
def add(
    inputs: Annotated[
        list[Path],
        typer.Argument(
            help="Event files (traveller CSV, USEBIO XML, PBN), one session each (a file whose session column names "
            "several sessions: each of them).",
            show_default=False,
        ),
    ],
    db: DatabaseOption = None,
    competition: Annotated[
        str, typer.Option("--competition", help="The competition the sessions count for (the season's name).")
    ] = "",
    key: Annotated[
        str | None,
        typer.Option(
            "--key",
            help="The session's key (one file); default: its date, club, title and file name, joined with '/'.",
        ),
    ] = None,
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Store a correction: score again, keep what changed in the history."),
    ] = False,
    date: Annotated[str | None, typer.Option("--date", help="The session's date (default: the file's).")] = None,
    club: Annotated[str | None, typer.Option("--club", help="The club (default: the file's).")] = None,
    title: Annotated[str | None, typer.Option("--title", help="The session's title (default: the file's).")] = None,
    fmt: FormatOption = "text",
    lang: ReportLangOption = "en",
    method: MethodOption = None,
    as_program: AsProgramOption = None,
    names: NamesOption = None,
    members: MembersOption = None,
    across_sections: AcrossSectionsOption = False,
    movement_given: MovementScheduleOption = None,
    phantom: PhantomOption = None,
    phantom_award: PhantomAwardOption = None,
    neuberg: NeubergOption = None,
    acbl_scale: AcblScaleOption = None,
    datum: DatumOption = None,
    datum_rounding: DatumRoundingOption = None,
    cross_imps: CrossImpsOption = None,
    factor: FactorOption = None,
    pair_percent: PairPercentOption = None,
) -> None:
    """Score each file as `score` does and store them all in the archive in one transaction (all or none).

    A session stored already is refused (exit 2) unless --replace; a file with an error stores nothing (exit 2).
    --movement NAME|FILE checks every line against the movement and keeps it with the session; a correction
    (--replace) given none is checked against the one kept.
    The archive: --db, else $BRIDGESCORE_DB, else bridgescore.sqlite3 in the current folder."""
    from rich.markup import escape

    from bridgescore.archive import ArchiveError
    from bridgescore.archive.prepare import given_options, prepare, store
    from bridgescore.archive.report import added_json, render_added
    from bridgescore.cli.common import err, out, write_output
    from bridgescore.core.i18n import N_
    from bridgescore.core.problems import Location, Problem, Severity
    from bridgescore.pairs.sessions import iso_date
    from bridgescore.report.problems import print_problems

    page_lang = language_option(lang)
    text_or_json(fmt)
    schedules, movement = session_movements(movement_given, page_lang)  # a file or a name: kept with the session
    if date is not None:
        date = date_option(date, "--date", page_lang)
    given: dict[str, Any] = {
        "acbl_scale": acbl_scale, "neuberg": neuberg, "pair_percent": pair_percent, "datum": datum,
        "datum_rounding": datum_rounding, "cross_imps": cross_imps, "factor": factor, "phantom_award": phantom_award,
    }  # fmt: skip
    options = resolved_options(  # the options are refused before anything is read
        method, page_lang, as_program=as_program, across_sections=across_sections, movement=movement,
        phantoms=phantom or (), **given,
    )  # fmt: skip
    files = event_files(inputs)
    if key is not None and len(files) > 1:
        raise fail("--key names one session: give one file with it")
    kept = _kept_movements(db) if replace and not schedules else None  # a correction: the movement kept with it
    try:
        prepared, problems = prepare(
            files, options, key=key, date=date, club=club, title=title, names=names, members=members,
            movement=movement, method_given=method is not None or as_program is not None,
            resolve={"across_sections": across_sections, "movement": movement, "phantoms": phantom or (), **given},
            schedules=schedules,
            stored_movement=None if kept is None else functools.partial(kept.movement, missing_ok=True),
        )  # fmt: skip
    except ArchiveError as problem:  # the movement kept with a session cannot be read
        raise fail(problem.text(page_lang)) from None
    finally:
        if kept is not None:
            kept.close()
    for p in prepared if not replace else ():  # a session a season cannot place: said (a correction keeps its date)
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", iso_date(p.scores.event.info.get("date", ""))):
            problems.append(
                Problem.make(
                    Location(str(p.path)),
                    N_("%(file)s gives no date (nor is it named by one): a season cannot place it among the "
                       "evenings and counts it whatever --from and --to say; give --date"),
                    Severity.WARNING,
                    file=p.path.name,
                )
            )  # fmt: skip
    if any(p.severity is Severity.ERROR for p in problems):  # the archive is not even opened (nor created)
        print_problems(problems, err, page_lang, can_go_on=False)
        err.print(escape(_("nothing was stored in the archive", page_lang)))
        raise typer.Exit(2)
    archive = open_or_fail(db, page_lang, create=True)
    for p in prepared:
        refusal = archive.refusal(
            p.key, p.digest, str(p.path), replace, date=iso_date(p.scores.event.info.get("date", "")),
            competition=competition,
        )  # fmt: skip
        if refusal is not None:
            problems.append(refusal)
    if any(p.severity is Severity.ERROR for p in problems):
        print_problems(problems, err, page_lang, can_go_on=False)
        err.print(escape(_("nothing was stored in the archive %(db)s", page_lang) % {"db": archive.shown}))
        archive.close()
        raise typer.Exit(2)
    if problems:
        print_problems(problems, err, page_lang, can_go_on=False)
    recorded = given_options(
        method, as_program=as_program, across_sections=across_sections, movement=movement, phantoms=phantom or (),
        **given,
    )  # fmt: skip
    done, refused_ = store(archive, prepared, competition=competition, options=recorded, replace=replace)
    archive.close()
    if fmt == "json":
        write_output(added_json(done, refused_, page_lang), None)
    else:
        render_added(done, out, page_lang)
    if refused_:
        print_problems(refused_, err, page_lang, can_go_on=False)
        err.print(escape(_("nothing was stored in the archive %(db)s", page_lang) % {"db": archive.shown}))
        raise typer.Exit(2)


def _kept_movements(db: str | None) -> Archive | None:
    """The archive a correction's movement is looked up in (:meth:`bridgescore.archive.Archive.movement`), where it
    can be opened without making one; None otherwise (there is no session to have kept one, and the archive's own
    problem is said where ``add`` opens it to store)."""
    from bridgescore.archive import ArchiveError, open_archive

    try:
        return open_archive(db, create=False)
    except ArchiveError:
        return None


def _(message: str, lang: Language) -> str:
    from bridgescore.core.i18n import translator

    return translator(lang).gettext(message)


@archive_app.command("list")
def list_command(
    db: DatabaseOption = None,
    competition: Annotated[str | None, typer.Option("--competition", help="Only this competition's.")] = None,
    fmt: FormatOption = "text",
    lang: ReportLangOption = "en",
) -> None:
    """The stored sessions in date order: key, date, competition, pairs, boards, version."""
    from bridgescore.archive.report import list_json, render_list
    from bridgescore.cli.common import out, write_output

    page_lang = language_option(lang)
    text_or_json(fmt)
    with reading_archive(db, page_lang) as archive:
        sessions = archive.list_sessions(competition)
    if fmt == "json":
        write_output(list_json(sessions), None)
    else:
        render_list(sessions, archive.shown, wide_console(out), page_lang)


@archive_app.command("history")
def history_command(
    key: Annotated[str, typer.Argument(help="The session's key (as archive list shows it).", show_default=False)],
    db: DatabaseOption = None,
    fmt: FormatOption = "text",
    lang: ReportLangOption = "en",
) -> None:
    """The versions of one session: when, from which file, and what each correction changed."""
    from bridgescore.archive.report import history_json, render_history
    from bridgescore.cli.common import out, write_output

    page_lang = language_option(lang)
    text_or_json(fmt)
    with reading_archive(db, page_lang) as archive:
        versions = archive.history(key)
    if fmt == "json":
        write_output(history_json(key, versions), None)
    else:
        render_history(versions, out, page_lang)


@archive_app.command("movement")
def movement_command(
    key: Annotated[str, typer.Argument(help="The session's key (as archive list shows it).", show_default=False)],
    db: DatabaseOption = None,
    output: OutputOption = None,
    lang: ReportLangOption = "en",
) -> None:
    """The movement kept with a session (archive add --movement) as bridgescore.movement/1 JSON: what a later
    check --movement or movement show/cards reads. Exit 1 where the session was stored without one."""
    from bridgescore.cli.common import err, write_output
    from bridgescore.movement.files import dumps

    page_lang = language_option(lang)
    with reading_archive(db, page_lang) as archive:
        kept = archive.movement(key)
    if kept is None:
        err.print(_("session %(key)s was stored without a movement", page_lang) % {"key": key}, markup=False)
        raise typer.Exit(1)
    write_output(dumps(kept, "json"), output)
