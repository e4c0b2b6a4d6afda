"""The columnar teams CSV reader (issue 19): a large teams file read with Arrow's CSV engine, each distinct value
looked at once.

A federation's teams file (2,500 teams, 20 rounds, 1,000,000 lines) took over a minute read line by line (the
careful reader, :func:`bridgescore.teams.read_csv.loads_line_by_line`: a CSV record, eleven look-ups, a contract
parsed and scored per line).  This reader parses the file as the pairs columnar reader does
(:func:`bridgescore.io.csv_columns.parse`: every column dictionary-encoded), reads each distinct board, team,
round, room, segment and carry-over once, and each distinct (vulnerability, contract, declarer, result, score,
remarks) once by the careful line reader itself (:meth:`bridgescore.io.csv_columns.ColumnReading.readings`), so every
line is read as the careful reader reads it; the lines then become the same :class:`~bridgescore.teams.read.TeamLine`
records, made from those readings.

It takes only files the careful reader reads without a word: any line with a problem or a warning (a board, team,
round, room, segment or carry-over it cannot read, a team on both sides, a contract or score it reports, a line
with more or fewer values than the header, an adjusted score that keeps its own remarks), a header it reports, a
file without ``ns``/``ew`` team columns or with player columns, and any file the pairs columnar reader leaves to the
careful reader: for all of those :func:`loads` returns None and the careful reader reads the whole file, so its
problems are worded and placed as they always were (tests/test_teams_columns.py compares both readings).

An event's one file whose matches are found on columns can also be kept as columns, no line's object made
(:func:`event`, :class:`TeamsColumns`): :mod:`bridgescore.teams.columns` scores its plain boards on them.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sized
from dataclasses import dataclass
from itertools import repeat
from types import MappingProxyType
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Notation
from bridgescore.core.event import Result
from bridgescore.core.problems import FieldKind, Location, Problem
from bridgescore.core.table import Column
from bridgescore.io import csv as traveller_csv
from bridgescore.io import csv_columns
from bridgescore.io.line import decimal_number, whole_number
from bridgescore.io.members import without_cycle_collection
from bridgescore.teams.lines import TeamFile, TeamLine
from bridgescore.teams.model import Match, MatchBoard

__all__ = ["TeamsColumns", "event", "loads"]

T = TypeVar("T")

#: A value the careful reader reports (the line is left out): the file is read by the careful reader.
_BAD = object()


def _round(text: str) -> object:
    number = whole_number(text) if text and text[:1] not in ("+", "-") else None
    return number if number is not None and number >= 1 else _BAD


def _room(text: str) -> object:
    from bridgescore.teams.csv_header import ROOM_WORDS

    if not text:
        return None
    return ROOM_WORDS.get(traveller_csv.header_key(text), _BAD)


def _segment(text: str) -> object:
    number = whole_number(text) if text else 1
    return number if number is not None and number >= 1 else _BAD


def _carry(text: str) -> object:
    if not text:
        return None
    number = decimal_number(text)
    return _BAD if number is None else number


@dataclass(frozen=True, slots=True)
class _PerLine:
    """A value per line as codes: line i's value is ``values[codes[i]]`` (each label of a column read once; values
    need not be distinct)."""

    codes: npt.NDArray[np.int32]
    values: list[Any]

    def tolist(self) -> list[Any]:
        return list(map(self.values.__getitem__, self.codes.tolist()))

    def array(self, value: Callable[[Any], Any], dtype: Any) -> npt.NDArray[Any]:
        """Each line's ``value`` of its value, as an array of ``dtype``."""
        return np.array([value(v) for v in self.values], dtype=dtype)[self.codes]


def _per_line(column: Column[str] | None, read: Callable[[str], object], n: int, absent: object) -> _PerLine | None:
    """Each line's value of ``column`` (``read`` once per distinct value), ``absent`` on every line without the
    column; None where a value is one the careful reader reports."""
    if column is None:
        return _PerLine(np.zeros(n, dtype=np.int32), [absent])
    values = [read(label) for label in column.labels]
    if any(value is _BAD for value in values):
        return None
    return _PerLine(column.codes, values)


def _made(cls: type[T], n: int, **values: Iterable[Any]) -> list[T]:
    """``n`` instances of the frozen slots dataclass ``cls``, each field from its iterable in ``values``: equal to
    ``cls(**fields)`` of each (the class has no ``__post_init__``), made a field at a time by the slots' own setters
    – a dataclass's frozen ``__init__`` calls ``object.__setattr__`` per field, some 2 µs a ``Result``: seconds
    for a federation's million lines (issue 19)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if (
        set(names) != set(values)
        or hasattr(cls, "__post_init__")
        or any(isinstance(v, Sized) and len(v) != n for v in values.values())
    ):
        raise TypeError(f"{cls.__name__} is made from its fields: {', '.join(names)}")
    made = list(map(cls.__new__, repeat(cls, n)))
    for name in names:
        deque(map(getattr(cls, name).__set__, made, values[name]), maxlen=0)
    return made


def _extras(reading: csv_columns.ColumnReading, n: int) -> list[MappingProxyType[str, str]]:
    """Each line's ``Result.extra`` as the careful reader keeps it (the columns it does not read, as written), one
    mapping per distinct combination of those values."""
    names = list(reading.columns.extra.items())
    if not names:
        return [MappingProxyType({})] * n
    first_row, key_of_row = csv_columns.distinct_combinations(
        np.zeros(n, dtype=np.int64), 1, [reading.raw[i] for _, i in names]
    )
    kept = [MappingProxyType({name: reading.raw[i][r] for name, i in names}) for r in first_row.tolist()]
    return list(map(kept.__getitem__, key_of_row.tolist()))


@dataclass(frozen=True, slots=True, eq=False)
class _Read:
    """A teams file read on columns, before any object is made: its lines' boards, teams, rounds, rooms, segments
    and carry-overs, and each distinct contract reading (``readings``, a line's in ``key_of_row``)."""

    reading: csv_columns.ColumnReading
    board: npt.NDArray[np.int32]
    ns: Column[str]
    ew: Column[str]
    teams: Column[str]  # ns's lines, then ew's
    rounds: _PerLine
    rooms: _PerLine
    segments: _PerLine
    carries: _PerLine
    key_of_row: npt.NDArray[np.int64]
    readings: list[Result]
    #: Each line's lead as written (stripped; "" where the line has none), a ``KH`` read as the file writes its
    #: other leads (:func:`bridgescore.io.lead_order.settle_leads`), and the warning where it had to be said.
    settled_leads: Column[str]
    lead_warning: Problem | None = None

    def leads(self) -> Column[str]:
        """Each line's lead as written (stripped; "" where the line has none), ``KH`` settled."""
        return self.settled_leads

    def problems(self) -> tuple[Problem, ...]:
        """The file's problems found on columns: how its ``KH`` leads were read, where that is said."""
        return () if self.lead_warning is None else (self.lead_warning,)

    def results(self) -> list[Result]:
        """The lines' :class:`Result` records, in file order, as the careful reader makes them."""
        reading, n, filename = self.reading, self.reading.n, self.reading.filename
        parts = [(r.status, r.contract, r.declarer, r.tricks, r.ns_score, r.remarks) for r in self.readings]
        sections = reading.stripped("section").values()
        leads = [lead or None for lead in self.leads().values()] if "lead" in reading.columns.index else [None] * n
        extras = _extras(reading, n)
        keys = self.key_of_row.tolist()

        def field(i: int) -> list[Any]:  # a field of the contract readings, per line
            return list(map([part[i] for part in parts].__getitem__, keys))

        with without_cycle_collection():  # a million lines are two million new objects, none in a cycle
            sources = _made(
                Location, n, file=repeat(filename, n), line=reading.lines.tolist(), field=repeat(None, n),
                kind=repeat(FieldKind.COLUMN, n),
            )  # fmt: skip
            return _made(
                Result, n, board=self.board.tolist(), ns_pair=self.ns.values(), ew_pair=self.ew.values(),
                status=field(0), section=sections, contract=field(1), declarer=field(2), tricks=field(3), lead=leads,
                ns_score=field(4), remarks=field(5), extra=extras, source=sources,
            )  # fmt: skip


def _read(text: str, filename: str, notation: Notation) -> _Read | None:
    """A teams file's text read on columns, or None where the careful reader must read the whole file (see the
    module docstring)."""
    from bridgescore.teams.csv_header import teams_columns

    parsed = csv_columns.parse(text, filename, notation)
    if parsed is None:
        return None
    reading, invalid = parsed
    columns = reading.columns
    if invalid or reading.players or "ns" not in columns.index or "ew" not in columns.index:
        return None
    if any(seat in columns.index for seat in traveller_csv.SEATS):
        return None
    found = teams_columns(columns)
    if "round" not in found:
        return None
    n = reading.n
    board, vul = reading.boards()
    if n and int(board.min()) == 0:
        return None
    ns, ew = reading.stripped("ns"), reading.stripped("ew")
    teams = Column.concat([ns, ew])  # every label is a line's: a team missing is an empty label
    if "" in ns.labels or "" in ew.labels or bool((teams.codes[:n] == teams.codes[n:]).any()):
        return None

    def stripped(field: str) -> Column[str] | None:
        i = found.get(field)
        return reading.raw[i].map(str.strip) if i is not None else None

    rounds = _per_line(stripped("round"), _round, n, _BAD)
    rooms = _per_line(stripped("room"), _room, n, None)
    segments = _per_line(stripped("segment"), _segment, n, 1)
    carries = _per_line(stripped("carry_over"), _carry, n, None)
    if rounds is None or rooms is None or segments is None or carries is None:
        return None
    key_of_row, readings = reading.readings(board, vul)
    extra_names = set(columns.extra)
    kept: list[Result] = []
    for r in readings:
        if r is None or set(r.extra) - extra_names:  # a problem, or an adjustment keeping its own remarks
            return None
        kept.append(r)
    from bridgescore.io.lead_order import settle_leads

    leads, said = settle_leads(reading.stripped("lead"), filename)
    return _Read(reading, board, ns, ew, teams, rounds, rooms, segments, carries, key_of_row, kept, leads, said)


def loads(text: str, filename: str, notation: Notation, *, matches: bool = False) -> TeamFile | None:
    """The teams lines of a CSV file's text read on columns, or None where the careful reader must read the whole
    file (see the module docstring).  ``matches``: the file is the whole event, so its matches are made here on
    columns (:func:`_matches`, as :func:`bridgescore.teams.read.assemble` makes them) where the file's lines make
    them without a problem, and returned in ``TeamFile.matches`` instead of the lines."""
    read = _read(text, filename, notation)
    if read is None:
        return None
    found = _event_columns(read) if matches else None
    return TeamFile((), problems=read.problems(), matches=found.matches()) if found is not None else _lines(read)


def event(text: str, filename: str, notation: Notation) -> TeamsColumns | TeamFile | None:
    """A CSV file's text, the event's one file, read on columns: its columns where its matches are found on columns
    (:func:`loads` with ``matches`` would make them from these), else its lines as :func:`loads` gives them; None
    where the careful reader must read the whole file."""
    read = _read(text, filename, notation)
    if read is None:
        return None
    found = _event_columns(read)
    return found if found is not None else _lines(read)


def _lines(read: _Read) -> TeamFile:
    """The file's lines, each a :class:`TeamLine` as the careful reader makes it."""
    results = read.results()
    n = len(results)
    none: Mapping[str, str] = MappingProxyType({})
    with without_cycle_collection():
        lines = map(
            TeamLine, results, read.rounds.tolist(), read.rooms.tolist(), read.segments.tolist(), repeat(None, n),
            repeat("", n), repeat(none, n), repeat(none, n), repeat(None, n), repeat("", n), read.carries.tolist(),
        )  # fmt: skip
        return TeamFile(tuple(lines), problems=read.problems())


def _event_columns(read: _Read) -> TeamsColumns | None:
    if not all(carry is None for carry in read.carries.values):
        return None
    return _matches(read)


@dataclass(frozen=True, slots=True, eq=False)
class TeamsColumns:
    """A teams event's one CSV file read on columns with its matches found on columns (issue 19), before any
    line's object is made: :meth:`matches` makes the matches (with their boards and lines) as
    :func:`bridgescore.teams.read.assemble` would; :mod:`bridgescore.teams.columns` scores the event on the columns
    themselves.

    ``rounds``, ``homes``, ``aways``, ``first_rows``: each match's round, teams and first line's row (in the order of
    their first lines, as ``matches()``); ``starts``: where each match's boards start in ``board``, ``segment``,
    ``open_row`` and ``closed_row`` (one more than the matches: the end), its boards by segment, then board number;
    a board's line in each room is a row (-1: none), ``key_of_row[row]`` the index of its contract reading in
    ``readings`` and ``leads()[row]`` its lead as written."""

    read: _Read
    rounds: list[int]
    homes: list[str]
    aways: list[str]
    first_rows: list[int]
    starts: npt.NDArray[np.int64]
    board: npt.NDArray[np.int64]
    segment: npt.NDArray[np.int64]
    open_row: npt.NDArray[np.int64]
    closed_row: npt.NDArray[np.int64]

    @property
    def filename(self) -> str:
        return self.read.reading.filename

    @property
    def readings(self) -> list[Result]:
        return self.read.readings

    @property
    def key_of_row(self) -> npt.NDArray[np.int64]:
        return self.read.key_of_row

    def leads(self) -> Column[str]:
        return self.read.leads()

    def sources(self) -> list[Location]:
        """Where each match starts: its first line (``Match.source``)."""
        lines, filename = self.read.reading.lines, self.filename
        return [Location(filename, int(lines[row]), None, FieldKind.COLUMN) for row in self.first_rows]

    def matches(self) -> tuple[Match, ...]:
        """The matches, each board with its lines (in the order :func:`bridgescore.teams.read.assemble` gives)."""
        results = self.read.results()
        none: Mapping[str, str] = MappingProxyType({})
        starts = self.starts.tolist()
        with without_cycle_collection():
            room: Callable[[int], Result | None] = lambda i: results[i] if i >= 0 else None  # noqa: E731
            boards = _made(
                MatchBoard, len(self.board), board=self.board.tolist(), open=map(room, self.open_row.tolist()),
                closed=map(room, self.closed_row.tolist()), fouled=repeat(False), segment=self.segment.tolist(),
                extra=repeat(none),
            )  # fmt: skip
            return tuple(
                Match(round_number, home, away, tuple(boards[starts[k] : starts[k + 1]]),
                      source=results[self.first_rows[k]].source, extra=none)
                for k, (round_number, home, away) in enumerate(zip(self.rounds, self.homes, self.aways, strict=True))
            )  # fmt: skip


def _matches(read: _Read) -> TeamsColumns | None:
    """How the lines make their matches, found on columns, as :func:`bridgescore.teams.read.assemble` finds them
    from the lines: the lines of a round between the same two teams are a match, in the order of their first
    lines; its home team is the North-South team of its first line if that line is the open room (or names no
    room), else its East-West team; each (segment, board) of a match has one line per room, the room by the
    orientation.  None where assemble would report something (a team in two matches of a round, a line whose
    room contradicts its orientation, a room twice, some lines naming their room and others not): those files
    are assembled from their lines, which words each problem."""
    board, teams, rounds, rooms, segments = read.board, read.teams, read.rounds, read.rooms, read.segments
    n = len(board)
    if not n or max(rounds.values) >= 2**31 or max(segments.values) >= 2**31:  # beyond numpy's integers: the lines'
        return None
    width = max(len(teams.labels), 1)
    home_code, away_code = teams.codes[:n].astype(np.int64), teams.codes[n:].astype(np.int64)
    round_of = rounds.array(int, np.int64)
    if int(round_of.max()) >= 2**62 // (width * width):
        return None
    low, high = np.minimum(home_code, away_code), np.maximum(home_code, away_code)
    _, first_row, group_of = np.unique((round_of * width + low) * width + high, return_index=True, return_inverse=True)
    group_of = group_of.reshape(-1)
    order_of_group = np.argsort(first_row, kind="stable")  # the matches in the order of their first lines
    rank = np.empty(len(first_row), dtype=np.int64)
    rank[order_of_group] = np.arange(len(first_row), dtype=np.int64)
    group = rank[group_of]
    first_line = first_row[order_of_group]
    groups = len(first_line)
    # a team in two matches of one round: assemble's business (it reports or keeps them)
    played = np.concatenate(
        [round_of[first_line] * width + low[first_line], round_of[first_line] * width + high[first_line]]
    )
    if len(np.unique(played)) != len(played):
        return None
    named = rooms.array(lambda room: room is not None, bool)
    if named.any() and not named.all():
        return None
    first_open = rooms.array(lambda room: room != "closed", bool)[first_line]
    home_of_group = np.where(first_open, home_code[first_line], away_code[first_line])
    closed = home_code != home_of_group[group]
    if named.all() and not np.array_equal(closed, rooms.array(lambda room: room == "closed", bool)):
        return None
    segment = segments.array(int, np.int64)
    order = np.lexsort((closed, board, segment, group))
    key = np.stack([group[order], segment[order], board[order].astype(np.int64), closed[order]])
    new_board = np.ones(n, dtype=bool)
    new_board[1:] = (key[:3, 1:] != key[:3, :-1]).any(axis=0)
    if not (new_board[1:] | (key[3, 1:] != key[3, :-1])).all():  # a room of a board twice
        return None
    run = np.cumsum(new_board) - 1
    runs = int(run[-1]) + 1
    open_line = np.full(runs, -1, dtype=np.int64)
    closed_line = np.full(runs, -1, dtype=np.int64)
    is_closed = key[3].astype(bool)
    open_line[run[~is_closed]] = order[~is_closed]
    closed_line[run[is_closed]] = order[is_closed]
    run_start = np.flatnonzero(new_board)
    boards_of_group = np.bincount(key[0][run_start], minlength=groups)
    labels = teams.labels
    homes = [labels[code] for code in home_of_group.tolist()]
    aways = [
        labels[code] for code in np.where(home_of_group == low[first_line], high[first_line], low[first_line]).tolist()
    ]
    return TeamsColumns(
        read, round_of[first_line].tolist(), homes, aways, first_line.tolist(),
        np.concatenate(([0], np.cumsum(boards_of_group))).astype(np.int64), key[2][run_start], key[1][run_start],
        open_line, closed_line,
    )  # fmt: skip
