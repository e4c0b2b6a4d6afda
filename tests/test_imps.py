"""IMP scales: the WBF table (Law 78B) against the reference file, and the Bastille scale of seed 002."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.imps import RoundingPolicy, bastille_imps, wbf_imps
from reference_data import need


def test_wbf_table_matches_reference(reference: Path) -> None:
    rows = list(csv.DictReader(need(reference / "contract-scoring" / "imp_scale_wbf.csv").open()))
    for row in rows:
        lo = int(row["min_difference"])
        hi = int(row["max_difference"]) if row["max_difference"] else lo + 1000
        for diff in range(lo, hi + 1, 10):
            assert wbf_imps(diff) == int(row["imps"]), diff
            assert wbf_imps(-diff) == -int(row["imps"]), diff


def test_rounding_policy_for_differences_not_multiple_of_ten() -> None:
    assert wbf_imps(15) == 1 and wbf_imps(14) == 0 and wbf_imps(-15) == -1
    assert wbf_imps(15, RoundingPolicy.TRUNCATE) == 0
    assert wbf_imps(19.9, RoundingPolicy.TRUNCATE) == 0
    assert wbf_imps(45) == 2 and wbf_imps(44.9) == 1
    assert wbf_imps(10_000) == 24


def test_vectorised_matches_scalar() -> None:
    diffs = np.arange(-5000, 5001, 5)
    arr = wbf_imps(diffs)
    assert list(arr) == [wbf_imps(int(d)) for d in diffs]


@pytest.mark.parametrize(("diff", "imps"), [(57, 1.8), (163, 4.45), (82, 2.425), (168, 4.56), (15, 0.5), (0, 0.0)])
def test_bastille_seed_examples(diff: float, imps: float) -> None:
    assert bastille_imps(diff) == pytest.approx(imps)
    assert bastille_imps(-diff) == pytest.approx(-imps)


def test_bastille_pieces_and_no_maximum() -> None:
    # seed 002's formulas, one point inside each piece
    pieces = [(30, lambda d: d / 30), (100, lambda d: (d + 15) / 40), (200, lambda d: (d + 60) / 50),
              (400, lambda d: (d + 145) / 60), (450, lambda d: (d + 240) / 70), (550, lambda d: (d + 555) / 100),
              (700, lambda d: (d + 1130) / 150), (1000, lambda d: (d + 1805) / 200),
              (2000, lambda d: (d + 2630) / 250), (5000, lambda d: (d + 7755) / 500)]  # fmt: skip
    for diff, formula in pieces:
        assert bastille_imps(diff) == pytest.approx(formula(diff))
    assert bastille_imps(10_000) > 24


@given(st.floats(-8000, 8000), st.floats(0, 100))
def test_scales_are_monotone(diff: float, step: float) -> None:
    assert wbf_imps(diff + step) >= wbf_imps(diff)
    assert bastille_imps(diff + step) >= bastille_imps(diff) - 1e-12
