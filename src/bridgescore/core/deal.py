"""Hand records (issue 10): the deal of each board, its double-dummy table and its par.

A hand record is one board's four hands, with the dealer and vulnerability Law 2 gives its number, and what
double-dummy analysis (DDS, through endplay) makes of it: the 20-number table of tricks per declarer and strain,
and the par score with its contracts for the board's vulnerability.  Readers build these records from PBN, LIN or
the dealing machines' files; :mod:`bridgescore.core.dd` solves them.  Every record is immutable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from bridgescore.core.contract import Seat, Strain, Vulnerability
from bridgescore.core.problems import Location, Problem

__all__ = ["DDTable", "HandRecord", "HandRecords", "Par", "hcp_of"]

_EMPTY: Mapping[str, str] = MappingProxyType({})

#: Milton Work's point count: A 4, K 3, Q 2, J 1.
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def hcp_of(hand: str) -> int:
    """High-card points of a hand written as PBN suits (``AKQ.T98.…``): A 4, K 3, Q 2, J 1."""
    return sum(_HCP.get(card, 0) for card in hand.upper())


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and strain: ``tricks[seat][strain]`` (seats N E S W, strains
    C D H S NT in :class:`~bridgescore.core.contract.Seat` and :class:`~bridgescore.core.contract.Strain` order)."""

    tricks: tuple[tuple[int, int, int, int, int], ...]

    def of(self, declarer: Seat, strain: Strain) -> int:
        """The tricks ``declarer`` makes double dummy in ``strain``."""
        return self.tricks[int(declarer)][int(strain)]


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal (both sides bidding and defending perfectly, double dummy): North-South's ``score`` and
    the par ``contracts`` as text (``4S N``, ``5Hx E -1`` …)."""

    score: int
    contracts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board's deal: the four ``hands`` (N, E, S, W) as PBN suits ``spades.hearts.diamonds.clubs`` with the
    cards ``AKQJT98765432`` (a void is empty), the dealer and vulnerability, and the analysis when known.

    ``dd`` and ``par`` are None until solved or read from the file (PBN ``DoubleDummyTricks``,
    ``OptimumResultTable``, ``OptimumScore``, ``ParContract``).  ``extra`` keeps the file's tags for the deal that
    nothing here reads, so they can be written back."""

    board: int
    hands: tuple[str, str, str, str]
    dealer: Seat
    vulnerability: Vulnerability
    dd: DDTable | None = None
    par: Par | None = None
    source: Location | None = None
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)

    def hand(self, seat: Seat) -> str:
        return self.hands[int(seat)]

    @property
    def hcp(self) -> tuple[int, int, int, int]:
        """High-card points of N, E, S, W."""
        n, e, s, w = (hcp_of(h) for h in self.hands)
        return n, e, s, w

    def pbn(self) -> str:
        """The deal as PBN's ``Deal`` tag writes it, from North: ``N:AKQ.T98.… …``."""
        return "N:" + " ".join(self.hands)


@dataclass(frozen=True, slots=True)
class HandRecords:
    """What a hand-record reader produced: the deals by board number, and every problem found on the way.

    Boards are keyed by number alone: a club's sections play the same deals; a file with two different deals
    for one number is reported by the reader."""

    deals: Mapping[int, HandRecord]
    problems: tuple[Problem, ...] = ()
    title: str = ""
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
