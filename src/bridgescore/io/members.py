"""The members file, and players by member number on travellers (issue 13).

A members file names the players a club or federation knows by their member number::

    number,name                      lidnummer;naam;club
    1234567,Ann Smith                8800123;Jan de Vries;BC Oost

Columns (case-insensitive, English and Dutch): the number (``number``, ``member``, ``membernumber``, ``id``,
``lidnummer``, ``bondsnummer``, ``nbb``, ``nbbnummer``, ``ebu``, ``ebunumber``, ``acbl``, ``playernumber``,
``nationalidnumber``) and the name (``name``, ``naam``, ``player``, ``speler``; or ``firstname``/``voornaam``
with ``lastname``/``surname``/``achternaam``); every other column is kept in :attr:`Player.extra`.  Comma,
semicolon or tab separated, UTF-8 with or without BOM, Windows-1252 with a warning (as the traveller files).  A
file without a header is read as ``number,name``.  Numbers are kept as written (NBB, EBU, ACBL numbers as they
are; :mod:`bridgescore.core.players`).

Players on travellers: a traveller CSV may give each seat's member number in the columns ``n_number``,
``s_number``, ``e_number``, ``w_number`` (also ``north_number`` …, Dutch ``noord_nummer``/``n_bondsnummer`` …);
its player columns ``north``/``south``/``east``/``west`` (BBO's travellers) name the players.  Both fill
:attr:`Event.players` (:func:`seated_players`).  A player given by number only takes the name the members file
gives (:func:`with_members`); a number the members file does not hold is an error at the file, line and column
where it is written, naming the number and the members file.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from bridgescore.core.event import Event
from bridgescore.core.players import Player
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.core.table import Column, distinct, pair_codes
from bridgescore.io.csv import COLUMN_SYNONYMS, header_key, read_file, read_records, too_large

__all__ = [
    "NUMBER_COLUMNS",
    "Members",
    "SeatedPairs",
    "load",
    "loads",
    "seated_pairs_when_asked",
    "seated_players",
    "with_members",
    "without_cycle_collection",
]

_NUMBER = (
    "number", "member", "membernumber", "memberno", "memberid", "id", "nr", "lidnummer", "lidnr", "bondsnummer",
    "bondsnr", "nbb", "nbbnummer", "nbbnumber", "ebu", "ebunumber", "ebuno", "acbl", "acblnumber", "playernumber",
    "playerid", "nationalidnumber", "spelernummer",
)  # fmt: skip
_NAME = ("name", "naam", "player", "playername", "speler", "spelernaam", "fullname", "volledigenaam")
_FIRST = ("firstname", "first", "forename", "givenname", "voornaam")
_LAST = ("lastname", "last", "surname", "familyname", "achternaam")
_INDEX = {
    **{a: "number" for a in _NUMBER},
    **{a: "name" for a in _NAME},
    **{a: "first" for a in _FIRST},
    **{a: "last" for a in _LAST},
}

#: A traveller column holding a seat's member number (compared as :func:`header_key` compares headers) → seat.
NUMBER_COLUMNS: Mapping[str, str] = MappingProxyType(
    {
        header_key(prefix + suffix): seat
        for seat, prefixes in (
            ("north", ("n", "north", "noord")),
            ("south", ("s", "south", "z", "zuid")),
            ("east", ("e", "east", "o", "oost")),
            ("west", ("w", "west")),
        )
        for prefix in prefixes
        for suffix in (
            "_number",
            "_nr",
            "_member",
            "_id",
            "_nummer",
            "_lidnummer",
            "_bondsnummer",
            "_nbb",
            "_ebu",
            "_acbl",
        )
    }
)
_SEAT_NAMES = {header_key(word): seat for seat in ("north", "south", "east", "west") for word in COLUMN_SYNONYMS[seat]}


class Members(Mapping[str, Player]):
    """The members read from a members file: member number → :class:`Player` (read-only), with the line each was
    read from (``sources``) and the file (``file``), so that a number it lacks can be reported naming it."""

    def __init__(self, players: Mapping[str, Player], sources: Mapping[str, Location], file: str = "") -> None:
        self._players = dict(players)
        self.sources: Mapping[str, Location] = MappingProxyType(dict(sources))
        self.file = file

    def __getitem__(self, key: str) -> Player:
        return self._players[key.strip()]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key.strip() in self._players

    def __iter__(self) -> Iterator[str]:
        return iter(self._players)

    def __len__(self) -> int:
        return len(self._players)

    def __repr__(self) -> str:
        return f"Members({self._players!r})"


def loads(text: str, filename: str = "<members>") -> tuple[Members, tuple[Problem, ...]]:
    """The members in a members file's text, and every problem found (file, line and column).

    A line without a number or without a name is left out and said; a number given twice with two names is an
    error at the second line (the same name twice is a warning: the line is read once)."""
    problems: list[Problem] = []
    records = read_records(text, filename, problems)
    if not records:
        return Members({}, {}, filename), (*problems, Problem.make(Location(filename), "the members file is empty"))
    header_line, first = records[0]
    header: dict[str, int] = {}
    for i, heading in enumerate(first):
        field = _INDEX.get(header_key(heading))
        if field is not None and field not in header:
            header[field] = i
    if "number" in header and ("name" in header or "first" in header or "last" in header):
        records = records[1:]
    elif len(first) >= 2 and any(ch.isdigit() for ch in first[0]):
        header = {"number": 0, "name": 1}
    else:
        return Members({}, {}, filename), (
            *problems,
            Problem.make(
                Location(filename, header_line, "number"),
                "the members file's header has no member number and name columns (found: %(found)s)",
                found=shorten(", ".join(first)),
            ),
        )
    names_of = {i: (first[i].strip() or f"column {i + 1}") for i in range(len(first))}
    used = set(header.values())

    def cell(row: list[str], field: str) -> str:
        i = header.get(field)
        return row[i].strip() if i is not None and i < len(row) else ""

    players: dict[str, Player] = {}
    sources: dict[str, Location] = {}
    for line, row in records:
        number = cell(row, "number")
        name = cell(row, "name") or " ".join(p for p in (cell(row, "first"), cell(row, "last")) if p)
        if not number:
            problems.append(
                Problem.make(
                    Location(filename, line, names_of.get(header["number"], "number")),
                    "no member number on this line; the line is left out",
                )
            )
            continue
        if not name:
            field = names_of.get(header.get("name", header.get("first", header.get("last", 1))), "name")
            problems.append(
                Problem.make(
                    Location(filename, line, field),
                    "member %(number)s has no name on this line; the line is left out",
                    number=shorten(number),
                )
            )
            continue
        where = Location(filename, line, names_of.get(header["number"], "number"))
        known = players.get(number)
        if known is not None:
            same = " ".join(name.split()).casefold() == known.name.casefold()
            problems.append(
                Problem.make(
                    where,
                    "member %(number)s is given again (line %(before)s, '%(first)s'); this line is left out"
                    if same
                    else "member %(number)s is '%(second)s' here but '%(first)s' on line %(before)s: one number, two "
                    "players; correct the members file",
                    Severity.WARNING if same else Severity.ERROR,
                    number=shorten(number),
                    second=shorten(name),
                    first=shorten(known.name),
                    before=sources[number].line or 0,
                )
            )
            continue
        extra = {
            names_of[i]: row[i].strip() for i in range(min(len(row), len(first))) if i not in used and row[i].strip()
        }
        players[number] = Player(number=number, name=name, extra=MappingProxyType(extra))
        sources[number] = where
    return Members(players, sources, filename), tuple(problems)


def load(path: str | Path) -> tuple[Members, tuple[Problem, ...]]:
    """Read a members file (see the module docstring)."""
    text, problems = read_file(path, "the members file")
    if text is None:
        return Members({}, {}, str(Path(path))), tuple(problems)
    try:
        members, more = loads(text, str(Path(path)))
    except MemoryError:
        del text
        return Members({}, {}, str(Path(path))), (too_large(str(Path(path))),)
    return members, tuple(problems) + more


def _pair_key(section: str, pair: str, sectioned: bool) -> str:
    return f"{section}:{pair}" if sectioned and section else pair


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a million or two pairs' tuples are made: it runs every 700 new
    container objects and now and then walks the whole heap of a large event, about half of the time of making
    an individual's 2,000,000 pairs (issue 19); those tuples hold players only and make no cycle."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def seated_players(event: Event) -> tuple[dict[str, tuple[Player, ...]], dict[str, Location], list[Problem]]:
    """The players of each pair as the traveller lines give them: member numbers in the ``n_number`` …
    columns (:data:`NUMBER_COLUMNS`), names in the ``north`` … player columns; keyed as :attr:`Event.names`
    (``SECTION:PAIR`` where the event has sections).  Returns the players, where each member number was first
    written (number → file, line, column), and a warning for a pair given other players on a later line (the first
    line's players are kept).

    Worked out on the columns (issues 12 and 19: an individual's pairs, north+south, are nearly all distinct, so a
    Python step per line side was most of a 1,000,000-line individual's time): each seat's (number, name) is one
    player code, each side of a line a (section, pair, player, player) key, and only its distinct keys, in the
    order of the lines (North-South before East-West), are looked at; a pair given on more than one key (other
    players, or the same players in other seats) is compared in the order of the lines, as they are written."""
    if not event.results:
        return {}, {}, []
    table = event.table
    columns = {name: seat for name in table.extra if (seat := NUMBER_COLUMNS.get(header_key(name))) is not None}
    # the players' names: the seat columns that make the pairs (kept as ``north`` …), or beside ``ns``/``ew`` as
    # their file heads them (``North``, ``Noord``)
    named: dict[str, str] = {}
    for name in table.extra:
        seat = _SEAT_NAMES.get(header_key(name))
        if seat is not None and (seat not in named or name == seat):
            named[seat] = name
    if not columns and not named:
        return {}, {}, []
    by_seat_number = {seat: name for name, seat in columns.items()}
    sectioned = any(table.section.labels)
    n = len(table)
    empty: Column[str | None] = Column.constant(None, n)

    def stripped(column: Column[str | None]) -> Column[str]:
        return column.map(lambda value: (value or "").strip())

    # each seat's player as a code into ``made`` (-1: no number and no name), one Player per (number, name)
    made: dict[tuple[str, str], int] = {}
    seat_players: dict[str, npt.NDArray[np.int64]] = {}
    seat_numbers: dict[str, Column[str]] = {}
    for seat in ("north", "south", "east", "west"):
        number = stripped(table.extra.get(by_seat_number[seat], empty) if seat in by_seat_number else empty)
        player_name = stripped(table.extra.get(named[seat], empty) if seat in named else empty)
        seat_numbers[seat] = number
        width = max(len(player_name.labels), 1)
        combined = number.codes.astype(np.int64) * width + player_name.codes
        found = distinct(combined)
        code_of = np.array(
            [
                -1 if not (pair := (number.labels[k // width], player_name.labels[k % width]))[0] and not pair[1]
                else made.setdefault(pair, len(made))
                for k in found.tolist()
            ],
            dtype=np.int64,
        )  # fmt: skip
        seat_players[seat] = code_of[np.searchsorted(found, combined)] if len(found) else np.full(n, -1, np.int64)
    made_players = [Player(number=number, name=name) for number, name in made]  # one per player, not per line
    pair_labels, ns_codes, ew_codes = pair_codes(table)
    files, line_numbers, section_labels = table.file, table.line, table.section.labels

    def where(row: int) -> Location:
        return Location(files[row] or "<input>", int(line_numbers[row]) or None)

    # where each member number is first written: the lines in order, each line's seats North, South, East, West
    sources: dict[str, Location] = {}
    if by_seat_number:
        order = ("north", "south", "east", "west")
        numbers = Column.concat([seat_numbers[seat] for seat in order])
        written = numbers.codes.reshape(4, n).T.ravel()  # row by row, seat by seat
        blank = numbers.labels.index("") if "" in numbers.labels else -1
        _, first = np.unique(written, return_index=True)
        for at in np.sort(first[written[first] != blank]).tolist():
            row, seat = divmod(at, 4)
            sources[numbers.labels[written[at]]] = replace(where(row), field=by_seat_number[order[seat]])

    # the distinct (section, pair, players) of each side, in the order of the lines, North-South first
    player_width = len(made) + 1
    rows_parts, pair_parts, first_parts, second_parts = [], [], [], []
    for pair_of_row, seats in ((ns_codes, ("north", "south")), (ew_codes, ("east", "west"))):
        first_player, second_player = seat_players[seats[0]], seat_players[seats[1]]
        group = table.section.codes.astype(np.int64) * max(len(pair_labels), 1) + pair_of_row
        keys = [group, first_player + 1, second_player + 1]
        key, size = keys[0], int(keys[0].max(initial=0)) + 1
        for part in keys[1:]:
            if size * player_width >= 2**62:
                _, key = np.unique(key, return_inverse=True)
                key, size = key.reshape(-1).astype(np.int64), int(key.max(initial=0)) + 1
            key, size = key * player_width + part, size * player_width
        order_of_key = np.argsort(key, kind="stable")
        ordered = key[order_of_key]
        starts = np.ones(n, dtype=bool)
        np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
        rows = np.sort(order_of_key[starts])  # the first line of each distinct key
        whole = (first_player[rows] >= 0) & (second_player[rows] >= 0)  # a pair of two players
        rows = rows[whole]
        rows_parts.append(rows)
        pair_parts.append(group[rows])
        first_parts.append(first_player[rows])
        second_parts.append(second_player[rows])
    del seat_players, first_player, second_player, group, key, order_of_key, ordered, starts, whole
    side = np.concatenate([np.zeros(len(rows_parts[0]), np.int8), np.ones(len(rows_parts[1]), np.int8)])
    rows = np.concatenate(rows_parts)
    in_order = np.lexsort((side, rows))
    del side
    rows = rows[in_order]
    groups = np.concatenate(pair_parts)[in_order]
    firsts = np.concatenate(first_parts)[in_order]
    seconds = np.concatenate(second_parts)[in_order]
    del in_order, rows_parts, pair_parts, first_parts, second_parts  # a large event's arrays go before its pairs come
    if not len(rows):
        return {}, sources, []
    _, first_of_group, inverse, counts = np.unique(groups, return_index=True, return_inverse=True, return_counts=True)
    again = np.flatnonzero(counts[inverse.reshape(-1)] > 1)  # the pairs given on more than one key
    del inverse, counts
    first_of_group.sort()  # each pair's first key, in the order of the lines
    # what the pairs given on more than one key need; the rest of the arrays go
    again_groups, again_rows, again_firsts, again_seconds = groups[again], rows[again], firsts[again], seconds[again]
    firsts, seconds, groups = firsts[first_of_group], seconds[first_of_group], groups[first_of_group]
    del rows, again, first_of_group
    pair_width = max(len(pair_labels), 1)

    def key_of(group: int) -> str:
        return _pair_key(section_labels[group // pair_width], pair_labels[group % pair_width], sectioned)

    # the keys and players taken through object arrays (references), not a Python int per pair to look them up by
    keys_in_order: Iterable[Any]
    if sectioned:
        keys_in_order = [key_of(g) for g in groups.tolist()]
    else:
        label_of = np.empty(len(pair_labels), dtype=object)
        label_of[:] = pair_labels
        keys_in_order = label_of[groups % pair_width]
        del label_of
    del groups
    by_code = np.empty(len(made_players), dtype=object)
    by_code[:] = made_players
    first_seated, second_seated = by_code[firsts], by_code[seconds]
    del firsts, seconds
    with without_cycle_collection():
        players: dict[str, tuple[Player, ...]] = dict(
            zip(keys_in_order, zip(first_seated, second_seated, strict=True), strict=True)
        )
    del keys_in_order, first_seated, second_seated
    # a pair given on more than one key: each later key compared with the first line's players, said once per change
    problems: list[Problem] = []
    first_line: dict[int, Location] = {}
    for group, row, first_code, second_code in zip(
        again_groups.tolist(), again_rows.tolist(), again_firsts.tolist(), again_seconds.tolist(), strict=True
    ):
        seated = (made_players[first_code], made_players[second_code])
        if group not in first_line:
            first_line[group] = where(row)
            continue
        pair_key = key_of(group)
        known = players[pair_key]
        if {(p.number, p.name.casefold()) for p in known} != {(p.number, p.name.casefold()) for p in seated}:
            # a name in another case is the same player (BBO usernames; players.player_key folds case too)
            problems.append(
                Problem.make(
                    where(row),
                    "pair %(pair)s is %(second)s on this line but %(first)s on line %(before)s; the players "
                    "of line %(before)s are kept",
                    Severity.WARNING,
                    pair=shorten(pair_key),
                    second=shorten(" & ".join(p.number or p.name for p in seated)),
                    first=shorten(" & ".join(p.number or p.name for p in known)),
                    before=first_line[group].line or 0,
                )
            )
            first_line[group] = where(row)  # said once per change, not on every later line
    return players, sources, problems


class SeatedPairs(Mapping[str, tuple[Player, ...]]):
    """The players of an individual's pairs (``north+south``, ``east+west``), :func:`seated_players`' first value,
    worked out when first asked for (issue 19).  An individual's pairs are nearly all distinct – 2,000,000 of them in
    a 1,000,000-line file – and making their players took a quarter of ``bridgescore individual``'s time, while the
    individual ranks players, not pairs: its rankings and most reports never look at them.  Anything that does
    (the USEBIO report, merging several files, ``Event`` equality) gets the same mapping, in the same order, as
    :func:`seated_players` gives.  Made only by :func:`seated_pairs_when_asked`, which knows the pairs' players to be
    empty or not without working them out."""

    __slots__ = ("_any", "_event", "_players")

    def __init__(self, event: Event, any_pair: bool) -> None:
        self._event: Event | None = event
        self._players: Mapping[str, tuple[Player, ...]] | None = None
        self._any = any_pair

    def _worked_out(self) -> Mapping[str, tuple[Player, ...]]:
        if self._players is None:
            assert self._event is not None
            self._players = MappingProxyType(seated_players(self._event)[0])
            self._event = None
        return self._players

    def __getitem__(self, key: str) -> tuple[Player, ...]:
        return self._worked_out()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._worked_out())

    def __len__(self) -> int:
        return len(self._worked_out())

    def __bool__(self) -> bool:
        return self._any if self._players is None else bool(self._players)

    def __repr__(self) -> str:
        return f"SeatedPairs({dict(self._worked_out())!r})"


def seated_pairs_when_asked(event: Event) -> SeatedPairs | None:
    """The players of ``event``'s pairs as a :class:`SeatedPairs`, where :func:`seated_players` would add no name
    and report no problem: a CSV individual (``event.form``: its pairs made of the ``north`` … ``west`` player
    columns, no pair numbers, :func:`bridgescore.io.csv_lines._form`), no member number columns, and no player
    written with a ``+`` or a ``:``.  Then each pair ``a+b`` is the two players ``a`` and ``b`` themselves (the
    pair is made of them, so a pair never has other players on another line) and is never named ``a & b`` (its key
    is its players' names joined as ``seated_players`` compares them).  None otherwise: the caller works the players
    out as before."""
    table = event.table if event.results and event.form == "individual" else None
    if table is None or any(NUMBER_COLUMNS.get(header_key(name)) is not None for name in table.extra):
        return None
    seats = [table.extra.get(seat) for seat in ("north", "south", "east", "west")]
    for column in seats:
        if column is None or any(label is not None and ("+" in label or ":" in label) for label in column.labels):
            return None
    # a pair of two players where the line names both (the pair ``a+b``; ``""`` where a player is missing)
    return SeatedPairs(event, _names_a_pair(table.ns_pair) or _names_a_pair(table.ew_pair))


def _names_a_pair(column: Column[str]) -> bool:
    """Whether a line of ``column`` (an individual's ``ns_pair`` or ``ew_pair``) names a pair: its labels are
    distinct, so every line but those of the one label ``""`` (a player missing)."""
    blank = column.labels.index("") if "" in column.labels else -1
    return bool((column.codes != blank).any())


def with_members(
    event: Event,
    members: Mapping[str, Player],
    problems: tuple[Problem, ...] = (),
    *,
    sources: Mapping[str, Location] | None = None,
) -> Event:
    """``event`` with its players named from ``members`` (a :class:`Members` read by :func:`load`, or any
    mapping member number → :class:`Player`), the members file's own ``problems`` added.

    This is the one function the command line (``score``/``check --members``) and the archive
    (``archive add --members``) use.  A player given by number takes the members file's name (and its extra
    columns) where the event gives none; a name the event gives is kept.  A member number the members file does not
    hold is an error (``Problem``), located where the number is written (``sources``: number → location; by
    default the traveller line and column, :func:`seated_players`), naming the number and the members file: the
    archive refuses to store such a session, and ``--skip-invalid`` goes on with the player unnamed."""
    file = members.file if isinstance(members, Members) else "<members>"
    where = dict(sources) if sources is not None else seated_players(event)[1]
    found: list[Problem] = list(problems)
    reported: set[str] = set()
    players: dict[str, tuple[Player, ...]] = {}
    written = [p.number for seated in event.players.values() for p in seated if p.number]
    unread = not members and any(p.severity is Severity.ERROR for p in problems)  # said once: "cannot read …"
    for number in dict.fromkeys([*written, *where]) if not unread else ():  # every number written, on every line
        if number not in members and number not in reported:
            reported.add(number)
            found.append(
                Problem.make(
                    where.get(number) or _first_line_of(event, number) or Location(file),
                    "member number %(number)s is not in the members file %(members)s; add the member there or "
                    "correct the number",
                    number=shorten(number),
                    members=Path(file).name,
                )
            )
    for key, seated in event.players.items():
        named: list[Player] = []
        for player in seated:
            member = members.get(player.number) if player.number else None
            if member is not None:
                extra = {**member.extra, **player.extra}
                named.append(
                    Player(
                        number=player.number,
                        name=player.name or member.name,
                        club_number=player.club_number or member.club_number,
                        extra=MappingProxyType(extra),
                    )
                )
            else:
                named.append(player)
        players[key] = tuple(named)
    names = dict(event.names)
    for key, seated in players.items():  # a pair known only by its numbers gets its players' names
        if key not in names and all(p.name for p in seated) and seated:
            names[key] = " & ".join(p.name for p in seated)
    return replace(
        event,
        players=MappingProxyType(players),
        names=MappingProxyType(names),
        problems=(*event.problems, *found),
    )


def _first_line_of(event: Event, number: str) -> Location | None:
    """Where the pair holding member ``number`` first plays (a PBN or USEBIO file gives the numbers apart from the
    lines): its file and line; None where no line names the pair."""
    keys = [key for key, seated in event.players.items() if any(p.number == number for p in seated)]
    if not keys:
        return None
    section, _, pair = keys[0].rpartition(":")
    for result in event.results:
        if pair in (result.ns_pair, result.ew_pair) and (not section or result.section == section):
            return Location(result.source.file, result.source.line) if result.source is not None else None
    return None
