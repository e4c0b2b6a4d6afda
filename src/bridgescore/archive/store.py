"""The archive of scored sessions (issue 13) on a real database: SQLite by default (one file, nothing to install),
PostgreSQL for a federation (``postgresql://…``, the psycopg 3 driver), one schema for both
(:mod:`bridgescore.archive.models`), created and migrated with Alembic when the archive is opened.

Writing (:meth:`Archive.add_all`): the sessions of one ``archive add`` in one transaction, all stored or none (a
process stopped halfway leaves nothing, and the same command run again stores everything).  Two processes adding at
once lose nothing:

* SQLite: the file in WAL mode, a busy timeout of a minute, and every writing transaction ``BEGIN IMMEDIATE`` (the
  write lock is taken at the start, so two writers queue instead of failing halfway); a reading one a deferred
  ``BEGIN`` (WAL: it reads its snapshot beside a writer, and takes no lock to queue behind);
* PostgreSQL: unique constraints on the session key and the player key, players inserted with ``INSERT … ON
  CONFLICT DO UPDATE`` (an upsert: the second writer finds the first's player), the session row locked ``FOR
  UPDATE`` while it is replaced, and a transaction that fails on a serialization failure or a deadlock run again.

A session stored twice is refused (:class:`ArchiveRefusal`): the same key, or the same lines under another key (the
digest of the lines read, :func:`bridgescore.pairs.sessions.content_digest`: a file saved again with a BOM and CRLF is
the same evening).  ``replace=True`` stores the new scoring as the next version and records what changed (a
:class:`~bridgescore.archive.models.Correction`).

The lines of a session have no foreign key to it (migration 0004: PostgreSQL's check of every line was half its time
to store a million): ``--replace`` deletes the old version's lines itself, in its transaction, and a trigger on
``sessions`` deletes the lines of a session deleted by anything else.

Reading: one transaction for all of a command's queries, one snapshot (PostgreSQL REPEATABLE READ), so a season
read while a correction is stored sees every session whole, in one version.  :meth:`Archive.sessions` is the
:class:`bridgescore.pairs.sessions.SessionSource` a season reads, each session
rebuilt as its :class:`~bridgescore.pairs.sessions.SessionSummary` and its :class:`~bridgescore.core.event.Event`
(lines,
names, players, info), so the event scored again gives the same standings.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import json
import math
import operator
import os
import re
import struct
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, Float, Integer, create_engine, delete, event, func, insert, inspect, or_, select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    IntegrityError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.orm import Session, selectinload

from bridgescore.archive.models import (
    BoardRow,
    Correction,
    LineRow,
    PairPlayer,
    PairRow,
    PlayerRow,
    SessionRow,
    StoredEvent,
)
from bridgescore.core.i18n import N_, MessageError
from bridgescore.core.players import Player, player_key
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.movement import json as movement_json
from bridgescore.pairs.sessions import PairSession, SessionSummary, StoredSession

if TYPE_CHECKING:
    from bridgescore.core.deal import HandRecord
    from bridgescore.core.table import ResultTable
    from bridgescore.movement.model import Movement
    from bridgescore.pairs.pipeline import Scores

__all__ = [
    "DEFAULT_FILE",
    "ENVIRONMENT",
    "HEAD",
    "Added",
    "Archive",
    "ArchiveError",
    "ArchiveRefusal",
    "PlayerAverage",
    "PlayerSession",
    "SessionInfo",
    "ToStore",
    "database_reason",
    "database_url",
    "file_hash",
    "open_archive",
    "rescore",
    "session_key",
]

#: Where ``--db`` is read from when not given, and the file used when neither says.
ENVIRONMENT = "BRIDGESCORE_DB"
DEFAULT_FILE = "bridgescore.sqlite3"
#: The newest migration (``migrations/versions``); an archive at it is not handed to Alembic (a quick start).
HEAD = "0006"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: PostgreSQL: the advisory lock two processes creating the schema at once queue on ("brdg").
_SCHEMA_LOCK = 0x62726467
#: The execution option that marks a reading transaction (SQLite: a deferred ``BEGIN``, no write lock).
_READING = "bridgescore_reading"
#: A transaction that fails on a serialization failure or a deadlock (PostgreSQL's SQLSTATE 40001, 40P01) or on
#: a busy SQLite file is run again, this many times at most.
_ATTEMPTS = 6


class ArchiveError(MessageError):
    """The archive cannot be opened or used: a catalogue message with its values (``--lang nl`` says it in
    Dutch); ``str()`` is the English sentence."""


class ArchiveRefusal(Exception):
    """A session not stored (e.g. stored already), with the problem that says why, at the file's place."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


def database_url(given: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL of the archive ``given`` (``--db``): a URL as it is (``postgresql://`` and
    ``postgres://`` with the psycopg 3 driver), a path as an SQLite file; None: ``$BRIDGESCORE_DB``, else
    ``bridgescore.sqlite3`` in the current folder."""
    raw = given if given is not None else os.environ.get(ENVIRONMENT) or DEFAULT_FILE
    text_ = os.fspath(raw).strip()
    if "://" in text_:
        scheme, rest = text_.split("://", 1)
        if scheme.lower() in ("postgresql", "postgres"):
            return f"postgresql+psycopg://{rest}"
        return text_
    return "sqlite:///" + str(Path(text_).expanduser().absolute())


#: A password given in the URL's query (``?password=``, libpq's documented form; ``sslpassword``): its value.
_QUERY_PASSWORD = re.compile(r"([?&][^=&#]*password[^=&#]*=)[^&#]*", re.IGNORECASE)
_USER_PASSWORD = re.compile(r"(://[^/@:]*:)[^/@]*@")


def _shown(url: str) -> str:
    """The URL as a message shows it: the password hidden, in the ``user:***@`` part and in the query
    (``?password=***``); an SQLite file as its path."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # a URL SQLAlchemy cannot read: its user:password@ hidden all the same
        return _QUERY_PASSWORD.sub(r"\1***", _USER_PASSWORD.sub(r"\1***@", url))
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return _QUERY_PASSWORD.sub(r"\1***", parsed.render_as_string(hide_password=True))


def database_reason(problem: BaseException) -> str:
    """The database's own words for a failure, first line only (a driver's message can run to a page)."""
    orig = getattr(problem, "orig", None) or problem
    words = str(orig).strip().splitlines()
    return words[0] if words else type(orig).__name__


def open_archive(url: str | os.PathLike[str] | None = None, *, create: bool = True) -> Archive:
    """The archive at ``url`` (:func:`database_url`), its schema created or brought up to date.  ``create=False``
    refuses an SQLite file that does not exist (reading commands: a mistyped name must not make an empty archive).
    Raises :class:`ArchiveError` with a message a director understands when it cannot be opened."""
    resolved = database_url(url)
    shown = _shown(resolved)
    try:
        parsed = make_url(resolved)
    except (ArgumentError, ValueError):
        raise ArchiveError(
            N_("'%(db)s' is no archive: give a file name (SQLite) or a URL such as postgresql://user@host/database"),
            db=_shown(str(url)),
        ) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite" and parsed.database and parsed.database != ":memory:":
        path = Path(parsed.database)
        if not create and not path.exists():
            raise ArchiveError(
                N_("there is no archive %(db)s (bridgescore archive add stores sessions in one)"), db=shown
            )
        if not path.parent.is_dir():
            raise ArchiveError(N_("cannot open the archive %(db)s: the folder %(folder)s does not exist"),
                               db=shown, folder=str(path.parent))  # fmt: skip
    if backend not in ("sqlite", "postgresql"):
        raise ArchiveError(
            N_("'%(db)s' is no archive: bridgescore keeps its archive in SQLite (a file name) or PostgreSQL "
               "(postgresql://…)"),
            db=shown,
        )  # fmt: skip
    try:
        engine = _engine(resolved, backend)
        archive = Archive(engine, shown)
        _upgrade_when_free(archive, backend)
    except ArchiveError:
        raise
    except (NoSuchModuleError, ImportError) as problem:
        raise ArchiveError(
            N_("cannot open the archive %(db)s: %(reason)s"), db=shown, reason=database_reason(problem)
        ) from None
    except SQLAlchemyError as problem:
        raise ArchiveError(
            N_("cannot open the archive %(db)s: %(reason)s"), db=shown, reason=database_reason(problem)
        ) from None
    return archive


def _upgrade_when_free(archive: Archive, backend: str, attempts: int = 6) -> None:
    """:meth:`Archive.upgrade`, tried again where SQLite says the file is locked before its busy timeout applies
    (two processes making a new archive at once: switching a new file to WAL wants it alone), after a short wait
    that grows each time; any other failure, or the last attempt's, is raised."""
    for attempt in range(attempts):
        try:
            archive.upgrade()
            return
        except OperationalError as problem:
            locked = backend == "sqlite" and "locked" in str(problem.orig or problem).lower()
            if not locked or attempt == attempts - 1:
                raise
            archive.engine.dispose()
            time.sleep(0.1 * 2**attempt)


def _engine(url: str, backend: str) -> Engine:
    if backend == "postgresql":
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": 60})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver begins nothing itself: BEGIN IMMEDIATE below
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA busy_timeout = 60000")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # a reader's transaction is deferred: in WAL mode it reads its snapshot while a writer writes, and takes no
        # lock another reader or a writer would queue behind; a writer's takes the write lock at once
        reading = connection.get_execution_options().get(_READING)
        connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

    return engine


def file_hash(content: bytes) -> str:
    """The SHA-256 of a file's content: the same file added under another key is the same session."""
    return hashlib.sha256(content).hexdigest()


def session_key(date: str, club: str, title: str, file: str) -> str:
    """The key of a session added without ``--key``: its date, club, title and file name, those it has, joined
    with ``/`` (``2026-11-03/BC Utrecht/Monday/evening.csv``); the file's name alone when it says none of them."""
    return "/".join(part.strip() for part in (date, club, title, Path(file).name) if part and part.strip())


@dataclass(frozen=True, slots=True)
class ToStore:
    """One session for :meth:`Archive.add_all`: its scoring, the file it was read from and that file's bytes, its key
    and what was given to score it."""

    scores: Scores
    file: str
    content: bytes
    key: str
    options: Mapping[str, Any] | None = None
    #: the digest of its lines where it is known (:func:`bridgescore.pairs.sessions.content_digest`); "": worked out
    #: here
    digest: str = ""
    #: the movement its lines were checked against (``archive add --movement``): kept with the session (issue 21)
    movement: Movement | None = None


@dataclass(frozen=True, slots=True)
class Added:
    """What :meth:`Archive.add` stored: the key, the version (1 for a new session), and for a correction what
    changed (``changes`` as kept in the history)."""

    key: str
    version: int
    date: str
    pairs: int
    lines: int
    changes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A stored session as ``archive list`` shows it."""

    key: str
    date: str
    competition: str
    club: str
    title: str
    method: str
    pairs: int
    boards: int
    version: int
    file: str
    added_at: str


@dataclass(frozen=True, slots=True)
class PlayerSession:
    """One session of a player (``bridgescore player``): where, with whom, and how it went."""

    key: str
    date: str
    competition: str
    title: str
    section: str
    pair: str
    direction: str
    partners: tuple[str, ...]
    boards: int
    percent: float | None
    imps: float | None
    place: int | None


@dataclass(frozen=True, slots=True)
class PlayerAverage:
    """A player's sessions summed up (``bridgescore player``): the matchpoint percentage over them weighted by
    boards (Σ p·b / Σ b, as a season averages a pair's evenings: :mod:`bridgescore.season.engine`) and the IMPs per
    board of the IMP sessions (a Butler season's unit), each with the boards behind it (None: no such session)."""

    percent: float | None
    percent_boards: int
    imps_per_board: float | None
    imp_boards: int

    @classmethod
    def of(cls, sessions: Sequence[PlayerSession]) -> PlayerAverage:
        percent = [(s.percent, s.boards) for s in sessions if s.percent is not None]
        imps = [(s.imps, s.boards) for s in sessions if s.imps is not None]
        percent_boards = sum(b for _, b in percent)
        imp_boards = sum(b for _, b in imps)
        return cls(
            sum(p * b for p, b in percent) / percent_boards if percent_boards else None,
            percent_boards,
            sum(i for i, _ in imps) / imp_boards if imp_boards else None,
            imp_boards,
        )


def _utc(moment: datetime) -> str:
    """A stored time as the history shows it, in UTC (SQLite gives it back without its zone)."""
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%d %H:%M:%S UTC")


def _nan(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


@dataclass(frozen=True, slots=True)
class _Column:
    """A column of lines to write: its values for lines [start, stop) as Python values (SQLite's ``executemany``, a
    correction's comparison), as an Arrow array (PostgreSQL's ``COPY`` as CSV), and as PostgreSQL's binary ``COPY``
    fields (:meth:`_Lines.binary`), and whether every line holds the column's blank (None, or its server default)."""

    values: Callable[[int, int], list[Any]]
    arrow: Callable[[int, int], Any]
    #: every line holds what the database fills in where the column is not written (:data:`_BLANK`)
    blank: bool
    #: given the column's kind in the database (:data:`_KINDS`): each line's field of binary ``COPY`` for lines
    #: [start, stop) (an Arrow ``large_binary`` array: the length, then the value), or None where a value has no
    #: exact binary form here (then the lines go as CSV, and the server judges them as before)
    fields: Callable[[str], Callable[[int, int], Any] | None]
    #: every line holds the same value (SQLite binds it once per statement: :meth:`Archive._insert_lines`)
    same: bool = False
    #: given the column's kind: its numbers as big-endian binary ``COPY`` values of one width where every line has
    #: one (a numpy array: :meth:`_Lines.binary` lays such columns side by side in one block), else None
    block: Callable[[str], Any | None] = lambda _kind: None


#: SQLite: how many lines one ``INSERT`` statement writes (32 lines of 17–20 values: under the 999 values of the
#: oldest SQLite's limit)
_LINES_PER_INSERT = 32
#: how many lines are turned into Python values (or CSV) at a time while they are written: a million lines' values
#: held at once (22 lists of a million) were a third of archive add's memory (issue 19)
_CHUNK = 65536


@dataclass(frozen=True, slots=True)
class _Lines:
    """The traveller lines of a scored event to write (the ``lines`` table, in input order), each column kept as
    the event holds it (codes into distinct values, numpy arrays) and turned into Python values a slice at a time
    (:meth:`rows`), or whole where a correction compares them (:meth:`column`), or into CSV for PostgreSQL's
    ``COPY`` (:meth:`csv`)."""

    n: int
    columns: Mapping[str, _Column]

    def column(self, name: str) -> list[Any]:
        return self.columns[name].values(0, self.n)

    def written(self) -> list[str]:
        """The columns written: all but those of :data:`_FILLED_UNLESS_WRITTEN` where every line holds the blank the
        database fills in (NULL, or the server default: a million values fewer for the driver to bind, each – three
        text columns of a million lines were half a second of SQLite's 3.5 s)."""
        return [name for name, c in self.columns.items() if not (c.blank and name in _FILLED_UNLESS_WRITTEN)]

    def flat(self, names: Sequence[str]) -> Iterator[list[Any]]:
        """The values of the columns ``names`` (JSON ones as their text), line after line, in one list per
        ``_CHUNK`` lines (each column put in place by a slice, in C: no Python step per line or value); an empty list
        per chunk where ``names`` is empty."""
        for start in range(0, self.n, _CHUNK):
            stop = min(start + _CHUNK, self.n)
            values: list[Any] = [None] * ((stop - start) * len(names))
            for i, name in enumerate(names):
                values[i :: len(names)] = self.columns[name].values(start, stop)
            yield values

    def csv(self, names: Sequence[str], session_id: int) -> Iterator[Any]:
        """The lines, each a row of ``session_id`` and the columns ``names``, as PostgreSQL's ``COPY … (FORMAT csv)``
        reads them, a buffer of ``_CHUNK`` lines at a time, written by Arrow's CSV writer (in C++: the driver
        formatting each row in turn took 3.3 s of a million lines' 13 s, issue 19).  Arrow quotes every text and
        writes NULL as an empty field, which is ``COPY``'s own distinction between an empty text (``""``) and NULL; a
        number is written in its shortest form that reads back the same (float8 exactly)."""
        import numpy as np
        import pyarrow as pa
        from pyarrow import csv as pa_csv

        options = pa_csv.WriteOptions(include_header=False, batch_size=_CHUNK, quoting_style="needed")
        for start in range(0, self.n, _CHUNK):
            stop = min(start + _CHUNK, self.n)
            arrays = [pa.array(np.full(stop - start, session_id, dtype=np.int64))]
            arrays += [self.columns[name].arrow(start, stop) for name in names]
            sink = pa.BufferOutputStream()
            pa_csv.write_csv(pa.Table.from_arrays(arrays, ["session_id", *names]), sink, options)
            yield sink.getvalue()

    def binary(self, names: Sequence[str], session_id: int) -> tuple[list[str], Iterator[Any]] | None:
        """The rows of :meth:`csv` as PostgreSQL's ``COPY … (FORMAT binary)`` reads them (its signature, each row a
        field count and each field its length and value – a 4-byte big-endian integer, an 8-byte IEEE double, a
        text's UTF-8 bytes –, the trailer), a buffer of ``_CHUNK`` lines at a time; or None where a column has a
        value with no exact binary form here (an integer beyond the column's 32 bits, a text that is no UTF-8):
        :meth:`csv` then.  Each distinct value encoded once and the rows joined by Arrow (in C++): no number is
        formatted as text by the client nor parsed by the server (PostgreSQL's parsing of the CSV was 0.7 s of its
        3.6 s for a million lines, Arrow's writing of it 1 s of the client's, issue 19).  The columns of numbers every
        line has come first, side by side in one block of bytes made by numpy (fewer arrays for Arrow to join): the
        order of the columns written is given with the buffers."""
        import numpy as np
        import pyarrow as pa
        import pyarrow.compute as pc

        blocked = {name: payload for name in names if (payload := self.columns[name].block(_KINDS[name])) is not None}
        rest = [name for name in names if name not in blocked]
        makers = [self.columns[name].fields(_KINDS[name]) for name in rest]
        if any(make is None for make in makers):
            return None
        ready: list[Callable[[int, int], Any]] = [make for make in makers if make is not None]
        # each row begins with its field count and its session's id, the same in every row, then the block
        head = np.frombuffer(struct.pack(">hii", len(names) + 1, 4, session_id), dtype=np.uint8)
        width = len(head) + sum(4 + payload.dtype.itemsize for payload in blocked.values())
        nothing = pa.scalar(b"", pa.large_binary())

        def block(start: int, stop: int) -> Any:
            out = np.empty((stop - start, width), dtype=np.uint8)
            out[:, : len(head)] = head
            at = len(head)
            for payload in blocked.values():
                size = payload.dtype.itemsize
                out[:, at : at + 4] = np.frombuffer(struct.pack(">i", size), dtype=np.uint8)
                out[:, at + 4 : at + 4 + size] = payload[start:stop].view(np.uint8).reshape(stop - start, size)
                at += 4 + size
            fixed = pa.FixedSizeBinaryArray.from_buffers(pa.binary(width), stop - start, [None, pa.py_buffer(out)])
            return fixed.cast(pa.large_binary())

        def chunks() -> Iterator[Any]:
            yield _BINARY_SIGNATURE
            for start in range(0, self.n, _CHUNK):
                stop = min(start + _CHUNK, self.n)
                rows = pc.binary_join_element_wise(block(start, stop), *(make(start, stop) for make in ready), nothing)
                # the rows' bytes, one after the other in the array's data, from its first offset to its last
                _, offsets, data = rows.buffers()
                ends = np.frombuffer(offsets, dtype=np.int64)[rows.offset : rows.offset + len(rows) + 1]
                yield data[int(ends[0]) : int(ends[-1])]
            yield _BINARY_TRAILER

        return [*blocked, *rest], chunks()


#: binary ``COPY``'s signature (the header, no flags, no extension) and trailer (PostgreSQL's documentation, COPY,
#: "Binary Format")
_BINARY_SIGNATURE = b"PGCOPY\n\xff\r\n\x00" + bytes(8)
_BINARY_TRAILER = b"\xff\xff"
_NULL_FIELD = b"\xff\xff\xff\xff"


def _field(value: Any, kind: str) -> bytes | None:
    """``value`` as a field of binary ``COPY`` in a column of ``kind`` (``int``: integer, ``float``: double
    precision, ``text``: text, varchar or json – their binary form is the text's bytes, checked by the server as
    the CSV's are), or None where it has no exact form (the lines then go as CSV)."""
    if value is None:
        return _NULL_FIELD
    if kind == "int" and type(value) is int and -(2**31) <= value < 2**31:
        return struct.pack(">ii", 4, value)
    if kind == "float" and type(value) is float:
        return struct.pack(">id", 8, value)
    if kind == "text" and type(value) is str:
        try:
            encoded = value.encode()
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8
            return None
        return struct.pack(">i", len(encoded)) + encoded
    return None


def _fixed_fields(payload: Any, missing: Any) -> Any:
    """The binary ``COPY`` fields of numbers of one width (``payload``: a big-endian numpy array), NULL where
    ``missing`` (a mask): made by numpy as one block of bytes, a NULL's value left out."""
    import numpy as np
    import pyarrow as pa

    n, width = len(payload), payload.dtype.itemsize
    block = np.empty((n, 4 + width), dtype=np.uint8)
    block[:, :4] = np.frombuffer(struct.pack(">i", width), dtype=np.uint8)
    block[:, 4:] = payload.view(np.uint8).reshape(n, width)
    if not missing.any():
        fixed = pa.FixedSizeBinaryArray.from_buffers(pa.binary(4 + width), n, [None, pa.py_buffer(block)])
        return fixed.cast(pa.large_binary())
    block[missing, :4] = 255  # length -1: NULL, and no value
    keep = np.ones((n, 4 + width), dtype=bool)
    keep[missing, 4:] = False
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.where(missing, 4, 4 + width), out=offsets[1:])
    return pa.Array.from_buffers(pa.large_binary(), n, [None, pa.py_buffer(offsets), pa.py_buffer(block[keep])])


def _number_fields(values: Any, missing: Any) -> Callable[[str], Callable[[int, int], Any] | None]:
    """The binary ``COPY`` fields (:attr:`_Column.fields`) of numbers held in a numpy array, None where ``missing``:
    integers that fit in 32 bits for an integer column, any number that is a double exactly for a double one."""

    def fields(kind: str) -> Callable[[int, int], Any] | None:
        present = values[~missing]
        if kind == "int" and values.dtype.kind in "iu":
            if len(present) and (int(present.min()) < -(2**31) or int(present.max()) >= 2**31):
                return None
            payload = values.astype(">i4")
        elif kind == "float" and values.dtype.kind == "f":
            payload = values.astype(">f8")
        else:
            return None
        return lambda start, stop: _fixed_fields(payload[start:stop], missing[start:stop])

    return fields


def _number_block(values: Any, missing: Any) -> Callable[[str], Any | None]:
    """:attr:`_Column.block` of numbers held in a numpy array (None where one is ``missing``, or does not fit)."""

    def block(kind: str) -> Any | None:
        if missing.any():
            return None
        if kind == "int" and values.dtype.kind in "iu":
            if len(values) and (int(values.min()) < -(2**31) or int(values.max()) >= 2**31):
                return None
            return values.astype(">i4")
        return values.astype(">f8") if kind == "float" and values.dtype.kind == "f" else None

    return block


def _line_rows(scores: Scores, digest: str = "") -> tuple[_Lines, list[dict[str, Any]], str]:
    """The traveller lines (every field of each ``Result``, in input order, with its points) to write in the
    ``lines`` table, and the boards (field, number, datum, top, scores compared) of a scored event as rows to
    insert, and the digest of its content (:func:`bridgescore.pairs.sessions.content_digest`); built from the event's
    columns (:class:`bridgescore.core.table.ResultTable`, one conversion per distinct value), not line by line."""
    import numpy as np
    import pyarrow as pa

    from bridgescore.core.table import FIELD_KINDS, Column
    from bridgescore.pairs.sessions import line_codes, lines_digest

    lines = scores.scored.lines
    table = lines.table
    n = len(table)

    def coded(column: Column[Any], missing: Any = None, blank: Any = None) -> _Column:
        """A dictionary-coded column (its labels Python values: text, numbers, None); ``missing``: a mask of lines
        that have no value whatever their code; ``blank``: the column's value where it is not written."""
        labels = np.fromiter(column.labels, dtype=object, count=len(column.labels))
        nulls = np.fromiter(
            (label is None if blank is None else label == blank for label in column.labels),
            dtype=bool, count=len(column.labels),
        )  # fmt: skip
        if missing is not None:
            labels = np.append(labels, np.array([None], dtype=object))  # the code of a line without a value
            codes = np.where(missing, len(column.labels), column.codes).astype(np.int32)
            nulls = np.append(nulls, True)
        else:
            codes = column.codes
        blank_ = bool(nulls[codes].all()) if n else True

        @functools.cache
        def dictionary() -> Any:  # made once, where the lines go as CSV
            made = pa.array(labels.tolist())
            return made.cast(pa.string()) if made.type == pa.null() else made  # only None: an empty text's NULLs

        def fields(kind: str) -> Callable[[int, int], Any] | None:
            encoded = [_field(label, kind) for label in labels.tolist()]
            if any(e is None for e in encoded):
                return None
            each = pa.array(encoded, pa.large_binary())
            return lambda start, stop: each.take(pa.array(codes[start:stop], pa.int32()))

        return _Column(
            lambda start, stop: list(labels[codes[start:stop]].tolist()),
            lambda start, stop: pa.DictionaryArray.from_arrays(pa.array(codes[start:stop], pa.int32()), dictionary()),
            blank_,
            fields,
            bool(n) and bool((codes == codes[0]).all()),
        )

    def objects(values: Any, missing: Any) -> _Column:
        """``values`` (a numpy array of numbers) as Python values, None where ``missing`` (a mask) is true."""

        def take(start: int, stop: int) -> list[Any]:
            out = values[start:stop].astype(object)  # Python numbers: numpy's loops, not one in Python per line
            out[missing[start:stop]] = None
            return list(out.tolist())

        return _Column(take, lambda start, stop: pa.array(values[start:stop], mask=missing[start:stop]),
                       bool(missing.all()), _number_fields(values, missing), bool(missing.all()),
                       _number_block(values, missing))  # fmt: skip

    def floats(values: Any) -> _Column:
        full = np.full(n, np.nan)
        full[lines.rows] = values
        return objects(full, np.isnan(full))

    def json_texts(values: Sequence[Mapping[str, Any]]) -> _Column:
        """Each value as the JSON text a JSON column holds (``{}`` for the many empty ones, not dumped again)."""

        def take(start: int, stop: int) -> list[str]:
            return [json.dumps(v) if v else "{}" for v in values[start:stop]]

        def fields(kind: str) -> Callable[[int, int], Any] | None:
            def make(start: int, stop: int) -> Any:
                encoded = [_field(text_, kind) for text_ in take(start, stop)]
                # a text that is no UTF-8 cannot be, the JSON made here is ASCII
                return pa.array(encoded, pa.large_binary())

            return make if kind == "text" else None

        blank = not any(values)
        return _Column(take, lambda start, stop: pa.array(take(start, stop), pa.string()), blank, fields, blank)

    no_file = table.file.mask(lambda f: f is None)
    positions = _Column(lambda start, stop: list(range(start, stop)),
                        lambda start, stop: pa.array(np.arange(start, stop, dtype=np.int64)), False,
                        _number_fields(np.arange(n, dtype=np.int64), np.zeros(n, dtype=bool)), False,
                        _number_block(np.arange(n, dtype=np.int64), np.zeros(n, dtype=bool)))  # fmt: skip
    read = {
        name: json_texts(values) if isinstance(values, list) else coded(values, blank=_BLANK.get(name))
        for name, values in line_codes(table).items()
    }
    columns = {
        "position": positions,
        **read,
        "source_file": coded(table.file),
        "source_line": objects(table.line, no_file | (table.line == 0)),
        "source_field": coded(table.source_field),
        "source_kind": coded(Column(table.source_kind.astype(np.int32), tuple(k.value for k in FIELD_KINDS)), no_file),
        "ns_points": floats(lines.ns_points),
        "ew_points": floats(lines.ew_points),
        "ns_percent": floats(lines.ns_percent),
        "ew_percent": floats(lines.ew_percent),
    }
    boards = [
        {
            "section": section,
            "number": int(number),
            "datum": _nan(float(lines.datums[b])),
            "top": _nan(float(lines.tops[b])),
            "scores": int(lines.n_scores[b]),
        }
        for b, (section, number) in enumerate(zip(lines.board_sections, lines.board_numbers.tolist(), strict=True))
    ]
    return _Lines(n, columns), boards, digest or lines_digest(table)


#: the blank of the ``lines`` columns with a server default (migration 0004): what a line holds where it is not written
_BLANK: Mapping[str, Any] = MappingProxyType({"section": "", "remarks": "", "extra": {}})
#: the columns of ``lines`` the database fills in where they are not written: NULL (nullable, no default), or the
#: server default (:data:`_BLANK`)
_FILLED_UNLESS_WRITTEN = frozenset(
    column.name
    for column in LineRow.__table__.columns
    if (column.nullable and column.server_default is None) or column.name in _BLANK
)


def _kind(column: Any) -> str:
    """A column's kind as binary ``COPY`` writes it (:func:`_field`)."""
    if isinstance(column.type, Integer):
        return "int"
    return "float" if isinstance(column.type, Float) else "text"


#: each column of ``lines``: its kind for binary ``COPY`` (``int``, ``float``, ``text``)
_KINDS: Mapping[str, str] = MappingProxyType({column.name: _kind(column) for column in LineRow.__table__.columns})


#: the columns of ``lines`` a stored line is read back from, in the order :func:`_stored_lines` takes them
_READ_BACK = (
    "board", "section", "ns_pair", "ew_pair", "status", "contract", "declarer", "tricks", "lead", "ns_score",
    "remarks", "extra", "source_file", "source_line", "source_field", "source_kind",
)  # fmt: skip


def _stored_columns(db: Session, session_id: int, names: Sequence[str]) -> list[list[Any]]:
    """The columns ``names`` of the stored lines of session ``session_id``, a list each, in input order: fetched by
    the driver in batches (no ORM object, no row kept per line), with Python's cycle collector paused (it walked the
    heap again and again while a million lines' values were made: 40 % of the time; they make no cycle); ``extra``
    as its JSON text."""
    from bridgescore.io.members import without_cycle_collection

    columns: list[list[Any]] = [[] for _ in names]
    driver: Any = db.connection().connection
    postgresql = db.get_bind().dialect.name == "postgresql"
    # the driver's own cursor, its rows as tuples in batches; on PostgreSQL a server-side one (named), so the
    # client holds a batch, not the whole result
    cursor: Any = driver.cursor(name=f"lines_{session_id}") if postgresql else driver.cursor()
    try:
        mark = "%s" if postgresql else "?"
        # extra as its text on PostgreSQL too (parsed here only where a line has one: most have none)
        wanted = ", ".join("extra::text" if postgresql and c == "extra" else c for c in names)
        cursor.execute(f"SELECT {wanted} FROM lines WHERE session_id = {mark} ORDER BY position", (session_id,))
        # each distinct value kept once (the driver makes a new object per line: a million lines' pairs, contracts
        # and leads were 300 MB), but a line's own number
        shared: list[dict[Any, Any] | None] = [None if name == "source_line" else {} for name in names]
        with without_cycle_collection():
            while batch := cursor.fetchmany(65536):
                for values, column, seen in zip(zip(*batch, strict=True), columns, shared, strict=True):
                    column.extend(values if seen is None else map(seen.setdefault, values, values))
    finally:
        cursor.close()
    return columns


def _stored_lines(db: Session, session_id: int) -> ResultTable:
    """The stored lines of session ``session_id`` as the columns they were read as (:class:`ResultTable`), in
    input order: fetched by the driver in batches and turned into columns, each distinct contract parsed once – no
    ORM object and no ``Result`` per line (the event's ``results`` builds a line when asked for it)."""
    import numpy as np

    from bridgescore.core.contract import Seat, parse_contract
    from bridgescore.core.table import FIELD_KINDS, STATUSES, Column, ResultTable

    columns = _stored_columns(db, session_id, _READ_BACK)
    (board, section, ns_pair, ew_pair, status, contract, declarer, tricks, lead, ns_score, remarks, extra, file,
     line, source_field, source_kind) = columns  # fmt: skip
    n = len(board)
    status_code = {s.value: i for i, s in enumerate(STATUSES)}
    seat_code = {seat.name: int(seat) for seat in Seat}
    kind_code = {k.value: i for i, k in enumerate(FIELD_KINDS)}
    extras = [
        None if not e or e == "{}" else json.loads(e) if isinstance(e, str) else e  # SQLite gives the JSON text
        for e in extra
    ]
    names: dict[str, None] = {}
    for found in filter(None, extras):
        names.update(dict.fromkeys(found))
    return ResultTable(
        board=np.array(board, dtype=np.int32).reshape(n),
        section=Column.from_values(section),
        ns_pair=Column.from_values(ns_pair),
        ew_pair=Column.from_values(ew_pair),
        status=np.fromiter(map(status_code.__getitem__, status), dtype=np.int8, count=n),
        ns_score=np.fromiter((math.nan if v is None else v for v in ns_score), dtype=np.float64, count=n),
        contract=Column.from_values(contract).map(lambda c: None if c is None else parse_contract(c)),
        declarer=np.fromiter((-1 if d is None else seat_code[d] for d in declarer), dtype=np.int8, count=n),
        tricks=np.fromiter((-1 if t is None else t for t in tricks), dtype=np.int8, count=n),
        lead=Column.from_values(lead),
        remarks=Column.from_values(remarks),
        file=Column.from_values(file),
        line=np.fromiter((0 if v is None else v for v in line), dtype=np.int32, count=n),
        source_field=Column.from_values(source_field),
        source_kind=np.fromiter((kind_code.get(k or "column", 0) for k in source_kind), dtype=np.int8, count=n),
        extra=MappingProxyType({name: Column.from_values([(e or {}).get(name) for e in extras]) for name in names}),
    )


def _deals(pbn: str, file: str) -> Mapping[int, HandRecord]:
    """The hand records stored as PBN, each placed in the file the session was read from."""
    if not pbn:
        return MappingProxyType({})
    from bridgescore.io.deals import loads_pbn

    where = Location(file)
    return MappingProxyType({n: replace(r, source=where) for n, r in loads_pbn(pbn, file).deals.items()})


def _player_json(player: Player) -> dict[str, Any]:
    return {"number": player.number, "name": player.name, "club_number": player.club_number,
            "extra": dict(player.extra)}  # fmt: skip


def _player_of(data: Mapping[str, Any]) -> Player:
    return Player(
        str(data.get("number", "")), str(data.get("name", "")), str(data.get("club_number", "")),
        MappingProxyType(dict(data.get("extra") or {})),
    )  # fmt: skip


def _describe(line: Mapping[str, Any]) -> str:
    """A line in the history's words: ``4S S 11 +450`` (contract, declarer, tricks, NS score, remarks)."""
    score = line.get("ns_score")
    parts = [
        line.get("contract") or "",
        line.get("declarer") or "",
        "" if line.get("tricks") is None else str(line["tricks"]),
        "" if score is None else f"{score:+d}",
        line.get("remarks") or "",
    ]
    described = " ".join(p for p in parts if p)
    return described or str(line.get("status", ""))


_COMPARED = ("status", "contract", "declarer", "tricks", "lead", "ns_score", "remarks")
#: a line as a correction compares it: where it was played, then what is compared
_LINE_FIELDS = ("section", "board", "ns_pair", "ew_pair", *_COMPARED)


def _changes(
    old_lines: Sequence[Sequence[Any]],
    new_lines: Sequence[Sequence[Any]],
    old_pairs: Sequence[Mapping[str, Any]],
    new_pairs: Sequence[Mapping[str, Any]],
    old_options: Mapping[str, Any],
    new_options: Mapping[str, Any],
) -> dict[str, Any]:
    """What a correction changed: lines added, removed and changed (by section, board and pairs; old → new), pairs
    whose percentage, IMPs or place changed (old → new), and the options if they differ.  The lines are given as
    columns, a list per field of :data:`_LINE_FIELDS` in input order (no dict per line: a federation's event has a
    million)."""

    def where(k: tuple[Any, ...]) -> dict[str, Any]:
        return {"section": k[0], "board": k[1], "ns": k[2], "ew": k[3]}

    def described(compared: tuple[Any, ...]) -> str:
        return _describe(dict(zip(_COMPARED, compared, strict=True)))

    score = _COMPARED.index("ns_score")
    same_places = _same_places(old_lines, new_lines)
    if same_places is not None:  # the same lines in the same places (a correction of a few scores): those that differ
        changed = [
            {**where(k), "old": described(old), "new": described(new), "old_score": old[score],
             "new_score": new[score]}
            for k, old, new in same_places
        ]  # fmt: skip
        added: list[dict[str, Any]] = []
        removed: list[dict[str, Any]] = []
    else:
        before = {(str(t[0]), int(t[1]), str(t[2]), str(t[3])): tuple(t[4:]) for t in zip(*old_lines, strict=True)}
        after = {(str(t[0]), int(t[1]), str(t[2]), str(t[3])): tuple(t[4:]) for t in zip(*new_lines, strict=True)}
        added = [{**where(k), "new": described(line)} for k, line in after.items() if k not in before]
        removed = [{**where(k), "old": described(line)} for k, line in before.items() if k not in after]
        changed = [
            {**where(k), "old": described(before[k]), "new": described(line),
             "old_score": before[k][score], "new_score": line[score]}
            for k, line in after.items()
            if k in before and before[k] != line
        ]  # fmt: skip

    def pair_key_(pair: Mapping[str, Any]) -> tuple[str, str, str]:
        return (str(pair["section"]), str(pair["pair"]), str(pair["direction"]))

    def differs(a: float | None, b: float | None) -> bool:
        return (a is None) != (b is None) or (a is not None and b is not None and abs(a - b) > 1e-9)

    old_by = {pair_key_(p): p for p in old_pairs}
    pairs = []
    for pair in new_pairs:
        old = old_by.get(pair_key_(pair))
        if old is None:
            pairs.append({"section": pair["section"], "pair": pair["pair"], "direction": pair["direction"],
                          "old": None, "new": _pair_result(pair)})  # fmt: skip
        elif (
            differs(old["percent"], pair["percent"])
            or differs(old["imps"], pair["imps"])
            or old["place"] != pair["place"]
        ):
            pairs.append({"section": pair["section"], "pair": pair["pair"], "direction": pair["direction"],
                          "old": _pair_result(old), "new": _pair_result(pair)})  # fmt: skip
    news = {pair_key_(p) for p in new_pairs}
    pairs += [
        {"section": p["section"], "pair": p["pair"], "direction": p["direction"], "old": _pair_result(p), "new": None}
        for k, p in old_by.items()
        if k not in news
    ]
    changes: dict[str, Any] = {
        "lines_added": added, "lines_removed": removed, "lines_changed": changed, "pairs_changed": pairs,
    }  # fmt: skip
    if dict(old_options) != dict(new_options):
        changes["options"] = {"old": dict(old_options), "new": dict(new_options)}
    return changes


def _same_places(
    old_lines: Sequence[Sequence[Any]], new_lines: Sequence[Sequence[Any]]
) -> list[tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]] | None:
    """Where the old and the new lines (columns of :data:`_LINE_FIELDS`) are the same lines in the same order – the
    same section, board and pairs at every place, each place once – the lines whose compared fields differ, as
    (place, old, new), in input order; else None (:func:`_changes` matches them by place).  Each column compared
    in C, not a dict of a million lines on each side (a correction of a federation's session took 15 s and 1.4 GB,
    issue 19); the result is the matching's own: each line found differing compared again as a tuple is."""
    import numpy as np

    n = len(new_lines[0])
    if len(old_lines[0]) != n or any(o != w for o, w in zip(old_lines[:4], new_lines[:4], strict=True)):
        return None
    places = list(zip(*new_lines[:4], strict=True))
    if len(set(places)) != n:  # a place twice: the matching keeps its last line
        return None
    differs = np.zeros(n, dtype=bool)
    for old, new in zip(old_lines[4:], new_lines[4:], strict=True):
        differs |= np.fromiter(map(operator.ne, old, new), dtype=bool, count=n)
    found = []
    for i in np.flatnonzero(differs).tolist():
        old_line = tuple(column[i] for column in old_lines[4:])
        new_line = tuple(column[i] for column in new_lines[4:])
        if old_line != new_line:
            found.append((places[i], old_line, new_line))
    return found


def _pair_result(pair: Mapping[str, Any]) -> dict[str, Any]:
    return {"percent": pair["percent"], "imps": pair["imps"], "place": pair["place"]}


def _revision(connection: Connection) -> str | None:
    """The archive's schema revision as Alembic records it (its ``alembic_version`` table; None: none, or not one),
    read without importing Alembic – a tenth of a second of every archive command's start, where the archive is at
    :data:`HEAD` (issue 19)."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    found = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return str(found[0]) if len(found) == 1 else None


def _retryable(problem: DBAPIError) -> bool:
    """A failure that running the transaction again cures: PostgreSQL's serialization failure and deadlock, a
    SQLite file still locked after the busy timeout."""
    code = getattr(problem.orig, "sqlstate", None) or getattr(problem.orig, "pgcode", None)
    if code in ("40001", "40P01"):
        return True
    return "database is locked" in str(problem.orig)


class Archive:
    """An open archive (:func:`open_archive`): add sessions, list them, read them back, a player's history."""

    def __init__(self, engine: Engine, shown: str) -> None:
        self.engine = engine
        self.shown = shown
        self.backend = engine.dialect.name
        # what reads: one transaction, one snapshot of the whole archive (PostgreSQL's REPEATABLE READ: under READ
        # COMMITTED each statement sees its own, and a session's summary and its lines could come from two versions
        # while archive add --replace commits); on SQLite a deferred BEGIN, which in WAL mode is a snapshot too
        self._reader = engine.execution_options(
            **({"isolation_level": "REPEATABLE READ"} if self.backend == "postgresql" else {_READING: True})
        )

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- the schema ------------------------------------------------------------------------------------------------

    def upgrade(self) -> None:
        """Create the schema, or migrate it to :data:`HEAD` (Alembic, with a ``Config`` built here: no
        ``alembic.ini``).  Inside one transaction that holds a lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an
        advisory lock), so two processes opening a new archive at once create it once."""
        with self._reader.connect() as connection:  # the revision read without a lock: an archive at HEAD is used
            if _revision(connection) == HEAD:
                return
        from alembic.runtime.migration import MigrationContext

        with self.engine.begin() as connection:
            if self.backend == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
            current = MigrationContext.configure(connection).get_current_revision()
            if current == HEAD:
                return
            from alembic import command
            from alembic.config import Config
            from alembic.script import ScriptDirectory

            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            known = {s.revision for s in ScriptDirectory.from_config(config).walk_revisions()}
            if current is not None and current not in known:
                raise ArchiveError(
                    N_("the archive %(db)s was made by a newer bridgescore (schema %(revision)s); update bridgescore "
                       "to use it"),
                    db=self.shown,
                    revision=current,
                )  # fmt: skip
            command.upgrade(config, "head")

    # --- writing --------------------------------------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as db, db.begin():
            yield db

    def _reading(self) -> Session:
        """A session whose queries all read in one transaction, one snapshot (see ``_reader``), without a lock."""
        return Session(self._reader)

    def add(
        self,
        scores: Scores,
        *,
        file: str,
        content: bytes,
        key: str,
        competition: str = "",
        options: Mapping[str, Any] | None = None,
        replace: bool = False,
    ) -> Added:
        """Store the scored session ``scores`` read from ``file`` (whose bytes are ``content``) as ``key``, in one
        transaction.  Refused (:class:`ArchiveRefusal`, nothing written) when ``key`` is stored already or the same
        content is stored under another key, unless ``replace``: then the new scoring is the next version and the
        history keeps what changed.  ``options``: what was given to score it (stored to score it again)."""
        (added,) = self.add_all([ToStore(scores, file, content, key, options)], competition=competition,
                                replace=replace)  # fmt: skip
        return added

    def add_all(self, sessions: Sequence[ToStore], *, competition: str = "", replace: bool = False) -> list[Added]:
        """Store every session of ``sessions`` (as :meth:`add` stores one) in ONE transaction: all of them or,
        refused (:class:`ArchiveRefusal`) or failed (the process killed, the connection lost), none – so ``archive
        add`` of several files run again after it was stopped halfway stores them all, not "already stored" for
        the first and nothing for the rest."""
        from bridgescore.pairs.sessions import summarise

        ready = []
        for s in sessions:
            lines, boards, digest = _line_rows(s.scores, s.digest)
            event_ = s.scores.event
            event_json: StoredEvent = {
                "title": event_.title,
                "names": dict(event_.names),
                "info": dict(event_.info),
                "players": {pair: [_player_json(p) for p in seated] for pair, seated in event_.players.items()},
                "form": event_.form,
            }
            if event_.deals:  # the hand records as PBN (the Valet across a season needs the deals)
                from bridgescore.io.deals import dumps_pbn

                event_json["deals"] = dumps_pbn(event_.deals[n] for n in sorted(event_.deals))
            summary = summarise(s.scores.scored, s.key, competition)
            schedule = movement_json.dumps(s.movement) if s.movement is not None else None
            ready.append(
                (summary, lines, boards, event_json, dict(s.options or {}), s.file, file_hash(s.content), digest,
                 schedule)
            )  # fmt: skip
        for attempt in range(_ATTEMPTS):
            try:
                with self._transaction() as db:
                    return [self._store(db, *one, replace) for one in ready]
            except IntegrityError:
                # a process adding the same session committed first: now it is there, and refused as stored
                if not replace:
                    with self._reading() as db:
                        for s in sessions:
                            self._refuse_stored(db, s.key, s.file)
                if attempt == _ATTEMPTS - 1:
                    raise
            except DBAPIError as problem:
                if not _retryable(problem) or attempt == _ATTEMPTS - 1:
                    raise
            time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    def _refuse_stored(self, db: Session, key: str, file: str) -> None:
        stored = db.scalars(select(SessionRow).where(SessionRow.key == key)).first()
        if stored is None:
            return
        raise ArchiveRefusal(
            Problem.make(
                Location(file),
                N_("session %(key)s (%(date)s, version %(version)d, from %(stored_file)s) is already in the archive; "
                   "give --replace to store this as its correction, or --key to store it as another session"),
                key=key,
                date=stored.date or "-",
                version=stored.version,
                stored_file=stored.file_name,
            )
        )  # fmt: skip

    def refusal(
        self, key: str, digest: str, file: str, replace: bool = False, *, date: str = "", competition: str = ""
    ) -> Problem | None:
        """Why ``file`` (the digest of its lines ``digest``: :func:`bridgescore.pairs.sessions.content_digest`) would be
        refused as session ``key``, or None: what ``archive add``
        asks of every file before it stores any (the store asks again, in its transaction).  Given the session's
        ISO ``date`` and ``competition``: a warning when another session of that day is in that competition (a
        season counts both: a correction stored as a new session?)."""
        with self._reading() as db:
            try:
                existing = self._check(db, key, digest, file, replace, date=date)
            except ArchiveRefusal as refused:
                return refused.problem
            other = None if existing is not None else self._same_day(db, key, date, competition)
            if other is not None:
                return Problem.make(
                    Location(file),
                    N_("the archive holds another session of %(date)s in this competition: %(other)s (from "
                       "%(other_file)s); a season counts both – if this file corrects it, give --key %(other)s "
                       "--replace"),
                    Severity.WARNING,
                    date=date, other=other.key, other_file=other.file_name,
                )  # fmt: skip
        return None

    def _same_day(self, db: Session, key: str, date: str, competition: str | None) -> SessionRow | None:
        """Another session (not ``key``) dated ``date`` (ISO; none when empty), in ``competition`` (None: any)."""
        if not date:
            return None
        query = select(SessionRow).where(SessionRow.date == date, SessionRow.key != key)
        if competition is not None:
            query = query.where(SessionRow.competition == competition)
        return db.scalars(query.order_by(SessionRow.key)).first()

    def _check(
        self, db: Session, key: str, digest: str, file: str, replace: bool, lock: bool = False, date: str = ""
    ) -> SessionRow | None:
        """The session stored as ``key`` (None: none), after refusing (:class:`ArchiveRefusal`) a key stored
        already (unless ``replace``), the same content stored under another key, and ``replace`` of a key not
        stored where the archive holds another session of that ``date`` (the correction of a file renamed, whose
        key is taken from its new name: stored as a second session a season would count that evening twice).
        ``lock``: the row is locked until the transaction ends (PostgreSQL ``FOR UPDATE``; SQLite's whole file is
        locked already)."""
        query = select(SessionRow).where(SessionRow.key == key)
        if lock and self.backend == "postgresql":
            query = query.with_for_update()
            # two writers of the same content under two keys queue here, so the second sees the first's row
            db.execute(text("SELECT pg_advisory_xact_lock(hashtext(:digest))"), {"digest": digest})
        existing = db.scalars(query).first()
        if existing is not None and not replace:
            self._refuse_stored(db, key, file)
        # the same lines: the same evening whatever the file's bytes (saved again with a BOM and CRLF, copied)
        twin = db.scalars(select(SessionRow).where(SessionRow.content_hash == digest, SessionRow.key != key)).first()
        if twin is not None:
            raise ArchiveRefusal(
                Problem.make(
                    Location(file),
                    N_("%(file)s is already in the archive as session %(key)s (%(date)s); give --key %(key)s "
                       "--replace to score it again"),
                    file=file,
                    key=twin.key,
                    date=twin.date or "-",
                )
            )  # fmt: skip
        other = self._same_day(db, key, date, None) if replace and existing is None else None
        if other is not None:
            raise ArchiveRefusal(
                Problem.make(
                    Location(file),
                    N_("--replace: there is no session %(key)s to correct; the archive holds session %(other)s of "
                       "%(date)s (from %(other_file)s): give --key %(other)s --replace to correct it, or leave out "
                       "--replace to store another session"),
                    key=key, other=other.key, date=date, other_file=other.file_name,
                )
            )  # fmt: skip
        return existing

    def _store(
        self,
        db: Session,
        summary: SessionSummary,
        lines: _Lines,
        boards: list[dict[str, Any]],
        event_json: StoredEvent,
        options: dict[str, Any],
        file: str,
        sha: str,
        digest: str,
        schedule: str | None,
        replace: bool,
    ) -> Added:
        key = summary.key
        existing = self._check(db, key, digest, file, replace, lock=True, date=summary.date)
        now = datetime.now(UTC)
        new_pairs = [
            {"section": p.section, "pair": p.pair, "direction": p.direction, "percent": p.percent, "imps": p.imps,
             "place": p.place}
            for p in summary.pairs
        ]  # fmt: skip
        if existing is None:
            row = SessionRow(key=key, version=1)
            db.add(row)
            changes: dict[str, Any] = {"added": True, "lines": lines.n, "pairs": len(summary.pairs)}
        else:
            row = existing
            old_lines = _stored_columns(db, row.id, _LINE_FIELDS)
            pair_fields = ("section", "pair", "direction", "percent", "imps", "place")
            old_pairs = [  # as rows, not an ORM object per pair (20,000 of them: 1.6 s)
                dict(zip(pair_fields, p, strict=True))
                for p in db.execute(
                    select(*(getattr(PairRow, f) for f in pair_fields)).where(PairRow.session_id == row.id)
                )
            ]
            new_lines = [lines.column(c) for c in _LINE_FIELDS]
            changes = _changes(old_lines, new_lines, old_pairs, new_pairs, row.options, options)
            if row.movement != schedule:  # the movement given again differs (or is given, or left out)
                changes["movement"] = {"old": _movement_name(row.movement), "new": _movement_name(schedule)}
            del old_lines, new_lines  # a million lines' values each, not held while the new lines are written
            pair_ids = select(PairRow.id).where(PairRow.session_id == row.id)
            db.execute(delete(PairPlayer).where(PairPlayer.pair_id.in_(pair_ids)))
            for table in (PairRow, LineRow, BoardRow):
                db.execute(delete(table).where(table.session_id == row.id))
            row.version += 1
        # a correction keeps what its file and options do not say again (a fix.csv has no date in its name)
        stored = existing is not None
        row.competition = summary.competition or (row.competition if stored else "")
        row.date = summary.date or (row.date if stored else "")
        row.club = summary.club or (row.club if stored else "")
        row.title = summary.title or (row.title if stored else "")
        info = event_json["info"]
        for item, value in (("date", row.date), ("club", row.club)):
            if value and not info.get(item):
                info[item] = value
        row.method = summary.method
        row.unit = summary.unit
        row.boards = summary.boards
        row.options = options
        row.event = event_json
        row.file_name = file
        row.file_hash = sha
        row.content_hash = digest
        row.movement = schedule
        row.added_at = now
        db.flush()
        sid = row.id
        connection = db.connection()
        if lines.n:
            written = lines.written()
            # SQLite, the first lines of an archive: its index built once after them, not kept up to date line by
            # line (a million index inserts); in this transaction, so a failure leaves the index as it was, and
            # readers (WAL) see neither.  Not on PostgreSQL: dropping an index locks out every reader of the table
            afresh = (
                self.backend == "sqlite" and lines.n > _CHUNK
                and connection.exec_driver_sql("SELECT 1 FROM lines LIMIT 1").first() is None
            )  # fmt: skip
            indexes = LineRow.metadata.tables["lines"].indexes if afresh else set()
            for index in indexes:
                index.drop(connection)
            if self.backend == "postgresql":
                binary = lines.binary(written, sid)
                if binary is None:  # a value with no exact binary form: as CSV, for the server to judge
                    self._copy(connection, "lines", ["session_id", *written], lines.csv(written, sid))
                else:
                    order, chunks = binary
                    self._copy(connection, "lines", ["session_id", *order], chunks, binary=True)
            else:
                same = {name: lines.columns[name].values(0, 1)[0] for name in written if lines.columns[name].same}
                varied = [name for name in written if name not in same]
                self._insert_lines(connection, varied, same, sid, lines.n, lines.flat(varied))
            for index in indexes:
                index.create(connection)
        if boards:
            connection.execute(insert(BoardRow), [{**board, "session_id": sid} for board in boards])
        player_ids = self._players(db, [p for pair in summary.pairs for p in pair.players])
        if summary.pairs:
            pairs = summary.pairs
            self._write(
                connection, "pairs",
                ["session_id", "key", "position", "section", "pair", "direction", "names", "boards", "percent", "imps",
                 "place"],
                ((sid, p.key, i, p.section, p.pair, p.direction, p.names, p.boards, p.percent, p.imps, p.place)
                 for i, p in enumerate(pairs)),
            )  # fmt: skip
            # their ids in ranking order (position): written by the driver, not one RETURNING row per pair
            ids = db.scalars(select(PairRow.id).where(PairRow.session_id == sid).order_by(PairRow.position)).all()
            links = [
                {"pair_id": pid, "player_id": player_ids[player_key(player)], "seat": seat, "name": player.name,
                 "club_number": player.club_number, "extra": dict(player.extra)}
                for pid, pair in zip(ids, summary.pairs, strict=True)
                for seat, player in enumerate(pair.players)
                if player_key(player)
            ]  # fmt: skip
            if links:
                db.execute(insert(PairPlayer), links)
        db.add(Correction(session_key=key, version=row.version, at=now, file_name=file, file_hash=sha,
                          changes=changes))  # fmt: skip
        return Added(key, row.version, row.date, len(summary.pairs), lines.n, changes)

    def _write(self, connection: Connection, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        """The ``rows`` of ``table`` (values of ``columns``, JSON ones as their text) written by the driver itself
        as they come – no dict and no SQLAlchemy parameter set per row (for a million lines they cost more than the
        rest of archive add): PostgreSQL's ``COPY … FROM STDIN`` (psycopg), SQLite's ``executemany``."""
        names = ", ".join(columns)
        cursor: Any = connection.connection.cursor()  # the driver's own (psycopg's copy, sqlite3's)
        try:
            if self.backend == "postgresql":
                with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            else:
                marks = ", ".join("?" * len(columns))
                cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
        finally:
            cursor.close()

    @staticmethod
    def _insert_lines(
        connection: Connection,
        columns: Sequence[str],
        same: Mapping[str, Any],
        session_id: int,
        n: int,
        chunks: Iterable[list[Any]],
    ) -> None:
        """SQLite: the ``n`` lines of ``session_id`` (``chunks``: the values of ``columns`` line after line,
        :meth:`_Lines.flat`; ``same``: the columns every line holds the same value of) inserted
        :data:`_LINES_PER_INSERT` to a statement, the session's id written in it and each of ``same`` bound once for
        all its lines (a numbered parameter): the driver's steps per statement made once for many lines, and millions
        of values fewer to bind (the driver's ``executemany`` of a line at a time: 3.4 s of a million lines' 7.5 s,
        SQLite's own inserting 1.2 s of it)."""
        cursor: Any = connection.connection.cursor()  # sqlite3's own
        names = [*same, *columns]
        shared = list(same.values())
        head = f"INSERT INTO lines (session_id, {', '.join(names)}) VALUES "

        def statement(lines: int) -> str:
            marks = itertools.count(len(shared) + 1)
            constant = [f"?{i}" for i in range(1, len(shared) + 1)]
            return head + ", ".join(
                "(" + ", ".join([str(int(session_id)), *constant, *(f"?{next(marks)}" for _ in columns)]) + ")"
                for _ in range(lines)
            )

        many = statement(_LINES_PER_INSERT)
        width = len(columns) * _LINES_PER_INSERT
        try:
            for start, values in zip(range(0, n, _CHUNK), chunks, strict=True):
                lines = min(_CHUNK, n - start)
                whole = lines // _LINES_PER_INSERT
                cursor.executemany(many, (shared + values[i * width : (i + 1) * width] for i in range(whole)))
                if whole * _LINES_PER_INSERT < lines:  # the last lines: one statement for them
                    cursor.execute(statement(lines - whole * _LINES_PER_INSERT), shared + values[whole * width :])
        finally:
            cursor.close()

    @staticmethod
    def _copy(
        connection: Connection, table: str, columns: Sequence[str], chunks: Iterable[Any], *, binary: bool = False
    ) -> None:
        """PostgreSQL: the rows of ``table`` given as CSV (``chunks``: buffers of whole lines, ``columns`` in order)
        by ``COPY … FROM STDIN (FORMAT csv)``, or in ``COPY``'s binary format (``binary``: the chunks hold its
        signature and trailer)."""
        cursor: Any = connection.connection.cursor()
        form = "binary" if binary else "csv"
        try:
            with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN (FORMAT {form})") as copy:
                for chunk in chunks:
                    copy.write(chunk)
        finally:
            cursor.close()

    def _players(self, db: Session, players: Sequence[Player]) -> dict[str, int]:
        """The id of each player (by :func:`player_key`), inserting those not stored yet: an upsert (``INSERT …
        ON CONFLICT (key) DO UPDATE``), in key order (two writers take the rows' locks in the same order), the
        name as this session writes it."""
        wanted: dict[str, Player] = {}
        for player in players:
            k = player_key(player)
            if k and (k not in wanted or (player.name and not wanted[k].name)):
                wanted[k] = player
        if not wanted:
            return {}
        rows = [{"key": k, "number": wanted[k].number or None, "name": wanted[k].name} for k in sorted(wanted)]
        statement: Any
        if self.backend == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            statement = pg_insert(PlayerRow).values(rows)
        else:
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            statement = sqlite_insert(PlayerRow).values(rows)
        statement = statement.on_conflict_do_update(
            index_elements=[PlayerRow.key],
            set_={"name": func.coalesce(func.nullif(statement.excluded.name, ""), PlayerRow.name)},
        )
        found = db.execute(statement.returning(PlayerRow.key, PlayerRow.id)).all()
        return {str(k): int(i) for k, i in found}

    # --- reading --------------------------------------------------------------------------------------------------

    def list_sessions(self, competition: str | None = None) -> list[SessionInfo]:
        """The stored sessions in date order (``archive list``)."""
        with self._reading() as db:
            counts = (
                select(PairRow.session_id, func.count(PairRow.id).label("n")).group_by(PairRow.session_id).subquery()
            )
            query = (
                select(SessionRow, func.coalesce(counts.c.n, 0))
                .outerjoin(counts, counts.c.session_id == SessionRow.id)
                .order_by(SessionRow.date, SessionRow.key)
            )
            if competition is not None:
                query = query.where(SessionRow.competition == competition)
            return [
                SessionInfo(s.key, s.date, s.competition, s.club, s.title, s.method, int(n), s.boards, s.version,
                            s.file_name, _utc(s.added_at))
                for s, n in db.execute(query).all()
            ]  # fmt: skip

    def history(self, key: str) -> list[dict[str, Any]]:
        """Every version of session ``key`` with what changed (``archive history``); :class:`ArchiveError` for a
        key not stored."""
        with self._reading() as db:
            found = db.scalars(
                select(Correction).where(Correction.session_key == key).order_by(Correction.version)
            ).all()
            if not found:
                raise ArchiveError(N_("there is no session %(key)s in the archive %(db)s"), key=key, db=self.shown)
            return [
                {"version": c.version, "at": _utc(c.at), "file": c.file_name,
                 "hash": c.file_hash, "changes": c.changes}
                for c in found
            ]  # fmt: skip

    def counts(self) -> dict[str, int]:
        """How many rows each table holds (what the tests compare before and after a refused add)."""
        with self._reading() as db:
            return {
                model.__tablename__: int(db.scalar(select(func.count()).select_from(model)) or 0)
                for model in (SessionRow, BoardRow, LineRow, PairRow, PlayerRow, PairPlayer, Correction)
            }

    def player(self, number: str) -> tuple[Player, list[PlayerSession]]:
        """A player's sessions in date order (``bridgescore player``): ``number`` a member number, else a name as
        written (a player known by name only, or the one member of that name; namesakes are told to give the
        number); :class:`ArchiveError` when the archive has no such player."""
        wanted = " ".join(number.split())  # "Jan  de Vries" as "Jan de Vries"
        with self._reading() as db:
            stored = db.scalars(select(PlayerRow).where(PlayerRow.number == wanted)).first()
            if stored is None:
                stored = db.scalars(select(PlayerRow).where(PlayerRow.key == player_key(Player(name=wanted)))).first()
            if stored is None:  # a name of a member stored by number: say the number (names are not unique)
                numbers = sorted(
                    str(n) for n in db.scalars(
                        select(PlayerRow.number).where(
                            func.lower(PlayerRow.name) == wanted.lower(), PlayerRow.number.is_not(None)
                        )
                    ) if n
                )  # fmt: skip
                if len(numbers) == 1:  # the one member of that name: found by it (player "Jan de Vries")
                    stored = db.scalars(select(PlayerRow).where(PlayerRow.number == numbers[0])).first()
                elif numbers:  # namesakes: which one is for the number to say
                    raise ArchiveError(
                        N_("%(name)s is member %(numbers)s in the archive: give the number (bridgescore player "
                           "%(number)s)"),
                        name=wanted, numbers=", ".join(numbers), number=numbers[0],
                    )  # fmt: skip
            if stored is None:
                raise ArchiveError(
                    N_("no player %(number)s in the archive %(db)s (a member number as the files write it)"),
                    number=wanted,
                    db=self.shown,
                )
            query = (
                select(PairRow, SessionRow)
                .join(PairPlayer, PairPlayer.pair_id == PairRow.id)
                .join(SessionRow, SessionRow.id == PairRow.session_id)
                .where(PairPlayer.player_id == stored.id)
                .options(selectinload(PairRow.players).selectinload(PairPlayer.player))
                .order_by(SessionRow.date, SessionRow.key, PairRow.position)
            )
            found: list[PlayerSession] = []
            for pair, session in db.execute(query).all():
                partners = tuple(
                    (link.name or link.player.name) + (f" ({link.player.number})" if link.player.number else "")
                    for link in pair.players
                    if link.player_id != stored.id
                )
                found.append(
                    PlayerSession(session.key, session.date, session.competition, session.title, pair.section,
                                  pair.pair, pair.direction, partners, pair.boards, pair.percent, pair.imps,
                                  pair.place)
                )  # fmt: skip
            return Player(stored.number or "", stored.name), found

    def sessions(
        self,
        competition: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        lines: bool = True,
    ) -> list[StoredSession]:
        """The stored sessions of ``competition`` (all when None) dated ``since``–``until`` (ISO, inclusive; those
        without a date in any period), in date order, each rebuilt as its summary and its event
        (:class:`bridgescore.pairs.sessions.SessionSource`).  ``lines=False``: each event without its traveller lines
        (its names, players, info and deals all the same) – a season ranking the stored summaries reads no line,
        where a federation's session holds a million (issue 19)."""
        from bridgescore.core.event import Event
        from bridgescore.core.table import ResultTable

        with self._reading() as db:
            query = select(SessionRow).order_by(SessionRow.date, SessionRow.key)
            if competition is not None:
                query = query.where(SessionRow.competition == competition)
            # a session without a date is in every period, as an evening file without one (it cannot be placed,
            # and leaving it out silently would drop an evening): the season says so
            if since is not None:
                query = query.where(or_(SessionRow.date >= since, SessionRow.date == ""))
            if until is not None:
                query = query.where(or_(SessionRow.date <= until, SessionRow.date == ""))
            query = query.options(
                selectinload(SessionRow.pairs).selectinload(PairRow.players).selectinload(PairPlayer.player)
            )
            out: list[StoredSession] = []
            for row in db.scalars(query).all():
                pairs = tuple(
                    PairSession(
                        key=p.key, section=p.section, pair=p.pair, direction=p.direction,
                        players=tuple(
                            Player(link.player.number or "", link.name, link.club_number,
                                   MappingProxyType(dict(link.extra or {})))
                            for link in sorted(p.players, key=lambda link: link.seat)
                        ),
                        names=p.names, boards=p.boards, percent=p.percent, imps=p.imps, place=p.place,
                    )
                    for p in sorted(row.pairs, key=lambda p: p.position)
                )  # fmt: skip
                summary = SessionSummary(
                    key=row.key, date=row.date, club=row.club, title=row.title,
                    unit="imps" if row.unit == "imps" else "percent", method=row.method, boards=row.boards,
                    pairs=pairs, options=MappingProxyType(
                        {k: v if isinstance(v, str) else json.dumps(v) for k, v in row.options.items()}
                    ),
                    competition=row.competition,
                )  # fmt: skip
                data = row.event
                seated_json = data.get("players") or {}
                players = {str(pair): tuple(_player_of(p) for p in seated) for pair, seated in seated_json.items()}
                event_ = dataclasses.replace(
                    Event.from_table(
                        _stored_lines(db, row.id) if lines else ResultTable.from_results(()),
                        names=MappingProxyType({str(k): str(v) for k, v in (data.get("names") or {}).items()}),
                        title=str(data.get("title") or ""),
                    ),
                    info=MappingProxyType({str(k): str(v) for k, v in (data.get("info") or {}).items()}),
                    players=MappingProxyType(players),
                    deals=_deals(str(data.get("deals") or ""), row.file_name),
                )
                out.append(StoredSession(summary, event_, _stored_movement(row.movement, row.key, self.shown)))
            return out

    def options(self, key: str) -> dict[str, Any]:
        """What session ``key`` was scored with (``method``, ``as_program``, option names), as :func:`bridgescore.score`
        takes them: ``bridgescore.score(event, **archive.options(key))`` scores it again the same way."""
        with self._reading() as db:
            stored = db.scalar(select(SessionRow.options).where(SessionRow.key == key))
            if stored is None:
                raise ArchiveError(N_("there is no session %(key)s in the archive %(db)s"), key=key, db=self.shown)
            return dict(stored)

    def movement(self, key: str, *, missing_ok: bool = False) -> Movement | None:
        """The movement session ``key`` was checked against when stored (``archive add --movement``), or None where
        it was stored without one; :class:`ArchiveError` for a session not there (None with ``missing_ok``: a
        correction of a session not stored yet) and for a stored movement that cannot be read."""
        with self._reading() as db:
            found = db.execute(select(SessionRow.movement).where(SessionRow.key == key)).first()
        if found is None:
            if missing_ok:
                return None
            raise ArchiveError(N_("there is no session %(key)s in the archive %(db)s"), key=key, db=self.shown)
        return _stored_movement(found[0], key, self.shown)


def _stored_movement(text: str | None, key: str, shown: str) -> Movement | None:
    """A stored movement's JSON read back (None: none stored); one that cannot be read is said, never guessed."""
    if text is None:
        return None
    movement, problems = movement_json.loads(text, f"{shown}#{key}")
    if movement is None:
        raise ArchiveError(
            N_("the movement stored with session %(key)s in the archive %(db)s cannot be read: %(reason)s"),
            key=key, db=shown, reason="; ".join(str(p) for p in problems),
        )  # fmt: skip
    return movement


def _movement_name(text: str | None) -> str | None:
    """The name in a stored movement's JSON (the history says which movement a correction changed)."""
    if text is None:
        return None
    try:
        name = json.loads(text).get("name")
    except (ValueError, AttributeError):
        return "?"
    return str(name) if name is not None else "?"


def rescore(stored: StoredSession, options: Mapping[str, Any]) -> Scores:
    """A stored session's event scored again with the options it was stored with (:meth:`Archive.options`), its
    lines checked against the movement stored with it first where there is one (issue 21): what ``archive add``
    left out against it is left out again, never ranked."""
    from bridgescore.pairs.pipeline import score

    event = stored.event
    if stored.movement is not None:
        from bridgescore.pairs.against_movement import check_against_movement

        event = check_against_movement(event, stored.movement)
    return score(event, **dict(options))


if TYPE_CHECKING:
    from bridgescore.pairs.sessions import SessionSource

    def _is_a_session_source(archive: Archive) -> SessionSource:
        """mypy's check that :class:`Archive` is the season's :class:`~bridgescore.pairs.sessions.SessionSource`."""
        return archive
