"""Who sat where: the four players of each traveller line of an individual, as the readers keep them.

The readers read an individual's lines like any other (``io/usebio.py``, ``io/pbn.py``, ``io/csv.py``) and keep
the players on each line in :attr:`bridgescore.event.Result.extra`:

* USEBIO (the EBU's individual form, ``EVENT_TYPE="INDIVIDUAL"``): ``N_PLAYER_NUMBER``, ``S_PLAYER_NUMBER``,
  ``E_PLAYER_NUMBER``, ``W_PLAYER_NUMBER`` (elements);
* PBN (``[Competition "Individuals"]``): the ``North``, ``South``, ``East`` and ``West`` tags (players by name);
* CSV: the columns ``north``, ``south``, ``east``, ``west`` (English or Dutch headers, :mod:`bridgescore.io.csv`).

A line whose seats cannot be told is reported with its file, line and the seat's field, and what happens to it
said: the line's result stays in the board's comparison (it was played, whoever sat there), but a player is
credited with it only where the line says unambiguously that they sat there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgescore.event import Event, Result
from bridgescore.i18n import N_
from bridgescore.io.csv import SEATS as CSV_SEATS
from bridgescore.problems import FieldKind, Location, Problem, shorten

__all__ = ["SEAT_FIELDS", "Seating", "seatings"]


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


def _fields_of(result: Result) -> tuple[tuple[str, str, str, str], FieldKind] | None:
    for fields, kind in SEAT_FIELDS:
        if any(f in result.extra for f in fields):
            return fields, kind
    return None


def has_seats(event: Event) -> bool:
    """Whether any line of ``event`` names a player by seat (an individual, or a pairs file with its players)."""
    return any(_fields_of(r) is not None for r in event.results)


def _where(result: Result, field: str, kind: FieldKind) -> Location:
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
        found = _fields_of(result)
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
                problems.append(Problem.make(_where(result, field, kind), _NO_PLAYER[word], board=result.board))
        for player in dict.fromkeys(p for p in players if p):
            seats = [w for w, p in zip(_SEAT_WORDS, players, strict=True) if p == player]
            if len(seats) > 1:
                uncredited.add(player)
                second = fields[_SEAT_WORDS.index(seats[1])]
                problems.append(
                    Problem.make(
                        _where(result, second, kind),
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
                        _where(result, field, kind),
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
