"""The columnar core (issue 12): a ``ResultTable`` gives back the lines it was built from, and an event made from a
table (``Event.from_table``) is the same event as one made from the lines, for every consumer."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Contract, Seat, parse_contract
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.problems import FieldKind, Location
from bridgescore.core.table import Column, ResultTable, ResultView

_CONTRACTS: list[Contract | None] = [None, parse_contract("4S"), parse_contract("3NTX"), parse_contract("PASS")]

results_st = st.lists(
    st.builds(
        Result,
        board=st.integers(1, 40),
        ns_pair=st.sampled_from(["1", "2", "3", "10", "A1"]),
        ew_pair=st.sampled_from(["4", "5", "6", "11", "B2"]),
        status=st.sampled_from(list(ResultStatus)),
        section=st.sampled_from(["", "A", "B"]),
        contract=st.sampled_from(_CONTRACTS),
        declarer=st.none() | st.sampled_from(list(Seat)),
        tricks=st.none() | st.integers(0, 13),
        lead=st.none() | st.sampled_from(["SA", "HK", "?"]),
        ns_score=st.none() | st.integers(-7600, 7600),
        remarks=st.sampled_from(["", "A+/A-", "N.G.", "50% 4S= + 50% 4S-1"]),
        extra=st.sampled_from([{}, {"x": "1"}, {"x": "2", "y": ""}]),
        source=st.none()
        | st.builds(
            Location,
            file=st.sampled_from(["a.csv", "b.xml"]),
            line=st.none() | st.integers(1, 10**6),
            field=st.none() | st.sampled_from(["contract", "BOARD"]),
            kind=st.sampled_from(list(FieldKind)),
        ),
    ),
    max_size=25,
)


@settings(max_examples=80, deadline=None)
@given(results_st)
def test_a_table_gives_back_its_lines(rs: list[Result]) -> None:
    table = ResultTable.from_results(rs)
    assert len(table) == len(rs)
    assert table.results() == tuple(rs)
    assert list(ResultView(table)) == rs


@settings(max_examples=40, deadline=None)
@given(results_st, results_st)
def test_take_and_concat_keep_the_lines(a: list[Result], b: list[Result]) -> None:
    ta, tb = ResultTable.from_results(a), ResultTable.from_results(b)
    assert ResultTable.concat([ta, tb]).results() == tuple(a + b)
    order = np.arange(len(a))[::-1]
    assert ta.take(order).results() == tuple(reversed(a))
    assert (ta.content_key() == tb.content_key()) == (
        [replace(r, source=None) for r in a] == [replace(r, source=None) for r in b]
    )


def test_column_encodes_distinct_labels_in_order() -> None:
    column = Column.from_values(["b", "a", "b", "c"])
    assert column.labels == ("b", "a", "c")
    assert column.codes.tolist() == [0, 1, 0, 2]
    assert column[3] == "c" and len(column) == 4
    assert column.take([2, 1]).values() == ["b", "a"]
    assert column.mask(lambda s: s > "a").tolist() == [True, False, True, True]
    assert Column.concat([column, Column.from_values(["d", "a"])]).values() == ["b", "a", "b", "c", "d", "a"]
    assert column.take([3]).compact().labels == ("c",)


def _lines() -> tuple[Result, ...]:
    return (
        Result(
            1, "1", "2", ResultStatus.PLAYED, contract=parse_contract("4S"), declarer=Seat.N, tricks=10, ns_score=420
        ),
        Result(1, "3", "4", ResultStatus.NOT_PLAYED, remarks="N.G."),
    )


def test_an_event_from_a_table_builds_no_line_until_asked() -> None:
    event = Event.from_table(ResultTable.from_results(_lines()), title="club")
    view = event.results
    assert isinstance(view, ResultView)
    assert view._cache == [None, None]
    assert view[1] == _lines()[1]
    assert view._cache[0] is None  # only the line asked for was built
    assert event == Event(_lines(), title="club") and Event(_lines(), title="club") == event


def test_replace_keeps_the_columns_of_a_view_and_drops_a_stale_table() -> None:
    table = ResultTable.from_results(_lines())
    event = Event.from_table(table)
    assert replace(event, title="x").table is table
    tuple_event = Event(_lines())
    assert len(tuple_event.table) == 2
    assert len(replace(tuple_event, results=_lines()[:1]).table) == 1  # not the cached table of two lines


def test_merging_columnar_events_keeps_columns() -> None:
    a = Event.from_table(ResultTable.from_results([replace(r, source=Location("a.csv", 2)) for r in _lines()]))
    b = Event.from_table(ResultTable.from_results([replace(r, board=2, source=Location("b.csv", 2)) for r in _lines()]))
    merged = Event.merge([a, b])
    assert isinstance(merged.results, ResultView)
    plain = Event.merge([Event(tuple(a.results)), Event(tuple(b.results))])
    assert merged == plain
    assert plain.table.results() == tuple(plain.results)  # the files' tables, concatenated
    again = Event.merge([a, a])  # the same file twice: read once, with an error
    assert len(again.results) == 2 and again.problems


def test_files_without_sections_that_overlap_become_sections_as_columns() -> None:
    """Two section-less files whose boards and pairs overlap: each is a section named after its file, whether the
    files were read as lines or as columns, and the columns stay columns."""
    a = [replace(r, source=Location("a.csv", i + 2)) for i, r in enumerate(_lines())]
    b = [
        replace(r, ns_score=None if r.ns_score is None else 400, source=Location("b.csv", i + 2))
        for i, r in enumerate(_lines())
    ]
    c = [replace(r, board=9, ns_pair="7", ew_pair="8", source=Location("c.csv", 2)) for r in _lines()[:1]]
    # issue 13: two such files are sections only where the director says so (else two sessions, refused)
    as_lines = Event.merge([Event(tuple(a)), Event(tuple(b)), Event(tuple(c))], section_per_file=True)
    as_columns = Event.merge([Event.from_table(ResultTable.from_results(x)) for x in (a, b, c)], section_per_file=True)
    assert isinstance(as_columns.results, ResultView)
    assert as_columns == as_lines
    assert [r.section for r in as_columns.results] == ["a", "a", "b", "b", ""]
    assert len(as_columns.problems) == 2
