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

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from bridgescore.event import Event
from bridgescore.io.csv import header_key, read_file, read_records
from bridgescore.problems import Location, Problem

__all__ = ["load", "loads", "with_names"]

_FIELDS = {
    "pair": ("pair", "pairnumber", "nr", "no", "number", "paar", "paarnummer", "pairid"),
    "names": ("names", "name", "players", "namen", "naam", "spelers"),
    "player1": ("player1", "speler1", "name1", "naam1"),
    "player2": ("player2", "speler2", "name2", "naam2"),
    "section": ("section", "sect", "sectie", "lijn", "group", "groep"),
}
_INDEX = {alias: field for field, aliases in _FIELDS.items() for alias in aliases}


def loads(text: str, filename: str = "<names>") -> tuple[Mapping[str, str], tuple[Problem, ...]]:
    """The names in a names file's text, and every problem found (with its line and column)."""
    problems: list[Problem] = []
    records = read_records(text, filename, problems)
    if not records:
        return MappingProxyType({}), (Problem(Location(filename), "the names file is empty"),)
    header_line = records[0][0]
    header = {_INDEX.get(header_key(cell)): i for i, cell in enumerate(records[0][1]) if _INDEX.get(header_key(cell))}
    if "pair" in header:
        records = records[1:]
    elif records[0][1][0].strip().isdigit():
        header = {"pair": 0, "names": 1}
    else:
        found = ", ".join(records[0][1])
        return MappingProxyType({}), (
            Problem(Location(filename, records[0][0], "pair"), f"the header has no 'pair' column (found: {found})"),
        )
    if "names" not in header and "player1" not in header:
        problems.append(Problem(Location(filename, header_line, "names"), "the header has no 'names' column"))
        return MappingProxyType({}), tuple(problems)

    def cell(row: list[str], field: str) -> str:
        i = header.get(field)
        return row[i].strip() if i is not None and i < len(row) else ""

    names: dict[str, str] = {}
    seen: dict[str, int] = {}
    for line, row in records:
        pair = cell(row, "pair")
        if not pair:
            problems.append(Problem(Location(filename, line, "pair"), "pair number missing; the line is left out"))
            continue
        text_names = cell(row, "names") or " & ".join(n for n in (cell(row, "player1"), cell(row, "player2")) if n)
        section = cell(row, "section")
        key = f"{section}:{pair}" if section else pair
        if key in seen:
            problems.append(
                Problem(
                    Location(filename, line, "pair"),
                    f"pair {key} is named already on line {seen[key]}; this line is left out",
                )
            )
            continue
        seen[key] = line
        names[key] = text_names
    return MappingProxyType(names), tuple(problems)


def load(path: str | Path) -> tuple[Mapping[str, str], tuple[Problem, ...]]:
    """Read a names file (see the module docstring)."""
    text, problems = read_file(path, "the names file")
    if text is None:
        return MappingProxyType({}), tuple(problems)
    names, more = loads(text, str(Path(path)))
    return names, tuple(problems) + more


def with_names(event: Event, names: Mapping[str, str], problems: tuple[Problem, ...] = ()) -> Event:
    """The event with the names file's names added (replacing the results file's for the same pairs)."""
    merged = dict(event.names)
    merged.update(names)
    return Event(event.results, MappingProxyType(merged), event.title, event.problems + problems)
