"""The lead analysis on a real club evening: Welwyn Garden City's Wednesday pairs (BriAn's USEBIO file with the
players' opening leads) and its Bridgewebs hand record (``hands.pbn``, with the double-dummy table Bridgewebs
published).  Every best lead's tricks must be Bridgewebs' double-dummy tricks for that declarer and strain: an
independent program's solver agrees with ours on all 13-card deals of the evening."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from bridgescore.api import read
from bridgescore.core import leads
from bridgescore.core.contract import Seat, Strain, dealer_of_board, vulnerability_of_board
from bridgescore.core.deal import HandRecord
from bridgescore.core.leads import LeftOut
from bridgescore.core.problems import FieldKind
from reference_data import REFERENCE, need

WELWYN = REFERENCE / "events" / "usebio-brian-welwyn" / "original"
_SEATS = "NESW"
#: PBN's DoubleDummyTricks: 20 hexadecimal digits, declarers N S E W, each NT S H D C
_PBN_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def _hand_record(path: Path) -> tuple[dict[int, HandRecord], dict[int, dict[tuple[Seat, Strain], int]]]:
    """The deals (``Deal "E:…"`` starts with East's hand) and Bridgewebs' double-dummy tricks, by board."""
    deals: dict[int, HandRecord] = {}
    tables: dict[int, dict[tuple[Seat, Strain], int]] = {}
    board = 0
    for text in path.read_text(encoding="latin-1").splitlines():
        tag = re.match(r'\[(\w+) "(.*)"\]', text.strip())
        if tag and tag[1] == "Board":
            board = int(tag[2])
        elif tag and tag[1] == "Deal":
            first, given = _SEATS.index(tag[2][0]), tag[2][2:].split()
            n, e, s, w = (given[(seat - first) % 4] for seat in range(4))
            deals[board] = HandRecord(board, (n, e, s, w), dealer_of_board(board), vulnerability_of_board(board))
        elif tag and tag[1] == "DoubleDummyTricks":
            digits = [int(c, 16) for c in tag[2]]
            tables[board] = {
                (declarer, strain): digits[5 * d + k]
                for d, declarer in enumerate(_PBN_DECLARERS)
                for k, strain in enumerate(_PBN_STRAINS)
            }
    return deals, tables


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_CACHE", str(tmp_path / "cache"))
    leads._DEFAULT.clear()


def test_the_welwyn_evening_against_bridgewebs_double_dummy_table() -> None:
    deals, published = _hand_record(need(WELWYN / "hands.pbn"))
    event = replace(read(need(WELWYN / "usebio.xml")), deals=MappingProxyType(deals))
    analysis = leads.analyse(event)
    assert len(deals) == 24 and len(analysis.lines) == 139
    assert dict(analysis.left_out) == {
        LeftOut.PASSED_OUT: 2, LeftOut.ADJUSTED: 1, LeftOut.NO_LEAD: 1, LeftOut.LEAD_NOT_HELD: 1,
    }  # fmt: skip
    for line in analysis.lines:
        assert line.dd_best == published[line.board][line.declarer, line.strain], line
        assert line.lead_cost >= 0
    # one lead of the evening is not in the leader's hand: the ♥K "led" by South against East on board 5
    (problem,) = analysis.problems
    assert (problem.location.line, problem.location.field, problem.location.kind) == (527, "lead", FieldKind.ELEMENT)
    assert "the opening lead HK is not in the hand of S, on lead against E on board 5" in str(problem)
    assert sum(p.as_declarer + p.in_defence for p in analysis.pairs) == 0
    assert sum(p.on_lead for p in analysis.pairs) == -sum(line.lead_cost for line in analysis.lines) == -21
