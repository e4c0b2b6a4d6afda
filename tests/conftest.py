"""Shared test fixtures: where the reference data lives (``reference_data``: the shared collection beside the
repository, or the subset bundled in ``tests/data/reference`` in a clone alone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference_data import REFERENCE

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def reference() -> Path:
    """The reference folder: ``../shared/reference`` if present, else ``tests/data/reference``; a test reaches a
    file through ``reference_data.need(reference / ...)``, which skips with one line when it is absent."""
    return REFERENCE
