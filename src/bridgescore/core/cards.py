"""Playing cards as a director writes an opening lead, in English and in Dutch notation.

English writes the suit, then the rank: ``SA`` (spade ace), ``HK``, ``DQ``, ``CJ``, ``S10`` or ``ST``, ``H2``.
Dutch (the NBB's letters, as on its score slips and in its programs) writes the same order with its own letters:
suits ``S`` schoppen, ``H`` harten, ``R`` ruiten, ``K`` klaveren; honours ``A`` aas, ``H`` heer, ``V`` vrouw,
``B`` boer, ``10`` (or ``T``). So ``RH`` is ruiten heer (♦K), ``HV`` harten vrouw (♥Q), ``KB`` klaveren boer
(♣J), ``SA`` schoppen aas (♠A).

Reading needs no notation. The suit comes first in both, and in each place (suit, rank) no letter means two
different things: ``S`` and ``H`` are the same suits in both notations, ``K`` is a suit only in Dutch (klaveren) and
a rank only in English (king), ``H`` a rank only in Dutch (heer, the king again), ``A`` and ``T``/``10`` the same
rank. So ``SA`` is the spade ace, ``HK`` the heart king and ``KH`` the club king suit first (and letters of the
two notations mixed read too: ``KK`` is the club king). Suit symbols (``♠A``, ``♥10``) read too.

Some programs write the rank first, in English: BBO's Extractor, ScoreBridge and Compscore3 (``QH`` the heart
queen, ``10D``; BBO's own play record agrees).  An entry that does not read suit first is read so (``AS``, ``QH``).
Of all the entries of both notations and both orders exactly one reads two ways, ``KH``: klaveren heer (♣K) suit
first, the heart king rank first (:func:`card_readings`).  :func:`parse_card` alone reads it suit first; a file's
``KH`` is settled by the file's other leads and its hand record (:func:`bridgescore.core.leads.settle_lead_order`). An
entry that is no card is kept as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.core.contract import Notation, Strain

__all__ = ["Card", "card_readings", "format_lead", "parse_card"]

#: The suit letters of both notations (and the symbols), to the suit; no letter is a different suit in the other.
_SUITS = {
    "C": Strain.CLUBS, "K": Strain.CLUBS, "♣": Strain.CLUBS, "♧": Strain.CLUBS,
    "D": Strain.DIAMONDS, "R": Strain.DIAMONDS, "♦": Strain.DIAMONDS, "♢": Strain.DIAMONDS,
    "H": Strain.HEARTS, "♥": Strain.HEARTS, "♡": Strain.HEARTS,
    "S": Strain.SPADES, "♠": Strain.SPADES, "♤": Strain.SPADES,
}  # fmt: skip
#: The rank letters of both notations to the rank (2-14): English K Q J, Dutch H(eer) V(rouw) B(oer).
_RANKS = {
    **{str(n): n for n in range(2, 11)},
    "T": 10, "J": 11, "B": 11, "Q": 12, "V": 12, "K": 13, "H": 13, "A": 14,
}  # fmt: skip
#: English alone, for the rank-first reading (``AS``, ``QH``).
_EN_SUITS = {k: v for k, v in _SUITS.items() if k not in ("K", "R")}
_EN_RANKS = {k: v for k, v in _RANKS.items() if k not in ("B", "V", "H")}
_RANK_LETTERS: dict[Notation, dict[int, str]] = {
    "en": {11: "J", 12: "Q", 13: "K", 14: "A"},
    "nl": {11: "B", 12: "V", 13: "H", 14: "A"},
}


@dataclass(frozen=True)
class Card:
    """One card: its suit (a :class:`Strain` other than no-trump) and rank, 2 to 14 (ace)."""

    suit: Strain
    rank: int

    def rank_label(self, notation: Notation = "en") -> str:
        """``A K Q J 10 9 … 2``; Dutch ``A H V B 10 …`` (the ten always ``10``, as the files write it)."""
        return _RANK_LETTERS[notation].get(self.rank, str(self.rank))

    def format(self, notation: Notation = "en") -> str:
        """The card suit first in ``notation``: ``HK`` (English) is ``HH`` in Dutch, ``DQ`` is ``RV``."""
        return f"{self.suit.label(notation)}{self.rank_label(notation)}"


def card_readings(text: str) -> tuple[Card | None, Card | None]:
    """The card ``text`` is read as suit first (either notation: ``HQ``, ``RV``, ``KH`` klaveren heer) and the card
    it is read as rank first (English: ``QH``, ``10D``, ``KH`` the heart king); None where it does not read so."""
    key = "".join(text.split()).upper()
    if len(key) < 2:
        return None, None
    suit, rank = _SUITS.get(key[0]), _RANKS.get(key[1:])
    first = Card(suit, rank) if suit is not None and rank is not None else None
    suit, rank = _EN_SUITS.get(key[-1]), _EN_RANKS.get(key[:-1])
    last = Card(suit, rank) if suit is not None and rank is not None else None
    return first, last


def parse_card(text: str) -> Card | None:
    """The card written in ``text`` in either notation (see the module's docstring), or None if it is none: suit
    first where it reads so (``KH`` is then klaveren heer, ♣K), else rank first."""
    first, last = card_readings(text)
    return first if first is not None else last


def format_lead(text: str | None, notation: Notation = "en") -> str:
    """A lead as written in a file, printed in ``notation`` if it is a card; otherwise as written (``""`` for
    none), so nothing a reader kept disappears."""
    if not text:
        return ""
    card = parse_card(text)
    return text if card is None else card.format(notation)
