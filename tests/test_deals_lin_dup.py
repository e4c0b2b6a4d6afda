"""Issue 10: hand records from BBO's LIN files (boards framed and hands read here, line by line) and from
Duplimate's DUP files (a reader of the published 156-byte layout: no Python library reads them)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.contract import Seat, Vulnerability
from bridgescore.io import deals

HANDS = ("A98.J92.A75.Q852", "532.86.K632.KJT7", "KQ4.AKT73.JT.A93", "JT76.Q54.Q984.64")  # N E S W


def _lin_hand(hand: str) -> str:
    return "".join(f"{suit}{cards}" for suit, cards in zip("SHDC", hand.split("."), strict=True))


def test_a_lin_file_is_read_board_by_board_with_its_dealer_and_vulnerability(tmp_path: Path) -> None:
    n, _east, s, w = HANDS
    # LIN: md|<dealer 1 S, 2 W, 3 N, 4 E><South>,<West>,<North>,<East: may be left out>|
    good = f"pn|a,b,c,d|st||md|3{_lin_hand(s)},{_lin_hand(w)},{_lin_hand(n)},|rh||ah|Board 1|sv|o|pg||"
    bad = "pn|a,b,c,d|st||md|3SAKQ,SJ,S2,|rh||ah|Board 2|sv|n|pg||"
    path = tmp_path / "hands.lin"
    path.write_text(good + "\n" + bad + "\n" + good.replace("Board 1", "Board 17") + "\n", encoding="utf-8")
    records = deals.load(path)
    assert sorted(records.deals) == [1, 17]
    first = records.deals[1]
    assert first.hands == HANDS and first.dealer is Seat.N and first.vulnerability is Vulnerability.NONE
    (problem,) = records.problems
    assert (problem.location.line, problem.location.field) == (2, "md")
    assert "the hand of S has 3 cards" in str(problem)


def test_lin_hands_with_voids_read_however_bbo_writes_them() -> None:
    """A void written as its suit letter alone (``SH…``) or left out, a hand that starts with hearts, ``10`` for
    the ten and East given or left out: endplay's ``Deal.from_lin`` read East's ``HK63…`` as spades (the deal
    was refused as 'dealt twice') and could not complete South-North hands that leave a void's letter out."""
    south, west, north, east = "S98HQJ9842DT97CA5", "SATHAT75DKQ2CKQ32", "SKQJ765432DJ5C94", "HK63DA8643CJ10876"
    want = ("KQJ765432..J5.94", ".K63.A8643.JT876", "98.QJ9842.T97.A5", "AT.AT75.KQ2.KQ32")
    for md in (f"1{south},{west},{north},{east}", f"1{south},{west},{north},", f"1{south},{west},{north}",
               f"1{south},{west},SKQJ765432HDJ5C94,S{east}"):  # fmt: skip
        records = deals.loads_lin(f"qx|o3|md|{md}|sv|e|pg||\n", "voids.lin")
        assert records.problems == () and records.deals[3].hands == want, md
    (problem,) = deals.loads_lin(f"md|1{south},{west},{north},XK63|sv|e|\n", "bad.lin").problems
    assert "'X' is not a card" in str(problem) and problem.location.field == "md"


def test_a_hand_record_lin_with_its_boards_on_one_line_keeps_every_board() -> None:
    """BBO hand-record files write board after board (``qx|o1|md|…|qx|o2|md|…``) without player names, which
    endplay's own LIN reader skips entirely (it splits boards at ``pn|``)."""
    n, _east, s, w = HANDS
    deal = f"{_lin_hand(s)},{_lin_hand(w)},{_lin_hand(n)},"
    text = f"qx|o1|md|3{deal}|sv|o|pg||qx|o2|md|4{deal}|sv|n|pg||md|1{deal}|sv|e|\n"
    records = deals.loads_lin(text, "set.lin")
    assert records.problems == () and sorted(records.deals) == [1, 2, 3]
    assert records.deals[2].dealer is Seat.E and records.deals[2].vulnerability is Vulnerability.NS
    assert records.deals[3].dealer is Seat.S and records.deals[3].vulnerability is Vulnerability.EW  # 3rd: its place
    wrong = deals.loads_lin(text.replace("|sv|e|", "|sv|b|"), "set.lin")
    (problem,) = wrong.problems
    assert (problem.location.line, problem.location.field) == (1, "sv") and "board 3 is EW (Law 2)" in str(problem)


def _dup_record(hands: tuple[str, str, str, str], settings: str) -> bytes:
    """One DUP record as the layout gives it: N, E, S as card numbers (01 = spade ace … 52 = club two), the DGE part
    (not read: spaces here), the 10 bytes of settings."""
    bri = ""
    for hand in hands[:3]:
        for suit, cards in enumerate(hand.split(".")):
            bri += "".join(f"{suit * 13 + 'AKQJT98765432'.index(c) + 1:02d}" for c in cards)
    assert len(bri) == 78
    return (bri + " " * 68 + settings).encode("ascii")


def test_a_dup_file_is_read_by_its_published_layout(tmp_path: Path) -> None:
    rotated = (HANDS[1], HANDS[2], HANDS[3], HANDS[0])
    path = tmp_path / "set.dup"
    path.write_bytes(_dup_record(HANDS, "YN5  1 6  ") + _dup_record(rotated, "YN5  1 6  "))
    records = deals.load(path)
    assert records.problems == ()
    assert records.deals[5].hands == HANDS and records.deals[6].hands == rotated
    assert records.deals[5].dealer is Seat.N and records.deals[6].vulnerability is Vulnerability.EW  # Law 2
    backwards = tmp_path / "back.dup"
    backwards.write_bytes(_dup_record(HANDS, "YY1  1 32 "))
    assert list(deals.load(backwards).deals) == [32]  # counting down from the set's highest board


def test_a_file_that_is_not_dup_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "set.dup"
    path.write_bytes(b"not a dup file")
    records = deals.load(path)
    assert records.deals == {} and "is not a Duplimate DUP file" in str(records.problems[0])
    broken = tmp_path / "broken.dup"
    broken.write_bytes(_dup_record(HANDS, "YN1  1 1  ").replace(b"01", b"99", 1))
    (problem,) = deals.load(broken).problems
    assert problem.location.line == 1 and "'99' is not a card" in str(problem)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="md|sv qxah,SHDCAKQJT98765432-1\n", max_size=300))
def test_no_lin_text_raises(text: str) -> None:
    records = deals.loads_lin(text, "fuzz.lin")
    assert all(len("".join(r.hands).replace(".", "")) == 52 for r in records.deals.values())


@settings(max_examples=150, deadline=None)
@given(st.binary(min_size=156, max_size=156), st.integers(0, 3))
def test_no_dup_bytes_raise(data: bytes, copies: int) -> None:
    records = deals.loads_dup(data * copies, "fuzz.dup")
    assert len(records.deals) + len(records.problems) >= 1


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(52)), st.booleans(), st.booleans(), st.booleans())
def test_any_deal_written_as_bbo_may_write_it_reads_back(
    cards: list[int], east_left_out: bool, void_letters: bool, ten_as_10: bool
) -> None:
    """Whatever the deal (voids included), written as LIN's md (South, West, North, East), with or without East,
    a void as its bare letter or left out, the ten as T or 10: the same four hands come back."""
    ranks = "AKQJT98765432"
    hands = tuple(
        ".".join(
            "".join(ranks[c % 13] for c in sorted(cards[i * 13 : i * 13 + 13]) if c // 13 == suit) for suit in range(4)
        )
        for i in range(4)
    )  # N E S W, spades first

    def lin(hand: str) -> str:
        written = "".join(
            f"{s}{cards}" for s, cards in zip("SHDC", hand.split("."), strict=True) if cards or void_letters
        )
        return written.replace("T", "10") if ten_as_10 else written

    n, e, s, w = hands
    md = f"3{lin(s)},{lin(w)},{lin(n)}," + ("" if east_left_out else lin(e))
    records = deals.loads_lin(f"qx|o1|md|{md}|sv|o|\n", "any.lin")
    assert records.deals[1].hands == hands
