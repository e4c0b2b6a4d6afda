"""Readers of event files; :func:`load_event` picks the reader by the file's type.

Each reader module offers ``load``/``loads`` like the stdlib ``json`` module and never raises on bad input:
it returns an :class:`~bridgescore.core.event.Event` carrying every problem found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.contract import Notation
from bridgescore.core.event import Event
from bridgescore.core.problems import Location, Problem, Severity, shorten

__all__ = ["READERS", "ReadOptions", "csv_event", "load_event", "load_events", "merge_loaded", "not_pairs"]


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How to read the files of an event.

    ``pairs_per_direction``: pairs are numbered per direction, NS 1–n and EW 1–n, so that NS 1 and EW 1 are two
    pairs (a Mitchell as ACBLscore numbers it); ``False``: every pair of a section has a number of its own (the
    NBB and EBU programs), and a pair written on both sides of a line is a mistake; ``None``: recognised from the
    data (:func:`bridgescore.core.event.sections_numbered_per_direction`).  The CSV and USEBIO readers take it (a USEBIO
    file may also say it by its pairs' ``DIRECTION``); a PBN file's ``PairId_NS``/``PairId_EW`` say each pair's
    direction, and scoring recognises per-direction numbering from the data.
    """

    notation: Notation = "en"
    pairs_per_direction: bool | None = None


#: A CSV column only a teams file has (the room of a match: :mod:`bridgescore.teams.read_csv`), compared as
#: :func:`bridgescore.io.csv.header_key` compares headers.
_TEAMS_COLUMNS = frozenset({"room", "zaal", "kamer"})


def _csv(path: Path, options: ReadOptions) -> Event:
    from bridgescore.io import csv as traveller_csv

    return csv_event(traveller_csv.load(path, options.notation, pairs_per_direction=options.pairs_per_direction))


def csv_event(event: Event) -> Event:
    """A traveller CSV's event with its pairs' players (issue 13) and, for a teams file, its form."""
    from bridgescore.io import csv as traveller_csv

    if event.results:  # the players of each pair where the lines name them (issue 13: n_number …, north …)
        from bridgescore.io.members import seated_pairs_when_asked, seated_players

        when_asked = seated_pairs_when_asked(event)  # an individual's: worked out if ever asked for (issue 19)
        players, _, conflicts = seated_players(event) if when_asked is None else ({}, {}, [])
        if when_asked is not None and when_asked:
            event = replace(event, players=when_asked)
        if players:
            # a pair numbered on the lines whose players' names are written beside: named so in the rankings (a pair
            # made of its players, BBO's ``north+south``, is named by its id already)
            names = dict(event.names)
            # seated_players gives each pair its two players; one comprehension, as an individual's pairs (one per
            # line side, issue 19) are a million or two
            named = {
                key: f"{first.name} & {second.name}"
                for key, (first, second) in players.items()
                if first.name and second.name and key.rpartition(":")[2] != f"{first.name}+{second.name}"
                and key not in names
            }  # fmt: skip
            names.update(named)
            event = replace(
                event,
                players=MappingProxyType(players),
                names=MappingProxyType(names),
                problems=(*event.problems, *conflicts),
            )
    if event.results:  # a teams CSV (a room column) is marked, so that `score` points it to `bridgescore teams`
        room = next((k for k in event.results[0].extra if traveller_csv.header_key(k) in _TEAMS_COLUMNS), None)
        if room is not None:
            return replace(event, form="teams", form_sign=f"column '{shorten(room)}'")
    return event


def _usebio(path: Path, options: ReadOptions) -> Event:
    from bridgescore.io import usebio

    return usebio.load(path, options.notation, pairs_per_direction=options.pairs_per_direction)


def _pbn(path: Path, options: ReadOptions) -> Event:
    from bridgescore.io import pbn

    return pbn.load(path, options.notation)


def _bws(path: Path, options: ReadOptions) -> Event:
    from bridgescore.io import bws

    return bws.load(path, options.notation, pairs_per_direction=options.pairs_per_direction)


#: File suffix (lower case) → reader: traveller CSV, USEBIO XML, PBN.
READERS: dict[str, Callable[[Path, ReadOptions], Event]] = {
    ".csv": _csv,
    ".tsv": _csv,
    ".txt": _csv,
    ".xml": _usebio,
    ".usebio": _usebio,
    ".pbn": _pbn,
    ".bws": _bws,  # Bridgemate's BWS database (io/bws.py, via mdbtools)
}


def load_event(path: str | Path, notation: Notation = "en", *, pairs_per_direction: bool | None = None) -> Event:
    """Read one event file with the reader its suffix names; an unknown type is a problem, not an error."""
    p = Path(path)
    reader = READERS.get(p.suffix.lower())
    if reader is None:
        known = ", ".join(sorted(READERS))
        return Event(
            (),
            problems=(
                Problem.make(
                    Location(str(p)),
                    "cannot read files of type '%(suffix)s'; bridgescore reads %(known)s",
                    suffix=shorten(p.suffix or p.name),
                    known=known,
                ),
            ),
        )
    try:
        event = reader(p, ReadOptions(notation, pairs_per_direction))
    except MemoryError:
        # Reading takes 150-200 times the file's size in memory (issue 10 streams the large files); a file too
        # large for this machine is a clear problem, not a traceback.
        size = _megabytes(p)
        problem = Problem.make(
            Location(str(p)),
            "the file is too large to read in this much memory (%(size)s MB); split it (one file per section or "
            "session) or use a computer with more memory",
            size=size,
        )
        return Event((), problems=(problem,))
    from bridgescore.io.lead_order import settle_lead_order

    return _with_nothing_to_score(settle_lead_order(event, str(p)), p)


def _megabytes(path: Path) -> str:
    try:
        return f"{path.stat().st_size / 1_000_000:.0f}"
    except OSError:
        return "?"


def _with_nothing_to_score(event: Event, path: Path) -> Event:
    """A file that yields no results at all (only a header, deals without results, every line refused) is an
    error, so a director does not publish empty rankings with every check passed; unless a problem about the
    whole file (empty, unreadable) already says so."""
    if event.results or any(p.severity is Severity.ERROR and p.location.line is None for p in event.problems):
        return event
    if event.deals and not any(p.severity is Severity.ERROR for p in event.problems):
        return event  # a hand record (deals only, issue 10): its deals join the travellers read beside it
    problem = Problem.make(Location(str(path)), "no results to score in %(file)s", file=path.name)
    return replace(event, problems=(*event.problems, problem))


def load_events(
    paths: Iterable[str | Path],
    notation: Notation = "en",
    names: str | Path | None = None,
    *,
    pairs_per_direction: bool | None = None,
    members: str | Path | None = None,
    section_per_file: bool | None = None,
) -> Event:
    """Read several files (e.g. one per section) into one event; ``names``: an optional names file
    (:mod:`bridgescore.io.names`) whose names replace those read from the event files; ``pairs_per_direction``:
    see :class:`ReadOptions`; ``members``: a members file (:mod:`bridgescore.io.members`) naming the players given
    by member number; ``section_per_file``: see :meth:`Event.merge`."""
    files = list(paths)
    loaded = (load_event(p, notation, pairs_per_direction=pairs_per_direction) for p in files)
    return merge_loaded(loaded, files, names, members=members, section_per_file=section_per_file)


def merge_loaded(
    loaded: Iterable[Event],
    files: list[str | Path],
    names: str | Path | None = None,
    *,
    members: str | Path | None = None,
    section_per_file: bool | None = None,
) -> Event:
    """The events read from ``files`` merged into one (:meth:`Event.merge`), named from the names and members
    files: :func:`load_events` after reading (a session of a multi-session CSV is read here too)."""
    loaded = list(loaded)
    event = _one_stated_method(Event.merge(loaded, section_per_file=section_per_file), loaded, files)
    if not event.results and event.deals and files and not any(p.severity is Severity.ERROR for p in event.problems):
        # only hand records were given: nothing to score (each file alone is not an error, see above)
        where = Location(str(Path(files[0])))
        problem = Problem.make(
            where,
            "no results to score: %(file)s holds deals only (a hand record); give the travellers with it "
            "(score TRAVELLERS --deals %(file)s), or see the deals with `bridgescore deals %(file)s`",
            file=Path(files[0]).name,
        )
        event = replace(event, problems=(*event.problems, problem))
    sources: dict[str, Location] = {}
    if names is not None:
        from bridgescore.io import names as names_file

        found, problems = names_file.load(names)
        named = names_file.with_names(event, found, problems)
        event = replace(named, form=event.form, form_sign=event.form_sign)
        if isinstance(found, names_file.Names):
            sources.update(found.player_sources)
    if members is None:
        return event
    from bridgescore.io import members as members_file

    known, member_problems = members_file.load(members)
    sources = {**members_file.seated_players(event)[1], **sources}
    return members_file.with_members(event, known, member_problems, sources=sources)


def _one_stated_method(event: Event, loaded: list[Event], files: list[str | Path]) -> Event:
    """The merged ``event`` noting, where its files name two scoring methods (one USEBIO file ``CROSS_IMPS``, the
    other ``MATCH_POINTS``), each file's (:data:`bridgescore.io.usebio.METHODS_OF_THE_FILES`): the merge keeps the
    first file's facts, so the files of one session were scored by the first file's method without a word; now
    ``score`` without ``--method`` refuses them and asks for one (:func:`bridgescore.io.usebio.stated_method`)."""
    if len(loaded) < 2:
        return event
    from bridgescore.io.usebio import METHODS_OF_THE_FILES, stated_method

    said: list[tuple[str, str, str]] = []
    for i, part in enumerate(loaded):
        stated = stated_method(part.info) if part.form == "pairs" and part.info else None
        if stated is not None and stated.method is not None:
            said.append((Path(files[i]).name if i < len(files) else f"file {i + 1}", stated.method, stated.sign))
    if len({method for _, method, _ in said}) < 2:
        return event
    text = "; ".join(f"{name}: {method} ({sign})" for name, method, sign in said)
    return replace(event, info=MappingProxyType({**event.info, METHODS_OF_THE_FILES: text}))


def not_pairs(event: Event) -> Problem | None:
    """The refusal to score a teams or individual event as pairs (None for a pairs event).

    A teams file scored as pairs puts a team North-South at a matchpoint percentage, and an individual makes
    "pairs" of four players: numbers a director cannot defend.  ``score`` refuses them (exit 2) with this
    problem, which names the command that scores them: ``bridgescore teams FILE`` (issue 9) and ``bridgescore
    individual FILE``.  ``check`` still lists their lines and ``valet`` reads their hands: a line of a teams match
    is a real contract played by a real declarer, which is what the Valet score splits, so for these two commands
    the file is legitimate."""
    if event.form == "pairs":
        return None
    files = list(dict.fromkeys(r.source.file for r in event.results if r.source is not None)) or ["<input>"]
    where = Location(files[0])
    named = " ".join(files)
    if event.form == "teams":
        return Problem.make(
            where,
            "this is a teams event (%(sign)s): score it with `bridgescore teams %(file)s`; scoring its lines as a "
            "pairs event would give numbers no director can defend",
            sign=event.form_sign,
            file=named,
        )
    return Problem.make(
        where,
        "this is an individual event (%(sign)s): score it with `bridgescore individual %(file)s`; scoring its "
        "lines as a pairs event would give numbers no director can defend",
        sign=event.form_sign,
        file=named,
    )
