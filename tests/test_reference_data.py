"""The reference data bundled in ``tests/data/reference`` for a clone alone: unchanged copies of the shared
collection, small, with their provenance, and enough to check the seeds' examples and a few other programs."""

from __future__ import annotations

import pytest

import reference_data
from reference_data import BUNDLED, NEEDS_SHARED, SHARED, need

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
    monkeypatch.setattr(reference_data, "REFERENCE", BUNDLED)
    with pytest.raises(pytest.skip.Exception) as skipped:
        need(BUNDLED / "valet" / "cases" / "chennai_mp_test_cmd" / "meta.json")
    message = str(skipped.value)
    assert message == "needs ../shared/reference (not in a clone alone): valet/cases/chennai_mp_test_cmd/meta.json"
    assert "\n" not in message
    assert need(BUNDLED / "rubber") == BUNDLED / "rubber"
