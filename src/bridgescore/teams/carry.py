"""Carry-over: the IMPs a match starts with (``Match.carry_over``), from the command line or a CSV column.

A knock-out match often starts with IMPs carried over from an earlier stage – the head-to-head result of a
qualifying round robin, or a seeding advantage.  The Laws leave the amount to the Tournament Organiser's
regulations (Law 80B: the conditions of contest; the WBF General Conditions of Contest and the EBU's knock-out
competitions each set their own), so bridgescore takes it as given:

* ``--carry-over ROUND:TEAM:IMPS`` (repeatable): ``IMPS`` to ``TEAM`` (its id or its name, as the reports show
  it) in its match of round ``ROUND``; fractional IMPs are kept (``2.5``, ``2,5``), a negative number gives the
  IMPs to the opponents.  A team name may hold spaces and colons: the text is split at its first and last colon.
* a CSV ``carry_over`` column (:mod:`bridgescore.teams.read_csv`): on any one line of the match, the IMPs carried
  over to the team sitting **North-South on that line** – the same view as the ``score`` column – so it reads the
  same in the open and in the closed room.  Written on several lines of one match, the values must agree.

The command line replaces a file's carry-over for the same match (a warning says so when the two differ).  The
carry-over counts in the match total, so in the winner of a knock-out match (:mod:`bridgescore.teams.match`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.io.line import decimal_number, whole_number
from bridgescore.teams.model import Match, TeamsEvent

__all__ = ["CarryOver", "carry_in_lines", "given_carry_over", "parse_carry_over", "with_carry_over"]

_OPTION = "--carry-over"


@dataclass(frozen=True, slots=True)
class CarryOver:
    """``imps`` carried over to ``team`` (an id or a name as written) in its match of ``round``; ``text`` is the
    option as given, for the problems."""

    round: int
    team: str
    imps: float
    text: str


def parse_carry_over(texts: Sequence[str]) -> tuple[tuple[CarryOver, ...], tuple[Problem, ...]]:
    """The ``--carry-over ROUND:TEAM:IMPS`` options read, and a problem for each that cannot be read."""
    carries: list[CarryOver] = []
    problems: list[Problem] = []
    for text in texts:
        round_text, first, rest = text.partition(":")
        team, last, imps_text = rest.rpartition(":")
        if not first or not last or not team.strip():
            problems.append(
                Problem.make(
                    Location(_OPTION),
                    "--carry-over '%(text)s': write ROUND:TEAM:IMPS, e.g. 1:Oranje:7.5 (7.5 IMPs to team Oranje "
                    "in its match of round 1)",
                    text=shorten(text),
                )
            )
            continue
        round_number = whole_number(round_text)
        imps = decimal_number(imps_text)
        if round_number is None or round_number < 1:
            problems.append(
                Problem.make(
                    Location(_OPTION),
                    "--carry-over '%(text)s': '%(round)s' is not a round number",
                    text=shorten(text),
                    round=shorten(round_text),
                )
            )
        if imps is None:
            problems.append(
                Problem.make(
                    Location(_OPTION),
                    "--carry-over '%(text)s': '%(imps)s' is not a number of IMPs",
                    text=shorten(text),
                    imps=shorten(imps_text),
                )
            )
        if round_number is not None and round_number >= 1 and imps is not None:
            carries.append(CarryOver(round_number, team.strip(), imps, text))
    return tuple(carries), tuple(problems)


def _team_id(event: TeamsEvent, written: str) -> str | None:
    """The id of the team ``written`` names: its id, else its name (case and spacing aside)."""
    if written in event.teams or any(written in (m.home, m.away) for m in event.matches):
        return written
    key = " ".join(written.split()).casefold()
    found = [t.id for t in event.teams.values() if " ".join(t.label.split()).casefold() == key]
    return found[0] if len(found) == 1 else None


def with_carry_over(event: TeamsEvent, carries: Sequence[CarryOver]) -> TeamsEvent:
    """``event`` with each carry-over set on its match (from the home team's view, ``Match.carry_over``); a team
    not in the event, a team with no match (or two) in the round and two values for one match are problems."""
    if not carries:
        return event
    matches = list(event.matches)
    problems: list[Problem] = []
    given: dict[int, CarryOver] = {}
    for carry in carries:
        team = _team_id(event, carry.team)
        where = Location(_OPTION)
        if team is None:
            problems.append(
                Problem.make(
                    where,
                    "--carry-over '%(text)s': there is no team %(team)s in the event",
                    text=shorten(carry.text),
                    team=shorten(carry.team),
                )
            )
            continue
        found = [i for i, m in enumerate(matches) if m.round == carry.round and team in (m.home, m.away)]
        if len(found) != 1:
            problems.append(
                Problem.make(
                    where,
                    "--carry-over '%(text)s': team %(team)s plays %(count)d matches in round %(round)d, so the "
                    "carry-over has no match (one is needed)",
                    text=shorten(carry.text),
                    team=shorten(carry.team),
                    count=len(found),
                    round=carry.round,
                )
            )
            continue
        index = found[0]
        if index in given:
            problems.append(
                Problem.make(
                    where,
                    "--carry-over '%(text)s': the match already has a carry-over ('%(first)s'); give one per match",
                    text=shorten(carry.text),
                    first=shorten(given[index].text),
                )
            )
            continue
        given[index] = carry
        match = matches[index]
        home_view = carry.imps if team == match.home else -carry.imps
        if match.carry_over and not math.isclose(match.carry_over, home_view):
            problems.append(
                Problem.make(
                    where,
                    "--carry-over '%(text)s' replaces the file's carry-over of %(file)g IMPs to %(home)s in round "
                    "%(round)d",
                    severity=Severity.WARNING,
                    text=shorten(carry.text),
                    file=match.carry_over,
                    home=shorten(match.home),
                    round=match.round,
                )
            )
        matches[index] = replace(match, carry_over=home_view)
    return replace(event, matches=tuple(matches), problems=(*event.problems, *problems))


def given_carry_over(event: TeamsEvent, texts: Sequence[str]) -> TeamsEvent:
    """``event`` with the ``--carry-over`` options ``texts`` read and set; every problem is in its problems."""
    if not texts:
        return event
    carries, problems = parse_carry_over(texts)
    event = with_carry_over(event, carries)
    return replace(event, problems=(*event.problems, *problems))


def carry_in_lines(match: Match, views: Sequence[tuple[float, str, Location | None]]) -> tuple[float, list[Problem]]:
    """The carry-over of ``match`` from its lines' ``carry_over`` values (each: IMPs, the NS team of its line, where
    it is written), from the home team's view, and a problem where two lines disagree (the first is kept)."""
    problems: list[Problem] = []
    carry: float | None = None
    for imps, ns_team, where in views:
        home_view = imps if ns_team == match.home else -imps
        if carry is None:
            carry = home_view
        elif not math.isclose(carry, home_view):
            problems.append(
                Problem.make(
                    where or Location("<input>"),
                    "round %(round)d, %(home)s against %(away)s: the carry-over differs from an earlier line's "
                    "(%(first)g IMPs to %(home)s); the first is kept – write it on one line of the match",
                    round=match.round,
                    home=shorten(match.home),
                    away=shorten(match.away),
                    first=carry,
                )
            )
    return carry or 0.0, problems
