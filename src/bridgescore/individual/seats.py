"""Who sat where: the four players of each traveller line of an individual, as the readers keep them.

The readers read an individual's lines like any other (``io/usebio.py``, ``io/pbn.py``, ``io/csv.py``) and keep
the players on each line in :attr:`bridgescore.core.event.Result.extra`:

* USEBIO (the EBU's individual form, ``EVENT_TYPE="INDIVIDUAL"``): ``N_PLAYER_NUMBER``, ``S_PLAYER_NUMBER``,
  ``E_PLAYER_NUMBER``, ``W_PLAYER_NUMBER`` (elements);
* PBN (``[Competition "Individuals"]``): the ``North``, ``South``, ``East`` and ``West`` tags (players by name);
* CSV: the columns ``north``, ``south``, ``east``, ``west`` (English or Dutch headers, :mod:`bridgescore.io.csv`).

A line whose seats cannot be told is reported with its file, line and the seat's field, and what happens to it
said: the line's result stays in the board's comparison (it was played, whoever sat there), but a player is
credited with it only where the line says unambiguously that they sat there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np
import numpy.typing as npt

from bridgescore.core.event import Event, Result
from bridgescore.core.i18n import N_
from bridgescore.core.problems import FieldKind, Location, Problem, shorten
from bridgescore.core.table import Column, ResultTable, ResultView, distinct
from bridgescore.io.csv import SEATS as CSV_SEATS

__all__ = ["SEAT_FIELDS", "SeatColumns", "Seating", "seat_columns", "seat_fields_of", "seat_location", "seatings"]


@dataclass(frozen=True, slots=True)
class Seating:
    """The four players of one traveller line ("" for a seat not written).  ``uncredited`` names the players
    who are not credited with the line (a player in two seats of the table, or on two lines of the board)."""

    north: str
    south: str
    east: str
    west: str
    uncredited: frozenset[str] = frozenset()

    @property
    def ns(self) -> tuple[str, str]:
        return self.north, self.south

    @property
    def ew(self) -> tuple[str, str]:
        return self.east, self.west

    @property
    def players(self) -> tuple[str, str, str, str]:
        return self.north, self.south, self.east, self.west

    def credited(self, side: str) -> tuple[str, ...]:
        """The players of ``side`` (``ns``/``ew``) who get the side's score on this line."""
        pair = self.ns if side == "ns" else self.ew
        return tuple(p for p in pair if p and p not in self.uncredited)


#: Where each reader keeps the four players (North, South, East, West) and what kind of field that is.
SEAT_FIELDS: tuple[tuple[tuple[str, str, str, str], FieldKind], ...] = (
    (("N_PLAYER_NUMBER", "S_PLAYER_NUMBER", "E_PLAYER_NUMBER", "W_PLAYER_NUMBER"), FieldKind.ELEMENT),
    (("North", "South", "East", "West"), FieldKind.TAG),
    ((CSV_SEATS[0], CSV_SEATS[1], CSV_SEATS[2], CSV_SEATS[3]), FieldKind.COLUMN),
)
_SEAT_WORDS = ("North", "South", "East", "West")
#: A seat without a player: one message per seat, so that each reads whole in Dutch.
_NO_PLAYER = {
    "North": N_("board %(board)d: the line has no North player; the other players are credited with it"),
    "South": N_("board %(board)d: the line has no South player; the other players are credited with it"),
    "East": N_("board %(board)d: the line has no East player; the other players are credited with it"),
    "West": N_("board %(board)d: the line has no West player; the other players are credited with it"),
}


def seat_fields_of(result: Result) -> tuple[tuple[str, str, str, str], FieldKind] | None:
    """The four seat columns a line names its players in (and their kind), or None where it names none."""
    for fields, kind in SEAT_FIELDS:
        if any(f in result.extra for f in fields):
            return fields, kind
    return None


def has_seats(event: Event) -> bool:
    """Whether any line of ``event`` names a player by seat (an individual, or a pairs file with its players)."""
    return any(seat_fields_of(r) is not None for r in event.results)


def seat_location(result: Result, field: str, kind: FieldKind) -> Location:
    """Where a line's seat column ``field`` is: its file and line, the column named."""
    source = result.source or Location("<input>")
    return Location(source.file, source.line, field, kind)


def seatings(results: Sequence[Result]) -> tuple[list[Seating | None], list[Problem]]:
    """Each line's seating (None where the line names no player at all), in the order of ``results``, and every
    problem found: a seat without a player, a player in two seats of one table, a player on two lines of one board
    (see the module docstring for what is credited then)."""
    problems: list[Problem] = []
    out: list[Seating | None] = []
    seen: dict[tuple[str, int, str], int] = {}  # (section, board, player) → index of the first line
    twice_on_board: set[tuple[str, int, str]] = set()
    for result in results:
        found = seat_fields_of(result)
        if found is None:
            out.append(None)
            problems.append(
                Problem.make(
                    result.source or Location("<input>"),
                    "board %(board)d: the line names no players (North, South, East, West); its result is compared "
                    "but no player is credited with it",
                    board=result.board,
                )
            )
            continue
        fields, kind = found
        players = [result.extra.get(f, "").strip() for f in fields]
        uncredited: set[str] = set()
        for field, word, player in zip(fields, _SEAT_WORDS, players, strict=True):
            if not player:
                problems.append(Problem.make(seat_location(result, field, kind), _NO_PLAYER[word], board=result.board))
        for player in dict.fromkeys(p for p in players if p):
            seats = [w for w, p in zip(_SEAT_WORDS, players, strict=True) if p == player]
            if len(seats) > 1:
                uncredited.add(player)
                second = fields[_SEAT_WORDS.index(seats[1])]
                problems.append(
                    Problem.make(
                        seat_location(result, second, kind),
                        "board %(board)d: player %(player)s sits in two seats at this table; the line is not "
                        "counted for them",
                        board=result.board,
                        player=shorten(player),
                    )
                )
        index = len(out)
        for field, player in zip(fields, players, strict=True):
            if not player:
                continue
            key = (result.section, result.board, player)
            first = seen.setdefault(key, index)
            if first != index and key not in twice_on_board:
                twice_on_board.add(key)
                earlier = results[first].source
                problems.append(
                    Problem.make(
                        seat_location(result, field, kind),
                        "board %(board)d: player %(player)s is also on another line of this board (line %(first)s); "
                        "the board is not counted for them",
                        board=result.board,
                        player=shorten(player),
                        first=earlier.line if earlier is not None and earlier.line is not None else "?",
                    )
                )
        north, south, east, west = players
        out.append(Seating(north, south, east, west, frozenset(uncredited)))
    if twice_on_board:
        for i, (result, seating) in enumerate(zip(results, out, strict=True)):
            if seating is None:
                continue
            doubled = {p for p in seating.players if p and (result.section, result.board, p) in twice_on_board}
            if doubled:
                out[i] = Seating(*seating.players, uncredited=seating.uncredited | doubled)
    return out, problems


class SeatColumns(Sequence[Seating]):
    """The seatings of a large event held as columns (issue 19: a Seating per line of a 1,000,000-line individual was
    most of its time and memory): ``players`` the distinct players, ``codes[i]`` the four seats' codes of line ``i``
    (North, South, East, West); a ``Seating`` is made when asked for.  Only for lines that each name four different
    players, no player on two lines of a board: every player is credited, no problem to report."""

    __slots__ = ("codes", "players")

    def __init__(self, players: tuple[str, ...], codes: npt.NDArray[np.int64]) -> None:
        self.players = players
        self.codes = codes

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, i: int) -> Seating: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Seating]: ...
    def __getitem__(self, i: int | slice) -> Seating | Sequence[Seating]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        north, south, east, west = (self.players[c] for c in self.codes[i].tolist())
        return Seating(north, south, east, west)

    def __iter__(self) -> Iterator[Seating]:
        players = self.players
        for north, south, east, west in self.codes.tolist():
            yield Seating(players[north], players[south], players[east], players[west])


def seat_columns(results: Sequence[Result]) -> SeatColumns | None:
    """The seatings of ``results`` on columns where that gives what :func:`seatings` gives and it reports nothing:
    a columnar event (:class:`bridgescore.core.table.ResultView`) whose every line keeps its four players in one
    reader's seat fields, four different players, none on two lines of a board (its section's).  None otherwise:
    :func:`seatings` then reads the lines one by one (and words each problem)."""
    if not isinstance(results, ResultView) or not len(results):
        return None
    table: ResultTable = results.table
    present = [fields for fields, _ in SEAT_FIELDS if any(f in table.extra for f in fields)]
    if len(present) != 1 or not all(f in table.extra for f in present[0]):
        return None
    seats: list[Column[str | None]] = [table.extra[f] for f in present[0]]
    if any(None in column.labels for column in seats):
        return None
    players = Column.concat([column.map(lambda v: (v or "").strip()) for column in seats])
    n = len(table)
    codes = players.codes.astype(np.int64).reshape(4, n).T
    if "" in players.labels and bool((codes == players.labels.index("")).any()):
        return None  # a seat without a player: reported line by line
    for a in range(4):
        for b in range(a + 1, 4):
            if bool((codes[:, a] == codes[:, b]).any()):
                return None  # a player in two seats of a table
    width = len(players.labels)
    board = (table.section.codes.astype(np.int64) * (int(table.board.max()) + 1) + table.board) * width
    keys = (board[:, None] + codes).ravel()
    if len(distinct(keys)) != len(keys):
        return None  # a player on two lines of a board
    return SeatColumns(tuple(str(p) for p in players.labels), codes)
