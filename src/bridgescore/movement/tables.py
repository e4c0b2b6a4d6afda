"""A movement as a table of stands: Bridgemate's ``RoundData`` and bridgescore's own movement CSV (issue 21).

Both are one row per table and round with the same seven fields, and are read and written here by one reader:

==================  ==============================  ==========================================================
bridgescore's CSV   Bridgemate's ``RoundData``      what it holds
==================  ==============================  ==========================================================
``section``         ``Section``                     the section (ours: its name, optional column; Bridgemate:
                                                    the ``Section`` table's ID, its letter read from that
                                                    table where a ``.bws`` file is given)
``round``           ``Round``                       the round, from 1
``table``           ``Table``                       the table, from 1
``ns``, ``ew``      ``NSPair``, ``EWPair``          the pairs (ours: empty for none; Bridgemate: 0 for none)
``low_board``,      ``LowBoard``, ``HighBoard``     the boards played there, low to high (a relay's boards
``high_board``                                      stand at both tables that share them)
==================  ==============================  ==========================================================

Sources: the Bridgemate Data Connector's description of a round (``RoundDTO``: "a value of zero will indicate a
sit-out if the PairEW value is greater than zero or an empty table if PairEW is zero too"; boards only as a low and
high board), the ``RoundData`` columns as TabScore (open source, reads a ``.bws`` file) and the Danish federation's
DBF-Tools model them, and ``mdb-export``'s CSV as :mod:`bridgescore.io.bws` reads ``ReceivedData`` (a header, comma
separated, numbers unquoted, line 1 the header).  What the descriptions leave open, read so:

* **No pairs, boards** (``0``/``0`` with boards; ours: ``ns`` and ``ew`` empty) is a bye stand: the boards rest
  there for the round.  No pairs and no boards (``0 0 0 0``) is an empty table, kept as a stand without boards.
* **One pair missing** (a sit-out): the other pair's opponents are the section's missing pair, the **phantom**,
  numbered as the smallest number that no real pair has (per direction: the smallest NS or EW number free); it
  is written back as 0 (ours: empty).  A section has one phantom: two tables of a round without a pair, or (pairs
  numbered per direction) a missing pair on both sides, is refused.  Our CSV writes no 0 for a pair: a 0 there is
  an error (the pair is left empty).
* **Pairs numbered per direction** (a Mitchell: NS 1 and EW 1 are two pairs): neither table says it.  A ``.bws``
  file's ``Section`` table does (``Winners`` 2: two winners, pairs numbered per direction, as TabScore reads it);
  otherwise a section's pairs are taken as numbered per direction when in more than half its rounds a number sits
  on both sides (in a Howell it never can; one mistyped line does not make a Howell a Mitchell, it is reported as
  a pair at two tables).
* **Arrow switches** and board sets that are not one run of boards have no field in either table: writing such a
  movement is refused with the place, never written wrong.
* The order of the rows is kept (by round, then table, or by table, then round), and Windows line ends, so a file
  comes back byte for byte; other columns of ``RoundData`` (``CustomBoards``, an individual's ``South``/``West``)
  are not read (a warning names them, and a value in them is an error).
* **An individual** (four players a table, :class:`~bridgescore.movement.model.Players`) is our CSV with the columns
  ``north``, ``south``, ``east``, ``west`` (player numbers) in place of ``ns`` and ``ew``:
  ``section,round,table,north,south,east,west,low_board,high_board``; a row seats four players (or none: a bye
  stand).  RoundData has no such layout here (Bridgemate keeps an individual's North and East in ``NSPair`` and
  ``EWPair`` with ``South`` and ``West`` beside them, which is not read yet): writing an individual as RoundData is
  refused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.io import files
from bridgescore.io.bws import export_table
from bridgescore.io.csv_lines import delimiter_of, header_key, physical_lines, read_records, unreadable
from bridgescore.io.line import whole_number
from bridgescore.movement.model import Movement, MovementError, PairRef, Players, Round, Section, Stand

__all__ = ["Kind", "dumps", "kind_of", "load_bws", "loads"]

#: ``csv``: bridgescore's movement CSV; ``bridgemate``: Bridgemate's RoundData table.
Kind = Literal["csv", "bridgemate"]

_FIELDS = ("section", "round", "table", "ns", "ew", "low", "high")
#: An individual's CSV: its fields, their headers, in the order written (``ns``/``ew`` are four seats there).
_SEATS = ("north", "south", "east", "west")
_INDIVIDUAL_FIELDS = ("section", "round", "table", *_SEATS, "low", "high")
_INDIVIDUAL_HEADERS = {
    **{f: f for f in ("section", "round", "table", *_SEATS)},
    "low": "low_board",
    "high": "high_board",
}
#: Each field's header, as each kind writes it.
_HEADERS: Mapping[Kind, Mapping[str, str]] = {
    "csv": {"section": "section", "round": "round", "table": "table", "ns": "ns", "ew": "ew",
            "low": "low_board", "high": "high_board"},
    "bridgemate": {"section": "Section", "table": "Table", "round": "Round", "ns": "NSPair", "ew": "EWPair",
                   "low": "LowBoard", "high": "HighBoard"},
}  # fmt: skip
#: The columns in the order each kind writes them.
_ORDER: Mapping[Kind, tuple[str, ...]] = {
    "csv": ("section", "round", "table", "ns", "ew", "low", "high"),
    "bridgemate": ("section", "table", "round", "ns", "ew", "low", "high"),
}
#: The order of the rows each kind writes unless the file read had the other (``notes["<kind>.rows"]``).
_ROWS: Mapping[Kind, str] = {"csv": "round", "bridgemate": "table"}
#: The largest table, round, pair or board number read (no club has more; a larger one is a typing mistake).
_LIMIT = 99_999
#: The most boards one table plays in a round (a teams match's half has 32 at most).
_MOST_BOARDS = 99


def _keys(kind: Kind) -> dict[str, str]:
    return {header_key(h): field for field, h in _HEADERS[kind].items()}


def kind_of(header: Sequence[str]) -> Kind | None:
    """Which movement table a CSV header is: Bridgemate's RoundData (``NSPair``, ``EWPair``), bridgescore's
    movement CSV (``ns``, ``ew`` with ``round`` or ``low_board``), or None."""
    keys = {header_key(h) for h in header}
    if {"nspair", "ewpair"} <= keys:
        return "bridgemate"
    if ({"ns", "ew"} <= keys or _individual(header)) and ("round" in keys or "lowboard" in keys):
        return "csv"
    return None


def _individual(header: Sequence[str]) -> bool:
    """Whether a movement CSV's header is an individual's: ``north, south, east, west`` and no ``ns``/``ew``."""
    keys = {header_key(h) for h in header}
    return set(_SEATS) <= keys and not keys & {"ns", "ew"}


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    section: str
    round: int
    table: int
    ns: int  # 0: no pair
    ew: int
    low: int  # 0: no boards
    high: int
    players: tuple[int, int, int, int] | None = None  # an individual's row: North, South, East, West


#: Each number field's messages (whole catalogue messages, so they read in Dutch too).
_NOT_A_NUMBER = {
    "round": "'%(text)s' is not a round number: write a whole number from 1 to %(limit)d",
    "table": "'%(text)s' is not a table number: write a whole number from 1 to %(limit)d",
    "ns": "'%(text)s' is not a pair number: write a whole number from 1 to %(limit)d",
    "ew": "'%(text)s' is not a pair number: write a whole number from 1 to %(limit)d",
    "low": "'%(text)s' is not a board number: write a whole number from 1 to %(limit)d",
    "high": "'%(text)s' is not a board number: write a whole number from 1 to %(limit)d",
    **{seat: "'%(text)s' is not a player number: write a whole number from 1 to %(limit)d" for seat in _SEATS},
}
_MISSING = {"round": "the round number is missing", "table": "the table number is missing"}
_FROM_ONE = {
    "round": "rounds are numbered from 1",
    "table": "tables are numbered from 1",
    "ns": "pairs are numbered from 1 (leave ns and ew empty for a table without pairs)",
    "ew": "pairs are numbered from 1 (leave ns and ew empty for a table without pairs)",
    **{seat: "players are numbered from 1 (leave the four seats empty for a table without players)" for seat in _SEATS},
}


def _control(text: str) -> str | None:
    """The first character of ``text`` that is not printable (a control character), as ``U+0007``."""
    return next((f"U+{ord(c):04X}" for c in text if not c.isprintable()), None)


def loads(
    text: str,
    filename: str = "<movement>",
    *,
    winners: Mapping[str, int] | None = None,
    letters: Mapping[str, str] | None = None,
) -> tuple[Movement | None, list[Problem]]:
    """The movement of a movement table (either kind, told by its header), or None and every problem with its
    line and column.  ``letters`` (section ID → letter) and ``winners`` (section → 1 or 2) come from a ``.bws``
    file's ``Section`` table."""
    problems: list[Problem] = []
    records = read_records(text, filename, problems)
    if not records:
        return None, [*problems, Problem.make(Location(filename), "the file is empty: it holds no movement")]
    header_line, header = records[0]
    kind = kind_of(header)
    if kind is None:
        problems.append(
            Problem.make(
                Location(filename, header_line),
                "this is not a movement file: a movement CSV has the columns %(ours)s, Bridgemate's RoundData "
                "%(bridgemate)s, an NBB schema starts with 'pairs tables rounds sets type' (found: %(found)s)",
                ours=",".join(_HEADERS["csv"][f] for f in _ORDER["csv"]),
                bridgemate=",".join(_HEADERS["bridgemate"][f] for f in _ORDER["bridgemate"]),
                found=shorten(",".join(header)),
            )
        )
        return None, problems
    individual = kind == "csv" and _individual(header)
    headers = _INDIVIDUAL_HEADERS if individual else _HEADERS[kind]
    written_order = _INDIVIDUAL_FIELDS if individual else _ORDER[kind]
    keys = {header_key(h): field for field, h in headers.items()} if individual else _keys(kind)
    at: dict[str, int] = {}
    unread: list[str] = []
    for i, name in enumerate(header):
        field = keys.get(header_key(name))
        if field is not None and field not in at:
            at[field] = i
        else:
            unread.append(name.strip() or f"column {i + 1}")
    required = [f for f in (_INDIVIDUAL_FIELDS if individual else _FIELDS) if f != "section" or kind == "bridgemate"]
    missing = [headers[f] for f in required if f not in at]
    if missing:
        problems.append(
            Problem.make(
                Location(filename, header_line, missing[0]),
                "the header has no '%(column)s' column (a movement table has %(columns)s)",
                column=", ".join(missing),
                columns=",".join(headers[f] for f in written_order),
            )
        )
        return None, problems
    if unread:
        problems.append(
            Problem.make(
                Location(filename, header_line, unread[0]),
                "the columns %(columns)s are not read (a movement is read from %(read)s)",
                Severity.WARNING,
                columns=shorten(", ".join(unread)),
                read=",".join(headers[f] for f in written_order),
            )
        )
    unread_at = [i for i in range(len(header)) if i not in at.values()]
    rows: list[_Row] = []
    for line, values in records[1:]:
        row = _row(kind, line, values, at, header, filename, problems, letters)
        if row is not None:
            rows.append(row)
        for i in unread_at:  # CustomBoards, an individual's South and West: a value there would be lost
            value = values[i].strip() if i < len(values) else ""
            if value not in ("", "0"):
                problems.append(
                    Problem.make(
                        Location(filename, line, header[i].strip() or f"column {i + 1}"),
                        "'%(text)s': this column is not read, and the stand cannot be read without it (custom board "
                        "lists and individual movements are not read from this table)",
                        text=shorten(value),
                    )
                )
    if not rows and not any(p.severity is Severity.ERROR for p in problems):
        problems.append(Problem.make(Location(filename), "the file holds no stand (no row after the header)"))
    sections = _sections(rows, kind, filename, problems, winners or {})
    if any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    notes: dict[str, str] = {}
    order = _row_order(rows, [s.name for s in sections])
    if order is not None and order != _ROWS[kind]:
        notes[f"{kind}.rows"] = order
    delimiter = delimiter_of(next((x for x in physical_lines(text) if x.strip()), ""))
    if kind == "csv" and delimiter != ",":
        notes["csv.delimiter"] = delimiter
    if "\r\n" in text[: text.find("\n") + 1]:  # a file saved on Windows (Excel, Notepad): written back so
        notes[f"{kind}.line_end"] = "crlf"
    sizes = Counter(len(s.boards) for sec in sections for r in sec.rounds for s in r.stands if s.boards)
    try:
        movement = Movement(
            Path(filename).stem or "movement",
            "custom",
            "Bridgemate RoundData" if kind == "bridgemate" else "movement CSV",
            sizes.most_common(1)[0][0] if sizes else 1,
            tuple(sections),
            MappingProxyType(notes),
        )
    except MovementError as err:
        return None, [*problems, Problem.make(Location(filename), "%(reason)s", reason=str(err))]
    return movement, problems


def _row(
    kind: Kind,
    line: int,
    values: Sequence[str],
    at: Mapping[str, int],
    header: Sequence[str],
    filename: str,
    problems: list[Problem],
    letters: Mapping[str, str] | None,
) -> _Row | None:
    """One row read, or None with its problems (each at its column)."""
    bad = len(problems)

    def text(field: str) -> str:
        i = at.get(field)
        return values[i].strip() if i is not None and i < len(values) else ""

    def where(field: str) -> Location:
        return Location(filename, line, header[at[field]].strip() or _HEADERS[kind][field])

    individual = all(seat in at for seat in _SEATS)
    sides = _SEATS if individual else ("ns", "ew")
    numbers: dict[str, int] = {}
    for field in ("round", "table", *sides, "low", "high"):
        written = text(field)
        if not written:
            if field in ("round", "table"):
                problems.append(Problem.make(where(field), _MISSING[field]))
            numbers[field] = 0  # no pair, or no boards
            continue
        number = whole_number(written) if written[:1] not in "+-" else None
        if number is None or number > _LIMIT:
            problems.append(Problem.make(where(field), _NOT_A_NUMBER[field], text=shorten(written), limit=_LIMIT))
            continue
        if number == 0 and (field in ("round", "table") or (kind == "csv" and field in sides)):
            problems.append(Problem.make(where(field), _FROM_ONE[field]))
            continue
        numbers[field] = number
    section = text("section")
    if letters is not None:
        section = letters.get(section, section)
    control = _control(section)
    if control is not None:
        problems.append(
            Problem.make(
                where("section"),
                "the section name '%(text)s' holds a control character (%(code)s): a section is named with letters "
                "and digits",
                text=shorten(section.encode("unicode_escape").decode("ascii")),
                code=control,
            )
        )
    if len(problems) > bad:
        return None
    low, high = numbers["low"], numbers["high"]
    if (low == 0) != (high == 0):
        problems.append(
            Problem.make(
                where("low" if low == 0 else "high"),
                "board 0 does not exist: boards are numbered from 1 (write both the low and the high board, or "
                "neither for an empty table)",
            )
        )
    elif low > high:
        problems.append(
            Problem.make(where("low"), "the low board %(low)d is above the high board %(high)d", low=low, high=high)
        )
    elif high - low >= _MOST_BOARDS:
        problems.append(
            Problem.make(
                where("high"),
                "boards %(low)d to %(high)d: a table plays at most %(most)d boards in a round",
                low=low,
                high=high,
                most=_MOST_BOARDS,
            )
        )
    elif not individual and numbers["ns"] and numbers["ew"] and not low:
        problems.append(
            Problem.make(where("low"), "the table has two pairs and no boards: write its low and high board")
        )
    elif individual and all(numbers[seat] for seat in _SEATS) and not low:
        problems.append(
            Problem.make(where("low"), "the table has four players and no boards: write its low and high board")
        )
    if individual and len(problems) == bad and 0 < sum(1 for seat in _SEATS if numbers[seat]) < 4:
        empty = next(seat for seat in _SEATS if not numbers[seat])
        problems.append(
            Problem.make(where(empty), "a table of an individual seats four players (or none: boards resting there)")
        )
    if len(problems) > bad:
        return None
    if individual:
        seats = (numbers["north"], numbers["south"], numbers["east"], numbers["west"])
        return _Row(line, section, numbers["round"], numbers["table"], 0, 0, low, high, seats if seats[0] else None)
    return _Row(line, section, numbers["round"], numbers["table"], numbers["ns"], numbers["ew"], low, high)


def _per_direction(rows: Iterable[_Row]) -> bool:
    """Pairs numbered per direction: in more than half the rounds with pairs, a number sits on both sides."""
    sides: dict[int, tuple[set[int], set[int]]] = {}
    for r in rows:
        ns, ew = sides.setdefault(r.round, (set(), set()))
        if r.ns:
            ns.add(r.ns)
        if r.ew:
            ew.add(r.ew)
    with_pairs = [(ns, ew) for ns, ew in sides.values() if ns or ew]
    both = sum(1 for ns, ew in with_pairs if ns & ew)
    return 2 * both > len(with_pairs)


def _sections(
    rows: list[_Row], kind: Kind, filename: str, problems: list[Problem], winners: Mapping[str, int]
) -> list[Section]:
    by_section: dict[str, list[_Row]] = {}
    for r in rows:
        by_section.setdefault(r.section, []).append(r)
    sections: list[Section] = []
    for name, its in by_section.items():
        section = _section(name, its, kind, filename, problems, winners.get(name))
        if section is not None:
            sections.append(section)
    return sections


def _section(
    name: str, rows: list[_Row], kind: Kind, filename: str, problems: list[Problem], winners: int | None
) -> Section | None:
    """One section's rows as a section; every stand twice, pair at two tables and second phantom reported."""
    header = _HEADERS[kind]
    label = name or "-"
    per_direction = winners == 2 if winners in (1, 2) else _per_direction(rows)
    bad = len(problems)
    tables: dict[tuple[int, int], int] = {}
    seats: dict[tuple[int, str, int], tuple[int, int]] = {}  # (round, side, number) → (line, table)
    missing: dict[int, int] = {}  # round → line of its row with one pair missing
    phantom_sides: dict[str, int] = {}  # "NS"/"EW" (or "" numbered once) → first line
    for r in rows:
        before = tables.setdefault((r.round, r.table), r.line)
        if before != r.line:
            problems.append(
                Problem.make(
                    Location(filename, r.line, header["table"]),
                    "section %(section)s, round %(round)d: table %(table)d is on line %(before)d already",
                    section=label,
                    round=r.round,
                    table=r.table,
                    before=before,
                )
            )
            continue
        for seat, number in zip(_SEATS, r.players or (), strict=False):  # an individual's: a player at one table
            seen = seats.setdefault((r.round, "player", number), (r.line, r.table))
            if seen[0] != r.line:
                problems.append(
                    Problem.make(
                        Location(filename, r.line, seat),
                        "section %(section)s, round %(round)d: player %(player)d is at table %(table)d and at table "
                        "%(other)d (line %(before)d)",
                        section=label,
                        round=r.round,
                        player=number,
                        table=r.table,
                        other=seen[1],
                        before=seen[0],
                    )
                )
        for side, number in (("NS", r.ns), ("EW", r.ew)):
            if not number:
                continue
            key = (r.round, side if per_direction else "", number)
            seen = seats.setdefault(key, (r.line, r.table))
            if seen[0] != r.line:
                problems.append(
                    Problem.make(
                        Location(filename, r.line, header["ns" if side == "NS" else "ew"]),
                        "section %(section)s, round %(round)d: pair %(pair)s is at table %(table)d and at table "
                        "%(other)d (line %(before)d)",
                        section=label,
                        round=r.round,
                        pair=f"{side} {number}" if per_direction else str(number),
                        table=r.table,
                        other=seen[1],
                        before=seen[0],
                    )
                )
        if bool(r.ns) != bool(r.ew):
            side = "NS" if not r.ns else "EW"
            first = phantom_sides.setdefault(side if per_direction else "", r.line)
            before = missing.setdefault(r.round, r.line)
            if before != r.line:
                problems.append(
                    Problem.make(
                        Location(filename, r.line, header["ns" if side == "NS" else "ew"]),
                        "section %(section)s, round %(round)d: a second table without one of its pairs (line "
                        "%(before)d is the first); a section has one missing pair (a phantom)",
                        section=label,
                        round=r.round,
                        before=before,
                    )
                )
            elif len(phantom_sides) > 1 and first == r.line:
                problems.append(
                    Problem.make(
                        Location(filename, r.line, header["ns" if side == "NS" else "ew"]),
                        "section %(section)s: a North-South pair and an East-West pair are missing (lines "
                        "%(lines)s); a section has one missing pair (a phantom)",
                        section=label,
                        lines=", ".join(str(x) for x in sorted(phantom_sides.values())),
                    )
                )
    if len(problems) > bad:
        return None
    phantom: PairRef | None = None
    if phantom_sides:
        (side,) = phantom_sides
        used = {n for r in rows for s, n in (("NS", r.ns), ("EW", r.ew)) if n and (not side or s == side)}
        number = next(n for n in range(1, len(used) + 2) if n not in used)
        phantom = PairRef(number, "NS" if side == "NS" else "EW") if side else PairRef(number)
    rounds: dict[int, list[Stand]] = {}
    for r in rows:
        ns = PairRef(r.ns, "NS" if per_direction else None) if r.ns else phantom if r.ew else None
        ew = PairRef(r.ew, "EW" if per_direction else None) if r.ew else phantom if r.ns else None
        boards = frozenset(range(r.low, r.high + 1)) if r.low else frozenset()
        try:
            players = Players(*r.players) if r.players is not None else None
            rounds.setdefault(r.round, []).append(Stand(r.table, ns, ew, boards, players=players))
        except MovementError as err:
            problems.append(Problem.make(Location(filename, r.line), "%(reason)s", reason=str(err)))
    try:
        return Section(
            name,
            tuple(Round(n, tuple(stands)) for n, stands in sorted(rounds.items())),
            per_direction,
            phantom,
        )
    except MovementError as err:
        first = min(r.line for r in rows)
        problems.append(Problem.make(Location(filename, first, header["round"]), "%(reason)s", reason=str(err)))
        return None


def _row_order(rows: Sequence[_Row], sections: Sequence[str]) -> str | None:
    """``round`` where the rows stand by section, round, table; ``table`` by section, table, round; else None."""
    index = {name: i for i, name in enumerate(sections)}
    keys = [(index.get(r.section, -1), r.round, r.table) for r in rows]
    if keys == sorted(keys):
        return "round"
    if [(s, t, n) for s, n, t in keys] == sorted((s, t, n) for s, n, t in keys):
        return "table"
    return None


def _section_ids(movement: Movement, where: Location, problems: list[Problem]) -> dict[str, int]:
    """Each section's ID in RoundData: its name where that is a number, else its place (A = 1, B = 2 …)."""
    ids: dict[str, int] = {}
    for i, section in enumerate(movement.sections):
        name = section.name.strip()
        number = whole_number(name) if name.isascii() and name.isdigit() else None
        ids[section.name] = number if number is not None and 0 <= number <= _LIMIT else i + 1  # as read: 0 too
    if len(set(ids.values())) != len(ids):
        problems.append(
            Problem.make(
                where,
                "the sections %(sections)s cannot be given one number each in RoundData; name them 1, 2, 3 … or "
                "A, B, C …",
                sections=shorten(", ".join(s.name or "-" for s in movement.sections)),
            )
        )
    return ids


def dumps(movement: Movement, kind: Kind) -> tuple[str | None, list[Problem]]:
    """The movement as the movement table of ``kind``, or None and the problems that keep it from being written
    right (an arrow switch, boards that are not one run, sections RoundData cannot number); a warning where the
    file read back would number the pairs otherwise."""
    problems: list[Problem] = []
    where = Location(movement.name or "movement")
    if kind == "bridgemate" and movement.individual:  # its stands would read back as bye stands
        return None, [
            Problem.make(
                where,
                "%(name)s is an individual movement (four players a table): this format has no place for its "
                "players (write it as JSON)",
                name=movement.name,
            )
        ]
    ids = _section_ids(movement, where, problems) if kind == "bridgemate" else {}
    rows: list[tuple[int, _Row]] = []  # (section's place, row)
    for place, section in enumerate(movement.sections):
        control = _control(section.name)
        if kind == "csv" and (control is not None or "\n" in section.name):
            problems.append(
                Problem.make(where, "the section name holds a control character (%(code)s)", code=control or "")
            )
        label = section.name or "-"
        written: list[_Row] = []
        for r in section.rounds:
            for s in r.stands:
                if s.arrow_switch:
                    problems.append(
                        Problem.make(
                            where,
                            "section %(section)s, round %(round)d, table %(table)d is arrow-switched: a %(format)s "
                            "file has no place for an arrow switch (write the movement as JSON)",
                            section=label,
                            round=r.number,
                            table=s.table,
                            format="RoundData" if kind == "bridgemate" else "CSV",
                        )
                    )
                low, high = s.low_board, s.high_board
                if s.boards and len(s.boards) != high - low + 1:
                    problems.append(
                        Problem.make(
                            where,
                            "section %(section)s, round %(round)d, table %(table)d plays boards %(boards)s: a row "
                            "holds one run of boards, low to high (write the movement as JSON)",
                            section=label,
                            round=r.number,
                            table=s.table,
                            boards=", ".join(str(b) for b in sorted(s.boards)),
                        )
                    )
                name = str(ids.get(section.name, 0)) if kind == "bridgemate" else section.name
                ns, ew = _number(s.ns, section.phantom), _number(s.ew, section.phantom)
                written.append(
                    _Row(0, name, r.number, s.table, ns, ew, low, high, s.players.seats if s.players else None)
                )
        rows.extend((place, row) for row in written)
        if section.copies > 1:
            problems.append(
                Problem.make(
                    where,
                    "section %(section)s plays two copies of its boards (each of two tables its own), which the file "
                    "cannot say: read back, the boards at two tables of a round are taken as shared (a relay); write "
                    "the movement as JSON to keep it",
                    Severity.WARNING,
                    section=label,
                )
            )
        if section.sitting_out:
            problems.append(
                Problem.make(
                    where,
                    "section %(section)s: pairs %(pairs)s sit out every round (a team's bye), which the file cannot "
                    "say: read back, they are not in the movement; write the movement as JSON to keep them",
                    Severity.WARNING,
                    section=label,
                    pairs=", ".join(str(pair) for pair in section.sitting_out),
                )
            )
        if section.per_direction and not _per_direction(written) and any(row.ns or row.ew for row in written):
            problems.append(
                Problem.make(
                    where,
                    "section %(section)s numbers its pairs per direction, which the file cannot say: read back, its "
                    "pairs are numbered once",
                    Severity.WARNING,
                    section=label,
                )
            )
    if any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    order = movement.notes.get(f"{kind}.rows", _ROWS[kind])
    if order == "table":
        rows.sort(key=lambda x: (x[0], x[1].table, x[1].round))
    else:
        rows.sort(key=lambda x: (x[0], x[1].round, x[1].table))
    delimiter = movement.notes.get("csv.delimiter", ",") if kind == "csv" else ","
    if delimiter not in (",", ";", "\t"):
        delimiter = ","
    individual = kind == "csv" and movement.individual
    columns = _INDIVIDUAL_FIELDS if individual else _ORDER[kind]
    headers = _INDIVIDUAL_HEADERS if individual else _HEADERS[kind]
    lines = [delimiter.join(headers[c] for c in columns)]
    for _, row in rows:
        cells = {
            "section": _quoted(row.section, delimiter) if kind == "csv" else row.section,
            "round": str(row.round),
            "table": str(row.table),
            "ns": str(row.ns) if row.ns or kind == "bridgemate" else "",
            "ew": str(row.ew) if row.ew or kind == "bridgemate" else "",
            **dict(zip(_SEATS, (str(p) for p in row.players) if row.players else ("",) * 4, strict=True)),
            "low": str(row.low) if row.low or kind == "bridgemate" else "",
            "high": str(row.high) if row.high or kind == "bridgemate" else "",
        }
        lines.append(delimiter.join(cells[c] for c in columns))
    end = "\r\n" if movement.notes.get(f"{kind}.line_end") == "crlf" else "\n"
    return end.join(lines) + end, problems


def _number(pair: PairRef | None, phantom: PairRef | None) -> int:
    """A pair as the tables write it: its number, 0 for none and for the phantom."""
    return 0 if pair is None or pair == phantom else pair.number


def _quoted(text: str, delimiter: str) -> str:
    """A section name as a CSV value: quoted where it holds the separator, a quote or leading/trailing space."""
    if any(c in text for c in (delimiter, '"')) or text != text.strip():
        return '"' + text.replace('"', '""') + '"'
    return text


def load_bws(path: str | Path) -> tuple[Movement | None, list[Problem]]:
    """The movement of a ``.bws`` file: its ``RoundData`` table through mdbtools' ``mdb-export`` (the runner of
    :mod:`bridgescore.io.bws`), the sections' letters and how their pairs are numbered (``Winners``) from its
    ``Section`` table."""
    p = Path(path)
    try:  # a pipe, a device, a folder or a file too large is not given to mdb-export
        files.refuse(p)
    except OSError as err:
        return None, [unreadable(str(p), err)]
    exported = export_table(p, "RoundData")
    if isinstance(exported, Problem):
        return None, [exported]
    letters: dict[str, str] = {}
    winners: dict[str, int] = {}
    section_table = export_table(p, "Section")
    if isinstance(section_table, str):
        records = read_records(section_table)
        keys = [header_key(h) for h in records[0][1]] if records else []
        for _, row in records[1:]:
            cell = {k: row[i].strip() for i, k in enumerate(keys) if i < len(row)}
            if not cell.get("id"):
                continue
            letter = cell.get("letter") or cell["id"]
            letters[cell["id"]] = letter
            if cell.get("winners") in ("1", "2"):
                winners[letter] = int(cell["winners"])
    movement, problems = loads(exported, str(p), winners=winners, letters=letters)
    if movement is not None:
        movement = Movement(
            movement.name, movement.family, f"Bridgemate RoundData ({p.name})", movement.boards_per_round,
            movement.sections, movement.notes,
        )  # fmt: skip
    return movement, problems
