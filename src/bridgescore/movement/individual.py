"""Individual movements on the movement model (issue 21): four players a table, a new partner every round.

An individual seats four players at a stand (:class:`~bridgescore.movement.model.Players`) instead of two pairs.
The ideal one, as John Pain sets it out for the EBU (*Unusual (but useful) movements for clubs*, EBU newsletter):
each player partners every other player once and meets every other twice as an opponent – in design theory a
**whist tournament** ``Wh(v)`` (every pair of players partners exactly once and opposes exactly twice; it exists
for every ``v ≡ 0, 1 (mod 4)``, I. Anderson, *Combinatorial Designs and Tournaments*, Oxford 1997, ch. 7; the
Handbook of Combinatorial Designs, "Whist tournaments").  The movements built here:

* **Whist movements** ``individual-8``, ``individual-12``, ``individual-16`` (``v`` players, ``v − 1`` rounds,
  ``v/4`` tables) and ``individual-13`` (13 players, 13 rounds, 3 tables, one player sitting out each round): the
  **Z-cyclic** whist tournaments – one player (``∞``) stays North at table 1 and every other player moves one
  place along the same cycle of seats each round (in design terms the initial round's players ``+ 1 (mod v − 1)``;
  for 13 players, ``mod 13`` with no one stationary and the sit-out a place of the cycle).  The 8-player movement
  is the one G.L. Sicherman published for two tables (rec.games.bridge, 1997, "pseudo-team individual movement":
  "Table 1 N – stay put. Table 1 W – go to 2 W. Table 1 E – go to 2 S. Table 1 S – go to 1 W. Table 2 N – go to
  1 E. Table 2 W – go to 2 E. Table 2 E – go to 2 N. Table 2 S – go to 1 S"), compared seat for seat in the tests.
  The initial rounds of 12, 13 and 16 players (:data:`_STARTERS`) were found by a search for the defining
  property (each partner difference once, each opponent difference twice: Anderson's "starter") and are checked
  by the validator in the tests.  None of them is *directed* (each other player once a left-hand and once a
  right-hand opponent, Pain's third criterion), which no 8-player one can be (Sicherman: "the only flaw in the
  8-player rotation").
* **Rainbow (prime number) movements** ``individual-20-rainbow`` … (4T players at T tables, T rounds, T prime to
  6: 5, 7, 11, 13, …): the boards stay at their table, North moves up one table, East down one, South up two and
  West down two; players numbered North 1 – T, East T+1 – 2T, South 2T+1 – 3T, West 3T+1 – 4T (the RAINBOW movement
  as posted on rec.games.bridge and kept at elsid.co.za, "prime_ind"; the EBU's "Prime Number" movement of John
  Pain's article, "5, 7, 11, or 13 tables are what you look for").  Each player plays every set once and partners
  T different players, never one twice; it is not a whist tournament (the North players never meet one another).

The board sets of a whist movement turn with the players, as the Howell's do: table ``k`` plays set ``a_k + r``
in round ``r`` (``mod v − 1``, or 13; :data:`_ADDERS`), so that no player meets a set twice.  Where two tables
have the same adder they **share** the round's set (a relay: the boards passed between them in the round, or
duplicated): the 8-player movement plays set ``r`` at both tables in round ``r`` (Sicherman's boards are shared
between the two tables too), the 12-player one at all three (no adders with fewer shares exist for its starters:
a search of some 2,700 found none), the 16-player one shares between tables 1 and 3; the 13-player one shares
none.  Every board is played at every table once (8: twice, 12: three times, 13: three times, 16: four times).
Set ``s`` is boards ``(s−1)·k+1 … s·k`` with ``k`` boards a round.
"""

from __future__ import annotations

import re

from bridgescore.core.i18n import N_
from bridgescore.movement.generate import NamedMovementError
from bridgescore.movement.model import Movement, Players, Round, Section, Stand, boards_in_sets

__all__ = ["RAINBOW_TABLES", "WHIST_PLAYERS", "by_name", "catalogue", "is_name", "moves", "rainbow", "whist"]

#: The initial round of each whist movement: per table (North, South, East, West) the player's residue, None for
#: the stationary player ``∞`` (at table 1 North).  Round ``r`` seats residue ``x + r − 1``.  Sicherman's 8-player
#: rotation written so; the others found by a search for the whist property (see the module docstring).
_STARTERS: dict[int, tuple[tuple[int | None, int | None, int | None, int | None], ...]] = {
    8: ((None, 1, 3, 0), (4, 2, 5, 6)),
    12: ((None, 9, 10, 2), (5, 3, 7, 8), (6, 1, 0, 4)),
    13: ((12, 5, 0, 1), (10, 7, 9, 4), (8, 6, 11, 2)),
    16: ((None, 3, 14, 10), (12, 2, 9, 11), (0, 6, 4, 1), (13, 5, 8, 7)),
}
#: Per table the adder of its board set: table ``k`` plays set ``(a_k + r − 1) mod m + 1`` in round ``r``.
_ADDERS: dict[int, tuple[int, ...]] = {
    8: (0, 0),
    12: (0, 0, 0),
    13: (0, 1, 4),
    16: (0, 4, 0, 11),
}
#: The whist movements built (players).
WHIST_PLAYERS = tuple(sorted(_STARTERS))
#: The table counts of the Rainbow movement built (prime to 6, up to 30 tables as the pairs generators).
RAINBOW_TABLES = tuple(t for t in range(5, 31) if t % 2 and t % 3)

SOURCE_WHIST = (
    "Whist tournament (each player partners every other once and opposes every other twice: J. Pain, EBU "
    "newsletter, 'Unusual (but useful) movements for clubs'; I. Anderson, Combinatorial Designs and Tournaments, "
    "1997): Z-cyclic"
)
SOURCE_STATIONARY = ", one player stationary at table 1 North, the others one seat on along a cycle each round"
SOURCE_THIRTEEN = ", every player one place on along a cycle of the 12 seats and the sit-out each round"
SOURCE_SICHERMAN = "; 8 players: G.L. Sicherman's two-table rotation (rec.games.bridge, 1997)"
SOURCE_RAINBOW = (
    "Rainbow (prime number) individual: boards stay, North up one table, East down one, South up two, West down "
    "two (rec.games.bridge, 'The RAINBOW movement', elsid.co.za; J. Pain, EBU newsletter, 'Prime Number movements')"
)

_NAME = re.compile(r"individual-(\d{1,3})(-rainbow)?")
_SEATS = ("N", "S", "E", "W")


def _modulus(players: int) -> int:
    return players if players % 4 else players - 1


def whist(players: int, boards_per_round: int = 2) -> Movement:
    """The whist movement of ``players`` players (8, 12, 13 or 16; see the module docstring): players numbered
    in their round-1 seats (table 1 North, South, East, West = 1, 2, 3, 4; table 2 = 5 … 8 …); for 13 players the
    one without a seat in round 1 is 13."""
    if players not in _STARTERS:
        raise NamedMovementError(
            N_("individual-%(players)s: an individual whist movement here is for %(known)s players"),
            players=players, known=", ".join(str(p) for p in WHIST_PLAYERS),
        )  # fmt: skip
    starter, adder, modulus = _STARTERS[players], _ADDERS[players], _modulus(players)
    first = [x for table in starter for x in table]
    number = {x: i + 1 for i, x in enumerate(first)}  # residue (None: ∞) -> player, in round-1 seat order
    missing = [x for x in range(modulus) if x not in number]  # 13 players: the one out in round 1
    number.update({x: players for x in missing})
    sets = boards_in_sets(boards_per_round, modulus)
    rounds = []
    for r in range(modulus):
        stands = []
        for k, table in enumerate(starter):
            seated = [number[None] if x is None else number[(x + r) % modulus] for x in table]
            board_set = (adder[k] + r) % modulus + 1
            stands.append(Stand(k + 1, None, None, sets[board_set - 1], board_set, players=Players(*seated)))
        rounds.append(Round(r + 1, tuple(stands)))
    source = (
        SOURCE_WHIST + (SOURCE_THIRTEEN if missing else SOURCE_STATIONARY) + (SOURCE_SICHERMAN if players == 8 else "")
    )
    return Movement(f"individual-{players}", "individual", source, boards_per_round, (Section("A", tuple(rounds)),))


def rainbow(tables: int, boards_per_round: int = 2) -> Movement:
    """The Rainbow (prime number) individual of ``tables`` tables (prime to 6: 5, 7, 11, 13 …): ``4·tables``
    players, ``tables`` rounds, set ``t`` at table ``t`` all evening (see the module docstring)."""
    if tables not in RAINBOW_TABLES:
        raise NamedMovementError(
            N_("individual-%(players)s-rainbow: the Rainbow movement needs a number of tables that 2 and 3 do not "
               "divide (5, 7, 11, 13 … 29 tables: 20, 28, 44, 52 … players)"),
            players=4 * tables,
        )  # fmt: skip
    sets = boards_in_sets(boards_per_round, tables)
    rounds = []
    for r in range(tables):
        stands = []
        for t in range(tables):  # the player who started at table t0 of a line is at t0 + speed·r
            north = (t - r) % tables + 1
            east = (t + r) % tables + 1 + tables
            south = (t - 2 * r) % tables + 1 + 2 * tables
            west = (t + 2 * r) % tables + 1 + 3 * tables
            stands.append(Stand(t + 1, None, None, sets[t], t + 1, players=Players(north, south, east, west)))
        rounds.append(Round(r + 1, tuple(stands)))
    return Movement(f"individual-{4 * tables}-rainbow", "individual", SOURCE_RAINBOW, boards_per_round,
                    (Section("A", tuple(rounds)),))  # fmt: skip


def moves(movement: Movement, round_number: int) -> dict[str, str]:
    """Where each seat's player goes after round ``round_number`` of the first section (``"1W"`` → ``"2W"``;
    ``"out"`` the player sitting out), as a director announces an individual's move."""
    section = movement.sections[0]
    now, after = section.rounds[round_number - 1], section.rounds[round_number]

    def places(rnd: Round) -> dict[int, str]:
        out = {p: "out" for p in section.players()}
        for stand in rnd.stands:
            if stand.players is not None:
                for seat, player in zip(_SEATS, stand.players.seats, strict=True):
                    out[player] = f"{stand.table}{seat}"
        return out

    here, there = places(now), places(after)
    return {here[p]: there[p] for p in section.players()}


def is_name(name: str) -> bool:
    """Whether ``name`` names an individual movement (``individual-8``, ``individual-20-rainbow``)."""
    return _NAME.fullmatch(name.strip().lower()) is not None


def by_name(name: str, boards_per_round: int = 2) -> Movement:
    """The individual movement ``name`` names, with ``boards_per_round`` boards a round."""
    match = _NAME.fullmatch(name.strip().lower())
    if match is None:
        raise NamedMovementError(
            N_("'%(name)s' is not an individual movement: individual-P (P players: 8, 12, 13, 16) or "
               "individual-P-rainbow (P = 4 × 5, 7, 11, 13 … tables)"),
            name=name,
        )  # fmt: skip
    players = int(match[1])
    if match[2]:
        if players % 4:
            return rainbow(0, boards_per_round)  # refused with the message that says which counts
        return rainbow(players // 4, boards_per_round)
    return whist(players, boards_per_round)


def catalogue() -> tuple[str, ...]:
    """Every individual movement name built."""
    return (*(f"individual-{p}" for p in WHIST_PLAYERS), *(f"individual-{4 * t}-rainbow" for t in RAINBOW_TABLES))
