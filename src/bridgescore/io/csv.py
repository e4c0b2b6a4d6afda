"""Traveller files as CSV: one line per table result.

Columns (header names case-insensitive, with common synonyms, English and Dutch): ``section`` (optional),
``board``, ``ns``, ``ew``, ``contract``, ``declarer``, ``result`` (tricks or relative), ``lead`` (optional),
``score`` (optional NS score; an ``ew_score`` column is read too) and ``remarks`` (optional: "N.G." for a
board not played, adjusted scores).  A line may carry only a score.  Comma, semicolon and tab separated files
are read, UTF-8 with or without BOM (Windows-1252 with a warning).

Problems are collected, all of them, with file, line and column: a line with an error is left out of the
event's results and named in ``Event.problems``; columns the reader does not know are kept on each result.
"""

from __future__ import annotations

from pathlib import Path

from bridgescore.core.contract import (
    Notation,
)
from bridgescore.core.event import Event
from bridgescore.core.problems import Location, Problem
from bridgescore.io.csv_lines import (
    COLUMN_SYNONYMS,
    NOT_PLAYED_WORDS,
    SEATS,
    Columns,
    header_key,
    is_not_played,
    map_header,
    one_ew_convention,
    one_line_per_table,
    per_direction_warnings,
    physical_lines,
    read_file,
    read_line,
    read_lines,
    read_records,
    read_text,
    too_large,
    unreadable,
)

__all__ = [
    "COLUMN_SYNONYMS",
    "NOT_PLAYED_WORDS",
    "SEATS",
    "Columns",
    "header_key",
    "is_not_played",
    "load",
    "loads",
    "loads_line_by_line",
    "map_header",
    "one_ew_convention",
    "one_line_per_table",
    "per_direction_warnings",
    "physical_lines",
    "read_file",
    "read_line",
    "read_lines",
    "read_records",
    "read_text",
    "too_large",
    "unreadable",
]


def loads(
    text: str, filename: str = "<input>", notation: Notation = "en", *, pairs_per_direction: bool | None = None
) -> Event:
    """Read traveller lines from text; see the module docstring for columns and problems.

    ``pairs_per_direction``: NS 1 and EW 1 are two pairs (a Mitchell numbered per direction, as ACBLscore does),
    so a line with the same number on both sides is no mistake, and a pair is identified by number and direction
    when looking for a pair that plays a board twice.  ``None`` (the default) recognises it per section from the
    data (:func:`bridgescore.core.event.sections_numbered_per_direction`) and says so in a warning.
    """
    from bridgescore.io import csv_columns

    if len(text) >= csv_columns.COLUMNAR_FROM:
        fast = csv_columns.loads(text, filename, notation, pairs_per_direction=pairs_per_direction)
        if fast is not None:
            return fast
    return loads_line_by_line(text, filename, notation, pairs_per_direction=pairs_per_direction)


def loads_line_by_line(
    text: str, filename: str = "<input>", notation: Notation = "en", *, pairs_per_direction: bool | None = None
) -> Event:
    """:func:`loads` reading each line with Python's CSV module and :func:`read_line`: the reference of the
    reader's behaviour, which the columnar reader (:mod:`bridgescore.io.csv_columns`) follows and hands the files
    and lines it does not take to."""
    problems: list[Problem] = []
    empty = Problem.make(Location(filename), "the file is empty: there are no traveller lines")
    if not text.strip():
        return Event((), problems=(empty,))
    records = read_records(text, filename, problems)
    if not records:
        return Event((), problems=tuple(problems) or (empty,))
    from bridgescore.io import bws

    if bws.is_received_data(records[0][1]):  # Bridgemate's results exported with mdb-export
        return bws.from_records(records, filename, notation, pairs_per_direction=pairs_per_direction, problems=problems)
    columns, header_problems = map_header(records[0][1], Location(filename, records[0][0]))
    if header_problems:
        return Event((), problems=(*problems, *header_problems))
    return read_lines(records[1:], columns, filename, notation, pairs_per_direction, problems)


def load(path: str | Path, notation: Notation = "en", *, pairs_per_direction: bool | None = None) -> Event:
    """Read a traveller file."""
    text, problems = read_file(path)
    if text is None:
        return Event((), problems=tuple(problems))
    try:
        event = loads(text, str(Path(path)), notation, pairs_per_direction=pairs_per_direction)
    except MemoryError:
        del text
        return Event((), problems=(too_large(str(Path(path))),))
    return Event(event.results, event.names, event.title, tuple(problems) + event.problems, event.form, event.form_sign)
