"""Issue 19: the LIN, DUP and USEBIO hand-record readers said nothing of values they repaired or dropped (board 0
read as board 1, board -5 as 5, dealer 9 and vulnerability x replaced by the board number's, a fifth hand dropped,
DUP settings "abc" read as board 1 on, a USEBIO board 0 or 10**23 left out, a suit written twice taken once); each
is now said as the PBN reader says the same mistake (file, line or record, field)."""

from __future__ import annotations

from bridgescore.io import deals, usebio
from test_deals_lin_dup import HANDS, _dup_record, _lin_hand

_N, _E, _S, _W = HANDS
_DEAL = f"{_lin_hand(_S)},{_lin_hand(_W)},{_lin_hand(_N)},"


def _said(records: deals.HandRecords) -> list[tuple[int | None, str | None, str]]:
    return [(p.location.line, p.location.field, str(p).split(": ", 1)[1]) for p in records.problems]


def test_lin_board_numbers_below_1_are_said_and_the_deal_left_out() -> None:
    for label, field in (("ah|Board 0|", "ah"), ("ah|Board -5|", "ah"), ("qx|o0|", "qx")):
        records = deals.loads_lin(f"{label}md|3{_DEAL}|sv|o|\n", "b.lin")
        assert records.deals == {}, label
        ((line, where, message),) = _said(records)
        assert (line, where) == (1, field) and "boards are numbered from 1" in message, (label, message)


def test_lin_dealer_and_vulnerability_that_are_none_are_said() -> None:
    records = deals.loads_lin(f"ah|Board 1|md|9{_DEAL}|sv|x|\n", "d.lin")
    assert records.deals[1].dealer.name == "N"  # the board number's, as the PBN reader takes it, and said
    assert [(line, field) for line, field, _ in _said(records)] == [(1, "md"), (1, "sv")]
    assert "'9' is not a dealer" in _said(records)[0][2] and "'x' is not a vulnerability" in _said(records)[1][2]


def test_a_lin_deal_with_a_fifth_hand_is_refused() -> None:
    records = deals.loads_lin(f"ah|Board 1|md|3{_DEAL}{_lin_hand(_E)},SA|sv|o|\n", "five.lin")
    assert records.deals == {}
    ((line, field, message),) = _said(records)
    assert (line, field) == (1, "md") and "the deal has 5 hands" in message


def test_dup_settings_that_are_no_board_numbers_are_said() -> None:
    data = _dup_record(HANDS, "YNabc 16  ") + _dup_record(HANDS, "YY5   1xyz")
    records = deals.loads_dup(data, "set.dup")
    assert list(records.deals) == []
    assert [(line, field) for line, field, _ in _said(records)] == [(1, "settings"), (2, "settings")]


def _usebio(boards: str) -> bytes:
    head = '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">'
    return f"{head}<HANDSET>{boards}</HANDSET></EVENT></USEBIO>".encode()


def _board(number: str, spades_twice: bool = False) -> str:
    hands = ""
    for seat, hand in zip("NESW", HANDS, strict=True):
        suits = dict(zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), hand.split("."), strict=True))
        extra = "<SPADES>AKQ</SPADES>" if spades_twice and seat == "N" else ""
        hands += f"<HAND><DIRECTION>{seat}</DIRECTION>" + "".join(f"<{t}>{v or '-'}</{t}>" for t, v in suits.items())
        hands += extra + "</HAND>"
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{hands}</BOARD>"


def test_usebio_handset_board_numbers_and_a_suit_written_twice_are_said() -> None:
    event = usebio.loads(_usebio(_board("0") + _board("1" + "0" * 23) + _board("3", spades_twice=True) + _board("4")),
                         "h.xml")  # fmt: skip
    assert list(event.deals) == [4]
    said = [(p.location.field, str(p)) for p in event.problems if "board" in str(p).lower() and "deal" in str(p)]
    assert [field for field, _ in said] == ["BOARD_NUMBER", "BOARD_NUMBER", "SPADES"], said
    assert "gives its SPADES twice" in said[2][1]
