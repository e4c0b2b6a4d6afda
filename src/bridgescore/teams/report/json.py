"""A scored teams event as JSON, schema ``bridgescore.teams/1``.

:func:`to_dict` builds the plain dict; the text, CSV and HTML teams reports are rendered from it (as the pairs page
is from ``bridgescore.score/1``), so no report can show a number the JSON does not hold.  Numbers are unrounded
(to 6 decimals, which removes float noise only); ``null`` where a value does not apply: VPs of an event not
scored in VPs, board points (``points_*``) at IMPs, a room with no line.

The document::

    schema, title, form ("imps" | "bam" | "patton"), vp_scale (null: not VP scored), options,
    matches[]: round, home, away, home_name, away_name, table, boards, carry_over, imps_home, imps_away,
               vp_home, vp_away, points_home, points_away, winner (team id, null for a draw; in a
               knock-out the team that goes through, carry-over counted),
               board_results[]: board, segment, fouled, rooms {open, closed: null or contract, declarer,
                                tricks, ns_score, lead, remarks, status}, imps_home, points_home, points_away,
                                problem
    standings[]: place, place_label, team, names, members, matches, vp, imps_for, imps_against, points, tiebreak,
                 byes (the rounds the team sat out; their VPs, options.bye_vp each, are in vp)
    checks[], problems[]: file, line, field, severity, message (as the pairs JSON writes problems)
"""

from __future__ import annotations

import math
from typing import IO, Any

import orjson

from bridgescore.core.cards import format_lead
from bridgescore.core.event import Result
from bridgescore.report.problems import problem_fields
from bridgescore.teams.model import TIED, BoardScore, MatchScore, ScoredTeams, TeamStanding

__all__ = ["SCHEMA", "dump", "dumps", "to_dict", "winner"]

SCHEMA = "bridgescore.teams/1"


def _num(value: float | None) -> float | int | None:
    if value is None or math.isnan(value):
        return None
    rounded = round(float(value), 6)
    return int(rounded) if rounded == int(rounded) and abs(rounded) < 2**53 else rounded


def winner(m: MatchScore, knockout: bool = False) -> str | None:
    """The team that won the match (None for a draw): on VPs where the event is scored in them, else on board
    points (board-a-match, Patton), else on the IMP total (carry-over included).  In a knock-out (``knockout``)
    the engine's winner (:attr:`MatchScore.winner`: IMPs with the carry-over, or board points): a match won by
    one IMP is won even where the VP scale gives 10–10 (a knock-out is decided on IMPs, carry-over included;
    level, extra boards are played)."""
    if knockout:
        return None if m.winner in (TIED, "") else m.winner
    for home, away in ((m.vp_home, m.vp_away), (m.points_home, m.points_away), (m.imps_home, m.imps_away)):
        if home is not None and away is not None:
            if round(home - away, 6) == 0:
                return None
            return m.match.home if home > away else m.match.away
    return None  # pragma: no cover - the IMP totals are always there


def _room(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "contract": result.contract.format("en") if result.contract is not None else None,
        "declarer": result.declarer.label("en") if result.declarer is not None else None,
        "tricks": result.tricks,
        "ns_score": result.ns_score,
        "lead": format_lead(result.lead, "en") or None,
        "remarks": result.remarks or None,
        "status": result.status.value,
    }


def _board(b: BoardScore) -> dict[str, Any]:
    return {
        "board": b.board.board,
        "segment": b.board.segment,
        "fouled": b.board.fouled,
        "rooms": {"open": _room(b.board.open), "closed": _room(b.board.closed)},
        "imps_home": _num(b.imps_home),
        "points_home": _num(b.points_home),
        "points_away": _num(b.points_away),
        "problem": b.problem.text() if b.problem is not None else None,
    }


def _match(scored: ScoredTeams, m: MatchScore) -> dict[str, Any]:
    match = m.match
    return {
        "round": match.round,
        "home": match.home,
        "away": match.away,
        "home_name": scored.event.team(match.home).label,
        "away_name": scored.event.team(match.away).label,
        "table": match.table or None,
        "boards": len(match.boards),
        "carry_over": _num(match.carry_over),
        "imps_home": _num(m.imps_home),
        "imps_away": _num(m.imps_away),
        "vp_home": _num(m.vp_home),
        "vp_away": _num(m.vp_away),
        "points_home": _num(m.points_home),
        "points_away": _num(m.points_away),
        "winner": winner(m, knockout=scored.options.get("knockout") is True),
        "board_results": [_board(b) for b in m.boards],
    }


def _standing(s: TeamStanding) -> dict[str, Any]:
    return {
        "place": s.place,
        "place_label": s.place_label,
        "team": s.team.id,
        "names": s.team.label,
        "members": list(s.team.members),
        "matches": s.matches,
        "vp": _num(s.vp),
        "imps_for": _num(s.imps_for),
        "imps_against": _num(s.imps_against),
        "points": _num(s.points),
        "tiebreak": s.tiebreak or None,
        "byes": list(s.byes),
    }


def to_dict(scored: ScoredTeams) -> dict[str, Any]:
    """The whole scored teams event as a JSON-ready dict (schema ``bridgescore.teams/1``)."""
    return {
        "schema": SCHEMA,
        "title": scored.event.title,
        # the event's date and club as the file gives them, or teams --date/--club (the page's header, USEBIO)
        "date": scored.event.extra.get("date") or None,
        "club": scored.event.extra.get("club") or None,
        "form": scored.form,
        "vp_scale": scored.vp_scale,
        "options": {
            "form": scored.form,
            "vp_scale": scored.vp_scale,
            # the file's own words for its match scoring (USEBIO MATCH_SCORING_METHOD), kept for the director
            "match_scoring": scored.event.match_scoring or None,
            **scored.options,
        },
        "matches": [_match(scored, m) for m in scored.matches],
        "standings": [_standing(s) for s in scored.standings],
        "checks": [problem_fields(c) for c in scored.checks],
        "problems": [problem_fields(p) for p in scored.problems],
    }


def dumps(scored: ScoredTeams) -> str:
    """The JSON text of :func:`to_dict`, indented, ending in a newline."""
    return orjson.dumps(to_dict(scored), option=orjson.OPT_INDENT_2).decode("utf-8") + "\n"


def dump(scored: ScoredTeams, stream: IO[str]) -> None:
    """Write :func:`dumps` to the text ``stream``."""
    stream.write(dumps(scored))
