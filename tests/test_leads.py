"""The lead analysis (bridgescore.core.leads, issue 10): tricks against double dummy after the actual opening lead, the
cost of the lead, and each pair's sums, checked against endings solved by hand and by a brute-force solver."""

from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core import leads
from bridgescore.core.cards import Card
from bridgescore.core.contract import Seat, Strain, Vulnerability, vulnerability_of_board
from bridgescore.core.contract import score as contract_score
from bridgescore.core.deal import HandRecord
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.leads import LeadCache, LeftOut, Position, analyse, parse_hands, solve_leads
from bridgescore.core.problems import FieldKind, Location

# A three-card ending solved by hand, no-trump, South declares, West on lead:
#   North ♠AQ ♣2 / East ♥32 ♣3 / South ♦43 ♣4 / West ♠K ♦A ♣5.
# West's ♣5 or ♦A keeps the ♠K behind dummy's ♠AQ: West wins the ♦A and the ♣5, dummy only the ♠A: South 1 trick.
# West's ♠K leads into the tenace: ♠A, ♠Q (West's ♦A goes), then dummy's ♣2 to West's ♣5: South 2 tricks.
# Best lead ♣5 or ♦A (cost 0), ♠K costs one trick.
ENDING = ("AQ...2", ".32..3", "..43.4", "K..A.5")
SK, DA, C5 = Card(Strain.SPADES, 13), Card(Strain.DIAMONDS, 14), Card(Strain.CLUBS, 5)


def deal(board: int, hands: tuple[str, str, str, str] = ENDING) -> HandRecord:
    return HandRecord(board, hands, Seat((board - 1) % 4), vulnerability_of_board(board))


def line(
    board: int, ns: str, ew: str, contract: str | None = "1NT", declarer: Seat | None = Seat.S, tricks: int | None = 1,
    lead: str | None = "C5", status: ResultStatus = ResultStatus.PLAYED, row: int = 2, section: str = "",
) -> Result:  # fmt: skip
    from bridgescore.core.contract import parse_contract

    made = None if contract is None else parse_contract(contract)
    score = None
    if made is not None and status is not ResultStatus.NOT_PLAYED:
        score = contract_score(made, declarer, vulnerability_of_board(board), tricks)
        if declarer is not None and declarer.side.value == "EW":
            score = -score
    return Result(
        board, ns, ew, status, section, made, declarer, tricks, lead, score,
        source=Location("club.csv", row, "board", FieldKind.COLUMN),
    )  # fmt: skip


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its solves in its own temporary folder, never in the user's cache."""
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "cache"))
    leads._DEFAULT.clear()


# --- the solve, by hand and against a brute-force solver --------------------------------------------------------


def test_the_three_card_ending_solved_by_hand() -> None:
    hands = parse_hands(ENDING)
    assert hands is not None
    (after,) = solve_leads([Position(hands, Strain.NOTRUMP, Seat.W)])
    assert after == {SK: 2, DA: 1, C5: 1}


def test_each_line_of_the_ending_and_the_pairs_sums() -> None:
    # table 1: ♠K led (costs 1), declarer makes 2 = dd after the lead; table 2: ♣5 led, declarer makes 2 (a
    # defensive error after a best lead); table 3: ♦A led, declarer makes 1 (par)
    event = Event(
        (line(1, "1", "2", lead="SK", tricks=2, row=2), line(1, "3", "4", lead="C5", tricks=2, row=3),
         line(1, "5", "6", lead="DA", tricks=1, row=4)),
        deals=MappingProxyType({1: deal(1)}),
    )  # fmt: skip
    analysis = analyse(event)
    got = [(x.ns_pair, x.lead, x.dd_after_lead, x.dd_best, x.lead_cost, x.declarer_vs_dd) for x in analysis.lines]
    assert got == [("1", SK, 2, 1, 1, 0), ("3", C5, 1, 1, 0, 1), ("5", DA, 1, 1, 0, 0)]
    pairs = {p.pair: p for p in analysis.pairs}
    assert (pairs["1"].declared, pairs["1"].as_declarer, pairs["1"].defended) == (1, 0, 0)
    assert (pairs["2"].defended, pairs["2"].on_lead, pairs["2"].in_defence, pairs["2"].total) == (1, -1, 0, -1)
    assert (pairs["3"].as_declarer, pairs["4"].on_lead, pairs["4"].in_defence, pairs["4"].total) == (1, 0, -1, -1)
    assert pairs["6"].total == 0 and pairs["5"].total == 0
    assert analysis.problems == () and dict(analysis.left_out) == {}


Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


def _winner(trick: tuple[tuple[Seat, Card], ...], trump: Strain) -> Seat:
    led = trick[0][1].suit

    def power(card: Card) -> int:
        return card.rank + (100 if card.suit is trump else 50 if card.suit is led else 0)

    return max(trick, key=lambda played: power(played[1]))[0]


@functools.cache
def _ns_tricks(hands: Hands, turn: Seat, trick: tuple[tuple[Seat, Card], ...], trump: Strain) -> int:
    """North-South's tricks from here, every card tried (minimax): the brute force the DDS answers are held to."""
    hand = hands[int(turn)]
    if not hand:
        return 0
    legal = [c for c in hand if c.suit is trick[0][1].suit] if trick else []
    outcomes = []
    for card in legal or sorted(hand, key=lambda c: (c.suit, c.rank)):
        left = tuple(h - {card} if i == int(turn) else h for i, h in enumerate(hands))
        played = (*trick, (turn, card))
        if len(played) == 4:
            winner = _winner(played, trump)
            won = 1 if winner in (Seat.N, Seat.S) else 0
            outcomes.append(won + _ns_tricks(left, winner, (), trump))  # type: ignore[arg-type]
        else:
            outcomes.append(_ns_tricks(left, turn.lho, played, trump))  # type: ignore[arg-type]
    return max(outcomes) if turn in (Seat.N, Seat.S) else min(outcomes)


def _brute_force(position: Position) -> dict[Card, int]:
    declarer = Seat((int(position.leader) + 3) % 4)
    hands, leader = position.hands, position.leader
    out = {}
    for card in hands[int(leader)]:
        left = tuple(h - {card} if i == int(leader) else h for i, h in enumerate(hands))
        ns = _ns_tricks(left, leader.lho, ((leader, card),), position.strain)  # type: ignore[arg-type]
        out[card] = ns if declarer in (Seat.N, Seat.S) else len(hands[0]) - ns
    return out


@st.composite
def endings(draw: st.DrawFn) -> Position:
    size = draw(st.integers(1, 3))
    deck = [Card(s, r) for s in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES) for r in range(2, 15)]
    cards = draw(st.permutations(deck))[: 4 * size]
    hands = tuple(frozenset(cards[i * size : (i + 1) * size]) for i in range(4))
    return Position(hands, draw(st.sampled_from(list(Strain))), draw(st.sampled_from(list(Seat))))  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.lists(endings(), min_size=1, max_size=4))
def test_dds_agrees_with_brute_force_on_small_endings(positions: list[Position]) -> None:
    """Every lead's tricks for the declarer, as DDS gives them (batched), equal a full search of the ending: the
    conventions (who is on move, whose tricks are counted, endings of fewer than 13 cards) are the ones assumed."""
    assert solve_leads(positions) == [_brute_force(p) for p in positions]


@settings(max_examples=40, deadline=None)
@given(endings(), st.data())
def test_the_best_lead_costs_nothing_and_no_lead_costs_less(position: Position, data: st.DataObject) -> None:
    """Property (issue 10): the best lead costs 0 and no lead costs a negative number, whichever card was led; and
    the pairs' sums balance: as declarer and in defence cancel, on lead is minus the leads' costs."""
    hands = tuple(leads._hand_pbn(h) for h in position.hands)
    declarer = Seat((int(position.leader) + 3) % 4)
    size = len(position.hands[0])
    results = []
    for k, card in enumerate(sorted(position.hands[int(position.leader)], key=lambda c: (c.suit, c.rank))):
        tricks = data.draw(st.integers(0, size))
        strain = "NT" if position.strain is Strain.NOTRUMP else position.strain.letter
        results.append(
            line(1, str(2 * k + 1), str(2 * k + 2), f"1{strain}", declarer, tricks, card.format(), row=k + 2)
        )
    analysis = analyse(Event(tuple(results), deals=MappingProxyType({1: deal(1, hands)})))  # type: ignore[arg-type]
    costs = [x.lead_cost for x in analysis.lines]
    assert len(costs) == len(results) and min(costs) >= 0
    assert {x.dd_best for x in analysis.lines} == {min(x.dd_after_lead for x in analysis.lines)}
    assert sum(p.as_declarer + p.in_defence for p in analysis.pairs) == 0
    assert sum(p.on_lead for p in analysis.pairs) == -sum(costs)


def test_a_full_deal_lead_costs_are_against_the_deals_double_dummy_tricks() -> None:
    """A 13-card deal: the best lead's tricks are the deal's double-dummy tricks (endplay's own table)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    hands = ("AKQ.T98.J76.5432", "JT9.765.AKQ.T987", "8765.AKQ.T98.AKQ", "432.J432.5432.J6")
    parsed = parse_hands(hands)
    assert parsed is not None
    table = calc_dd_table(Deal("N:" + " ".join(hands)))
    for strain, denom in ((Strain.NOTRUMP, Denom.nt), (Strain.HEARTS, Denom.hearts), (Strain.CLUBS, Denom.clubs)):
        for declarer, player in ((Seat.S, Player.south), (Seat.E, Player.east)):
            (after,) = solve_leads([Position(parsed, strain, declarer.lho)])
            assert min(after.values()) == table[denom, player]
            assert len(after) == 13


# --- what is left out, and the problems ---------------------------------------------------------------------------


def test_lines_that_cannot_be_analysed_are_counted_by_reason_and_a_lead_not_held_is_a_problem() -> None:
    results = (
        line(1, "1", "2", lead="SK", tricks=2, row=2),
        line(1, "3", "4", lead=None, row=3),
        line(1, "5", "6", lead="  ", row=4),
        line(1, "7", "8", lead="HX", row=5),  # not a card
        line(1, "9", "10", lead="HA", row=6),  # West has no heart at all
        line(1, "11", "12", "PASS", None, None, None, ResultStatus.PASSED_OUT, row=7),
        line(1, "13", "14", None, None, None, None, ResultStatus.NOT_PLAYED, row=8),
        Result(1, "15", "16", ResultStatus.ADJUSTED, remarks="A+", source=Location("club.csv", 9)),
        line(1, "17", "18", None, None, None, None, row=10),  # a score alone
        line(2, "1", "2", row=11),  # board 2 has no deal
        line(3, "1", "2", row=12),  # board 3's deal is no deal
    )
    bad = deal(3, ("AQ...2", ".32..3", "..43.4", "K..A.2"))  # the ♣2 twice (North and West)
    analysis = analyse(Event(results, deals=MappingProxyType({1: deal(1), 3: bad})))
    assert [x.ns_pair for x in analysis.lines] == ["1"]
    assert dict(analysis.left_out) == {
        LeftOut.NO_LEAD: 2, LeftOut.LEAD_NOT_A_CARD: 1, LeftOut.LEAD_NOT_HELD: 1, LeftOut.PASSED_OUT: 1,
        LeftOut.NOT_PLAYED: 1, LeftOut.ADJUSTED: 1, LeftOut.NO_CONTRACT: 1, LeftOut.NO_DEAL: 1,
        LeftOut.DEAL_NOT_PLAYABLE: 1,
    }  # fmt: skip
    (problem,) = analysis.problems
    assert problem.location == Location("club.csv", 6, "lead", FieldKind.COLUMN)
    assert str(problem) == (
        "club.csv, line 6, column 'lead': warning: the opening lead HA is not in the hand of W, on lead against S on "
        "board 1; correct the lead or the deal (the line is left out of the lead analysis)"
    )
    assert "uitkomst HA zit niet in de hand van W" in problem.describe("nl")
    assert leads.lead_problems(Event(results, deals=MappingProxyType({1: deal(1)}))) == (problem,)


def test_hands_that_are_no_deal() -> None:
    assert parse_hands(ENDING) is not None
    assert parse_hands(("AQ...2", ".32..3", "..43.4", "K..A.")) is None  # West one card short
    assert parse_hands(("AQ...2", ".32..3", "..43.4")) is None
    assert parse_hands(("AQ..2", ".32..3", "..43.4", "K..A.5")) is None  # three suits
    assert parse_hands(("AQ...2", ".32..3", "..43.4", "K..A.Z")) is None
    assert parse_hands(("...", "...", "...", "...")) is None
    full = parse_hands(("AKQ.T98.J76.5432", "J109.765.AKQ.T987", "8765.AKQ.T98.AKQ", "432.J432.5432.J6"))
    assert full is not None and Card(Strain.SPADES, 10) in full[1]


def test_an_event_without_deals_has_nothing_analysed() -> None:
    event = Event((line(1, "1", "2"),))
    assert analyse(event).lines == () and dict(analyse(event).left_out) == {LeftOut.NO_DEAL: 1}
    assert leads.lead_problems(event) == ()


def test_sections_numbered_per_direction_keep_ns_1_and_ew_1_apart() -> None:
    """An ACBL Mitchell numbers NS 1-n and EW 1-n: pair 1 NS and pair 1 EW are two pairs (and are so summed)."""
    results = [
        line(b, str(t), str(t), lead="SK", tricks=2, row=b * 10 + t, section="A") for b in (1, 2, 3) for t in (1, 2)
    ]
    analysis = analyse(Event(tuple(results), deals=MappingProxyType({b: deal(b) for b in (1, 2, 3)})))
    keys = [(p.pair, p.direction, p.declared, p.defended, p.on_lead) for p in analysis.pairs]
    assert keys == [("1", "EW", 0, 3, -3), ("1", "NS", 3, 0, 0), ("2", "EW", 0, 3, -3), ("2", "NS", 3, 0, 0)]


# --- the cache ----------------------------------------------------------------------------------------------------


def _count_solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = leads.solve_leads

    def counting(positions):  # type: ignore[no-untyped-def]
        calls.append(len(positions))
        return real(positions)

    monkeypatch.setattr(leads, "solve_leads", counting)
    return calls


def test_the_same_position_is_solved_once_in_a_run_and_once_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _count_solves(monkeypatch)
    results = tuple(line(b, str(t), str(t + 10), lead="SK", row=t) for b in (1, 5) for t in range(1, 4))
    event = Event(results, deals=MappingProxyType({1: deal(1), 5: deal(5)}))  # the same cards on two boards
    first = analyse(event)
    assert calls == [1]  # one (deal, strain, leader) for six lines on two boards
    assert analyse(event) == first and calls == [1]
    stored = tmp_path / "cache" / leads.CACHE_FILE
    assert stored.is_file()
    with sqlite3.connect(stored) as db:
        ((deal_text, strain, leader, tricks),) = db.execute(f"SELECT * FROM {leads.CACHE_TABLE}").fetchall()
    assert (deal_text, strain, leader) == ("N:AQ...2 .32..3 ..43.4 K..A.5", int(Strain.NOTRUMP), int(Seat.W))
    assert json.loads(tricks) == {"SK": 2, "DA": 1, "C5": 1}
    leads._DEFAULT.clear()  # a new run: only the file is left
    assert analyse(event) == first and calls == [1]


def test_bridgescore_cache_moves_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "elsewhere"))
    assert leads.cache_directory() == tmp_path / "elsewhere"
    analyse(Event((line(1, "1", "2"),), deals=MappingProxyType({1: deal(1)})))
    assert (tmp_path / "elsewhere" / leads.CACHE_FILE).is_file()
    monkeypatch.delenv("BRIDGESCORE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert leads.cache_directory() == tmp_path / "xdg" / "bridgescore"


def test_a_cache_that_cannot_be_written_only_makes_the_run_slower(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    cache = LeadCache(blocked / "sub" / leads.CACHE_FILE)
    event = Event((line(1, "1", "2", lead="SK", tricks=2),), deals=MappingProxyType({1: deal(1)}))
    assert [x.lead_cost for x in analyse(event, cache).lines] == [1]
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(b"this is not a database" * 100)
    assert [x.lead_cost for x in analyse(event, LeadCache(corrupt)).lines] == [1]


def test_a_damaged_cache_row_is_solved_again(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    event = Event((line(1, "1", "2", lead="SK", tricks=2),), deals=MappingProxyType({1: deal(1)}))
    analyse(event, LeadCache(path))
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE {leads.CACHE_TABLE} SET tricks = 'garbage'")
    assert [x.dd_after_lead for x in analyse(event, LeadCache(path)).lines] == [2]


def test_vulnerability_helper_is_the_boards() -> None:
    assert deal(2).vulnerability is Vulnerability.NS


def test_leads_written_the_dutch_way_are_the_same_cards() -> None:
    """``RA`` is ruiten aas (♦A), ``SH`` schoppen heer (♠K), ``K5`` klaveren vijf (♣5): read in either notation."""
    dutch = (line(1, "1", "2", lead="SH", tricks=2), line(1, "3", "4", lead="RA"), line(1, "5", "6", lead="K5"))
    analysis = analyse(Event(dutch, deals=MappingProxyType({1: deal(1)})))
    assert [(x.lead, x.lead_cost) for x in analysis.lines] == [(SK, 1), (DA, 0), (C5, 0)]


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(6)))
def test_the_order_of_the_lines_changes_nothing(order: list[int]) -> None:
    results = [
        line(1, "1", "2", lead="SK", tricks=2), line(1, "3", "4", lead="C5", tricks=2), line(1, "5", "6", lead="DA"),
        line(2, "2", "1", lead="DA", tricks=0), line(2, "4", "3", lead="SK"), line(2, "6", "5", lead="C5", tricks=3),
    ]  # fmt: skip
    deals = MappingProxyType({1: deal(1), 2: deal(2)})
    first = analyse(Event(tuple(results), deals=deals))
    shuffled = analyse(Event(tuple(results[i] for i in order), deals=deals))
    assert shuffled.pairs == first.pairs
    assert sorted(shuffled.lines, key=repr) == sorted(first.lines, key=repr)


def test_a_position_dds_gives_no_answer_for_is_left_out_and_not_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    """endplay does not pass on DDS's error codes: an empty answer must leave the line out, never raise or be kept."""
    monkeypatch.setattr(leads, "solve_leads", lambda positions: [{} for _ in positions])
    event = Event((line(1, "1", "2", lead="SK", tricks=2),), deals=MappingProxyType({1: deal(1)}))
    cache = LeadCache(None)
    analysis = analyse(event, cache)
    assert analysis.lines == () and dict(analysis.left_out) == {LeftOut.DEAL_NOT_PLAYABLE: 1}
    assert cache.get([Position(parse_hands(ENDING), Strain.NOTRUMP, Seat.W)]) == {}  # type: ignore[arg-type]


def test_one_cache_setting_holds_both_caches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new folder named by BRIDGESCORE_CACHE (as the lead benchmark sets it) holds the double-dummy tables and the
    lead solves: the table cache once took the new path for its file, so the lead cache had no folder to go in and
    every re-run solved every lead again (the benchmark's cached re-run took 3.8 s, not under 1 s)."""
    from bridgescore.core import dd

    folder = tmp_path / "fresh"
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(folder))
    dd.analyse({1: deal(1, ("AKQ2.AKQ.AKQ.AKQ", "JT98.JT9.JT9.JT9", "7654.876.876.876", "3.5432.5432.5432"))})
    analyse(Event((line(1, "1", "2"),), deals=MappingProxyType({1: deal(1)})))
    assert (folder / "dd.sqlite3").is_file() and (folder / leads.CACHE_FILE).is_file()
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "tables.sqlite3"))
    assert dd.cache_path() == tmp_path / "tables.sqlite3" and leads.cache_directory() == tmp_path
