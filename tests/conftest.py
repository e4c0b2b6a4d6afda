"""Shared test fixtures: where the reference data lives (``reference_data``: the shared collection beside the
repository, or the subset bundled in ``tests/data/reference`` in a clone alone)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from reference_data import REFERENCE

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

    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) drives chromium here")
    executable = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
    if executable is None:
        pytest.skip("chromium is not installed: `apt-get install chromium` (.ci/run does this on a fresh machine)")
    with sync_api.sync_playwright() as playwright:
        # Playwright gives every launch a fresh, empty profile (user data dir) of its own
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
