"""A board on which every line is an artificial adjusted score (a defect found by fuzzing: it had top 0).

Each side must still get its award as a percentage of a top (Law 12C2): with Neuberg the top of the full board,
2(N − 1), as on every other board of the field; without Neuberg the board's own number of results.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.io.csv import loads
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.scored import ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings

PLAYED = """board,ns,ew,contract,declarer,result,score,remarks
1,1,2,4S,N,=,420,
1,3,4,4S,N,-1,-50,
1,5,6,3S,N,+1,170,
1,7,8,4S,N,=,420,
"""
ALL_ADJUSTED = """2,1,2,,,,,A60/40
2,3,4,,,,,A
2,5,6,,,,,A-
2,7,8,,,,,A+
"""


def test_all_adjusted_board_has_the_field_top_and_each_side_its_award() -> None:
    scored = score_event(loads(PLAYED + ALL_ADJUSTED, "t.csv"))
    board = scored.boards[1]
    assert board.top == 6  # four results: 2 × (4 − 1), like board 1
    assert board.ns_points.tolist() == pytest.approx([3.6, 3.0, 2.4, 3.6])
    assert board.ew_points.tolist() == pytest.approx([2.4, 3.0, 3.6, 2.4])
    ns = {e.pair: e for s in compute_standings(scored) if s.group == "NS" for e in s.entries}
    assert ns["3"].maximum == 12 and ns["3"].total == pytest.approx(3)  # 0 on board 1, average (3 of 6) on board 2
    assert ns["3"].percent == pytest.approx(25.0)


def test_a_lone_all_adjusted_board_without_neuberg_uses_its_own_results() -> None:
    options = ScoringOptions(method=Matchpoints(neuberg=False))
    scored = score_event(loads(PLAYED.splitlines()[0] + "\n" + ALL_ADJUSTED, "t.csv"), options)
    (board,) = scored.boards
    assert board.top == 6
    assert board.ns_percent.tolist() == [60.0, 50.0, 40.0, 60.0]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 100), min_size=1, max_size=8), st.integers(0, 6))
def test_every_award_is_its_percentage_of_a_positive_top(percents: list[int], played: int) -> None:
    """Whatever the number of played lines beside them, an award of p % is worth p % of the board's top."""
    lines = ["board,ns,ew,score,remarks"]
    lines += [f"1,{i + 1},{i + 101},{10 * i},," for i in range(played)]
    lines += [f"2,{i + 1},{i + 101},,A{p}/{100 - p}" for i, p in enumerate(percents)]
    board = score_event(loads("\n".join(lines) + "\n", "t.csv")).boards[-1]
    assert (board.top is not None and board.top > 0) or (len(percents) == 1 and played <= 1)
    for p, percent, ns_points in zip(percents, board.ns_percent.tolist(), board.ns_points.tolist(), strict=True):
        assert percent == p
        assert abs(ns_points - p / 100 * (board.top or 0)) < 1e-9
