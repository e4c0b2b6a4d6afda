"""``bridgescore serve`` (issue 22): the web application under uvicorn, one process or several.

Several worker processes (``--workers N``) each build the application from the environment uvicorn hands them
(:func:`application`, uvicorn's ``factory``): the database URL and the publishing folder.  Nothing else is shared
between them but the database, which holds every state (:mod:`bridgescore.live.store`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from starlette.applications import Starlette

__all__ = ["DB_VARIABLE", "HTTPS_VARIABLE", "PUBLISH_VARIABLE", "SWITCH_INTERVAL", "application", "run"]

DB_VARIABLE = "BRIDGESCORE_SERVE_DB"
PUBLISH_VARIABLE = "BRIDGESCORE_SERVE_PUBLISH"
HTTPS_VARIABLE = "BRIDGESCORE_SERVE_HTTPS"

#: How long (seconds) a thread of a server process holds the interpreter before another may run (Python's default:
#: 5 ms).  The event loop, which reads every request and sends every answer, shares it with the worker threads
#: that read and write the database and score the ranking (50–90 ms at 60 tables): at 5 ms each turn of the loop
#: could wait 5 ms for a worker, and a table's answer waited many turns.  At 1 ms, 60 tables entering back to back
#: (``benchmarks/live_bench.py``, five runs each, one after the other at load 13–24): p99 submit → acknowledgement
#: 1.0–1.1 s against 1.0–1.9 s (median 1.0 against 1.6 s), the same processor time an entry.
SWITCH_INTERVAL = 0.001


def application() -> Starlette:
    """The application of one worker process, over the database and folder the environment names."""
    from bridgescore.archive.store import open_archive
    from bridgescore.live.app import make_app
    from bridgescore.live.store import LiveStore

    sys.setswitchinterval(SWITCH_INTERVAL)  # this process serves, and nothing else (uvicorn's worker, or serve's own)
    archive = open_archive(os.environ[DB_VARIABLE])
    https = os.environ.get(HTTPS_VARIABLE) == "1"
    return make_app(LiveStore(archive), Path(os.environ[PUBLISH_VARIABLE]), https_only=https)


def run(
    db_url: str,
    publish: Path,
    host: str,
    port: int,
    workers: int,
    https: bool = False,
    proxies: Sequence[str] = (),
) -> None:
    """Serve until stopped (Ctrl-C or a signal): ``workers`` processes on ``host:port``; ``https``: behind a
    proxy that serves HTTPS (Caddy, nginx), so the session cookie is sent over HTTPS only.

    A proxy on this machine (127.0.0.1, uvicorn's ``forwarded_allow_ips`` default) is trusted for the client's
    address it forwards (``X-Forwarded-For``), so the guessing limit counts each phone, not the proxy; a device of
    the network cannot forge it (its connection does not come from 127.0.0.1).  ``proxies``: the addresses (or
    networks) of proxies on other machines trusted the same way (``--trust-proxy``), for a federation's several
    machines behind one proxy; any other device's header is ignored."""
    import uvicorn

    os.environ[DB_VARIABLE] = db_url
    os.environ[PUBLISH_VARIABLE] = str(publish)
    os.environ[HTTPS_VARIABLE] = "1" if https else "0"
    uvicorn.run(
        "bridgescore.live.server:application", factory=True, host=host, port=port, workers=workers,
        log_level="warning", proxy_headers=True, forwarded_allow_ips=",".join(("127.0.0.1", *proxies)),
        limit_concurrency=2000,
        timeout_graceful_shutdown=5,
    )  # fmt: skip
