"""A teams event as a USEBIO 1.2 file (``teams … -f usebio``), in the form of the EBU's teams samples: the XML
machinery is the pairs writer's (:mod:`bridgescore.pairs.report.usebio`); issue 20 moved the teams part here, to
the package that owns teams."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element, SubElement

from bridgescore.core.adjustments import AssignedScore, WeightedScore
from bridgescore.core.event import Result
from bridgescore.core.players import Player
from bridgescore.core.version import __version__
from bridgescore.pairs.report.usebio import (
    add_path,
    add_text,
    ordered_fields,
    player_element,
    result_fields,
    serialise,
    usebio_date,
    usebio_root,
)
from bridgescore.pairs.scored import read_adjustment
from bridgescore.pairs.standings import format_points

if TYPE_CHECKING:
    from bridgescore.teams.model import MatchScore, ScoredTeams, TeamStanding


#: A teams EVENT's children in the order they are written: TeamsScorer's ``multiple-teams.xml`` and EBUScoreTeams'
#: ``point-a-board-teams.xml`` (the EBU's samples), with the pairs' EVENT_IDENTIFIER, TITLE and MASTER_POINT_TYPE
#: where the pairs writer puts them.
TEAMS_EVENT_ORDER = (
    "BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_DESCRIPTION",
    "EVENT_IDENTIFIER", "TITLE", "DATE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "SESSION_COUNT", "SECTION_COUNT",
    "SCORING_METHOD", "BOARDS_PLAYED", "TEAM_PAIRING_AVAILABLE", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG",
)  # fmt: skip


#: A team's fields bridgescore works out itself (the rest of ``Team.extra`` is copied: masterpoints …).
_TEAM_COMPUTED = frozenset({"TOTAL_SCORE", "WINS_OR_DRAWS", "PLACE", "TEAM_ID", "TEAM_NAME", "PAIR", "PLAYER"})


#: A team pair's fields written from what was read (``Player.extra["PAIR/…"]``): PAIR_IMPS, TeamsScorer's
#: pairwise cross-IMPs, is a result bridgescore does not work out for a teams event, so it is not written (a number
#: bridgescore did not compute could be out of date after a correction).
_PAIR_KEPT = ("BOARDS_PLAYED",)


def _teams_methods(scored: ScoredTeams) -> tuple[str, str]:
    """USEBIO's ``BOARD_SCORING_METHOD`` and ``MATCH_SCORING_METHOD`` for how ``scored`` was scored: ``IMPS`` and
    ``VPS`` (``IMPS`` without VPs), ``PAB`` for the EBU's 2/1/0 point-a-board (EBUScoreTeams' sample), ``BAM`` for
    board-a-match 1/½/0, ``PATTON``.  Read back, bridgescore's teams reader takes each for what it wrote."""
    if scored.form == "imps":
        return "IMPS", "VPS" if scored.vp_scale is not None else "IMPS"
    if scored.form == "bam":
        word = "PAB" if scored.options.get("board_points") == "ebu" else "BAM"
        return word, word
    return "PATTON", "VPS" if scored.vp_scale is not None else "PATTON"


def _match_score(match: MatchScore, home: bool) -> float:
    """A side's score of the match as USEBIO's ``TEAM_SCORE`` has it: its VPs, else its board points, else IMPs."""
    for pair in ((match.vp_home, match.vp_away), (match.points_home, match.points_away)):
        if pair[0] is not None and pair[1] is not None:
            return float(pair[0] if home else pair[1])
    return match.imps_home if home else match.imps_away


def _standing_total(standing: TeamStanding) -> float:
    """A team's ``TOTAL_SCORE``: its VPs, else its points, else its IMP margin (what it is ranked by)."""
    if standing.vp is not None:
        return standing.vp
    if standing.points is not None:
        return standing.points
    return standing.imps_for - standing.imps_against


def _team_pair(team: str, ns: bool) -> str:
    """A team pair's number on a traveller line as TeamsScorer and EBUScoreTeams write it: the team, then the
    seats (``3-1-2`` sits North-South, ``3-3-4`` East-West, whichever room)."""
    return f"{team}-1-2" if ns else f"{team}-3-4"


def _team(parent: Element, scored: ScoredTeams, standing: TeamStanding) -> None:
    team = standing.team
    el = SubElement(parent, "TEAM", {"TEAM_ID": team.id, "TEAM_NAME": team.name if team.name != team.id else ""})
    add_text(el, "TOTAL_SCORE", format_points(_standing_total(standing)))
    wins = sum(
        1
        for m in scored.matches
        for home in (True, False)
        if (m.match.home if home else m.match.away) == team.id and _match_score(m, home) >= _match_score(m, not home)
    )
    add_text(el, "WINS_OR_DRAWS", str(wins))
    add_text(el, "PLACE", standing.place_label)
    for key, value in team.extra.items():
        if key.partition("/")[0] not in _TEAM_COMPUTED:
            add_path(el, key, value)
    pairs: dict[str, list[Player]] = {}
    for player in team.players:
        pairs.setdefault(player.extra.get("PAIR_NUMBER", ""), []).append(player)
    if not team.players:  # a team named with its members only (a names file, a CSV): its players by name
        pairs[""] = [Player("", name) for name in team.members]
    for number, players in pairs.items():
        holder = el
        if number:
            holder = SubElement(el, "PAIR")
            add_text(holder, "PAIR_NUMBER", number)
            for tag in _PAIR_KEPT:
                add_text(holder, tag, players[0].extra.get(f"PAIR/{tag}", ""))
        for player in players:
            own = {k: v for k, v in player.extra.items() if k != "PAIR_NUMBER" and not k.startswith("PAIR/")}
            player_element(holder, replace(player, extra=own))


def _team_line(board_el: Element, result: Result | None, direction: str, ns_team: str, ew_team: str) -> None:
    """A room's line: ``DIRECTION`` (``NS``: the MATCH's TEAM sits North-South, the open room), the two team
    pairs and the line's fields as for pairs (:func:`result_fields`)."""
    if result is None:
        return
    line = SubElement(board_el, "TRAVELLER_LINE")
    add_text(line, "DIRECTION", direction)
    add_text(line, "NS_PAIR_NUMBER", _team_pair(ns_team, True))
    add_text(line, "EW_PAIR_NUMBER", _team_pair(ew_team, False))
    adjustment, _problem = read_adjustment(result)  # a line that cannot be read: written as read, without a score
    value = float(result.ns_score) if result.ns_score is not None else math.nan
    if isinstance(adjustment, AssignedScore):
        value = float(adjustment.ns_score)
    elif isinstance(adjustment, WeightedScore):
        fractions = adjustment.fractions()
        value = sum(f * p.ns_score for f, p in zip(fractions, adjustment.parts, strict=True))
    result_fields(line, result, adjustment, value)


def _match(parent: Element, match_score: MatchScore) -> None:
    match = match_score.match
    el = SubElement(parent, "MATCH")
    add_text(el, "ROUND_NUMBER", str(match.round))
    add_text(el, "TEAM", match.home)
    add_text(el, "OPPOSING_TEAM", match.away)
    numbers = [b.board for b in match.boards]
    if numbers:
        add_text(el, "START_BOARD_NUMBER", str(min(numbers)))
        add_text(el, "END_BOARD_NUMBER", str(max(numbers)))
    add_text(el, "TEAM_SCORE", format_points(_match_score(match_score, True)))
    add_text(el, "OPPOSING_TEAM_SCORE", format_points(_match_score(match_score, False)))
    for board in match_score.boards:
        board_el = SubElement(el, "BOARD")
        add_text(board_el, "BOARD_NUMBER", str(board.board.board))
        if board.points_home is not None and board.points_away is not None:
            add_text(board_el, "TEAM_POINTS", format_points(board.points_home))
            add_text(board_el, "OPPOSING_TEAM_POINTS", format_points(board.points_away))
        elif board.imps_home is not None:
            add_text(board_el, "IMPS", format_points(board.imps_home))
        _team_line(board_el, board.board.open, "NS", match.home, match.away)
        _team_line(board_el, board.board.closed, "EW", match.away, match.home)


def teams_to_bytes(scored: ScoredTeams, *, date: str | None = None, club: str | None = None) -> bytes:
    """The USEBIO 1.2 file of a teams event (``teams … -f usebio``), in the form of the EBU's teams samples
    (TeamsScorer's ``multiple-teams.xml``, EBUScoreTeams' ``point-a-board-teams.xml``):

    * ``EVENT EVENT_TYPE="TEAMS"`` with the methods (:func:`_teams_methods`), ``SCORING_METHOD`` ``VP`` where the
      matches are scored in VPs (as TeamsScorer writes it), ``BOARDS_PLAYED`` (the most boards a team played, as
      TeamsScorer counts them), the input's facts as for pairs;
    * in ``SESSION SESSION_ID="1"``: ``PARTICIPANTS`` with a ``TEAM`` (``TEAM_ID``, ``TEAM_NAME``) per team in the
      order of their ids: ``TOTAL_SCORE`` (VPs, else board points, else the IMP margin), ``WINS_OR_DRAWS`` (matches
      not lost), ``PLACE`` (``7=`` for a tie), the team's masterpoint fields as read, and its ``PAIR`` elements
      (``PAIR_NUMBER``, ``BOARDS_PLAYED`` as read) with their ``PLAYER`` elements (name, club and member number);
    * a ``MATCH`` per match (each once, in the order read: TeamsScorer writes a team's matches together):
      ``ROUND_NUMBER``, ``TEAM`` (the home team), ``OPPOSING_TEAM``, ``START_``/``END_BOARD_NUMBER``,
      ``TEAM_SCORE``/``OPPOSING_TEAM_SCORE`` (VPs, else board points, else IMPs) and per board ``IMPS`` (the home
      team's) or ``TEAM_POINTS``/``OPPOSING_TEAM_POINTS``, then the two rooms' ``TRAVELLER_LINE``: ``DIRECTION``
      ``NS`` (the home team North-South) and ``EW``, the pairs as TeamsScorer numbers them (:func:`_team_pair`),
      the line as for pairs.

    USEBIO has no element for the VP scale, the tie-break or a carry-over: the EBU's readers take the VPs as
    written; bridgescore reading the file back scores it with the options it is given (``--as teamsscorer`` for
    TeamsScorer's conventions).  Pairwise results (``PAIR_IMPS``, ``NS_CROSS_IMP_POINTS`` on a teams line) are
    not written: bridgescore does not score the pairs of a teams event."""
    event = scored.event
    info = event.extra
    root = usebio_root(info, club)
    event_el = SubElement(root, "EVENT", {"EVENT_TYPE": "TEAMS"})
    board_method, match_method = _teams_methods(scored)
    played: dict[str, int] = {}  # the boards each team played: TeamsScorer's BOARDS_PLAYED is the most of them
    for m in scored.matches:
        for team in (m.match.home, m.match.away):
            played[team] = played.get(team, 0) + len(m.boards)
    computed = {
        "BOARD_SCORING_METHOD": board_method,
        "MATCH_SCORING_METHOD": match_method,
        "PROGRAM_NAME": "bridgescore",
        "PROGRAM_VERSION": __version__,
        "EVENT_DESCRIPTION": event.title,
        "DATE": usebio_date(date if date is not None else info.get("date", "")),
        "SESSION_COUNT": info.get("session_count", "") or "1",
        "SECTION_COUNT": "1",
        "SCORING_METHOD": "VP" if scored.vp_scale is not None else "",
        "BOARDS_PLAYED": str(max(played.values(), default=0)),
        "TEAM_PAIRING_AVAILABLE": "Y" if any("PAIR_NUMBER" in p.extra for t in event.teams.values()
                                             for p in t.players) else "",
    }  # fmt: skip
    ordered_fields(event_el, info, computed, TEAMS_EVENT_ORDER)
    session = SubElement(event_el, "SESSION", {"SESSION_ID": "1"})
    participants = SubElement(session, "PARTICIPANTS")
    for standing in sorted(scored.standings, key=lambda s: _id_order(s.team.id)):
        _team(participants, scored, standing)
    for match_score in scored.matches:
        _match(session, match_score)
    return serialise(root)


def _id_order(team: str) -> tuple[int, str]:
    """Teams in the order of their numbers, a name after the numbers."""
    return (int(team), "") if team.isdecimal() else (1 << 30, team)
