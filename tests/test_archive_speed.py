"""What keeps ``archive add`` and the archive's other commands quick at a federation's size (issue 19), where a test
can say it without a clock: work not done at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text

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
    import bridgescore

    path = inputs(SIZES["tiny"], tmp_path, print, {"archive"})["archive"]
    with open_archive(postgres_url) as archive:  # a run before: its session is deleted, then stored again
        archive.add(bridgescore.score(bridgescore.read(path)), file=str(path), content=b"before", key="bench")
    rows = archive_rows(path, 1, False, postgres_url)
    assert [r.workload for r in rows] == [
        "archive add 1M lines, SQLite", "season --db of 1M lines, SQLite",
        "archive add 1M lines, PostgreSQL", "season --db of 1M lines, PostgreSQL",
    ]  # fmt: skip
    assert all(r.met == "-" and r.note.startswith("processor ") for r in rows), rows
    with open_archive(postgres_url) as archive:
        assert archive.counts()["lines"] == 100 and archive.counts()["sessions"] == 1


_PLACES = [("", 1, "1", "8"), ("", 1, "2", "9"), ("A", 2, "1", "8"), ("A", 2, "3", "10"), ("", 3, "1", "9")]
_LINES = st.tuples(
    st.sampled_from(["played", "adjusted"]), st.sampled_from(["4S", "3NT", None]), st.sampled_from(["N", "E", None]),
    st.sampled_from([9, 10, None]), st.sampled_from(["SA", "", None]), st.sampled_from([420, -50, None]),
    st.sampled_from(["", "A60/40"]),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    old=st.lists(st.tuples(st.sampled_from(_PLACES), _LINES), max_size=6),
    edits=st.lists(st.tuples(st.integers(0, 5), _LINES), max_size=3),
    moved=st.booleans(),
)
def test_a_correction_in_the_same_places_says_what_the_matching_says(old, edits, moved) -> None:  # type: ignore[no-untyped-def]
    """Issue 19: a correction whose lines are the old ones in the same places (most: a few scores changed) is
    compared column by column instead of a dict of every line on each side (a million lines: 15 s and 1.4 GB);
    what it says changed is what matching the lines by place says, whatever the lines – places given twice, lines
    added, removed or moved included."""
    from bridgescore.archive import store

    new = list(old)
    for i, line in edits:
        if i < len(new):
            new[i] = (new[i][0], line)
    if moved and len(new) > 1:
        new = new[1:] + new[:1]

    def columns(lines: list[tuple[tuple[object, ...], tuple[object, ...]]]) -> list[list[object]]:
        return [list(c) for c in zip(*(place + line for place, line in lines), strict=True)] or [[] for _ in range(11)]

    fast = store._changes(columns(old), columns(new), [], [], {}, {})
    real = store._same_places
    try:
        store._same_places = lambda _old, _new: None  # type: ignore[assignment]
        matched = store._changes(columns(old), columns(new), [], [], {}, {})
    finally:
        store._same_places = real
    assert fast == matched


def test_lines_read_back_hold_each_distinct_value_once(archive_url: str) -> None:
    """Issue 19: the stored lines fetched as columns (a correction's comparison, a season that scores again) hold
    one object per distinct value – the driver makes one per line, and a million lines' pairs, contracts and leads
    took 300 MB that way (a correction of a million lines went over 1 GB); a line's own number is not shared."""
    import bridgescore
    from bridgescore.archive.store import _READ_BACK, _stored_columns

    event = bridgescore.read(REPO / "src" / "bridgescore" / "examples" / "club-evening.csv")
    with open_archive(archive_url) as archive:
        archive.add(bridgescore.score(event), file="club-evening.csv", content=b"x", key="monday")
        with archive._reading() as db:
            (session_id,) = db.execute(text("SELECT id FROM sessions")).scalars().all()
            columns = dict(zip(_READ_BACK, _stored_columns(db, session_id, _READ_BACK), strict=True))
    for name in ("ns_pair", "ew_pair", "status", "contract", "lead", "source_file"):
        values = columns[name]
        assert len({id(v) for v in values}) == len(set(values)), name
    assert [r.ns_pair for r in event.results] == columns["ns_pair"]
