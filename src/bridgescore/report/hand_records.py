"""Hand records with their analysis as text and as JSON (``bridgescore deals``; PBN is written by
:func:`bridgescore.io.deals.dumps_pbn`).

JSON schema ``bridgescore.deals/1``: ``{"schema": "bridgescore.deals/1", "title": …, "deals": [...]}``, each deal
with ``board``, ``dealer`` (``N E S W``), ``vulnerable`` (``none ns ew all``), ``hands`` (``N E S W`` → PBN
suits ``AKQ.T98.…``, spades first), ``hcp`` (per seat), ``dd`` (``{"N": {"C": …, "D": …, "H": …, "S": …, "NT":
…}, …}``: tricks per declarer and strain, or null) and ``par`` (``{"score": …, "contracts": [...]}`` for
North-South, or null).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bridgescore.core.contract import ContractError, Notation, Seat, Strain, parse_contract
from bridgescore.core.deal import HandRecord
from bridgescore.core.i18n import Language, translator

__all__ = ["SCHEMA", "deal_dict", "deals_dict", "deals_json", "deals_text", "par_contract_words"]

SCHEMA = "bridgescore.deals/1"
#: The Dutch rank letters (NBB): heer, vrouw, boer.
_DUTCH_RANKS = str.maketrans({"K": "H", "Q": "V", "J": "B"})
_STRAINS = ("C", "D", "H", "S", "NT")


def deal_dict(record: HandRecord) -> dict[str, Any]:
    """One record in the ``bridgescore.deals/1`` form (see the module docstring): what ``bridgescore deals
    --format json`` writes and what the score JSON's ``deals`` (and so the results page) carry, alike."""
    seats = [s.name for s in Seat]
    return {
        "board": record.board,
        "dealer": record.dealer.name,
        "vulnerable": record.vulnerability.value,
        "hands": dict(zip(seats, record.hands, strict=True)),
        "hcp": dict(zip(seats, record.hcp, strict=True)),
        "dd": None
        if record.dd is None
        else {s: dict(zip(_STRAINS, record.dd.tricks[int(Seat[s])], strict=True)) for s in seats},
        "par": None if record.par is None else {"score": record.par.score, "contracts": list(record.par.contracts)},
    }


def par_contract_words(text: str, lang: Language, *, symbols: bool = False) -> str:
    """A par contract as :func:`bridgescore.core.dd.par_of` writes it (``4S N``, ``5Dx E -1``) in ``lang``'s notation:
    Dutch ``3SA O``, ``4S Z``; with ``symbols`` the strain as a suit symbol (``4♠ N``, the page).  A text that is no
    contract is given as written."""
    head, _sep, rest = text.strip().partition(" ")
    try:
        contract = parse_contract(head)
    except ContractError:
        return text
    if contract.is_passed_out:
        return contract.format(lang)
    seats = " ".join(_seat_words(s, lang) for s in rest.split()) if rest else ""
    return f"{contract.format(lang, symbols=symbols)} {seats}".strip()


def _seat_words(text: str, lang: Language) -> str:
    """A seat or side of a par contract (``N``, ``NS``, ``-1``) in ``lang``'s notation."""
    try:
        return "".join(Seat.parse(c).label(lang) for c in text) if text.isalpha() else text
    except ContractError:
        return text


def deals_dict(records: Iterable[HandRecord], title: str = "") -> dict[str, Any]:
    return {"schema": SCHEMA, "title": title, "deals": [deal_dict(r) for r in records]}


def deals_json(records: Iterable[HandRecord], title: str = "") -> str:
    return json.dumps(deals_dict(records, title), ensure_ascii=False, indent=1) + "\n"


def deals_text(records: Iterable[HandRecord], lang: str = "en") -> str:
    """Each deal: board, dealer and vulnerability, the four hands with their points, the table and the par."""
    _ = translator(lang).gettext
    notation: Notation = "nl" if lang == "nl" else "en"
    strains = [s.label(notation) for s in Strain]  # C D H S NT; Dutch K R H S SA
    suits = strains[3::-1]  # spades first, as the hands are written
    vul_words = {"none": _("None"), "ns": "NS", "ew": "EW", "all": _("All")}
    out: list[str] = []
    for r in records:
        out.append(
            f"{_('Board')} {r.board}   {_('Dealer')} {r.dealer.label(notation)}   "
            f"{_('Vulnerable')} {vul_words[r.vulnerability.value]}"
        )
        for seat, hand, points in zip(Seat, r.hands, r.hcp, strict=True):
            cards_of = hand.translate(_DUTCH_RANKS) if notation == "nl" else hand
            written = "  ".join(f"{s} {c or '-'}" for s, c in zip(suits, cards_of.split("."), strict=True))
            out.append(f"  {seat.label(notation)}  {written}   ({points} {_('HCP')})")
        if r.dd is not None:
            out.append("  " + _("Double dummy") + ":     " + " ".join(f"{s:>2}" for s in strains))
            for seat in Seat:
                row = " ".join(f"{t:>2}" for t in r.dd.tricks[int(seat)])
                out.append(f"  {'':<14}{seat.label(notation):>3} {row}")
        if r.par is not None:
            contracts = ", ".join(par_contract_words(c, notation) for c in r.par.contracts)
            out.append(f"  {_('Par')}: {_('NS')} {r.par.score:+d}" + (f"  ({contracts})" if contracts else ""))
        out.append("")
    return "\n".join(out)
