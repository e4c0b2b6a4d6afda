"""The reference data bundled in ``tests/data/reference`` for a clone alone: unchanged copies of the shared
collection, small, with their provenance, and enough to check the seeds' examples and a few other programs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import reference_data
from conftest import ALLOWED_SKIPS
from reference_data import BUNDLED, NEEDS_SHARED, SHARED, need
from required import REQUIRE

BUNDLED_FILES = sorted(p for p in BUNDLED.rglob("*") if p.is_file() and p.name != "PROVENANCE.md")


def test_the_bundled_files_are_the_shared_files_unchanged() -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{NEEDS_SHARED}: nothing to compare the bundled copies with")
    changed = [
        p.relative_to(BUNDLED).as_posix()
        for p in BUNDLED_FILES
        if not (SHARED / p.relative_to(BUNDLED)).is_file()
        or (SHARED / p.relative_to(BUNDLED)).read_bytes() != p.read_bytes()
    ]
    assert changed == []


def test_the_bundle_is_small_and_says_where_it_comes_from() -> None:
    assert sum(p.stat().st_size for p in BUNDLED_FILES) < 400_000
    provenance = (BUNDLED / "PROVENANCE.md").read_text(encoding="utf-8")
    for folder in sorted({p.relative_to(BUNDLED).parts[0] for p in BUNDLED_FILES}):
        assert f"`{folder}/" in provenance, folder
    for case in sorted(p.name for p in (BUNDLED / "valet" / "cases").iterdir()):
        assert f"`{case}`" in provenance, case
    # every event folder keeps the collection's own note (origin, producing program, conventions)
    for folder in [*(BUNDLED / "events").iterdir(), BUNDLED / "rubber", BUNDLED / "contract-scoring"]:
        assert (folder / "SOURCE.md").is_file(), folder


def test_a_clone_alone_still_has_the_seed_003_examples_and_reference_events() -> None:
    cases = {p.name[:4] for p in (BUNDLED / "valet" / "cases").iterdir() if (p / "meta.json").is_file()}
    assert {f"ex0{n}" for n in range(1, 8)} <= cases  # seed 003, examples 1-7
    assert (BUNDLED / "events" / "usebio-ebu-examples" / "original" / "mp-pairs.xml").is_file()
    assert (BUNDLED / "events" / "jfr-pary-warsaw-wb120802" / "normalized" / "results.csv").is_file()


def test_data_that_is_not_here_skips_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a clone alone (no run there requires the collection: ``required.py``) a file it lacks skips, in one line."""
    monkeypatch.setattr(reference_data, "REFERENCE", BUNDLED)
    monkeypatch.delenv(REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        need(BUNDLED / "valet" / "cases" / "chennai_mp_test_cmd" / "meta.json")
    message = str(skipped.value)
    assert message == "needs ../shared/reference (not in a clone alone): valet/cases/chennai_mp_test_cmd/meta.json"
    assert "\n" not in message
    assert need(BUNDLED / "rubber") == BUNDLED / "rubber"


def test_the_reference_tests_pass_on_the_bundled_subset_alone() -> None:
    """What a clone alone runs: the reference tests on tests/data/reference only (they passed here while 9 tests
    failed in a clone alone: they read ../shared directly).  Beside ../shared the suite itself reads the whole
    collection, so this runs them once more on the subset."""
    if reference_data.ALONE or not SHARED.is_dir():
        pytest.skip("the suite runs on the bundled subset already (a clone alone)")
    tests = Path(__file__).resolve().parent
    files = ["test_valet_examples.py", "test_valet.py", "test_valet_io.py", "test_reference_events.py"]
    files.append("test_usebio.py")
    # skipped there: only what the run on the bundled subset may skip (.ci/run's list for it, not the full run's)
    env = {**os.environ, "BRIDGESCORE_TESTS_ALONE": "1", "PYTHONPATH": str(tests.parent / "src"),
           ALLOWED_SKIPS: str(tests / "skips-alone.txt")}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-o", "addopts=", "-rs",
         *(str(tests / f) for f in files)],
        capture_output=True, text=True, env=env, cwd=tests.parent, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary, summary
    passed = int(summary.split(" passed")[0].split()[-1])
    assert passed >= 80  # seed 003's examples, the bundled Valet runs, the EBU and JFR events
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert all(NEEDS_SHARED in line for line in skipped), skipped
