"""A traveller CSV with a ``session`` column (issue 13): the lines of each session read on their own.

The column is ``session`` (also ``sessie``, ``zitting``, ``ses``).  Each session's lines are read as if the file
held only them (every other line left blank, so every problem keeps its line number in the file), so that pair 1
playing board 1 in the first and in the second session is no pair playing a board twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from bridgescore.core.contract import Notation
from bridgescore.core.event import Event
from bridgescore.core.problems import Location, Problem, shorten
from bridgescore.io import files
from bridgescore.io.csv import header_key, physical_lines, read_file, read_records

__all__ = ["SESSION_COLUMNS", "has_session_column", "session_column", "session_names", "split"]

SESSION_COLUMNS = frozenset({"session", "sessie", "zitting", "ses", "sessionno", "sessionnumber"})


def session_column(path: str | Path) -> int | None:
    """The index of the session column in a CSV file's header, or None (no column, not a CSV, unreadable)."""
    if Path(path).suffix.lower() not in (".csv", ".tsv", ".txt"):
        return None
    try:  # the header only: a large file is not read twice; a pipe or a device is not opened (io/files.py)
        files.refuse(path)
        with open(path, "rb") as handle:
            head = handle.read(65536)
    except OSError:
        return None
    text = head.decode("utf-8-sig", errors="replace")
    first = next((line for line in text.splitlines() if line.strip()), "")
    records = read_records(first + "\n")
    if not records:
        return None
    for i, cell in enumerate(records[0][1]):
        if header_key(cell) in SESSION_COLUMNS:
            return i
    return None


def has_session_column(paths: Iterable[str | Path]) -> bool:
    """Whether a traveller CSV among ``paths`` has a ``session`` column (a multi-session event in one file):
    ``score`` then scores it by sessions and ``check`` checks each session as a section."""
    return any(session_column(p) is not None for p in paths)


def session_names(path: str | Path) -> list[str]:
    """The sessions a file's session column names, in order of first appearance, as :func:`split` would split it
    (``[""]`` where the column names none; ``[]`` without a column or where the file cannot be read).  Read from
    the records alone, so a file whose column names one session (the EBU's exports write ``SESSION 1`` on every
    line) is not read into lines here and again as the single session it is."""
    column = session_column(path)
    if column is None:
        return []
    text, _ = read_file(path)
    records = read_records(text) if text is not None else []
    if not records:
        return []
    named = dict.fromkeys(row[column].strip() for _, row in records[1:] if column < len(row))
    return [n for n in named if n] or [""]


def split(
    path: str | Path, notation: Notation = "en", pairs_per_direction: bool | None = None
) -> list[tuple[str, Event]]:
    """Each session of the file (in order of first appearance) with its event.  A line with a blank session cell
    where the column names sessions is an error at its line and column, said with the first session, and the line
    is left out: putting it in a session would guess which one (issue 18: it went into the first, unsaid)."""
    from bridgescore.io import csv as traveller_csv
    from bridgescore.io import csv_event

    text, problems = read_file(path)
    if text is None:
        return [("", Event((), problems=tuple(problems)))]
    column = session_column(path)
    lines = physical_lines(text)
    records = read_records(text)
    if column is None or not records:
        return [("", csv_event(traveller_csv.load(path, notation, pairs_per_direction=pairs_per_direction)))]
    header_at = records[0][0]
    sessions: dict[str, list[int]] = {}
    for line, row in records[1:]:
        name = row[column].strip() if column < len(row) else ""
        sessions.setdefault(name, []).append(line)
    out: list[tuple[str, Event]] = []
    names = [n for n in sessions if n] or [""]
    if names != [""]:
        header = records[0][1][column].strip()
        for line in sessions.get("", ()):
            problems.append(
                Problem.make(
                    Location(str(Path(path)), line, header),
                    "the session is not written on this line (the other lines name %(sessions)s); the line is left "
                    "out: write its session",
                    sessions=shorten(", ".join(names)),
                )
            )
    for name in names:
        keep = {header_at, *sessions.get(name, ())}
        part = "\n".join(line if i in keep else "" for i, line in enumerate(lines, start=1)) + "\n"
        event = traveller_csv.loads(part, str(Path(path)), notation, pairs_per_direction=pairs_per_direction)
        event = Event(
            event.results,
            event.names,
            event.title,
            (*(problems if name == names[0] else ()), *event.problems),
            event.form,
            event.form_sign,
        )
        out.append((name, csv_event(event)))
    return out
