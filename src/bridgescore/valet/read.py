"""The Valet program's input: a names file (``tag|Full name``) and a scores file, one table result a line:
``round|board|N|E|S|W|contract|declarer|tricks[|lead]`` (``shared/reference/valet/CONVENTIONS.md`` §1).

Differences from the reference program, all on the side of telling the director:
* every problem is reported, each with file, line and field, not only the first; the caller exits 2 (the
  reference prints one message and exits 0);
* every line is read on its own: a passed-out line has no declarer, tricks or lead, a line without a lead
  has no lead - nothing is inherited from the line above (the reference's reused parse record, conv. §6);
* an empty tricks field is an error (the reference reads it as 0 tricks), and so is a lead in "N";
* a tag given twice in the names file is reported as a warning (the reference silently keeps the first).

``load`` reads the bytes columnar, half a megabyte at a time (every field of every line packed into a 64-bit
word and decoded with numpy: 400,000 lines in about 0.09 s, holding the file and the result's columns); at the
first sign of a problem it hands over to ``loads``, which reads line by line and words every problem.  The
result is a ``ValetTables`` (read-only columns, every row complete) plus the names and the problems;
``records`` turns rows back into immutable ``ValetLine`` records.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from bridgescore.core.contract import Contract, Seat
from bridgescore.core.pairkey import lookup
from bridgescore.core.problems import Location, Problem, Severity, Value, shorten
from bridgescore.io import files
from bridgescore.valet.score import LEAD_SUITS, KeyIndex, ValetTables

if TYPE_CHECKING:
    from bridgescore.core.event import Event

# The traveller readers (``io.csv``: its file problems; ``event``: other events as input) are imported where
# they are used, so that reading a Valet directory does not load them (some 30 ms of every run).

__all__ = ["ValetInput", "ValetLine", "from_event", "load", "load_dir", "loads", "read_names", "records"]

FIELDS = ("round", "board", "north", "east", "south", "west", "contract", "declarer", "tricks", "lead")


@dataclass(frozen=True, slots=True)
class ValetLine:
    """One table result, complete: ``contract`` is ``PASSED_OUT`` with no declarer/tricks/lead when passed."""

    round: int
    board: int
    north: str
    east: str
    south: str
    west: str
    contract: Contract
    declarer: Seat | None
    tricks: int | None
    lead: str | None
    source: Location | None = None


@dataclass(frozen=True)
class ValetInput:
    """What the reader produced: the tables (possibly without the lines that had errors) and every problem."""

    tables: ValetTables
    problems: tuple[Problem, ...]
    #: The traveller event the tables were made from (None for the Valet program's own files): its deals, if any,
    #: give the lead analysis (:mod:`bridgescore.core.leads`).
    event: Event | None = None

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_names(text: str, filename: str) -> tuple[dict[str, str], list[Problem]]:
    """Names file (conv. §1.1): ``tag|Full name``; empty lines and lines starting with ``#`` are skipped."""
    names: dict[str, str] = {}
    problems: list[Problem] = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line or line.startswith("#"):
            continue
        parts = line.split("|")
        if len(parts) != 2:
            problems.append(
                Problem.make(
                    Location(filename, number),
                    "expected 'tag|Full name' (one '|'), found %(count)d",
                    count=len(parts) - 1,
                )
            )
            continue
        tag, name = parts
        if not tag:
            problems.append(Problem.make(Location(filename, number, "tag"), "the player's tag is empty"))
            continue
        if "\x00" in tag:
            problems.append(Problem.make(Location(filename, number, "tag"),
                                         "the player's tag '%(tag)s' holds a NUL character; write it without",
                                         tag=shorten(tag.replace("\x00", "\\x00"))))  # fmt: skip
            continue
        if tag in names:
            if names[tag] != name:
                problems.append(Problem.make(Location(filename, number, "tag"),
                                             "tag '%(tag)s' given twice ('%(first)s' and '%(second)s'); the first "
                                             "is used",
                                             Severity.WARNING, tag=shorten(tag), first=shorten(names[tag]),
                                             second=shorten(name)))  # fmt: skip
            continue
        names[tag] = name
    return names, problems


_INT_RE = re.compile(r"^\s*[+-]?\d+$")
_CONTRACT_RE = re.compile(r"^([0-7])([NSHDCnshdc])(|[xX]|[xX][xX])$")
_STRAIN = {"C": 0, "D": 1, "H": 2, "S": 3, "N": 4}
_SEATS = {"N": 0, "E": 1, "S": 2, "W": 3}
_RANKS = set("23456789TJQKA")


@dataclass(frozen=True, slots=True)
class _Wrong:
    """What is wrong with a field: a catalogue message and its values (see ``Problem.make``)."""

    message: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def make(cls, message: str, **values: Value) -> _Wrong:
        return cls(message, tuple(values.items()))


#: The largest round or board number read: more than any event has, and within the 64-bit columns.
_MAX_NUMBER = 10**9


def _parse_positive(text: str, what: str) -> int | _Wrong:
    if not _INT_RE.match(text):
        message = "round '%(text)s' is not a number" if what == "round" else "board '%(text)s' is not a number"
        return _Wrong.make(message, text=shorten(text))
    digits = text.strip().lstrip("+")
    value = int(digits) if len(digits) <= 18 else None  # int() refuses 4,300 digits; no event has 10^18 boards
    if value is not None and value < 1:
        message = (
            "round %(text)s does not exist; rounds are numbered from 1"
            if what == "round"
            else "board %(text)s does not exist; boards are numbered from 1"
        )
        return _Wrong.make(message, text=str(value))
    if value is None or value > _MAX_NUMBER:
        message = (
            "round %(text)s is too large: rounds are numbered up to %(largest)d"
            if what == "round"
            else "board %(text)s is too large: boards are numbered up to %(largest)d"
        )
        return _Wrong.make(message, text=shorten(digits), largest=_MAX_NUMBER)
    return value


def _parse_contract(text: str) -> tuple[int, int, int] | _Wrong:
    if text in ("P", "p"):
        return (0, 0, 0)
    m = _CONTRACT_RE.match(text)
    if not m:
        return _Wrong.make("contract '%(text)s' is not understood; write e.g. 3N, 4S, 4SX, 7NXX, or P for passed "
                           "out (NT is written N)", text=shorten(text))  # fmt: skip
    level = int(m[1])
    if level == 0:
        return (0, 0, 0)
    return (level, _STRAIN[m[2].upper()], len(m[3]))


def _parse_declarer(text: str) -> int | _Wrong:
    seat = _SEATS.get(text.upper()) if len(text) == 1 else None
    return _Wrong.make("declarer '%(text)s' is not N, E, S or W", text=shorten(text)) if seat is None else seat


def _parse_tricks(text: str) -> int | _Wrong:
    if not text.strip():
        return _Wrong.make("the number of tricks is missing")
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18 or not 0 <= int(digits) <= 13:
        return _Wrong.make("tricks '%(text)s' is not a number of tricks from 0 to 13", text=shorten(text))
    return int(digits)


def _parse_lead(text: str) -> int | _Wrong:
    if len(text) == 2 and text[0].upper() in LEAD_SUITS and text[1].upper() in _RANKS:
        return LEAD_SUITS.index(text[0].upper())
    return _Wrong.make("lead '%(text)s' is not a card such as C2, SA or hk (suit C D H S, then rank 2-9 T J Q K A)",
                       text=shorten(text))  # fmt: skip


def _column(values: Sequence[str], parse: Any, cache: dict[str, Any]) -> list[Any]:
    for v in set(values):
        if v not in cache:
            cache[v] = parse(v)
    return list(map(cache.__getitem__, values))


def loads(scores_text: str, names: dict[str, str], filename: str = "scores.txt") -> ValetInput:
    """Read a scores file's text line by line (``names`` from ``read_names``): every problem is found and
    worded; lines with errors are left out.  ``load`` tries the columnar reader on the bytes first."""
    raw_lines = scores_text.split("\n")
    numbers: list[int] = []
    rows: list[list[str]] = []
    problems: list[Problem] = []
    for i, line in enumerate(raw_lines):
        if not line or line[0] == "#":
            continue
        stripped = line.rstrip()
        if not stripped:
            problems.append(Problem.make(Location(filename, i + 1), "the line holds only spaces; delete it"))
            continue
        numbers.append(i + 1)
        rows.append(stripped.split("|"))
    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    bad_len = (lengths != 9) & (lengths != 10)
    bad = bad_len.copy()
    for k in np.flatnonzero(bad_len):
        problems.append(Problem.make(Location(filename, numbers[k]),
                                     "expected 9 or 10 fields separated by '|' (%(fields)s), found %(count)d",
                                     fields="|".join(FIELDS), count=int(lengths[k])))  # fmt: skip
    columns = list(zip_longest(*rows, fillvalue=""))[:10] if rows else []
    while len(columns) < 10:
        columns.append(("",) * len(rows))
    n = len(rows)

    def check(
        col: int, parse: Any, cache: dict[str, Any], field_name: str, mask: np.ndarray | None = None
    ) -> list[Any]:
        values = _column(columns[col], parse, cache)
        errors = {k for k, v in cache.items() if isinstance(v, _Wrong)}
        if errors:
            for k, v in enumerate(columns[col]):
                if v in errors and not bad_len[k] and (mask is None or mask[k]):
                    wrong = cache[v]
                    problems.append(
                        Problem(Location(filename, numbers[k], field_name), wrong.message, values=wrong.values)
                    )
                    bad[k] = True
        return values

    rounds = check(0, lambda t: _parse_positive(t, "round"), {}, "round")
    boards = check(1, lambda t: _parse_positive(t, "board"), {}, "board")
    player_index = {tag: i for i, tag in enumerate(names)}

    def player(tag: str) -> int | _Wrong:
        found = player_index.get(tag)
        if found is None:
            return _Wrong.make("player '%(tag)s' is not in the names file", tag=shorten(tag.replace("\x00", "\\x00")))
        return found

    pcache: dict[str, Any] = {}
    seats = [check(c, player, pcache, FIELDS[c]) for c in (2, 3, 4, 5)]
    contracts = check(6, _parse_contract, {}, "contract")
    played = np.fromiter((not isinstance(c, tuple) or c[0] > 0 for c in contracts), dtype=bool, count=n)
    declarers = check(7, _parse_declarer, {}, "declarer", played)
    tricks = check(8, _parse_tricks, {}, "tricks", played)
    has_lead = (lengths == 10) & played
    leads = check(9, _parse_lead, {"": -1}, "lead", has_lead)

    keep = ~bad
    idx = np.flatnonzero(keep)

    def ints(values: list[Any], default: int = 0) -> np.ndarray:
        arr = np.fromiter((v if isinstance(v, int) else default for v in values), dtype=np.int64, count=n)
        return arr[idx]

    con = np.array([c if isinstance(c, tuple) else (0, 0, 0) for c in contracts], dtype=np.int64).reshape(-1, 3)
    level = con[idx, 0]
    is_played = level > 0
    players = np.stack([ints(s) for s in seats], axis=1) if n else np.zeros((0, 4), dtype=np.int64)
    lead = np.where(is_played & (lengths[idx] == 10), ints(leads, -1), -1)
    tables = ValetTables(
        hand_round=ints(rounds),
        hand_board=ints(boards),
        players=players.reshape(-1, 4),
        level=level,
        strain=np.where(is_played, con[idx, 1], -1),
        risk=np.where(is_played, con[idx, 2], 0),
        declarer=np.where(is_played, ints(declarers), -1),
        tricks=np.where(is_played, ints(tricks), -1),
        lead=lead,
        player_tags=tuple(names),
        names=MappingProxyType(dict(names)),
        sources=_Sources(filename, [numbers[k] for k in idx]),
    )
    if not rows and not problems:
        problems.append(
            Problem.make(Location(filename), "the file holds no table results (only comments or empty lines)")
        )
    problems.sort(key=lambda p: p.location.line or 0)
    return ValetInput(tables, tuple(problems))


def _byte_table(chars: str, values: list[int] | None = None, default: int = -1) -> np.ndarray:
    table = np.full(256, default, dtype=np.int64)
    for i, c in enumerate(chars):
        table[ord(c)] = values[i] if values is not None else i
    return table


_STRAIN_BYTE = _byte_table("CDHSNcdhsn", [0, 1, 2, 3, 4] * 2)
_SEAT_BYTE = _byte_table("NESWnesw", [0, 1, 2, 3] * 2)
_SUIT_BYTE = _byte_table("CDHScdhs", [0, 1, 2, 3] * 2)
_X_BYTE = _byte_table("xX", [1, 1], 0).astype(bool)
_RANK_BYTE = _byte_table("23456789TJQKAtjqka", [1] * 18, 0).astype(bool)
_SPACE_BYTE = _byte_table("\t\n\x0b\x0c\r ", [1] * 6, 0).astype(bool)

_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(8)] + [(1 << 64) - 1], dtype=np.uint64)

#: Bytes the columnar reader takes in one step (ending at a line's end): a step's temporaries stay in the
#: processor's cache, and the memory holds the file and the columns, not twenty times the file.
_CHUNK = 1 << 19

#: The columns of ``_loads_fast``'s output, in order.
_COLUMNS = ("round", "board", "level", "strain", "risk", "declarer", "tricks", "lead", "line")


def _loads_fast(
    data: bytes | np.ndarray, names: dict[str, str], filename: str, chunk: int = _CHUNK
) -> ValetInput | None:
    """Columnar reader on the raw bytes, ``chunk`` bytes at a time: each field of each line is packed into a
    64-bit word and decoded or looked up with numpy.

    Returns None at the first sign of anything unusual (a syntax error, an unknown tag, a tag longer than 8
    bytes, a line of blanks ...), and the careful line-by-line reader then reads the file and reports every
    problem with its line and field.
    """
    if isinstance(data, bytes):
        data = _padded(data)
    # ``data``: the file's bytes followed by at least 16 zero bytes (see _read_padded)
    size = data.size - 16
    skip = 3 if size >= 3 and bytes(data[:3]) == b"\xef\xbb\xbf" else 0
    if size - skip <= 0:
        return None
    encoded = [t.encode() for t in names]
    if not encoded or max(map(len, encoded)) > 8:
        return None
    tag_index = KeyIndex(np.array(encoded, dtype="S8").view("<u8"))
    buf = data[:size]
    # the 8 bytes at each offset of the file as one little-endian 64-bit word (a view, unaligned: no copy)
    words = np.ndarray((size + 8,), dtype="<u8", buffer=data, strides=(1,))
    most = sum(int(np.count_nonzero(buf[p : p + chunk] == 10)) for p in range(0, size, chunk)) + 1
    columns = np.empty((len(_COLUMNS), most), dtype=np.int64)
    players = np.empty((most, 4), dtype=np.int64)
    rows = 0
    lines_before = 0
    pos = skip
    while pos < size:
        stop = min(pos + chunk, size)
        mark = buf[pos:stop] == 10
        nl = np.flatnonzero(mark)
        if stop < size:  # the step ends after its last newline
            if nl.size == 0:
                return None  # a line of a megabyte is no table result
            stop = pos + int(nl[-1]) + 1
            mark = mark[: stop - pos]
        # the step's lines: each newline ends one, and text after the last newline is a last line
        ends = nl
        if stop == size and (nl.size == 0 or int(nl[-1]) != stop - pos - 1):
            ends = np.append(nl, stop - pos)
        np.equal(buf[pos:stop], 124, out=mark)
        pipes = np.flatnonzero(mark)
        got = _fast_lines(buf, words, pos, ends, pipes, tag_index, lines_before)
        if got is None:
            return None
        values, seats = got
        m = seats.shape[0]
        columns[:, rows : rows + m] = values
        players[rows : rows + m] = seats
        rows += m
        lines_before += nl.size
        pos = stop
    if rows == 0:
        return None
    if rows < most * 3 // 4:  # many comment or empty lines: keep only what is used
        columns, players = columns[:, :rows].copy(), players[:rows].copy()
    c = dict(zip(_COLUMNS, columns[:, :rows], strict=True))
    tables = ValetTables(
        hand_round=c["round"], hand_board=c["board"], players=players[:rows], level=c["level"],
        strain=c["strain"], risk=c["risk"], declarer=c["declarer"], tricks=c["tricks"], lead=c["lead"],
        player_tags=tuple(names), names=MappingProxyType(dict(names)), sources=_Sources(filename, c["line"]),
    )  # fmt: skip
    return ValetInput(tables, ())


def _fast_lines(
    buf: np.ndarray,
    words: np.ndarray,
    pos: int,
    ends: np.ndarray,
    pipes: np.ndarray,
    tag_index: KeyIndex,
    lines_before: int,
) -> tuple[np.ndarray, np.ndarray] | None:
    """One step of ``_loads_fast``: the lines ending at ``ends`` (offsets from ``pos``, the first line starting at
    ``pos``) with the pipes at ``pipes`` (offsets from ``pos``): the columns ``_COLUMNS`` and the players, or
    None if anything is unusual."""
    if ends.size == 0:
        return np.empty((len(_COLUMNS), 0), dtype=np.int64), np.empty((0, 4), dtype=np.int64)
    size = buf.size
    pipes_to_end = np.searchsorted(pipes, ends)
    first_pipe = np.empty_like(pipes_to_end)
    first_pipe[0] = 0
    first_pipe[1:] = pipes_to_end[:-1]
    count = pipes_to_end - first_pipe
    starts = np.empty_like(ends)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    starts += pos
    ends = ends + pos
    numbers = np.arange(lines_before + 1, lines_before + 1 + ends.size)
    nonempty = ends > starts
    first = buf[np.minimum(starts, size - 1)]
    keep = nonempty & (first != ord("#"))
    if not keep.all():
        starts, ends, numbers, first_pipe, count = (a[keep] for a in (starts, ends, numbers, first_pipe, count))
    n = starts.size
    if n == 0:
        return np.empty((len(_COLUMNS), 0), dtype=np.int64), np.empty((0, 4), dtype=np.int64)
    if not buf[int(starts[0]) : int(ends[-1])].all():  # a NUL byte: packed, "g\x00" would read as the tag "g"
        return None
    for _ in range(64):  # blanks at the end of a line (a carriage return too) are not part of its last field
        last = _SPACE_BYTE[buf[ends - 1]] & (ends > starts)
        if not last.any():
            break
        ends = ends - last
    else:
        return None
    if (ends <= starts).any() or ((count != 8) & (count != 9)).any():
        return None
    has_lead = count == 9
    pipes = pipes + pos
    keys = np.empty((10, n), dtype=np.uint64)
    lengths = np.empty((10, n), dtype=np.int64)
    start = starts
    for k in range(10):
        if k < 8:
            end = pipes[first_pipe + k]
        elif k == 8:
            end = np.where(has_lead, pipes[np.minimum(first_pipe + 8, pipes.size - 1)], ends)
        else:
            end = ends
            start = np.where(has_lead, start, ends)
        ln = end - start
        if int(ln.max()) > 8 or int(ln.min()) < 0:
            return None
        np.bitwise_and(words[start], _MASKS[ln], out=keys[k])
        lengths[k] = ln
        start = end + 1

    out = np.empty((len(_COLUMNS), n), dtype=np.int64)
    for k in (0, 1):  # round and board: 1 to 8 digits, not 0 (the careful reader takes the rest)
        value = _digits(keys[k], lengths[k])
        if value is None or not (value >= 1).all():
            return None
        out[k] = value
    # contract: P/p, or level 0-7, strain letter, then X or XX (either case); a level 0 is passed out
    c_key, c_len = keys[6], lengths[6]
    c0, c1, c2, c3 = (((c_key >> np.uint64(8 * j)) & np.uint64(0xFF)).astype(np.intp) for j in range(4))
    level = c0 - 48
    strain = _STRAIN_BYTE[c1]
    risk = (c_len >= 3).astype(np.int64) + (c_len >= 4)
    x_ok = ((c_len < 3) | _X_BYTE[c2]) & ((c_len < 4) | _X_BYTE[c3])
    is_pass = (c_len == 1) & ((c0 == ord("P")) | (c0 == ord("p")))
    c_ok = is_pass | ((c_len >= 2) & (c_len <= 4) & (level >= 0) & (level <= 7) & (strain >= 0) & x_ok)
    if not c_ok.all():
        return None
    level[is_pass] = 0
    played = level > 0
    d_key = keys[7]
    declarer = _SEAT_BYTE[(d_key & np.uint64(0xFF)).astype(np.intp)]
    d_ok = (lengths[7] == 1) & (declarer >= 0)
    t_key, t_len = keys[8], lengths[8]
    lo = ((t_key & np.uint64(0xFF)).astype(np.int64)) - 48
    hi = ((t_key >> np.uint64(8)) & np.uint64(0xFF)).astype(np.int64) - 48
    one = (t_len == 1) & (lo >= 0) & (lo <= 9)
    two = (t_len == 2) & (lo == 1) & (hi >= 0) & (hi <= 3)
    l_key = keys[9]
    lead = _SUIT_BYTE[(l_key & np.uint64(0xFF)).astype(np.intp)]
    l_ok = (lengths[9] == 2) & (lead >= 0) & _RANK_BYTE[((l_key >> np.uint64(8)) & np.uint64(0xFF)).astype(np.intp)]
    lead_mask = played & has_lead
    if not (d_ok | ~played).all() or not (one | two | ~played).all() or not (l_ok | ~lead_mask).all():
        return None
    seats, found = tag_index(keys[2:6].T.copy())
    if not found.all():
        return None
    out[2] = level
    out[3] = np.where(played, strain, -1)
    out[4] = np.where(played, risk, 0)
    out[5] = np.where(played, declarer, -1)
    out[6] = np.where(played, np.where(one, lo, 10 + hi), -1)
    out[7] = np.where(lead_mask, lead, -1)
    out[8] = numbers
    return out, seats


_ZEROS = np.array([0x3030303030303030 >> (8 * k) for k in range(8)] + [0], dtype=np.uint64)
_FOUR_BITS, _ASCII_ZEROS, _SIXES = (np.uint64(0x0101010101010101 * b) for b in (0xF0, 0x30, 0x06))


def _digits(key: np.ndarray, length: np.ndarray) -> np.ndarray | None:
    """The numbers written in ``key`` (up to 8 ASCII digits packed little-endian, ``length`` of them), or None if
    one is empty or holds another character.  The digits are moved to the top of the word behind '0's and
    combined two, four, then eight at a time (three multiplications instead of one pass a digit)."""
    if int(length.min()) < 1:
        return None
    x = (key << ((8 - length) * 8).astype(np.uint64)) | _ZEROS[length]
    if not (((x & _FOUR_BITS) == _ASCII_ZEROS) & (((x + _SIXES) & _FOUR_BITS) == _ASCII_ZEROS)).all():
        return None
    x -= _ASCII_ZEROS
    x = (x * np.uint64(10) + (x >> np.uint64(8))) & np.uint64(0x00FF00FF00FF00FF)
    x = (x * np.uint64(100) + (x >> np.uint64(16))) & np.uint64(0x0000FFFF0000FFFF)
    x = (x * np.uint64(10000) + (x >> np.uint64(32))) & np.uint64(0xFFFFFFFF)
    value: np.ndarray = x.astype(np.int64)
    return value


class _Sources(Sequence[Location]):
    """Each row's file and line, made on demand (a tuple of 400,000 Locations would cost 0.2 s)."""

    def __init__(self, filename: str, lines: Any) -> None:
        self._file = filename
        self._lines = lines

    def __len__(self) -> int:
        return len(self._lines)

    def take(self, rows: np.ndarray) -> _Sources:
        """The sources of the given rows (for a selection of the tables)."""
        return _Sources(self._file, np.asarray(self._lines)[rows])

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [Location(self._file, int(n)) for n in self._lines[i]]
        return Location(self._file, int(self._lines[i]))

    def __iter__(self) -> Iterator[Location]:
        return (Location(self._file, int(n)) for n in self._lines)


def load(names_path: str | Path, scores_path: str | Path) -> ValetInput:
    """Read a names file and a scores file (conv. §1)."""
    problems: list[Problem] = []
    names: dict[str, str] = {}
    try:
        names_bytes = files.read_bytes(names_path)
    except OSError as exc:
        problems.append(_unreadable(names_path, exc))
    except MemoryError:
        problems.append(_too_large(names_path))
    else:
        names, name_problems = read_names(_decode(names_bytes), str(names_path))
        problems.extend(name_problems)
    try:
        scores = _read_padded(Path(scores_path))
    except OSError as exc:
        problems.append(_unreadable(scores_path, exc))
        return ValetInput(_empty(names), tuple(problems))
    except MemoryError:
        problems.append(_too_large(scores_path))
        return ValetInput(_empty(names), tuple(problems))
    try:
        result = _loads_fast(scores, names, str(scores_path))
        if result is None:
            result = loads(_decode(scores[:-16].tobytes()), names, str(scores_path))
    except MemoryError:
        del scores
        problems.append(_too_large(scores_path))
        return ValetInput(_empty(names), tuple(problems))
    return ValetInput(result.tables, tuple(problems) + result.problems)


def _unreadable(path: str | Path, exc: OSError) -> Problem:
    from bridgescore.io.csv import unreadable

    return unreadable(str(path), exc)


def _too_large(path: str | Path) -> Problem:
    from bridgescore.io.csv import too_large

    return too_large(str(path))


def _read_padded(path: Path) -> np.ndarray:
    """The file's bytes followed by 16 zero bytes, read straight into a numpy buffer (no copy); a file that is
    not one or is too large refused before it is opened (:mod:`bridgescore.io.files`)."""
    files.refuse(path)
    with path.open("rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        buffer = np.zeros(size + 16, dtype=np.uint8)
        got = handle.readinto(buffer[:size].data)
        extra = handle.read(1)
    if got != size or extra:  # the file changed while being read: read it again as a whole
        data = files.read_bytes(path)
        return _padded(data)
    return buffer


def _padded(data: bytes) -> np.ndarray:
    """The bytes followed by 16 zero bytes, in a buffer the fast reader may view as 64-bit words."""
    padded = np.zeros(len(data) + 16, dtype=np.uint8)
    padded[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    return padded


def load_dir(directory: str | Path, names: str = "names.txt", scores: str = "scores.txt") -> ValetInput:
    """Read ``directory/names.txt`` and ``directory/scores.txt`` (the reference's ``-d``, ``-n``, ``-s``)."""
    d = Path(directory)
    return load(d / names, d / scores)


def _empty(names: dict[str, str]) -> ValetTables:
    z = np.zeros(0, dtype=np.int64)
    return ValetTables(z, z.copy(), np.zeros((0, 4), dtype=np.int64), z.copy(), z.copy(), z.copy(), z.copy(),
                       z.copy(), z.copy(), tuple(names), MappingProxyType(dict(names)))  # fmt: skip


def records(tables: ValetTables) -> Iterator[ValetLine]:
    """The rows as immutable, complete records."""
    tags = tables.player_tags
    for i in range(len(tables)):
        contract = tables.contract_of(i)
        played = not contract.is_passed_out
        lead = int(tables.lead[i])
        north, east, south, west = (tags[int(p)] for p in tables.players[i])
        yield ValetLine(
            int(tables.hand_round[i]), int(tables.hand_board[i]), north, east, south, west,
            contract=contract,
            declarer=Seat(int(tables.declarer[i])) if played else None,
            tricks=int(tables.tricks[i]) if played else None,
            lead=LEAD_SUITS[lead] if played and lead >= 0 else None,
            source=tables.sources[i] if tables.sources is not None else None,
        )  # fmt: skip


def from_event(event: Event) -> ValetInput:
    """Tables from any bridgescore ``Event`` that has declarers (traveller CSV; USEBIO and PBN readers give
    the same type).  Leads are optional.

    An event names pairs, not players: the pair's first player is taken to be the one sitting North or East
    and the second South or West (what "Declarer1"/"Lead1" then mean); a pair's tags are ``<pair>/1`` and
    ``<pair>/2`` and its name is the event's name for the pair, if any.  The hand of a result is its board in
    its section (round = the section's position among the event's sections, in order).  Boards not played,
    adjusted scores and lines without a contract or declarer cannot be split and are left out with a warning.

    A pair is known by its number in its section and, where a section numbers its pairs per direction (NS 1 and
    EW 1 are two pairs, as ACBLscore numbers a Mitchell: ``sections_numbered_per_direction``), its direction:
    its label is then ``1 NS`` / ``1 EW``, and with several sections ``A:1``.  (Pair numbers alone once made
    NS 1 and EW 1 of a Mitchell one pair, which played against itself.)
    """
    from bridgescore.core.event import ResultStatus, sections_numbered_per_direction

    problems: list[Problem] = list(event.problems)
    sections = sorted({r.section for r in event.results})
    section_no = {s: i + 1 for i, s in enumerate(sections)}
    per_direction = sections_numbered_per_direction(event.results)
    tag_index: dict[str, int] = {}
    names: dict[str, str] = {}
    pair_labels: dict[str, str] = {}

    def tag(section: str, pair: str, side: str, k: int) -> int:
        label = f"{pair} {side}" if section in per_direction else pair
        if len(sections) > 1:
            label = f"{section}:{label}"
        t = f"{label}/{k}"
        if t not in tag_index:
            tag_index[t] = len(tag_index)
            names[t] = lookup(event.names, section, pair) or label
            pair_labels[t] = label
        return tag_index[t]

    cols: dict[str, list[int]] = {k: [] for k in ("r", "b", "n", "e", "s", "w", "lv", "st", "rk", "d", "t", "ld")}
    sources: list[Location] = []
    for r in event.results:
        where = r.source or Location("<event>")
        if r.status is ResultStatus.NOT_PLAYED or r.status is ResultStatus.ADJUSTED or r.contract is None:
            problems.append(Problem.make(where, "no contract played (not played or adjusted): left out of the Valet "
                                                "score", Severity.WARNING))  # fmt: skip
            continue
        c = r.contract
        if not c.is_passed_out and (r.declarer is None or r.tricks is None):
            problems.append(
                Problem.make(
                    Location(where.file, where.line, "declarer"),
                    "the Valet score needs the declarer and the tricks of every contract played",
                )
            )
            continue
        ns, ew = r.ns_pair, r.ew_pair
        cols["r"].append(section_no[r.section])
        cols["b"].append(r.board)
        cols["n"].append(tag(r.section, ns, "NS", 1))
        cols["e"].append(tag(r.section, ew, "EW", 1))
        cols["s"].append(tag(r.section, ns, "NS", 2))
        cols["w"].append(tag(r.section, ew, "EW", 2))
        if c.is_passed_out:
            cols["lv"].append(0)
            cols["st"].append(-1)
            cols["rk"].append(0)
            cols["d"].append(-1)
            cols["t"].append(-1)
            cols["ld"].append(-1)
        else:
            assert c.strain is not None and r.declarer is not None and r.tricks is not None
            cols["lv"].append(c.level)
            cols["st"].append(int(c.strain))
            cols["rk"].append(int(c.risk))
            cols["d"].append(int(r.declarer))
            cols["t"].append(r.tricks)
            cols["ld"].append(_lead_suit(r.lead))
        sources.append(where)
    a = {k: np.asarray(v, dtype=np.int64) for k, v in cols.items()}
    tables = ValetTables(
        a["r"], a["b"], np.stack([a["n"], a["e"], a["s"], a["w"]], axis=1).reshape(-1, 4),
        a["lv"], a["st"], a["rk"], a["d"], a["t"], a["ld"],
        tuple(tag_index), MappingProxyType(names), tuple(sources),
        pair_of_player=tuple(pair_labels[t] for t in tag_index),
    )  # fmt: skip
    kept = {where.file for where in sources}
    for file in dict.fromkeys((r.source or Location("<event>")).file for r in event.results):
        if file not in kept:  # every line of the file was left out above: nothing of it is scored
            problems.append(Problem.make(Location(file), "no results to score in %(file)s: no line of it has a "
                                                         "contract played with its declarer and tricks",
                                         file=Path(file).name))  # fmt: skip
    return ValetInput(tables, tuple(problems))


_SUIT_WORDS = {"C": 0, "♣": 0, "K": 0, "D": 1, "♦": 1, "R": 1, "H": 2, "♥": 2, "S": 3, "♠": 3}


def _lead_suit(lead: str | None) -> int:
    """The suit of a lead card as travellers write it (``SA``, ``♠A``, ``C2``, Dutch ``K``/``R``); -1 if none."""
    if not lead:
        return -1
    return _SUIT_WORDS.get(lead.strip()[:1].upper(), -1)


def read_input(paths: Sequence[Path], names: Path | None = None, scores: Path | None = None) -> ValetInput:
    """What ``bridgescore valet`` reads: ``names`` and ``scores`` files, directories holding ``names.txt``
    and ``scores.txt``, or traveller files with declarers (any reader giving an ``Event``)."""
    parts: list[ValetInput] = []
    if names is not None and scores is not None:
        parts.append(load(names, scores))
    from bridgescore.core.event import Event

    events: list[Event] = []
    for path in paths:
        if path.is_dir():
            parts.append(load_dir(path))
        else:
            event = _read_event(path)
            events.append(event)
    if events:
        # each file a section (its own field, as before issue 13): the Valet compares a board within its field, so
        # two evenings with the same board numbers are never compared with each other
        merged = Event.merge(events, section_per_file=True)
        parts.append(replace(from_event(merged), event=merged))
    if len(parts) == 1:
        return parts[0]
    problems = tuple(p for part in parts for p in part.problems)
    if not parts:
        return ValetInput(_empty({}), problems)
    return ValetInput(
        _empty({}),
        (*problems, Problem.make(Location(str(paths[0]) if paths else "<input>"),
                                 "give one Valet directory (or --names/--scores) or traveller files, not both")),
    )  # fmt: skip


def _read_event(path: Path) -> Event:
    """A traveller file through the reader its suffix calls for (CSV, USEBIO XML, PBN)."""
    from bridgescore.io import load_event

    return load_event(path)
