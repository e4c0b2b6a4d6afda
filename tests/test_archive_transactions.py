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
        if "FROM pairs" in statement and not corrections:  # after the sessions, before their pairs and lines
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


def _saved_again(source: Path, target: Path) -> Path:
    """``source`` as a spreadsheet or a second download writes it: a BOM and CRLF line ends."""
    target.write_bytes(b"\xef\xbb\xbf" + source.read_bytes().replace(b"\n", b"\r\n"))
    return target


def test_the_same_evening_saved_again_is_one_session(tmp_path: Path, archive_url: str) -> None:
    """The evening saved again (a BOM and CRLF: other bytes, the same lines) is refused as stored already, alone
    and beside the first in one call; it was stored as a second session, which a season counts twice."""
    first = _evening(tmp_path, "monday.csv")
    again = _saved_again(first, tmp_path / "monday-saved.csv")
    assert first.read_bytes() != again.read_bytes()
    both = runner.invoke(app, ["archive", "add", str(first), str(again), "--db", archive_url])
    assert both.exit_code == 2 and "holds the same lines as" in both.output, both.output
    assert runner.invoke(app, ["archive", "add", str(first), "--db", archive_url]).exit_code == 0
    refused = runner.invoke(app, ["archive", "add", str(again), "--db", archive_url])
    assert refused.exit_code == 2 and "is already in the archive as session monday.csv" in refused.output
    with open_archive(archive_url) as archive:
        assert [s.key for s in archive.list_sessions()] == ["monday.csv"]


def test_a_season_counts_a_copied_evening_once(tmp_path: Path) -> None:
    """A season folder holding a copy of an evening (``2026-09-07 (1).csv``) and the evening saved again with a
    BOM and CRLF: each counted once, with a warning naming the first file; the pairs' evenings were counted twice."""
    import json

    folder = tmp_path / "season"
    folder.mkdir()
    first = _evening(folder, "2026-09-07.csv")
    (folder / "2026-09-07 (1).csv").write_bytes(first.read_bytes())
    _evening(folder, "2026-09-14.csv", "DJ")
    _saved_again(folder / "2026-09-14.csv", folder / "2026-09-14-saved.csv")
    result = runner.invoke(app, ["season", str(folder), "-f", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout[result.stdout.index("{") :])
    # the folder's order ('2026-09-07 (1).csv' before '2026-09-07.csv'): the first read is counted, the other said
    assert [s["key"] for s in document["sessions"]] == ["2026-09-07 (1).csv", "2026-09-14-saved.csv"]
    assert sorted(p["message"] for p in document["problems"]) == [
        f"{folder / second} holds the same lines as {folder / first_} (the same file given twice?); it is read once"
        for second, first_ in (("2026-09-07.csv", "2026-09-07 (1).csv"), ("2026-09-14.csv", "2026-09-14-saved.csv"))
    ]


def test_the_migration_gives_the_stored_sessions_their_digest(tmp_path: Path, archive_url: str) -> None:
    """An archive made before the digest of the lines (schema 0001) is migrated when opened: every stored session
    gets the digest a new one would, so the evening saved again is refused there too."""
    from alembic import command
    from alembic.config import Config

    from bridgescore.archive.store import HEAD, MIGRATIONS

    first = _evening(tmp_path, "monday.csv")
    assert runner.invoke(app, ["archive", "add", str(first), "--db", archive_url]).exit_code == 0
    with open_archive(archive_url) as archive, archive.engine.begin() as connection:
        digest = connection.execute(text("SELECT content_hash FROM sessions")).scalar_one()
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
        assert "content_hash" not in str(connection.execute(text("SELECT * FROM sessions")).keys())
    with open_archive(archive_url) as archive, archive.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == HEAD
        assert connection.execute(text("SELECT content_hash FROM sessions")).scalar_one() == digest
        assert archive.counts()["lines"] == 98  # the table altered in place: its lines kept (no cascade)
    again = _saved_again(first, tmp_path / "monday-saved.csv")
    refused = runner.invoke(app, ["archive", "add", str(again), "--db", archive_url])
    assert refused.exit_code == 2 and "is already in the archive as session monday.csv" in refused.output
