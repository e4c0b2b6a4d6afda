"""A movement as data (issue 21): who sits where and plays which boards in every round.

A club evening runs on a schedule the director chose before the first board (the NBB's program calls them
"schema's", EBUScore and ACBLscore "movements"): for each round and table the North-South pair, the East-West pair
and the boards.  The model holds exactly that, so a schedule read from a club's file, one generated here and one
written back are the same value, and a traveller line can be checked against it.

* A **section** is one field's schedule; a movement may have several (two Mitchells side by side).
* A **stand** is one table in one round: its number, the NS pair, the EW pair and its boards (a set of board
  numbers).  A **bye stand** has boards and no players (the boards rest there for a round, as in the Mitchell
  with relay and bye for an even number of tables, EBU *Movements*, "Relay and bye stand"); two stands of a round
  with the same boards **share** them (a relay: both tables play them in that round, passing them between) – unless
  the section has more than one **copy** of its boards (:attr:`Section.copies`: the web Mitchell's two copies, a
  teams match's two rooms), where each of those stands plays a copy of its own (duplicated boards, not passed).
* An **arrow switch** at a stand means its pairs play the other direction's cards for that round (the NS pair
  holds East-West's hands), the EBU's way of making one winner of a Mitchell; the stand still names the pair that
  sits North-South.
* Pairs are numbered **per direction** (Mitchell: NS 1 … n and EW 1 … n are different pairs) or **once** (Howell:
  pair 1 … 2n); :class:`PairRef` names a pair either way.
* A pair that has no stand in a round **sits out** that round (a sit-out for an odd number of pairs); a
  **phantom** is a pair number the schedule has but no real pair plays (its opponents sit out; a director may
  award them an average).
* An **individual** (every player with another partner each round: the EBU's individual form, a whist
  tournament) seats four **players** at a stand instead of two pairs (:class:`Players`: North, South, East and West
  by player number), since its partnerships last one round; a section's stands are all of pairs or all of
  players, and a player without a seat in a round sits out (a 13-player individual: one a round).

Every record is immutable and validated where it is built (:class:`MovementError` for a schedule that cannot be
one: a stand twice in a round, a board number below 1, a pair at two stands of a round); what makes a schedule
good or bad (a pair playing a board twice, an unbalanced Howell) is the validator's business, not the model's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

__all__ = [
    "SCHEMA",
    "Direction",
    "Family",
    "Movement",
    "MovementError",
    "PairRef",
    "Players",
    "Round",
    "Seat",
    "SeatName",
    "Section",
    "Stand",
    "Visit",
    "boards_in_sets",
    "numbered_once",
]

#: The JSON schema name of a movement (``movement show -f json``; ``bridgescore.movement/1``).
SCHEMA = "bridgescore.movement/1"

Direction = Literal["NS", "EW"]
#: A seat at an individual's table.
SeatName = Literal["N", "S", "E", "W"]
#: The families of movement the library knows; ``custom`` for a schedule read from a file that names none.
Family = Literal["mitchell", "howell", "hesitation", "share-and-bump", "individual", "teams", "custom"]


class MovementError(ValueError):
    """A schedule that cannot be a movement (the message says why, in words a director understands)."""


@dataclass(frozen=True, slots=True, order=True)
class PairRef:
    """A pair as the schedule names it: its number, and its direction where pairs are numbered per direction
    (a Mitchell: ``PairRef(3, "NS")`` is not ``PairRef(3, "EW")``); ``direction`` is None where pairs are numbered
    once (a Howell: ``PairRef(3)``)."""

    number: int
    direction: Direction | None = None

    def __post_init__(self) -> None:
        if self.number < 1:
            raise MovementError(f"pair number {self.number}: pairs are numbered from 1")

    def __str__(self) -> str:
        return f"{self.direction} {self.number}" if self.direction else str(self.number)


@dataclass(frozen=True, slots=True)
class Players:
    """The four players at an individual's stand, by player number (from 1, four different players): North and
    South are partners for the round, East and West the other partnership."""

    north: int
    south: int
    east: int
    west: int

    def __post_init__(self) -> None:
        if min(self.seats) < 1:
            raise MovementError(f"player {min(self.seats)}: players are numbered from 1")
        if len(set(self.seats)) < 4:
            twice = next(p for p in self.seats if self.seats.count(p) > 1)
            raise MovementError(f"player {twice} cannot sit in two seats of a table")

    @property
    def seats(self) -> tuple[int, int, int, int]:
        """The players in seat order: North, South, East, West."""
        return self.north, self.south, self.east, self.west

    def seat_of(self, player: int) -> SeatName | None:
        """The seat ``player`` has here, or None."""
        for seat, number in zip(("N", "S", "E", "W"), self.seats, strict=True):
            if number == player:
                return seat  # type: ignore[return-value]  # one of the four literals
        return None

    def partner(self, player: int) -> int:
        """The partner of ``player`` (who sits here) for the round."""
        n, s, e, w = self.seats
        return {n: s, s: n, e: w, w: e}[player]

    def opponents(self, player: int) -> tuple[int, int]:
        """The two opponents of ``player`` (who sits here): East and West for North-South and the other way."""
        return (self.east, self.west) if player in (self.north, self.south) else (self.north, self.south)

    def __str__(self) -> str:
        return f"{self.north}-{self.south} v {self.east}-{self.west}"


@dataclass(frozen=True, slots=True)
class Stand:
    """One table in one round: ``ns`` and ``ew`` (None both: a bye stand, boards and no players), the boards
    played there (board numbers, from 1), the board set's number where the schedule numbers its sets (the NBB's
    "set", Bridgemate's LowBoard–HighBoard), and ``arrow_switch`` (the pairs play the other direction's cards).
    An individual's stand has ``players`` (four, by seat) and no pairs."""

    table: int
    ns: PairRef | None
    ew: PairRef | None
    boards: frozenset[int]
    board_set: int | None = None
    arrow_switch: bool = False
    players: Players | None = None

    def __post_init__(self) -> None:
        if self.table < 1:
            raise MovementError(f"table {self.table}: tables are numbered from 1")
        if self.players is not None:
            if self.ns is not None or self.ew is not None:
                raise MovementError(f"table {self.table}: a stand seats two pairs or four players, not both")
            if self.arrow_switch:
                raise MovementError(f"table {self.table}: an individual's stand is not arrow-switched")
        if (self.ns is None) != (self.ew is None):
            raise MovementError(f"table {self.table}: a stand has two pairs or none (a bye stand), not one")
        if self.ns is not None and self.ns == self.ew:
            raise MovementError(f"table {self.table}: pair {self.ns} cannot play itself")
        if any(b < 1 for b in self.boards):
            raise MovementError(f"table {self.table}: boards are numbered from 1")
        if self.arrow_switch and self.ns is None:
            raise MovementError(f"table {self.table}: a bye stand has no pairs to switch")

    @property
    def is_bye(self) -> bool:
        """A bye stand: boards resting there for the round, no players."""
        return self.ns is None and self.players is None

    @property
    def low_board(self) -> int:
        return min(self.boards) if self.boards else 0

    @property
    def high_board(self) -> int:
        return max(self.boards) if self.boards else 0


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a section: its stands (by table number, each once, held in table order)."""

    number: int
    stands: tuple[Stand, ...]

    def __post_init__(self) -> None:
        if self.number < 1:
            raise MovementError(f"round {self.number}: rounds are numbered from 1")
        # held in table order, whatever order a file lists them in: a round is its stands, not their order
        object.__setattr__(self, "stands", tuple(sorted(self.stands, key=lambda s: s.table)))
        seen: set[int] = set()
        pairs: set[PairRef] = set()
        players: set[int] = set()
        for stand in self.stands:
            if stand.table in seen:
                raise MovementError(f"round {self.number}: table {stand.table} is given twice")
            seen.add(stand.table)
            if stand.players is not None:
                for player in stand.players.seats:
                    if player in players:
                        raise MovementError(f"round {self.number}: player {player} is at two tables")
                    players.add(player)
            for pair in (stand.ns, stand.ew):
                if pair is None:
                    continue
                if pair in pairs:
                    raise MovementError(f"round {self.number}: pair {pair} is at two tables")
                pairs.add(pair)

    def stand(self, table: int) -> Stand | None:
        """The stand at ``table`` this round, or None."""
        return next((s for s in self.stands if s.table == table), None)

    def pairs(self) -> frozenset[PairRef]:
        """The pairs that play this round."""
        return frozenset(p for s in self.stands for p in (s.ns, s.ew) if p is not None)

    def players(self) -> frozenset[int]:
        """The players seated this round (an individual's)."""
        return frozenset(p for s in self.stands if s.players is not None for p in s.players.seats)

    def shared(self) -> Mapping[frozenset[int], tuple[int, ...]]:
        """The board sets at more than one table this round (relays and bye stands), with their tables."""
        tables: dict[frozenset[int], list[int]] = {}
        for s in self.stands:
            if s.boards:
                tables.setdefault(s.boards, []).append(s.table)
        return MappingProxyType({b: tuple(t) for b, t in tables.items() if len(t) > 1})


@dataclass(frozen=True, slots=True)
class Visit:
    """What one pair does in one round: the table, the direction it sits (the direction of the cards it holds is
    the other under an arrow switch), its opponents and the boards."""

    round: int
    table: int
    direction: Direction
    opponents: PairRef
    boards: frozenset[int]
    arrow_switch: bool = False

    @property
    def plays(self) -> Direction:
        """The direction whose cards the pair holds (the one it sits, but under an arrow switch)."""
        if not self.arrow_switch:
            return self.direction
        return "EW" if self.direction == "NS" else "NS"


@dataclass(frozen=True, slots=True)
class Seat:
    """Where one player of an individual sits in one round: the table, the seat, the partner, the two opponents
    (the left-hand opponent first: East for North, South for East …) and the boards."""

    round: int
    table: int
    seat: SeatName
    partner: int
    opponents: tuple[int, int]
    boards: frozenset[int]

    @property
    def direction(self) -> Direction:
        """The direction whose cards the player holds: NS for North and South, EW for East and West."""
        return "NS" if self.seat in ("N", "S") else "EW"


@dataclass(frozen=True, slots=True)
class Section:
    """One field's schedule: its rounds in order; ``per_direction``: pairs numbered per direction (Mitchell);
    ``phantom``: the pair number no real pair plays, if any; ``copies``: the copies of each board the section plays
    with – 1 (stands of a round with the same boards share one set: a relay), 2 where the movement duplicates its
    boards so that two stands of a round each play a copy (the web Mitchell, EBU: "two sets of 26 identical boards
    are needed"; a teams match's open and closed rooms); ``sitting_out``: pairs of the section that have no stand in
    any of its rounds, held so that the section knows them (a Swiss round's movement, one round, whose team with the
    bye would otherwise not be in it at all)."""

    name: str
    rounds: tuple[Round, ...]
    per_direction: bool = False
    phantom: PairRef | None = None
    copies: int = 1
    sitting_out: tuple[PairRef, ...] = ()

    def __post_init__(self) -> None:
        if self.copies < 1:
            raise MovementError(f"section {self.name or '-'}: a section plays at least one copy of its boards")
        numbers = [r.number for r in self.rounds]
        if numbers != list(range(1, len(numbers) + 1)):
            raise MovementError(f"section {self.name or '-'}: rounds must be numbered 1, 2, 3 … in order")
        kinds = {s.players is not None for r in self.rounds for s in r.stands if not s.is_bye}
        if len(kinds) > 1:
            raise MovementError(
                f"section {self.name or '-'}: some stands seat pairs and others players; a section is a pairs "
                "event or an individual"
            )
        if kinds == {True} and (self.per_direction or self.phantom is not None):
            raise MovementError(f"section {self.name or '-'}: an individual has players, not pairs numbered per "
                                "direction or a phantom pair")  # fmt: skip
        for r in self.rounds:
            for s in r.stands:
                for pair in (s.ns, s.ew):
                    if pair is not None and (pair.direction is not None) != self.per_direction:
                        raise MovementError(
                            f"section {self.name or '-'}, round {r.number}, table {s.table}: pair {pair} "
                            + ("needs its direction (pairs numbered per direction)" if self.per_direction
                               else "is numbered once here, without a direction")
                        )  # fmt: skip
        seated = {p for r in self.rounds for p in r.pairs()}
        for pair in self.sitting_out:
            if (pair.direction is not None) != self.per_direction or pair in seated:
                raise MovementError(
                    f"section {self.name or '-'}: pair {pair} sits out every round"
                    + (" but has a table" if pair in seated else ", numbered otherwise than the section's pairs")
                )

    @property
    def tables(self) -> tuple[int, ...]:
        """The table numbers the section uses, in order."""
        return tuple(sorted({s.table for r in self.rounds for s in r.stands}))

    @property
    def boards(self) -> frozenset[int]:
        """Every board played in the section."""
        return frozenset(b for r in self.rounds for s in r.stands for b in s.boards)

    def pairs(self) -> tuple[PairRef, ...]:
        """Every pair of the schedule (the phantom included), in order: North-South before East-West where pairs are
        numbered per direction, as a director lists them."""
        found = {p for r in self.rounds for p in r.pairs()} | set(self.sitting_out)
        if self.phantom is not None:
            found.add(self.phantom)
        return tuple(sorted(found, key=lambda p: (p.direction == "EW", p.number)))

    def visits(self, pair: PairRef) -> tuple[Visit, ...]:
        """What ``pair`` does round by round (the rounds it sits out left out)."""
        out: list[Visit] = []
        for r in self.rounds:
            for s in r.stands:
                if s.ns == pair and s.ew is not None:
                    out.append(Visit(r.number, s.table, "NS", s.ew, s.boards, s.arrow_switch))
                elif s.ew == pair and s.ns is not None:
                    out.append(Visit(r.number, s.table, "EW", s.ns, s.boards, s.arrow_switch))
        return tuple(out)

    def sit_outs(self, round_number: int) -> tuple[PairRef, ...]:
        """The pairs of the section that do not play in round ``round_number``."""
        playing = self.rounds[round_number - 1].pairs()
        return tuple(p for p in self.pairs() if p not in playing)

    @property
    def individual(self) -> bool:
        """Whether the section seats players (an individual), not pairs."""
        return any(s.players is not None for r in self.rounds for s in r.stands)

    def players(self) -> tuple[int, ...]:
        """Every player of an individual section, in number order (none for a pairs section)."""
        return tuple(sorted({p for r in self.rounds for p in r.players()}))

    def seats(self, player: int) -> tuple[Seat, ...]:
        """Where ``player`` sits round by round (the rounds they sit out left out)."""
        out: list[Seat] = []
        for r in self.rounds:
            for s in r.stands:
                if s.players is None:
                    continue
                seat = s.players.seat_of(player)
                if seat is not None:
                    opponents = s.players.opponents(player)
                    # the left-hand opponent first: North's is East, South's West, East's South, West's North
                    left = opponents if seat in ("N", "W") else (opponents[1], opponents[0])
                    out.append(Seat(r.number, s.table, seat, s.players.partner(player), left, s.boards))
        return tuple(out)

    def seat(self, round_number: int, player: int) -> Seat | None:
        """Where ``player`` sits in round ``round_number``, or None (they sit out, or have no such round)."""
        return next((s for s in self.seats(player) if s.round == round_number), None)

    def players_out(self, round_number: int) -> tuple[int, ...]:
        """The players of an individual section who have no seat in round ``round_number``."""
        seated = self.rounds[round_number - 1].players()
        return tuple(p for p in self.players() if p not in seated)

    def stands_of_board(self, board: int) -> Iterator[tuple[Round, Stand]]:
        """Every (round, stand) where ``board`` is played (bye stands left out)."""
        for r in self.rounds:
            for s in r.stands:
                if board in s.boards and not s.is_bye:
                    yield r, s


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement: its name (as ``movement suggest`` prints it and every command accepts it, or the file's), its
    family, where it comes from (the publication or program it follows), the boards per round, and its sections.
    ``notes`` keeps what a file said that the model has no place for (written back where the format allows)."""

    name: str
    family: Family
    source: str
    boards_per_round: int
    sections: tuple[Section, ...]
    notes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if not self.sections:
            raise MovementError(f"movement {self.name}: it has no section")
        names = [s.name for s in self.sections]
        if len(set(names)) != len(names):
            raise MovementError(f"movement {self.name}: two sections are called the same")
        if self.boards_per_round < 1:
            raise MovementError(f"movement {self.name}: a round has at least one board")
        if len({s.individual for s in self.sections}) > 1:
            raise MovementError(f"movement {self.name}: some sections seat pairs and others players (an individual)")

    @property
    def individual(self) -> bool:
        """Whether the movement seats players (an individual): any of its sections does."""
        return any(s.individual for s in self.sections)

    @property
    def rounds(self) -> int:
        """The most rounds a section has."""
        return max(len(s.rounds) for s in self.sections)

    @property
    def tables(self) -> int:
        """The tables of all sections (bye stands included)."""
        return sum(len(s.tables) for s in self.sections)

    @property
    def boards(self) -> int:
        """The boards in play (the most any section uses)."""
        return max(len(s.boards) for s in self.sections)

    def section(self, name: str) -> Section:
        """The section called ``name``; KeyError naming the sections there are."""
        for s in self.sections:
            if s.name == name:
                return s
        raise KeyError(f"no section '{name}' in {self.name}: it has {', '.join(x.name or '-' for x in self.sections)}")


def boards_in_sets(boards_per_round: int, sets: int) -> tuple[frozenset[int], ...]:
    """The usual board sets: set 1 is boards 1 … k, set 2 boards k+1 … 2k and so on (``k`` boards a round)."""
    return tuple(frozenset(range(i * boards_per_round + 1, (i + 1) * boards_per_round + 1)) for i in range(sets))


def numbered_once(movement: Movement) -> Movement:
    """``movement`` with every section's pairs numbered once: where a section numbers its pairs per direction (a
    Mitchell: NS 1 … n, EW 1 … n), East-West pair ``k`` becomes pair ``n + k`` – as the NBB's and the EBU's programs
    number a Mitchell, so that a pair's number alone names it on a traveller, a names file and a ranking.  The
    schedule is otherwise the same: the same stands, boards, arrow switches and phantom."""
    sections = []
    for section in movement.sections:
        if not section.per_direction:
            sections.append(section)
            continue
        north_south = [p.number for p in section.pairs() if p.direction == "NS"]
        n = max(north_south, default=0)

        def once(pair: PairRef | None, n: int = n) -> PairRef | None:
            return None if pair is None else PairRef(pair.number + (n if pair.direction == "EW" else 0))

        rounds = tuple(
            Round(r.number, tuple(Stand(s.table, once(s.ns), once(s.ew), s.boards, s.board_set, s.arrow_switch,
                                        s.players) for s in r.stands))
            for r in section.rounds
        )  # fmt: skip
        idle = tuple(p for p in map(once, section.sitting_out) if p is not None)
        sections.append(Section(section.name, rounds, False, once(section.phantom), section.copies, idle))
    return Movement(movement.name, movement.family, movement.source, movement.boards_per_round, tuple(sections),
                    movement.notes)  # fmt: skip
