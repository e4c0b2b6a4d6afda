"""The ``archive`` commands (issue 13): scored sessions stored in a database (``add``), listed (``list``) and their
corrections shown (``history``).  The work is :mod:`bridgescore.archive`'s; this reads the options and prints."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
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
    MovementOption,
    NamesOption,
    NeubergOption,
    PairPercentOption,
    PhantomAwardOption,
    PhantomOption,
    ReportLangOption,
    app,
    date_option,
    event_files,
    fail,
    language_option,
)

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.archive import Archive
    from bridgescore.i18n import Language
    from bridgescore.problems import Problem

archive_app = typer.Typer(
    help="The archive of scored sessions (SQLite file, or PostgreSQL for a federation): add, list, history.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(archive_app, name="archive")

FormatOption = Annotated[str, typer.Option("--format", "-f", help="text or json.")]


def open_or_fail(db: str | None, lang: Language, *, create: bool) -> Archive:
    """The archive ``--db`` names, or its problem said in words and exit 2 (no traceback)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from bridgescore.archive import ArchiveError, database_url, open_archive
    from bridgescore.i18n import N_

    try:  # sqlite:// is a database in memory: "stored" into it, a session would vanish as the command ends
        parsed = make_url(database_url(db))
        if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
            raise ArchiveError(N_("an archive in memory keeps nothing once the command ends: give a file name "
                                  "(SQLite) or a postgresql:// URL"))  # fmt: skip
    except (ArgumentError, ValueError):
        pass  # said by open_archive, in its words
    except ArchiveError as problem:
        raise fail(problem.text(lang)) from None
    try:
        return open_archive(db, create=create)
    except ArchiveError as problem:
        raise fail(problem.text(lang)) from None


@contextmanager
def reading(archive: Archive, lang: Language) -> Iterator[None]:
    """Around a reading command's queries: a session or player not there, or a database that fails halfway (a
    server gone away), said in words with exit 2; the archive closed in every case."""
    from sqlalchemy.exc import SQLAlchemyError

    from bridgescore.archive import ArchiveError, database_reason
    from bridgescore.i18n import N_

    try:
        yield
    except ArchiveError as problem:
        raise fail(problem.text(lang)) from None
    except SQLAlchemyError as problem:
        failed = ArchiveError(N_("cannot read the archive %(db)s: %(reason)s"), db=archive.shown,
                              reason=database_reason(problem))  # fmt: skip
        raise fail(failed.text(lang)) from None
    finally:
        archive.close()


def _format(fmt: str) -> str:
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    return fmt


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
    movement: MovementOption = "auto",
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
    """Score each file as `score` does and store it in the archive, one transaction per file.

    A session stored already is refused (exit 2) unless --replace; a file with an error stores nothing (exit 2).
    The archive: --db, else $BRIDGESCORE_DB, else bridgescore.sqlite3 in the current folder."""
    from rich.markup import escape
    from sqlalchemy.exc import SQLAlchemyError

    from bridgescore.api import InputError, read, read_sessions, resolve_options
    from bridgescore.api import score as score_event
    from bridgescore.archive import ArchiveRefusal, database_reason, session_key
    from bridgescore.cli.common import err, out
    from bridgescore.i18n import N_
    from bridgescore.options import OptionError
    from bridgescore.problems import Location, Problem, Severity
    from bridgescore.report.problems import print_problems
    from bridgescore.sessions import date_from_name, iso_date

    page_lang = language_option(lang)
    _format(fmt)
    if date is not None:
        date = date_option(date, "--date", page_lang)
    given: dict[str, Any] = {
        "acbl_scale": acbl_scale, "neuberg": neuberg, "pair_percent": pair_percent, "datum": datum,
        "datum_rounding": datum_rounding, "cross_imps": cross_imps, "factor": factor, "phantom_award": phantom_award,
    }  # fmt: skip
    given = {k: v for k, v in given.items() if v is not None}
    stored_options: dict[str, Any] = {"method": method, "as_program": as_program, **given}
    if across_sections:
        stored_options["across_sections"] = True
    if movement != "auto":
        stored_options["movement"] = movement
    if phantom:
        stored_options["phantoms"] = list(phantom)
    stored_options = {k: v for k, v in stored_options.items() if v is not None}
    try:  # the options are refused before anything is read
        options = resolve_options(
            method, as_program=as_program, across_sections=across_sections, movement=movement, phantoms=phantom or (),
            **given,
        )  # fmt: skip
    except OptionError as problem:
        raise fail(problem.text(page_lang)) from None
    except ValueError as problem:
        raise fail(str(problem)) from None
    files = event_files(inputs)
    if key is not None and len(files) > 1:
        raise fail("--key names one session: give one file with it")
    prepared = []
    problems: list[Problem] = []
    for path in files:
        name = str(path)
        try:
            content = path.read_bytes()
        except OSError as problem:
            problems.append(
                Problem.make(Location(name), N_("cannot read %(file)s: %(reason)s"), file=name,
                             reason=problem.strerror or str(problem))
            )  # fmt: skip
            continue
        try:
            split = read_sessions(path, names=names, members=members, movement=movement)
        except OptionError as refused:
            problems.append(Problem(Location(name), refused.message, Severity.ERROR, tuple(refused.values.items())))
            continue
        parts = split or [("", read(path, names=names, movement=movement, members=members))]
        if key is not None and len(parts) > 1:
            problems.append(
                Problem.make(Location(name), N_("--key names one session, and %(file)s holds %(count)s: add it "
                                                "without --key"), file=name, count=len(parts))
            )  # fmt: skip
            continue
        for part, event in parts:
            info = {**event.info, **({"date": date} if date else {}), **({"club": club} if club else {})}
            if not info.get("date") and date_from_name(path):  # a file named by its date (2026-09-07.csv)
                info["date"] = date_from_name(path)
            event = dataclasses.replace(event, info=MappingProxyType(info))
            if not replace and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", iso_date(info.get("date", ""))):
                problems.append(
                    Problem.make(
                        Location(name),
                        N_("%(file)s gives no date (nor is it named by one): a season cannot place it among the "
                           "evenings and counts it whatever --from and --to say; give --date"),
                        Severity.WARNING,
                        file=path.name,
                    )
                )  # fmt: skip
            try:
                scores = score_event(event, options, title=title)
            except (InputError, OptionError) as refused:
                found = (
                    refused.problems
                    if isinstance(refused, InputError)
                    else (Problem(Location(name), refused.message, Severity.ERROR, tuple(refused.values.items())),)
                )
                problems.extend(found)
                continue
            problems.extend(scores.scored.problems)
            within = f"{path.name}#{part}" if part else path.name  # one session of a multi-session file
            session = key or session_key(iso_date(info.get("date", "")), info.get("club", ""), scores.event.title,
                                         within)  # fmt: skip
            # a session of a multi-session file is its own content (the file's other sessions are not a copy of it)
            prepared.append((path, content + (b"\0session " + part.encode() if part else b""), session, scores))
    keys = [p[2] for p in prepared]
    for session in {k for k in keys if keys.count(k) > 1}:
        problems.append(
            Problem.make(
                Location(", ".join(str(p[0]) for p in prepared if p[2] == session)),
                N_("these files are one session %(key)s (the same date, club, title and file name); give each its "
                   "own --key, or add them one at a time"),
                key=session,
            )
        )  # fmt: skip
    if any(p.severity is Severity.ERROR for p in problems):  # the archive is not even opened (nor created)
        print_problems(problems, err, page_lang, can_go_on=False)
        err.print(escape(_("nothing was stored in the archive", page_lang)))
        raise typer.Exit(2)
    archive = open_or_fail(db, page_lang, create=True)
    for path, content, session, scores in prepared:
        refusal = archive.refusal(
            session, content, str(path), replace, date=iso_date(scores.event.info.get("date", "")),
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
    done = []
    refused_: list[Problem] = []
    for path, content, session, scores in prepared:
        try:
            added = archive.add(
                scores, file=str(path), content=content, key=session, competition=competition,
                options=stored_options, replace=replace,
            )  # fmt: skip
        except ArchiveRefusal as refusal:  # another process stored it meanwhile
            refused_.append(refusal.problem)
            continue
        except SQLAlchemyError as problem:  # the server went away, a value the database refuses …
            refused_.append(
                Problem.make(Location(str(path)), N_("cannot store %(file)s in the archive %(db)s: %(reason)s"),
                             file=str(path), db=archive.shown, reason=database_reason(problem))
            )  # fmt: skip
            continue
        done.append((path, added))
    archive.close()
    if fmt == "json":
        out_json = {
            "format": "bridgescore.archive-add/1",
            "stored": [
                {"file": str(path), "key": a.key, "version": a.version, "date": a.date, "pairs": a.pairs,
                 "lines": a.lines, "changes": dict(a.changes)}
                for path, a in done
            ],
            "refused": [{"file": p.location.file, "message": p.text(page_lang)} for p in refused_],
        }  # fmt: skip
        typer.echo(json.dumps(out_json, ensure_ascii=False, indent=2))
    else:
        for path, a in done:
            words = (
                _("%(file)s: stored as %(key)s (%(date)s, %(pairs)d pairs, %(lines)d lines)", page_lang)
                if a.version == 1
                else _("%(file)s: stored as %(key)s, version %(version)d (%(changes)s)", page_lang)
            )
            out.print(
                escape(words % {"file": path, "key": a.key, "date": a.date or "-", "pairs": a.pairs, "lines": a.lines,
                                "version": a.version, "changes": _changed(a.changes, page_lang)}),
                soft_wrap=True,
            )  # fmt: skip
    if refused_:
        print_problems(refused_, err, page_lang, can_go_on=False)
        raise typer.Exit(2)


def _(message: str, lang: Language) -> str:
    from bridgescore.i18n import translator

    return translator(lang).gettext(message)


def _changed(changes: dict[str, Any] | Any, lang: Language) -> str:
    """A correction's changes counted: ``2 lines changed, 1 added, 0 removed; 3 pairs changed``."""
    return _("%(changed)d line(s) changed, %(added)d added, %(removed)d removed; %(pairs)d pair(s) changed", lang) % {
        "changed": len(changes.get("lines_changed", ())),
        "added": len(changes.get("lines_added", ())),
        "removed": len(changes.get("lines_removed", ())),
        "pairs": len(changes.get("pairs_changed", ())),
    }


@archive_app.command("list")
def list_command(
    db: DatabaseOption = None,
    competition: Annotated[str | None, typer.Option("--competition", help="Only this competition's.")] = None,
    fmt: FormatOption = "text",
    lang: ReportLangOption = "en",
) -> None:
    """The stored sessions in date order: key, date, competition, pairs, boards, version."""
    from rich.markup import escape
    from rich.table import Table

    from bridgescore.cli.common import out

    page_lang = language_option(lang)
    _format(fmt)
    archive = open_or_fail(db, page_lang, create=False)
    with reading(archive, page_lang):
        sessions = archive.list_sessions(competition)
    if fmt == "json":
        typer.echo(
            json.dumps(
                {"format": "bridgescore.archive-list/1", "sessions": [dataclasses.asdict(s) for s in sessions]},
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    if not sessions:
        out.print(_("The archive %(db)s holds no sessions.", page_lang) % {"db": archive.shown}, soft_wrap=True)
        return
    table = Table(box=None)
    from bridgescore.i18n import N_

    headings = (N_("key"), N_("date"), N_("competition"), N_("method"), N_("pairs"), N_("boards"), N_("version"))
    for heading in headings:
        table.add_column(
            _(heading, page_lang),
            justify="right" if heading in ("pairs", "boards", "version") else "left",
            overflow="fold",
        )
    for s in sessions:
        table.add_row(*(escape(v) for v in (s.key, s.date, s.competition, s.method)), str(s.pairs), str(s.boards),
                      str(s.version))  # fmt: skip
    wide_console(out).print(table)


@archive_app.command("history")
def history_command(
    key: Annotated[str, typer.Argument(help="The session's key (as archive list shows it).", show_default=False)],
    db: DatabaseOption = None,
    fmt: FormatOption = "text",
    lang: ReportLangOption = "en",
) -> None:
    """The versions of one session: when, from which file, and what each correction changed."""
    from rich.markup import escape

    from bridgescore.cli.common import out

    page_lang = language_option(lang)
    _format(fmt)
    archive = open_or_fail(db, page_lang, create=False)
    with reading(archive, page_lang):
        versions = archive.history(key)
    if fmt == "json":
        typer.echo(
            json.dumps({"format": "bridgescore.archive-history/1", "key": key, "versions": versions},
                       ensure_ascii=False, indent=2)
        )  # fmt: skip
        return
    for version in versions:
        changes = version["changes"]
        out.print(
            escape(
                _("version %(version)d, %(at)s, from %(file)s", page_lang)
                % {"version": version["version"], "at": version["at"], "file": version["file"]}
            ),
            soft_wrap=True,
        )
        if changes.get("added"):
            out.print("  " + escape(_("added", page_lang)))
            continue
        out.print("  " + escape(_changed(changes, page_lang)), soft_wrap=True)
        for line in changes.get("lines_changed", ()):
            out.print(f"  {escape(_where(line, page_lang))}: {escape(line['old'])} → {escape(line['new'])}")
        for line in changes.get("lines_added", ()):
            out.print(f"  {escape(_where(line, page_lang))}: + {escape(line['new'])}")
        for line in changes.get("lines_removed", ()):
            out.print(f"  {escape(_where(line, page_lang))}: − {escape(line['old'])}")
        for pair in changes.get("pairs_changed", ()):
            label = (f"{pair['section']}:" if pair["section"] else "") + str(pair["pair"])
            label += f" {_(pair['direction'], page_lang)}" if pair["direction"] in ("NS", "EW") else ""
            out.print(
                f"  {escape(_('pair', page_lang))} {escape(label)}: {_result(pair['old'], page_lang)} → "
                f"{_result(pair['new'], page_lang)}"
            )
        if "options" in changes:
            out.print(
                f"  {escape(_('options', page_lang))}: {escape(json.dumps(changes['options']['old']))} → "
                f"{escape(json.dumps(changes['options']['new']))}",
                soft_wrap=True,
            )


def _where(line: dict[str, Any], lang: Language) -> str:
    section = f"{line['section']} " if line["section"] else ""
    return _("%(section)sboard %(board)s, NS %(ns)s – EW %(ew)s", lang) % {**line, "section": section}


def _result(result: dict[str, Any] | None, lang: Language = "en") -> str:
    from bridgescore.i18n import format_number

    if result is None:
        return "-"
    value = f"{format_number(result['percent'], lang, 2)} %" if result["percent"] is not None else ""
    if result["imps"] is not None:
        value = f"{format_number(result['imps'], lang, 2, signed=True)} {_('IMPs', lang)}"
    place = f" #{result['place']}" if result["place"] is not None else ""
    return value + place


def wide_console(console: Console) -> Console:
    """The screen, or where the output is piped or redirected a console of whole columns (120 at least) rather
    than the 80-column default, as ``score`` prints."""
    from rich.console import Console

    return console if console.is_terminal else Console(highlight=False, width=max(console.width, 120))
