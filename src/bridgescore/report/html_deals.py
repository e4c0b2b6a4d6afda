"""The deals on the results page (issue 10): each board's diagram, double-dummy table and par, and what double
dummy makes in each traveller line's contract.

The page is made from the ``bridgescore.score/1`` dict; the deals travel in it as ``deals``, a list of records
in the shape of ``bridgescore.deals/1`` (what ``bridgescore deals --format json`` writes)::

    {"board": 1, "dealer": "N", "vulnerable": "none",           # none, ns, ew, all
     "hands": {"N": "AKQ.T98.xxx.xx", "E": …, "S": …, "W": …},  # PBN suits: spades.hearts.diamonds.clubs
     "hcp": {"N": 12, …},
     "dd": {"N": {"C": 7, "D": 8, "H": 9, "S": 10, "NT": 8}, …} | null,   # tricks per declarer and strain
     "par": {"score": 420, "contracts": ["4S N"]} | null}                 # par: North-South's score

:func:`bridgescore.report.hand_records.deal_dict` (the one serialiser of a deal, shared with ``bridgescore
deals``) makes one from a :class:`~bridgescore.core.deal.HandRecord`; :func:`deal_view` turns one into what the template
shows.  Nothing here computes bridge: the DD tricks and par are the solver's or the file's
(``DoubleDummyTricks``, ``OptimumScore``), the HCP are Milton Work's count (:func:`bridgescore.core.deal.hcp_of`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgescore.core.contract import ContractError, Seat, Strain, Vulnerability, parse_contract
from bridgescore.core.deal import hcp_of
from bridgescore.core.i18n import Language, format_number, translator
from bridgescore.report.hand_records import par_contract_words

__all__ = ["DealView", "dd_tricks", "deal_view"]

_SEATS = ("N", "E", "S", "W")
_STRAIN_KEYS = ("C", "D", "H", "S", "NT")


def dd_tricks(deal: Mapping[str, Any] | None, contract: object, declarer: object) -> int | None:
    """The tricks double dummy gives ``declarer`` in the strain of ``contract`` (both as the traveller writes them,
    English or Dutch), from the deal's ``dd`` table; None without a table, a contract or a declarer (passed out,
    adjusted)."""
    if not deal or not isinstance(deal.get("dd"), Mapping) or not contract or not declarer:
        return None
    try:
        parsed = parse_contract(str(contract))
        seat = Seat.parse(str(declarer))
    except (ContractError, ValueError):
        try:
            parsed = parse_contract(str(contract), "nl")
            seat = Seat.parse(str(declarer))
        except (ContractError, ValueError):
            return None
    if parsed.is_passed_out or parsed.strain is None:
        return None
    row = deal["dd"].get(seat.label())
    tricks = row.get(_STRAIN_KEYS[parsed.strain]) if isinstance(row, Mapping) else None
    return tricks if isinstance(tricks, int) and not isinstance(tricks, bool) else None


@dataclass(frozen=True, slots=True)
class SuitLine:
    symbol: str
    css: str
    cards: str


@dataclass(frozen=True, slots=True)
class HandView:
    seat: str  # N E S W (Dutch N O Z W)
    position: str  # css class: n e s w
    suits: tuple[SuitLine, ...]
    hcp: str
    dealer: bool
    vulnerable: bool


@dataclass(frozen=True, slots=True)
class DealView:
    """What the template shows of one deal: the four hands, dealer and vulnerability in words, the DD table
    (rows N S E W, columns NT ♠ ♥ ♦ ♣ as printed hand records have them) and par."""

    board: int
    index: int  # its place in the dict's ``deals`` (the page names the JSON record it shows)
    hands: tuple[HandView, ...]
    caption: str
    dd_strains: tuple[tuple[str, str, str], ...]  # (label, css, JSON key)
    dd_rows: tuple[tuple[str, str, tuple[str, ...]], ...]  # (label, JSON key, tricks)
    par: str


def _cards(text: str, lang: Language) -> str:
    """A suit's cards as players read them: ``T`` as 10, Dutch ``H V B`` for K Q J; a void as a dash."""
    letters = {"T": "10"}
    if lang == "nl":
        letters |= {"K": "H", "Q": "V", "J": "B"}
    shown = " ".join(letters.get(c, c) for c in text.upper() if not c.isspace())
    return shown or "–"


def _strain_text(strain: Strain, lang: Language) -> tuple[str, str]:
    if strain is Strain.NOTRUMP:
        return strain.label(lang), ""
    return strain.symbol, "red" if strain in (Strain.HEARTS, Strain.DIAMONDS) else "black"


def deal_view(deal: Mapping[str, Any], lang: Language, index: int = 0) -> DealView | None:
    """The view of one deal record (``deals[index]`` of the dict); None when it has no four hands (nothing to
    draw)."""
    _ = translator(lang).gettext
    hands = deal.get("hands")
    if not isinstance(hands, Mapping) or not all(isinstance(hands.get(s), str) for s in _SEATS):
        return None
    try:
        dealer = Seat.parse(str(deal.get("dealer") or ""))
    except ContractError:
        dealer = None
    try:
        vulnerability: Vulnerability | None = Vulnerability.parse(str(deal.get("vulnerable") or ""))
    except ContractError:
        vulnerability = None
    views = []
    for seat in Seat:
        text = str(hands[seat.label()])
        suits = ([*text.split("."), "", "", "", ""])[:4]
        lines = tuple(
            SuitLine(*_strain_text(strain, lang), _cards(cards, lang))
            for strain, cards in zip((Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS), suits, strict=True)
        )
        views.append(
            HandView(
                seat.label(lang),
                seat.label().lower(),
                lines,
                format_number(hcp_of(text), lang),
                seat is dealer,
                vulnerability is not None and vulnerability.of_seat(seat),
            )
        )
    parts = []
    if dealer is not None:
        parts.append(_("Dealer: %(dealer)s") % {"dealer": dealer.label(lang)})
    if vulnerability is not None:
        words = {
            Vulnerability.NONE: _("None"),
            Vulnerability.NS: _("NS"),
            Vulnerability.EW: _("EW"),
            Vulnerability.ALL: _("All"),
        }
        parts.append(_("Vulnerable: %(vulnerability)s") % {"vulnerability": words[vulnerability]})
    strains = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    dd = deal.get("dd")
    rows: list[tuple[str, str, tuple[str, ...]]] = []
    if isinstance(dd, Mapping):
        for seat in (Seat.N, Seat.S, Seat.E, Seat.W):
            row = dd.get(seat.label())
            if not isinstance(row, Mapping):
                continue
            values = tuple(
                format_number(v, lang) if isinstance(v := row.get(_STRAIN_KEYS[s]), int) else "" for s in strains
            )
            rows.append((seat.label(lang), seat.label(), values))
    par = deal.get("par")
    par_text = ""
    if isinstance(par, Mapping) and isinstance(par.get("score"), int):
        score = int(par["score"])
        side = _("NS") if score >= 0 else _("EW")
        contracts = ", ".join(par_contract_words(str(c), lang, symbols=True) for c in par.get("contracts") or [])
        par_text = f"{side} {format_number(abs(score), lang)}" if score else format_number(0, lang)
        par_text = f"{par_text} ({contracts})" if contracts else par_text
    board = deal.get("board")
    return DealView(
        board if isinstance(board, int) else 0,
        index,
        tuple(views),
        " · ".join(parts),
        tuple((*_strain_text(s, lang), _STRAIN_KEYS[s]) for s in strains),
        tuple(rows),
        par_text,
    )
