"""A teams file's lines as every teams reader gives them (:class:`TeamLine`, :class:`TeamFile`), below the readers
and the module that reads several files into one event (:mod:`bridgescore.teams.read`), so that none of them
imports another (issue 20: no import cycle)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from bridgescore.core.event import Result
from bridgescore.core.problems import Location, Problem
from bridgescore.teams.model import Match, Room, Team, TeamsForm

_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TeamLine:
    """One room's line of a board as a file gives it: the line (its pairs are team ids), the round, the room where
    the file names it (None: from the orientation), the segment, the team the file calls home for its match (None:
    not said), the IMPs the file gives North-South at this table (PBN ``ScoreIMP``; "" when none), the file's own
    values for the board (already from the home team's view) and for the match, and where the match starts.
    ``carry_over`` is the IMPs the file carries over into the match to this line's North-South team (None: not
    said; :mod:`bridgescore.teams.carry`)."""

    result: Result
    round: int
    room: Room | None = None
    segment: int = 1
    home: str | None = None
    ns_imps: str = ""
    board_extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    match_extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    match_source: Location | None = None
    table: str = ""
    carry_over: float | None = None


@dataclass(frozen=True, slots=True)
class TeamFile:
    """What a per-format reader made of one file: its lines, the teams it names, its problems and the event's own
    words (title, board scoring form, match scoring, date/club/program), and its matches where the reader made
    them."""

    lines: tuple[TeamLine, ...]
    teams: Mapping[str, Team] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    title: str = ""
    form: TeamsForm | None = None
    match_scoring: str = ""
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    #: The file's matches where its reader made them (the columnar CSV reader of an event's one file,
    #: :mod:`bridgescore.teams.read_columns`, as :func:`bridgescore.teams.read.assemble` makes them); None:
    #: :func:`~bridgescore.teams.read.assemble` makes them from ``lines``.
    matches: tuple[Match, ...] | None = None


def with_result_teams(result: Result, ns: str, ew: str) -> Result:
    """``result`` with its pairs replaced by the teams ``ns`` and ``ew`` (a USEBIO line names pairs)."""
    return replace(result, ns_pair=ns, ew_pair=ew)
