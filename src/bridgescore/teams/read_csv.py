"""CSV teams files: one line per room of a board of a match.

Columns (header names case-insensitive, English and Dutch, as the pairs CSV reader takes them):
``round`` (``ronde``), ``board``, ``room`` (``zaal``; optional), ``ns``, ``ew`` (team names or numbers),
``contract``, ``declarer``, ``result``, and optionally ``lead``, ``score``, ``remarks``, ``segment``
(``stanza``) and ``carry_over`` (``overdracht``: the IMPs a knock-out match starts with, to the team sitting
North-South on that line, written on one line of the match; :mod:`bridgescore.teams.carry`).  For example::

    round,board,room,ns,ew,contract,declarer,result
    1,1,open,1,2,4S,N,=
    1,1,closed,2,1,4S,S,-1

``room`` is ``open``/``closed``, ``1``/``2``, or Dutch ``open``/``gesloten``; without it the first line of a
match met in the file is the open room.  The two rooms of a match are the two lines of a board in a round with
the same two teams, reversed (:mod:`bridgescore.teams.read`).  Every line is read by
:mod:`bridgescore.io.csv`'s line reader, so contracts, results, adjusted scores (``A+``, ``A60/40`` in
``remarks`` or ``result``), "N.G." and Dutch notation (``SA``, ``O``/``Z`` …) read exactly as in a pairs file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bridgescore.core.contract import Notation
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.io import csv as traveller_csv
from bridgescore.io.line import decimal_number, whole_number
from bridgescore.teams.csv_header import (
    ROOM_WORDS,
    teams_columns,
)
from bridgescore.teams.lines import TeamFile, TeamLine

if TYPE_CHECKING:
    from bridgescore.teams.read_columns import TeamsColumns

__all__ = ["ROOM_WORDS", "load", "load_columns", "loads", "loads_line_by_line", "teams_columns"]


def loads(text: str, filename: str = "<input>", notation: Notation = "en", *, matches: bool = False) -> TeamFile:
    """The teams lines of a CSV file's text (see the module docstring).  A large file is read on columns
    (:mod:`bridgescore.teams.read_columns`) where it can be, else line by line (:func:`loads_line_by_line`); both
    read a file into the same lines.  ``matches``: the file is the whole event; the columnar reader then makes its
    matches too (``TeamFile.matches``)."""
    from bridgescore.io import csv_columns

    if len(text) >= csv_columns.COLUMNAR_FROM:
        from bridgescore.teams import read_columns

        read = read_columns.loads(text, filename, notation, matches=matches)
        if read is not None:
            return read
    return loads_line_by_line(text, filename, notation)


def loads_line_by_line(text: str, filename: str = "<input>", notation: Notation = "en") -> TeamFile:
    """The teams lines of a CSV file's text read one line at a time by :mod:`bridgescore.io.csv`'s line reader:
    the careful reading, which words every problem of a line."""
    problems: list[Problem] = []
    if not text.strip():
        return TeamFile(
            (), problems=(Problem.make(Location(filename), "the file is empty: there are no traveller lines"),)
        )
    records = traveller_csv.read_records(text, filename, problems)
    if not records:
        return TeamFile((), problems=tuple(problems))
    header_line, header = records[0]
    columns, header_problems = traveller_csv.map_header(header, Location(filename, header_line))
    found = teams_columns(columns)
    if "round" not in found and "room" not in found:
        header_problems.append(
            Problem.make(
                Location(filename, header_line, "round"),
                "the header has no 'round' and no 'room' column (found: %(found)s): this looks like a pairs "
                "file (score it with `bridgescore score`); a teams file adds round and room columns",
                found=shorten(", ".join(header)),
            )
        )
    elif "round" not in found:
        header_problems.append(
            Problem.make(
                Location(filename, header_line, "round"),
                "the header has no '%(column)s' column (found: %(found)s)",
                column="round",
                found=shorten(", ".join(header)),
            )
        )
    if header_problems:
        return TeamFile((), problems=(*problems, *header_problems))

    def cell(row: list[str], field: str) -> str:
        i = found.get(field)
        return row[i].strip() if i is not None and i < len(row) else ""

    lines: list[TeamLine] = []
    for line, row in records[1:]:
        result, line_problems, _ew_view = traveller_csv.read_line(row, columns, filename, line, notation)
        round_text = cell(row, "round")
        round_number = whole_number(round_text) if round_text[:1] not in ("+", "-") else None
        if not round_text:
            line_problems.append(Problem.make(Location(filename, line, "round"), "round number missing"))
        elif round_number is None or round_number < 1:
            line_problems.append(
                Problem.make(
                    Location(filename, line, "round"), "'%(text)s' is not a round number", text=shorten(round_text)
                )
            )
        room_text = cell(row, "room")
        room = ROOM_WORDS.get(traveller_csv.header_key(room_text)) if room_text else None
        if room_text and room is None:
            line_problems.append(
                Problem.make(
                    Location(filename, line, "room"),
                    "'%(text)s' is not a room; write open or closed (1 or 2, open or gesloten)",
                    text=shorten(room_text),
                )
            )
        segment_text = cell(row, "segment")
        segment = whole_number(segment_text) if segment_text else 1
        if segment is None or segment < 1:
            line_problems.append(
                Problem.make(
                    Location(filename, line, "segment"),
                    "'%(text)s' is not a segment number",
                    text=shorten(segment_text),
                )
            )
        carry_text = cell(row, "carry_over")
        carry = decimal_number(carry_text) if carry_text else None
        if carry_text and carry is None:
            line_problems.append(
                Problem.make(
                    Location(filename, line, "carry_over"),
                    "'%(text)s' is not a number of IMPs (the carry-over to the North-South team)",
                    text=shorten(carry_text),
                )
            )
        if result is not None and result.ns_pair and result.ns_pair == result.ew_pair:
            line_problems.append(
                Problem.make(
                    Location(filename, line, "ew"),
                    "board %(board)d: team %(team)s is written as both North-South and East-West",
                    board=result.board,
                    team=shorten(result.ns_pair),
                )
            )
        problems.extend(line_problems)
        if result is None or any(p.severity is Severity.ERROR for p in line_problems):
            continue
        assert round_number is not None and segment is not None
        lines.append(TeamLine(result, round_number, room, segment, carry_over=carry))
    problems.sort(key=lambda p: p.location.line or 0)
    return TeamFile(tuple(lines), problems=tuple(problems))


def load(path: str | Path, notation: Notation = "en", *, matches: bool = False) -> TeamFile:
    """Read a CSV teams file (see the module docstring); ``matches`` as :func:`loads`."""
    return _load(path, notation, matches, on_columns=False)[1]


def load_columns(path: str | Path, notation: Notation = "en") -> tuple[TeamsColumns | None, TeamFile]:
    """The CSV file ``path``, an event's one file, with its text read once: its columns where its matches are found
    on columns (:func:`bridgescore.teams.read_columns.event`; the file then holds only the problems of reading its
    text, a file not in UTF-8), else None and the file :func:`load` reads with ``matches``."""
    return _load(path, notation, True, on_columns=True)


def _load(
    path: str | Path, notation: Notation, matches: bool, *, on_columns: bool
) -> tuple[TeamsColumns | None, TeamFile]:
    text, problems = traveller_csv.read_file(path)
    if text is None:
        return None, TeamFile((), problems=tuple(problems))
    filename = str(Path(path))
    try:
        if on_columns:
            from bridgescore.io import csv_columns
            from bridgescore.teams import read_columns

            found = read_columns.event(text, filename, notation) if len(text) >= csv_columns.COLUMNAR_FROM else None
            if found is not None and not isinstance(found, TeamFile):
                return found, TeamFile((), problems=(*problems, *found.read.problems()))
            read = found if found is not None else loads_line_by_line(text, filename, notation)
        else:
            read = loads(text, filename, notation, matches=matches)
    except MemoryError:
        return None, TeamFile((), problems=(traveller_csv.too_large(filename),))
    return None, TeamFile(read.lines, problems=(*problems, *read.problems), matches=read.matches)
