"""A run that requires a piece fails where it would skip (``required.py``), and a run with a list of allowed skips
fails on any other (``conftest.py``): the switches ``.ci/run`` sets so that no test silently stops running."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pg
import reference_data
from conftest import allowed_skips, unexpected_skips
from required import PIECES, REQUIRE, REQUIRE_POSTGRES, required, unavailable

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def nothing_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE, raising=False)
    monkeypatch.delenv(REQUIRE_POSTGRES, raising=False)


@pytest.mark.parametrize("piece", PIECES)
def test_a_missing_piece_skips_unless_the_run_requires_it(
    piece: str, nothing_required: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(pytest.skip.Exception, match="not here"):
        unavailable(piece, "not here")
    others = ",".join(p for p in PIECES if p != piece)
    monkeypatch.setenv(REQUIRE, others)
    with pytest.raises(pytest.skip.Exception, match="not here"):
        unavailable(piece, "not here")
    monkeypatch.setenv(REQUIRE, f"{others},{piece}")
    with pytest.raises(pytest.fail.Exception, match=f"this run requires {piece}: {REQUIRE}="):
        unavailable(piece, "not here")


def test_postgresql_is_required_by_its_own_switch_too(nothing_required: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13's ``BRIDGESCORE_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) still turns the skip into a failure."""
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL is not installed"):
        pg._unavailable("PostgreSQL is not installed")
    monkeypatch.setenv(REQUIRE_POSTGRES, "1")
    assert required("postgres") == f"{REQUIRE_POSTGRES}=1"
    with pytest.raises(pytest.fail.Exception, match=f"{REQUIRE_POSTGRES}=1"):
        pg._unavailable("PostgreSQL is not installed")


def test_an_unknown_piece_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE, "reference,chromum")
    with pytest.raises(pytest.fail.Exception, match="chromum"):
        required("reference")


def test_missing_reference_data_fails_where_required(nothing_required: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The collection missing (a file not in it) skips on a user's machine and fails in CI; in the run on the
    bundled subset (``BRIDGESCORE_TESTS_ALONE``) it skips, and the list of allowed skips says which may."""
    missing = reference_data.REFERENCE / "no-such-event" / "results.csv"
    monkeypatch.setattr(reference_data, "ALONE", False)
    with pytest.raises(pytest.skip.Exception, match="no-such-event"):
        reference_data.need(missing)
    monkeypatch.setenv(REQUIRE, "reference")
    with pytest.raises(pytest.fail.Exception, match="no-such-event"):
        reference_data.need(missing)
    monkeypatch.setattr(reference_data, "ALONE", True)
    with pytest.raises(pytest.skip.Exception, match="no-such-event"):
        reference_data.need(missing)


def test_the_allowed_skips_list_is_read_and_compared(tmp_path: Path) -> None:
    listed = tmp_path / "skips.txt"
    listed.write_text("# known\ntests/test_a.py::test_one\n\ntests/test_b.py::test_two[x]  # why\n", encoding="utf-8")
    allowed = allowed_skips(listed)
    assert allowed == {"tests/test_a.py::test_one", "tests/test_b.py::test_two[x]"}
    skipped = {"tests/test_a.py::test_one": "no data", "tests/test_c.py::test_three": "no chromium"}
    assert unexpected_skips(skipped, allowed) == ["tests/test_c.py::test_three: no chromium"]


def test_a_run_with_an_unlisted_skip_fails(tmp_path: Path) -> None:
    """A real pytest run: the same skipping test passes the run without a list, with it listed, and fails it when
    the list does not name it."""
    test = tmp_path / "test_skipping.py"
    test.write_text("import pytest\n\ndef test_skips():\n    pytest.skip('no data')\n\ndef test_runs():\n    pass\n")
    (tmp_path / "conftest.py").write_text((REPO / "tests" / "conftest.py").read_text(encoding="utf-8"))
    for name in ("reference_data.py", "required.py", "pg.py"):
        (tmp_path / name).write_text((REPO / "tests" / name).read_text(encoding="utf-8"))
    listed = tmp_path / "skips.txt"

    def run(allowed: str | None) -> subprocess.CompletedProcess[str]:
        env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)}
        if allowed is not None:
            listed.write_text(allowed, encoding="utf-8")
            env["BRIDGESCORE_ALLOWED_SKIPS"] = str(listed)
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert run(None).returncode == 0
    assert run("test_skipping.py::test_skips\n").returncode == 0
    failed = run("test_skipping.py::test_other\n")
    assert failed.returncode == 1, failed.stdout
    assert "test_skipping.py::test_skips: no data" in failed.stdout
