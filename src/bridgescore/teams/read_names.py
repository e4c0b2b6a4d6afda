"""A teams names file: each team's name and members, for result files that carry only team numbers.

One team per line: its id as the result files write it (a number or a name), its name, then after a colon its
members separated by commas::

    # teams of the club championship
    1 Oranje: Jan Jansen, Piet Pieters, Klaas de Vries, Anna Bakker
    2 De Kraaien: Els Smit, Bram Visser
    3: Mia Jong, Tom Bos           (no name: the report calls the team by its id)
    4 Zuid

Blank lines and lines starting with ``#`` are skipped.  The file is read as the pairs names file is
(:func:`bridgescore.io.csv.read_file`: UTF-8, or Windows-1252 with a warning).  Names and members from this file
replace those read from the result files.  A line without an id, a team named twice (the second left out) and a
team the event does not have (a warning: a typing mistake would otherwise leave the real team unnamed) are said
with their line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.io.csv import physical_lines, read_file, too_large
from bridgescore.teams.model import Team

__all__ = ["load", "loads", "with_names"]


def loads(text: str, filename: str = "<names>") -> tuple[dict[str, Team], tuple[Problem, ...]]:
    """The teams named in a names file's text, by id, and every problem found (see the module docstring)."""
    problems: list[Problem] = []
    teams: dict[str, Team] = {}
    for number, raw in enumerate(physical_lines(text), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        head, colon, rest = line.partition(":")
        team_id, _, name = head.strip().partition(" ")
        where = Location(filename, number)
        if not team_id:
            problems.append(
                Problem.make(where, "the line has no team number before its name or members; it is left out")
            )
            continue
        if team_id in teams:
            first = teams[team_id].source
            problems.append(
                Problem.make(
                    where,
                    "team %(team)s is named already on line %(before)s; this line is left out",
                    team=shorten(team_id),
                    before=first.line if first is not None and first.line is not None else "?",
                )
            )
            continue
        members = tuple(m.strip() for m in rest.split(",") if m.strip()) if colon else ()
        teams[team_id] = Team(team_id, " ".join(name.split()), members, where)
    if not teams and not problems:
        problems.append(Problem.make(Location(filename), "the names file is empty"))
    return teams, tuple(problems)


def load(path: str | Path) -> tuple[dict[str, Team], tuple[Problem, ...]]:
    """Read a teams names file (see the module docstring)."""
    text, problems = read_file(path, "the names file")
    if text is None:
        return {}, tuple(problems)
    try:
        teams, more = loads(text, str(Path(path)))
    except MemoryError:
        return {}, (too_large(str(Path(path))),)
    return teams, (*problems, *more)


def with_names(teams: Mapping[str, Team], named: Mapping[str, Team], problems: list[Problem]) -> dict[str, Team]:
    """``teams`` with the names and members of ``named`` (a names file's).  A team the files do not have is a
    warning added to ``problems``; where the names file is this event's (it names a team of it), such a team is
    kept, with no match – in a Swiss of an odd number of teams, the team with the first round's bye must be
    ranked and paired, not dropped."""
    out = dict(teams)
    for_this_event = any(team_id in out for team_id in named)
    for team_id, team in named.items():
        if team_id not in out and for_this_event:
            problems.append(
                Problem.make(
                    team.source or Location("<names>"),
                    "team %(team)s plays no match in these files; it is ranked with none (a bye?)",
                    Severity.WARNING,
                    team=shorten(team_id),
                )
            )
            out[team_id] = team
            continue
        if team_id not in out:
            problems.append(
                Problem.make(
                    team.source or Location("<names>"),
                    "the event has no team %(team)s; the names of this line are not used",
                    Severity.WARNING,
                    team=shorten(team_id),
                )
            )
            continue
        old = out[team_id]
        out[team_id] = replace(old, name=team.name or old.name, members=team.members or old.members)
    return out
