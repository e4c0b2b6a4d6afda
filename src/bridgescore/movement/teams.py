"""Teams' two-room schedules on the movement model (issue 21): a round robin of teams as a :class:`Movement`.

A teams match is played in two rooms: in the open room the home team's pair sits North-South against the away
team's East-West pair, in the closed room the away team's North-South pair against the home team's East-West pair,
on the same boards (WBF *General Conditions of Contest*, "home team … North-South in the open room"; the EBU's
and the NBB's teams events alike).  On the movement model each match is two stands of a round with the same boards,
pairs numbered per direction by team: ``NS k`` is team ``k``'s North-South pair, ``EW k`` its East-West pair, so
a team's pairs keep their direction all event (ranked as two lines, as a teams match compares them).  Match ``m``
of a round is at tables ``2m − 1`` (open room) and ``2m`` (closed room).  Every match of a round plays the same
boards (duplicated, as a club teams evening scored by Butler compares them): set ``r`` in round ``r``.

The round robin follows the **Berger tables** (FIDE Handbook C.05, Annex 1; as published e.g. in the
Crenshaw–Berger tables and on Chris Fox's "Berger Tables" page): round 1 is ``1 v n, 2 v n−1, … n/2 v n/2+1``; each
next round every team but ``n`` takes the number ``n/2`` above it (modulo ``n − 1``), and team ``n`` is the home
team in the even rounds.  The first-named team of a match is the home team.  The tests compare the schedules of 4,
6, 8 and 10 teams with the published tables.

**An odd number of teams**: "if there is an odd number of players (or teams), the highest number counts as a bye"
(Chris Fox's page; FIDE C.05 Annex 1 gives one table "for 5 or 6 players", "7 or 8" …): ``N`` teams play the
rounds of the table of ``N + 1``, and the team drawn against ``N + 1`` has the **bye** – it sits out the round.  On
the model a team with the bye is a team neither of whose pairs has a stand that round (as a pair's sit-out is
held: :meth:`~bridgescore.movement.model.Section.sit_outs`); :func:`byes` reads them back, the validator allows one
team out a round where the number of teams is odd (and no other pair), and ``movement show``, ``check`` and the
cards name the team.  The matches of a round are numbered in the table's order without the bye's, so no table
stands empty: ``N`` teams use ``N − 1`` tables.

Names (:func:`by_name`, accepted wherever a movement is asked for: ``movement show teams-8``): ``teams-N`` for
``N`` of 3 to 30 teams, ``N − 1`` rounds for an even ``N`` and ``N`` rounds (one bye each) for an odd ``N``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bridgescore.core.i18n import N_
from bridgescore.movement.generate import NamedMovementError
from bridgescore.movement.model import Movement, PairRef, Round, Section, Stand, boards_in_sets

__all__ = ["MAX_TEAMS", "MIN_TEAMS", "berger", "by_name", "byes", "is_name", "round_robin", "two_rooms"]

#: The teams a round robin is built for (an odd number plays with a bye each round).
MIN_TEAMS = 3
MAX_TEAMS = 30
_NAME = re.compile(r"teams-(\d{1,3})")
_SOURCE = (
    "Teams round robin: Berger tables (FIDE Handbook C.05, Annex 1); two rooms, the home team North-South in the "
    "open room (WBF General Conditions of Contest)"
)


def berger(teams: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The Berger tables' rounds for ``teams``: each round its matches as (home, away), in the order the tables
    list them (see the module docstring); for an odd number the table of ``teams + 1`` without the matches against
    ``teams + 1`` (the highest number counts as a bye: its opponent sits out)."""
    if teams < 2:
        raise ValueError(f"{teams} teams: a round robin has at least two")
    if teams % 2:
        return tuple(tuple(m for m in rnd if teams + 1 not in m) for rnd in berger(teams + 1))
    half, cycle = teams // 2, teams - 1
    first = [(k, teams + 1 - k) for k in range(1, half + 1)]  # 1 v n, 2 v n-1 …
    rounds = []
    for r in range(cycle):
        moved = [0, *((t - 1 + r * half) % cycle + 1 for t in range(1, teams)), teams]  # team → its number now
        matches = []
        for home, away in first:
            a, b = moved[home], moved[away]
            if teams in (a, b):  # team n: at home in the even rounds
                other = b if a == teams else a
                a, b = (teams, other) if r % 2 == 1 else (other, teams)
            matches.append((a, b))
        rounds.append(tuple(matches))
    return tuple(rounds)


def two_rooms(
    rounds: Sequence[Sequence[tuple[int, int]]], boards_per_round: int, *, name: str, source: str
) -> Movement:
    """The two-room schedule of teams' matches: ``rounds`` each a list of (home, away) team numbers; match ``m`` of
    round ``r`` at tables ``2m − 1`` (open room: ``NS home`` v ``EW away``) and ``2m`` (closed room: ``NS away`` v
    ``EW home``), every match of round ``r`` on set ``r`` of ``boards_per_round`` boards."""
    sets = boards_in_sets(boards_per_round, len(rounds))
    built = []
    for r, matches in enumerate(rounds, 1):
        stands = []
        for m, (home, away) in enumerate(matches, 1):
            boards = sets[r - 1]
            stands.append(Stand(2 * m - 1, PairRef(home, "NS"), PairRef(away, "EW"), boards, r))
            stands.append(Stand(2 * m, PairRef(away, "NS"), PairRef(home, "EW"), boards, r))
        built.append(Round(r, tuple(stands)))
    section = Section("", tuple(built), per_direction=True, copies=2)  # a copy in each room
    return Movement(name, "teams", source, boards_per_round, (section,))


def round_robin(teams: int, boards_per_round: int = 2) -> Movement:
    """The round robin of ``teams`` teams (3 to 30) by the Berger tables, two rooms a match; an odd number has a
    bye each round (the team drawn against the highest number, ``teams + 1``, sits out)."""
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise NamedMovementError(
            N_("teams-%(teams)s: a teams round robin here is for %(low)s to %(high)s teams"),
            teams=teams, low=MIN_TEAMS, high=MAX_TEAMS,
        )  # fmt: skip
    source = _SOURCE + (f"; the highest number, {teams + 1}, counts as a bye" if teams % 2 else "")
    return two_rooms(berger(teams), boards_per_round, name=f"teams-{teams}", source=source)


def byes(section: Section) -> dict[int, tuple[int, ...]]:
    """Per round of a teams ``section`` (pairs numbered per direction by team: ``NS k`` and ``EW k`` are team
    ``k``'s), the teams neither of whose pairs has a stand: the teams with the bye (rounds without one left out).
    Read from the schedule as it is, so a Swiss round's bye (:mod:`bridgescore.teams.schedule`) is found too."""
    if not section.per_direction:
        return {}
    teams = sorted({p.number for p in section.pairs()})
    found: dict[int, tuple[int, ...]] = {}
    for rnd in section.rounds:
        playing = {p.number for p in rnd.pairs()}
        out = tuple(t for t in teams if t not in playing)
        if out:
            found[rnd.number] = out
    return found


def is_name(name: str) -> bool:
    """Whether ``name`` names a teams round robin (``teams-N``)."""
    return _NAME.fullmatch(name.strip().lower()) is not None


def by_name(name: str, boards_per_round: int = 2) -> Movement:
    """The teams round robin ``name`` names (``teams-8``) with ``boards_per_round`` boards a round."""
    match = _NAME.fullmatch(name.strip().lower())
    if match is None:
        raise NamedMovementError(N_("'%(name)s' is not a teams round robin: teams-N, N the number of teams"), name=name)
    return round_robin(int(match[1]), boards_per_round)
