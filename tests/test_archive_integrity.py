"""The traveller lines written to PostgreSQL as CSV (``COPY … (FORMAT csv)``, issue 19), on SQLite and on a real
PostgreSQL server (``tests/pg.py``): every value stored as the driver would have stored it."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

from sqlalchemy import text

import bridgescore
from bridgescore.archive import open_archive
from bridgescore.core.event import Event

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "src" / "bridgescore" / "examples" / "club-evening.csv"


def _evening(date: str, remark: str = "") -> Event:
    """The example evening dated ``date``; ``remark`` on its first line (another evening's lines)."""
    event = bridgescore.read(EXAMPLE)
    first, *rest = event.results
    results = (dataclasses.replace(first, remarks=remark), *rest)
    return dataclasses.replace(event, results=results, info=MappingProxyType({**event.info, "date": date}))


#: texts a CSV line could take for something else: a field separator, a quote, a line break, COPY's end-of-data
#: marker and its text format's NULL, an empty text (not NULL), spaces at the ends
_AWKWARD = ["a,b", 'say "x"', "two\nlines", "cr\r\nlf", "\\.", "\\N", "NULL", "", "  padded  ", "ünïcødé ♠", "'; --"]


def test_the_lines_are_stored_value_for_value(archive_url: str) -> None:
    """Every column of every line as the archive gives it to the driver (SQLite binds those values; PostgreSQL's
    lines go as CSV written by Arrow): texts that mean something in CSV, an empty text apart from NULL, the
    points and percentages to the last bit."""
    from bridgescore.archive.store import _line_rows

    event = _evening("2026-09-07")
    results = tuple(
        dataclasses.replace(r, lead=_AWKWARD[i % len(_AWKWARD)] if i % 13 else None,
                            remarks=_AWKWARD[(i + 3) % len(_AWKWARD)],
                            extra=MappingProxyType({"note": _AWKWARD[i % len(_AWKWARD)]} if i % 2 else {}))
        for i, r in enumerate(event.results)
    )  # fmt: skip
    event = dataclasses.replace(event, results=results)
    scores = bridgescore.score(event)
    with open_archive(archive_url) as archive:
        archive.add(scores, file='a,"b".csv', content=b"x", key="monday")
        lines, _, _ = _line_rows(scores)
        names = lines.written()
        with archive.engine.connect() as connection:
            cast = {"extra": "CAST(extra AS TEXT)"}  # the JSON as its text on both databases
            stored = connection.execute(
                text(f"SELECT {', '.join(cast.get(n, n) for n in names)} FROM lines ORDER BY position")
            ).all()
    import json

    expected = list(zip(*(lines.column(n) for n in names), strict=True))
    extra = names.index("extra")
    assert [row[:extra] + row[extra + 1 :] for row in stored] == [row[:extra] + row[extra + 1 :] for row in expected]
    assert [json.loads(row[extra]) for row in stored] == [json.loads(row[extra]) for row in expected]
    assert {row[names.index("lead")] for row in stored} >= {None, ""}  # NULL and the empty text, each kept
