"""PBN teams files (RealBridge's export, PBN 2.1): one game per table, ``[HomeTeam]``/``[VisitTeam]`` naming the
teams, ``[ScoreIMP "NS 4 EW -4"]`` the IMPs of the table.

The games are read by :mod:`bridgescore.io.pbn` (contracts, ``Score "NS 120"``, adjusted scores, every problem
with its line and tag); its line has the home team North-South, unless ``[Room "Closed"]``.  Here:

* the match of a game is its two teams and its ``[Round]`` (1 where the file has none); without ``[Room]`` the two
  tables of a match are the two games of a board with the same two teams, reversed (RealBridge: home and visit
  swap between the rooms), the first met being the open room; ``[Room "Open"|"Closed"]`` is taken at its word;
* ``ScoreIMP`` (North-South's IMPs at that table, as RealBridge writes them) is kept from the home team's view as
  ``MatchBoard.extra["imps"]``; ``[Table]`` is kept as the match's table; ``[Scoring "IMP"]`` says the form;
* a game without ``[HomeTeam]``/``[VisitTeam]`` is not a teams game: an error, the game is left out.
"""

from __future__ import annotations

import re
from pathlib import Path

from bridgescore.core.contract import Notation
from bridgescore.core.event import Event
from bridgescore.core.problems import FieldKind, Location, Problem, shorten
from bridgescore.io import pbn
from bridgescore.io.line import whole_number
from bridgescore.teams.lines import TeamFile, TeamLine
from bridgescore.teams.model import Room

__all__ = ["from_event", "load", "loads", "ns_imps"]

_NS_IMPS = re.compile(r"\bNS\s*([+-]?\d+(?:[.,]\d+)?)", re.IGNORECASE)
_EW_IMPS = re.compile(r"\bEW\s*([+-]?\d+(?:[.,]\d+)?)", re.IGNORECASE)


def ns_imps(text: str) -> str:
    """North-South's IMPs in a ``ScoreIMP`` value: ``NS 4 EW -4`` → ``4``, ``EW 3`` → ``-3``, ``-2`` → ``-2``;
    "" when it holds none."""
    if found := _NS_IMPS.search(text):
        return found.group(1).lstrip("+").replace(",", ".")
    if found := _EW_IMPS.search(text):
        value = found.group(1).replace(",", ".")
        return value[1:] if value.startswith("-") else "-" + value.lstrip("+")
    bare = text.strip().lstrip("+").replace(",", ".")
    try:
        float(bare)
    except ValueError:
        return ""
    return bare


def from_event(event: Event) -> TeamFile:
    """The teams lines of a PBN file read by :mod:`bridgescore.io.pbn`."""
    problems = list(event.problems)
    lines: list[TeamLine] = []
    for result in event.results:
        extra = result.extra
        where = result.source or Location("<input>")
        if not (extra.get("HomeTeam") and extra.get("VisitTeam")):
            problems.append(
                Problem.make(
                    Location(where.file, where.line, "HomeTeam", FieldKind.TAG),
                    "board %(board)d: the game has no HomeTeam and VisitTeam, so its match cannot be told; it is "
                    "left out",
                    board=result.board,
                )
            )
            continue
        round_text = extra.get("Round", "").strip()
        round_number = whole_number(round_text) if round_text else 1
        if round_number is None or round_number < 1:
            problems.append(
                Problem.make(
                    Location(where.file, where.line, "Round", FieldKind.TAG),
                    "'%(text)s' is not a round number; the game is left out",
                    text=shorten(round_text),
                )
            )
            continue
        room_text = extra.get("Room", "").strip().lower()
        room: Room | None = None
        if room_text in ("open", "closed"):
            room = "open" if room_text == "open" else "closed"
        elif room_text:
            problems.append(
                Problem.make(
                    Location(where.file, where.line, "Room", FieldKind.TAG),
                    "board %(board)d: room '%(text)s' is neither Open nor Closed; the game is left out",
                    board=result.board,
                    text=shorten(room_text),
                )
            )
            continue
        lines.append(
            TeamLine(
                result,
                round_number,
                room,
                ns_imps=ns_imps(extra.get("ScoreIMP", "")),
                table=extra.get("Table", ""),
            )
        )
    at_imps = any(line.result.extra.get("Scoring", "").strip().upper().startswith("IMP") for line in lines)
    return TeamFile(tuple(lines), problems=tuple(problems), title=event.title, form="imps" if at_imps else None)


def loads(text: str, filename: str = "<input>", notation: Notation = "en") -> TeamFile:
    """The teams lines of a PBN file's text (see the module docstring)."""
    return from_event(pbn.loads(text, filename, notation))


def load(path: str | Path, notation: Notation = "en") -> TeamFile:
    """Read a PBN teams file (see the module docstring)."""
    return from_event(pbn.load(path, notation))
