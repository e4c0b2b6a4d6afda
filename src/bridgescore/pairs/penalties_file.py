"""A penalties file: pair-level corrections and procedural penalties (see :mod:`bridgescore.pairs.penalties`).

A CSV file (comma, semicolon or tab separated; UTF-8, or Windows-1252 with a warning), one line per penalty:

```
pair,penalty,section,reason        # the header is optional; section and reason may be left out
5,-10%,A,late arrival
7,-3 IMPs
NS 1,-25% top,,slow play           # NS/EW before the number where pairs are numbered per direction
```

Columns (case-insensitive, English and Dutch): ``pair`` (``paar``, ``nr``), ``penalty`` (``amount``,
``correction``, ``straf``, ``correctie``), ``section`` (``sectie``, ``lijn``, ``group``) and ``reason``
(``remarks``, ``reden``, ``opmerking``).  A file without a header is read as ``pair,penalty,section,reason``.
A line that cannot be read is a problem with its line and column, and is left out.
"""

from __future__ import annotations

from pathlib import Path

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem
from bridgescore.io.csv import header_key, read_file, read_records
from bridgescore.pairs.penalties import Penalty, PenaltyError, make_penalty

__all__ = ["load", "loads"]

_FIELDS = {
    "pair": ("pair", "pairnumber", "nr", "no", "number", "paar", "paarnummer"),
    "penalty": ("penalty", "amount", "correction", "corr", "straf", "correctie", "procedurestraf"),
    "section": ("section", "sect", "sectie", "lijn", "group", "groep"),
    "reason": ("reason", "remarks", "remark", "note", "reden", "opmerking", "opmerkingen"),
}
_INDEX = {alias: field for field, aliases in _FIELDS.items() for alias in aliases}
_POSITIONS = {"pair": 0, "penalty": 1, "section": 2, "reason": 3}


def loads(text: str, filename: str = "<penalties>") -> tuple[tuple[Penalty, ...], tuple[Problem, ...]]:
    """The penalties in a penalties file's text, and every problem found (with its line and column)."""
    problems: list[Problem] = []
    records = read_records(text)
    if not records:
        return (), (Problem(Location(filename), N_("the penalties file is empty")),)
    first = records[0][1]
    header = {_INDEX[key]: i for i, cell in enumerate(first) if (key := header_key(cell)) in _INDEX}
    if "pair" in header:
        records = records[1:]
        if "penalty" not in header:
            message = N_("the header has no 'penalty' column (found: %(found)s)")
            where = Location(filename, records[0][0] if records else 1, "penalty")
            return (), (Problem(where, message, values=(("found", ", ".join(first)),)),)
    else:
        header = _POSITIONS

    def cell(row: list[str], field: str) -> str:
        i = header.get(field)
        return row[i].strip() if i is not None and i < len(row) else ""

    penalties: list[Penalty] = []
    for line, row in records:
        pair, amount = cell(row, "pair"), cell(row, "penalty")
        if not pair:
            message = N_("the pair is missing; the line is left out")
            problems.append(Problem(Location(filename, line, "pair"), message))
            continue
        if not amount:
            message = N_("pair %(pair)s has no penalty; write e.g. -10%%, -25%% top, -2 MP or -3 IMPs")
            problems.append(Problem(Location(filename, line, "penalty"), message, values=(("pair", pair),)))
            continue
        try:
            penalty, warning = make_penalty(pair, amount, cell(row, "section"), cell(row, "reason"),
                                            Location(filename, line, "penalty"))  # fmt: skip
        except PenaltyError as problem:
            values = tuple(problem.values.items())
            problems.append(Problem(Location(filename, line, "penalty"), problem.message, values=values))
            continue
        penalties.append(penalty)
        if warning is not None:
            problems.append(warning)
    return tuple(penalties), tuple(problems)


def load(path: str | Path) -> tuple[tuple[Penalty, ...], tuple[Problem, ...]]:
    """Read a penalties file (see the module docstring)."""
    text, problems = read_file(path, "the penalties file")
    if text is None:
        return (), tuple(problems)
    penalties, more = loads(text, str(Path(path)))
    return penalties, tuple(problems) + more
