"""Issue 12: scoring, standings and checks work on the event's columns.

An event read as columns (``Event.from_table``) and the same lines given as ``Result`` records score, rank and check
the same, whatever the lines hold (adjusted, weighted, not played, phantoms, sections, problems); and a columnar
event is scored, ranked and checked without building a ``Result`` for its ordinary lines.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, parse_contract, score
from bridgescore.core.event import Event, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.core.table import ResultTable, ResultView
from bridgescore.pairs.checks import run_checks
from bridgescore.pairs.methods.butler import Butler
from bridgescore.pairs.methods.crossimps import CrossImps
from bridgescore.pairs.methods.matchpoints import Matchpoints
from bridgescore.pairs.scored import Movement, ScoredEvent, ScoringOptions, score_event
from bridgescore.pairs.standings import compute_standings

_REMARKS = {
    ResultStatus.PLAYED: ["", "", "", "", "50% 4S= + 50% 4S-1"],
    ResultStatus.ADJUSTED: ["A+/A-", "A60/40", "A", "R420", "what?"],
    ResultStatus.NOT_PLAYED: ["N.G."],
    ResultStatus.PASSED_OUT: [""],
}

line_st = st.tuples(
    st.sampled_from(["", "A"]),  # section
    st.integers(1, 4),  # board
    st.integers(1, 6),  # NS pair
    st.integers(1, 6),  # EW pair (the same numbers: a Howell, or numbered per direction)
    st.sampled_from(list(ResultStatus)),
    st.integers(0, 4),  # which remark
    st.sampled_from([-620, -100, -50, 0, 110, 140, 420, 450, None]),
)


def _results(rows: list[tuple[str, int, int, int, ResultStatus, int, int | None]]) -> tuple[Result, ...]:
    results = []
    for section, board, ns, ew, status, which, ns_score in rows:
        choices = _REMARKS[status]
        remarks = choices[which % len(choices)]
        played = status is ResultStatus.PLAYED
        results.append(
            Result(
                board,
                str(ns),
                str(ew + 10 if ew % 2 else ew),
                status,
                section=section,
                declarer=Seat.N if played else None,
                ns_score=ns_score if played else None,
                remarks=remarks,
            )
        )
    return tuple(results)


_OPTIONS = [
    ScoringOptions(),
    ScoringOptions(method=Butler(), session_average_plus=True),
    ScoringOptions(method=CrossImps(), across_sections=True, phantoms=frozenset({"5"})),
    ScoringOptions(phantoms=frozenset({"A:3"}), session_average_plus=True, session_average_minus=True),
    ScoringOptions(method=Matchpoints(neuberg=False), round_board_points=1, movement=Movement.MITCHELL),
]


def _same_points(a: ScoredEvent, b: ScoredEvent) -> None:
    assert len(a.boards) == len(b.boards)
    for x, y in zip(a.boards, b.boards, strict=True):
        assert (x.section, x.number, x.results, x.adjustments) == (y.section, y.number, y.results, y.adjustments)
        assert (x.datum, x.top, x.n_scores, x.full_count) == (y.datum, y.top, y.n_scores, y.full_count)
        for name in ("ns_scores", "ns_points", "ew_points", "ns_percent", "ew_percent"):
            assert np.array_equal(getattr(x, name), getattr(y, name), equal_nan=True), name


@settings(max_examples=60, deadline=None)
@given(st.lists(line_st, max_size=30), st.sampled_from(range(len(_OPTIONS))))
def test_an_event_as_columns_scores_ranks_and_checks_as_its_lines(rows: list[tuple], which: int) -> None:  # type: ignore[type-arg]
    results = _results(rows)
    options = _OPTIONS[which]
    table = ResultTable.from_results(results)
    assert table.results() == results
    lines = score_event(Event(results), options)
    columns = score_event(Event.from_table(table), options)
    _same_points(lines, columns)
    assert lines.problems == columns.problems
    assert dict(lines.movements) == dict(columns.movements)
    assert compute_standings(lines) == compute_standings(columns)
    assert run_checks(lines) == run_checks(columns)
    assert sections_numbered_per_direction(results) == sections_numbered_per_direction(table)


@settings(max_examples=60, deadline=None)
@given(st.lists(line_st, max_size=30))
def test_the_columns_of_a_scored_event_are_its_boards(rows: list[tuple]) -> None:  # type: ignore[type-arg]
    """A ``ScoredEvent`` made from its boards (as a test or a report may build one) has the same columns, ranks and
    checks the same."""
    scored = score_event(Event(_results(rows)), ScoringOptions(session_average_plus=True))
    rebuilt = ScoredEvent(scored.event, scored.options, scored.boards, scored.movements, scored.problems)
    assert compute_standings(rebuilt) == compute_standings(scored)
    assert run_checks(rebuilt) == run_checks(scored)
    assert [r for b in rebuilt.boards for r in b.results] == [rebuilt.result(p) for p in range(len(rebuilt.lines.rows))]


def test_a_columnar_event_builds_no_result_for_its_ordinary_lines() -> None:
    """Only the lines that are not a plain score (here the adjusted one, and one the checks name) become ``Result``
    objects; before issue 12 every line did."""
    four_spades = parse_contract("4S")
    results = [
        Result(b, str(t), str(10 + t), ResultStatus.PLAYED, contract=four_spades, declarer=Seat.N, tricks=10,
               ns_score=score(four_spades, Seat.N, Result(b, "", "", ResultStatus.PLAYED).vulnerability, 10) - t % 2)
        for b in range(1, 5) for t in range(1, 9)
    ]  # fmt: skip
    results[5] = Result(1, "6", "16", ResultStatus.ADJUSTED, remarks="A+/A-")
    event = Event.from_table(ResultTable.from_results(results))
    scored = score_event(event)
    compute_standings(scored)
    checks = {c.name: c for c in run_checks(scored)}
    assert not checks["scores match contracts"].ok  # the lines that score 1 less than 4S= are named
    view = event.results
    assert isinstance(view, ResultView)
    built = [i for i, r in enumerate(view._cache) if r is not None]
    wrong = [i for i, r in enumerate(results) if r.contract is not None and r.ns_score % 10]  # type: ignore[operator]
    assert 5 in built and set(built) <= {5, *wrong}
    assert set(built) != set(range(len(results)))


def test_a_million_line_shape_is_grouped_without_a_loop_per_line() -> None:
    """Many tables on few boards: the boards' arrays are views of the columns (one set of points)."""
    results = tuple(
        Result(b, str(t), str(100 + t), ResultStatus.PLAYED, ns_score=10 * ((t * b) % 7))
        for b in (2, 1)
        for t in range(50)
    )
    scored = score_event(Event.from_table(ResultTable.from_results(results)))
    lines = scored.lines
    assert lines.board_numbers.tolist() == [1, 2]
    assert lines.board_starts.tolist() == [0, 50, 100]
    assert lines.rows[:3].tolist() == [50, 51, 52]  # board 1's lines first, in input order
    board = scored.boards[0]
    assert np.shares_memory(board.ns_points, lines.ns_points)
    assert not any(math.isnan(v) for v in lines.ns_points)


def test_a_pair_without_a_board_has_float_totals() -> None:
    """An event of boards not played: the pairs are listed unplaced with totals 0.0, not the integer 0 (the JSON
    report writes ``0.0`` as before; a sum over no line is still a float)."""
    event = Event((Result(1, "1", "2", ResultStatus.NOT_PLAYED, remarks="N.G."),))
    entries = [e for s in compute_standings(score_event(event)) for e in s.entries]
    assert entries and all(e.place is None for e in entries)
    assert all(type(v) is float for e in entries for v in (e.total, e.unfactored_total, e.maximum))
