"""Players, not pair numbers (issue 13): who sat in a pair, by member number, so that a season can follow a pair
(or a player) across evenings where it had different pair numbers.

A member number is kept exactly as the file or the members file writes it: the NBB's seven-digit "bondsnummer",
the EBU's number (USEBIO ``NATIONAL_ID_NUMBER``), the ACBL's player number (``J123456``), or a club's own number
(USEBIO ``CLUB_ID_NUMBER``).  Numbers are compared as written after trimming spaces (``0123`` and ``123`` are two
numbers: clubs do not agree on leading zeros, so none is assumed).

Identity across sessions (:func:`pair_key`): a pair is its two players.  Where every player has a number the pair
is the set of numbers (the order North/South is not part of it: Jan–Piet and Piet–Jan are one partnership);
otherwise the set of names as written (case and spaces folded); a pair with neither is known only by its number
in one session, which says nothing about another session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Player", "pair_key", "player_key"]

_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Player:
    """One player as an input names them: ``number`` the national member number ("" where none is given),
    ``name`` as written, ``club_number`` a club's own membership number (USEBIO ``CLUB_ID_NUMBER``), and
    ``extra`` whatever else the input says of the player (kept, never dropped)."""

    number: str = ""
    name: str = ""
    club_number: str = ""
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)

    def __post_init__(self) -> None:
        object.__setattr__(self, "number", self.number.strip())
        object.__setattr__(self, "name", " ".join(self.name.split()))
        object.__setattr__(self, "club_number", self.club_number.strip())


def player_key(player: Player) -> str:
    """What identifies ``player`` across sessions: ``#`` and the member number, else ``~`` and the folded name,
    else "" (nothing to follow)."""
    if player.number:
        return f"#{player.number}"
    if player.name:
        return "~" + player.name.casefold()
    return ""


def pair_key(players: Iterable[Player], fallback: str = "") -> str:
    """What identifies a pair across sessions (see the module docstring): its players' keys, sorted and joined
    with ``+``; ``fallback`` (e.g. ``"session 3 pair 7"``) where a player is known by neither number nor name."""
    keys = [player_key(p) for p in players]
    if not keys or any(not k for k in keys):
        return fallback
    return "+".join(sorted(keys))
