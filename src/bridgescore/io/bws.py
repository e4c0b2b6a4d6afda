"""Bridgemate's results: the ``ReceivedData`` table of a BWS file, read as a traveller file.

A BWS file is the Microsoft Access (Jet) database that a scoring program and Bridgemate Control Software (BCS)
share during a session (the Bridgemate developer's guide, "ReceivedData table").  Every result a Bridgemate
sends is a row of ``ReceivedData``:

=============  =============================================================================================
``ID``         the row's number, counting up as rows arrive (a correction has a higher ID than what it corrects)
``Section``    the section's ID (the ``Section`` table gives its letter)
``Table``,     where and when the board was played
``Round``
``Board``      the board
``PairNS``,    the pairs
``PairEW``
``Declarer``   the number of the declaring pair (of the player, in an individual)
``NS/EW``      the declarer's seat: ``N``, ``E``, ``S`` or ``W``
``Contract``   ``4 S``, ``3 NT x``, ``6 H xx``, ``PASS``; empty for a board not played
``Result``     ``=``, ``+1``, ``-2``
``LeadCard``   ``S4``, ``H10``
``Remarks``    e.g. ``Not played``, ``Wrong direction``
``DateLog``,   when the row arrived
``TimeLog``
``Erased``     ``1`` (``True``) where the director erased the result on the Bridgemate or in BCS
=============  =============================================================================================

Two readings follow the developer's guide:

* an **erased** row is no result: it is left out (a warning names it, so no line disappears unsaid);
* a **correction**: BCS does not change a row it has written; a result entered again for the same section,
  table, round and board (after the director's "erase result", or a changed result) arrives as a new row with a
  higher ``ID``, and the latest row is the result.  The rows it supersedes are left out, each with a warning
  naming the line of the row that replaces it.  Without an ``ID`` column the order of the lines decides.

Input: the table as ``mdb-export file.bws ReceivedData`` writes it (CSV with a header; a ``.csv`` file with
these columns is recognised by :func:`bridgescore.io.csv.loads` and read here), or the ``.bws`` file itself,
which is read through mdbtools' ``mdb-export`` when it is installed (sections then get their letters from the
``Section`` table).  Line numbers are those of the export: line 1 is the header, line 2 the first row.
Columns other than those above (``Processed``, ``DateLog`` …) are kept on each result.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from bridgescore.core.contract import Notation
from bridgescore.core.event import Event
from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.io import files
from bridgescore.io.csv_lines import Columns, header_key, read_file, read_lines, read_records, too_large, unreadable

__all__ = ["export_table", "from_records", "is_received_data", "load", "loads"]

#: ReceivedData's columns (as ``header_key`` writes them) → the traveller reader's fields.
_FIELDS = {
    "section": "section",
    "board": "board",
    "pairns": "ns",
    "pairew": "ew",
    "nsew": "declarer",
    "contract": "contract",
    "result": "result",
    "leadcard": "lead",
    "remarks": "remarks",
}
#: The columns that make a CSV file Bridgemate's ReceivedData table.
_SIGNATURE = frozenset({"table", "round", "board", "pairns", "pairew", "nsew", "contract", "result"})
_NAMES = {"table": "Table", "round": "Round", "board": "Board", "pairns": "PairNS", "pairew": "PairEW",
          "nsew": "NS/EW", "contract": "Contract", "result": "Result"}  # fmt: skip
_TRUE = frozenset({"1", "-1", "true", "yes", "waar", "ja"})
_FALSE = frozenset({"", "0", "false", "no", "onwaar", "nee"})

#: Seconds an ``mdb-export`` may take (a session's table is a few thousand rows: well under a second).
_EXPORT_TIMEOUT = 120


def is_received_data(header: Sequence[str]) -> bool:
    """True for the header of Bridgemate's ReceivedData table (``Table``, ``Round``, ``Board``, ``PairNS``,
    ``PairEW``, ``NS/EW``, ``Contract``, ``Result``)."""
    return {header_key(h) for h in header} >= _SIGNATURE


def loads(
    text: str,
    filename: str = "<ReceivedData>",
    notation: Notation = "en",
    *,
    pairs_per_direction: bool | None = None,
    sections: Mapping[str, str] | None = None,
) -> Event:
    """Read the ReceivedData table as ``mdb-export`` writes it; ``sections``: section ID → letter."""
    problems: list[Problem] = []
    records = read_records(text, filename, problems)
    if not records:
        empty = Problem.make(Location(filename), "the file is empty: there are no traveller lines")
        return Event((), problems=(*problems, empty))
    if not is_received_data(records[0][1]):
        return Event(
            (),
            problems=(
                *problems,
                Problem.make(
                    Location(filename, records[0][0]),
                    "this is not Bridgemate's ReceivedData table: its header has no %(columns)s",
                    columns=", ".join(
                        f"'{_NAMES[key]}'" for key in sorted(_SIGNATURE - {header_key(h) for h in records[0][1]})
                    ),
                ),
            ),
        )
    return from_records(
        records, filename, notation, pairs_per_direction=pairs_per_direction, problems=problems, sections=sections
    )


def from_records(
    records: Sequence[tuple[int, list[str]]],
    filename: str,
    notation: Notation = "en",
    *,
    pairs_per_direction: bool | None = None,
    problems: list[Problem] | None = None,
    sections: Mapping[str, str] | None = None,
) -> Event:
    """The event of ReceivedData's records (the header first): erased rows and superseded rows left out (each
    with a warning), the others read as traveller lines."""
    found: list[Problem] = list(problems or ())
    header = records[0][1]
    keys = [header_key(h) for h in header]
    index = {field: i for i, key in enumerate(keys) if (field := _FIELDS.get(key)) is not None}
    extra = {name.strip() or f"column {i + 1}": i for i, name in enumerate(header) if keys[i] not in _FIELDS}
    columns = Columns(index, extra, header)
    position = {key: i for i, key in enumerate(keys)}

    def value(row: Sequence[str], key: str) -> str:
        i = position.get(key)
        return row[i].strip() if i is not None and i < len(row) else ""

    latest: dict[tuple[str, str, str, str], tuple[tuple[int, int], int, list[str]]] = {}
    superseded: list[tuple[int, list[str], int]] = []  # (line, row, line of the row replacing it)
    # two sections each have a table 2: their messages name the section (as the letter the event shows), one does not
    sectioned = len({value(row, "section") for _, row in records[1:]} - {""}) > 1

    def section_of(row: Sequence[str]) -> str:
        written = value(row, "section")
        return shorten((sections or {}).get(written, written))

    for line, row in records[1:]:
        erased = value(row, "erased").lower()
        if erased in _TRUE:
            found.append(
                Problem.make(
                    Location(filename, line, "Erased"),
                    _ERASED[sectioned and bool(value(row, "section"))],
                    Severity.WARNING,
                    section=section_of(row),
                    board=shorten(value(row, "board")),
                    table=shorten(value(row, "table")),
                    round=shorten(value(row, "round")),
                )
            )
            continue
        if erased not in _FALSE:
            found.append(
                Problem.make(
                    Location(filename, line, "Erased"),
                    "'%(text)s' is neither 1 nor 0 (true or false); the line is left out",
                    text=shorten(value(row, "erased")),
                )
            )
            continue
        key = (value(row, "section"), value(row, "table"), value(row, "round"), value(row, "board"))
        row_id = value(row, "id")
        order = (int(row_id), line) if row_id.isascii() and row_id.isdigit() and len(row_id) <= 18 else (-1, line)
        before = latest.get(key)
        if before is None or order > before[0]:
            if before is not None:
                superseded.append((before[1], before[2], line))
            latest[key] = (order, line, row)
        else:
            superseded.append((line, row, before[1]))
    for line, row, by in superseded:
        found.append(
            Problem.make(
                Location(filename, line),
                _SUPERSEDED[sectioned and bool(value(row, "section"))],
                Severity.WARNING,
                section=section_of(row),
                board=shorten(value(row, "board")),
                table=shorten(value(row, "table")),
                round=shorten(value(row, "round")),
                by=by,
            )
        )
    kept = sorted((line, row) for _, line, row in latest.values())
    if sections and "section" in index:
        at = index["section"]
        kept = [(line, _with(row, at, sections.get(row[at].strip(), row[at]))) for line, row in kept if at < len(row)]
    return read_lines(kept, columns, filename, notation, pairs_per_direction, found)


#: A row erased on the Bridgemate, and one replaced by a correction, by whether the file has two sections or more.
_ERASED = {
    False: N_("board %(board)s, table %(table)s, round %(round)s: this result was erased on the Bridgemate; it is left "
              "out"),
    True: N_("section %(section)s, board %(board)s, table %(table)s, round %(round)s: this result was erased on the "
             "Bridgemate; it is left out"),
}  # fmt: skip
_SUPERSEDED = {
    False: N_("board %(board)s, table %(table)s, round %(round)s: this result is replaced by the correction on line "
              "%(by)d; it is left out"),
    True: N_("section %(section)s, board %(board)s, table %(table)s, round %(round)s: this result is replaced by the "
             "correction on line %(by)d; it is left out"),
}  # fmt: skip


def _with(row: list[str], at: int, text: str) -> list[str]:
    changed = list(row)
    changed[at] = text
    return changed


def load(path: str | Path, notation: Notation = "en", *, pairs_per_direction: bool | None = None) -> Event:
    """Read a ``.bws`` file through mdbtools' ``mdb-export`` (its ReceivedData table, and its Section table for
    the sections' letters), or a file ``mdb-export`` wrote."""
    p = Path(path)
    if p.suffix.lower() != ".bws":
        text, problems = read_file(p)
        if text is None:
            return Event((), problems=tuple(problems))
        try:
            event = loads(text, str(p), notation, pairs_per_direction=pairs_per_direction)
        except MemoryError:
            del text
            return Event((), problems=(too_large(str(p)),))
        return Event(event.results, event.names, event.title, (*problems, *event.problems))
    try:  # a pipe, a device, a folder or a file too large is not given to mdb-export (io/files.py)
        files.refuse(p)
    except OSError as err:
        return Event((), problems=(unreadable(str(p), err),))
    exported = export_table(p, "ReceivedData")
    if isinstance(exported, Problem):
        return Event((), problems=(exported,))
    letters = export_table(p, "Section")
    sections = _section_letters(letters) if isinstance(letters, str) else None
    try:
        return loads(exported, str(p), notation, pairs_per_direction=pairs_per_direction, sections=sections)
    except MemoryError:
        del exported
        return Event((), problems=(too_large(str(p)),))


def export_table(path: Path, table: str) -> str | Problem:
    """The table ``table`` of the .bws file as CSV from ``mdb-export``, or the problem why not (also the
    movement's readers use it for ``RoundData``, :mod:`bridgescore.movement.bridgemate`)."""
    program = shutil.which("mdb-export")
    if program is None:
        return Problem.make(
            Location(str(path)),
            "reading a Bridgemate .bws file needs mdb-export from mdbtools, which is not installed: install mdbtools "
            "(Debian and Ubuntu: apt-get install mdbtools; macOS: brew install mdbtools), or export the table "
            "where it is installed (mdb-export %(file)s %(table)s > %(table)s.csv) and give that file",
            file=path.name,
            table=table,
        )
    try:
        done = subprocess.run([program, str(path), table], capture_output=True, timeout=_EXPORT_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        return Problem.make(
            Location(str(path)), "mdb-export cannot read the file: %(reason)s", reason=shorten(str(err))
        )
    except MemoryError:
        return Problem.make(
            Location(str(path)),
            "the file is too large to read in this computer's memory; split it (e.g. one file per section) and "
            "give the parts together",
        )
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", errors="replace").strip() or f"exit status {done.returncode}"
        return Problem.make(
            Location(str(path)),
            "mdb-export cannot read the table %(table)s of this file (is it a Bridgemate .bws file?): %(reason)s",
            table=table,
            reason=shorten(reason, 200),
        )
    return done.stdout.decode("utf-8", errors="replace")


def _section_letters(text: str) -> dict[str, str]:
    """Section ID → letter, from the Section table (columns ``ID`` and ``Letter``)."""
    records = read_records(text)
    if not records:
        return {}
    keys = [header_key(h) for h in records[0][1]]
    if "id" not in keys or "letter" not in keys:
        return {}
    at_id, at_letter = keys.index("id"), keys.index("letter")
    return {
        row[at_id].strip(): row[at_letter].strip()
        for _, row in records[1:]
        if max(at_id, at_letter) < len(row) and row[at_letter].strip()
    }
