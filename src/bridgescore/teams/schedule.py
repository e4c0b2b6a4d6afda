"""A Swiss teams event's rounds as a movement (issue 21): the pairings made so far (:mod:`bridgescore.teams.pairing`)
on the movement model, two rooms a match (:func:`bridgescore.movement.teams.two_rooms`: the home team – the higher
ranked – North-South in the open room), so the seating of a round can be shown, checked, written as a movement file
and printed as table and guide cards like any movement.

Teams are numbered as the movement model numbers pairs (from 1): a field whose team ids are all numbers keeps them;
otherwise the teams are numbered in the first pairing's ranking order (then any team that comes later, in order of
appearance), and the ids are kept in the movement's notes (``team.3``: ``Lions``).  The team with a bye has no
table in its round: both its pairs sit out, which the model holds as a team's bye
(:func:`bridgescore.movement.teams.byes`; a team without a table in any round given in the section's
``sitting_out``): ``movement show``, ``check`` and the cards name the team, and the validator allows one such team
a round where the number of teams is odd.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import MappingProxyType

from bridgescore.movement.model import Movement, PairRef
from bridgescore.movement.teams import two_rooms
from bridgescore.teams.pairing import Pairing

__all__ = ["pairings_movement", "team_numbers"]

_SOURCE = "Swiss teams pairing ({rule}); two rooms, the home team (the higher ranked) North-South in the open room"


def team_numbers(pairings: Sequence[Pairing]) -> dict[str, int]:
    """Each team's number in the movement: its id where every id is a number from 1, else its place in the first
    pairing's ranking order (then in order of appearance)."""
    ids: list[str] = []
    for pairing in pairings:
        for team in (*pairing.order, *(t for table in pairing.tables for t in (table.home, table.away))):
            if team not in ids:
                ids.append(team)
    if ids and all(t.isascii() and t.isdigit() and len(t) < 10 and int(t) >= 1 for t in ids):
        numbers = {t: int(t) for t in ids}
        if len(set(numbers.values())) == len(ids):  # "01" and "1" are two teams: numbered in order instead
            return numbers
    return {t: i for i, t in enumerate(ids, 1)}


def pairings_movement(pairings: Sequence[Pairing], boards_per_round: int, name: str = "swiss") -> Movement:
    """The movement of ``pairings`` (one a round, in order): round ``r`` plays set ``r`` of ``boards_per_round``
    boards at every match, match ``m`` at tables ``2m − 1`` (open room) and ``2m`` (closed room)."""
    if not pairings:
        raise ValueError("a Swiss movement needs the pairing of at least one round")
    numbers = team_numbers(pairings)
    rounds = [[(numbers[t.home], numbers[t.away]) for t in pairing.tables] for pairing in pairings]
    rules = sorted({p.rule for p in pairings})
    movement = two_rooms(rounds, boards_per_round, name=name, source=_SOURCE.format(rule=", ".join(rules)))
    (section,) = movement.sections
    seated = {p.number for p in section.pairs()}
    idle = [n for n in sorted(numbers.values()) if n not in seated]  # a bye in every round given (one round's bye)
    if idle:
        section = dataclasses.replace(section, sitting_out=tuple(PairRef(n, d) for n in idle for d in ("NS", "EW")))
        movement = dataclasses.replace(movement, sections=(section,))
    if all(str(n) == t for t, n in numbers.items()):
        return movement
    notes = MappingProxyType({f"team.{n}": t for t, n in sorted(numbers.items(), key=lambda item: item[1])})
    return Movement(movement.name, movement.family, movement.source, movement.boards_per_round, movement.sections,
                    notes)  # fmt: skip
