"""A real PostgreSQL server for the archive tests (issue 13), as a pytest plugin (``pytest_plugins`` in
``conftest.py``).

``postgres_server`` (once per test run) starts a temporary cluster from Debian's ``postgresql`` package:
``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/*/bin`` (the newest), the data folder and the socket in a
temporary folder, no TCP (``listen_addresses=''``, the socket given with ``-k``), as the ``postgres`` system user
when the tests run as root (initdb refuses root), and stops it at the end.  ``postgres_url`` gives each test a
database of its own on it.  Without the binaries the PostgreSQL tests skip with one line, unless
``BRIDGESCORE_REQUIRE_POSTGRES=1`` (``.ci/run`` sets it, after installing the package): then they fail.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from required import unavailable

_names = itertools.count(1)


@dataclass(frozen=True)
class PostgresServer:
    """A running temporary cluster: its socket folder (the host of a URL) and superuser."""

    socket: Path
    user: str = "postgres"

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@/{database}?host={self.socket}"


def _binaries() -> Path | None:
    """The newest ``/usr/lib/postgresql/N/bin`` holding initdb and pg_ctl, or None."""

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path.parent.parent.name))

    found = [p.parent for p in Path("/usr/lib/postgresql").glob("*/bin/initdb") if (p.parent / "pg_ctl").exists()]
    return max(found, key=lambda b: version(b / "initdb")) if found else None


def _unavailable(message: str) -> None:
    unavailable("postgres", message)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bindir = _binaries()
    if bindir is None:
        _unavailable(
            "PostgreSQL is not installed (apt-get install postgresql; .ci/run does): archive tests on it skipped"
        )
    assert bindir is not None
    root = Path(tempfile.mkdtemp(prefix="bs-pg-"))  # short: a socket path is limited to ~100 characters
    data, socket = root / "data", root / "socket"
    socket.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:
        import pwd

        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            shutil.rmtree(root)
            _unavailable("the tests run as root and there is no 'postgres' user to run PostgreSQL as")
            raise
        for path in (root, socket):
            os.chown(path, owner.pw_uid, owner.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]

    def run(*args: str | Path) -> None:
        done = subprocess.run([*prefix, *map(str, args)], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            pytest.fail(f"{Path(str(args[0])).name} failed: {done.stderr.strip() or done.stdout.strip()}")

    run(bindir / "initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync")
    options = f"-k {socket} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    run(bindir / "pg_ctl", "-D", data, "-l", root / "server.log", "-w", "-t", "60", "-o", options, "start")
    try:
        yield PostgresServer(socket)
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True, check=False)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A new, empty database on the test server, dropped after the test."""
    import psycopg

    name = f"archive_test_{os.getpid()}_{next(_names)}"
    admin = f"host={postgres_server.socket} user={postgres_server.user} dbname=postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield postgres_server.url(name)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def archive_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same archive test on SQLite (a file) and on PostgreSQL (a database on the test server)."""
    if request.param == "sqlite":
        return str(tmp_path / "archive.sqlite3")
    return str(request.getfixturevalue("postgres_url"))
