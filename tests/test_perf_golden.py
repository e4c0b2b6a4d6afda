"""Issue 19's faster commands write what they wrote before, byte for byte: their output on generated inputs compared
with the output of the code before the change (tests/data/perf/PROVENANCE.md says how each file was made)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from bridgescore.cli import app
from bridgescore.teams.pairing import Entry, pair_round

DATA = Path(__file__).resolve().parent / "data" / "perf"
ROOT = Path(__file__).resolve().parents[1]

CASES = {
    "pairs-matchpoints.xml": ["score", "pairs.csv", "--names", "names.csv", "-f", "usebio"],
    "pairs-cross-imps.xml": ["score", "pairs.csv", "-f", "usebio", "--method", "cross-imps",
                             "--club", "Café <Noord> & Zuid", "--title", 'Ēvening "A" – Łukasz'],
    "individual.xml": ["individual", "individual.csv", "-f", "usebio"],
    # over 64 KB: read on columns, the seats and the players' sums on columns (issue 19)
    "individual-columns-matchpoints.csv": ["individual", "individual-columns.csv", "-f", "csv"],
    "individual-columns-cross-imps.csv": ["individual", "individual-columns.csv", "-f", "csv",
                                          "--method", "cross-imps"],
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_the_output_is_as_before(golden: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA)
    out = tmp_path / golden
    result = CliRunner().invoke(app, [*CASES[golden], "-o", str(out)])
    assert result.exit_code == 0, result.output
    # named .golden: an ISO 8859-1 .xml would be read by the fuzzers as UTF-8
    assert out.read_bytes() == (DATA / f"{golden}.golden").read_bytes()


def _standings(tmp_path: Path, teams: int, unmet_rounds: int, seed: int) -> Path:
    """The benchmark's standings (``benchmarks.federation.standings_file``): each team has met every other team but
    those of ``unmet_rounds`` random perfect matchings."""
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks import federation
    finally:
        sys.path.remove(str(ROOT))
    path = tmp_path / f"standings-{teams}.csv"
    federation.standings_file(path, teams, unmet_rounds, np.random.default_rng([2026, seed]))
    return path


@pytest.mark.parametrize(("teams", "unmet_rounds", "seed"), [(61, 2, 4), (300, 3, 3)])
def test_pair_round_of_a_field_that_has_nearly_all_met_is_as_before(
    teams: int, unmet_rounds: int, seed: int, tmp_path: Path
) -> None:
    out = tmp_path / "pairing.json"
    standings = _standings(tmp_path, teams, unmet_rounds, seed)
    result = CliRunner().invoke(app, ["teams", "pair-round", str(standings), "-f", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (DATA / f"pair-round-{teams}.json").read_bytes()


def test_two_thousand_teams_are_paired_without_a_recursion() -> None:
    """2,000 teams after four rounds, paired in one loop: a recursion 1,000 deep (one level a table) would stop with
    RecursionError."""
    rng = np.random.default_rng(19)
    met: list[set[str]] = [set() for _ in range(2000)]
    for _ in range(4):
        order = rng.permutation(2000).tolist()
        for a, b in zip(order[::2], order[1::2], strict=True):
            met[a].add(str(b + 1))
            met[b].add(str(a + 1))
    entries = [Entry(str(i + 1), float(rng.integers(0, 80)), 0.0, frozenset(met[i])) for i in range(2000)]
    pairing = pair_round(entries)
    assert sorted(t for table in pairing.tables for t in (table.home, table.away)) == sorted(e.team for e in entries)
    assert pairing.repeats == ()
