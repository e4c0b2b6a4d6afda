"""What every command shares: the Typer application, the consoles, and the options and checks used by several."""

from __future__ import annotations

import functools
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, BinaryIO, TextIO

import typer

from bridgescore.core.contract import Notation
from bridgescore.core.version import __version__

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.archive import Archive
    from bridgescore.core.event import Event
    from bridgescore.core.i18n import Language
    from bridgescore.core.problems import Problem
    from bridgescore.movement.model import Movement
    from bridgescore.pairs.checks import Check
    from bridgescore.pairs.scored import ScoringOptions

    #: The screen and the error stream (rich consoles), made at their first use: see ``__getattr__``.
    out: Console
    err: Console

# Each command imports what only it needs (scoring methods, reports, jinja2, Babel) inside its body, so that a
# command starts without loading the others' libraries: `bridgescore valet` on a large event is timed whole.

app = typer.Typer(
    name="bridgescore",
    help="Score contract-bridge events: contracts, matchpoints, Butler, Bastille, cross-IMPs, Valet, rubber.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
_CONSOLES: dict[str, Console] = {}
#: The language of this run's messages: the command's --lang, recorded by :func:`language_option` (each command
#: reads it first), so an error says "fout:" under --lang nl; English until then.
_MESSAGES_LANG: list[Language] = ["en"]


def __getattr__(name: str) -> Console:
    """``out`` and ``err``, the rich consoles of the screen and the error stream, made when first used (a command
    module imports them in its body): a command that prints through neither, such as ``valet -f valet-csv``,
    starts without loading rich (some 15 ms of every run)."""
    if name not in ("out", "err"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _CONSOLES:
        from bridgescore.report.printable import console

        _CONSOLES[name] = console(stderr=name == "err")  # controls escaped, no emoji ("1:x:3" is a score)
    return _CONSOLES[name]


#: The same two options in every command: where the output goes and in which form.
OutputOption = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write to this file (not one of the inputs) instead of the screen."),
]

NotationOption = Annotated[
    str,
    typer.Option("--notation", help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W)."),
]
#: ``score``, ``check`` and ``archive add``: the movement word, or a movement's schedule every line is checked against
#: (issue 21), once or once per session.
MovementScheduleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--movement",
        help="auto (from the data), mitchell (two lines; pairs may be numbered per direction, NS 1 and EW 1 "
        "being two pairs, as ACBLscore numbers them), howell (one field), a movement file "
        "(bridgescore.movement/1 JSON, an NBB schema, Bridgemate's RoundData or .bws, a movement CSV) or a "
        "movement's name as 'movement suggest' prints it (mitchell-8-skip, howell-4): every line "
        "is checked against its schedule, as the club programs do, and a line in error is reported and left out. "
        "Several sessions: one movement for every session, or one per session in session order.",
    ),
]
FixSwapsOption = Annotated[
    bool,
    typer.Option(
        "--fix-swaps",
        help="With a movement file: score a line whose NS and EW pair numbers are swapped as the movement has them "
        "(a warning says so); otherwise the line is an error.",
    ),
]

#: The options the pairs commands share (``score``, ``individual``, ``check``, ``teams``, ``valet``): declared
#: once, so that an option is written and explained alike wherever it is given.
MethodOption = Annotated[
    str | None,
    typer.Option(
        "--method",
        "-m",
        help="matchpoints, butler, bastille or cross-imps; default: the --as program's, else (score) the method a "
        "USEBIO file names in BOARD_SCORING_METHOD (Pianola's CROSS_IMPS), else matchpoints.",
    ),
]
ReportFormatOption = Annotated[str, typer.Option("--format", "-f", help="text, json, csv or html.")]
ReportLangOption = Annotated[
    str, typer.Option("--lang", help="Language of labels and numbers (text, CSV, HTML): en or nl.")
]
PrintNotationOption = Annotated[
    str | None,
    typer.Option(
        "--notation",
        help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W); default: as --lang.",
    ),
]
SkipInvalidOption = Annotated[
    bool, typer.Option("--skip-invalid", help="Report problems but score the valid lines (exit 0).")
]
DealsOption = Annotated[
    Path | None,
    typer.Option("--deals", help="Hand record (PBN, LIN, DUP) joined by board number; mismatches reported."),
]
AsProgramOption = Annotated[
    str | None,
    typer.Option(
        "--as",
        help="Score as this program does: nbb, ebuscore, pairsscorer, pianola, teamsscorer, acblscore, bbo, jfr, "
        "kops, realbridge, brian, bridgewx (an option given overrides the program's).",
    ),
]
AcrossSectionsOption = Annotated[
    bool, typer.Option("--across-sections", help="Compare every section's scores together (EBU).")
]
NeubergOption = Annotated[
    bool | None,
    typer.Option("--neuberg/--no-neuberg", help="Neuberg for boards with fewer results (default on; BBO, BriAn off)."),
]
AcblScaleOption = Annotated[
    bool | None,
    typer.Option("--acbl-scale/--no-acbl-scale", help="Matchpoints 1 and 1/2 (ACBL, BBO) instead of 2 and 1."),
]

MembersOption = Annotated[
    Path | None,
    typer.Option(
        "--members",
        help="Members file: CSV number,name (NBB, EBU, ACBL numbers); names the players given by member number.",
    ),
]
SectionPerFileOption = Annotated[
    bool,
    typer.Option(
        "--section-per-file",
        help="Files without a section column holding the same boards are sections of one session (each file a "
        "section); otherwise they are refused unless they carry one date.",
    ),
]

SessionOption = Annotated[
    list[str] | None,
    typer.Option(
        "--session",
        help="The session of each file, once per file in file order (files of one session are its sections); "
        "each session is scored on its own and the event ranked by the running total.",
    ),
]

#: --movement → how the traveller reader takes a number on both sides of a board (None: from the data).
PER_DIRECTION = {"mitchell": True, "howell": False}


def movement_from_option(value: str, *, individual: bool = False) -> tuple[Movement | None, list[Problem]]:
    """The schedule ``--movement`` names: None for the words ``auto``, ``mitchell`` and ``howell`` (the ranking's
    choice, as before), else the movement :func:`bridgescore.movement.files.resolve` gives for the file or the name
    (the one resolver ``movement show/check/cards`` use too), or the problem that keeps it from being had; a
    movement's name (as ``movement suggest`` prints it) is made with one board a round until
    :func:`fitted_to_travellers` has the travellers.  An individual movement (four players a table) is taken only
    where ``individual`` (the ``individual`` command), and a pairs movement only where not: each is refused in
    words at the other."""
    import dataclasses
    from types import MappingProxyType

    from bridgescore.core.i18n import N_
    from bridgescore.core.problems import Location, Problem
    from bridgescore.movement.files import resolve

    if value in ("auto", *PER_DIRECTION) and not individual:
        return None, []
    resolved = resolve(value, boards_per_round=1)
    if resolved.movement is not None and resolved.movement.individual != individual:
        said = (
            N_("--movement %(value)s: a pairs movement; an individual is checked against an individual movement "
               "(individual-8, individual-12 … or its JSON file)")
            if individual
            else N_("--movement %(value)s: an individual movement (four players a table); a pairs event is not "
                    "checked against it – 'bridgescore individual --movement' checks an individual's lines")
        )  # fmt: skip
        return None, [Problem.make(Location("--movement"), said, value=value)]
    if not resolved.named:
        return resolved.movement, list(resolved.problems)
    if resolved.movement is not None:
        from bridgescore.movement.files import BY_NAME

        notes = MappingProxyType({**resolved.movement.notes, BY_NAME: "from the travellers"})
        return dataclasses.replace(resolved.movement, notes=notes), []
    return None, [
        Problem.make(
            Location("--movement"),
            N_("--movement must be auto, mitchell or howell, or a movement file (bridgescore.movement/1 JSON, an "
               "NBB schema, Bridgemate's RoundData, a movement CSV) or a movement's name (movement suggest), not "
               "'%(value)s'"),
            value=value,
        ),
        *(dataclasses.replace(p, location=Location("--movement")) for p in resolved.problems),
    ]  # fmt: skip


def fitted_to_travellers(schedule: Movement, event: Event, lang: Language) -> Movement:
    """A movement given by its name, made with the boards per round the travellers show, as a warning says
    (:func:`bridgescore.pairs.against_movement.fitted_to_travellers`); a movement read from a file as it is."""
    from rich.markup import escape

    from bridgescore.movement.files import fitted_to_travellers as fitted

    made, said = fitted(schedule, event)
    if said is not None:
        __getattr__("err").print(f"[yellow]{escape(said.text(lang))}[/]", soft_wrap=True)
    return made


def movement_option(value: str, lang: Language, fix_swaps: bool = False) -> tuple[Movement | None, str]:
    """``--movement`` of ``score`` and ``check``: the schedule it names (None for a word) and the word the reading
    and the ranking take (:func:`bridgescore.pairs.against_movement.ranked_as` of a schedule), or the problem said
    in ``lang`` and exit 2 (a warning of a schedule read is said and the run goes on); ``--fix-swaps`` without a
    schedule is refused (there is nothing to say what a swap is)."""
    from bridgescore.core.problems import Severity

    schedule, problems = movement_from_option(value)
    if (schedule is None and problems) or any(p.severity is Severity.ERROR for p in problems):
        said = [p.text(lang) if p.location.file == "--movement" else p.describe(lang) for p in problems]
        raise fail("; ".join(said))
    if problems:
        from rich.markup import escape

        for problem in problems:
            __getattr__("err").print(f"[yellow]{escape(problem.describe(lang))}[/]", soft_wrap=True)
    if schedule is None and fix_swaps:
        raise fail("--fix-swaps needs --movement FILE: a movement's schedule says which lines are swapped")
    if schedule is None:
        return None, value
    from bridgescore.pairs.against_movement import ranked_as

    return schedule, ranked_as(schedule)


def session_movements(
    values: Sequence[str] | None, lang: Language, fix_swaps: bool = False
) -> tuple[tuple[Movement, ...], str]:
    """``--movement`` of ``score`` and ``check``, given once or once per session: the schedules (none for a word)
    and the word the reading and the ranking take (:func:`movement_option`).  Given more than once every value is a
    schedule (a file or a name), and all of them rank alike (two lines, or one field): one ranking word is read and
    ranked for the whole event; otherwise the problem is said and exit 2."""
    if len(values or ()) < 2:
        schedule, word = movement_option(values[0] if values else "auto", lang, fix_swaps)
        return ((schedule,) if schedule is not None else ()), word
    assert values is not None  # two or more
    words = [v for v in values if v in ("auto", *PER_DIRECTION)]
    if words:
        raise fail(
            f"--movement {words[0]}: given once per session, --movement names each session's movement (a file or "
            "a movement's name); the words auto, mitchell and howell are given once"
        )
    chosen = [movement_option(v, lang, fix_swaps) for v in values]
    ranked = {word for _, word in chosen}
    if len(ranked) > 1:
        raise fail(
            "--movement: the sessions' movements rank differently (two lines in one, one field in another); score "
            "each session on its own"
        )
    return tuple(s for s, _ in chosen if s is not None), ranked.pop()


def sessions_against_movements(
    sessions: Sequence[tuple[str, Event]], schedules: Sequence[Movement], lang: Language, fix_swaps: bool = False
) -> list[tuple[str, Event]]:
    """Every session's lines checked against its movement (issue 21): one schedule is every session's, several are
    the sessions' in session order (:func:`bridgescore.pairs.against_movement.check_against_movement`; a name is
    fitted to each session's travellers); a count that is neither is said and exit 2."""
    if not schedules:
        return list(sessions)
    if len(schedules) not in (1, len(sessions)):
        raise fail(
            f"--movement is given {len(schedules)} times for {len(sessions)} sessions: give it once for every "
            "session, or once per session in session order"
        )
    from bridgescore.pairs.against_movement import check_against_movement

    each = list(schedules) * len(sessions) if len(schedules) == 1 else list(schedules)
    checked = []
    for (name, event), schedule in zip(sessions, each, strict=True):
        fitted = fitted_to_travellers(schedule, event, lang)  # a name: its boards per round from this session
        checked.append((name, check_against_movement(event, fitted, fix_swaps=fix_swaps)))
    return checked


def print_error(message: str) -> None:
    """Print ``message`` as an error, headed "error:" in the run's language (:func:`language_option`): under
    ``--lang nl`` a Dutch message began with an English "error:"."""
    from rich.markup import escape

    from bridgescore.core.i18n import translator

    word = translator(_MESSAGES_LANG[0]).gettext("error")
    __getattr__("err").print(f"[red]{escape(word)}:[/] {escape(message)}", soft_wrap=True)  # file names whole


def fail(message: str) -> typer.Exit:
    """Print ``message`` as an error and return the exit (status 2) for the caller to raise."""
    print_error(message)
    return typer.Exit(2)


def resolved_options(
    method: str | None,
    lang: Language,
    *,
    as_program: str | None = None,
    across_sections: bool = False,
    movement: str = "auto",
    phantoms: Iterable[str] = (),
    **given: object,
) -> ScoringOptions:
    """The scoring options the command line gives (:func:`bridgescore.api.resolve_options`; an option None is not
    given), or the option refused said in ``lang`` and exit 2: every command that scores refuses its options
    before it reads anything, in the same words."""
    from bridgescore.api import resolve_options
    from bridgescore.core.options import OptionError

    try:
        return resolve_options(
            method, as_program=as_program, across_sections=across_sections, movement=movement, phantoms=phantoms,
            **given,
        )  # fmt: skip
    except OptionError as problem:
        raise fail(problem.text(lang)) from None
    except ValueError as problem:
        raise fail(str(problem)) from None


def wide_console(console: Console) -> Console:
    """The screen, or where the output is piped or redirected a console of whole columns (120 at least) rather
    than rich's 80-column default: a ranking's names are not folded in a file the director keeps."""
    from bridgescore.report.printable import console as printable_console

    return console if console.is_terminal else printable_console(width=max(console.width, 120))


def strict_exit(checks: tuple[Check, ...], lang: Language) -> None:
    """``--strict``: exit status 1 when a director's check failed, with the failed checks named on stderr (``score``
    of one session or of several)."""
    from rich.markup import escape

    from bridgescore.core.i18n import translator

    err = __getattr__("err")
    failed = [c for c in checks if not c.ok]
    if failed:
        _ = translator(lang).gettext
        names = ", ".join(dict.fromkeys(_(c.name) for c in failed))  # a check failed in two sessions: named once
        message = _("%(count)s of the director's checks failed (--strict): %(names)s")
        err.print(f"[red]{escape(message % {'count': len(failed), 'names': names})}[/]", highlight=False)
        raise typer.Exit(1)


def date_option(value: str, option: str, lang: Language = "en") -> str:
    """``value`` of a date option (``archive add --date``, ``score -f usebio --date``) as an ISO date – a day the
    calendar has, written as the programs write one (:func:`bridgescore.season.rules.parse_date`) – else the error
    (exit 2) to raise: a session dated ``next monday`` or ``2026-02-30`` cannot be placed in a season, nor written
    as USEBIO's DATE."""
    from bridgescore.core.options import OptionError
    from bridgescore.season.rules import parse_date

    try:
        return parse_date(option, value) or ""
    except OptionError as problem:
        raise fail(problem.text(lang)) from None


def note_unless_pairs(event: Event, lang: str = "en") -> None:
    """Say (without stopping) that ``event`` is a teams or individual event: ``check`` lists its lines, but
    ``score`` will refuse it."""
    from bridgescore.io import not_pairs

    problem = not_pairs(event)
    if problem is not None:
        from rich.markup import escape

        __getattr__("err").print(f"[yellow]{escape(problem.describe(lang))}[/]", soft_wrap=True)


def notation_option(text: str) -> Notation:
    """The value of ``--notation``, or a clear error."""
    value = text.strip().lower()  # as --lang: NL and nl are the same
    if value not in ("en", "nl"):
        raise fail(f"--notation must be 'en' or 'nl', not '{text}'")
    return "nl" if value == "nl" else "en"


def event_files(paths: Sequence[Path]) -> list[Path]:
    """The event files named on the command line, a folder standing for every event file in it: the files whose
    suffix a reader takes (:data:`bridgescore.io.READERS`), by name, so that every run reads them in the same
    order. Each file a folder gives is named on the error stream, so the director sees what was read. A folder
    without event files is an error (exit 2)."""
    from bridgescore.api import event_files as api_event_files

    files, problems, folders = api_event_files(paths)
    if problems:
        raise fail(problems[0].text())
    for folder, found in folders:
        from rich.markup import escape

        names = escape(", ".join(p.name for p in found))
        __getattr__("err").print(f"{escape(str(folder))}: {len(found)} event file(s): {names}", soft_wrap=True)
    return files


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


def refuse_overwrite(output: Path | None, inputs: Iterable[Path | None], option: str = "--output") -> None:
    """Stop (exit 2) before ``output`` replaces one of the files read: a mistyped ``-o travellers.csv`` would
    otherwise destroy the director's only copy of the event. ``inputs``: the files read (a folder's files)."""
    if output is None:
        return
    for given in inputs:
        if given is not None and _same_file(output, given):
            raise fail(f"{option} {output} is one of the input files; it would be replaced. Name another file.")


#: The parameters of a command that name a file it writes: every other file named on its command line is read.
WRITTEN_FILES = ("output", "tableau")


def _named_paths(value: object) -> Iterator[Path]:
    """The paths ``value`` (a command's argument) may name: a path, a text (a VP table or anything else that may be
    a file's name: :func:`_same_file` only matches a file that exists), or a list of them."""
    if isinstance(value, Path):
        yield value
    elif isinstance(value, str) and value.strip():
        yield Path(value)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _named_paths(item)


def command_inputs(given: Mapping[str, object]) -> list[Path]:
    """Every file a command's arguments ``given`` (by parameter name) may read: each path or text among them but
    the files it writes (:data:`WRITTEN_FILES`), and the archive ``--db`` names (``$BRIDGESCORE_DB`` or
    ``bridgescore.sqlite3`` when not given) as its file when it is SQLite."""
    inputs = [path for name, value in given.items() if name not in WRITTEN_FILES for path in _named_paths(value)]
    if "db" in given:
        from bridgescore.archive import database_url

        url = database_url(given["db"] if isinstance(given["db"], str) else None)
        if url.startswith("sqlite:///"):
            inputs.append(Path(url.removeprefix("sqlite:///").split("?", 1)[0]))
    return inputs


def refusing_overwrite(command: Callable[..., None]) -> Callable[..., None]:
    """``command`` (a Typer command's function) refusing before it starts an ``--output`` that is one of the files
    its own command line names (:func:`command_inputs`): the members file, names, VP table, penalties, hand record
    or archive as well as the event files. Every command of the application is wrapped by :func:`guard_commands`,
    so an input option added later is covered without being listed anywhere; a folder's files are refused by the
    command itself, which knows which files it reads in a folder."""

    @functools.wraps(command)
    def guarded(**given: object) -> None:
        output = given.get("output")
        if isinstance(output, Path):
            refuse_overwrite(output, command_inputs(given))
        command(**given)

    return guarded


def guard_commands(application: typer.Typer) -> None:
    """Wrap every command of ``application`` and of its groups in :func:`refusing_overwrite`, once."""
    for info in application.registered_commands:
        if info.callback is not None and not hasattr(info.callback, "__wrapped__"):
            info.callback = refusing_overwrite(info.callback)
    for group in application.registered_groups:
        if group.typer_instance is not None:
            guard_commands(group.typer_instance)


def write_output(text: str, output: Path | None) -> None:
    """``text`` to ``output``, or to the standard output, with its controls escaped (a name's ``ESC[2J`` clears
    no screen: :mod:`bridgescore.report.printable`); a file that cannot be written is an error (exit 2)."""
    from bridgescore.report.printable import escape_controls

    if output is None:
        sys.stdout.write(escape_controls(text))
        return
    try:
        output.write_text(escape_controls(text), encoding="utf-8")
    except OSError as problem:
        raise fail(f"cannot write {output}: {problem.strerror or problem}") from None


@contextmanager
def output_stream(output: Path | None, newline: str | None = None) -> Iterator[TextIO]:
    """The stream a report is written to as it is made: ``output`` (UTF-8; ``newline`` as for ``open``) or the
    standard output, with the controls of every text escaped (:class:`~bridgescore.report.printable.PrintableWriter`;
    a console made on it writes beneath it, escaping its own text and keeping its colours)."""
    from bridgescore.report.printable import PrintableWriter

    if output is None:
        yield PrintableWriter.wrap(sys.stdout)
        return
    with output.open("w", encoding="utf-8", newline=newline) as handle:
        yield PrintableWriter.wrap(handle)


def write_bytes_output(data: bytes | Callable[[BinaryIO], None], output: Path | None) -> None:
    """``data`` (a file in the encoding it declares: USEBIO's ISO 8859-1), or what the function ``data`` writes to
    the stream it is given (a large file written as it is made), to ``output``, or to the standard output as bytes;
    a text-only standard output (an embedding program's) gets the characters, read as ISO 8859-1.  A file that
    cannot be written is an error (exit 2)."""

    def write(stream: BinaryIO) -> None:
        if isinstance(data, bytes):
            stream.write(data)
        else:
            data(stream)

    if output is not None:
        try:
            with output.open("wb") as stream:
                write(stream)
        except OSError as problem:
            raise fail(f"cannot write {output}: {problem.strerror or problem}") from None
    elif (stdout_bytes := getattr(sys.stdout, "buffer", None)) is not None:
        sys.stdout.flush()
        write(stdout_bytes)
        stdout_bytes.flush()
    else:
        buffer = io.BytesIO()
        write(buffer)
        sys.stdout.write(buffer.getvalue().decode("iso-8859-1"))


def language_option(text: str) -> Language:
    """The value of ``--lang``, or a clear error."""
    from bridgescore.core.i18n import parse_language

    _MESSAGES_LANG[0] = "en"  # a run of its own (the tests run many in one process)
    try:
        _MESSAGES_LANG[0] = language = parse_language(text)
    except ValueError as problem:
        raise fail(f"--lang: {problem}") from None
    return language


def _version(value: bool) -> None:
    if value:
        __getattr__("out").print(f"bridgescore {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Score contract-bridge events the way a tournament director needs them."""


#: The archive (issue 13): ``archive``, ``player`` (and ``season`` reads it).
DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="The archive: an SQLite file, or a URL (sqlite:///file, postgresql://user@host/database); default "
        "$BRIDGESCORE_DB, else bridgescore.sqlite3 in the current folder.",
    ),
]


def text_or_json(fmt: str) -> None:
    """``--format`` of the commands that print text or JSON only (``archive``, ``player``), or exit 2."""
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")


def open_or_fail(db: str | None, lang: Language, *, create: bool) -> Archive:
    """The archive ``--db`` names, or its problem said in words and exit 2 (no traceback)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from bridgescore.archive import ArchiveError, database_url, open_archive
    from bridgescore.core.i18n import N_

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
def reading_archive(db: str | None, lang: Language) -> Iterator[Archive]:
    """The archive ``--db`` names, for a reading command's queries (it must exist: a mistyped name makes no empty
    archive): a session or player not there, or a database that fails halfway (a server gone away), said in words
    with exit 2; the archive closed in every case."""
    from sqlalchemy.exc import SQLAlchemyError

    from bridgescore.archive import ArchiveError, database_reason
    from bridgescore.core.i18n import N_

    archive = open_or_fail(db, lang, create=False)
    try:
        yield archive
    except ArchiveError as problem:
        raise fail(problem.text(lang)) from None
    except SQLAlchemyError as problem:
        failed = ArchiveError(N_("cannot read the archive %(db)s: %(reason)s"), db=archive.shown,
                              reason=database_reason(problem))  # fmt: skip
        raise fail(failed.text(lang)) from None
    finally:
        archive.close()


#: Scoring options ``score`` declares beside its own, declared once here for the commands that score as it does
#: (``archive add``).
PhantomOption = Annotated[
    list[str] | None, typer.Option("--phantom", help="A phantom pair: its opponents get average (repeatable).")
]
PhantomAwardOption = Annotated[
    str | None, typer.Option("--phantom-award", help="What a phantom's opponents get: A, A+, 60 … (JFR Pary: 60).")
]
DatumOption = Annotated[
    str | None,
    typer.Option("--datum", help="Butler datum: nbb, acbl, bridgewx, compscore, mean, drop:K[:N], trim:P[:MIN]."),
]
DatumRoundingOption = Annotated[
    str | None,
    typer.Option("--datum-rounding", help="half-toward-zero (NBB), half-away-from-zero, half-even (ACBL), down, none."),
]
CrossImpsOption = Annotated[
    str | None, typer.Option("--cross-imps", help="average (EBU, BBO) or total (ACBLscore) over comparisons.")
]
FactorOption = Annotated[
    bool | None, typer.Option("--factor/--no-factor", help="Factor IMP totals of pairs with fewer boards.")
]
PairPercentOption = Annotated[
    str | None,
    typer.Option("--pair-percent", help="total (over maximum: EBU, BriAn) or mean (of board %: BBO, JFR)."),
]
NamesOption = Annotated[Path | None, typer.Option("--names", help="Names file: CSV pair,names.")]
