"""The archive's transactions (issue 19), on SQLite and on a real PostgreSQL server (``tests/pg.py``): one ``archive
add`` of several files stores all or none, a season read while a correction is stored sees one version of each
session, readers read beside a writer (SQLite: no write lock), and the same evening saved again (a BOM, CRLF) or
copied is one session."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from sqlalchemy import event, text
from typer.testing import CliRunner

import bridgescore
from bridgescore.archive import open_archive
from bridgescore.cli import app

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "src" / "bridgescore" / "examples" / "club-evening.csv"
runner = CliRunner()


def _evening(folder: Path, name: str, lead: str = "DK") -> Path:
    """The example evening as ``name``; ``lead`` the first line's lead (another evening's lines)."""
    path = folder / name
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace(",DK,450,", f",{lead},450,", 1), encoding="utf-8")
    return path


def _fail_storing(url: str, key_part: str) -> None:
    """A trigger that fails storing a session whose key holds ``key_part``, as a connection lost then would."""
    with open_archive(url) as archive, archive.engine.begin() as connection:
        if archive.backend == "postgresql":
            connection.execute(text(
                "CREATE FUNCTION lost() RETURNS trigger AS $$ BEGIN IF NEW.key LIKE '%" + key_part + "%' THEN "
                "RAISE EXCEPTION 'server closed the connection unexpectedly'; END IF; RETURN NEW; END $$ "
                "LANGUAGE plpgsql"
            ))  # fmt: skip
            connection.execute(
                text("CREATE TRIGGER lost BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION lost()")
            )
        else:
            connection.execute(text(
                f"CREATE TRIGGER lost BEFORE INSERT ON sessions WHEN NEW.key LIKE '%{key_part}%' "
                "BEGIN SELECT RAISE(ABORT, 'server closed the connection unexpectedly'); END"
            ))  # fmt: skip


def _heal(url: str) -> None:
    with open_archive(url) as archive, archive.engine.begin() as connection:
        connection.execute(text("DROP TRIGGER lost" + (" ON sessions" if archive.backend == "postgresql" else "")))


def test_archive_add_of_several_files_stores_all_or_none(tmp_path: Path, archive_url: str) -> None:
    """The second of two files fails as it is stored (a connection lost): nothing is stored, the director is told
    so, and the same command run again stores both – it was 'already in the archive … nothing was stored' for the
    first and the second never stored."""
    files = [str(_evening(tmp_path, "first.csv")), str(_evening(tmp_path, "second.csv", "DJ"))]
    _fail_storing(archive_url, "second")
    failed = runner.invoke(app, ["archive", "add", *files, "--db", archive_url])
    assert failed.exit_code == 2, failed.output
    assert "server closed the connection unexpectedly" in failed.output and "nothing was stored" in failed.output
    with open_archive(archive_url) as archive:
        assert archive.counts()["sessions"] == 0 and archive.counts()["lines"] == 0
    _heal(archive_url)
    again = runner.invoke(app, ["archive", "add", *files, "--db", archive_url])
    assert again.exit_code == 0, again.output
    with open_archive(archive_url) as archive:
        assert sorted(s.key for s in archive.list_sessions()) == ["first.csv", "second.csv"]
        assert archive.counts()["lines"] == 2 * 98


def test_a_season_read_while_a_correction_is_stored_sees_one_version(tmp_path: Path, archive_url: str) -> None:
    """A correction (``--replace``) committed between the reader's query of the sessions and its query of their
    lines: the reader sees the session as it was, summary and lines of one version (PostgreSQL read each statement
    in its own snapshot: the old summary with the corrected lines)."""
    first = _evening(tmp_path, "first.csv")
    assert runner.invoke(app, ["archive", "add", str(first), "--db", archive_url]).exit_code == 0
    with open_archive(archive_url) as before:
        (old,) = before.sessions()
    corrected = tmp_path / "fix.csv"
    text_ = first.read_text(encoding="utf-8")
    corrected.write_text(text_.replace("A,1,1,8,4S,S,+1,DK,450,", "A,1,1,8,4S,S,-1,DK,-50,"), encoding="utf-8")
    reader = open_archive(archive_url)
    writer = open_archive(archive_url)
    corrections: list[int] = []

    def correct_now(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        if "FROM lines" in statement and not corrections:
            scores = bridgescore.score(bridgescore.read(corrected))
            corrections.append(writer.add(scores, file=str(corrected), content=corrected.read_bytes(),
                                          key="first.csv", replace=True).version)  # fmt: skip

    event.listen(reader.engine, "before_cursor_execute", correct_now)
    try:
        (seen,) = reader.sessions()
    finally:
        event.remove(reader.engine, "before_cursor_execute", correct_now)
        reader.close()
        writer.close()
    assert corrections == [2]
    assert seen.summary == old.summary
    assert tuple(seen.event.results) == tuple(old.event.results)
    with open_archive(archive_url) as after:
        (new,) = after.sessions()
    assert new.event.results[0].ns_score == -50 and new.summary != old.summary


def test_sqlite_readers_read_beside_a_writer(tmp_path: Path) -> None:
    """While another process holds the write lock (an archive add storing a large file), opening the archive and
    reading it (archive list, a season) goes on at once: readers took the write lock themselves (BEGIN IMMEDIATE on
    open and in every query) and queued, or failed with 'database is locked'."""
    db = tmp_path / "club.sqlite3"
    assert runner.invoke(app, ["archive", "add", str(_evening(tmp_path, "first.csv")), "--db", str(db)]).exit_code == 0
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM lines")  # the writer's changes, not committed: readers see the archive as it was
    read: list[tuple[int, int]] = []

    def reading() -> None:
        with open_archive(db, create=False) as archive:
            read.append((len(archive.list_sessions()), len(archive.sessions()[0].event.results)))

    readers = [threading.Thread(target=reading, daemon=True) for _ in range(2)]
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join(10)
    done = list(read)
    writer.execute("ROLLBACK")
    writer.close()
    for thread in readers:
        thread.join(90)
    assert done == [(1, 98), (1, 98)]


def test_an_archive_at_its_newest_schema_is_opened_without_the_write_lock(tmp_path: Path) -> None:
    """The schema's revision is read without a lock; the upgrade (which takes it) runs only for an archive behind."""
    db = tmp_path / "club.sqlite3"
    open_archive(db).close()
    statements: list[str] = []
    archive = open_archive(db)
    event.listen(archive.engine, "before_cursor_execute", lambda *a: statements.append(str(a[2])))
    archive.upgrade()
    archive.close()
    assert statements and not [s for s in statements if "IMMEDIATE" in s.upper()], statements
    assert any("alembic_version" in s for s in statements)
