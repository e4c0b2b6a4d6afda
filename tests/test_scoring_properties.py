"""Invariants of every method (hypothesis): permuting lines, NS/EW mirrors, matchpoint and cross-IMP sums."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.pairs.checks import run_checks
from bridgescore.pairs.methods.bastille import Bastille
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.crossimps import CrossImps, CrossImpsForm
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.scored import ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings

METHODS = [Matchpoints(), Butler(), Bastille(), CrossImps(), CrossImps(CrossImpsForm.TOTAL)]
scores_st = st.lists(st.integers(-300, 300).map(lambda x: x * 10), min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(scores_st)
def test_matchpoints_sum_to_n_n_minus_1_and_mirror(scores: list[int]) -> None:
    n = len(scores)
    result = Matchpoints().score_board(np.array(scores, dtype=float), n)
    assert result.ns_points.sum() == n * (n - 1)
    assert np.allclose(result.ns_points + result.ew_points, 2 * (n - 1))


@settings(max_examples=60, deadline=None)
@given(scores_st)
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    for method in (CrossImps(), CrossImps(CrossImpsForm.TOTAL)):
        result = method.score_board(np.array(scores, dtype=float), len(scores))
        assert abs(result.ns_points.sum()) < 1e-9
        assert np.allclose(result.ns_points, -result.ew_points)


def _event(rows: list[tuple[int, int, int]]) -> Event:
    results = tuple(
        Result(board=b, ns_pair=str(ns), ew_pair=str(100 + ns), status=ResultStatus.PLAYED, ns_score=s)
        for b, ns, s in rows
    )
    return Event(results)


boards_st = st.lists(
    st.tuples(st.integers(1, 3), st.integers(1, 9), st.integers(-150, 150).map(lambda x: x * 10)),
    min_size=1,
    max_size=30,
    unique_by=lambda t: (t[0], t[1]),
)


@settings(max_examples=30, deadline=None)
@given(boards_st, st.randoms(use_true_random=False))
def test_permuting_lines_changes_nothing(rows: list[tuple[int, int, int]], rnd: object) -> None:
    shuffled = list(rows)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    for method in METHODS:
        a = score_event(_event(rows), ScoringOptions(method=method))
        b = score_event(_event(shuffled), ScoringOptions(method=method))

        def per_line(scored: object) -> dict[tuple[int, str], tuple[float | None, float | None]]:
            return {
                (line.result.board, line.result.ns_pair): (line.ns_points, line.ew_points)
                for board in scored.boards
                for line in board.lines()
            }  # type: ignore[attr-defined]

        pa, pb = per_line(a), per_line(b)
        assert pa.keys() == pb.keys()
        for key, (ns, ew) in pa.items():
            assert np.isclose(ns, pb[key][0]) and np.isclose(ew, pb[key][1])
        ranks_a = {(e.pair, e.place) for s in compute_standings(a) for e in s.entries}
        ranks_b = {(e.pair, e.place) for s in compute_standings(b) for e in s.entries}
        assert ranks_a == ranks_b


@settings(max_examples=30, deadline=None)
@given(boards_st)
def test_checks_pass_on_clean_events(rows: list[tuple[int, int, int]]) -> None:
    for method in METHODS:
        checks = run_checks(score_event(_event(rows), ScoringOptions(method=method)))
        assert all(c.ok for c in checks), [c for c in checks if not c.ok]


remarks_st = st.sampled_from(["", "", "", "", "N.G.", "A+", "A", "A-/A-", "A60/40", "R420"])


@settings(max_examples=30, deadline=None)
@given(boards_st, st.lists(remarks_st, min_size=30, max_size=30))
def test_checks_hold_with_adjusted_and_missing_lines(rows: list[tuple[int, int, int]], remarks: list[str]) -> None:
    """Neuberg, artificial and assigned scores and N.G. lines keep every mirror and sum the checks look at."""
    results = []
    for (board, ns, score), remark in zip(rows, remarks, strict=False):
        if remark == "N.G.":
            status, value = ResultStatus.NOT_PLAYED, None
        elif remark and remark != "R420":
            status, value = ResultStatus.ADJUSTED, None
        else:
            status, value = ResultStatus.PLAYED, score
        results.append(Result(board, str(ns), str(100 + ns), status, ns_score=value, remarks=remark))
    event = Event(tuple(results))
    for method in METHODS:
        scored = score_event(event, ScoringOptions(method=method))
        checks = run_checks(scored)
        assert all(c.ok for c in checks), [c for c in checks if not c.ok]
        for standing in compute_standings(scored):
            for entry in standing.entries:
                if entry.percent is not None:
                    assert 0 <= entry.percent <= 100
