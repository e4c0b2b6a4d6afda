"""USEBIO XML files (the EBU's Universal Scoring Exchange for Bridge Information Online, versions 1.0–1.2).

Scoring programs (EBUScore, PairsScorer, Pianola, BriAn, RealBridge, TeamsScorer …) write one file per event:
``USEBIO/EVENT`` with optional ``SESSION`` and ``SECTION`` elements, ``PARTICIPANTS`` (pairs with their
players' names, the published ``PERCENTAGE``/``TOTAL_SCORE`` and ``PLACE``) and ``BOARD`` elements holding
``TRAVELLER_LINE`` elements (teams files put the boards inside ``MATCH`` elements).  The file is read with
``defusedxml`` (no entity expansion, no external references), and every element's source line is kept so a
problem can be named by file, line and element.

What a traveller line becomes (:class:`bridgescore.event.Result`):

* ``NS_PAIR_NUMBER``/``EW_PAIR_NUMBER`` → ``ns_pair``/``ew_pair`` (an individual's ``N_/S_/E_/W_PLAYER_NUMBER``
  become ``"N-S"`` and ``"E-W"``); the section is the ``SECTION_ID`` (prefixed by ``SESSION_ID/`` when the
  file holds more than one session);
* ``CONTRACT`` (``3Hx``, ``4SXX``, ``1N``, ``PASS``), ``PLAYED_BY``, ``TRICKS`` (tricks taken), ``LEAD``;
* ``SCORE`` is North-South's score and is what counts: a contract that cannot be read or does not give the
  written score is reported as a warning and the written score kept;
* an adjusted score in ``SCORE`` (``A5050``, ``A6040``, ``A60A40``, ``AVE+``) gives status ``adjusted`` with
  the canonical remark (``A50/50``; see :mod:`bridgescore.io.adjusted`);
* everything else on the line (``NS_MATCH_POINTS``, ``EW_CROSS_IMP_POINTS``, ``NOTES``, ``LIN_DATA`` …), the
  board's own values (``BOARD.IMPS``) and the match's (``MATCH.ROUND_NUMBER`` …) is kept in ``Result.extra``.

Pair names (``PLAYER_NAME`` of each ``PLAYER``, joined with `` & ``) go into ``Event.names`` keyed by pair
number (``SECTION:PAIR`` where two sections use the same number).  The published per-pair results are
available through :func:`participants`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
from defusedxml.ElementTree import DefusedXMLParser

from bridgescore.contract import (
    Contract,
    ContractError,
    Notation,
    Seat,
    parse_contract,
    score,
    vulnerability_of_board,
)
from bridgescore.event import Event, Result, ResultStatus
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.line import LineReading, read_declarer, whole_number
from bridgescore.problems import Location, Problem, Severity

__all__ = ["Participant", "load", "load_participants", "loads", "participants"]

_KNOWN_VERSIONS = {"1.0", "1.1", "1.2"}
_LINE_FIELDS = frozenset({"NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS", "LEAD", "SCORE"})
_PLAYER_FIELDS = ("N_PLAYER_NUMBER", "S_PLAYER_NUMBER", "E_PLAYER_NUMBER", "W_PLAYER_NUMBER")
_NOT_PLAYED = frozenset({"NP", "NG", "NOTPLAYED", "NOPLAY"})


@dataclass(frozen=True, slots=True)
class Participant:
    """One pair (or player, or team) as the producing program published it in ``PARTICIPANTS``."""

    number: str
    section: str = ""
    direction: str = ""
    names: str = ""
    place: str = ""
    percentage: float | None = None
    total_score: float | None = None
    kind: str = "PAIR"
    team: str = ""
    extra: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    source: Location | None = None


@dataclass
class _Doc:
    root: Element
    lines: dict[int, int]
    filename: str

    def where(self, element: Element | None, field: str | None = None) -> Location:
        line = self.lines.get(id(element)) if element is not None else None
        return Location(self.filename, line, field)


def _parse(data: bytes | str, filename: str) -> tuple[_Doc | None, list[Problem]]:
    parser = DefusedXMLParser(target=TreeBuilder())
    # Record each element's source line: wrap the parser's start handler, which returns the new element.
    expat = parser.parser
    lines: dict[int, int] = {}
    start = expat.StartElementHandler

    def start_with_line(tag: str, attrs: Any) -> Any:
        element = start(tag, attrs)
        lines[id(element)] = expat.CurrentLineNumber
        return element

    expat.StartElementHandler = start_with_line
    try:
        parser.feed(data)
        root = parser.close()
    except ParseError as err:
        line = err.position[0] if getattr(err, "position", None) else None
        message = str(err).split(":")[0]
        return None, [
            Problem(
                Location(filename, line),
                f"the file is not well-formed XML ({message}); export it again from the scoring program",
            )
        ]
    except defusedxml.DefusedXmlException as err:
        return None, [
            Problem(
                Location(filename),
                f"the file declares XML entities ({type(err).__name__}), "
                "which are refused for safety; a USEBIO file needs none",
            )
        ]
    except (ValueError, LookupError) as err:  # an unknown encoding in the XML declaration
        return None, [Problem(Location(filename), f"the file cannot be decoded: {err}")]
    return _Doc(root, lines, filename), []


def _text(element: Element | None) -> str:
    return (element.text or "").strip() if element is not None else ""


def _child_text(element: Element, tag: str) -> str:
    return _text(element.find(tag))


def _contexts(event: Element) -> Iterator[tuple[Element, str, dict[str, str]]]:
    """Every element that may hold BOARD or PARTICIPANTS, with its section name and match context."""
    sessions = event.findall("SESSION")
    multi_session = len(sessions) > 1

    def walk(element: Element, section: str, context: dict[str, str]) -> Iterator[tuple[Element, str, dict[str, str]]]:
        yield element, section, context
        for child in element:
            if child.tag == "SESSION":
                sid = child.get("SESSION_ID", "") or _child_text(child, "SESSION_ID")
                yield from walk(child, sid if multi_session else section, context)
            elif child.tag == "SECTION":
                sid = child.get("SECTION_ID", "") or _child_text(child, "SECTION_ID")
                name = f"{section}/{sid}" if section and sid else (sid or section)
                yield from walk(child, name, context)
            elif child.tag == "MATCH":
                match_context = dict(context)
                for item in child:
                    if len(item) == 0 and item.tag != "BOARD":
                        match_context[f"MATCH.{item.tag}"] = _text(item)
                yield from walk(child, section, match_context)

    yield from walk(event, "", {})


def loads(data: bytes | str, filename: str = "<input>", notation: Notation = "en") -> Event:
    """Read a USEBIO file's content (bytes are decoded as the XML declaration says)."""
    doc, problems = _parse(data, filename)
    if doc is None:
        return Event((), problems=tuple(problems))
    root = doc.root
    if root.tag != "USEBIO":
        return Event(
            (),
            problems=(
                Problem(doc.where(root), f"this is not a USEBIO file: its root element is <{root.tag}>, not <USEBIO>"),
            ),
        )
    version = root.get("Version", "")
    if version and version not in _KNOWN_VERSIONS:
        problems.append(
            Problem(
                doc.where(root, "Version"),
                f"USEBIO version {version} is newer than 1.2; read as 1.2 (check the results)",
                Severity.WARNING,
            )
        )
    event = root.find("EVENT")
    if event is None:
        problems.append(Problem(doc.where(root, "EVENT"), "the file has no <EVENT>: there are no results"))
        return Event((), problems=tuple(problems))
    title = _child_text(event, "EVENT_DESCRIPTION") or _child_text(event, "TITLE")
    results: list[Result] = []
    names: dict[tuple[str, str], str] = {}
    seen: dict[tuple[str, int, str], int | None] = {}
    for holder, section, context in _contexts(event):
        for element in holder:
            if element.tag == "PARTICIPANTS":
                for p in _participants(doc, element, section):
                    if p.names:
                        names[(p.section, p.number)] = p.names
            elif element.tag == "BOARD":
                results.extend(_board(doc, element, section, context, notation, problems, seen))
    return Event(tuple(results), _names_by_pair(names), title, tuple(problems))


def _names_by_pair(names: Mapping[tuple[str, str], str]) -> Mapping[str, str]:
    sections_of: dict[str, set[str]] = {}
    for section, number in names:
        sections_of.setdefault(number, set()).add(section)
    out: dict[str, str] = {}
    for (section, number), text in names.items():
        key = number if len(sections_of[number]) == 1 else f"{section}:{number}"
        out[key] = text
    return MappingProxyType(out)


def _board(
    doc: _Doc,
    board_el: Element,
    section: str,
    context: Mapping[str, str],
    notation: Notation,
    problems: list[Problem],
    seen: dict[tuple[str, int, str], int | None],
) -> Iterator[Result]:
    number_text = _child_text(board_el, "BOARD_NUMBER")
    lines = board_el.findall("TRAVELLER_LINE")
    number = whole_number(number_text) if number_text[:1] not in ("+", "-") else None
    if number is None or number < 1:
        what = f"board number '{number_text}' does not exist" if number_text else "the board has no BOARD_NUMBER"
        problems.append(
            Problem(doc.where(board_el, "BOARD_NUMBER"), f"{what}; its {len(lines)} traveller lines are left out")
        )
        return
    board = number
    board_extra = dict(context)
    for item in board_el:
        if item.tag not in ("BOARD_NUMBER", "TRAVELLER_LINE"):
            board_extra[f"BOARD.{item.tag}"] = _text(item)
    for line_el in lines:
        result = _line(doc, line_el, board, section, board_extra, notation, problems)
        if result is None:
            continue
        line = doc.lines.get(id(line_el))
        twice = [p for p in (result.ns_pair, result.ew_pair) if (section, board, p) in seen]
        if twice:
            first = seen[(section, board, twice[0])]
            problems.append(
                Problem(
                    doc.where(line_el),
                    f"board {board}: pair {twice[0]} played it already (line {first}); this line is left out",
                )
            )
            continue
        seen[(section, board, result.ns_pair)] = line
        seen[(section, board, result.ew_pair)] = line
        yield result


def _line(
    doc: _Doc,
    el: Element,
    board: int,
    section: str,
    board_extra: Mapping[str, str],
    notation: Notation,
    problems: list[Problem],
) -> Result | None:
    errors: list[Problem] = []

    def report(tag: str, message: str, severity: Severity = Severity.ERROR) -> None:
        child = el.find(tag)
        target = errors if severity is Severity.ERROR else problems
        target.append(
            Problem(doc.where(child if child is not None else el, tag), f"board {board}: {message}", severity)
        )

    extra = dict(board_extra)
    extra.update({f"@{k}": v for k, v in el.attrib.items()})
    for child in el:
        if child.tag not in _LINE_FIELDS:
            extra[child.tag] = _text(child) if len(child) == 0 else "".join(child.itertext()).strip()

    ns, ew = _child_text(el, "NS_PAIR_NUMBER"), _child_text(el, "EW_PAIR_NUMBER")
    if not ns and not ew and el.find("N_PLAYER_NUMBER") is not None:  # an individual event
        n, s, e, w = (_child_text(el, tag) for tag in _PLAYER_FIELDS)
        ns, ew = f"{n}-{s}", f"{e}-{w}"
    if not ns:
        report("NS_PAIR_NUMBER", "the North-South pair number is missing")
    if not ew:
        report("EW_PAIR_NUMBER", "the East-West pair number is missing")
    if ns and ns == ew:
        report("EW_PAIR_NUMBER", f"pair {ns} is written as both North-South and East-West")

    contract_text = _child_text(el, "CONTRACT")
    declarer_text = _child_text(el, "PLAYED_BY")
    tricks_text = _child_text(el, "TRICKS")
    score_text = _child_text(el, "SCORE")
    lead = _child_text(el, "LEAD") or None

    reading = _interpret(board, contract_text, declarer_text, tricks_text, score_text, el.find("SCORE") is not None)
    for tag, message, severity in reading.problems:
        report(tag, message, severity)
    if errors:
        problems.extend(errors)
        return None
    return reading.to_result(board, ns, ew, section, lead, extra, doc.where(el))


@lru_cache(maxsize=65536)
def _interpret(
    board: int, contract_text: str, declarer_text: str, tricks_text: str, score_text: str, has_score: bool
) -> LineReading:
    """Read a line's CONTRACT, PLAYED_BY, TRICKS and SCORE (cached: a board repeats the same contract and result
    many times); the problems are keyed by element."""
    found: list[tuple[str, str, Severity]] = []

    def report(tag: str, message: str, severity: Severity = Severity.ERROR) -> None:
        found.append((tag, message, severity))

    status = ResultStatus.PLAYED
    remarks = ""
    ns_score: int | None = None
    adjustment = canonical_adjustment(score_text) if score_text else None
    if whole_number(score_text.replace(" ", "")) is not None:
        ns_score = whole_number(score_text.replace(" ", ""))
    elif adjustment is not None:
        status, remarks = ResultStatus.ADJUSTED, adjustment
    elif re.sub(r"[\s._\-]", "", score_text).upper() in _NOT_PLAYED:
        status = ResultStatus.NOT_PLAYED
    elif score_text:
        report("SCORE", f"'{score_text}' is neither a score nor an adjusted score (such as A6040)")

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    if contract_text and status is ResultStatus.PLAYED:
        contract, declarer, tricks = _contract(contract_text, declarer_text, tricks_text, ns_score, report)
    elif status is ResultStatus.PLAYED and ns_score is None:
        if not has_score and not contract_text:
            status = ResultStatus.NOT_PLAYED
            report("SCORE", "the line has neither a contract nor a score; read as not played", Severity.WARNING)
        else:
            report("SCORE", "the line has no score")

    if contract is not None and contract.is_passed_out:
        status = ResultStatus.PASSED_OUT
        tricks = None
        if ns_score is None:
            ns_score = 0
    if contract is not None and declarer is not None and tricks is not None and not contract.is_passed_out:
        computed = score(contract, declarer, vulnerability_of_board(board), tricks)
        if ns_score is None:
            ns_score = computed
        elif computed != ns_score:
            report(
                "SCORE",
                f"the written score {ns_score:+d} does not match {contract} by {declarer.name} "
                f"taking {tricks} tricks, which scores {computed:+d} for North-South; the written "
                "score is used",
                Severity.WARNING,
            )
    return LineReading(status, remarks, contract, declarer, tricks, ns_score, tuple(found))


def _contract(
    contract_text: str,
    declarer_text: str,
    tricks_text: str,
    ns_score: int | None,
    report: Callable[[str, str, Severity], None],
) -> tuple[Contract | None, Seat | None, int | None]:
    """Contract, declarer and tricks of a line; where they cannot be read but the score can, a warning."""
    severity = Severity.WARNING if ns_score is not None else Severity.ERROR
    keep = "; the written score is used" if ns_score is not None else ""
    try:
        contract = parse_contract(contract_text)
    except ContractError as err:
        report("CONTRACT", f"{err}{keep}", severity)
        return None, None, None
    if contract.is_passed_out:
        return contract, None, None
    declarer, wrong = read_declarer(contract, declarer_text)
    if wrong:
        report("PLAYED_BY", f"{wrong}{keep}", severity)
    tricks: int | None = None
    if not tricks_text:
        report("TRICKS", f"contract {contract} has no number of tricks{keep}", severity)
    elif (taken := whole_number(tricks_text)) is None or not 0 <= taken <= 13 or tricks_text[:1] in ("+", "-"):
        report("TRICKS", f"'{tricks_text}' tricks is impossible; declarer takes 0 to 13 tricks{keep}", severity)
    else:
        tricks = taken
    if declarer is None or tricks is None:
        return (contract, None, None) if ns_score is not None else (None, None, None)
    return contract, declarer, tricks


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None


def _participants(doc: _Doc, element: Element, section: str) -> Iterator[Participant]:
    for item in element:
        if item.tag == "TEAM":
            team = item.get("TEAM_ID", "") or _child_text(item, "TEAM_ID") or item.get("TEAM_NAME", "")
            yield _participant(doc, item, section, "TEAM", team)
            for pair in item.findall("PAIR"):
                yield _participant(doc, pair, section, "PAIR", team)
        elif item.tag in ("PAIR", "PLAYER"):
            yield _participant(doc, item, section, item.tag, "")


def _participant(doc: _Doc, el: Element, section: str, kind: str, team: str) -> Participant:
    number = (_child_text(el, "PAIR_NUMBER") or _child_text(el, "PLAYER_NUMBER") or _child_text(el, "TEAM_ID")
              or el.get("TEAM_ID", ""))  # fmt: skip
    if kind == "PLAYER":
        names = _child_text(el, "PLAYER_NAME")
    elif kind == "TEAM":
        names = _child_text(el, "TEAM_NAME") or el.get("TEAM_NAME", "")
    else:
        names = " & ".join(n for n in (_child_text(p, "PLAYER_NAME") for p in el.findall("PLAYER")) if n)
    extra = {f"@{k}": v for k, v in el.attrib.items()}
    extra.update({c.tag: _text(c) for c in el if len(c) == 0})
    return Participant(
        number=number,
        section=section,
        direction=_child_text(el, "DIRECTION"),
        names=names,
        place=_child_text(el, "PLACE"),
        percentage=_number(_child_text(el, "PERCENTAGE")),
        total_score=_number(_child_text(el, "TOTAL_SCORE")),
        kind=kind,
        team=team,
        extra=MappingProxyType(extra),
        source=doc.where(el),
    )


def participants(data: bytes | str, filename: str = "<input>") -> tuple[Participant, ...]:
    """The pairs (players, teams) with the results the producing program published, in file order."""
    doc, _ = _parse(data, filename)
    if doc is None or doc.root.tag != "USEBIO" or (event := doc.root.find("EVENT")) is None:
        return ()
    out: list[Participant] = []
    for holder, section, _context in _contexts(event):
        for element in holder.findall("PARTICIPANTS"):
            out.extend(_participants(doc, element, section))
    return tuple(out)


def _read(path: str | Path) -> tuple[bytes | None, Problem | None]:
    p = Path(path)
    try:
        return p.read_bytes(), None
    except OSError as err:
        return None, Problem(Location(str(p)), f"cannot read the file: {err.strerror}")


def load(path: str | Path, notation: Notation = "en") -> Event:
    """Read a USEBIO file."""
    data, problem = _read(path)
    if data is None:
        return Event((), problems=(problem,) if problem else ())
    return loads(data, str(path), notation)


def load_participants(path: str | Path) -> tuple[Participant, ...]:
    """The published participants of a USEBIO file (empty if it cannot be read)."""
    data, _ = _read(path)
    return participants(data, str(path)) if data is not None else ()
