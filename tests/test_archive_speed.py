"""What keeps ``archive add`` and the archive's other commands quick at a federation's size (issue 19), where a test
can say it without a clock: work not done at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bridgescore.archive import open_archive

REPO = Path(__file__).resolve().parents[1]


def test_an_archive_at_its_newest_schema_is_opened_without_importing_alembic(tmp_path: Path) -> None:
    """Alembic is imported to create or migrate the schema, not to read that an archive is at the newest one (a
    tenth of a second of every command's start); an archive behind is still migrated."""
    db = tmp_path / "club.sqlite3"
    open_archive(db).close()  # created: Alembic runs
    probe = (
        "import sys\nfrom bridgescore.archive import open_archive\n"
        f"with open_archive({str(db)!r}, create=False) as archive:\n    archive.list_sessions()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(REPO / "src")})  # fmt: skip
    assert done.stdout.strip() == "[]"


def test_the_archive_rows_of_the_benchmark_run_on_postgresql(tmp_path: Path, postgres_url: str) -> None:
    """``make bench``'s archive rows with ``--postgres`` (tiny inputs): each run deletes the session before it (its
    lines by the trigger) and clears the dead lines away, stores it again, reads the season; the rows give the
    processor time beside the wall time."""
    sys.path.insert(0, str(REPO))
    try:
        from benchmarks.__main__ import SIZES, archive_rows, inputs
    finally:
        sys.path.remove(str(REPO))
    path = inputs(SIZES["tiny"], tmp_path, print, {"archive"})["archive"]
    rows = archive_rows(path, 2, False, postgres_url)
    assert [r.workload for r in rows] == [
        "archive add 1M lines, SQLite", "season --db of 1M lines, SQLite",
        "archive add 1M lines, PostgreSQL", "season --db of 1M lines, PostgreSQL",
    ]  # fmt: skip
    assert all(r.met == "-" and r.note.startswith("processor ") for r in rows), rows
    with open_archive(postgres_url) as archive:
        assert archive.counts()["lines"] == 100 and archive.counts()["sessions"] == 1
