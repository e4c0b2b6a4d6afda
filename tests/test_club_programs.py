"""Issue 18: the conventions of programs whose results clubs publish, each an ``--as`` preset (``presets.toml``).
Where no printout of the program is at hand the cases are small and worked by hand from the stated rule, with the
arithmetic in the docstring, so that each fails without the convention."""

from __future__ import annotations

import pytest

from bridgescore.event import Event, Result, ResultStatus
from bridgescore.presets import scoring_options
from bridgescore.scored import ScoredEvent, score_event
from bridgescore.standings import compute_standings, format_percent


def _board(number: int, scores: list[int]) -> list[Result]:
    return [Result(number, f"n{i}", f"e{i}", ResultStatus.PLAYED, ns_score=s) for i, s in enumerate(scores)]


def _scored(event: Event, program: str | None, method: str | None = None, **given: object) -> ScoredEvent:
    return score_event(event, scoring_options(method, given, as_program=program))


def _ns_totals(scored: ScoredEvent) -> dict[str, float]:
    return {e.pair: e.total for s in compute_standings(scored) for e in s.entries if e.direction == "NS"}


# --- ScoreBridge ---------------------------------------------------------------------------------------------------


def test_scorebridge_rounds_each_lines_neuberg_matchpoints_to_one_decimal_before_the_totals() -> None:
    """Board 1 is played by 12 tables (top 22), board 2 by 11 (top 20, fitted to 22 by Neuberg).
    NS n10 scores 110 on both: 20 matchpoints on board 1; on board 2 (20 + 1)·12/11 − 1 = 21.909 → 21.9
    (22 × 0.995 = 21.9 → 99.55 %, exact 99.59 %).  Its total 20 + 21.9 = 41.9 (exact 41.909).
    NS n3 scores 40 on both: 6, and (6 + 1)·12/11 − 1 = 6.636 → 6.6; total 12.6 (exact 12.636)."""
    event = Event(tuple(_board(1, list(range(10, 121, 10))) + _board(2, list(range(10, 111, 10)))))
    scorebridge, exact = _scored(event, "scorebridge"), _scored(event, None)
    lines = {line.ns_score: line for line in scorebridge.boards[1].lines()}
    assert (lines[110].ns_points, lines[40].ns_points) == (21.9, 6.6)
    assert format_percent(lines[110].ns_percent or 0.0, 2) == "99.55"
    exact_lines = {line.ns_score: line for line in exact.boards[1].lines()}
    assert format_percent(exact_lines[110].ns_percent or 0.0, 2) == "99.59"
    totals, exact_totals = _ns_totals(scorebridge), _ns_totals(exact)
    assert totals["n10"] == pytest.approx(41.9) and totals["n3"] == pytest.approx(12.6)
    assert exact_totals["n10"] == pytest.approx(20 + 21 * 12 / 11 - 1)
