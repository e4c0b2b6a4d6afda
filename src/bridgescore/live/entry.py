"""A result typed at the table (issue 22), read and checked before it is stored: the contract and its result by
Law 77 (:mod:`bridgescore.core.contract`), the declarer, the tricks as ``=``, ``+1``, ``-2`` (also ``−2``) or the
number of tricks taken, and the opening lead – a card the leader holds when the hand record is loaded
(:mod:`bridgescore.core.leads`'s rule: the lead is made by declarer's left-hand opponent).

What is written is what bridgescore's traveller CSV holds (English notation: ``4SX``, ``N``, ``-2``, ``HQ``), so the
evening's file reads back as it was entered; the score is computed, never typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgescore.core.contract import (
    Contract,
    ContractError,
    Seat,
    format_result,
    parse_contract,
    parse_result,
    score,
    vulnerability_of_board,
)
from bridgescore.core.deal import HandRecord

__all__ = ["Checked", "check_entry", "far_from_double_dummy", "far_from_the_field"]

_MINUS = str.maketrans({"−": "-", "–": "-", "\u00a0": " "})
_LEAD_RANKS = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class Checked:
    """A typed result: the CSV fields to store and the NS score, or the problems (message ids and values)."""

    fields: Mapping[str, str]
    ns_score: int | None
    problems: tuple[tuple[str, Mapping[str, str | int]], ...]
    #: the contract and the tricks declarer took (None for a pass-out or a result in error)
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None


def _lead(text: str) -> str | None:
    """A lead as ``HQ`` (suit then rank; ``10`` for T), from ``HQ``, ``QH``, ``h10``, ``♥Q``; None: not a card."""
    value = text.strip().upper().replace("10", "T")
    for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        value = value.replace(symbol, letter)
    if len(value) != 2:
        return None
    if value[0] in "SHDC" and value[1] in _LEAD_RANKS:
        return value
    if value[1] in "SHDC" and value[0] in _LEAD_RANKS:
        return value[1] + value[0]
    return None


def check_entry(
    board: int,
    typed: Mapping[str, str],
    *,
    lead_rule: str = "optional",
    deal: HandRecord | None = None,
) -> Checked:
    """``typed`` (``contract``, ``declarer``, ``result``, ``lead``) of ``board`` read and checked; ``lead_rule``
    ``off`` (not asked), ``optional`` or ``required`` (as the director sets it)."""
    problems: list[tuple[str, Mapping[str, str | int]]] = []
    raw = typed.get("contract", "").translate(_MINUS).strip()[:20]
    if not raw:
        return Checked({}, None, (("write the contract (PASS for a board passed out)", {}),))
    try:
        contract = parse_contract(raw)
    except (ContractError, ValueError):
        return Checked({}, None, (("'%(contract)s' is not a contract: write it as 4S, 3NTX or PASS",
                                   {"contract": raw}),))  # fmt: skip
    if contract.is_passed_out:
        return Checked({"contract": "PASS", "declarer": "", "result": "", "lead": "", "score": "0", "remarks": ""},
                       0, ())  # fmt: skip
    declarer_text = typed.get("declarer", "").strip()[:5]
    try:
        declarer = Seat.parse(declarer_text)
    except (ContractError, ValueError):
        problems.append(("choose the declarer: N, E, S or W", {}))
        declarer = None
    result_text = typed.get("result", "").translate(_MINUS).replace(" ", "")[:5]
    tricks: int | None = None
    try:
        if result_text.isdigit():
            tricks = int(result_text)
            contract.check_tricks(tricks)
        else:
            tricks = parse_result(result_text or "?", contract)
    except (ContractError, ValueError):
        problems.append(("'%(result)s' is not a result: write =, +1, -2 or the tricks taken (0 to 13)",
                         {"result": result_text}))  # fmt: skip
        tricks = None
    lead = ""
    lead_text = typed.get("lead", "").strip()[:6]
    if lead_rule != "off" and lead_text:
        card = _lead(lead_text)
        if card is None:
            problems.append(("'%(lead)s' is not a card: write the lead as HQ, S7 or DT", {"lead": lead_text}))
        else:
            lead = card
            if deal is not None and declarer is not None and not _holds(deal, declarer.lho, card):
                problems.append(("%(seat)s does not hold %(lead)s on board %(board)s: check the lead",
                                 {"seat": declarer.lho.label(), "lead": card, "board": board}))  # fmt: skip
    elif lead_rule == "required" and not lead_text:
        problems.append(("write the opening lead", {}))
    if problems or declarer is None or tricks is None:
        return Checked({}, None, tuple(problems))
    ns = score(contract, declarer, vulnerability_of_board(board), tricks)
    fields = {
        "contract": contract.format(), "declarer": declarer.label(), "result": format_result(contract, tricks),
        "lead": lead, "score": str(ns), "remarks": "",
    }  # fmt: skip
    return Checked(fields, ns, (), contract, declarer, tricks)


def _holds(deal: HandRecord, seat: Seat, card: str) -> bool:
    """Whether ``seat`` holds ``card`` (``HQ``) in ``deal``: its PBN hand, suits in the order S H D C."""
    suits = deal.hand(seat).split(".")
    if len(suits) != 4:
        return True  # a hand that cannot be read: the lead stands as written
    return card[1] in suits["SHDC".index(card[0])]


def far_from_the_field(score_: int, others: list[int]) -> bool:
    """Whether a score looks mistyped next to the board's other results, to be confirmed once more: at least two
    other results, none within 300 points of it, and their median 700 points or more away – a missed minus sign
    (4S made, 420, entered as -420: 840), a slam entered for a part score, a doubled contract entered undoubled; a
    swing between a game and a part score (about 300) is not flagged.  A rule of thumb of this program, as the
    table terminals' "unusual score" warnings are (Bridgemate's and BridgePal's warn; neither publishes its rule)."""
    if len(others) < 2:
        return False
    ordered = sorted(others)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return abs(score_ - median) >= 700 and all(abs(score_ - o) > 300 for o in ordered)


def far_from_double_dummy(checked: Checked, deal: HandRecord | None) -> bool:
    """Whether declarer's tricks are three or more away from what the deal makes double dummy in that strain (the
    hand record's table, solved when the director loaded it): the table probably entered the wrong declarer,
    strain or result.  Real play strays one or two tricks from double dummy on many boards, seldom three."""
    if deal is None or deal.dd is None or checked.contract is None or checked.declarer is None:
        return False
    if checked.tricks is None or checked.contract.strain is None:
        return False
    return abs(checked.tricks - deal.dd.of(checked.declarer, checked.contract.strain)) >= 3
