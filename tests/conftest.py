"""Shared test fixtures: where the reference data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO.parent / "shared" / "reference"
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def reference() -> Path:
    """The shared reference folder beside the repository; tests that need it skip if it is absent."""
    if not REFERENCE.is_dir():
        pytest.skip(f"reference data not found at {REFERENCE} (clone the repository with shared/ beside it)")
    return REFERENCE
