"""The archive of scored sessions (issue 13): SQLite by default, PostgreSQL for a federation.

::

    from bridgescore.archive import open_archive
    archive = open_archive("club.sqlite3")            # or "postgresql://user@host/db"; None: $BRIDGESCORE_DB
    for stored in archive.sessions("monday 2026-27", since="2026-09-01"):
        stored.summary.pairs, stored.event.results     # a SessionSource for the season

:func:`open_archive` creates or migrates the schema (Alembic, migrations packaged here); see
:mod:`bridgescore.archive.store` for how writers are kept from losing each other's work.
"""

from __future__ import annotations

from bridgescore.archive.store import (
    DEFAULT_FILE,
    ENVIRONMENT,
    Added,
    Archive,
    ArchiveError,
    ArchiveRefusal,
    PlayerAverage,
    PlayerSession,
    SessionInfo,
    database_reason,
    database_url,
    file_hash,
    open_archive,
    rescore,
    session_key,
)

__all__ = [
    "DEFAULT_FILE",
    "ENVIRONMENT",
    "Added",
    "Archive",
    "ArchiveError",
    "ArchiveRefusal",
    "PlayerAverage",
    "PlayerSession",
    "SessionInfo",
    "database_reason",
    "database_url",
    "file_hash",
    "open_archive",
    "rescore",
    "session_key",
]
