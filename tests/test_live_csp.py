"""The live evening's second wall (issue 22): a Content-Security-Policy on every response of ``bridgescore serve``
– and the store's reads without a deprecated SQLAlchemy call."""

from __future__ import annotations

import warnings
from pathlib import Path

from live_server import running_evening


def test_the_current_round_is_read_without_a_deprecated_sqlalchemy_call(tmp_path: Path) -> None:
    """``LiveStore.current_round`` read its rows with ``Result.tuples()``, deprecated by SQLAlchemy 2.1: every table
    page and entry warned in the server's log (an error under ``-W error``)."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.store import LiveStore

    db = str(tmp_path / "club.sqlite3")
    evening = running_evening(db, 4, 2, boards_per_round=1)
    with open_archive(db) as archive:
        store = LiveStore(archive)
        schedule = store.evening(evening.id)
        assert schedule is not None
        place = schedule.place("A", 1, 1)
        assert place is not None
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            assert store.current_round(schedule, "A", 1) == 1
            store.submit(schedule, "A", 1, 1, min(place.boards), {"contract": "PASS", "score": "0"}, "k", "t")
            assert store.current_round(schedule, "A", 1) == 2
