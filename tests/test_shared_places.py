"""One way of sharing places (``3=``) for every ranking: a session's pairs (:func:`bridgescore.pairs.standings.rank`), a
multi-session event (:func:`bridgescore.pairs.multisession.combine`) and a season (:mod:`bridgescore.season.engine`)
all take :func:`bridgescore.pairs.standings.shared_places`."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.pairs.standings import shared_places


@given(st.lists(st.integers(min_value=-1000, max_value=1000), max_size=30))
def test_a_place_is_one_more_than_the_values_above_it(values: list[int]) -> None:
    ordered = sorted((v / 8 for v in values), reverse=True)  # eighths: exact in binary, no tolerance involved
    places = shared_places(ordered)
    assert len(places) == len(ordered)
    for value, place in zip(ordered, places, strict=True):
        above = sum(1 for v in ordered if v > value)
        shared = ordered.count(value) > 1
        assert place == f"{above + 1}{'=' if shared else ''}"


def test_the_same_sum_reached_in_another_order_ties() -> None:
    assert shared_places([0.1 + 0.2 + 0.3, 0.3 + 0.2 + 0.1, 0.5]) == ["1=", "1=", "3"]
    assert shared_places([55.000000001, 55.0, 54.9]) == ["1=", "1=", "3"]
