"""Issue 10: hand records read from PBN – deals only or with results, '?', PO, voids, a BOM, Latin-1 headers –
and the double-dummy and par tags a program wrote, read in any row order and checked (no solving here)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, Strain, Vulnerability
from bridgescore.core.deal import DDTable, HandRecord, Par
from bridgescore.core.event import ResultStatus
from bridgescore.core.problems import FieldKind, Severity
from bridgescore.io import deals, pbn

BUNDLED = Path(__file__).parent / "data" / "reference" / "events" / "usebio-brian-welwyn" / "original" / "hands.pbn"
BOARD_1 = "N:A98.J92.A75.Q852 532.86.K632.KJT7 KQ4.AKT73.JT.A93 JT76.Q54.Q984.64"
#: board 1's table as Bridgewebs writes it (N E S W, spades first) and as the PBN supplement orders it
ROWS = [f"{s} {d:>2} {t:>2}" for s, d, t in [
    ("N", "S", 8), ("N", "H", 10), ("N", "D", 7), ("N", "C", 9), ("N", "NT", 9),
    ("E", "S", 5), ("E", "H", 3), ("E", "D", 6), ("E", "C", 4), ("E", "NT", 4),
    ("S", "S", 8), ("S", "H", 9), ("S", "D", 7), ("S", "C", 9), ("S", "NT", 9),
    ("W", "S", 5), ("W", "H", 3), ("W", "D", 6), ("W", "C", 4), ("W", "NT", 4),
]]  # fmt: skip


def _game(board: int = 1, deal: str = BOARD_1, dealer: str = "N", vul: str = "None", more: str = "") -> str:
    return f'[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n{more}'


def test_the_bundled_bridgewebs_hand_record_is_read_with_its_tables() -> None:
    records = deals.load(BUNDLED)
    assert records.problems == ()
    assert sorted(records.deals) == list(range(1, 25))
    first = records.deals[1]
    assert first.pbn() == BOARD_1
    assert (first.dealer, first.vulnerability) == (Seat.N, Vulnerability.NONE)
    assert first.hcp == (11, 7, 17, 5)
    assert (
        first.dd is not None and first.dd.of(Seat.N, Strain.HEARTS) == 10 and first.dd.of(Seat.W, Strain.NOTRUMP) == 4
    )
    assert first.source is not None and first.source.line == 16 and first.source.field == "Deal"
    assert records.title == "Wednesday AM Pairs"


def test_the_results_in_the_bridgewebs_file_score_and_po_is_passed_out() -> None:
    """Before: 'PO' is not a contract (two errors, nothing scored); PO is Bridgewebs' passed out."""
    event = pbn.load(BUNDLED)
    assert [p for p in event.problems if p.severity is Severity.ERROR] == []
    passed = [r for r in event.results if r.status is ResultStatus.PASSED_OUT]
    assert [(r.board, r.ns_score) for r in passed] == [(16, 0), (16, 0)]
    assert len(event.results) == 144
    assert sorted(event.deals) == list(range(1, 25))  # the results file's deals travel with its event


def test_a_deals_only_file_is_a_hand_record_not_results() -> None:
    """Before: '?' was read as a contract, and every board said 'the result has no pairs'."""
    text = "".join(
        _game(n, BOARD_1 if n == 1 else _shuffled(n), "NESW"[(n - 1) % 4], ["None", "NS", "EW", "All"][n - 1])
        + '[Contract "?"]\n[Declarer "?"]\n[Result "?"]\n\n'
        for n in (1, 2, 3, 4)
    )
    event = pbn.loads(text, "hands.pbn")
    assert event.problems == () and event.results == ()
    assert sorted(event.deals) == [1, 2, 3, 4]


def _shuffled(seed: int) -> str:
    rng = random.Random(seed)
    cards = [(s, r) for s in range(4) for r in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = [
        ".".join("".join(r for s, r in sorted(cards[i * 13 : i * 13 + 13], key=lambda c: "AKQJT98765432".index(c[1]))
                         if s == suit) for suit in range(4))
        for i in range(4)
    ]  # fmt: skip
    return "N:" + " ".join(hands)


def test_voids_any_first_seat_a_bom_and_a_latin1_header(tmp_path: Path) -> None:
    # given from East; voids written empty, and (the same deal) with "-" as some programs write them
    empty = "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."
    dashed = "E:-.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432 AKQJT98765432.-.-.-"
    hand_record = _game(2, empty, "E", "NS")
    path = tmp_path / "hands.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + ('[Event "Bridge Caf\xe9"]\n' + hand_record).encode("utf-8"))
    read = deals.load(path)
    assert read.problems == ()
    record = read.deals[2]
    assert record.hands == ("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432")
    assert record.extra["Event"] == "Bridge Café"
    assert deals.loads_pbn(_game(2, dashed, "E", "NS")).deals[2].hands == record.hands
    latin = tmp_path / "latin.pbn"
    latin.write_bytes('%Content-type: text/pbn; charset=ISO-8859-1\n[Event "Bridge Café"]\n'.encode("latin-1")
                      + hand_record.encode("ascii"))  # fmt: skip
    read = deals.load(latin)
    assert read.deals[2].hands == record.hands and read.deals[2].extra["Event"] == "Bridge Café"
    assert [p.severity for p in read.problems] == [Severity.WARNING]  # read as Windows-1252, and said so


def test_a_deal_that_is_not_52_cards_is_reported_where_it_is_and_the_others_are_kept() -> None:
    bad = BOARD_1.replace("A98.", "A9.")  # North has 12 cards
    twice = BOARD_1.replace("A98.", "AK8.").replace(" 532.", " 532.")  # the spade king dealt twice
    text = (
        _game(1, bad)
        + "\n"
        + _game(2, _shuffled(2), "E", "NS")
        + "\n"
        + _game(3, twice.replace("A98", "AK8"), "S", "EW")
    )
    records = deals.loads_pbn(text, "hands.pbn")
    assert sorted(records.deals) == [2]
    first, second = records.problems
    assert (first.location.line, first.location.field, first.location.kind) == (4, "Deal", FieldKind.TAG)
    assert "the hand of N has 12 cards" in str(first) and first.severity is Severity.ERROR
    assert second.location.line == 14 and "dealt twice" in str(second)
    assert "spel 1: de hand van N heeft 12 kaarten" in first.describe("nl")


def test_a_dealer_or_vulnerability_against_the_board_number_is_reported() -> None:
    records = deals.loads_pbn(_game(5, BOARD_1, "S", "None"), "hands.pbn")  # board 5: N deals, NS vulnerable
    assert 5 in records.deals  # kept as written
    dealer, vul = records.problems
    assert dealer.location.field == "Dealer" and "dealer is S, but on board 5 N deals (Law 2)" in str(dealer)
    assert vul.location.field == "Vulnerable" and "vulnerability is None, but board 5 is NS" in str(vul)
    assert {p.severity for p in records.problems} == {Severity.WARNING}


def test_two_different_deals_for_one_board_are_reported_and_the_first_kept() -> None:
    records = deals.loads_pbn(_game(1) + "\n" + _game(1, _shuffled(9)) + "\n" + _game(1), "hands.pbn")
    assert records.deals[1].pbn() == BOARD_1
    (problem,) = records.problems
    assert problem.location.line == 6 and "a second, different deal" in str(problem) and "line 4" in str(problem)


@settings(max_examples=30, deadline=None)
@given(st.permutations(ROWS), st.sampled_from(["Declarer;Denomination\\2R;Result\\2R", "Denomination;Declarer;Result"]))
def test_the_optimum_result_table_reads_in_any_row_and_column_order(rows: list[str], header: str) -> None:
    if header.startswith("Denomination"):
        rows = [" ".join([r.split()[1], r.split()[0], r.split()[2]]) for r in rows]
    text = _game(more=f'[OptimumResultTable "{header}"]\n' + "\n".join(rows) + "\n")
    records = deals.loads_pbn(text)
    assert records.problems == ()
    dd = records.deals[1].dd
    assert dd is not None and dd.tricks == ((9, 7, 10, 8, 9), (4, 6, 3, 5, 4), (9, 7, 9, 8, 9), (4, 6, 3, 5, 4))


def test_double_dummy_tricks_and_the_table_are_checked_against_each_other() -> None:
    table = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n' + "\n".join(ROWS) + "\n"
    agree = deals.loads_pbn(_game(more='[DoubleDummyTricks "98a79989794536445364"]\n' + table))
    assert agree.problems == ()
    differ = deals.loads_pbn(_game(more='[DoubleDummyTricks "98b79989794536445364"]\n' + table), "hands.pbn")
    (problem,) = differ.problems
    assert problem.location.field == "DoubleDummyTricks" and problem.location.line == 5
    assert "gives N 11 tricks in H, the OptimumResultTable 10" in str(problem)
    assert differ.deals[1].dd is not None and differ.deals[1].dd.of(Seat.N, Strain.HEARTS) == 11
    bad = deals.loads_pbn(_game(more='[DoubleDummyTricks "98a7998979453644536"]\n'), "hands.pbn")
    assert bad.deals[1].dd is None and "is not a double-dummy table" in str(bad.problems[0])
    missing = deals.loads_pbn(_game(more=table.replace("W NT  4\n", "")), "hands.pbn")
    assert missing.deals[1].dd is None and "has no row for W NT" in str(missing.problems[0])


def test_the_optimum_score_is_checked_against_the_par_of_the_written_table() -> None:
    tags = '[DoubleDummyTricks "98a79989794536445364"]\n[OptimumScore "NS 420"]\n[ParContract "NS 4H"]\n'
    right = deals.loads_pbn(_game(more=tags))
    assert right.problems == () and right.deals[1].par == Par(420, ("4H N", "4H S"))
    wrong = deals.loads_pbn(_game(more=tags.replace("NS 420", "NS 450")), "hands.pbn")
    (problem,) = wrong.problems
    assert problem.location.field == "OptimumScore" and "NS +450 disagrees with the par" in str(problem)
    assert "NS +420" in str(problem) and problem.severity is Severity.WARNING


_HANDS = st.permutations([(s, r) for s in range(4) for r in range(13)])


@settings(max_examples=40, deadline=None)
@given(
    _HANDS,
    st.integers(1, 64),
    st.lists(st.integers(0, 13), min_size=20, max_size=20),
    st.integers(-7600, 7600),
)
def test_a_written_pbn_hand_record_reads_back_the_same(cards: list[tuple[int, int]], board: int,
                                                         tricks: list[int], score: int) -> None:  # fmt: skip
    hands = tuple(
        ".".join("".join("AKQJT98765432"[r] for r in sorted(r for s, r in cards[i * 13 : i * 13 + 13] if s == suit))
                 for suit in range(4))
        for i in range(4)
    )  # fmt: skip
    dd = DDTable(tuple((t[0], t[1], t[2], t[3], t[4]) for t in (tricks[i * 5 : i * 5 + 5] for i in range(4))))
    from bridgescore.core.contract import dealer_of_board, vulnerability_of_board

    record = HandRecord(board, (hands[0], hands[1], hands[2], hands[3]), dealer_of_board(board),
                        vulnerability_of_board(board), dd=dd, par=Par(score, ("4H N", "4H S")))  # fmt: skip
    # a made-up table's par need not be the written score: the reader warns and keeps what is written
    back = deals.loads_pbn(deals.dumps_pbn([record])).deals[board]
    assert replace(back, source=None) == record  # ParContract read back as the solver gives it


def test_par_contracts_are_written_as_the_programs_write_parcontract() -> None:
    assert deals.par_contract_tag(["4H N", "4H S"]) == "NS 4H"
    assert deals.par_contract_tag(["3NT N", "3NT S", "5C N", "5C S"]) == "NS 3NT; NS 5C"
    assert deals.par_contract_tag(["5Dx E -2", "4S N +1"]) == "E 5Dx -2; N 4S +1"
    assert deals.par_contract_tag(["PASS"]) == "PASS"


def test_par_contracts_of_other_programs_read_as_the_solver_gives_them() -> None:
    """``NS 4H``, ``EW 4Dx-1``, ``6Sx-3 N``, ``4HN``, ``4S by N`` (forms hand-written after programs' files; the PBN
    standard leaves the form open) all read as :func:`bridgescore.core.dd.par_of` gives par (the page, JSON and a round
    trip showed ``N 4H`` beside ``4H N`` before)."""
    assert deals.par_contracts("NS 4H") == ("4H N", "4H S")
    assert deals.par_contracts("EW 4Dx-1") == ("4Dx E -1", "4Dx W -1")
    assert deals.par_contracts("N 4H; NS 3N") == ("4H N", "3NT N", "3NT S")
    assert deals.par_contracts("6Sx-3 N; 6Sx-3 S") == ("6Sx N -3", "6Sx S -3")
    assert deals.par_contracts("4HN, EW 5C*-2") == ("4H N", "5Cx E -2", "5Cx W -2")
    assert deals.par_contracts("4S N +1") == ("4S N +1",) and deals.par_contracts("Pass") == ("PASS",)
    assert deals.par_contracts("4S by N; 4Sx-2 by EW") == ("4S N", "4Sx E -2", "4Sx W -2")
    assert deals.par_contracts("see the notes") == ("see the notes",)  # kept as written


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.sampled_from(["", "x"]),
                  st.sampled_from([("N", "S"), ("E", "W"), ("N",), ("S",), ("E",), ("W",)]), st.integers(-3, 3)),
        min_size=1, max_size=3, unique_by=lambda t: (t[0], t[1]),
    )
)  # fmt: skip
def test_written_par_contracts_read_back_the_same(entries: list[tuple[int, str, str, tuple[str, ...], int]]) -> None:
    contracts = tuple(
        f"{level}{strain}{risk} {seat}{'' if result == 0 else f' {result:+d}'}"
        for level, strain, risk, seats, result in entries
        for seat in seats
    )
    assert deals.par_contracts(deals.par_contract_tag(contracts)) == contracts


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(['[Board "1"]', '[Board "x"]', '[Dealer "Q"]', '[Vulnerable "Both"]', f'[Deal "{BOARD_1}"]',
                         '[Deal "N:AKQ"]', '[DoubleDummyTricks "zz"]', '[OptimumResultTable "Declarer;Result"]',
                         "N  S  8", "W NT 99", '[OptimumScore "NS x"]', '[Contract "?"]', "", "{", "}"]),
        max_size=20,
    )
)  # fmt: skip
def test_no_pbn_hand_record_raises(lines: list[str]) -> None:
    records = deals.loads_pbn("\n".join(lines), "fuzz.pbn")
    assert all(p.location.file == "fuzz.pbn" for p in records.problems)


def test_an_optimum_score_without_par_contract_gets_the_tables_contracts() -> None:
    """RealBridge writes ``OptimumScore`` without ``ParContract``: the contracts were empty (and the PBN written back
    carried ``[ParContract ""]``) although the written table gives them exactly."""
    tags = '[DoubleDummyTricks "98a79989794536445364"]\n[OptimumScore "NS 420"]\n'
    read = deals.loads_pbn(_game(more=tags))
    assert read.problems == () and read.deals[1].par == Par(420, ("4H N",))
    assert '[ParContract "N 4H"]' in deals.dumps_pbn(read.deals.values())
    wrong = deals.loads_pbn(_game(more=tags.replace("NS 420", "NS 450"))).deals[1]
    assert wrong.par == Par(450, ())  # a score that disagrees is kept as written (and warned of), no contracts made up
    assert "ParContract" not in deals.dumps_pbn([wrong])


def test_a_hand_not_given_is_the_cards_the_other_three_do_not_hold() -> None:
    """PBN 2.1 (3.4.11) writes a hand not given as ``-``; with three hands known the fourth is known too (it was
    refused: 'the hand of E has 1 suits')."""
    n, _east, s, w = BOARD_1[2:].split()
    records = deals.loads_pbn(_game(deal=f"N:{n} - {s} {w}") + "\n\n" + _game(board=2, deal=f"E:- {s} {w} {n}"))
    assert records.problems == () or all(p.severity is Severity.WARNING for p in records.problems)
    assert records.deals[1].pbn() == BOARD_1 and records.deals[2].hands == records.deals[1].hands
    two = deals.loads_pbn(_game(deal=f"N:{n} - - {w}"), "hands.pbn")
    assert two.deals == {} and "the hand of E has 1 suits" in str(two.problems[0])  # two unknown: no deal
