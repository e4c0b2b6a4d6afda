"""The traveller lines without a foreign key to their session (migration 0004, issue 19), on SQLite and on a real
PostgreSQL server (``tests/pg.py``): no line outlives its session, whichever way the session goes (a correction, a
session deleted by SQL), a new session never takes over old lines, the migration keeps every line; and the lines
written to PostgreSQL as CSV (``COPY … (FORMAT csv)``) are stored as the driver would have stored each value."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

from sqlalchemy import inspect, text

import bridgescore
from bridgescore.archive import open_archive
from bridgescore.core.event import Event

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "src" / "bridgescore" / "examples" / "club-evening.csv"
ORPHANS = "SELECT count(*) FROM lines WHERE session_id NOT IN (SELECT id FROM sessions)"


def _evening(date: str, remark: str = "") -> Event:
    """The example evening dated ``date``; ``remark`` on its first line (another evening's lines)."""
    event = bridgescore.read(EXAMPLE)
    first, *rest = event.results
    results = (dataclasses.replace(first, remarks=remark), *rest)
    return dataclasses.replace(event, results=results, info=MappingProxyType({**event.info, "date": date}))


def _add(url: str, event: Event, key: str, replace: bool = False) -> None:
    with open_archive(url) as archive:
        archive.add(bridgescore.score(event), file=f"{key}.csv", content=key.encode(), key=key, replace=replace)


def _count(url: str, query: str) -> int:
    with open_archive(url) as archive, archive.engine.connect() as connection:
        return int(connection.execute(text(query)).scalar_one())


def test_a_correction_leaves_no_line_of_the_version_it_replaces(archive_url: str) -> None:
    """``--replace`` deletes the old version's lines itself, in its transaction (no foreign key cascades them)."""
    _add(archive_url, _evening("2026-09-07"), "monday")
    shorter = _evening("2026-09-07", "corrected")
    shorter = dataclasses.replace(shorter, results=shorter.results[:90])
    _add(archive_url, shorter, "monday", replace=True)
    assert _count(archive_url, "SELECT count(*) FROM lines") == 90
    assert _count(archive_url, ORPHANS) == 0
    with open_archive(archive_url) as archive:
        (stored,) = archive.sessions()
    assert tuple(stored.event.results) == tuple(shorter.results)


def test_a_session_deleted_by_sql_takes_its_lines_and_leaves_them_to_no_new_session(archive_url: str) -> None:
    """A session deleted by anything but the archive (a DBA's ``DELETE FROM sessions``): the trigger deletes its
    lines, so none is left without its session – and none is taken over by a new session given the freed id
    (SQLite hands out the highest id again)."""
    _add(archive_url, _evening("2026-09-07"), "monday")
    _add(archive_url, _evening("2026-09-14", "another evening"), "next monday")
    with open_archive(archive_url) as archive, archive.engine.begin() as connection:
        connection.execute(text("DELETE FROM sessions WHERE key = 'next monday'"))
    assert _count(archive_url, ORPHANS) == 0
    assert _count(archive_url, "SELECT count(*) FROM lines") == 98
    third = _evening("2026-09-21", "a third evening")
    third = dataclasses.replace(third, results=third.results[:50])
    _add(archive_url, third, "third monday")
    with open_archive(archive_url) as archive:
        stored = {s.summary.key: s for s in archive.sessions()}
    assert len(stored["third monday"].event.results) == 50 and len(stored["monday"].event.results) == 98


def test_the_migration_keeps_every_line_and_drops_only_the_check(archive_url: str) -> None:
    """An archive at 0002 (the lines' foreign key) migrated to 0004: every line kept, the foreign key gone (the
    check of every line stored), the trigger in its place; and back down to 0002 with the key again."""
    from alembic import command
    from alembic.config import Config

    from bridgescore.archive.store import HEAD, MIGRATIONS

    _add(archive_url, _evening("2026-09-07"), "monday")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with open_archive(archive_url) as archive, archive.engine.begin() as connection:
        assert inspect(connection).get_foreign_keys("lines") == []
        config.attributes["connection"] = connection
        command.downgrade(config, "0002")
        (key,) = inspect(connection).get_foreign_keys("lines")
        assert (key["referred_table"], key["constrained_columns"]) == ("sessions", ["session_id"])
    with open_archive(archive_url) as archive, archive.engine.connect() as connection:  # opened: migrated
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == HEAD
        assert inspect(connection).get_foreign_keys("lines") == []
        assert [i["column_names"] for i in inspect(connection).get_indexes("lines")] == [["session_id"]]
        assert archive.counts()["lines"] == 98
    with open_archive(archive_url) as archive, archive.engine.begin() as connection:
        connection.execute(text("DELETE FROM sessions"))
    assert _count(archive_url, "SELECT count(*) FROM lines") == 0


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


def test_columns_every_line_leaves_empty_are_filled_in_by_the_database(archive_url: str) -> None:
    """Lines without a section, remarks or extra columns (most): those columns are not written at all – the server
    default fills them in (a million empty values not bound, each) – and read back as the empty text and ``{}``;
    the lines of a session that has some are written whole."""
    from bridgescore.archive.models import LineRow
    from bridgescore.archive.store import _BLANK, _line_rows

    defaults = {c.name: c.server_default.arg for c in LineRow.__table__.columns if c.server_default is not None}
    assert {name: defaults[name] for name in _BLANK} == {"section": "", "remarks": "", "extra": "{}"}
    plain = bridgescore.read(EXAMPLE)
    empty = MappingProxyType({})
    plain = dataclasses.replace(
        plain, results=tuple(dataclasses.replace(r, section="", remarks="", extra=empty) for r in plain.results)
    )
    lines, _, _ = _line_rows(bridgescore.score(plain))
    assert not {"section", "remarks", "extra"} & set(lines.written())
    remarked = _evening("2026-09-14", "late change")
    assert "remarks" in _line_rows(bridgescore.score(remarked))[0].written()
    _add(archive_url, plain, "plain")
    _add(archive_url, remarked, "remarked")
    with open_archive(archive_url) as archive:
        stored = {s.summary.key: s for s in archive.sessions()}
        with archive.engine.connect() as connection:
            blank = connection.execute(
                text("SELECT DISTINCT section, remarks, CAST(extra AS TEXT) FROM lines WHERE session_id = "
                     "(SELECT id FROM sessions WHERE key = 'plain')")
            ).all()  # fmt: skip
    assert blank == [("", "", "{}")]
    assert tuple(stored["plain"].event.results) == tuple(plain.results)
    assert tuple(stored["remarked"].event.results) == tuple(remarked.results)
