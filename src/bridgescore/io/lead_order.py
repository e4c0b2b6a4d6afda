"""Which way a file writes its opening leads: suit first or rank first (issue 18).

Most programs write the suit first (USEBIO from PairsScorer, BriAn and Pianola, PBN, JFR Pary, the NBB's Dutch
``RV`` ruiten vrouw); BBO's Extractor, ScoreBridge and Compscore3 write the rank first (``QH``, ``10D``: BBO's
own play record agrees).  Every entry reads one way only (:mod:`bridgescore.core.cards`) except ``KH``: klaveren heer
(♣K) suit first, the heart king rank first.  So a file's ``KH`` is read as the file writes its other leads:

1. the file's leads that read one way only – ``HQ``, ``SJ``, ``RV`` suit first, ``QH``, ``JS`` rank first – when
   they are all one way;
2. else the hand record (the file's own, or the one given with ``--deals``): the reading that puts the card in the
   opening leader's hand (declarer's left-hand opponent, Law 54A) on more lines;
3. else the way most of the file's other leads are written, and else suit first, as every program seen writes it.

Where 2 or 3 decided, one warning at the file says how ``KH`` was read and why.  A ``KH`` settled is kept as the
card it is read as (``HK`` or ``CK``, suit first in English), so every report, the lead analysis and the archive
read the same card.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from bridgescore.core.cards import Card, card_readings
from bridgescore.core.contract import Seat
from bridgescore.core.event import Event
from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity

if TYPE_CHECKING:
    from collections.abc import Mapping

    import numpy.typing as npt

    from bridgescore.core.deal import HandRecord
    from bridgescore.core.table import Column

__all__ = ["held", "settle_lead_order", "settle_leads"]

T = TypeVar("T", str, "str | None")

_RANKS = "AKQJT98765432"


def held(deal: HandRecord, declarer: int, card: Card) -> bool:
    """Whether declarer's left-hand opponent (the opening leader, Law 54A) holds ``card`` on ``deal``."""
    suit = deal.hand(Seat(declarer).lho).split(".")[3 - int(card.suit)]  # PBN suits: spades, hearts, diamonds, clubs
    return _RANKS[14 - card.rank] in suit.upper().replace("10", "T")


def settle_lead_order(event: Event, source: str, *, final: bool = False) -> Event:
    """``event`` with each lead that reads two ways (``KH``) read as the file writes its leads (see the module
    docstring); ``source`` names the file for the warning.  Not ``final`` (a file as read, or joined with a hand
    record): a ``KH`` that neither the other leads nor the hand record settle is left as written, for the hand
    record given later; ``final`` (the event as scored): it is settled by the majority of the other leads, else
    suit first, and said."""
    table = event.table
    lead, said = settle_leads(table.lead, source, board=table.board, declarer=table.declarer, deals=event.deals,
                              final=final)  # fmt: skip
    if lead is table.lead:
        return event
    from bridgescore.core.table import ResultView

    settled = dataclasses.replace(event, results=ResultView(dataclasses.replace(table, lead=lead)))
    return settled if said is None else dataclasses.replace(settled, problems=(*settled.problems, said))


def settle_leads(
    leads: Column[T],
    source: str,
    *,
    board: npt.NDArray[Any] | None = None,
    declarer: npt.NDArray[Any] | None = None,
    deals: Mapping[int, HandRecord] | None = None,
    final: bool = True,
) -> tuple[Column[T], Problem | None]:
    """A file's leads (a column: each line's lead as written, "" or None where it has none) with each lead that reads
    two ways settled as :func:`settle_lead_order` settles an event's, and the warning that says so (None where the
    file's other leads told, or nothing read two ways: then ``leads`` itself).  ``board``, ``declarer`` (each line's,
    a seat's number) and ``deals`` are the hand record's vote (rule 2); the teams readers have none (a teams file
    carries no hand record here), so their ``KH`` is settled by the file's other leads alone (rules 1 and 3)."""
    labels = leads.labels
    readings = [card_readings(label) if isinstance(label, str) and label else (None, None) for label in labels]
    two_ways = [i for i, (first, last) in enumerate(readings) if None not in (first, last) and first != last]
    if not two_ways:
        return leads, None
    counts = np.bincount(leads.codes, minlength=len(labels)).tolist()
    pairs = list(zip(counts, readings, strict=True))
    suit_first = sum(n for n, (first, last) in pairs if first is not None and last is None)  # HQ, SJ, RV
    rank_first = sum(n for n, (first, last) in pairs if first is None and last is not None)  # QH, JS, 10D
    rows = np.flatnonzero(np.isin(leads.codes, two_ways)).tolist()
    by_first = by_last = 0  # lines whose leader holds the one reading and not the other
    hand = (board, declarer, deals) if board is not None and declarer is not None and deals else None
    for row in rows if hand is not None else ():
        assert hand is not None
        deal = hand[2].get(int(hand[0][row]))
        seat = int(hand[1][row])
        first, last = readings[int(leads.codes[row])]
        if deal is None or seat < 0 or first is None or last is None:
            continue
        has_first, has_last = held(deal, seat, first), held(deal, seat, last)
        by_first += has_first and not has_last
        by_last += has_last and not has_first
    why = ""
    if bool(suit_first) != bool(rank_first):
        rank = bool(rank_first)
    elif by_first != by_last:
        rank, why = by_last > by_first, "hand"
    elif not final:
        return leads, None
    elif suit_first != rank_first:
        rank, why = rank_first > suit_first, "majority"
    else:
        rank, why = False, "default"
    chosen = {labels[i]: (readings[i][1] if rank else readings[i][0]) for i in two_ways}
    settled = leads.map(lambda label: chosen[label].format() if label in chosen else label)  # type: ignore[union-attr]
    if not why:
        return settled, None
    card = next(iter(chosen.values()))
    first, last = readings[two_ways[0]]
    other = first if rank else last
    assert card is not None and other is not None
    if why == "hand":
        held_n, other_n = (by_last, by_first) if rank else (by_first, by_last)
    else:
        held_n, other_n = (rank_first, suit_first) if rank else (suit_first, rank_first)
    messages = {
        "hand": N_("%(count)d opening lead(s) written %(written)s read as %(card)s, not %(other)s: the lead reads both "
                   "ways (rank first or suit first), and %(card)s is in the leader's hand on %(held)d line(s), "
                   "%(other)s on %(other_held)d"),
        "majority": N_("%(count)d opening lead(s) written %(written)s read as %(card)s, not %(other)s: the lead reads "
                       "both ways (rank first or suit first), and %(held)d of the file's other leads are written "
                       "%(order)s first, %(other_held)d the other way; check them, or give the hand record (--deals)"),
        "default": N_("%(count)d opening lead(s) written %(written)s read as %(card)s, not %(other)s: the lead reads "
                      "both ways (rank first or suit first) and nothing in the file tells which; check them, or give "
                      "the hand record (--deals)"),
    }  # fmt: skip
    said = Problem.make(
        Location(source, None, "lead"), messages[why], Severity.WARNING, count=len(rows),
        written=labels[two_ways[0]] or "", card=card.format(), other=other.format(),
        held=held_n, other_held=other_n, order="rank" if rank else "suit",
    )  # fmt: skip
    return settled, said
