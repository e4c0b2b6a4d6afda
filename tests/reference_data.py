"""Where the tests find the reference data (real events scored by other programs, the Valet reference runs).

``../shared/reference`` beside the repository holds all of it; a clone of the repository alone has the small
unchanged subset in ``tests/data/reference`` (same layout; ``PROVENANCE.md`` there says what and from where), so
the seed examples, a few Valet runs and reference events are still checked.  A test whose data is in neither
skips with one line, ``NEEDS_SHARED`` and the file it wanted – or fails, where the run requires the collection
(``BRIDGESCORE_REQUIRE=reference``, ``required.py``; ``.ci/run`` sets it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from required import unavailable

REPO = Path(__file__).resolve().parents[1]
#: the whole collection, when it is beside the repository
SHARED = REPO.parent / "shared" / "reference"
#: the subset that travels with the repository
BUNDLED = Path(__file__).resolve().parent / "data" / "reference"
#: ``BRIDGESCORE_TESTS_ALONE=1``: read only the bundled subset, as a clone alone does (test_reference_data.py
#: runs the reference tests so, to keep the subset enough for them)
ALONE = os.environ.get("BRIDGESCORE_TESTS_ALONE") == "1"
#: the reference data the tests read: the shared collection if present, else the bundled subset
REFERENCE = BUNDLED if ALONE or not SHARED.is_dir() else SHARED

NEEDS_SHARED = "needs ../shared/reference (not in a clone alone)"


def need(path: Path) -> Path:
    """``path`` (under ``REFERENCE``) if it exists; else skip the test with one clear line."""
    if not path.exists():
        try:
            shown = path.relative_to(REFERENCE).as_posix()
        except ValueError:
            shown = str(path)
        if ALONE:  # the run on the bundled subset: what it lacks is known (BRIDGESCORE_ALLOWED_SKIPS lists it)
            pytest.skip(f"{NEEDS_SHARED}: {shown}")
        unavailable("reference", f"{NEEDS_SHARED}: {shown}")
    return path


def reference_path(relative: str) -> Path:
    """The reference file or folder ``relative`` (e.g. ``"rubber/SOURCE.md"``), or skip the test."""
    return need(REFERENCE / relative)
