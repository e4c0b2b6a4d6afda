"""An event's traveller lines held as columns: one numpy array per field, one row per line, in input order.

Issue 12: building one Python ``Result`` per traveller line dominated the time of a large event.  A
``ResultTable`` holds the same information as parallel numpy arrays (the language of the scoring kernels), with the
text fields dictionary-encoded (:class:`Column`: an int32 code per row into a tuple of distinct labels), so a
1,000,000-line event is a few tens of megabytes and is grouped, counted and summed without a Python loop per line.
``row(i)`` / ``results()`` give back exactly the ``Result`` records it was built from
(``ResultTable.from_results(rs).results() == rs``).

numpy rather than Arrow: the kernels, the grouping (``np.lexsort``), the standings (``np.bincount``) all speak numpy,
and an Arrow table would be converted at every step; Arrow stays at the edges (a CSV engine, an export).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Generic, TypeVar, overload

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Contract, Seat
from bridgescore.core.problems import FieldKind, Location
from bridgescore.core.result import Result, ResultStatus

__all__ = ["STATUSES", "Column", "ResultTable", "ResultView", "distinct", "on_both_sides", "pair_codes"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

IntArray = npt.NDArray[np.int32]

#: ``ResultTable.status`` is an index into this tuple.
STATUSES: tuple[ResultStatus, ...] = tuple(ResultStatus)
#: ``ResultTable.source_kind`` is an index into this tuple.
FIELD_KINDS: tuple[FieldKind, ...] = tuple(FieldKind)
_SEATS: tuple[Seat, ...] = tuple(Seat)
_STATUS_CODE = {s: i for i, s in enumerate(STATUSES)}
_KIND_CODE = {k: i for i, k in enumerate(FIELD_KINDS)}
_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True, eq=False)
class Column(Generic[T]):
    """A dictionary-encoded column: row ``i`` holds ``labels[codes[i]]``.  Labels are distinct, in order of first
    appearance (so the encoding of the same values is always the same)."""

    codes: IntArray
    labels: tuple[T, ...]

    @staticmethod
    def from_values(values: Iterable[U]) -> Column[U]:
        items = values if isinstance(values, list | tuple) else list(values)
        index: dict[U, int] = dict.fromkeys(items, 0)  # distinct values in order of first appearance
        for code, value in enumerate(index):
            index[value] = code
        codes = np.fromiter(map(index.__getitem__, items), dtype=np.int32, count=len(items))
        return Column(codes, tuple(index))

    @staticmethod
    def constant(value: U, n: int) -> Column[U]:
        """``n`` rows of the same value."""
        return Column(np.zeros(n, dtype=np.int32), (value,))

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, i: int) -> T:
        return self.labels[int(self.codes[i])]

    def values(self) -> list[T]:
        """Row ``i``'s value at ``i``: the labels as an object array taken at the codes (one C loop: a million
        rows of an archive's event, issue 19), not a Python loop per row."""
        if not self.labels:
            return []
        # fromiter keeps each label one object (a tuple label is not made a row of the array)
        labels = np.fromiter(self.labels, dtype=object, count=len(self.labels))
        values: list[T] = labels[self.codes].tolist()
        return values

    def take(self, indices: npt.NDArray[Any] | Sequence[int]) -> Column[T]:
        """The rows at ``indices`` (an index array or a boolean mask), in that order."""
        return Column(self.codes[np.asarray(indices)], self.labels)

    def mask(self, predicate: Callable[[T], bool]) -> npt.NDArray[np.bool_]:
        """A boolean per row: ``predicate`` of its label, computed once per distinct label."""
        per_label = np.fromiter((bool(predicate(label)) for label in self.labels), dtype=bool, count=len(self.labels))
        return per_label[self.codes] if len(self.labels) else np.zeros(len(self.codes), dtype=bool)

    def map(self, function: Callable[[T], U]) -> Column[U]:
        """The column of ``function`` of each value, computed once per distinct label (labels that map to the same
        value are merged, so the labels stay distinct)."""
        index: dict[U, int] = {}
        recode = np.fromiter(
            (index.setdefault(function(label), len(index)) for label in self.labels), dtype=np.int32,
            count=len(self.labels),
        )  # fmt: skip
        return Column(recode[self.codes] if len(self.labels) else self.codes.copy(), tuple(index))

    def compact(self) -> Column[T]:
        """The same values with only the labels some row uses (after ``take``)."""
        used, codes = np.unique(self.codes, return_inverse=True)
        return Column(codes.astype(np.int32).reshape(-1), tuple(self.labels[i] for i in used.tolist()))

    @staticmethod
    def concat(columns: Sequence[Column[U]]) -> Column[U]:
        """The rows of every column, one after another; labels merged."""
        index: dict[U, int] = {}
        parts: list[IntArray] = []
        for column in columns:
            if not index:  # the first labels as they are (distinct): one C-level dict, the codes kept (issue 19)
                index = dict(zip(column.labels, range(len(column.labels)), strict=True))
                if len(index) == len(column.labels):
                    parts.append(column.codes)
                    continue
                index = {}
            recode = np.fromiter(
                (index.setdefault(label, len(index)) for label in column.labels), dtype=np.int32,
                count=len(column.labels),
            )  # fmt: skip
            parts.append(recode[column.codes] if len(column.labels) else column.codes)
        codes = np.concatenate(parts).astype(np.int32) if parts else np.zeros(0, dtype=np.int32)
        return Column(codes, tuple(index))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Column) and self.values() == other.values()

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True, slots=True, eq=False)
class ResultTable:
    """The traveller lines of an event as parallel columns, one row per line in input order.

    ``status`` indexes :data:`STATUSES`; ``ns_score`` is NaN where the line has none; ``declarer`` is -1 where none
    (else a ``Seat`` value); ``tricks`` -1 where none.  The source of a line (``Result.source``) is ``file`` (None:
    no source), ``line`` (0: none), ``source_field`` and ``source_kind`` (index into ``FIELD_KINDS``).  ``extra``
    keeps the columns a reader did not understand, one column per name, None where a row does not have it.
    """

    board: IntArray
    section: Column[str]
    ns_pair: Column[str]
    ew_pair: Column[str]
    status: npt.NDArray[np.int8]
    ns_score: npt.NDArray[np.float64]
    contract: Column[Contract | None]
    declarer: npt.NDArray[np.int8]
    tricks: npt.NDArray[np.int8]
    lead: Column[str | None]
    remarks: Column[str]
    file: Column[str | None]
    line: IntArray
    source_field: Column[str | None]
    source_kind: npt.NDArray[np.int8]
    extra: Mapping[str, Column[str | None]]
    #: What is derived from the columns once and asked for again (:func:`pair_codes`): the table never changes.
    _derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.board)

    @staticmethod
    def from_results(results: Iterable[Result]) -> ResultTable:
        """The columns of ``results`` (each field read with one C-level pass over the lines)."""
        rs = results if isinstance(results, list | tuple) else list(results)
        n = len(rs)

        def field(name: str) -> list[Any]:
            return list(map(attrgetter(name), rs))

        sources = field("source")
        ns_scores = field("ns_score")
        declarers = field("declarer")
        tricks = field("tricks")
        extras = field("extra")
        extra_names: dict[str, None] = {}
        for extra in filter(None, extras):
            extra_names.update(dict.fromkeys(extra))
        return ResultTable(
            board=np.fromiter(field("board"), dtype=np.int32, count=n),
            section=Column.from_values(field("section")),
            ns_pair=Column.from_values(field("ns_pair")),
            ew_pair=Column.from_values(field("ew_pair")),
            status=np.fromiter(map(_STATUS_CODE.__getitem__, field("status")), dtype=np.int8, count=n),
            ns_score=np.array(ns_scores, dtype=np.float64)
            if None not in ns_scores
            else np.fromiter((math.nan if v is None else v for v in ns_scores), dtype=np.float64, count=n),
            contract=Column.from_values(field("contract")),
            declarer=np.fromiter((-1 if d is None else int(d) for d in declarers), dtype=np.int8, count=n)
            if None in declarers
            else np.array(declarers, dtype=np.int8).reshape(n),
            tricks=np.fromiter((-1 if t is None else t for t in tricks), dtype=np.int8, count=n),
            lead=Column.from_values(field("lead")),
            remarks=Column.from_values(field("remarks")),
            file=Column.from_values([None if s is None else s.file for s in sources]),
            line=np.fromiter((0 if s is None or s.line is None else s.line for s in sources), dtype=np.int32, count=n),
            source_field=Column.from_values([None if s is None else s.field for s in sources]),
            source_kind=np.fromiter((0 if s is None else _KIND_CODE[s.kind] for s in sources), dtype=np.int8, count=n),
            extra=MappingProxyType({name: Column.from_values([e.get(name) for e in extras]) for name in extra_names}),
        )

    def row(self, i: int) -> Result:
        """Line ``i`` as a ``Result``, equal to the one the table was built from."""
        file = self.file[i]
        ns_score = float(self.ns_score[i])
        declarer = int(self.declarer[i])
        tricks = int(self.tricks[i])
        line = int(self.line[i])
        extra: Mapping[str, str] = _EMPTY
        if self.extra:
            found = {name: v for name, column in self.extra.items() if (v := column[i]) is not None}
            if found:
                extra = MappingProxyType(found)
        return Result(
            board=int(self.board[i]),
            ns_pair=self.ns_pair[i],
            ew_pair=self.ew_pair[i],
            status=STATUSES[self.status[i]],
            section=self.section[i],
            contract=self.contract[i],
            declarer=None if declarer < 0 else _SEATS[declarer],
            tricks=None if tricks < 0 else tricks,
            lead=self.lead[i],
            ns_score=None if math.isnan(ns_score) else int(ns_score),
            remarks=self.remarks[i],
            extra=extra,
            source=None
            if file is None
            else Location(file, line or None, self.source_field[i], FIELD_KINDS[self.source_kind[i]]),
        )

    def results(self) -> tuple[Result, ...]:
        return tuple(self.row(i) for i in range(len(self)))

    def take(self, indices: npt.NDArray[Any] | Sequence[int]) -> ResultTable:
        """The rows at ``indices`` (an index array or a boolean mask), in that order."""
        idx = np.asarray(indices)
        return ResultTable(
            board=self.board[idx],
            section=self.section.take(idx),
            ns_pair=self.ns_pair.take(idx),
            ew_pair=self.ew_pair.take(idx),
            status=self.status[idx],
            ns_score=self.ns_score[idx],
            contract=self.contract.take(idx),
            declarer=self.declarer[idx],
            tricks=self.tricks[idx],
            lead=self.lead.take(idx),
            remarks=self.remarks.take(idx),
            file=self.file.take(idx),
            line=self.line[idx],
            source_field=self.source_field.take(idx),
            source_kind=self.source_kind[idx],
            extra=MappingProxyType({name: column.take(idx) for name, column in self.extra.items()}),
        )

    def with_section(self, section: Column[str]) -> ResultTable:
        """The same rows with another section column (``Event.merge`` names a file's section after it)."""
        return _replace(self, section=section)

    @staticmethod
    def concat(tables: Sequence[ResultTable]) -> ResultTable:
        """The rows of every table, one after another."""
        if not tables:
            return ResultTable.from_results(())
        names: dict[str, None] = {}
        for t in tables:
            names.update(dict.fromkeys(t.extra))

        def extra_of(t: ResultTable, name: str) -> Column[str | None]:
            column = t.extra.get(name)
            return column if column is not None else Column.constant(None, len(t))

        return ResultTable(
            board=np.concatenate([t.board for t in tables]),
            section=Column.concat([t.section for t in tables]),
            ns_pair=Column.concat([t.ns_pair for t in tables]),
            ew_pair=Column.concat([t.ew_pair for t in tables]),
            status=np.concatenate([t.status for t in tables]),
            ns_score=np.concatenate([t.ns_score for t in tables]),
            contract=Column.concat([t.contract for t in tables]),
            declarer=np.concatenate([t.declarer for t in tables]),
            tricks=np.concatenate([t.tricks for t in tables]),
            lead=Column.concat([t.lead for t in tables]),
            remarks=Column.concat([t.remarks for t in tables]),
            file=Column.concat([t.file for t in tables]),
            line=np.concatenate([t.line for t in tables]),
            source_field=Column.concat([t.source_field for t in tables]),
            source_kind=np.concatenate([t.source_kind for t in tables]),
            extra=MappingProxyType({n: Column.concat([extra_of(t, n) for t in tables]) for n in names}),
        )

    def content_key(self) -> tuple[object, ...]:
        """What the lines say, without where they were read, as one hashable value: two files with the same lines
        give equal keys (``Event.merge`` reads such a file once)."""
        parts: list[object] = [len(self)]
        for array in (self.board, self.status, self.ns_score, self.declarer, self.tricks):
            parts.append(array.tobytes())
        for column in (self.section, self.ns_pair, self.ew_pair, self.contract, self.lead, self.remarks):
            parts.append(tuple(column.labels))
            parts.append(column.codes.tobytes())
        for name in sorted(self.extra):  # the columns kept as read: a file that differs only there is not a copy
            column = self.extra[name]
            if any(label is not None for label in column.labels):
                parts.append((name, tuple(column.labels), column.codes.tobytes()))
        return tuple(parts)


def pair_codes(table: ResultTable) -> tuple[tuple[str, ...], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The NS and EW pairs of every row as codes into one tuple of pair labels (so NS 1 and EW 1 share a code);
    worked out once per table (scoring, movements, standings and checks all ask)."""
    found: tuple[tuple[str, ...], npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = table._derived.get("pairs")
    if found is None:
        both = Column.concat([table.ns_pair, table.ew_pair])
        codes = both.codes.astype(np.int64)
        n = len(table)
        found = table._derived["pairs"] = (both.labels, codes[:n], codes[n:])
    return found


def distinct(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The distinct non-negative keys, sorted.  Keys from a small space (codes times codes) are marked in a
    boolean array, others sorted: both much faster than ``np.unique``'s hash table on a million keys."""
    if not len(keys):
        return np.zeros(0, dtype=np.int64)
    size = int(keys.max()) + 1
    if size <= 8 * len(keys) + 1_000_000:
        present = np.zeros(size, dtype=bool)
        present[keys] = True
        return np.flatnonzero(present).astype(np.int64)
    ordered = np.sort(keys)
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def on_both_sides(
    groups: npt.NDArray[np.int64], ns_codes: npt.NDArray[np.int64], ew_codes: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The groups (one per row: a section, a board of a section) in which some pair code stands on an NS side and
    on an EW side, each group once, sorted."""
    width = int(max(ns_codes.max(initial=0), ew_codes.max(initial=0))) + 1
    ns_keys = distinct(groups * width + ns_codes)
    ew_keys = distinct(groups * width + ew_codes)
    common = ns_keys[np.isin(ns_keys, ew_keys, assume_unique=True, kind="sort")] if len(ew_keys) else ew_keys
    return distinct(common // width)


def _replace(table: ResultTable, **changes: Any) -> ResultTable:
    fields = {name: getattr(table, name) for name, f in ResultTable.__dataclass_fields__.items() if f.init}
    fields.update(changes)
    return ResultTable(**fields)


class ResultView(Sequence[Result]):
    """The lines of a ``ResultTable`` as a sequence of ``Result``: each is built when first asked for and kept, so a
    columnar event builds no Python object per line unless a consumer that needs them iterates."""

    __slots__ = ("_cache", "table")

    def __init__(self, table: ResultTable) -> None:
        self.table = table
        self._cache: list[Result | None] = [None] * len(table)

    def __len__(self) -> int:
        return len(self.table)

    @overload
    def __getitem__(self, i: int) -> Result: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Result, ...]: ...
    def __getitem__(self, i: int | slice) -> Result | tuple[Result, ...]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        cached = self._cache[i]
        if cached is None:
            cached = self._cache[i] = self.table.row(i)
        return cached

    def __iter__(self) -> Iterator[Result]:
        for i in range(len(self)):
            yield self[i]

    def __bool__(self) -> bool:
        return len(self) > 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ResultView | tuple | list):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ResultView({len(self)} lines)"
