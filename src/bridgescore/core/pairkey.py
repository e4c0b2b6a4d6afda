"""A pair of an event is its section and its number: a key of two parts, never the two joined as text.

Bridgemate numbers its sections ``1``, ``2``: joined as text, section 1's pair 4 is ``14`` – pair 14's names went to
pair 4, ``--phantom 14`` took out the real pair 4, and the archive filed players under the wrong pairs (issue 18).
What a director writes for a pair (``--phantom``, a names file's key, ``--carry-over``) is read here, in one place:

- ``A:7`` (``SECTION:PAIR``) is pair 7 of section A, whatever the section's label;
- ``A7`` is pair 7 of section A only where A is a section of the event and its label ends in a letter – a section
  written in digits (``1``) cannot be told from the pair's own digits, so ``14`` is pair 14, never pair 4 of 1;
- ``7`` is pair 7 of whichever section has one.

The readers key names, players and pair fields ``PAIR`` or ``SECTION:PAIR`` (``PAIR NS`` / ``SECTION:PAIR NS``
where NS 1 and EW 1 are two pairs); :func:`lookup` finds a pair's entry in such a mapping by the rule above.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, TypeVar

__all__ = ["PairKey", "lookup", "names_pair", "written_forms"]

_V = TypeVar("_V")


class PairKey(NamedTuple):
    """A pair of the event: its ``section`` (``""`` where the event has none) and its ``pair`` number."""

    section: str
    pair: str


def _joined(section: str, pair: str) -> str:
    """``A7`` for pair 7 of section A, or ``""`` where the two cannot be told apart once joined (a section written
    in digits, or none): the only place the short form is made."""
    return f"{section}{pair}" if section and not section[-1].isdigit() else ""


def written_forms(key: PairKey) -> tuple[str, ...]:
    """Every way a director may write pair ``key`` (``7``, ``A:7``, and ``A7`` where the section ends in a letter)."""
    joined = _joined(key.section, key.pair)
    return (key.pair, f"{key.section}:{key.pair}", joined) if joined else (key.pair, f"{key.section}:{key.pair}")


def names_pair(text: str, key: PairKey) -> bool:
    """Whether ``text`` as a director writes a pair (``7``, ``A:7``, ``A7``; see the module docstring) names ``key``."""
    return text.strip() in written_forms(key)


def lookup(mapping: Mapping[str, _V], section: str, pair: str, direction: str = "") -> _V | None:
    """``mapping``'s entry for pair ``pair`` of ``section`` (``direction`` ``NS``/``EW`` where NS 1 and EW 1 are two
    pairs, whose entry comes first): keyed ``SECTION:PAIR``, ``A7`` (a section ending in a letter only), or
    ``PAIR``; None where it has none."""
    keys = [f"{section}:{pair}", _joined(section, pair), pair]
    if direction in ("NS", "EW"):
        keys = [f"{section}:{pair} {direction}", f"{pair} {direction}", *keys]
    for key in keys:
        if key:
            value = mapping.get(key)
            if value:
                return value
    return None
