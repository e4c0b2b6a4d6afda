"""The movements bridgescore builds (issue 21): Mitchells and Howells for 3 to 30 tables, by name.

Each generator names its published source; the schedules follow the published descriptions (no program's code):

* **Mitchell** (odd number of tables): the North-South pairs stay at their table, the East-West pairs move up one
  table and the boards down one table after every round; with an odd number of tables every East-West pair meets
  every North-South pair and plays every set once (The Bridge Guys / bridgecentral, *Movements*: "Mitchell";
  EBU, *Movements* booklet, "The Mitchell").  Set ``s`` starts at table ``s``.
* **Skip Mitchell** (even number of tables; E.T. Baker, c. 1892): as the Mitchell, but after half the rounds the
  East-West pairs skip one table (move up two), so they meet the set they would otherwise meet again; played in
  full, the last round is a *revenge round* (East-West meet the North-South pair they started against) and no
  East-West pair meets the North-South pair half the field away (The Bridge Guys, "Skip Mitchell"; "Even table
  Mitchell organisation").  ``rounds=`` curtails it (the skip stays after half the tables' rounds, as published).
* **Relay-and-bye Mitchell** (even number of tables): a bye stand (a table of boards with no players, numbered
  after the last table here) between tables ``T/2`` and ``T/2 + 1``, and tables 1 and ``T`` share (relay) a set
  each round; the boards move down through the bye stand; every pair plays every set and East-West meet every
  North-South pair (The Bridge Guys, "Even table Mitchell organisation", "Relay Mitchell problems"; EBU,
  *Movements*, "Relay and bye stand").
* **Arrow switch** (``-arrow``, one winner): the pairs of the last rounds play the other direction's cards; about
  one round in eight, at least one (J.R. Manning's analysis as the EBU publishes it: "the ideal number of rounds
  to be arrow-switched is about one-eighth", EBU newsletter, *Arrow switching*, Gordon Rainsford; the EBU TDs'
  forum: "the last round of up to 9 rounds and the last two rounds of 12 or more").
* **Appendix Mitchell** (``-appendix``, 14 to 26 tables, the EBU's 26 boards): a core circuit of 13 tables and
  the tables beyond 13 *appended*, table ``13 + k`` beside table ``k`` and sharing its boards (a "dual
  carriageway"); 13 North-South and 13 East-West pairs circulate in opposite directions, the other pairs stay at
  the dual tables, North-South at table ``k`` and East-West at table ``13 + k`` (the EBU's Pairs Scorer manual,
  *Movements*, "Appendix Mitchell Movement"); the boards move down one table, the moving North-South pairs up one
  and the moving East-West pairs down two – J. Beynon's construction as The Bridge Guys / bridgecentral describe
  it ("Appendix Mitchell": a prime base, "the N-S … pairs move up one table, and the E-W … pairs move either up
  two tables or down two tables"), which needs a base prime to 2 and 3, as 13 is.
* **1½-table appendix Mitchell** (``mitchell-T-half``, ``T½`` tables, ``2T + 1`` pairs): the Mitchell of ``T - 1``
  tables (the skip Mitchell for an even number), table ``T`` appended beside table 1 and sharing its boards, the
  odd pair East-West ``T + 1`` at a bye table after table ``T``; the East-West pairs move as in a Mitchell of
  ``T + 1`` tables, the boards as in one of ``T - 1`` (The Bridge Guys / bridgecentral, *Movements*, "1½ table
  appendix Mitchell").
* **Phantom** (``-phantom``, an odd number of pairs): one pair number no one plays – North-South ``T`` in a
  Mitchell (its East-West opponent sits out each round; in the relay Mitchell that removes the relay, as The
  Bridge Guys' "Half table considerations" advise), the stationary pair ``2T`` in a Howell (each other pair sits
  out once).  Its stands are left out of the schedule: a pair without a stand sits out.
* **Howell** (complete, ``2T`` pairs, ``2T - 1`` rounds): every pair meets every other pair once and plays every
  set once.  The published cyclic construction: pair ``2T`` stays North-South at table 1, the others are the
  numbers modulo ``2T - 1`` and advance one number each round – round ``r`` seats ``∞ v r`` at table 1 and
  ``r + k v r - k`` at table ``k + 1`` (the "one pair stationary, the others rotate" construction of the Howell
  movement, The Bridge Guys, "Howell movement"; in design theory the patterned starter of a Room square).  The sets
  follow the same rotation: table ``k + 1`` plays set ``a_k + r`` in round ``r``, ``a`` an *adder* of the starter
  (R.C. Mullin and E. Nemeth, "An existence theorem for Room squares", Canad. Math. Bull. 12, 1969: the sets
  ``{a_k ± k}`` cover every set once, so no pair plays a set twice, and distinct ``a_k`` put each set at one table
  a round).  The adders below were found by a search and are checked by the validator for every size in the tests.
  Which pair of a table sits North-South (``r + k`` or ``r - k``) is chosen
  per table for **balance** (each pair compared equally often with every other, the validator's measure): a
  search over the choices gives a perfectly balanced Howell for every even number of tables it reached (4, 6, 8,
  10, …: The Bridge Guys, "4 Table Howell": "all the 4 table Howell movements are perfect. For 5 or more tables
  this is not the case"), and the best it found for the others (:data:`_FLIPS`; the tests hold each to it).
  The 4-table Howell is the one The Bridge Guys derive in "Producing Howell movements" (:data:`_STARTERS`: another
  starter than the patterned one; pairs and sets as published – the tests compare them).
* **Howell of 3 and 5 tables**: the published schedules, used as they are (:data:`_PUBLISHED`: the Dutch club
  programs' schema's ``5howel06`` and ``9howel10`` as BridgeWx carries them, every seat and set compared in the
  tests).  No Room square of side 5 exists (Mullin–Nemeth), so the 3-table Howell shares a set (all three tables
  play set 5 in round 5); the 5-table Howell shares none (its 9 sets: 5 in play, 4 resting, as the EBU's 5-table
  Howell with "4 relays between tables 5 and 1").  Both are as balanced as the construction's best (59 % and
  78 %), and the director's cards and the club's scoring program then agree seat for seat.

Names (:func:`by_name`; every name :func:`catalogue` lists is accepted): ``mitchell-7``, ``mitchell-8-skip``,
``mitchell-8-relay``, ``mitchell-7-arrow``, ``mitchell-9-phantom``, ``mitchell-8-skip-r7`` (curtailed to 7
rounds), ``howell-4`` (4 tables, 8 pairs), ``howell-4-phantom`` (7 pairs), ``howell-6-3q`` (three-quarter),
``hesitation-7``, ``mitchell-16-web``, ``mitchell-16-appendix``.  The parts come in that order: family, tables, the
form (``skip``, ``relay`` or ``web`` of an even-table Mitchell, ``appendix``, ``3q``), ``-arrow``, ``-rover`` (the
rover Mitchell: ``mitchell-7-rover``, ``mitchell-8-relay-rover``) or ``-bump`` (the bump Mitchell:
``mitchell-7-bump``, ``mitchell-8-skip-bump``), ``-phantom``, ``-rN``; ``mitchell-10-half`` is the 1½-table
appendix Mitchell of 10½ tables.  Sections side by side join their names with
``+``: ``mitchell-10-relay-r8+mitchell-10-relay-phantom-r8`` is 39 pairs in sections A and B (:func:`side_by_side`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from bridgescore.core.i18n import N_
from bridgescore.movement import nbb
from bridgescore.movement.model import Movement, MovementError, PairRef, Round, Section, Stand, boards_in_sets

__all__ = [
    "APPENDIX_CORE",
    "APPENDIX_TABLES",
    "HESITATION_TABLES",
    "MAX_TABLES",
    "MIN_TABLES",
    "ROVER_TABLES",
    "SECTION_NAMES",
    "THREE_QUARTER_TABLES",
    "WEB_SETS",
    "WEB_TABLES",
    "NamedMovementError",
    "Spec",
    "appendix_mitchell",
    "arrow_rounds",
    "bump_mitchell",
    "by_name",
    "catalogue",
    "half_table_appendix_mitchell",
    "hesitation",
    "howell",
    "mitchell",
    "parse_name",
    "parse_sections",
    "rover_mitchell",
    "side_by_side",
    "three_quarter_howell",
    "web_mitchell",
]

#: The table counts the generators build (a club meets 3 to 30 tables; fewer is a Howell of 2 tables or less).
MIN_TABLES = 3
MAX_TABLES = 30

SOURCE_MITCHELL = "Mitchell: The Bridge Guys, Movements ('Mitchell'); EBU, Movements booklet"
SOURCE_SKIP = "Skip Mitchell (E.T. Baker): The Bridge Guys, Movements ('Skip Mitchell', 'Even table Mitchell')"
SOURCE_RELAY = "Relay-and-bye Mitchell: The Bridge Guys, Movements ('Even table Mitchell'); EBU, Movements booklet"
SOURCE_ARROW = "arrow switch about 1 round in 8 (J.R. Manning; EBU newsletter, 'Arrow switching', G. Rainsford)"
SOURCE_HOWELL = (
    "Howell: one pair stationary, the others rotate (The Bridge Guys, 'Howell movement'); board sets by a "
    "Room-square adder (Mullin and Nemeth, Canad. Math. Bull. 12, 1969)"
)

SOURCE_THREE_QUARTER = (
    "Three-quarter Howell: the pairs move to the place of the pair one number lower, the boards down one table "
    "through the relays (The Bridge Guys, 'Reduced Howell'; EBU, 6 tables, 9 rounds: 'sets of 3 boards, 1 relay "
    "between tables 1 & 2, 4 & 5, 6 & 1'), some pairs stationary; places and sets by a search"
)
SOURCE_HESITATION = (
    "Hesitation Mitchell: NS 1 to T-1 stay, the others move up one table and, at table T, play East-West and then "
    "North-South; the boards move down through the relays (English club lists of the EBU's movements: 7 tables "
    "'relay between tables 3 & 4', 8 tables '2 relays between 4 & 5, tables 8 & 1 share, swivel at table 8', "
    "'arrow switch on the last round except at table T')"
)
SOURCE_WEB = (
    "Web Mitchell (J. 'Spider' Harris): The Bridge Guys, Movements ('Web Mitchell'); the EBU's Pairs Scorer manual "
    "(14 to 26 tables, 26 boards)"
)
#: The sets of the web Mitchell (13: the EBU's 26 boards at 2 a round) and the tables it is built for.
WEB_SETS = 13
WEB_TABLES = (14, 26)
SOURCE_APPENDIX = (
    "Appendix Mitchell: the EBU's Pairs Scorer manual, Movements ('Appendix Mitchell Movement': a core circuit of 13 "
    "tables, 26 boards, a 'dual carriageway'); J. Beynon's construction, The Bridge Guys / bridgecentral, "
    "'Appendix Mitchell'"
)
#: The appendix Mitchell's core circuit (the EBU's: 13 tables, 26 boards at 2 a round) and the tables it is built
#: for (one appended table to thirteen).
APPENDIX_CORE = 13
APPENDIX_TABLES = (APPENDIX_CORE + 1, 2 * APPENDIX_CORE)
SOURCE_BUMP = "bump: The Bridge Guys, Movements ('Displacement Mitchell', also known as the bump Mitchell)"
SOURCE_HALF_APPENDIX = (
    "1½ table appendix Mitchell: The Bridge Guys / bridgecentral, Movements ('1½ table appendix Mitchell')"
)
SOURCE_ROVER = "rover: the EBU's Pairs Scorer manual, Movements ('Rover Mitchell', its table of rover tables)"
#: The tables the rover plays North-South at in rounds 2, 3, … (the EBU's Pairs Scorer manual, "Rover Mitchell").
ROVER_TABLES: dict[int, tuple[int, ...]] = {
    6: (1, 3, 5, 2, 4),
    7: (1, 3, 5, 7, 2, 4),
    8: (1, 6, 2, 7, 3, 8, 4),
    9: (1, 5, 9, 2, 4, 7, 3, 6),
    10: (1, 7, 2, 8, 3, 9, 4, 10, 5),
    11: (1, 3, 5, 7, 9, 11, 2, 4, 6, 8),
    12: (3, 9, 4, 10, 5, 11, 6, 12, 7, 1, 8),
    13: (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10),
    14: (1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7),
    15: (1, 3, 5, 7, 9, 12, 14, 2, 4, 6, 8, 10, 11, 13),
}
SOURCE_SECTIONS = "sections side by side, each with its own copy of the boards (ACBL and EBU sections)"
#: The names of the sections of a movement of several (``mitchell-10-skip+mitchell-10-skip-phantom``: A and B).
SECTION_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SOURCE_HOWELL_PUBLISHED = "Howell: the Dutch club programs' published schema, as BridgeWx carries it"

#: An adder of the patterned starter ``{k, -k}`` modulo ``2T - 1`` for a Howell of ``T`` tables: ``a[0] = 0`` is
#: the stationary pair's table; the values ``a[k] ± k`` are all different (each pair plays each set once) and the
#: ``a[k]`` are all different (one table a set a round).  Found by a backtracking search; the tests validate every
#: one.  3 and 5 tables: the published Howells (:data:`_PUBLISHED`).
_ADDERS: dict[int, tuple[int, ...]] = {
    4: (0, 1, 2, 4),  # the published sets of _STARTERS[4]
    6: (0, 5, 1, 4, 9, 3),
    7: (0, 3, 5, 9, 1, 6, 2),
    8: (0, 5, 14, 2, 7, 12, 4, 1),
    9: (0, 3, 5, 9, 12, 10, 7, 4, 1),
    10: (0, 5, 11, 2, 18, 12, 14, 9, 4, 1),
    11: (0, 9, 3, 6, 2, 12, 8, 11, 7, 4, 1),
    12: (0, 5, 22, 6, 11, 3, 16, 12, 10, 2, 4, 1),
    13: (0, 7, 22, 8, 5, 24, 16, 9, 15, 12, 2, 4, 1),
    14: (0, 6, 22, 9, 7, 3, 23, 16, 18, 13, 11, 2, 4, 1),
    15: (0, 5, 26, 6, 9, 3, 17, 14, 18, 21, 12, 7, 2, 4, 1),
    16: (0, 9, 5, 30, 8, 19, 3, 6, 14, 20, 15, 12, 7, 2, 4, 1),
    17: (0, 6, 32, 12, 10, 8, 31, 3, 20, 17, 21, 13, 11, 7, 2, 4, 1),
    18: (0, 32, 10, 8, 5, 34, 9, 6, 22, 15, 17, 21, 14, 3, 7, 2, 4, 1),
    19: (0, 11, 6, 31, 5, 8, 36, 9, 35, 23, 25, 22, 19, 12, 3, 7, 2, 4, 1),
    20: (0, 10, 33, 9, 6, 38, 11, 8, 5, 37, 24, 27, 20, 16, 12, 3, 7, 2, 4, 1),
    21: (0, 6, 38, 11, 13, 8, 39, 5, 10, 25, 20, 26, 23, 19, 15, 12, 3, 7, 2, 4, 1),
    22: (0, 8, 15, 13, 41, 9, 5, 42, 38, 6, 28, 30, 24, 21, 19, 16, 12, 3, 7, 2, 4, 1),
    23: (0, 9, 14, 10, 13, 41, 44, 42, 11, 5, 8, 31, 27, 24, 20, 17, 15, 12, 3, 7, 2, 4, 1),
    24: (0, 43, 16, 9, 6, 8, 11, 44, 46, 10, 45, 22, 28, 33, 29, 24, 5, 15, 12, 3, 7, 2, 4, 1),
    25: (0, 46, 8, 17, 11, 6, 10, 45, 13, 48, 9, 47, 29, 31, 26, 28, 18, 5, 15, 12, 3, 7, 2, 4, 1),
    26: (0, 14, 10, 45, 6, 9, 50, 13, 11, 49, 8, 28, 33, 24, 36, 31, 25, 18, 5, 15, 12, 3, 7, 2, 4, 1),
    27: (0, 11, 16, 49, 13, 6, 10, 14, 50, 52, 46, 9, 35, 28, 36, 34, 29, 23, 20, 5, 15, 12, 3, 7, 2, 4, 1),
    28: (0, 16, 14, 11, 6, 51, 17, 54, 52, 13, 8, 53, 9, 37, 34, 28, 35, 24, 21, 18, 5, 15, 12, 3, 7, 2, 4, 1),
    29: (
        0, 53, 14, 8, 13, 9, 16, 56, 10, 51, 11, 54, 52, 32, 34, 38, 40, 30, 33, 6, 18, 5, 15, 12, 3, 7, 2, 4, 1,
    ),
    30: (
        0, 9, 56, 14, 16, 57, 19, 8, 10, 13, 58, 55, 53, 11, 35, 31, 39, 36, 32, 24, 6, 18, 5, 15, 12, 3, 7, 2, 4, 1,
    ),
}  # fmt: skip


#: The tables ``k + 1`` of a Howell of ``T`` tables where pair ``r - k`` sits North-South (else ``r + k``): the
#: choice that balances the comparisons best, found by a search (exhaustive to 11 tables, a local search beyond);
#: the balance it gives is in the tests.
_FLIPS: dict[int, tuple[int, ...]] = {
    6: (1, 3, 4, 5),
    7: (1, 2, 3, 4, 5),
    8: (1, 2, 4, 6, 7),
    9: (1, 2, 3, 4, 6, 7, 8),
    10: (1, 2, 6, 7, 9),
    11: (1, 2, 3, 4, 5, 6, 7, 10),
    12: (1, 3, 4, 6, 7, 9, 10),
    13: (1, 2, 3, 4, 5, 6, 9, 10, 11, 12),
    14: (1, 5, 6, 7, 11),
    15: (1, 2, 7, 8, 9, 10, 12, 13, 14),
    16: (1, 2, 6, 7, 8, 10, 13, 14, 15),
    17: (2, 3, 4, 5, 6, 8, 9, 10, 11, 13, 15, 16),
    18: (3, 4, 8, 9, 10, 12, 13, 14, 16, 17),
    19: (1, 4, 5, 7, 10, 14, 16),
    20: (1, 2, 3, 4, 6, 13, 16, 17, 18, 19),
    21: (1, 3, 4, 5, 6, 7, 9, 10, 13, 15, 16, 18),
    22: (2, 3, 4, 6, 7, 9, 11, 12, 14, 16, 18, 19),
    23: (1, 2, 3, 5, 6, 8, 11, 15, 18, 19, 20, 22),
    24: (1, 2, 4, 6, 8, 9, 13, 14, 16, 17, 19, 20, 21, 22, 23),
    25: (4, 10, 14, 15, 16, 17, 19, 20, 21, 22, 24),
    26: (3, 4, 5, 6, 9, 11, 13, 17, 18, 19, 22, 23, 24, 25),
    27: (2, 3, 6, 11, 12, 13, 15, 16, 17, 22, 23, 24, 26),
    28: (3, 5, 6, 7, 8, 10, 20, 25),
    29: (3, 5, 7, 8, 10, 14, 17, 19, 23, 25),
    30: (2, 3, 4, 5, 7, 14, 15, 18, 19, 20, 21, 24, 25, 27, 28),
}  # fmt: skip


#: The three-quarter Howells (``howell-T-3q``): for ``T`` tables the rounds ``R`` (three quarters of the complete
#: Howell's ``2T - 1``, rounded up) and per table, in table order, its place in the board cycle ``p`` and the places
#: of its moving pairs (one: the table has a stationary pair; two: both move).  ``R`` pairs move (pair ``x + 1`` is
#: at place ``x - r`` modulo ``R`` in round ``r + 1``: each takes the place of the pair one number lower), the other
#: ``2T - R`` stay, one a table (pairs ``R + 1`` … ``2T`` in table order); table ``t`` plays set ``p + r`` (modulo
#: ``R``, plus one) in round ``r + 1``, so the ``R`` sets move down one table a round, through the ``R - T`` places
#: no table holds (the relays).  The places and ``p`` were found by a backtracking search for: the values ``p - a``
#: over every moving place ``a`` all different (every pair plays every set once) and the differences of the two
#: moving places of a table all different (no two pairs meet twice); the tests validate every one.  The last item:
#: the tables whose pairs change sides (the stationary pair, or the pair of the first place, sits East-West there),
#: chosen by an exhaustive search (a local one from 11 tables) for the validator's balance, which the tests hold.
#: 6 tables: the relays where the EBU puts them (between tables 1 and 2, 4 and 5, 6 and 1), the best balance of
#: the 189 schedules the search found with them.
_THREE_QUARTER: dict[int, tuple[int, tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]] = {
    5: (7, ((0, (0,)), (2, (4, 5)), (3, (1,)), (4, (3,)), (5, (2, 6))), (3,)),
    6: (9, ((0, (0,)), (2, (1,)), (3, (4, 8)), (4, (6, 7)), (6, (3,)), (7, (2, 5))), (2,)),  # the EBU's relays
    7: (10, ((0, (0,)), (1, (2,)), (2, (1,)), (3, (5, 9)), (4, (7, 8)), (5, (3,)), (9, (4, 6))), (2, 6)),
    8: (12, ((0, (0,)), (1, (2,)), (2, (1,)), (4, (7, 10)), (5, (3,)), (7, (9, 11)), (10, (5, 6)),
             (11, (4, 8))), (2, 5)),
    9: (13, ((0, (0,)), (1, (2,)), (2, (1,)), (3, (8, 12)), (4, (6, 11)), (5, (3,)), (6, (9, 10)), (7, (4,)),
             (12, (5, 7))), (3, 8)),
    10: (15, ((0, (0,)), (1, (2,)), (2, (1,)), (3, (6, 13)), (5, (3,)), (6, (10, 12)), (7, (4,)), (9, (11, 14)),
              (13, (5, 9)), (14, (7, 8))), (2, 3, 7, 9)),
    11: (16, ((0, (0,)), (1, (2,)), (2, (1,)), (3, (8, 11)), (4, (10, 15)), (5, (3,)), (6, (9, 13)), (7, (4,)),
              (9, (5,)), (10, (12, 14)), (13, (6, 7))), (3, 5, 6, 7, 9, 10)),
    12: (18, ((0, (0,)), (1, (2,)), (2, (1,)), (3, (5,)), (4, (8, 13)), (5, (3,)), (6, (11, 17)), (7, (4,)),
              (9, (15, 16)), (11, (7, 14)), (16, (6, 10)), (17, (9, 12))), (4, 6, 9, 10, 11)),
}  # fmt: skip

#: The fewest tables of a hesitation Mitchell (with fewer, a Howell).
HESITATION_TABLES = 5
#: The table counts a three-quarter Howell is built for.
THREE_QUARTER_TABLES = frozenset(_THREE_QUARTER)

#: Published Howells used as they are, in the NBB schema layout (``NS-EW set`` per table, a line a round; a set at
#: two tables in a round is shared between them), read with :mod:`bridgescore.movement.nbb`.  They are the Howell
#: schema's of the Dutch club programs (the NBB scoring program's names ``5howel06`` and ``9howel10``), as BridgeWx
#: carries them (github.com/BusyHarry/BridgeWx, ``src/schemaData.cpp``: per table its sets, per pair its table,
#: + North-South, − East-West), here written round by round:
#:
#: * 3 tables, 6 pairs, 5 rounds (``5howel06``): sets 1 … 5; set 1 stays at table 1 for three rounds, set 4 at
#:   table 2; in round 5 the three tables share set 5.  No Howell of 3 tables gives every table its own set every
#:   round (no Room square of side 5: Mullin–Nemeth), so some set is shared.
#: * 5 tables, 10 pairs, 9 rounds (``9howel10``): pair 10 stays East-West at table 5; 9 sets, 5 in play and 4
#:   resting each round (no set shared, as the EBU's 5-table Howell: "sets of 3 boards, 4 relays"); the sets move
#:   table 2 → 1 → the rests → 4 → 3 → 5 → 2.
_PUBLISHED: dict[int, tuple[str, str]] = {
    3: (
        "5howel06",
        """6 3 5 5 0
            1-2 1   3-4 2   5-6 3
            4-6 1   5-2 4   1-3 3
            3-5 1   1-4 4   2-6 2
            4-2 3   6-3 4   1-5 2
            1-6 5   2-3 5   4-5 5
        """,
    ),
    5: (
        "9howel10",
        """10 5 9 9 0
            1-2 1   3-4 2   5-6 3   7-8 4   9-10 5
            6-7 2   8-2 5   9-5 4   3-1 6   4-10 3
            5-3 5   1-7 3   4-9 6   8-6 7   2-10 4
            9-8 3   6-3 4   2-4 7   1-5 8   7-10 6
            4-1 4   5-8 6   7-2 8   6-9 9   3-10 7
            2-6 6   9-1 7   3-7 9   5-4 1   8-10 8
            7-5 7   4-6 8   8-3 1   9-2 2   1-10 9
            3-9 8   2-5 9   1-8 2   4-7 5   6-10 1
            8-4 9   7-9 1   6-1 5   2-3 3   5-10 2
        """,
    ),
}

#: Published starters, used as they are: round 1's (NS, EW) pair at tables 2 … T, as numbers 0 … 2T-2 (pair
#: ``x + 1``); each round adds one.  4 tables: The Bridge Guys (bridgecentral), "Producing Howell movements": the
#: complete 4-table Howell "8-1 6-5 4-2 R 7-3 2R" – pairs 8-1, 6-5, 4-2 and 7-3 on sets 1, 2, 3 and 5 (sets 4, 6
#: and 7 on relays), each pair taking the place of the next lower number, the boards moving down one place through
#: the relays (its sets are :data:`_ADDERS` ``[4]``); perfectly balanced.
_STARTERS: dict[int, tuple[tuple[int, int], ...]] = {4: ((5, 4), (3, 1), (6, 2))}


class NamedMovementError(MovementError):
    """A movement that cannot be built as asked (a name unknown, a size out of range), its message kept as a
    catalogue message and values, so the command line says it in the user's language (``str`` is English)."""

    def __init__(self, message: str, **values: int | str) -> None:
        super().__init__(message % values)
        self.message = message
        self.values = values


@dataclass(frozen=True, slots=True)
class Spec:
    """What a movement's name says: family, tables, the even-table form of a Mitchell (``skip``/``relay``), the
    arrow switch, the phantom and the rounds (None: all the movement has)."""

    family: str
    tables: int
    form: str = ""
    arrow: bool = False
    phantom: bool = False
    rounds: int | None = None
    rover: bool = False
    bump: bool = False

    @property
    def name(self) -> str:
        parts = [self.family, str(self.tables)]
        if self.form:
            parts.append(self.form)
        if self.arrow:
            parts.append("arrow")
        if self.rover:
            parts.append("rover")
        if self.bump:
            parts.append("bump")
        if self.phantom:
            parts.append("phantom")
        if self.rounds is not None:
            parts.append(f"r{self.rounds}")
        return "-".join(parts)

    @property
    def full_rounds(self) -> int:
        """The rounds of the uncurtailed movement."""
        if self.family == "mitchell":
            if self.form == "web":
                return WEB_SETS
            if self.form == "appendix":
                return APPENDIX_CORE
            if self.form == "half":
                return self.tables - 1
            return self.tables - 1 if self.bump else self.tables
        if self.family == "hesitation":
            return self.tables + 1
        if self.form == "3q":
            return _THREE_QUARTER[self.tables][0] if self.tables in _THREE_QUARTER else 2 * self.tables - 1
        return 2 * self.tables - 1


def arrow_rounds(rounds: int) -> int:
    """How many of the last rounds an arrow-switched Mitchell switches: about one in eight, at least one (Manning,
    as the EBU publishes it): 1 up to 11 rounds, 2 from 12, 3 from 20."""
    return max(1, int(rounds / 8 + 0.5))


def _check_tables(tables: int) -> None:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise NamedMovementError(
            N_("%(tables)s tables: the movements here are for %(low)s to %(high)s tables"),
            tables=tables, low=MIN_TABLES, high=MAX_TABLES,
        )  # fmt: skip


def _curtail(rounds: int | None, full: int) -> int:
    if rounds is None:
        return full
    if not 1 <= rounds <= full:
        raise NamedMovementError(
            N_("%(rounds)s rounds: this movement has 1 to %(full)s rounds"), rounds=rounds, full=full
        )
    return rounds


def mitchell(
    tables: int,
    boards_per_round: int = 2,
    *,
    form: str = "",
    arrow: bool = False,
    phantom: bool = False,
    rounds: int | None = None,
) -> Movement:
    """A Mitchell of ``tables`` tables (see the module docstring for the sources): ``form`` "" for an odd number of
    tables, "skip" or "relay" for an even number; ``arrow`` switches the last rounds for one winner; ``phantom``
    makes North-South ``tables`` the phantom; ``rounds`` curtails it.  Pairs are numbered per direction; sets
    1 … ``tables``, set ``s`` being boards ``(s-1)·k + 1`` … ``s·k``."""
    _check_tables(tables)
    if form not in ("", "skip", "relay"):
        raise MovementError(f"Mitchell form '{form}': skip or relay (for an even number of tables), or none")
    if tables % 2 == 1 and form:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-%(form)s: the %(form)s Mitchell is for an even number of tables"),
            tables=tables, form=form,
        )  # fmt: skip
    if tables % 2 == 0 and not form:
        raise NamedMovementError(
            N_("mitchell-%(tables)s: with an even number of tables East-West would meet the same boards again; "
               "choose mitchell-%(tables)s-skip or mitchell-%(tables)s-relay"),
            tables=tables,
        )  # fmt: skip
    played = _curtail(rounds, tables)
    spec = Spec("mitchell", tables, form, arrow, phantom, rounds)
    sets = boards_in_sets(boards_per_round, tables)
    half = tables // 2
    bye_table = tables + 1
    switched = arrow_rounds(played) if arrow else 0

    def position(table: int) -> int:
        """Where a table stands in the relay Mitchell's board cycle (tables 1 and T share position 0, the bye
        stand is position T/2)."""
        if table in (1, tables):
            return 0
        return table - 1 if table <= half else table

    rounds_out: list[Round] = []
    for r in range(1, played + 1):
        stands: list[Stand] = []
        switch = r > played - switched
        for table in range(1, tables + 1):
            if form == "skip" and r > half:
                ew = (table - r - 1) % tables + 1
            else:
                ew = (table - r) % tables + 1
            if form == "relay":
                board_set = (position(table) + r - 1) % tables + 1
            else:
                board_set = (table + r - 2) % tables + 1
            if phantom and table == tables:
                continue  # the phantom North-South pair: its East-West opponent sits out
            stands.append(Stand(table, PairRef(table, "NS"), PairRef(ew, "EW"), sets[board_set - 1], board_set, switch))
        if form == "relay":
            board_set = (half + r - 1) % tables + 1
            stands.append(Stand(bye_table, None, None, sets[board_set - 1], board_set))
        rounds_out.append(Round(r, tuple(stands)))
    source = {"": SOURCE_MITCHELL, "skip": SOURCE_SKIP, "relay": SOURCE_RELAY}[form]
    if arrow:
        source += f"; {SOURCE_ARROW}"
    section = Section("A", tuple(rounds_out), per_direction=True, phantom=PairRef(tables, "NS") if phantom else None)
    return Movement(spec.name, "mitchell", source, boards_per_round, (section,))


def howell(tables: int, boards_per_round: int = 2, *, phantom: bool = False, rounds: int | None = None) -> Movement:
    """The complete Howell of ``tables`` tables: ``2·tables`` pairs, ``2·tables - 1`` rounds, every pair meets
    every other once and plays every set once (the cyclic construction of the module docstring).  Pair
    ``2·tables`` sits North-South at table 1 throughout; ``phantom`` makes it the phantom (an odd number of pairs:
    each other pair sits out one round).  Sets 1 … ``2·tables - 1``."""
    _check_tables(tables)
    if tables in _PUBLISHED:
        return _published_howell(tables, boards_per_round, phantom=phantom, rounds=rounds)
    if tables not in _ADDERS:
        raise MovementError(f"howell-{tables}: no Howell of {tables} tables here")
    adder = _ADDERS[tables]
    flipped = _FLIPS.get(tables, ())
    modulus = 2 * tables - 1
    played = _curtail(rounds, modulus)
    spec = Spec("howell", tables, "", False, phantom, rounds)
    sets = boards_in_sets(boards_per_round, modulus)
    stationary = 2 * tables
    rounds_out: list[Round] = []
    for r in range(played):
        stands: list[Stand] = []
        for k in range(tables):
            board_set = (adder[k] + r) % modulus + 1
            if k == 0:
                if phantom:
                    continue
                ns, ew = stationary, r % modulus + 1
            elif tables in _STARTERS:
                x, y = _STARTERS[tables][k - 1]
                ns, ew = (x + r) % modulus + 1, (y + r) % modulus + 1
            else:
                ns, ew = (r + k) % modulus + 1, (r - k) % modulus + 1
                if k in flipped:
                    ns, ew = ew, ns
            stands.append(Stand(k + 1, PairRef(ns), PairRef(ew), sets[board_set - 1], board_set))
        rounds_out.append(Round(r + 1, tuple(stands)))
    section = Section("A", tuple(rounds_out), per_direction=False, phantom=PairRef(stationary) if phantom else None)
    return Movement(spec.name, "howell", SOURCE_HOWELL, boards_per_round, (section,))


def web_mitchell(
    tables: int, boards_per_round: int = 2, *, arrow: bool = False, phantom: bool = False, rounds: int | None = None
) -> Movement:
    """The web Mitchell of ``tables`` tables (an even number, 14 to 26), :data:`WEB_SETS` rounds: North-South
    stay, East-West move up one table every round across the whole room (never a skip); the boards move down one
    table in two groups, tables 1 … T/2 with one copy of the sets in ascending order and T/2+1 … T with a second
    copy in descending order, each group's sets not in play resting on a relay at its end.  Every pair plays
    every board, each line perfectly balanced; not every North-South pair meets every East-West pair.  John
    "Spider" Harris's movement (George Coffin), as The Bridge Guys describe it, *Movements*, "Web Mitchell" (10
    tables, 7 sets: "Tables 1 2 3 4 5 / Boards 1 2 3 4 5 6 7; Tables 6 7 8 9 10 / Boards 4 3 2 1 7 6 5"), in the
    EBU's form (its Pairs Scorer manual: "A Web Mitchell is used for any number of tables from 14 to 26 and is
    designed for playing 26 boards … two sets of 26 identical boards are needed").  The two copies of a set
    stand at two tables in one round, each played there (the section's ``copies`` is 2: duplicated boards, not a
    relay's shared set).  ``arrow``, ``phantom`` (North-South T) and ``rounds`` as for :func:`mitchell`."""
    if tables % 2 or not WEB_TABLES[0] <= tables <= WEB_TABLES[1]:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-web: the web Mitchell is for an even number of tables, %(low)s to %(high)s"),
            tables=tables, low=WEB_TABLES[0], high=WEB_TABLES[1],
        )  # fmt: skip
    played = _curtail(rounds, WEB_SETS)
    sets = boards_in_sets(boards_per_round, WEB_SETS)
    half = tables // 2
    first = list(range(1, WEB_SETS + 1))  # tables 1 … T/2, then the relay
    second = [*range(half - 1, 0, -1), WEB_SETS, *range(WEB_SETS - 1, half - 1, -1)]  # tables T/2+1 … T, the relay
    switched = arrow_rounds(played) if arrow else 0
    rounds_out: list[Round] = []
    for r in range(played):
        stands: list[Stand] = []
        for table in range(1, tables + 1 - int(phantom)):  # the phantom: North-South T
            group, place = (first, table - 1) if table <= half else (second, table - half - 1)
            board_set = group[(place + r) % WEB_SETS]
            ew = PairRef((table - r - 1) % tables + 1, "EW")
            switch = r >= played - switched
            stands.append(Stand(table, PairRef(table, "NS"), ew, sets[board_set - 1], board_set, switch))
        rounds_out.append(Round(r + 1, tuple(stands)))
    phantom_pair = PairRef(tables, "NS") if phantom else None
    section = Section("A", tuple(rounds_out), per_direction=True, phantom=phantom_pair, copies=2)
    name = Spec("mitchell", tables, "web", arrow, phantom, rounds).name
    source = SOURCE_WEB + (f"; {SOURCE_ARROW}" if arrow else "")
    return Movement(name, "mitchell", source, boards_per_round, (section,))


def appendix_mitchell(
    tables: int, boards_per_round: int = 2, *, arrow: bool = False, phantom: bool = False, rounds: int | None = None
) -> Movement:
    """The appendix Mitchell of ``tables`` tables (14 to 26), :data:`APPENDIX_CORE` rounds and sets: the EBU's
    (its Pairs Scorer manual, *Movements*, "Appendix Mitchell Movement": "Designed for playing 26 boards, the
    movement is based on a core circuit of 13 tables.  Additional tables are accommodated by turning part of the
    13-table circuit into a 'dual carriageway'.  13 NS pairs and 13 EW pairs circulate in opposite directions …
    The other pairs are stationary along the dual section.  Boards are shared across the two carriageways"), built
    as J. Beynon's appendix Mitchell (The Bridge Guys / bridgecentral, "Appendix Mitchell": "The first appendix
    table is positioned next to table 1 … The second is appended to table 2 … numbered N + 1, N + 2 … Both the
    appended and the appendage tables contain one stationary pair, but one must be a N-S pair and the other an E-W
    pair … The boards as usual move down one table … The N-S … pairs move up one table, and the E-W … pairs move
    either up two tables or down two tables").

    Here, with ``a = tables - 13`` appended tables: North-South ``k`` stays at table ``k`` and East-West ``13 + k``
    at table ``13 + k`` (``k`` = 1 … a); the other pairs move – North-South up one place of the core circuit, to
    the appended table at a dual place (the table whose East-West pair stays), East-West down two places (the
    opposite direction), to the core table at a dual place; the boards move down one table as in a Mitchell, the
    appended table ``13 + k`` playing table ``k``'s set (shared, as a relay).  Round 1 seats NS ``t`` against EW
    ``t`` at every table ``t``.  Against the boards the moving pairs go two places up and one down, and against
    each other three: all prime to 13, so every pair plays every set once and no two pairs meet twice (Beynon: the
    base must be prime, 5, 7, 11, 13, …); a moving North-South and a moving East-West pair whose meeting falls on
    a dual place do not meet.  ``arrow`` switches the last rounds (:func:`arrow_rounds`); ``phantom`` makes the
    stationary East-West ``tables`` the phantom (the North-South pair that comes to its table sits out);
    ``rounds`` curtails it."""
    if not APPENDIX_TABLES[0] <= tables <= APPENDIX_TABLES[1]:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-appendix: the appendix Mitchell is for %(low)s to %(high)s tables (a core of "
               "%(core)s tables and the others appended)"),
            tables=tables, low=APPENDIX_TABLES[0], high=APPENDIX_TABLES[1], core=APPENDIX_CORE,
        )  # fmt: skip
    core = APPENDIX_CORE
    appended = tables - core
    played = _curtail(rounds, core)
    sets = boards_in_sets(boards_per_round, core)
    switched = arrow_rounds(played) if arrow else 0
    rounds_out: list[Round] = []
    for r in range(played):
        stands: list[Stand] = []
        for table in range(1, tables + 1):
            place = table if table <= core else table - core  # the place in the core circuit, 1 … 13
            if table <= appended:  # a dual place's core table: its North-South pair stays
                ns = table
            else:  # the moving North-South pair that started at the place r below (at the appended table if dual)
                start = (place - 1 - r) % core + 1
                ns = core + start if start <= appended else start
            # a core table's East-West pair moves (it started 2r places higher); an appended table's stays
            ew = (place - 1 + 2 * r) % core + 1 if table <= core else table
            if phantom and table == tables:
                continue  # the phantom East-West pair: the North-South pair that comes here sits out
            board_set = (place - 1 + r) % core + 1
            switch = r >= played - switched
            stands.append(Stand(table, PairRef(ns, "NS"), PairRef(ew, "EW"), sets[board_set - 1], board_set, switch))
        rounds_out.append(Round(r + 1, tuple(stands)))
    section = Section("A", tuple(rounds_out), per_direction=True, phantom=PairRef(tables, "EW") if phantom else None)
    name = Spec("mitchell", tables, "appendix", arrow, phantom, rounds).name
    source = SOURCE_APPENDIX + (f"; {SOURCE_ARROW}" if arrow else "")
    return Movement(name, "mitchell", source, boards_per_round, (section,))


def half_table_appendix_mitchell(
    tables: int, boards_per_round: int = 2, *, arrow: bool = False, phantom: bool = False, rounds: int | None = None
) -> Movement:
    """The 1½-table appendix Mitchell of ``tables`` and a half tables (4½ to 30½): ``2·tables + 1`` pairs, ``tables -
    1`` rounds and sets, no phantom.  The Bridge Guys / bridgecentral, *Movements*, "1½ table appendix Mitchell":
    "first of all subtract 1½ tables from the number you have, and set up a Mitchell for that number.  The SKIP
    version is used for even numbers of tables.  The 1½ tables are then appended on to this base by placing the
    whole table next to table 1, so that they are in a position to share boards … the ½ table pair takes number
    11 as their pair number and sit out for the first round [10½ tables].  The move as far as the pairs are
    concerned is the same as if they were in a straight 11 table Mitchell, moving up one table at each change and
    going to table 1 after the bye table.  The boards … move as though they were in a standard 9 table Mitchell …
    When the base is an even number of tables, the SKIP occurs after the round number that is equal to half the
    number of tables in the base.  Also the number of rounds in the event is equal to the number of tables in the
    base" (27 boards in play for 10½ tables, 3 a round).

    Here North-South 1 … ``tables`` stay (North-South ``tables`` at the appended table, on table 1's boards);
    East-West ``t`` starts at table ``t``, East-West ``tables + 1`` at the bye table (it sits out), and each moves
    up one place of ``tables + 1`` (two at the skip), the pair at the bye table sitting out; set ``s`` starts at
    table ``s`` of the base and the sets move down one table of the base.  ``arrow`` switches the last rounds;
    ``rounds`` curtails it; no phantom (the half table's pair is the odd pair)."""
    if phantom:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-half: the half table's pair is the odd pair; a 1½-table appendix Mitchell has no "
               "phantom"),
            tables=tables,
        )  # fmt: skip
    if not MIN_TABLES + 1 <= tables <= MAX_TABLES:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-half: the 1½-table appendix Mitchell is for %(low)s½ to %(high)s½ tables"),
            tables=tables, low=MIN_TABLES + 1, high=MAX_TABLES,
        )  # fmt: skip
    base = tables - 1
    places = tables + 1  # the tables and the bye table, where the East-West pair sits out
    played = _curtail(rounds, base)
    sets = boards_in_sets(boards_per_round, base)
    switched = arrow_rounds(played) if arrow else 0
    rounds_out: list[Round] = []
    for r in range(played):
        moved = r + int(base % 2 == 0 and r >= base // 2)  # the skip after half the base's rounds
        stands: list[Stand] = []
        for table in range(1, tables + 1):
            ew = (table - 1 - moved) % places + 1
            board_set = ((1 if table == tables else table) - 1 + r) % base + 1  # the appended table: table 1's set
            switch = r >= played - switched
            stands.append(Stand(table, PairRef(table, "NS"), PairRef(ew, "EW"), sets[board_set - 1], board_set, switch))
        rounds_out.append(Round(r + 1, tuple(stands)))
    section = Section("A", tuple(rounds_out), per_direction=True)
    name = Spec("mitchell", tables, "half", arrow, False, rounds).name
    source = SOURCE_HALF_APPENDIX + (f"; {SOURCE_ARROW}" if arrow else "")
    return Movement(name, "mitchell", source, boards_per_round, (section,))


def rover_mitchell(
    tables: int,
    boards_per_round: int = 2,
    *,
    form: str = "",
    arrow: bool = False,
    phantom: bool = False,
    rounds: int | None = None,
) -> Movement:
    """The rover Mitchell of ``tables`` tables (6 to 15) for ``2·tables + 1`` pairs: the Mitchell (the relay
    Mitchell for an even number of tables) and a late pair, North-South ``tables + 1``, the *rover*: it sits out
    round 1 and then plays North-South at the tables of :data:`ROVER_TABLES` in turn, displacing that table's
    North-South pair for the round (it sits out).  The EBU's Pairs Scorer manual, *Movements* ("Rover Mitchell …
    A late arrival becomes a Rover and play at NS tables in turn.  The stationery pairs are displaced by the Rover
    and sit out for 1 Round", its table of rover tables; "the Rover must play twice against one EW pair when there
    are 9 or 15 tables").  ``form`` is "" (odd) or "relay" (even), as the name says; no phantom (the rover is the
    odd pair)."""
    if phantom:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-rover: the rover is the odd pair; a rover Mitchell has no phantom"), tables=tables
        )
    if tables not in ROVER_TABLES or form != ("relay" if tables % 2 == 0 else ""):
        raise NamedMovementError(
            N_("the rover Mitchell is mitchell-T-rover (T odd) or mitchell-T-relay-rover (T even), for 6 to 15 "
               "tables: %(name)s"),
            name=Spec("mitchell", tables, form, arrow, phantom, rounds, True).name,
        )  # fmt: skip
    base = mitchell(tables, boards_per_round, form=form, arrow=arrow, rounds=rounds)
    section = base.sections[0]
    rover = PairRef(tables + 1, "NS")
    played = [section.rounds[0]]
    for rnd, table in zip(section.rounds[1:], ROVER_TABLES[tables], strict=False):
        played.append(Round(rnd.number, tuple(replace(s, ns=rover) if s.table == table else s for s in rnd.stands)))
    name = Spec("mitchell", tables, form, arrow, False, rounds, True).name
    source = f"{base.source}; {SOURCE_ROVER}"
    return replace(base, name=name, source=source, sections=(replace(section, rounds=tuple(played)),))


def bump_mitchell(
    tables: int,
    boards_per_round: int = 2,
    *,
    form: str = "",
    arrow: bool = False,
    phantom: bool = False,
    rounds: int | None = None,
) -> Movement:
    """The bump (displacement) Mitchell of ``tables`` tables (4 to 30) for ``2·tables + 1`` pairs, ``tables - 1``
    rounds: the Mitchell (the skip Mitchell for an even number of tables) and an extra pair, North-South
    ``tables + 1``, which sits out round 1 and then takes North-South at table 1 for the rest of the evening; the
    pair it bumps sits out round 2 and then takes North-South at table 2, bumping that pair, and so on – in round
    ``r`` North-South ``r - 1`` sits out.  The last round of the Mitchell is not played (most pairs would meet
    their boards again).  The Bridge Guys, *Movements*, "Displacement Mitchell" ("also known as the bump
    Mitchell … The SKIP Mitchell is used with an even number of tables … the last round of the event cannot be
    played").  ``form`` is "" (odd) or "skip" (even), as the name says; no phantom (the extra pair is the odd
    one)."""
    if phantom:
        raise NamedMovementError(
            N_("mitchell-%(tables)s-bump: the bumping pair is the odd pair; a bump Mitchell has no phantom"),
            tables=tables,
        )
    if not 4 <= tables <= MAX_TABLES or form != ("skip" if tables % 2 == 0 else ""):
        raise NamedMovementError(
            N_("the bump Mitchell is mitchell-T-bump (T odd) or mitchell-T-skip-bump (T even), for 4 to %(high)s "
               "tables: %(name)s"),
            high=MAX_TABLES, name=Spec("mitchell", tables, form, arrow, phantom, rounds, bump=True).name,
        )  # fmt: skip
    played = _curtail(rounds, tables - 1)
    base = mitchell(tables, boards_per_round, form=form, arrow=arrow, rounds=played)
    section = base.sections[0]
    extra = PairRef(tables + 1, "NS")
    bumped = []
    for rnd in section.rounds:
        stands = []
        for stand in rnd.stands:
            if rnd.number > stand.table:  # the pair from the table below (table 1: the extra pair) sits here now
                stand = replace(stand, ns=extra if stand.table == 1 else PairRef(stand.table - 1, "NS"))
            stands.append(stand)
        bumped.append(Round(rnd.number, tuple(stands)))
    name = Spec("mitchell", tables, form, arrow, False, rounds, bump=True).name
    source = f"{base.source}; {SOURCE_BUMP}"
    return replace(base, name=name, source=source, sections=(replace(section, rounds=tuple(bumped)),))


def hesitation(tables: int, boards_per_round: int = 2, *, phantom: bool = False, rounds: int | None = None) -> Movement:
    """The hesitation Mitchell of ``tables`` tables (the EBU's, see :data:`SOURCE_HESITATION`): ``2·tables`` pairs
    numbered once, ``tables + 1`` rounds and sets, one winner.  North-South 1 … T-1 stay at their tables; the
    others (pair T, North-South at table T in round 1, and East-West T+1 … 2T, ``T + t`` at table ``t``) move up
    one table a round, and at table T hesitate: East-West there one round, North-South the next, then East-West at
    table 1.  The boards move down one table a round; an odd number of tables has a relay (a bye stand, numbered
    T+1) between tables (T-1)/2 and (T+1)/2, an even one two relays (T+1 and T+2) between T/2 and T/2+1 and tables
    1 and T share their set.  The last rounds (:func:`arrow_rounds`) are arrow-switched at every table but T.
    ``phantom``: North-South 1 (the EBU: "for 7½ tables there should be no pair at 1 N/S", so that table T plays
    its set alone); ``rounds`` curtails it."""
    _check_tables(tables)
    if tables < HESITATION_TABLES:
        raise NamedMovementError(
            N_("hesitation-%(tables)s: the hesitation Mitchell is for 5 tables or more"), tables=tables
        )
    full = tables + 1
    played = _curtail(rounds, full)
    sets = boards_in_sets(boards_per_round, full)
    half = tables // 2
    way: list[tuple[int, ...]]  # the boards' way, position by position (tables; a bye stand's number: a relay)
    if tables % 2:
        way = [(1,), *((t,) for t in range(tables, half, -1)), (tables + 1,), *((t,) for t in range(half, 1, -1))]
        first_sets = {t: t for t in range(1, tables + 2)}
    else:
        way = [(1, tables), *((t,) for t in range(tables - 1, half, -1)), (tables + 2,), (tables + 1,),
               *((t,) for t in range(half, 1, -1))]  # fmt: skip
        first_sets = {**{t: t for t in range(1, tables)}, tables: 1, tables + 1: tables, tables + 2: tables + 1}
    position = {table: i for i, at in enumerate(way) for table in at}
    by_position = {i: first_sets[at[0]] for i, at in enumerate(way)}
    seats = [("EW", t) for t in range(1, tables + 1)] + [("NS", tables)]  # the moving pairs' way
    start = {("NS", tables): tables, **{("EW", t): tables + t for t in range(1, tables + 1)}}
    switched = arrow_rounds(played)
    rounds_out: list[Round] = []
    for r in range(played):
        at_seat = {seats[(seats.index(seat) + r) % full]: pair for seat, pair in start.items()}
        switch = r >= played - switched
        stands: list[Stand] = []
        for table in range(1, tables + 3 if tables % 2 == 0 else tables + 2):
            board_set = by_position[(position[table] - r) % full]
            if table > tables:
                stands.append(Stand(table, None, None, sets[board_set - 1], board_set))
                continue
            if phantom and table == 1:
                continue
            ns = at_seat[("NS", table)] if table == tables else table
            ew = at_seat[("EW", table)]
            stands.append(
                Stand(table, PairRef(ns), PairRef(ew), sets[board_set - 1], board_set, switch and table != tables)
            )
        rounds_out.append(Round(r + 1, tuple(stands)))
    section = Section("A", tuple(rounds_out), per_direction=False, phantom=PairRef(1) if phantom else None)
    name = Spec("hesitation", tables, "", False, phantom, rounds).name
    return Movement(name, "hesitation", f"{SOURCE_HESITATION}; {SOURCE_ARROW}", boards_per_round, (section,))


def three_quarter_howell(
    tables: int, boards_per_round: int = 2, *, phantom: bool = False, rounds: int | None = None
) -> Movement:
    """The three-quarter Howell of ``tables`` tables (:data:`_THREE_QUARTER`, the construction the module docstring
    names): ``2·tables`` pairs, ``R`` rounds and ``R`` sets, every pair plays every set once and meets ``R``
    different pairs; ``phantom`` makes pair ``2·tables`` (a stationary one) the phantom; ``rounds`` curtails it."""
    _check_tables(tables)
    if tables not in _THREE_QUARTER:
        low, high = min(_THREE_QUARTER), max(_THREE_QUARTER)
        raise NamedMovementError(
            N_("howell-%(tables)s-3q: the three-quarter Howells here are for %(low)s to %(high)s tables"),
            tables=tables, low=low, high=high,
        )  # fmt: skip
    full, places, flipped = _THREE_QUARTER[tables]
    played = _curtail(rounds, full)
    sets = boards_in_sets(boards_per_round, full)
    alone = [table for table, (_, at) in enumerate(places, 1) if len(at) == 1]
    stationary = {table: full + i + 1 for i, table in enumerate(alone)}  # pairs R + 1 … 2T
    ghost = PairRef(2 * tables) if phantom else None
    rounds_out: list[Round] = []
    for r in range(played):
        stands: list[Stand] = []
        for table, (place, at) in enumerate(places, 1):
            seated = [PairRef((a + r) % full + 1) for a in at]
            if len(seated) == 1:
                seated.append(PairRef(stationary[table]))
                seated.reverse()  # the stationary pair sits North-South
            if table in flipped:
                seated.reverse()
            if ghost in seated:
                continue
            board_set = (place + r) % full + 1
            stands.append(Stand(table, seated[0], seated[1], sets[board_set - 1], board_set))
        rounds_out.append(Round(r + 1, tuple(stands)))
    section = Section("A", tuple(rounds_out), per_direction=False, phantom=ghost)
    name = Spec("howell", tables, "3q", False, phantom, rounds).name
    return Movement(name, "howell", SOURCE_THREE_QUARTER, boards_per_round, (section,))


def _published_howell(tables: int, boards_per_round: int, *, phantom: bool, rounds: int | None) -> Movement:
    """The published Howell of ``tables`` tables (:data:`_PUBLISHED`), curtailed to ``rounds``; ``phantom`` makes
    pair ``2·tables`` the phantom (its stands left out: its opponent sits out)."""
    schema, text = _PUBLISHED[tables]
    published, problems = nbb.loads(text, schema, boards_per_round=boards_per_round)
    if published is None or problems:  # the table above is wrong: a bug, not bad input
        raise AssertionError(f"{schema}: {'; '.join(str(p) for p in problems)}")
    stationary = PairRef(2 * tables)
    played = _curtail(rounds, 2 * tables - 1)
    kept = tuple(
        Round(r.number, tuple(s for s in r.stands if not phantom or stationary not in (s.ns, s.ew)))
        for r in published.sections[0].rounds[:played]
    )
    section = Section("A", kept, per_direction=False, phantom=stationary if phantom else None)
    name = Spec("howell", tables, "", False, phantom, rounds).name
    return Movement(name, "howell", f"{SOURCE_HOWELL_PUBLISHED} ('{schema}')", boards_per_round, (section,))


_NAME = re.compile(
    r"(?P<family>mitchell|howell|hesitation)-(?P<tables>\d{1,3})(?:-(?P<form>skip|relay|web|appendix|half|3q))?(?P<arrow>-arrow)?"
    r"(?P<rover>-rover)?(?P<bump>-bump)?(?P<phantom>-phantom)?(?:-r(?P<rounds>\d{1,3}))?"
)


def parse_name(name: str) -> Spec:
    """The :class:`Spec` a movement's name says; :class:`MovementError` naming the nearest known names for a name
    that is none."""
    text = name.strip().lower()
    match = _NAME.fullmatch(text)
    forms = {"mitchell": ("", "skip", "relay", "web", "appendix", "half"), "howell": ("", "3q"), "hesitation": ("",)}
    if (
        match is None
        or (match["form"] or "") not in forms[match["family"]]
        or (match["family"] != "mitchell" and (match["arrow"] or match["rover"] or match["bump"]))
        or (match["rover"] and match["bump"])
    ):
        names = list(catalogue())
        number = re.search(r"\d+", text)
        same_size = sorted(
            (n for n in names if number and n.split("-")[1] == number[0]), key=lambda n: (n[:3] != text[:3], len(n))
        )
        near = (same_size or difflib.get_close_matches(text, names, n=4, cutoff=0.6))[:4]
        if near:
            raise NamedMovementError(
                N_("'%(name)s' is not a movement bridgescore knows: mitchell-T (odd T), mitchell-T-skip or "
                   "mitchell-T-relay (even T), howell-T, howell-T-3q (three-quarter), hesitation-T, with -arrow "
                   "(Mitchell), -phantom, -rN (N rounds); two sections joined by +; did you mean %(near)s?"),
                name=name, near=", ".join(near),
            )  # fmt: skip
        raise NamedMovementError(
            N_("'%(name)s' is not a movement bridgescore knows: mitchell-T (odd T), mitchell-T-skip or "
               "mitchell-T-relay (even T), howell-T, howell-T-3q (three-quarter), hesitation-T, with -arrow "
               "(Mitchell), -phantom, -rN (N rounds); two sections joined by +"),
            name=name,
        )  # fmt: skip
    return Spec(
        match["family"],
        int(match["tables"]),
        match["form"] or "",
        bool(match["arrow"]),
        bool(match["phantom"]),
        int(match["rounds"]) if match["rounds"] else None,
        bool(match["rover"]),
        bool(match["bump"]),
    )


def parse_sections(name: str) -> tuple[Spec, ...]:
    """The :class:`Spec` of each section a movement's name says (one, or several joined by ``+``)."""
    return tuple(parse_name(part) for part in name.split("+"))


def side_by_side(movements: Sequence[Movement]) -> Movement:
    """Movements of one section each played as the sections of one evening, A, B, … in order, each section with its
    own copy of the same boards (the way a field too large for one section is run: ACBL and EBU sections, scored
    per section or across the field).  Its name joins theirs with ``+``; the sections play the same rounds (an
    evening's rounds are called together) and boards a round, else :class:`NamedMovementError`."""
    if not 2 <= len(movements) <= len(SECTION_NAMES):
        raise MovementError(f"{len(movements)} movements: side by side are 2 to {len(SECTION_NAMES)}")
    first = movements[0]
    for other in movements[1:]:
        if other.rounds != first.rounds:
            raise NamedMovementError(
                N_("%(name)s: its sections play %(rounds)s and %(other)s rounds; the sections of an evening play "
                   "the same rounds (curtail one with -rN)"),
                name="+".join(m.name for m in movements), rounds=first.rounds, other=other.rounds,
            )  # fmt: skip
        if other.boards_per_round != first.boards_per_round or len(other.sections) != 1:
            raise MovementError(f"{other.name}: side by side, each is one section of {first.boards_per_round} boards")
    sections = tuple(replace(m.sections[0], name=letter) for m, letter in zip(movements, SECTION_NAMES, strict=False))
    families = {m.family for m in movements}
    sources = list(dict.fromkeys(m.source for m in movements))
    return Movement(
        "+".join(m.name for m in movements),
        families.pop() if len(families) == 1 else "custom",
        f"{SOURCE_SECTIONS}; {'; '.join(sources)}",
        first.boards_per_round,
        sections,
    )


def by_name(name: str, boards_per_round: int = 2) -> Movement:
    """The movement called ``name`` (see the module docstring), with ``boards_per_round`` boards a round; names
    joined by ``+`` are sections side by side (:func:`side_by_side`)."""
    if "+" in name:
        return side_by_side([by_name(part, boards_per_round) for part in name.split("+")])
    spec = parse_name(name)
    if spec.bump:
        return bump_mitchell(
            spec.tables, boards_per_round, form=spec.form, arrow=spec.arrow, phantom=spec.phantom, rounds=spec.rounds
        )
    if spec.rover:
        return rover_mitchell(
            spec.tables, boards_per_round, form=spec.form, arrow=spec.arrow, phantom=spec.phantom, rounds=spec.rounds
        )
    if spec.form == "half" and not (spec.rover or spec.bump):
        return half_table_appendix_mitchell(
            spec.tables, boards_per_round, arrow=spec.arrow, phantom=spec.phantom, rounds=spec.rounds
        )
    if spec.form == "appendix":
        return appendix_mitchell(
            spec.tables, boards_per_round, arrow=spec.arrow, phantom=spec.phantom, rounds=spec.rounds
        )
    if spec.form == "web":
        return web_mitchell(spec.tables, boards_per_round, arrow=spec.arrow, phantom=spec.phantom, rounds=spec.rounds)
    if spec.family == "mitchell":
        return mitchell(
            spec.tables, boards_per_round, form=spec.form, arrow=spec.arrow, phantom=spec.phantom, rounds=spec.rounds
        )
    if spec.family == "hesitation":
        return hesitation(spec.tables, boards_per_round, phantom=spec.phantom, rounds=spec.rounds)
    if spec.form == "3q":
        return three_quarter_howell(spec.tables, boards_per_round, phantom=spec.phantom, rounds=spec.rounds)
    return howell(spec.tables, boards_per_round, phantom=spec.phantom, rounds=spec.rounds)


def catalogue() -> Iterator[str]:
    """Every uncurtailed movement name the generators build (3 to 30 tables), Mitchells first."""
    for tables in range(MIN_TABLES, MAX_TABLES + 1):
        forms = ("",) if tables % 2 else ("skip", "relay")
        for form in forms:
            for arrow in (False, True):
                for phantom in (False, True):
                    yield Spec("mitchell", tables, form, arrow, phantom).name
    for tables in range(MIN_TABLES, MAX_TABLES + 1):
        if tables in _ADDERS or tables in _PUBLISHED:
            for phantom in (False, True):
                yield Spec("howell", tables, phantom=phantom).name
        if tables in _THREE_QUARTER:
            for phantom in (False, True):
                yield Spec("howell", tables, "3q", phantom=phantom).name
    for tables in range(HESITATION_TABLES, MAX_TABLES + 1):
        for phantom in (False, True):
            yield Spec("hesitation", tables, phantom=phantom).name
    for tables in range(WEB_TABLES[0], WEB_TABLES[1] + 1, 2):
        for arrow in (False, True):
            for phantom in (False, True):
                yield Spec("mitchell", tables, "web", arrow, phantom).name
    for tables in range(APPENDIX_TABLES[0], APPENDIX_TABLES[1] + 1):
        for arrow in (False, True):
            for phantom in (False, True):
                yield Spec("mitchell", tables, "appendix", arrow, phantom).name
    for tables in range(MIN_TABLES + 1, MAX_TABLES + 1):
        for arrow in (False, True):
            yield Spec("mitchell", tables, "half", arrow).name
    for tables in ROVER_TABLES:
        for arrow in (False, True):
            yield Spec("mitchell", tables, "" if tables % 2 else "relay", arrow, rover=True).name
    for tables in range(4, MAX_TABLES + 1):
        for arrow in (False, True):
            yield Spec("mitchell", tables, "" if tables % 2 else "skip", arrow, bump=True).name
