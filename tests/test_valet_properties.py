"""Invariants of the Valet score (seed 003 §4.2's rules) and the options that have no reference run."""

from __future__ import annotations

from types import MappingProxyType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Contract, Risk, Seat, Strain, score, vulnerability_of_board
from bridgescore.core.imps import RoundingPolicy, wbf_imps
from bridgescore.valet.score import (
    BID,
    OVERALL,
    ScoringForm,
    ValetOptions,
    ValetTables,
    parse_rounds,
    score_valet,
)

# (level 0 = passed out, strain, risk, declarer, tricks)
Line = tuple[int, int, int, int, int]


def tables(hands: list[tuple[int, list[Line]]], leads: list[int] | None = None) -> ValetTables:
    """Each line of each (board, lines) hand at its own table with its own four players."""
    rows = [(board, line) for board, lines in hands for line in lines]
    n = len(rows)
    a = np.array([line for _, line in rows], dtype=np.int64).reshape(-1, 5)
    played = a[:, 0] > 0
    tags = tuple(f"p{i}" for i in range(4 * n))
    return ValetTables(
        hand_round=np.ones(n, dtype=np.int64),
        hand_board=np.array([b for b, _ in rows], dtype=np.int64),
        players=np.arange(4 * n, dtype=np.int64).reshape(n, 4),
        level=a[:, 0].copy(),
        strain=np.where(played, a[:, 1], -1),
        risk=np.where(played, a[:, 2], 0),
        declarer=np.where(played, a[:, 3], -1),
        tricks=np.where(played, a[:, 4], -1),
        lead=np.array(leads if leads is not None else [-1] * n, dtype=np.int64),
        player_tags=tags,
        names=MappingProxyType({t: t.upper() for t in tags}),
    )


def ns_score(board: int, line: Line) -> int:
    level, strain, risk, declarer, tricks = line
    if level == 0:
        return 0
    return score(Contract(level, Strain(strain), Risk(risk)), Seat(declarer), vulnerability_of_board(board), tricks)


contract_lines = st.tuples(
    st.integers(1, 7), st.integers(0, 4), st.integers(0, 2), st.integers(0, 3), st.integers(0, 13)
)
lines_or_pass = st.one_of(contract_lines, st.just((0, 0, 0, 0, 0)))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 16), st.lists(lines_or_pass, min_size=2, max_size=12))
def test_plain_iaf_and_matchpoints_sum_to_zero(board: int, lines: list[Line]) -> None:
    """Every comparison is counted once each way (Law 78B's table is symmetric): rule 1 of seed §4.2.1."""
    for form in (ScoringForm.IAF, ScoringForm.MATCHPOINTS):
        result = score_valet(tables([(board, lines)]), ValetOptions(form=form, cloud=False))
        assert result.total.sum() == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 16), st.lists(contract_lines, min_size=2, max_size=12))
def test_cloud_bidding_averages_to_zero(board: int, lines: list[Line]) -> None:
    """b4 sums to zero over a hand without pass-outs (rule 2 of seed §4.2.2)."""
    result = score_valet(tables([(board, lines)]), ValetOptions())
    assert result.bid.sum() == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 16), st.lists(contract_lines, min_size=2, max_size=10), st.randoms(use_true_random=False))
def test_order_of_the_lines_changes_nothing(board: int, lines: list[Line], rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    shuffled = list(range(len(lines)))
    rnd.shuffle(shuffled)
    for options in (ValetOptions(), ValetOptions(cloud=False), ValetOptions(form=ScoringForm.DATUM)):
        a = score_valet(tables([(board, lines)]), options)
        b = score_valet(tables([(board, [lines[i] for i in shuffled])]), options)
        assert b.total == pytest.approx(a.total[shuffled], abs=1e-9)
        assert b.bid == pytest.approx(a.bid[shuffled], abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 16), st.lists(contract_lines, min_size=2, max_size=8, unique_by=lambda x: (x[1], x[3])))
def test_alone_in_a_cloud_no_play_score(board: int, lines: list[Line]) -> None:
    """A table alone in its seat and strain has nobody to replace it: no play score (rules 6-7, §4.2.4)."""
    for options in (ValetOptions(), ValetOptions(cloud=False), ValetOptions(form=ScoringForm.DATUM, cloud=False)):
        result = score_valet(tables([(board, lines)]), options)
        assert result.total - result.bid == pytest.approx(np.zeros(len(lines)), abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 16), contract_lines, st.lists(st.integers(0, 13), min_size=2, max_size=10))
def test_same_contract_everywhere_no_bidding_score(board: int, contract: Line, tricks: list[int]) -> None:
    """All tables in the identical contract: the cloud bidding score is zero (rule 5, seed §4.2.4)."""
    lines = [(*contract[:4], t) for t in tricks]
    result = score_valet(tables([(board, lines)]), ValetOptions())
    assert result.bid == pytest.approx(np.zeros(len(lines)), abs=1e-9)


def test_datum_drop_extremes_and_truncation() -> None:
    """Datum (conv. §3.2): the mean truncated toward zero; ``drop_extremes`` leaves out one top and one bottom."""
    board = 1  # none vulnerable
    lines: list[Line] = [(4, 3, 0, 0, 10), (4, 3, 0, 0, 11), (3, 4, 0, 0, 9), (4, 3, 0, 0, 8), (7, 4, 0, 0, 13)]
    raw = [ns_score(board, line) for line in lines]
    assert raw == [420, 450, 400, -100, 1520]
    for drop, datum in ((False, 538), (True, 423)):  # 2690 / 5; (2690 - 1520 + 100) / 3 = 423.3
        result = score_valet(
            tables([(board, lines)]), ValetOptions(form=ScoringForm.DATUM, cloud=False, drop_extremes=drop)
        )
        expected = [wbf_imps(r - datum) for r in raw]
        assert result.total == pytest.approx(expected)
        assert result.total[0] == (0 if drop else -3)
    truncated = score_valet(
        tables([(board, lines)]),
        ValetOptions(form=ScoringForm.DATUM, cloud=False, rounding=RoundingPolicy.TRUNCATE),
    )
    datum = 538  # 450 - 538 = -88: 90 -> 3 IMPs rounded, 80 -> 2 truncated
    assert truncated.total == pytest.approx([wbf_imps(r - datum, RoundingPolicy.TRUNCATE) for r in raw])


def test_rounds_lists() -> None:
    assert parse_rounds("1,3-5,7") == frozenset({1, 3, 4, 5, 7})
    assert parse_rounds("2") == frozenset({2})
    with pytest.raises(ValueError):
        parse_rounds("5-3")
    t = tables([(1, [(4, 3, 0, 0, 10), (4, 3, 0, 0, 11)]), (2, [(3, 4, 0, 1, 9), (2, 4, 0, 1, 8)])])
    t2 = ValetTables(
        np.array([1, 1, 2, 2]), t.hand_board, t.players, t.level, t.strain, t.risk, t.declarer, t.tricks, t.lead,
        t.player_tags, t.names,
    )  # fmt: skip
    only = score_valet(t2, ValetOptions(rounds=parse_rounds("2")))
    assert len(only.tables) == 2 and set(only.tables.hand_round.tolist()) == {2}


def test_order_by_bidding() -> None:
    lines: list[Line] = [(4, 3, 0, 0, 10), (2, 3, 0, 0, 10), (6, 3, 0, 0, 10), (3, 4, 0, 2, 7)]
    result = score_valet(tables([(1, lines)]), ValetOptions(order="bidding"))
    bid = result.averages[result.order(), BID]
    assert np.all(np.diff(bid) <= 1e-12)


def test_compensation_excludes_the_boards_against_the_pair() -> None:
    """Seed §2.5: add the average of the opponents' scores, each without its boards against this pair.

    Three pairs A, B, C as NS meet X, Y, Z as EW over three boards (a Howell-like rotation); each pair's
    opponents' overall averages are recomputed here by hand from the per-table results."""
    players = {"A": (0, 2), "B": (4, 6), "C": (8, 10), "X": (1, 3), "Y": (5, 7), "Z": (9, 11)}
    meetings = [(1, "A", "X"), (1, "B", "Y"), (1, "C", "Z"), (2, "A", "Y"), (2, "B", "Z"), (2, "C", "X"),
                (3, "A", "Z"), (3, "B", "X"), (3, "C", "Y")]  # fmt: skip
    results: dict[int, list[Line]] = {1: [(4, 3, 0, 0, 10), (4, 3, 0, 0, 9), (3, 4, 0, 2, 9)],
                                      2: [(2, 2, 0, 1, 8), (3, 2, 0, 1, 9), (4, 2, 1, 3, 8)],
                                      3: [(1, 4, 0, 0, 7), (3, 4, 0, 0, 9), (2, 0, 0, 2, 9)]}  # fmt: skip
    rows = []
    for board, ns, ew in meetings:
        k = sum(1 for row in rows if row[0] == board)
        rows.append((board, ns, ew, results[board][k]))
    n = len(rows)
    seat_players = np.array([[players[ns][0], players[ew][0], players[ns][1], players[ew][1]] for _, ns, ew, _ in rows])
    a = np.array([line for *_, line in rows])
    tags = tuple(f"t{i:02d}" for i in range(12))
    t = ValetTables(
        np.ones(n, dtype=np.int64), np.array([b for b, *_ in rows]), seat_players, a[:, 0], a[:, 1], a[:, 2],
        a[:, 3], a[:, 4], np.full(n, -1), tags, MappingProxyType({}),
    )  # fmt: skip
    plain = score_valet(t, ValetOptions())
    comp = score_valet(t, ValetOptions(compensate=True))
    # by hand: each table's overall for NS and EW
    name_of = {}
    for p in range(len(plain.pairs)):
        first = plain.pairs[p][0]
        name_of[p] = next(k for k, v in players.items() if first in v)
    pair_of = {v: k for k, v in name_of.items()}
    overall: dict[str, list[tuple[str, float]]] = {k: [] for k in players}
    for i, (_, ns, ew, _) in enumerate(rows):
        overall[ns].append((ew, plain.total[i]))
        overall[ew].append((ns, -plain.total[i]))
    for pair in players:
        opponents = {o for o, _ in overall[pair]}
        s = sum(v for o in opponents for against, v in overall[o] if against != pair)
        c = sum(1 for o in opponents for against, _ in overall[o] if against != pair)
        expected = plain.averages[pair_of[pair], OVERALL] + s / c
        assert comp.averages[pair_of[pair], OVERALL] == pytest.approx(expected), pair
