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
from collections.abc import Callable
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any

import numpy as np
import orjson

from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Contract, Seat
from bridgescore.core.event import Result, ResultStatus
from bridgescore.report.printable import PrintableBinary, escape_controls_bytes
from bridgescore.report.problems import problem_fields
from bridgescore.teams.model import TIED, BoardScore, MatchScore, ScoredTeams, TeamStanding

if TYPE_CHECKING:
    from bridgescore.teams.columns import ScoredColumns

__all__ = ["SCHEMA", "dump", "dump_bytes", "dump_columns", "dumps", "to_dict", "winner"]

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


class _Words:
    """Each distinct contract, declarer, lead and status written once: a federation's event has a million rooms
    and a few hundred distinct contracts (issue 19)."""

    def __init__(self) -> None:
        # by identity: the lines of a large file share their contract objects, and an enum's hash is Python code
        self.contracts: dict[int, tuple[Contract, str]] = {}
        self.declarers = [seat.label("en") for seat in Seat]  # indexed by the seat's value
        self.leads: dict[str, str | None] = {}
        self.statuses = {id(status): status.value for status in ResultStatus}
        self.numbers: dict[float, float | int | None] = {}

    def number(self, value: float | None) -> float | int | None:
        """:func:`_num` of ``value``, worked out once per value (a board's IMPs and points take few values)."""
        if value is None:
            return None
        found = self.numbers.get(value, self)  # equal values (0.0 and -0.0 too) give the same number; NaN never
        if found is self:
            found = self.numbers[value] = _num(value)
        return found  # type: ignore[return-value]

    def room(self, result: Result | None) -> dict[str, Any] | None:
        if result is None:
            return None
        contract, declarer, lead = result.contract, result.declarer, result.lead
        if contract is not None:
            found = self.contracts.get(id(contract))
            if found is None:  # the contract is kept beside its text, so its id is not another's while it is here
                found = self.contracts[id(contract)] = (contract, contract.format("en"))
            contract_text = found[1]
        declarer_text = self.declarers[declarer] if declarer is not None else None
        if lead and (lead_text := self.leads.get(lead, "")) == "":
            lead_text = self.leads[lead] = format_lead(lead, "en") or None
        return {
            "contract": contract_text if contract is not None else None,
            "declarer": declarer_text,
            "tricks": result.tricks,
            "ns_score": result.ns_score,
            "lead": lead_text if lead else None,
            "remarks": result.remarks or None,
            "status": self.statuses[id(result.status)],
        }


def _board(b: BoardScore, words: _Words) -> dict[str, Any]:
    return {
        "board": b.board.board,
        "segment": b.board.segment,
        "fouled": b.board.fouled,
        "rooms": {"open": words.room(b.board.open), "closed": words.room(b.board.closed)},
        "imps_home": words.number(b.imps_home),
        "points_home": words.number(b.points_home),
        "points_away": words.number(b.points_away),
        "problem": b.problem.text() if b.problem is not None else None,
    }


def _match(scored: ScoredTeams, m: MatchScore, words: _Words) -> dict[str, Any]:
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
        "board_results": [_board(b, words) for b in m.boards],
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
    words = _Words()
    return _document(scored, [_match(scored, m, words) for m in scored.matches])


def _document(scored: ScoredTeams, matches: list[dict[str, Any]]) -> dict[str, Any]:
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
        "matches": matches,
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


#: Matches written to the stream at a time by :func:`dump_bytes`.
_MATCHES_AT_A_TIME = 256


def dump_bytes(scored: ScoredTeams, stream: IO[bytes]) -> None:
    """Write the UTF-8 bytes of :func:`dumps` to the binary ``stream`` a few hundred matches at a time, never the
    whole document in memory (a federation's event: half a million boards, a 380 MB document, over 2 GB as dicts
    and copies of its text; issue 19).  Each match is laid out by orjson on its own and indented to its place,
    which is the layout orjson gives it within the whole document."""
    option = orjson.OPT_INDENT_2
    skeleton = orjson.dumps(_document(scored, []), option=option)
    # a top-level key is the only thing at the start of a line indented by two (a string holds no line end)
    at = skeleton.index(b'\n  "matches": [],\n') + len(b'\n  "matches": ')
    write = stream.write
    write(skeleton[:at])
    if scored.matches:
        words = _Words()
        chunk: list[bytes] = [b"["]
        for i, m in enumerate(scored.matches):
            laid_out = orjson.dumps(_match(scored, m, words), option=option).replace(b"\n", b"\n    ")
            chunk.append((b"\n    " if i == 0 else b",\n    ") + laid_out)
            if len(chunk) >= _MATCHES_AT_A_TIME:
                write(b"".join(chunk))
                chunk.clear()
        chunk.append(b"\n  ]")
        write(b"".join(chunk))
    else:
        write(b"[]")
    write(skeleton[at + len(b"[]") :] + b"\n")


def _as_is(data: bytes) -> bytes:
    return data


def dump_columns(scored: ScoredColumns, stream: IO[bytes]) -> None:
    """Write the UTF-8 bytes of the JSON of an event scored on its columns (:mod:`bridgescore.teams.columns`) to the
    binary ``stream``, a few hundred matches at a time: the bytes :func:`dump_bytes` writes for the same event
    scored by the engine (issue 19; tests/test_teams_fast.py).

    Each distinct room (contract reading and lead), board start (number, segment) and board end (IMPs) is laid out
    once by orjson, as :func:`dump_bytes` lays out a whole match, and indented to its place; a board is then five
    pieces joined, and a match is orjson's layout of its fields with its boards in place of its list."""
    option = orjson.OPT_INDENT_2
    summary, columns = scored.scored, scored.columns
    escape: Callable[[bytes], bytes] = _as_is
    if isinstance(stream, PrintableBinary):
        # each piece escaped once instead of every byte as written: orjson writes no C0 control or carriage return
        # but escaped, so what is escaped (DEL, a C1 control) is inside a string, and a string inside one piece
        escape, stream = escape_controls_bytes, stream.raw
    skeleton = escape(orjson.dumps(_document(summary, []), option=option))
    at = skeleton.index(b'\n  "matches": [],\n') + len(b'\n  "matches": ')
    write = stream.write
    write(skeleton[:at])
    if not summary.matches:
        write(b"[]" + skeleton[at + len(b"[]") :] + b"\n")
        return
    words = _Words()
    # a board's place: an item of board_results (4 deeper than its match) of a match in matches (4 deeper)
    board_indent = b"\n" + b" " * 8
    room_indent = board_indent + b" " * 4  # a room: the value of a key of "rooms" (4 deeper than its board)
    open_mark, closed_mark, boards_mark = orjson.dumps("\x01open"), orjson.dumps("\x01closed"), orjson.dumps("\x01b")

    def board_layout(number: int, segment: int, imps: float) -> bytes:
        """A board laid out with a mark where each room goes."""
        fields = {
            "board": number, "segment": segment, "fouled": False, "rooms": {"open": "\x01open", "closed": "\x01closed"},
            "imps_home": words.number(imps), "points_home": None, "points_away": None, "problem": None,
        }  # fmt: skip
        return orjson.dumps(fields, option=option).replace(b"\n", board_indent)

    pieces: list[bytes] = []
    sample = board_layout(1, 1, 0.0)
    pieces.append(sample[sample.index(open_mark) + len(open_mark) : sample.index(closed_mark)])  # between the rooms
    # each distinct board start: as a match's first board, then after another board
    width = int(columns.board.max()) + 1
    heads, head_of_board = np.unique(columns.segment * width + columns.board, return_inverse=True)
    starts_of_heads = []
    for segment, number in map(lambda head: divmod(head, width), heads.tolist()):
        layout = board_layout(number, segment, 0.0)
        starts_of_heads.append(layout[: layout.index(open_mark)])
    first_head = len(pieces)
    pieces.extend(starts_of_heads)
    pieces.extend(b"," + board_indent + head for head in starts_of_heads)
    # each distinct room: a contract reading with a lead
    leads = columns.leads()
    room_of_row = columns.key_of_row * max(len(leads.labels), 1) + leads.codes
    rooms, room_of_board = np.unique(
        np.concatenate([room_of_row[columns.open_row], room_of_row[columns.closed_row]]), return_inverse=True
    )
    first_room = len(pieces)
    for room in rooms.tolist():
        reading, lead = divmod(room, max(len(leads.labels), 1))
        line = replace(columns.readings[reading], lead=leads.labels[lead] or None)
        pieces.append(orjson.dumps(words.room(line), option=option).replace(b"\n", room_indent))
    # each distinct end: the board's IMPs
    ends, end_of_board = np.unique(scored.imps, return_inverse=True)
    first_end = len(pieces)
    for imps in ends.tolist():
        layout = board_layout(1, 1, imps)
        pieces.append(layout[layout.index(closed_mark) + len(closed_mark) :])
    pieces = list(map(escape, pieces))
    boards = len(columns.board)
    starts = columns.starts
    later = np.ones(boards, dtype=np.int64)
    later[starts[:-1]] = 0
    order = np.empty((boards, 5), dtype=np.int64)
    order[:, 0] = first_head + head_of_board.reshape(-1) + later * len(starts_of_heads)
    order[:, 1] = first_room + room_of_board.reshape(-1)[:boards]
    order[:, 2] = 0
    order[:, 3] = first_room + room_of_board.reshape(-1)[boards:]
    order[:, 4] = first_end + end_of_board.reshape(-1)
    start_list = starts.tolist()
    for low in range(0, len(summary.matches), _MATCHES_AT_A_TIME):
        high = min(low + _MATCHES_AT_A_TIME, len(summary.matches))
        base = start_list[low]
        board_pieces = list(map(pieces.__getitem__, order[base : start_list[high]].ravel().tolist()))
        chunk: list[bytes] = []
        for k in range(low, high):
            fields = _match(summary, summary.matches[k], words)
            fields["boards"] = start_list[k + 1] - start_list[k]
            fields["board_results"] = ["\x01b"]
            laid_out = escape(orjson.dumps(fields, option=option).replace(b"\n", b"\n    "))
            mark = laid_out.rindex(boards_mark)  # the last field: a team named like the mark comes before
            chunk.append((b"[\n    " if k == 0 else b",\n    ") + laid_out[:mark])
            chunk += board_pieces[5 * (start_list[k] - base) : 5 * (start_list[k + 1] - base)]
            chunk.append(laid_out[mark + len(boards_mark) :])
        write(b"".join(chunk))
    write(b"\n  ]" + skeleton[at + len(b"[]") :] + b"\n")
