"""The columnar traveller CSV reader (issue 12): a file read with Arrow's CSV engine into a ``ResultTable``.

Issue 12: 44 of 53 seconds of a large CSV run went to reading one line at a time (a regex and eleven look-ups per
line, a ``Result`` per line).  This reader parses the file with ``pyarrow.csv`` (every column a string), and checks
the lines on columns: each column is dictionary-encoded, so a board number, a pair, a remark is looked at once per
DISTINCT value, and a line's contract, declarer, result, score, EW score and remarks, with its board's vulnerability,
are read once per distinct combination by the line reader itself (:func:`bridgescore.io.csv.read_line`, the
reference of behaviour: the same contract parser, the same Law 77 check of the written score against the contract's
score).  The lines that pass every check stay as columns; every other line (a problem, a warning, an EW score column
whose sign the file's majority decides, a line with more or fewer values than the header) is read by the careful
line reader, which reports it exactly as before, and the two parts are put together in file order.  Lines that play
a board twice or repeat a line are found with one sort over (section, board, pair); only the boards where that
happens are handed to the careful check (:func:`bridgescore.io.csv.one_line_per_table`), which words the problems.

Files this reader does not take are read by :func:`bridgescore.io.csv.loads_line_by_line` as a whole: quotes
that Python's CSV module and Arrow might read differently (see :func:`_well_quoted`), a bare CR, a blank line (or
one of separators only), a NUL character, a line over 131,072 bytes (the CSV
module's limit, whose problem the careful reader reports), pairs made of two player columns (BBO), Bridgemate's BWS
export, a header with a problem, and any file Arrow cannot parse.  So the problems of any file are the careful
reader's, word for word, at the same lines.
"""

from __future__ import annotations

import csv as _csv
import re
from collections.abc import Iterable, Mapping
from itertools import compress
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Contract, Notation, vulnerability_of_board
from bridgescore.core.event import Event, EventForm, Result, sections_numbered_per_direction
from bridgescore.core.problems import FieldKind, Location, Problem, shorten
from bridgescore.core.table import FIELD_KINDS, STATUSES, Column, ResultTable, distinct, pair_codes
from bridgescore.io import csv_lines as careful
from bridgescore.io.line import whole_number

__all__ = [
    "COLUMNAR_FROM",
    "ColumnReading",
    "distinct_combinations",
    "distinct_with_a_row",
    "loads",
    "one_line_per_table_on_columns",
    "parse",
]

#: Files of fewer characters (some 2,000 lines) are read line by line (:func:`bridgescore.io.csv.loads`): that
#: takes a few milliseconds, less than loading Arrow's CSV engine (about 0.1 s) in a command that reads a club's
#: evening.  Either way the lines and problems are the same (tests/test_csv_columns.py).
COLUMNAR_FROM = 65_536

#: Python's CSV module refuses a value over this many characters (the careful reader reports such a line).
_FIELD_LIMIT = 131_072
#: A line of nothing but white space and separators: the careful reader skips it, and its line numbers count it.
_BLANK_LINE = re.compile(r"^(?:[^\S\n]|[,;\t])*$", re.MULTILINE)
#: The same in a file with quotes: a line of "" values is blank too.
_BLANK_QUOTED_LINE = re.compile(r'^(?:[^\S\n]|[,;\t"])*$', re.MULTILINE)
#: The fields whose distinct combinations (with the board's vulnerability) the line reader reads once each.
_KEY_FIELDS = ("contract", "declarer", "result", "score", "ew_score", "remarks")
#: Names the line reader adds to ``Result.extra`` (an adjusted line's own remarks or score, a lone declarer).
_ADDED_EXTRAS = frozenset({"remarks", "score", "declarer"})
_STATUS_CODE = {s: i for i, s in enumerate(STATUSES)}
_COLUMN_KIND = FIELD_KINDS.index(FieldKind.COLUMN)
_BAD_BOARD = 4  # the vulnerability class of a line whose board number cannot be read

IntArray = npt.NDArray[np.int64]


def loads(text: str, filename: str, notation: Notation, *, pairs_per_direction: bool | None) -> Event | None:
    """The event of a traveller file's text read on columns, or None where the careful reader must read the whole
    file (see the module docstring); ``pairs_per_direction`` as :func:`bridgescore.io.csv.loads`."""
    parsed = parse(text, filename, notation)
    if parsed is None:
        return None
    reading, invalid = parsed
    return reading.event(invalid, pairs_per_direction)


def parse(text: str, filename: str, notation: Notation) -> tuple[ColumnReading, list[tuple[int, list[str]]]] | None:
    """A traveller file's text as raw columns, and the lines that do not have the header's number of values (as
    the CSV module reads them); None where the careful reader must read the whole file (see the module docstring).
    The teams reader (:mod:`bridgescore.teams.read_columns`) reads its files through this too."""
    if "\x00" in text or ("\r" in text and text.count("\r") != text.count("\r\n")):
        return None
    body = text.rstrip("\r\n")  # not the spaces of the last value: an unknown column keeps them
    quoted = '"' in body
    if not body:
        return None
    data = body.encode("utf-8")
    octets = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(octets == 10)
    bounds = np.concatenate(([-1], ends, [len(data)]))
    # a blank line (white space, separators, quotes) starts with neither a letter nor a digit: the expression looks
    # through the file only where a line does (a file's lines start with a board, round or pair number; issue 19)
    starts = octets[bounds[:-1] + 1]
    letters = (starts | 0x20) - ord("a")  # a letter of either case: 0 … 25
    if not ((letters < 26) | (starts - ord("0") < 10)).all() and (
        (_BLANK_QUOTED_LINE if quoted else _BLANK_LINE).search(body)
    ):
        return None
    if int(np.diff(bounds).max()) - 1 > _FIELD_LIMIT:
        return None
    line_count = len(bounds) - 1
    first = data[: int(bounds[1])].decode("utf-8").removesuffix("\r")
    delimiter = careful.delimiter_of(first)
    if quoted and not _well_quoted(body, delimiter):
        return None
    header = next(_csv.reader([first], delimiter=delimiter))
    from bridgescore.io import bws

    if bws.is_received_data(header):
        return None
    columns, header_problems = careful.map_header(header, Location(filename, 1))
    numbered = "ns" in columns.index and "ew" in columns.index
    if header_problems or not (numbered or _made_of_players(columns)) or _ADDED_EXTRAS & set(columns.extra):
        return None
    parsed = _parse(data, len(header), delimiter, quoted)
    if parsed is None:
        return None
    raw, invalid = parsed
    valid = np.ones(line_count + 1, dtype=bool)
    valid[:2] = False
    valid[np.asarray(invalid, dtype=np.int64)] = False
    line_of_row = np.flatnonzero(valid).astype(np.int32)
    if len(line_of_row) != (len(raw[0]) if raw else 0):
        return None

    def text_of(line: int) -> str:
        return data[int(bounds[line - 1]) + 1 : int(bounds[line])].decode("utf-8").removesuffix("\r")

    reading = ColumnReading(raw, columns, filename, notation, line_of_row)
    return reading, [(line, next(_csv.reader([text_of(line)], delimiter=delimiter))) for line in invalid]


def _well_quoted(body: str, delimiter: str) -> bool:
    """Whether every quote of the file is where Python's CSV module and Arrow's read it alike: each value is either
    without quotes or wholly quoted (``"…"``, a quote inside written twice) and closed on its line.  A quote opened
    and not closed, a quote inside an unquoted value, text after a closing quote: the careful reader's file."""
    separator = re.escape(delimiter)
    value = rf'"(?:[^"\r\n]|"")*+"|[^"{separator}\r\n]*+'
    line = re.compile(rf"(?:{value})(?:{separator}(?:{value}))*+\r?")
    return all(line.fullmatch(text) for text in body.split("\n") if '"' in text)


def _parse(data: bytes, width: int, delimiter: str, quoted: bool) -> tuple[list[Column[str]], list[int]] | None:
    """The lines after the header as ``width`` dictionary-encoded string columns (values as written, not stripped;
    ``quoted``: values may be quoted, see :func:`_well_quoted`), and the lines that do not have ``width`` values;
    None where Arrow cannot read the file."""
    import pyarrow as pa
    import pyarrow.csv as pa_csv

    names = [f"c{i}" for i in range(width)]
    invalid: list[int] = []

    def skip(row: Any) -> str:
        invalid.append(int(row.number) if row.number is not None else -1)
        return "skip"

    try:
        table = pa_csv.read_csv(
            pa.py_buffer(data),
            read_options=pa_csv.ReadOptions(column_names=names, skip_rows=1, use_threads=False),
            parse_options=pa_csv.ParseOptions(
                delimiter=delimiter, quote_char='"' if quoted else False, double_quote=quoted, escape_char=False,
                newlines_in_values=False, ignore_empty_lines=False, invalid_row_handler=skip,
            ),
            convert_options=pa_csv.ConvertOptions(
                column_types=dict.fromkeys(names, pa.string()), strings_can_be_null=False,
                quoted_strings_can_be_null=False, null_values=[],
            ),
        )  # fmt: skip
    except (pa.ArrowException, ValueError, OverflowError):
        return None
    if any(line < 2 for line in invalid):
        return None
    out: list[Column[str]] = []
    for name in names:
        encoded = table.column(name).combine_chunks().dictionary_encode()
        indices = encoded.indices.cast(pa.int32())  # no nulls: strings_can_be_null is off
        start = indices.offset
        # read from Arrow's buffer (``to_numpy`` would import pandas, a quarter of a second)
        codes = np.frombuffer(indices.buffers()[1], dtype=np.int32)[start : start + len(indices)].copy()
        out.append(Column(codes, tuple(encoded.dictionary.to_pylist())))
    return out, sorted(invalid)


class ColumnReading:
    """A file's lines as raw columns, checked on columns; :meth:`event` puts them together with the careful
    reading of the lines that need it."""

    def __init__(
        self, raw: list[Column[str]], columns: careful.Columns, filename: str, notation: Notation, lines: Any
    ) -> None:
        self.raw = raw
        self.columns = columns
        self.filename = filename
        self.notation = notation
        self.lines: npt.NDArray[np.int32] = lines
        self.n = len(lines)
        self.players = _made_of_players(columns)

    def stripped(self, field: str) -> Column[str]:
        i = self.columns.index.get(field)
        return self.raw[i].map(str.strip) if i is not None else Column.constant("", self.n)

    def boards(self) -> tuple[npt.NDArray[np.int32], IntArray]:
        """Each line's board (0 where the careful reader has a problem with it) and its vulnerability class
        (``_BAD_BOARD`` for such a line)."""
        board_column = self.stripped("board")
        numbers = [_board_number(label) for label in board_column.labels]
        board_of_label = np.array([number or 0 for number in numbers], dtype=np.int32)
        # the vulnerability of a board repeats every 16 boards (Law 2): one class per board of the cycle
        cycle = (board_of_label.astype(np.int64) - 1) % 16
        vul_of_label = np.where(board_of_label > 0, _VUL_CLASS[cycle], _BAD_BOARD)
        board: npt.NDArray[np.int32] = (
            board_of_label[board_column.codes] if numbers else np.zeros(self.n, dtype=np.int32)
        )
        vul = vul_of_label[board_column.codes] if numbers else np.zeros(self.n, dtype=np.int64)
        return board, vul

    def readings(self, board: npt.NDArray[np.int32], vul: IntArray) -> tuple[IntArray, list[Result | None]]:
        """Per line the index of its (vulnerability, contract fields) combination, and each combination read once
        by the careful line reader (None where that reading has a problem or a warning)."""
        key_columns = {field: self.stripped(field) for field in _KEY_FIELDS if field in self.columns.index}
        first_row, key_of_row = distinct_combinations(vul, _BAD_BOARD + 1, key_columns.values())
        readings = [self._read_key(int(r), board, key_columns) for r in first_row.tolist()]
        return key_of_row, readings

    def event(self, invalid: list[tuple[int, list[str]]], pairs_per_direction: bool | None) -> Event:
        filename = self.filename
        board, vul = self.boards()
        joint: tuple[tuple[str, ...], IntArray] | None = None
        if self.players:  # the pairs made of their players (an individual's lines, BBO's travellers): north+south
            common = self._player_codes()
            ns, ns_keys = self._pair_of("north", "south", common)
            ew, ew_keys = self._pair_of("east", "west", common)
            joint = _joint_pairs(ns, ns_keys, ew, ew_keys)
        else:
            ns, ew = self.stripped("ns"), self.stripped("ew")
        good = vul != _BAD_BOARD
        good &= ns.mask(bool) & ew.mask(bool)
        key_of_row, readings = self.readings(board, vul)
        good &= np.fromiter((r is not None for r in readings), dtype=bool, count=len(readings))[key_of_row]

        # the careful reading of every other line, in file order, as read_lines does it
        problems: list[Problem] = []
        careful_rows = [(int(self.lines[i]), self._row(i)) for i in np.flatnonzero(~good).tolist()]
        records = sorted(careful_rows + invalid, key=lambda record: record[0])
        read: list[Result] = []
        ew_views: dict[str, list[Result]] = {"ew": [], "ns": []}
        for line, row in records:
            result, line_problems, ew_view = careful.read_line(row, self.columns, filename, line, self.notation)
            problems.extend(line_problems)
            if result is not None:
                read.append(result)
                if ew_view:
                    ew_views[ew_view].append(result)
        read = careful.one_ew_convention(read, ew_views, problems)

        table = self._table(np.flatnonzero(good), board, ns, ew, key_of_row, readings)
        if joint is not None and not read:  # pair_codes of the table, as it would work them out (issue 19)
            labels, ew_code = joint
            table._derived["pairs"] = (labels, table.ns_pair.codes.astype(np.int64), ew_code[table.ew_pair.codes])
        if read:
            table = ResultTable.concat([table, ResultTable.from_results(read)])
            table = table.take(np.argsort(table.line, kind="stable"))
        if pairs_per_direction is None:
            per_direction = sections_numbered_per_direction(table)
            careful.per_direction_warnings(per_direction, filename, problems)
        else:
            per_direction = frozenset(table.section.compact().labels) if pairs_per_direction else frozenset()
        table = one_line_per_table_on_columns(table, per_direction, problems)
        problems.sort(key=lambda p: p.location.line or 0)
        form, sign = _individual_form(table, self.columns) if self.players else ("pairs", "")
        return Event.from_table(table, problems=tuple(problems), form=form, form_sign=sign)

    def _player_codes(self) -> dict[str, int] | None:
        """Each player written in a seat column, coded once for the four seats (None where a player is written with
        a ``+``: ``1+2`` beside ``3`` is then the pair ``1`` beside ``2+3`` is)."""
        labels = dict.fromkeys(label for seat in careful.SEATS for label in self.stripped(seat).labels)
        if any("+" in label for label in labels):
            return None
        return dict(zip(labels, range(len(labels)), strict=True))

    def _pair_of(
        self, first: str, second: str, common: Mapping[str, int] | None = None
    ) -> tuple[Column[str], IntArray | None]:
        """The pair of two seat columns as the line reader makes it (:meth:`bridgescore.io.csv.Columns.pair`):
        ``first+second``, empty where a player is missing; each distinct couple joined once.  With the players'
        ``common`` codes (:meth:`_player_codes`) also each pair label's couple as a key of those codes, the same
        key for the same couple in any two seats (None without them, or where two couples are written alike)."""
        a, b = self.stripped(first), self.stripped(second)
        width = max(len(b.labels), 1)
        # the distinct couples with one sort, in order of first appearance (an individual's couples are nearly all
        # distinct: a million for 1,000,000 lines, issue 19)
        found, first_row, inverse = np.unique(
            a.codes.astype(np.int64) * width + b.codes, return_index=True, return_inverse=True
        )
        order = np.argsort(first_row, kind="stable")
        code_of = np.empty(len(order), dtype=np.int32)
        code_of[order] = np.arange(len(order), dtype=np.int32)
        a_labels, b_labels = a.labels, b.labels
        labels = tuple(
            f"{a_labels[k // width]}+{b_labels[k % width]}" if a_labels[k // width] and b_labels[k % width] else ""
            for k in found[order].tolist()
        )
        couples = Column(code_of[inverse.reshape(-1)], labels)
        # two couples written alike ("" where a player is missing; "1+2","3" and "1","2+3") are one pair
        if len(set(labels)) != len(labels):
            return couples.map(_same), None
        if common is None:
            return couples, None
        width_common = len(common)
        a_common = np.fromiter(map(common.__getitem__, a_labels), dtype=np.int64, count=len(a_labels))
        b_common = np.fromiter(map(common.__getitem__, b_labels), dtype=np.int64, count=len(b_labels))
        ordered = found[order]
        return couples, a_common[ordered // width] * width_common + b_common[ordered % width]

    def _row(self, i: int) -> list[str]:
        return [column[i] for column in self.raw]

    def _read_key(self, r: int, board: npt.NDArray[np.int32], key_columns: Mapping[str, Column[str]]) -> Result | None:
        """The careful reading of a line with row ``r``'s contract fields and board, and pairs 1 and 2; None where
        it has a problem or a warning, or its EW score is read by the file's majority."""
        if not board[r]:
            return None
        row = [""] * len(self.columns.headers)
        index = self.columns.index
        row[index["board"]] = str(int(board[r]))
        for field, pair in (("north", "1"), ("south", "2"), ("east", "3"), ("west", "4")) if self.players else ():
            row[index[field]] = pair
        if not self.players:
            row[index["ns"]], row[index["ew"]] = "1", "2"
        for field, column in key_columns.items():
            row[index[field]] = column[r]
        result, problems, ew_view = careful.read_line(row, self.columns, self.filename, 0, self.notation)
        return None if result is None or problems or ew_view else result

    def _table(
        self,
        rows: IntArray,
        board: npt.NDArray[np.int32],
        ns: Column[str],
        ew: Column[str],
        key_of_row: IntArray,
        readings: list[Result | None],
    ) -> ResultTable:
        """The lines ``rows`` as a table, their contract fields from the reading of their combination."""
        keys = key_of_row[rows]
        n = len(rows)

        def per_key(values: list[Any], dtype: Any) -> npt.NDArray[Any]:
            return np.array(values, dtype=dtype)[keys] if values else np.zeros(n, dtype=dtype)

        def column_per_key(values: list[Any]) -> Column[Any]:
            return Column(keys.astype(np.int32), tuple(values)).map(_same) if values else Column.constant(None, n)

        statuses = [_STATUS_CODE[r.status] if r else 0 for r in readings]
        scores = [np.nan if r is None or r.ns_score is None else r.ns_score for r in readings]
        declarers = [-1 if r is None or r.declarer is None else int(r.declarer) for r in readings]
        tricks = [-1 if r is None or r.tricks is None else r.tricks for r in readings]
        contracts: list[Contract | None] = [r.contract if r else None for r in readings]
        remarks = [r.remarks if r else "" for r in readings]
        extra: dict[str, Column[str | None]] = {
            name: _optional(self.raw[i]).take(rows) for name, i in self.columns.extra.items()
        }
        seats = careful.SEATS if self.players else ()
        for seat in seats:  # the players, kept by seat as the line reader keeps them (an individual credits them)
            extra[seat] = _optional(self.stripped(seat)).take(rows)
        added = [
            {k: v for k, v in r.extra.items() if k not in self.columns.extra and k not in seats} if r else {}
            for r in readings
        ]
        for name in dict.fromkeys(name for names in added for name in names):
            extra[name] = column_per_key([a.get(name) for a in added])
        lead = self.stripped("lead").map(lambda text: text or None) if "lead" in self.columns.index else None
        return ResultTable(
            board=board[rows],
            section=self.stripped("section").take(rows),
            ns_pair=ns.take(rows),
            ew_pair=ew.take(rows),
            status=per_key(statuses, np.int8),
            ns_score=per_key(scores, np.float64),
            contract=column_per_key(contracts) if readings else Column.constant(None, n),
            declarer=per_key(declarers, np.int8),
            tricks=per_key(tricks, np.int8),
            lead=lead.take(rows) if lead is not None else Column.constant(None, n),
            remarks=column_per_key(remarks) if readings else Column.constant("", n),
            file=Column.constant(self.filename, n),
            line=self.lines[rows],
            source_field=Column.constant(None, n),
            source_kind=np.full(n, _COLUMN_KIND, dtype=np.int8),
            extra=MappingProxyType(extra),
        )


def _joint_pairs(
    ns: Column[str], ns_keys: IntArray | None, ew: Column[str], ew_keys: IntArray | None
) -> tuple[tuple[str, ...], IntArray] | None:
    """The pair labels of both sides as :func:`bridgescore.core.table.pair_codes` codes them (North-South's labels,
    then East-West's not among them, in their order) and the code of each East-West label, from the couples' keys
    (:meth:`ColumnReading._pair_of`), without a Python step per pair label: an individual's 2,000,000 (issue 19).
    None where a label is empty (a player missing) or a side's keys are not known."""
    if ns_keys is None or ew_keys is None or "" in ns.labels or "" in ew.labels:
        return None
    sorter = np.argsort(ns_keys, kind="stable")
    at = np.searchsorted(ns_keys, ew_keys, sorter=sorter)
    at = sorter[np.minimum(at, len(ns_keys) - 1)] if len(ns_keys) else np.zeros(len(ew_keys), dtype=np.int64)
    known = ns_keys[at] == ew_keys if len(ns_keys) else np.zeros(len(ew_keys), dtype=bool)
    new = ~known
    code = np.where(known, at, len(ns.labels) + np.cumsum(new) - 1).astype(np.int64)
    labels = (*ns.labels, *compress(ew.labels, new.tolist()))
    return labels, code


def _made_of_players(columns: careful.Columns) -> bool:
    """Whether the pairs are made of the four seat columns (no ``ns``/``ew`` column: an individual, BBO)."""
    return "ns" not in columns.index and "ew" not in columns.index and all(s in columns.index for s in careful.SEATS)


def _individual_form(table: ResultTable, columns: careful.Columns) -> tuple[EventForm, str]:
    """:func:`bridgescore.io.csv.read_lines`' test on columns: an individual where most players have more than one
    partner (North with South, East with West, on the lines that name both)."""
    seats = [table.extra.get(seat) for seat in careful.SEATS]
    if any(column is None for column in seats):
        return "pairs", ""
    players = Column.concat([column.map(lambda v: v or "") for column in seats if column is not None])
    n = len(table)
    codes = [players.codes[i * n : (i + 1) * n].astype(np.int64) for i in range(4)]
    blank = players.labels.index("") if "" in players.labels else -1
    width = max(len(players.labels), 1)
    keys = [a * width + b for x, y in ((0, 1), (2, 3)) for a, b in ((codes[x], codes[y]), (codes[y], codes[x]))]
    couples = distinct(np.concatenate([k[(k // width != blank) & (k % width != blank)] for k in keys]))
    partners = np.bincount(couples // width, minlength=width)
    with_partner = int(np.count_nonzero(partners))
    changing = int(np.count_nonzero(partners > 1))
    if with_partner and 2 * changing > with_partner:
        headers = ", ".join(columns.headers[columns.index[seat]].strip() for seat in careful.SEATS)
        return "individual", shorten(headers)
    return "pairs", ""


def _optional(column: Column[str]) -> Column[str | None]:
    return Column(column.codes, tuple[str | None, ...](column.labels))


def _same(value: Any) -> Any:
    return value


def _board_number(text: str) -> int | None:
    """The board a line's board field holds where the careful reader takes it without a problem, else None."""
    number = whole_number(text) if text and text[:1] not in ("+", "-") else None
    return number if number is not None and 1 <= number <= careful.MAX_BOARD else None


_VUL_OF_CYCLE = [vulnerability_of_board(board) for board in range(1, 17)]
#: Per board of the 16-board cycle a class: boards of one class have the same vulnerability.
_VUL_CODE = {v: i for i, v in enumerate(dict.fromkeys(_VUL_OF_CYCLE))}
_VUL_CLASS = np.array([_VUL_CODE[v] for v in _VUL_OF_CYCLE], dtype=np.int64)


def distinct_combinations(key: IntArray, size: int, columns: Iterable[Column[Any]]) -> tuple[IntArray, IntArray]:
    """:func:`distinct_with_a_row` of the combinations of ``key`` (per row, below ``size``) and the codes of
    ``columns``."""
    for column in columns:
        width = max(len(column.labels), 1)
        if size * width >= 2**62:
            _, key = np.unique(key, return_inverse=True)
            key = key.reshape(-1).astype(np.int64)
            size = int(key.max()) + 1
        key = key * width + column.codes
        size *= width
    return distinct_with_a_row(key, size)


def distinct_with_a_row(key: IntArray, size: int) -> tuple[IntArray, IntArray]:
    """For keys below ``size``: a row of each distinct key (in the order of the keys), and per row the index of
    its key among them.  Keys from a space of a few million are marked in an array (a sort of a million keys
    takes longer); others go through ``np.unique``."""
    if size > 4 * len(key) + 1_000_000:
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        return first.astype(np.int64), inverse.reshape(-1).astype(np.int64)
    row_of_key = np.full(size, -1, dtype=np.int64)
    row_of_key[key] = np.arange(len(key), dtype=np.int64)  # some row with the key (which one does not matter)
    present = np.flatnonzero(row_of_key >= 0)
    index = np.zeros(size, dtype=np.int64)
    index[present] = np.arange(len(present), dtype=np.int64)
    return row_of_key[present], index[key]


def one_line_per_table_on_columns(
    table: ResultTable, per_direction: frozenset[str], problems: list[Problem]
) -> ResultTable:
    """The lines of ``table`` without the duplicate lines, the lines with a pair on both sides and the lines where
    a pair plays a board a second time, each reported.  Whether any board of a section has such a line is found
    with one sort; the lines of those boards only are checked (and the problems worded) by the careful reader's
    :func:`bridgescore.io.csv.one_line_per_table`, which looks at each (section, board) on its own."""
    n = len(table)
    if not n:
        return table
    labels, ns_codes, ew_codes = pair_codes(table)
    per_label = np.array([label in per_direction for label in table.section.labels], dtype=bool)
    two_lines = per_label[table.section.codes] if len(per_label) else np.zeros(n, dtype=bool)
    low = int(table.board.min())
    group = table.section.codes.astype(np.int64) * (int(table.board.max()) - low + 1) + (table.board - low)
    pairs = 2 * max(len(labels), 1)
    if int(group.max()) >= 2**62 // pairs:
        _, group = np.unique(group, return_inverse=True)
        group = group.reshape(-1).astype(np.int64)
    keys = np.sort(np.concatenate((group * pairs + ns_codes, group * pairs + ew_codes + len(labels) * two_lines)))
    # a pair on both sides of a line (where pairs are not numbered per direction) repeats a key too
    suspect = np.isin(group, keys[1:][keys[1:] == keys[:-1]] // pairs)
    if not suspect.any():
        return table
    rows = np.flatnonzero(suspect)
    lines = [table.row(i) for i in rows.tolist()]
    labels_used = [table.section.labels[code] for code in np.unique(table.section.codes).tolist()]
    sectioned = sum(1 for label in labels_used if label) > 1  # the event's named sections, not only the suspects'
    kept = {id(result) for result in careful.one_line_per_table(lines, per_direction, problems, sectioned=sectioned)}
    keep = np.ones(n, dtype=bool)
    keep[rows] = [id(result) in kept for result in lines]
    return table.take(keep)
