"""A names file: which players make up each pair, for travellers that carry only pair numbers.

A CSV file (comma, semicolon or tab separated; UTF-8, or Windows-1252 with a warning) with one line per pair:

```
section,pair,names            # section is optional
A,1,Ann Smith & Bob Jones
A,2,Cy Twombly & Di Fox
```

Columns (case-insensitive, English and Dutch): ``pair`` (``pair``, ``nr``, ``number``, ``paar``), ``names``
(``names``, ``name``, ``players``, ``namen``, ``naam``) or two player columns (``player1``/``player2``,
``speler1``/``speler2``) joined with `` & ``, and optionally ``section`` (``sectie``, ``lijn``).  A file
without a header is read as ``pair,names``.  Keys of the names are the pair numbers, or ``SECTION:PAIR`` where
a section is given (the form the standings look up first).  Names from this file replace names read from the
results file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.event import Event
from bridgescore.core.pairkey import PairKey, written_forms
from bridgescore.core.players import Player
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.io.csv import header_key, read_file, read_records, too_large

__all__ = ["Names", "load", "loads", "with_names"]

_FIELDS = {
    # a player's number where the file names the players of an individual (bridgescore individual --names)
    "pair": ("pair", "pairnumber", "nr", "no", "number", "paar", "paarnummer", "pairid", "player", "speler"),
    "names": ("names", "name", "players", "namen", "naam", "spelers"),
    "player1": ("player1", "speler1", "name1", "naam1"),
    "player2": ("player2", "speler2", "name2", "naam2"),
    "section": ("section", "sect", "sectie", "lijn", "group", "groep"),
    "number1": ("number1", "member1", "membernumber1", "nr1", "id1", "lidnummer1", "bondsnummer1", "nbb1", "ebu1",
                "acbl1", "playernumber1"),
    "number2": ("number2", "member2", "membernumber2", "nr2", "id2", "lidnummer2", "bondsnummer2", "nbb2", "ebu2",
                "acbl2", "playernumber2"),
}  # fmt: skip
#: How a names cell joins the two players (as :mod:`bridgescore.pairs.sessions` splits them).
_NAME_JOINS = re.compile(r"\s+(?:&|-|–|/|and|en)\s+")
_INDEX = {alias: field for field, aliases in _FIELDS.items() for alias in aliases}


class Names(Mapping[str, str]):
    """The names read from a names file (key → names, read-only), with the line each key was read from, so that
    :func:`with_names` can say where a pair the event does not have is named."""

    def __init__(
        self,
        names: Mapping[str, str],
        sources: Mapping[str, Location],
        players: Mapping[str, tuple[Player, ...]] | None = None,
        player_sources: Mapping[str, Location] | None = None,
    ) -> None:
        self._names = dict(names)
        self.sources: Mapping[str, Location] = MappingProxyType(dict(sources))
        #: The pairs' players where the file gives their member numbers (key as the names), and where each
        #: number is written (number → line and column), so a number the members file lacks is located.
        self.players: Mapping[str, tuple[Player, ...]] = MappingProxyType(dict(players or {}))
        self.player_sources: Mapping[str, Location] = MappingProxyType(dict(player_sources or {}))

    def __getitem__(self, key: str) -> str:
        return self._names[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __repr__(self) -> str:
        return f"Names({self._names!r})"


def loads(text: str, filename: str = "<names>") -> tuple[Mapping[str, str], tuple[Problem, ...]]:
    """The names in a names file's text, and every problem found (with its line and column).

    A line is left out, and said, where it has no pair number or no names (a line separated with another
    character than the file's: ``1;Ann & Bob`` in a file of commas), or names a pair already named; where it
    has more values than the header has columns (an unquoted comma in the names) the names are kept as read and
    a warning says so.  Which pairs the event has is known only with the event: see :func:`with_names`."""
    problems: list[Problem] = []
    records = read_records(text, filename, problems)
    if not records:
        return Names({}, {}), (*problems, Problem.make(Location(filename), "the names file is empty"))
    header_line = records[0][0]
    records_header = records[0][1]
    header = {_INDEX.get(header_key(cell)): i for i, cell in enumerate(records[0][1]) if _INDEX.get(header_key(cell))}
    width = len(records[0][1])
    if "pair" in header:
        records = records[1:]
    elif records[0][1][0].strip().isdigit():
        header = {"pair": 0, "names": 1}
        width = 2
    else:
        found = shorten(", ".join(records[0][1]))
        return Names({}, {}), (
            *problems,
            Problem.make(
                Location(filename, records[0][0], "pair"),
                "the header has no 'pair' column (found: %(found)s)",
                found=found,
            ),
        )
    if "names" not in header and "player1" not in header and "number1" not in header:
        problems.append(Problem.make(Location(filename, header_line, "names"), "the header has no 'names' column"))
        return Names({}, {}), tuple(problems)

    def cell(row: list[str], field: str) -> str:
        i = header.get(field)
        return row[i].strip() if i is not None and i < len(row) else ""

    names: dict[str, str] = {}
    seen: dict[str, int] = {}
    sources: dict[str, Location] = {}
    players: dict[str, tuple[Player, ...]] = {}
    player_sources: dict[str, Location] = {}
    headers = records_header
    for line, row in records:
        pair = cell(row, "pair")
        if not pair:
            problems.append(Problem.make(Location(filename, line, "pair"), "pair number missing; the line is left out"))
            continue
        text_names = cell(row, "names") or " & ".join(n for n in (cell(row, "player1"), cell(row, "player2")) if n)
        numbers = (cell(row, "number1"), cell(row, "number2"))
        if not text_names and not all(numbers):
            problems.append(
                Problem.make(
                    Location(filename, line, "names" if "names" in header else "player1"),
                    "no names on this line (is it separated with another character than the rest of the file?); "
                    "the line is left out",
                )
            )
            continue
        section = cell(row, "section")
        key = f"{section}:{pair}" if section else pair
        if key in seen:
            problems.append(
                Problem.make(
                    Location(filename, line, "pair"),
                    "pair %(pair)s is named already on line %(before)d; this line is left out",
                    pair=shorten(key),
                    before=seen[key],
                )
            )
            continue
        beyond = [value.strip() for value in row[width:] if value.strip()]
        if beyond:
            problems.append(
                Problem.make(
                    Location(filename, line, f"column {width + 1}"),
                    "the line has %(count)d values but the header names %(columns)d columns; the values past the "
                    "last column (%(values)s) are not read (a comma inside names needs quotes)",
                    Severity.WARNING,
                    count=len(row),
                    columns=width,
                    values=shorten(", ".join(beyond)),
                )
            )
        seen[key] = line
        if text_names:
            names[key] = text_names
        sources[key] = Location(filename, line, "pair")
        if any(numbers):
            given = (cell(row, "player1"), cell(row, "player2"))
            if not all(given) and text_names:
                parts = [p for p in _NAME_JOINS.split(text_names) if p]
                given = (parts[0], parts[1]) if len(parts) == 2 else ("", "")
            players[key] = tuple(Player(number=n, name=g) for n, g in zip(numbers, given, strict=True))
            for field, number in zip(("number1", "number2"), numbers, strict=True):
                column = headers[header[field]].strip() if field in header else field
                if number:
                    player_sources.setdefault(number, Location(filename, line, column))
    return Names(names, sources, players, player_sources), tuple(problems)


def load(path: str | Path) -> tuple[Mapping[str, str], tuple[Problem, ...]]:
    """Read a names file (see the module docstring)."""
    text, problems = read_file(path, "the names file")
    if text is None:
        return Names({}, {}), tuple(problems)
    try:
        names, more = loads(text, str(Path(path)))
    except MemoryError:
        del text
        return Names({}, {}), (too_large(str(Path(path))),)
    return names, tuple(problems) + more


def with_names(event: Event, names: Mapping[str, str], problems: tuple[Problem, ...] = ()) -> Event:
    """The event with the names file's names added (replacing the results file's for the same pairs).

    A name for a pair the event does not have (a pair number, or ``SECTION:PAIR``, not on any of its lines) is
    a warning at the names file's line: a typing mistake there would otherwise leave the real pair without its
    names, unnoticed.  So is a name without a section for a number that pairs of several sections have (Bridgemate's
    sections 1 and 2 both have a pair 4): the name is shown for each of them, and at most one is right (issue 18)."""
    seated = {PairKey(r.section, pair) for r in event.results for pair in (r.ns_pair, r.ew_pair)}
    written = {text for key in seated for text in written_forms(key)}  # 7, A:7, A7 (pairkey's rule)
    sections = {r.section for r in event.results}
    sources = names.sources if isinstance(names, Names) else {}
    unknown: list[Problem] = []
    sections_of: dict[str, set[str]] = {}
    for seat in seated:
        sections_of.setdefault(seat.pair, set()).add(seat.section)
    for key in names:
        if len(sections_of.get(key, ())) > 1:
            unknown.append(
                Problem.make(
                    sources.get(key, Location("<names>")),
                    "pair %(pair)s is a pair of sections %(sections)s, and this line names it without a section: its "
                    "names are shown for every one of them; give the section (a 'section' column)",
                    Severity.WARNING,
                    pair=shorten(key),
                    sections=shorten(", ".join(sorted(sections_of[key]))),
                )
            )
        if key in written or not event.results:
            continue
        section, _, pair = key.rpartition(":")
        where = sources.get(key, Location("<names>"))
        if section and section in sections:
            message = "section %(section)s has no pair %(pair)s; the names of this line are not used"
        elif section:
            message = "the event has no section %(section)s with a pair %(pair)s; the names of this line are not used"
        else:
            message = "the event has no pair %(pair)s; the names of this line are not used"
        unknown.append(Problem.make(where, message, Severity.WARNING, section=shorten(section), pair=shorten(pair)))
    merged = dict(event.names)
    merged.update(names)
    players = dict(event.players)
    if isinstance(names, Names):
        players.update(names.players)
    return replace(
        event,
        names=MappingProxyType(merged),
        problems=event.problems + problems + tuple(unknown),
        players=MappingProxyType(players),
    )
