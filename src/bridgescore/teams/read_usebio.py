"""USEBIO teams files (TeamsScorer, EBUScoreTeams): ``MATCH`` elements with their ``BOARD``s, each board with the
traveller line of both rooms.

Read with :mod:`bridgescore.io.usebio`'s parse (defusedxml, each element's source line) and its traveller-line
reading, so a contract, score or adjustment is read and reported as for a pairs file.  What the file says
(the EBU's example files ``multiple-teams.xml`` and ``point-a-board-teams.xml``, USEBIO 1.2):

* a ``MATCH`` gives ``ROUND_NUMBER``, ``TEAM`` (the home team here), ``OPPOSING_TEAM``, ``TEAM_SCORE`` and
  ``OPPOSING_TEAM_SCORE`` (kept as ``Match.extra`` ``team_score``/``opposing_team_score``);
* a line's ``DIRECTION`` tells the room: in the ``NS`` line the MATCH's TEAM sits North-South (the open room),
  in the ``EW`` line East-West (the closed room);
* a board's ``IMPS`` (the TEAM's IMPs), ``TEAM_POINTS`` and ``OPPOSING_TEAM_POINTS`` (board-a-match) are kept
  as ``MatchBoard.extra`` ``imps``, ``team_points``, ``opposing_team_points``, so they can be checked;
* a board outside a ``MATCH`` (its match cannot be told), a traveller line or board the reading cannot reach
  (misspelt, lower case) and a second ``EVENT`` are errors, an element bridgescore does not know a warning, as
  for a pairs file;
* a match written from each team's view (two records for one match) is read once; where the two records
  disagree on a board, an error says which (the first record is kept);
* teams' names (``TEAM_NAME``, the id where it is empty) and members (every ``PLAYER_NAME`` of the team's
  pairs) from ``PARTICIPANTS``; ``BOARD_SCORING_METHOD`` ``IMPS`` → IMPs, ``PAB``/``BAM`` → board-a-match;
  ``MATCH_SCORING_METHOD``, ``DATE``, the club's name and the program are kept for the reports, with every other
  fact about the event under the keys of :func:`bridgescore.io.usebio.event_info` (masterpoint scale, contact …);
* each team's players with their member numbers and team pair (``Team.players``) and the team's own fields
  (``MASTER_POINTS/MASTER_POINTS_AWARDED``, the published ``TOTAL_SCORE``, ``PLACE``: ``Team.extra``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from xml.etree.ElementTree import Element

from bridgescore.core.contract import Notation
from bridgescore.core.players import Player
from bridgescore.core.problems import Problem, Severity, shorten
from bridgescore.io import usebio
from bridgescore.io.line import whole_number
from bridgescore.teams.lines import TeamFile, TeamLine, with_result_teams
from bridgescore.teams.model import Room, Team, TeamsForm

__all__ = ["load", "loads"]

#: BOARD_SCORING_METHOD → the board scoring (USEBIO 1.2: IMPS, PAB; BAM as some programs write it).
_FORMS: dict[str, TeamsForm] = {"IMPS": "imps", "IMP": "imps", "PAB": "bam", "BAM": "bam", "PATTON": "patton"}
#: MATCH and BOARD values kept under the names the checks and reports use.
_MATCH_KEYS = {"TEAM_SCORE": "team_score", "OPPOSING_TEAM_SCORE": "opposing_team_score"}
_BOARD_KEYS = {"IMPS": "imps", "TEAM_POINTS": "team_points", "OPPOSING_TEAM_POINTS": "opposing_team_points"}


def _text(element: Element | None) -> str:
    return (element.text or "").strip() if element is not None else ""


def loads(data: bytes | str, filename: str = "<input>", notation: Notation = "en") -> TeamFile:
    """The matches of a USEBIO teams file's content (see the module docstring)."""
    doc, found = usebio.parse_document(data, filename)
    problems = list(found)
    if doc is None:
        return TeamFile((), problems=tuple(problems))
    if doc.root.tag != "USEBIO" or (event := doc.root.find("EVENT")) is None:
        problems.append(
            Problem.make(doc.where(doc.root, "EVENT"), "this is not a USEBIO teams file: it has no <USEBIO>/<EVENT>")
        )
        return TeamFile((), problems=tuple(problems))
    teams = _teams(doc, event)
    lines: list[TeamLine] = []
    records: dict[tuple[int, frozenset[str]], tuple[Element, list[TeamLine]]] = {}
    reached: set[int] = set()  # the boards and traveller lines read or reported here; usebio.audit says the rest
    has_matches = any(True for _ in event.iter("MATCH"))
    for holder, section, context in usebio.event_contexts(event):
        if holder.tag != "MATCH":
            for board_el in holder.findall("BOARD"):
                line_els = board_el.findall("TRAVELLER_LINE")
                reached.update(id(e) for e in (board_el, *line_els))
                if has_matches:
                    problems.append(
                        Problem.make(
                            doc.where(board_el, "BOARD"),
                            "board %(board)s is not inside a <MATCH>, so which match it belongs to cannot be told; "
                            "its %(count)d traveller lines are left out",
                            board=shorten(usebio.child_text(board_el, "BOARD_NUMBER") or "?"),
                            count=len(line_els),
                        )
                    )
        for match_el in holder.findall("MATCH"):
            reached.update(id(e) for b in match_el.findall("BOARD") for e in (b, *b.findall("TRAVELLER_LINE")))
            read = _match(doc, match_el, section, context, notation, problems)
            if read is None:
                continue
            key, match_lines = read
            if key in records:
                _compare(doc, records[key], (match_el, match_lines), key[0], problems)
                continue
            records[key] = (match_el, match_lines)
            lines.extend(match_lines)
    for other in usebio.other_events(doc, event, problems):
        reached.update(id(e) for e in other.iter())
    usebio.audit(doc, reached, problems)
    if not has_matches:
        form, _sign = usebio.event_form(event)
        problems.append(
            Problem.make(
                doc.where(event, "MATCH"),
                "the file has no <MATCH>: it is not a teams file (score it with `bridgescore score`)"
                if form != "individual"
                else "the file has no <MATCH>: it is an individual event (score it with `bridgescore individual`)",
            )
        )
    method = usebio.child_text(event, "BOARD_SCORING_METHOD")
    extra = {
        "date": usebio.child_text(event, "DATE"),
        "club": _text(doc.root.find("CLUB/CLUB_NAME")),
        "program": " ".join(
            t for t in (usebio.child_text(event, "PROGRAM_NAME"), usebio.child_text(event, "PROGRAM_VERSION")) if t
        ),
    }
    for fact, text in usebio.event_info(doc.root, event).items():  # the event's facts, as the pairs reader keeps them
        extra.setdefault(fact, text)
    return TeamFile(
        tuple(lines),
        MappingProxyType(teams),
        tuple(problems),
        title=usebio.child_text(event, "EVENT_DESCRIPTION") or usebio.child_text(event, "TITLE"),
        form=_FORMS.get(method.upper()),
        match_scoring=usebio.child_text(event, "MATCH_SCORING_METHOD"),
        extra=MappingProxyType({k: v for k, v in extra.items() if v}),
    )


def _teams(doc: usebio.Document, event: Element) -> dict[str, Team]:
    teams: dict[str, Team] = {}
    for element in event.iter("TEAM"):
        if len(element) == 0 and not element.attrib:  # the MATCH's <TEAM>1</TEAM>
            continue
        team_id = element.get("TEAM_ID", "").strip() or usebio.child_text(element, "TEAM_ID")
        if not team_id:
            continue
        name = element.get("TEAM_NAME", "").strip() or usebio.child_text(element, "TEAM_NAME")
        members = tuple(
            player_name
            for player in element.iter("PLAYER")
            if (player_name := usebio.child_text(player, "PLAYER_NAME"))
        )
        players = tuple(_players(element))
        extra = {
            k: v for child in element if child.tag not in ("PAIR", "PLAYER") for k, v in usebio.flatten(child).items()
        }
        team = Team(team_id, name, members, doc.where(element), players, MappingProxyType(extra))
        teams.setdefault(team_id, team)
    return teams


def _players(team: Element) -> Iterator[Player]:
    """A team's players (:func:`bridgescore.io.usebio.player_of`), each with the team pair it sits in
    (``PAIR_NUMBER``) and that pair's own fields (``PAIR/BOARDS_PLAYED``, ``PAIR/PAIR_IMPS``) in ``extra``."""
    for child in team:
        if child.tag == "PLAYER":
            yield usebio.player_of(child)
        elif child.tag == "PAIR":
            pair = {f"PAIR/{k}": v for c in child if c.tag not in ("PLAYER", "PAIR_NUMBER")
                    for k, v in usebio.flatten(c).items()}  # fmt: skip
            for player in child.findall("PLAYER"):
                found = usebio.player_of(player)
                extra = {"PAIR_NUMBER": usebio.child_text(child, "PAIR_NUMBER"), **pair, **found.extra}
                yield replace(found, extra=MappingProxyType(extra))


def _match(
    doc: usebio.Document,
    match_el: Element,
    section: str,
    context: dict[str, str],
    notation: Notation,
    problems: list[Problem],
) -> tuple[tuple[int, frozenset[str]], list[TeamLine]] | None:
    round_text = usebio.child_text(match_el, "ROUND_NUMBER")
    home = usebio.child_text(match_el, "TEAM")
    away = usebio.child_text(match_el, "OPPOSING_TEAM")
    round_number = whole_number(round_text) if round_text else 1
    if round_number is None or round_number < 1:
        problems.append(
            Problem.make(
                doc.where(match_el.find("ROUND_NUMBER"), "ROUND_NUMBER"),
                "'%(text)s' is not a round number; the match is left out",
                text=shorten(round_text),
            )
        )
        return None
    for tag, team in (("TEAM", home), ("OPPOSING_TEAM", away)):
        if not team:
            problems.append(
                Problem.make(
                    doc.where(match_el.find(tag) if match_el.find(tag) is not None else match_el, tag),
                    "the match of round %(round)d has no %(tag)s; its boards are left out",
                    round=round_number,
                    tag=tag,
                )
            )
            return None
    if home == away:
        problems.append(
            Problem.make(
                doc.where(match_el, "OPPOSING_TEAM"),
                "team %(team)s plays itself in round %(round)d; the match is left out",
                team=shorten(home),
                round=round_number,
            )
        )
        return None
    match_context = dict(context)
    match_extra: dict[str, str] = {}
    for item in match_el:
        if len(item) == 0 and item.tag != "BOARD":
            match_context[f"MATCH.{item.tag}"] = _text(item)
            match_extra[_MATCH_KEYS.get(item.tag, item.tag)] = _text(item)
    lines: list[TeamLine] = []
    for board_el in match_el.findall("BOARD"):
        match = (home, away, match_el)
        lines.extend(
            _board(doc, board_el, section, match_context, match_extra, match, round_number, notation, problems)
        )
    return (round_number, frozenset((home, away))), lines


def _board(
    doc: usebio.Document,
    board_el: Element,
    section: str,
    context: dict[str, str],
    match_extra: dict[str, str],
    match: tuple[str, str, Element],
    round_number: int,
    notation: Notation,
    problems: list[Problem],
) -> list[TeamLine]:
    home, away, match_el = match
    number_text = usebio.child_text(board_el, "BOARD_NUMBER")
    number = whole_number(number_text) if number_text[:1] not in ("+", "-") else None
    line_els = board_el.findall("TRAVELLER_LINE")
    if number is None or number < 1:
        problems.append(
            Problem.make(
                doc.where(board_el, "BOARD_NUMBER"),
                "board number '%(text)s' does not exist; its %(count)d traveller lines are left out",
                text=shorten(number_text),
                count=len(line_els),
            )
        )
        return []
    board_context = dict(context)
    board_extra: dict[str, str] = {}
    for item in board_el:
        if item.tag not in ("BOARD_NUMBER", "TRAVELLER_LINE") and len(item) == 0:
            board_context[f"BOARD.{item.tag}"] = _text(item)
            board_extra[_BOARD_KEYS.get(item.tag, item.tag)] = _text(item)
    out: list[TeamLine] = []
    for line_el in line_els:
        result = usebio.read_line(doc, line_el, number, section, board_context, notation, problems)
        if result is None:
            continue
        direction = usebio.child_text(line_el, "DIRECTION").upper()
        room: Room
        if direction == "NS":
            room, ns, ew = "open", home, away
        elif direction == "EW":
            room, ns, ew = "closed", away, home
        else:
            problems.append(
                Problem.make(
                    doc.where(line_el, "DIRECTION"),
                    "board %(board)d, round %(round)d: the line's DIRECTION is '%(text)s', not NS or EW, so the room "
                    "it was played in cannot be told; the line is left out",
                    board=number,
                    round=round_number,
                    text=shorten(direction),
                )
            )
            continue
        out.append(
            TeamLine(
                with_result_teams(result, ns, ew),
                round_number,
                room,
                home=home,
                board_extra=MappingProxyType(board_extra),
                match_extra=MappingProxyType(match_extra),
                match_source=doc.where(match_el),
            )
        )
    return out


def _compare(
    doc: usebio.Document,
    first: tuple[Element, list[TeamLine]],
    second: tuple[Element, list[TeamLine]],
    round_number: int,
    problems: list[Problem],
) -> None:
    """A match written a second time (from the other team's view): said where a board differs."""
    kept = {(line.result.board, line.result.ns_pair): line.result for line in first[1]}
    for line in second[1]:
        other = kept.get((line.result.board, line.result.ns_pair))
        if other is None or (other.ns_score, other.contract, other.status) != (
            line.result.ns_score,
            line.result.contract,
            line.result.status,
        ):
            problems.append(
                Problem.make(
                    line.result.source or doc.where(second[0]),
                    "the match %(home)s – %(away)s of round %(round)d is written twice (from each team's view, the "
                    "first on line %(first)s) and board %(board)d differs between them; the first is kept",
                    Severity.ERROR,
                    home=shorten(line.result.ns_pair),
                    away=shorten(line.result.ew_pair),
                    round=round_number,
                    first=doc.lines.get(id(first[0]), 0),
                    board=line.result.board,
                )
            )
            return


def load(path: str | Path, notation: Notation = "en") -> TeamFile:
    """Read a USEBIO teams file (see the module docstring)."""
    data, problem = usebio.read_bytes(path)
    if data is None:
        return TeamFile((), problems=(problem,) if problem else ())
    return loads(data, str(path), notation)
