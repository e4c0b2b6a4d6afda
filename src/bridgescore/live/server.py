"""``bridgescore serve`` (issue 22): the web application under uvicorn, one process or several.

Several worker processes (``--workers N``) each build the application from the environment uvicorn hands them
(:func:`application`, uvicorn's ``factory``): the database URL and the publishing folder.  Nothing else is shared
between them but the database, which holds every state (:mod:`bridgescore.live.store`).
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.applications import Starlette

__all__ = ["DB_VARIABLE", "PUBLISH_VARIABLE", "application", "run"]

DB_VARIABLE = "BRIDGESCORE_SERVE_DB"
PUBLISH_VARIABLE = "BRIDGESCORE_SERVE_PUBLISH"


def application() -> Starlette:
    """The application of one worker process, over the database and folder the environment names."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.app import make_app
    from bridgescore.live.store import LiveStore

    archive = open_archive(os.environ[DB_VARIABLE])
    return make_app(LiveStore(archive), Path(os.environ[PUBLISH_VARIABLE]))


def run(db_url: str, publish: Path, host: str, port: int, workers: int) -> None:
    """Serve until stopped (Ctrl-C or a signal): ``workers`` processes on ``host:port``."""
    import uvicorn

    os.environ[DB_VARIABLE] = db_url
    os.environ[PUBLISH_VARIABLE] = str(publish)
    uvicorn.run(
        "bridgescore.live.server:application", factory=True, host=host, port=port, workers=workers,
        log_level="warning", proxy_headers=False, limit_concurrency=2000, timeout_graceful_shutdown=5,
    )  # fmt: skip
