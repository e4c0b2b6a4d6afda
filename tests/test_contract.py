"""Contract scoring (Law 77) and notation: the exhaustive vectors, real-event observations and properties."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.contract import (
    PASSED_OUT,
    Contract,
    ContractError,
    Risk,
    Seat,
    Side,
    Strain,
    Vulnerability,
    dealer_of_board,
    format_result,
    parse_contract,
    parse_contract_and_result,
    parse_result,
    score,
    vulnerability_of_board,
)
from reference_data import need


def test_exhaustive_vectors(reference: Path) -> None:
    path = need(reference / "contract-scoring" / "duplicate_contract_scores_exhaustive.csv")
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 2940
    wrong = []
    for row in rows:
        contract = parse_contract(row["level"] + row["denom"] + row["penalty"])
        got = contract.score(row["vulnerable"] == "1", int(row["tricks"]))
        if got != int(row["declarer_score"]):
            wrong.append((row, got))
    assert not wrong, wrong[:5]


def test_observed_scores_from_real_events(reference: Path) -> None:
    path = need(reference / "contract-scoring" / "observed_scores_from_real_events.csv")
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 4028
    wrong = []
    for row in rows:
        contract = parse_contract(row["contract"])
        declarer = Seat.parse(row["declarer"]) if row["declarer"] else None
        tricks = int(row["tricks"]) if row["tricks"] else None
        got = score(contract, declarer, vulnerability_of_board(int(row["board"])), tricks)
        if got != int(row["score_ns_reported"]):
            wrong.append((row, got))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", "4S"), ("4s", "4S"), ("4♠", "4S"), ("3NT", "3NT"), ("3N", "3NT"), ("3SA", "3NT"), ("3sa", "3NT"),
        ("2R", "2D"), ("2♦", "2D"), ("1K", "1C"), ("1♣", "1C"), ("4HX", "4HX"), ("4Hx", "4HX"), ("4H*", "4HX"),
        ("4H!", "4HX"), ("6SXX", "6SXX"), ("6S**", "6SXX"), ("6S!!", "6SXX"), ("7SAXX", "7NTXX"),
        ("4 ♥ X", "4HX"), ("PASS", "PASS"), ("p", "PASS"), ("-", "PASS"), ("Pas", "PASS"),
    ],
)  # fmt: skip
def test_contract_notation(text: str, expected: str) -> None:
    assert str(parse_contract(text)) == expected


def test_dutch_printing() -> None:
    assert parse_contract("3NT").format("nl") == "3SA"
    assert parse_contract("2DX").format("nl") == "2RX"
    assert parse_contract("1C").format("nl") == "1K"
    assert PASSED_OUT.format("nl") == "Pas"
    assert Seat.E.label("nl") == "O" and Seat.S.label("nl") == "Z"
    assert format_result(parse_contract("4S"), 10, "nl") == "C"


@pytest.mark.parametrize(
    ("text", "tricks"),
    [("=", 10), ("C", 10), ("c", 10), ("+1", 11), ("-2", 8), ("10", 10), ("0", 0), ("13", 13), ("−1", 9)],
)
def test_results(text: str, tricks: int) -> None:
    assert parse_result(text, parse_contract("4S")) == tricks


@pytest.mark.parametrize(
    ("entry", "contract", "declarer", "tricks"),
    [
        ("4SX-2", "4SX", None, 8), ("3NT=", "3NT", None, 9), ("3SA C", "3NT", None, 9), ("4♥+1", "4H", None, 11),
        ("4SN=", "4S", Seat.N, 10), ("3NE-2", "3NT", Seat.E, 7), ("5CxE-1", "5CX", Seat.E, 10),
        ("3SA O C", "3NT", Seat.E, 9), ("2HS+2", "2H", Seat.S, 10), ("4N=", "4NT", None, 10), ("6S", "6S", None, None),
    ],
)  # fmt: skip
def test_combined_entries(entry: str, contract: str, declarer: Seat | None, tricks: int | None) -> None:
    got = parse_contract_and_result(entry)
    assert (str(got[0]), got[1], got[2]) == (contract, declarer, tricks)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("7NT+1", "at most 0 overtricks"), ("1S-8", "at most 7 down"), ("8S", "level 8"), ("0S", "level 0"),
        ("4", "no strain"), ("4Q", "not a contract"), ("", "missing"),
    ],
)  # fmt: skip
def test_impossible_entries(entry: str, message: str) -> None:
    with pytest.raises(ContractError, match=message):
        parse_contract_and_result(entry) if entry else parse_contract(entry)


def test_fourteen_tricks_and_missing_declarer() -> None:
    with pytest.raises(ContractError, match="14 tricks"):
        parse_result("14", parse_contract("1S"))
    with pytest.raises(ContractError, match="no declarer"):
        score(parse_contract("4S"), None, Vulnerability.NONE, 10)
    with pytest.raises(ContractError, match="14 tricks"):
        parse_contract("1S").score(False, 14)


def test_board_cycle() -> None:
    # Law 2: boards 1-16 and the repeat from 17
    assert [vulnerability_of_board(b).value for b in range(1, 17)] == (
        ["none", "ns", "ew", "all", "ns", "ew", "all", "none", "ew", "all", "none", "ns", "all", "none", "ns", "ew"]
    )
    assert vulnerability_of_board(17) is Vulnerability.NONE
    assert [dealer_of_board(b) for b in (1, 2, 3, 4, 5)] == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    with pytest.raises(ContractError):
        vulnerability_of_board(0)


def test_passed_out_scores_zero() -> None:
    assert score(PASSED_OUT, None, Vulnerability.ALL, None) == 0


def test_dutch_seats_and_sides() -> None:
    assert [Seat.parse(s) for s in ["N", "O", "Z", "W"]] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert Side.parse("OW") is Side.EW and Side.parse("n-z") is Side.NS
    assert Vulnerability.parse("alle") is Vulnerability.ALL
    with pytest.raises(ContractError, match="not a declarer"):
        Seat.parse("Q")


contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Risk)))


@given(contracts, st.booleans(), st.integers(0, 13))
def test_one_more_trick_never_lowers_the_score(contract: Contract, vulnerable: bool, tricks: int) -> None:
    if tricks < 13:
        assert contract.score(vulnerable, tricks + 1) >= contract.score(vulnerable, tricks)


@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.booleans(), st.integers(0, 13))
def test_doubling_never_lowers_a_made_contract(level: int, strain: Strain, vulnerable: bool, tricks: int) -> None:
    plain, doubled, redoubled = (Contract(level, strain, r).score(vulnerable, tricks) for r in Risk)
    if tricks >= level + 6:
        assert plain <= doubled <= redoubled
    else:
        assert plain >= doubled >= redoubled


@given(contracts, st.sampled_from(list(Seat)), st.integers(1, 64), st.integers(0, 13))
def test_ns_score_is_minus_ew_score(contract: Contract, declarer: Seat, board: int, tricks: int) -> None:
    vul = vulnerability_of_board(board)
    ns = score(contract, declarer, vul, tricks)
    declarer_points = contract.score(vul.of_seat(declarer), tricks)
    ew = declarer_points if declarer.side is Side.EW else -declarer_points
    assert ns == -ew
    # the partner declaring gives the same score; the opponents' declaring the same contract mirrors by vul
    assert score(contract, declarer.partner, vul, tricks) == ns


@given(contracts, st.integers(0, 13))
def test_printing_reads_back(contract: Contract, tricks: int) -> None:
    for notation in ("en", "nl"):
        text = contract.format(notation)  # type: ignore[arg-type]
        assert parse_contract(text) == contract
        relative = format_result(contract, tricks, notation)  # type: ignore[arg-type]
        assert parse_result(relative, contract) == tricks


def test_vulnerability_o_is_not_read_as_none() -> None:
    """A Dutch "O" means Oost (East), never "none": a vulnerability written so is refused, not guessed."""
    assert Vulnerability.parse("0") is Vulnerability.NONE
    with pytest.raises(ContractError, match="not a vulnerability"):
        Vulnerability.parse("o")
