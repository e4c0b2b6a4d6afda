"""Shared test fixtures: where the reference data lives (``reference_data``: the shared collection beside the
repository, or the subset bundled in ``tests/data/reference`` in a clone alone)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from reference_data import REFERENCE
from required import unavailable

#: CI (``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``) replays the same examples on every run, so a landing is judged on
#: the change it brings and not on an example drawn that day; a developer's ``make test`` draws new ones each run,
#: and what the fuzz finds is kept as an ``@example`` of its test (tests/test_fuzz_usebio_pbn.py has two).
settings.register_profile("ci", derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: The archive tests' PostgreSQL server (issue 13): ``postgres_server``, ``postgres_url``, ``archive_url``.
pytest_plugins = ("pg",)

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def reference() -> Path:
    """The reference folder: ``../shared/reference`` if present, else ``tests/data/reference``; a test reaches a
    file through ``reference_data.need(reference / ...)``, which skips with one line when it is absent."""
    return REFERENCE


@pytest.fixture(autouse=True, scope="session")
def _solver_cache_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The double-dummy and lead caches (``BRIDGESCORE_CACHE``) of the test run in a folder of its own, so the
    suite never reads nor fills the user's ``~/.cache/bridgescore`` (a test that needs an empty cache sets its
    own)."""
    import os

    before = os.environ.get("BRIDGESCORE_CACHE")
    os.environ["BRIDGESCORE_CACHE"] = str(tmp_path_factory.mktemp("solver-cache"))
    yield
    if before is None:
        os.environ.pop("BRIDGESCORE_CACHE", None)
    else:
        os.environ["BRIDGESCORE_CACHE"] = before


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    """A real ``bridgescore serve`` of the test's own on 127.0.0.1 (issue 22: ``tests/live_server.py``), over a new
    SQLite archive in the test's folder, stopped afterwards."""
    from live_server import serving

    with serving(tmp_path) as running:
        yield running


#: Debian's chromium as the browser tests launch it: no sandbox (a container's root), nothing fetched.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium (Debian's, ``.ci/run`` installs it) driven by Playwright, one per test module: the pairs
    page's and the teams page's browser tests (``test_html_browser.py``, ``test_teams_report_browser.py``).  A
    machine without playwright or chromium skips the test with one line saying which."""
    import shutil

    from playwright import sync_api

    executable = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
    if executable is None:
        unavailable("chromium", "chromium is not installed: `apt-get install chromium` (.ci/run does this)")
    with sync_api.sync_playwright() as playwright:
        # Playwright gives every launch a fresh, empty profile (user data dir) of its own
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


# --- skips that are known, and the rest a failure (issue 19) -------------------------------------------------------
#: ``BRIDGESCORE_ALLOWED_SKIPS=FILE``: the ids of the tests this run may skip, one a line (``#`` comments); any other
#: skip fails the run.  ``BRIDGESCORE_WRITE_SKIPS=FILE`` writes the ids this run skipped, to make such a list.
ALLOWED_SKIPS = "BRIDGESCORE_ALLOWED_SKIPS"
WRITE_SKIPS = "BRIDGESCORE_WRITE_SKIPS"
_skipped: dict[str, str] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.setdefault(report.nodeid, reason.removeprefix("Skipped: "))


def allowed_skips(path: Path) -> set[str]:
    """The test ids listed in ``path`` (blank lines and ``#`` comments left out)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


def unexpected_skips(skipped: dict[str, str], allowed: set[str]) -> list[str]:
    """The skipped tests not on the list, each with its reason."""
    return [f"{nodeid}: {reason}" for nodeid, reason in sorted(skipped.items()) if nodeid not in allowed]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    import os

    written = os.environ.get(WRITE_SKIPS)
    if written:
        Path(written).write_text("".join(f"{nodeid}\n" for nodeid in sorted(_skipped)), encoding="utf-8")
    listed = os.environ.get(ALLOWED_SKIPS)
    if not listed:
        return
    unexpected = unexpected_skips(_skipped, allowed_skips(Path(listed)))
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if unexpected and reporter is not None:
        count = len(unexpected)
        reporter.write_sep("-", f"{count} skipped test(s) not in {listed} ({ALLOWED_SKIPS}): tests that did not run")
        for line in unexpected:
            reporter.write_line(f"  {line}")
    if unexpected and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
