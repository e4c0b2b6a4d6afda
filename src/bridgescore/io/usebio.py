"""USEBIO XML files (the EBU's Universal Scoring Exchange for Bridge Information Online, versions 1.0–1.2).

Scoring programs (EBUScore, PairsScorer, Pianola, BriAn, RealBridge, TeamsScorer …) write one file per event:
``USEBIO/EVENT`` with optional ``SESSION`` and ``SECTION`` elements, ``PARTICIPANTS`` (pairs with their
players' names, the published ``PERCENTAGE``/``TOTAL_SCORE`` and ``PLACE``) and ``BOARD`` elements holding
``TRAVELLER_LINE`` elements (teams files put the boards inside ``MATCH`` elements).  The file is read with
``defusedxml`` (no entity expansion, no external references), and every element's source line is kept so a
problem can be named by file, line and element.

What a traveller line becomes (:class:`bridgescore.core.event.Result`):

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
number (``SECTION:PAIR`` where two sections use the same number).  Keyed the same way (issue 13):

* ``Event.players``: each pair's ``PLAYER`` elements (an individual's ``PLAYER`` participant itself) as
  :class:`~bridgescore.core.players.Player` – ``NATIONAL_ID_NUMBER`` the member number, ``PLAYER_NAME``,
  ``CLUB_ID_NUMBER`` the club number, every other child and attribute in ``Player.extra`` (``@RATEABLE``,
  ``PLAYER_NUMBER``, ``MASTER_POINTS/MASTER_POINTS_AWARDED`` …) – see :func:`player_of`;
* ``Event.pair_info``: everything else the pair's element holds (``DIRECTION``, the published ``PERCENTAGE``,
  ``TOTAL_SCORE`` and ``PLACE``, ``MASTER_POINTS/MASTER_POINTS_AWARDED``, ``MASTER_POINTS/MASTER_POINT_TYPE``,
  BriAn's flat ``MASTER_POINTS_AWARDED``, ``HANDICAP``, ``BOARDS_PLAYED`` …), nested elements as ``PARENT/CHILD``;
* ``Event.info``: the event's date, club, program, masterpoint scale, contact … (keys in :func:`event_info`).

:mod:`bridgescore.pairs.report.usebio` writes them back.  The published per-pair results are
available through :func:`participants`.  Where ``PARTICIPANTS`` gives a number twice, once with ``DIRECTION`` NS
and once EW, the section numbers its pairs per direction (a Mitchell as ACBLscore numbers it, NS 1 and EW 1
being two pairs): a line with the same number on both sides is then no mistake, and the names are keyed
``1 NS``/``1 EW``.

Nothing is dropped silently: an element bridgescore does not know is named in a warning (on a traveller line it
is kept in ``Result.extra``); a traveller line or board it cannot reach (misspelt ``TRAVELER_LINE``, lower-case
``<board>``, outside a ``BOARD``, in a second ``<EVENT>``) and a field written twice with different values are
errors.  A teams file (``EVENT_TYPE`` with TEAMS, ``MATCH`` elements, ``TEAM`` participants) or an individual
(``EVENT_TYPE="INDIVIDUAL"``, ``PLAYER`` participants, player numbers on the lines) is read, and marked
(:attr:`bridgescore.core.event.Event.form`) so that ``score`` does not score it as pairs.
"""

from __future__ import annotations

import re
from array import array
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise, repeat
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, TypeVar
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
import numpy as np
import numpy.typing as npt
from defusedxml.ElementTree import DefusedXMLParser

from bridgescore.core.contract import (
    Contract,
    ContractError,
    Notation,
    Seat,
    parse_contract,
    score,
    vulnerability_of_board,
)
from bridgescore.core.deal import HandRecords
from bridgescore.core.event import Event, EventForm, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.core.players import Player
from bridgescore.core.problems import FieldKind, Location, Problem, Severity, Value, shorten
from bridgescore.core.table import FIELD_KINDS, STATUSES, Column, ResultTable, ResultView
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.csv import one_line_per_table
from bridgescore.io.line import LineReading, numbered_per_direction, read_declarer, whole_number

__all__ = [
    "Document",
    "Participant",
    "audit",
    "child_text",
    "event_contexts",
    "event_form",
    "event_info",
    "flatten",
    "load",
    "load_participants",
    "loads",
    "names_by_pair",
    "other_events",
    "parse_document",
    "participants",
    "player_of",
    "read_bytes",
    "read_line",
    "written_method",
]

_V = TypeVar("_V")
_KNOWN_VERSIONS = {"1.0", "1.1", "1.2"}
_LINE_FIELDS = frozenset({"NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS", "LEAD", "SCORE"})
_SORTED_LINE_FIELDS = tuple(sorted(_LINE_FIELDS))
_PLAYER_FIELDS = ("N_PLAYER_NUMBER", "S_PLAYER_NUMBER", "E_PLAYER_NUMBER", "W_PLAYER_NUMBER")
_NOT_PLAYED = frozenset({"NP", "NG", "NOTPLAYED", "NOPLAY"})
#: Deeper than this no USEBIO file goes (its deepest element is about 8 levels down); deeper is refused.
_MAX_DEPTH = 64
#: The elements of USEBIO 1.0–1.2 (the EBU's DTD and the files of the programs that write it): any other is
#: reported once per file as unknown.
_KNOWN_ELEMENTS = frozenset(
    """ADJUSTMENT BOARD BOARDS_PER_ROUND BOARDS_PLAYED BOARD_NUMBER BOARD_SCORING_METHOD CHECKSUM CLUB CLUBS
    CLUB_ID_NUMBER CLUB_NAME CONTACT CONTRACT CRYPTO_KEY DATE DIAMONDS CLUBS_SUIT DIRECTION DUPLICATES EMAIL
    END_BOARD_NUMBER EVENT EVENT_DESCRIPTION EVENT_IDENTIFIER EVENT_TYPE EW_CROSS_IMP_POINTS EW_MATCH_POINTS
    EW_PAIRS EW_PAIR_NUMBER E_PLAYER_NUMBER FULL_NAME HAND HANDICAP HANDSET HEADLINE HEARTS IMPS LEAD LEGEND
    LINE LIN_DATA MASTER_POINTS MASTER_POINTS_AWARDED MASTER_POINT_SCALE MASTER_POINT_TYPE MATCH
    MATCH_SCORING_METHOD MPS_AWARDED_FLAG NATIONAL_ID_NUMBER NEXT_BOARD NOTES NS_CROSS_IMP_POINTS
    NS_MATCH_POINTS NS_PAIR_NUMBER N_PLAYER_NUMBER OPPOSING_TEAM OPPOSING_TEAM_POINTS OPPOSING_TEAM_SCORE
    P2P_CHARGE_RATE PAIR PAIRS PAIRWISE_SCORING_METHOD PAIR_IMPS PAIR_NUMBER PARTICIPANTS PERCENTAGE PLACE
    PLAYED_BY PLAYER PLAYER_NAME PLAYER_NUMBER PRINTOUTS PROGRAM_NAME PROGRAM_VERSION ROUND_NUMBER SCORE
    SCORING_METHOD SECTION SECTION_COUNT SECTION_ID SESSION SESSION_COUNT SESSION_ID SPADES START_BOARD_NUMBER
    STATUS S_PLAYER_NUMBER TABLE_NUMBER TEAM TEAM_ID TEAM_NAME TEAM_PAIRING_AVAILABLE TEAM_POINTS TEAM_SCORE
    TELEPHONE TITLE TOTAL_SCORE TRAVELLER_LINE TRICKS USEBIO WINNER_TYPE WINS_OR_DRAWS W_PLAYER_NUMBER""".split()  # noqa: SIM905
)


@lru_cache(maxsize=4096)
def _is_line(tag: str) -> bool:
    """A traveller line however spelt: ``TRAVELLER_LINE``, ``TRAVELER_LINE``, ``traveller_line`` … (worked out
    once per name: a large file asks it of millions of elements with a few names)."""
    return re.sub(r"[^A-Z]", "", tag.upper()) in ("TRAVELLERLINE", "TRAVELERLINE")


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
    #: The pair's players (``PLAYER`` elements; for an individual the player itself), see :func:`player_of`.
    players: tuple[Player, ...] = ()


@dataclass
class Document:
    root: Element
    lines: dict[int, int]
    filename: str

    def where(self, element: Element | None, field: str | None = None) -> Location:
        line = self.lines.get(id(element)) if element is not None else None
        return Location(self.filename, line, field, FieldKind.ELEMENT)


def parse_document(data: bytes | str, filename: str) -> tuple[Document | None, list[Problem]]:
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
            Problem.make(
                Location(filename, line),
                "the file is not well-formed XML (%(reason)s); export it again from the scoring program",
                reason=shorten(message),
            )
        ]
    except defusedxml.DefusedXmlException as err:
        return None, [
            Problem.make(
                Location(filename),
                "the file declares XML entities (%(kind)s), which are refused for safety; a USEBIO file needs none",
                kind=type(err).__name__,
            )
        ]
    except (ValueError, LookupError) as err:  # an unknown encoding in the XML declaration
        return None, [
            Problem.make(Location(filename), "the file cannot be decoded: %(reason)s", reason=shorten(str(err)))
        ]
    doc = Document(root, lines, filename)
    too_deep = _too_deep(root)
    if too_deep is not None:
        return None, [
            Problem.make(
                doc.where(too_deep, too_deep.tag),
                "elements are nested more than %(depth)d deep here, which no USEBIO file does; the file is not read",
                depth=_MAX_DEPTH,
            )
        ]
    return doc, []


def _too_deep(root: Element) -> Element | None:
    """The first element nested deeper than ``_MAX_DEPTH`` (walked without recursion), or None."""
    stack: list[tuple[Element, int]] = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > _MAX_DEPTH:
            return element
        stack.extend((child, depth + 1) for child in element)
    return None


def _text(element: Element | None) -> str:
    return (element.text or "").strip() if element is not None else ""


def child_text(element: Element, tag: str) -> str:
    return _text(element.find(tag))


def event_contexts(event: Element) -> Iterator[tuple[Element, str, dict[str, str]]]:
    """Every element that may hold BOARD or PARTICIPANTS, with its section name and match context."""
    sessions = event.findall("SESSION")
    multi_session = len(sessions) > 1

    def walk(element: Element, section: str, context: dict[str, str]) -> Iterator[tuple[Element, str, dict[str, str]]]:
        yield element, section, context
        for child in element:
            if child.tag == "SESSION":
                sid = child.get("SESSION_ID", "") or child_text(child, "SESSION_ID")
                yield from walk(child, sid if multi_session else section, context)
            elif child.tag == "SECTION":
                sid = child.get("SECTION_ID", "") or child_text(child, "SECTION_ID")
                name = f"{section}/{sid}" if section and sid else (sid or section)
                yield from walk(child, name, context)
            elif child.tag == "MATCH":
                match_context = dict(context)
                for item in child:
                    if len(item) == 0 and item.tag != "BOARD":
                        match_context[f"MATCH.{item.tag}"] = _text(item)
                yield from walk(child, section, match_context)

    yield from walk(event, "", {})


def loads(
    data: bytes | str, filename: str = "<input>", notation: Notation = "en", *, pairs_per_direction: bool | None = None
) -> Event:
    """Read a USEBIO file's content (bytes are decoded as the XML declaration says).

    ``pairs_per_direction`` as for the CSV reader (:class:`bridgescore.io.ReadOptions`): ``True`` (``--movement
    mitchell``) NS 1 and EW 1 are two pairs in every section, ``False`` (``howell``) never; ``None``: where
    ``PARTICIPANTS`` says so by ``DIRECTION``, or else the data shows it
    (:func:`bridgescore.core.event.sections_numbered_per_direction`, with a warning)."""
    streamed = _loads_streamed(data, filename, pairs_per_direction)
    if streamed is not None:
        return streamed
    doc, problems = parse_document(data, filename)
    if doc is None:
        return Event((), problems=tuple(problems))
    root = doc.root
    if root.tag != "USEBIO":
        return Event(
            (),
            problems=(
                Problem.make(
                    doc.where(root),
                    "this is not a USEBIO file: its root element is <%(tag)s>, not <USEBIO>",
                    tag=shorten(root.tag),
                ),
            ),
        )
    problems.extend(_version_problems(doc))
    event = root.find("EVENT")
    if event is None:
        problems.append(Problem.make(doc.where(root, "EVENT"), "the file has no <EVENT>: there are no results"))
        audit(doc, set(), problems)
        return Event((), problems=tuple(problems))
    other_events(doc, event, problems)
    title = child_text(event, "EVENT_DESCRIPTION") or child_text(event, "TITLE")
    results: list[Result] = []
    names: dict[tuple[str, str], str] = {}
    players: dict[tuple[str, str], tuple[Player, ...]] = {}
    pair_info: dict[tuple[str, str], Mapping[str, str]] = {}
    reached: set[int] = set()  # the traveller lines and boards read (or reported) by the loop below
    per_direction = _per_direction(doc, event, pairs_per_direction, problems)
    for holder, section, context in event_contexts(event):
        for element in holder:
            if element.tag == "PARTICIPANTS":
                _take_participants(doc, element, section, per_direction, names, players, pair_info)
            elif element.tag == "BOARD":
                reached.add(id(element))
                two_sides = section in per_direction
                results.extend(_board(doc, element, section, context, notation, problems, reached, two_sides))
    for other in root.findall("EVENT")[1:]:
        reached.update(id(e) for e in other.iter())
    audit(doc, reached, problems)
    # a pair twice on a board (a line, or a board, written twice): refused as the CSV and PBN readers refuse it
    results = one_line_per_table(results, per_direction, problems, _PAIR_ELEMENTS, FieldKind.ELEMENT)
    form, sign = event_form(event)
    records = _hand_records(doc)
    problems.extend(records.problems)
    info = event_info(root, event)
    return Event(
        tuple(results), names_by_pair(names), title, tuple(problems), form, sign, deals=records.deals, info=info,
        players=names_by_pair(players), pair_info=names_by_pair(pair_info),
    )  # fmt: skip


def _version_problems(doc: Document) -> list[Problem]:
    """The warning for a USEBIO version newer than bridgescore knows (none for 1.0–1.2 or no version)."""
    version = doc.root.get("Version", "")
    if not version or version in _KNOWN_VERSIONS:
        return []
    return [
        Problem.make(
            doc.where(doc.root, "Version"),
            "USEBIO version %(version)s is newer than 1.2; read as 1.2 (check the results)",
            Severity.WARNING,
            version=shorten(version),
        )
    ]


def _take_participants(
    doc: Document,
    element: Element,
    section: str,
    per_direction: frozenset[str],
    names: dict[tuple[str, str], str],
    players: dict[tuple[str, str], tuple[Player, ...]],
    pair_info: dict[tuple[str, str], Mapping[str, str]],
) -> None:
    """A PARTICIPANTS element's names, players and pair fields, keyed by (section, pair) (see :func:`loads`)."""
    for p in _participants(doc, element, section):
        key = f"{p.number} {p.direction}" if section in per_direction else p.number
        if p.names:
            names[(p.section, key)] = p.names
        if p.kind == "TEAM" or p.team:
            continue  # a team's (and its pairs') are the teams reader's
        if p.players:
            players[(p.section, key)] = p.players
        kept = {k: v for k, v in p.extra.items() if k not in ("PAIR_NUMBER", "PLAYER_NUMBER")}
        if kept:
            pair_info[(p.section, key)] = MappingProxyType(kept)


class _Fallback(Exception):
    """The streamed reading met what only the whole tree reads (:func:`loads` then reads the file as a tree)."""


@dataclass
class _Lines:
    """The traveller lines of the plain BOARDs of a file read as a stream (:func:`_parse_streamed`): per line its
    board (an index into ``boards``), source line, pairs, lead and contract fields as codes of the distinct values."""

    boards: list[Element] = field(default_factory=list)
    board: array[int] = field(default_factory=lambda: array("i"))
    line: array[int] = field(default_factory=lambda: array("i"))
    ns: array[int] = field(default_factory=lambda: array("i"))
    ew: array[int] = field(default_factory=lambda: array("i"))
    lead: array[int] = field(default_factory=lambda: array("i"))
    key: array[int] = field(default_factory=lambda: array("i"))
    extra: array[int] = field(default_factory=lambda: array("i"))
    pairs: dict[str, int] = field(default_factory=dict)
    leads: dict[str, int] = field(default_factory=dict)
    #: (CONTRACT, PLAYED_BY, TRICKS, SCORE, whether SCORE is written) → code
    keys: dict[tuple[str, str, str, str, bool], int] = field(default_factory=dict)
    #: the line's other elements (``Result.extra``: ``NS_MATCH_POINTS`` …) as ((tag, text), …) → code
    extras: dict[tuple[tuple[str, str], ...], int] = field(default_factory=lambda: {(): 0})


#: The elements other than the line fields that programs write on a traveller line, which the streamed reading
#: keeps in ``Result.extra`` as the tree reading does (PairsScorer, Pianola, BriAn, RealBridge's files).
_STREAMED_EXTRAS = frozenset(
    {"NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS", "DIRECTION", "LIN_DATA",
     "NOTES", "TABLE_NUMBER", "ROUND_NUMBER"}
)  # fmt: skip


#: The element that stands, in what expat reads, for a run of plain traveller lines cut out of the file by
#: :class:`_PlainRuns` (a name no USEBIO file has: a file holding it is not cut).
_RUN_TAG = "bridgescore-plain-lines"
_RUN_ELEMENT = f"<{_RUN_TAG}/>"
#: The text a field of a plain line may hold: printable ASCII but ``<``, ``&`` and ``>``, and tab, line feed and
#: space – characters that stand for themselves in XML and are the same bytes in every encoding cut.
_PLAIN_TEXT = rb"[\t\n -%'-;=?-~]*"
_SPACE = rb"[ \t\r\n]*"
_PLAIN_CHILD = re.compile(rb"<([A-Z_]+)>" + _PLAIN_TEXT + rb"</\1>")
_PLAIN_CHILDREN = re.compile(rb"(?:" + _SPACE + _PLAIN_CHILD.pattern + rb")*" + _SPACE)
#: The encodings (as an XML declaration names them) in which those characters are their ASCII bytes.
_ASCII_ENCODINGS = frozenset({"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1"})
_DECLARED = re.compile(rb"(?:\xef\xbb\xbf)?<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_UNDECLARED = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*<[^\x00]")
_LINE_OPEN, _LINE_CLOSE = b"<TRAVELLER_LINE>", b"</TRAVELLER_LINE>"
#: The most values as written :class:`_PlainRuns` remembers the code of, per table of codes.
_KNOWN_MOST = 1 << 16


def _merged(order: list[str], tags: list[str]) -> list[str]:
    """``order`` with the ``tags`` it lacks put where ``tags`` has them; ``order`` itself where the two disagree
    on the order of the tags they share."""
    merged = list(order)
    position = 0
    for tag in tags:
        if tag in merged:
            if merged.index(tag) < position:
                return order
            position = merged.index(tag) + 1
        else:
            merged.insert(position, tag)
            position += 1
    return merged


class _PlainRuns:
    r"""The runs of plain traveller lines of a file, cut out before expat reads it (issue 19: expat's dozen
    Python callbacks per line were 5 of the 7 seconds of a million-line file; a regular expression reads them).

    The order of the children of the file's first plain ``TRAVELLER_LINE``\ s (each child one of the line fields
    or of ``_STREAMED_EXTRAS``, once, holding only :data:`_PLAIN_TEXT`) makes one regular expression, each child
    optional.  Each run of lines (see :meth:`feed`) that is nothing but lines it matches is replaced by an empty
    ``_RUN_TAG`` element and the line breaks it held, so that expat still reads every other byte, counts the same
    source lines and meets the run where it stood: :func:`_parse_streamed` takes the run's lines there only where
    it takes a ``TRAVELLER_LINE`` itself (in a plain BOARD of the first EVENT), drops it in a comment, and reads
    the file as a tree otherwise, or where a run is not met at all (in CDATA, a processing instruction …).  What
    the expression matches is well-formed XML whose elements and text are exactly what expat gives; a line of any
    other shape (another order, a comment, an entity, an attribute, a character outside :data:`_PLAIN_TEXT` …)
    stays for expat."""

    def __init__(self, tags: tuple[str, ...]) -> None:
        self.tags = tags
        children = b"".join(b"(?:%s<%s>(%s)</%s>)?" % (_SPACE, t.encode(), _PLAIN_TEXT, t.encode()) for t in tags)
        line = _LINE_OPEN + children + _SPACE + _LINE_CLOSE + _SPACE
        self.line = re.compile(line)  # each field's text, None where the line has not the field
        #: consecutive lines ``line`` matches (where something else stands among a BOARD's lines)
        self.lines = re.compile(b"(?:%s)+" % line.replace(b"(%s)" % _PLAIN_TEXT, _PLAIN_TEXT))
        #: the runs cut out, each with its split by ``line`` (for :meth:`take`)
        self.pending: deque[tuple[bytes, list[bytes | None]]] = deque()
        #: per table of codes (``_Lines.pairs`` …), each field's bytes as written → its code (read once per file)
        self.known: dict[int, dict[Any, int]] = {}
        #: the text of each value of the lines' other elements as written
        self.texts: dict[bytes | None, str] = {}

    @classmethod
    def of(cls, data: bytes) -> _PlainRuns | None:
        """The cutter of ``data``'s lines, or None where nothing is cut: an encoding other than an ASCII one
        (UTF-16 …), a lone carriage return (expat counts it as a line break), the run element's name in the
        file, no plain line with both pairs among the first few."""
        declared = _DECLARED.match(data)
        if declared is not None:
            if declared.group(1).decode("ascii").lower() not in _ASCII_ENCODINGS:
                return None
        elif _UNDECLARED.match(data) is None or re.match(rb"(?:\xef\xbb\xbf)?<\?xml[^>]*encoding", data):
            return None
        if _RUN_TAG.encode() in data or (b"\r" in data and data.count(b"\r") != data.count(b"\r\n")):
            return None
        if b"<!ATTLIST" in data:  # the document type may give every line or field an attribute expat adds
            return None
        shapes: set[tuple[str, ...]] = set()
        start = 0
        for _ in range(64):  # the children of the first lines
            start = data.find(_LINE_OPEN, start)
            end = data.find(_LINE_CLOSE, start)
            if start < 0 or end < 0:
                break
            content = data[start + len(_LINE_OPEN) : end]
            start = end
            if _PLAIN_CHILDREN.fullmatch(content) is None:
                continue
            tags = tuple(tag.decode() for tag in _PLAIN_CHILD.findall(content))
            if len(set(tags)) == len(tags) and all(tag in _LINE_FIELDS or tag in _STREAMED_EXTRAS for tag in tags):
                shapes.add(tags)
        order: list[str] = []
        for tags in sorted(shapes, key=lambda tags: (-len(tags), tags)):  # the fullest line's order first
            order = _merged(order, list(tags))
        if "NS_PAIR_NUMBER" not in order or "EW_PAIR_NUMBER" not in order:
            return None
        return cls(tuple(order))

    def feed(self, parser: DefusedXMLParser, data: bytes) -> None:
        """Give ``parser`` the file with each run replaced by its element (the run kept for :meth:`take`).

        A run is what lies from a ``<TRAVELLER_LINE>`` to the last ``</TRAVELLER_LINE>`` before the next
        ``</BOARD>`` (found by a plain search); it is cut only where it is nothing but lines ``line`` matches (each
        of them, one after the other, with whitespace between), else expat reads it as it stands."""
        run_element = _RUN_ELEMENT.encode()
        width = len(self.tags) + 1
        limit = data.find(b"</EVENT>")  # a second EVENT's lines are elements (the audit names them)
        limit = len(data) if limit < 0 else limit
        position = 0
        while (start := data.find(_LINE_OPEN, position, limit)) >= 0:
            stop = data.find(b"</BOARD>", start, limit)
            end = data.rfind(_LINE_CLOSE, start, limit if stop < 0 else stop)
            if end < 0:  # no whole line before the BOARD ends (not well-formed, or in a comment …)
                if stop < 0:
                    break
                parser.feed(data[position:stop])
                position = stop
                continue
            end += len(_LINE_CLOSE)
            run = data[start:end]
            parts = self.line.split(run)  # between the lines (nothing), then each line's fields (None: not there)
            parser.feed(data[position:start])
            if not any(parts[0::width]):
                self.pending.append((run, parts))
                parser.feed(run_element + b"\n" * run.count(b"\n"))
            else:  # something else among the lines (a comment, an odd line …): the runs around it cut alone
                within = 0
                for match in self.lines.finditer(run):
                    parser.feed(run[within : match.start()])
                    piece = match.group()
                    self.pending.append((piece, self.line.split(piece)))
                    parser.feed(run_element + b"\n" * piece.count(b"\n"))
                    within = match.end()
                parser.feed(run[within:])
            position = end
        parser.feed(data[position:])

    def take(self, out: _Lines, board: int, first_line: int) -> None:
        """Read the next run's lines into ``out`` as :func:`_parse_streamed` reads a line (its ``on_end``): the
        board's index, the source line of each, the codes of its pairs, contract fields, lead and other
        elements; a pair missing or on both sides raises :class:`_Fallback` (the tree reading words it)."""
        run, parts = self.pending.popleft()
        width = len(self.tags) + 1
        column = {tag: parts[1 + i :: width] for i, tag in enumerate(self.tags)}
        count = len(column[self.tags[0]])

        def coded(raw: list[Any], codes: dict[Any, int], label: Any) -> array[int]:
            known = self.known.setdefault(id(codes), {})
            try:  # after the first board, every value is known
                return array("i", map(known.__getitem__, raw))
            except KeyError:
                if len(known) > _KNOWN_MOST:  # values that do not repeat (match points …): not kept twice
                    known.clear()
                for value in [value for value in dict.fromkeys(raw) if value not in known]:
                    known[value] = codes.setdefault(label(value), len(codes))
                return array("i", map(known.__getitem__, raw))

        def text(value: bytes | None) -> str:
            return value.decode("ascii").strip() if value is not None else ""

        def per_line(tags: tuple[str, ...], label: Any) -> tuple[list[Any], Any]:
            """The lines' values of ``tags`` (one tag's bytes, or a tuple of several) and ``label`` of them as a
            tuple of bytes or None."""
            if len(tags) == 1:
                return column[tags[0]], lambda value: label((value,))
            return list(zip(*(column[tag] for tag in tags), strict=True)), label

        ns = coded(column["NS_PAIR_NUMBER"], out.pairs, text)
        ew = coded(column["EW_PAIR_NUMBER"], out.pairs, text)
        if "" in out.pairs or np.any(np.frombuffer(ns, dtype=np.int32) == np.frombuffer(ew, dtype=np.int32)):
            raise _Fallback
        key_tags = tuple(tag for tag in ("CONTRACT", "PLAYED_BY", "TRICKS", "SCORE") if tag in column)

        def key(raw: tuple[bytes | None, ...]) -> tuple[str, str, str, str, bool]:
            found = dict(zip(key_tags, raw, strict=True))
            get = found.get
            written = get("SCORE") is not None
            return text(get("CONTRACT")), text(get("PLAYED_BY")), text(get("TRICKS")), text(get("SCORE")), written

        if key_tags:
            raw, label = per_line(key_tags, key)
            out.key.extend(coded(raw, out.keys, label))
        else:
            out.key.extend(array("i", [out.keys.setdefault(key(()), len(out.keys))]) * count)
        if "LEAD" in column:
            out.lead.extend(coded(column["LEAD"], out.leads, text))
        else:
            out.lead.extend(array("i", [out.leads.setdefault("", len(out.leads))]) * count)
        extra_tags = tuple(tag for tag in self.tags if tag in _STREAMED_EXTRAS)

        def extra(raw: tuple[bytes | None, ...]) -> tuple[tuple[str, str], ...]:
            return tuple((tag, text(value)) for tag, value in zip(extra_tags, raw, strict=True) if value is not None)

        if extra_tags and not any(None in column[tag] for tag in extra_tags):
            # on every line (match points …, often each line's own): each value read once, the lines' items
            # put together by zip, coded as they are
            texts = self.texts
            if len(texts) > _KNOWN_MOST:
                texts.clear()
            for tag in extra_tags:
                texts.update((value, text(value)) for value in dict.fromkeys(column[tag]) if value not in texts)
            items = list(
                zip(*(zip(repeat(tag), map(texts.__getitem__, column[tag])) for tag in extra_tags), strict=True)
            )
            try:
                out.extra.extend(array("i", map(out.extras.__getitem__, items)))
            except KeyError:
                for item in dict.fromkeys(items):
                    out.extras.setdefault(item, len(out.extras))
                out.extra.extend(array("i", map(out.extras.__getitem__, items)))
        elif extra_tags:
            raw, label = per_line(extra_tags, extra)
            out.extra.extend(coded(raw, out.extras, label))
        else:
            out.extra.extend(array("i", bytes(4 * count)))
        out.ns.extend(ns)
        out.ew.extend(ew)
        out.board.extend(array("i", [board]) * count)
        # each line's source line: where every line break of the run ends a line (the run ends with its last
        # line), one line each; else the line breaks before each "<TRAVELLER_LINE>" (in a run of plain lines the
        # only "<TRA")
        ends = run.count(_LINE_CLOSE + b"\n") + run.count(_LINE_CLOSE + b"\r\n")
        if ends == count - 1 == run.count(b"\n"):
            out.line.frombytes(np.arange(first_line, first_line + count, dtype=np.int32).tobytes())
            return
        octets = np.frombuffer(run, dtype=np.uint8)
        opens = np.flatnonzero(octets[:-3] == ord("<"))
        for offset, octet in enumerate(b"TRA", 1):
            opens = opens[octets[opens + offset] == octet]
        breaks = np.flatnonzero(octets == ord("\n"))
        out.line.frombytes((first_line + np.searchsorted(breaks, opens)).astype(np.int32).tobytes())


def _parse_streamed(data: bytes | str) -> tuple[Element, dict[int, int], _Lines] | None:
    """The file as :func:`parse_document` reads it, but without the ``TRAVELLER_LINE`` elements of the BOARDs of
    the first EVENT (directly or in SESSION/SECTION): those are read as they stream past into :class:`_Lines`
    (issue 19: a million lines as elements took 1.8 GB and most of the time).  Only lines of the plain shape are
    taken – no attributes, each child one of the line fields (once) or of ``_STREAMED_EXTRAS``, holding text only;
    anything else (and any
    problem with the XML) gives None, and the file is read as a tree.  The parser is defusedxml's, as there.  Runs
    of such lines in a file's bytes are not even given to it: :class:`_PlainRuns` reads them, where it stands."""
    parser = DefusedXMLParser(target=TreeBuilder())
    expat = parser.parser
    lines: dict[int, int] = {}
    start, end, text_of = expat.StartElementHandler, expat.EndElementHandler, expat.CharacterDataHandler
    comment, pi, default = expat.CommentHandler, expat.ProcessingInstructionHandler, expat.DefaultHandlerExpand
    out = _Lines()
    path: list[str] = []
    events = 0
    board = -1  # the index of the open plain BOARD, -1 outside one
    in_line = False
    child: str | None = None
    text = ""  # the open child's text (expat gives it in one piece or a few)
    fields: dict[str, str] = {}
    extra: dict[str, str] = {}
    line_number = 0
    pairs, leads, keys, extras = out.pairs, out.leads, out.keys, out.extras

    def on_start(tag: str, attrs: Any) -> Any:
        nonlocal events, board, in_line, child, line_number, text
        if in_line:
            if child is not None or attrs or tag in fields or (tag not in _LINE_FIELDS and tag not in _STREAMED_EXTRAS):
                raise _Fallback
            child = tag
            text = ""
            return None
        if tag == _RUN_TAG and cut is not None:  # a run of plain lines cut out: read where a line would be
            if attrs or board < 0 or path[-1] != "BOARD" or len(path) > _MAX_DEPTH - 4:
                raise _Fallback
            cut.take(out, board, expat.CurrentLineNumber)
            return None
        if tag == "TRAVELLER_LINE" and board >= 0 and path[-1] == "BOARD":
            if attrs or len(path) > _MAX_DEPTH - 4:
                raise _Fallback
            in_line = True
            fields.clear()
            extra.clear()
            line_number = expat.CurrentLineNumber
            return None
        element = start(tag, attrs)
        lines[id(element)] = expat.CurrentLineNumber
        if tag == "BOARD":
            if board >= 0:
                raise _Fallback
            if (len(path) >= 2 and path[0] == "USEBIO" and path[1] == "EVENT" and events == 1
                    and all(t in ("SESSION", "SECTION") for t in path[2:])):  # fmt: skip
                board = len(out.boards)
                out.boards.append(element)
        elif tag == "EVENT" and len(path) == 1:
            events += 1
        path.append(tag)
        return element

    def on_end(tag: str) -> Any:
        nonlocal board, in_line, child
        if in_line:
            if child is not None:
                if child in _LINE_FIELDS:
                    fields[child] = text.strip()
                else:
                    extra[child] = text.strip()
                child = None
                return None
            in_line = False
            get = fields.get
            ns, ew = get("NS_PAIR_NUMBER", ""), get("EW_PAIR_NUMBER", "")
            if not ns or not ew or ns == ew:
                raise _Fallback  # the tree reading words the problem
            key = (get("CONTRACT", ""), get("PLAYED_BY", ""), get("TRICKS", ""), get("SCORE", ""), "SCORE" in fields)
            out.board.append(board)
            out.line.append(line_number)
            out.ns.append(pairs.setdefault(ns, len(pairs)))
            out.ew.append(pairs.setdefault(ew, len(pairs)))
            out.key.append(keys.setdefault(key, len(keys)))
            out.lead.append(leads.setdefault(get("LEAD", ""), len(leads)))
            out.extra.append(extras.setdefault(tuple(extra.items()), len(extras)) if extra else 0)
            return None
        if tag == _RUN_TAG and cut is not None:
            return None
        if tag == "BOARD" and path[-1] == "BOARD":
            board = -1
        path.pop()
        return end(tag)

    def on_text(data: str) -> None:
        nonlocal text
        if in_line:
            if child is not None:
                text += data
        else:
            text_of(data)

    def outside_lines(handler: Any) -> Any:
        def handle(*args: Any) -> Any:
            if in_line:  # a comment, processing instruction or entity in a line: the tree reads it as it does
                raise _Fallback
            return handler(*args)

        return handle

    expat.StartElementHandler, expat.EndElementHandler, expat.CharacterDataHandler = on_start, on_end, on_text

    def on_comment(text: str) -> Any:
        if cut is not None:  # lines cut out of a comment were no lines: their runs are dropped
            for _ in range(text.count(_RUN_ELEMENT)):
                cut.pending.popleft()
        return comment(text)

    expat.CommentHandler, expat.ProcessingInstructionHandler = outside_lines(on_comment), outside_lines(pi)
    expat.DefaultHandlerExpand = outside_lines(default)
    cut = _PlainRuns.of(data) if isinstance(data, bytes) else None
    try:
        if cut is not None and isinstance(data, bytes):
            cut.feed(parser, data)
        else:
            parser.feed(data)
        root = parser.close()
        if cut is not None and cut.pending:
            return None  # a run not met as an element (in CDATA …): the tree reads the file as it is
    except (_Fallback, ParseError, defusedxml.DefusedXmlException, ValueError, LookupError):
        return None
    return root, lines, out


def _loads_streamed(data: bytes | str, filename: str, pairs_per_direction: bool | None) -> Event | None:
    """The event of a file whose traveller lines all read without a problem, on columns (issue 19): what
    :func:`loads` reads from the tree, the same lines, names and problems; None where the tree reading is needed
    (a line or board with a problem or a warning, pairs numbered per direction, a pair twice on a board, a MATCH,
    a BOARD with other elements than its number and lines …)."""
    parsed = _parse_streamed(data)
    if parsed is None:
        return None
    root, element_lines, found = parsed
    doc = Document(root, element_lines, filename)
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None or _too_deep(root) is not None:
        return None
    problems = _version_problems(doc)
    other_events(doc, event, problems)
    count = len(found.line)
    if (pairs_per_direction and count) or (pairs_per_direction is None and _sections_per_direction(doc, event)):
        return None  # pairs numbered per direction
    plain = {id(element): index for index, element in enumerate(found.boards)}
    names: dict[tuple[str, str], str] = {}
    players: dict[tuple[str, str], tuple[Player, ...]] = {}
    pair_info: dict[tuple[str, str], Mapping[str, str]] = {}
    reached: set[int] = set()
    number_of_board = np.zeros(len(found.boards), dtype=np.int32)
    section_of_board: list[str] = [""] * len(found.boards)
    board_order: list[int] = []
    for holder, section, context in event_contexts(event):
        for element in holder:
            if element.tag == "PARTICIPANTS":
                _take_participants(doc, element, section, frozenset(), names, players, pair_info)
            elif element.tag == "BOARD":
                index = plain.get(id(element))
                if index is None or context or [child.tag for child in element] != ["BOARD_NUMBER"]:
                    return None
                number_text = _text(element[0])
                number = whole_number(number_text) if number_text[:1] not in ("+", "-") else None
                if number is None or number < 1:
                    return None
                reached.add(id(element))
                number_of_board[index] = number
                section_of_board[index] = section
                board_order.append(index)
    for other in root.findall("EVENT")[1:]:
        reached.update(id(e) for e in other.iter())
    audit(doc, reached, problems)

    boards = np.frombuffer(found.board, dtype=np.int32) if count else np.zeros(0, dtype=np.int32)
    rank = np.zeros(len(found.boards), dtype=np.int64)
    rank[np.asarray(board_order, dtype=np.int64)] = np.arange(len(board_order))
    order = np.argsort(rank[boards], kind="stable")  # the lines in the order the tree reading reads them
    combos, combo_of_row = np.unique(
        boards.astype(np.int64) * max(len(found.keys), 1) + np.frombuffer(found.key, dtype=np.int32)[:count],
        return_inverse=True,
    )
    key_texts = list(found.keys)
    readings: list[LineReading] = []
    for combo in combos.tolist():
        board_index, key = divmod(combo, max(len(found.keys), 1))
        reading, problems_found = _interpret(int(number_of_board[board_index]), *key_texts[key])
        if problems_found:
            return None
        readings.append(reading)
    keys = combo_of_row.reshape(-1)[order]
    pair_labels = tuple(found.pairs)
    lead_labels = tuple(text or None for text in found.leads)

    def codes(values: array[int]) -> npt.NDArray[np.int32]:
        return np.frombuffer(values, dtype=np.int32)[order] if count else np.zeros(0, dtype=np.int32)

    def per_key(values: list[Any], dtype: Any) -> npt.NDArray[Any]:
        return np.array(values, dtype=dtype)[keys] if values else np.zeros(count, dtype=dtype)

    board_of_row = boards[order]
    extra = _extra_columns(codes(found.extra), list(found.extras))
    if extra is None:
        return None
    table = ResultTable(
        board=number_of_board[board_of_row],
        section=_in_order(board_of_row, tuple(section_of_board)),
        ns_pair=_in_order(codes(found.ns), pair_labels),
        ew_pair=_in_order(codes(found.ew), pair_labels),
        status=per_key([STATUSES.index(r.status) for r in readings], np.int8),
        ns_score=per_key([np.nan if r.ns_score is None else r.ns_score for r in readings], np.float64),
        contract=_in_order(keys, tuple(r.contract for r in readings)),
        declarer=per_key([-1 if r.declarer is None else int(r.declarer) for r in readings], np.int8),
        tricks=per_key([-1 if r.tricks is None else r.tricks for r in readings], np.int8),
        lead=_in_order(codes(found.lead), lead_labels),
        remarks=_in_order(keys, tuple(r.remarks for r in readings)),
        file=Column.constant(filename, count),
        line=codes(found.line),
        source_field=Column.constant(None, count),
        source_kind=np.full(count, FIELD_KINDS.index(FieldKind.ELEMENT), dtype=np.int8),
        extra=extra,
    )
    if pairs_per_direction is None and sections_numbered_per_direction(table):
        return None
    twice: list[Problem] = []
    from bridgescore.io.csv_columns import one_line_per_table_on_columns

    if len(one_line_per_table_on_columns(table, frozenset(), twice)) != count or twice:
        return None  # a pair twice on a board: the tree reading words it
    form, sign = event_form(event)
    records = _hand_records(doc)
    problems.extend(records.problems)
    title = child_text(event, "EVENT_DESCRIPTION") or child_text(event, "TITLE")
    return Event(
        ResultView(table), names_by_pair(names), title, tuple(problems), form, sign, deals=records.deals,
        info=event_info(root, event), players=names_by_pair(players), pair_info=names_by_pair(pair_info),
    )  # fmt: skip


def _extra_columns(
    codes: npt.NDArray[np.int32], extras: list[tuple[tuple[str, str], ...]]
) -> Mapping[str, Column[str | None]] | None:
    """The lines' other elements as ``ResultTable.extra`` columns (as ``ResultTable.from_results`` makes them:
    names in order of first appearance, None where a line has none): ``codes`` per line index ``extras``.  None
    where a line writes them in another order than the columns' (its ``Result.extra`` would change order)."""
    names: dict[str, None] = {}
    if len(codes):
        used, first = np.unique(codes, return_index=True)
        for code in used[np.argsort(first, kind="stable")].tolist():
            names.update(dict.fromkeys(tag for tag, _ in extras[code]))
    position = {name: i for i, name in enumerate(names)}
    if any(position[a] > position[b] for items in extras for (a, _), (b, _) in pairwise(items)):
        return None
    columns: dict[str, Column[str | None]] = {}
    by_name = [dict(items) for items in extras] if names else []
    for name in names:
        values = tuple(found.get(name) for found in by_name)
        columns[name] = _in_order(codes, values)
    return MappingProxyType(columns)


def _in_order(codes: npt.NDArray[Any], labels: tuple[_V, ...]) -> Column[_V]:
    """The column of ``labels[codes]`` with its labels in order of first appearance (as ``Column.from_values``
    makes them), labels that no row has left out, equal labels merged."""
    if not len(codes):
        return Column(np.zeros(0, dtype=np.int32), ())
    used, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    index: dict[_V, int] = {}
    new_code = np.empty(len(used), dtype=np.int32)
    for position in np.argsort(first, kind="stable").tolist():
        new_code[position] = index.setdefault(labels[int(used[position])], len(index))
    return Column(new_code[inverse.reshape(-1)], tuple(index))


def _hand_records(doc: Document) -> HandRecords:
    """The deals of the file's ``HANDSET`` (USEBIO 1.0-1.2: a ``BOARD`` with ``BOARD_NUMBER`` and four ``HAND``
    elements), read by :func:`bridgescore.io.deals.from_hands`, so they travel with the event (issue 10)."""
    from bridgescore.io.deals import from_hands

    found: list[tuple[int, dict[Seat, str], Location]] = []
    problems: list[Problem] = []  # as the PBN reader says them: a board number that is none, a suit given twice
    for handset in doc.root.iter("HANDSET"):
        for board in handset.iter("BOARD"):
            hands = board.findall("HAND")
            if not hands:
                continue
            number_text = child_text(board, "BOARD_NUMBER")
            number = whole_number(number_text)
            if number is None or number < 1:  # board 0 and 10**23 were left out without a word
                problems.append(
                    Problem.make(
                        doc.where(_first(board, "BOARD_NUMBER"), "BOARD_NUMBER"),
                        "the deal has no board number ('%(text)s'); boards are numbered from 1, and the deal is left "
                        "out",
                        text=shorten(number_text),
                    )
                )
                continue
            by_seat: dict[Seat, str] = {}
            for hand in hands:
                try:
                    seat = Seat.parse(child_text(hand, "DIRECTION")[:1])
                except ContractError:
                    continue
                twice = [tag for tag in _SUIT_TAGS if len(hand.findall(tag)) > 1]
                if twice:  # the first was kept, silently
                    problems.append(
                        Problem.make(
                            doc.where(hand.findall(twice[0])[1], twice[0]),
                            "board %(board)d: the hand of %(seat)s gives its %(suit)s twice (write each suit once); "
                            "the deal is left out",
                            board=number,
                            seat=seat.name,
                            suit=twice[0],
                        )
                    )
                    by_seat.clear()
                    break
                suits = [child_text(hand, tag).replace("-", "") for tag in _SUIT_TAGS]
                by_seat[seat] = ".".join(suits)
            else:
                found.append((number, by_seat, doc.where(board, "HAND")))
    records = from_hands(found, doc.filename)
    return replace(records, problems=(*problems, *records.problems))


_SUIT_TAGS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _first(element: Element, tag: str) -> Element:
    """The element's first ``tag`` child, else the element itself (to locate a problem)."""
    child = element.find(tag)
    return element if child is None else child


#: ``Event.info`` keys that are not an element's tag in lower case (see :func:`event_info`).
INFO_KEYS = {"date": "DATE", "club": "CLUB_NAME", "club_id": "CLUB_ID_NUMBER", "event_type": "@EVENT_TYPE",
             "usebio_version": "@Version"}  # fmt: skip
#: The EVENT's children that hold results or sessions, not facts about the event (not in ``Event.info``).
_NOT_INFO = frozenset({"SESSION", "SECTION", "PARTICIPANTS", "BOARD", "MATCH", "HANDSET"})


def event_info(root: Element, event: Element) -> Mapping[str, str]:
    """What the file says about the event, as written, for the page's header, the archive and the USEBIO writer;
    empty ones left out.  Keys:

    * ``date`` (``<EVENT><DATE>``, as written: USEBIO's ``dd/mm/yyyy``), ``club`` (``<CLUB><CLUB_NAME>``),
      ``club_id`` (``<CLUB><CLUB_ID_NUMBER>``), ``event_type`` (``EVENT_TYPE``, attribute or element),
      ``usebio_version`` (the root's ``Version``);
    * every other element of ``EVENT`` holding text, under its tag in lower case: ``program_name``,
      ``program_version``, ``event_description``, ``title``, ``event_identifier``, ``board_scoring_method``,
      ``master_point_scale``, ``master_point_type``, ``mps_awarded_flag``, ``p2p_charge_rate``, ``winner_type``,
      ``session_count``, ``section_count``, ``pairs``, ``ew_pairs``, ``boards_played``, ``boards_per_round`` …;
    * an element's children joined by ``_``: ``contact_full_name``, ``contact_telephone``, ``contact_email``;
    * the root's other elements the same way (BriAn's ``<USEBIO><NOTES>`` → ``notes``).

    The pairs' own fields (masterpoints awarded …) are in ``Event.pair_info``, the players' in ``Event.players``."""
    club = root.find("CLUB")
    info = {
        "date": child_text(event, "DATE"),
        "club": child_text(club, "CLUB_NAME") if club is not None else "",
        "club_id": child_text(club, "CLUB_ID_NUMBER") if club is not None else "",
        "event_type": event.get("EVENT_TYPE", ""),
        "usebio_version": root.get("Version", ""),
    }
    for item in [*event, *(e for e in root if e.tag not in ("CLUB", "EVENT", "HANDSET"))]:
        if item.tag in _NOT_INFO or item.tag == "DATE":
            continue
        for path, value in flatten(item).items():
            key = path.replace("/", "_").lower()
            if value and not info.get(key):
                info[key] = value
    return MappingProxyType({k: v for k, v in info.items() if v})


def flatten(element: Element, prefix: str = "") -> dict[str, str]:
    """An element's text and its descendants' as ``{path: text}``: the element's own under its tag, a child's under
    ``TAG/CHILD``, an attribute under ``TAG/@NAME`` (e.g. ``MASTER_POINTS/MASTER_POINT_TYPE``), in file order."""
    path = f"{prefix}{element.tag}"
    out: dict[str, str] = {f"{path}/@{k}": v for k, v in element.attrib.items()}
    if len(element) == 0:
        out[path] = _text(element)
    for child in element:
        out.update(flatten(child, path + "/"))
    return out


def player_of(el: Element) -> Player:
    """A ``PLAYER`` element as a :class:`~bridgescore.core.players.Player`: ``NATIONAL_ID_NUMBER`` (the EBU number) is
    its number, ``PLAYER_NAME`` its name, ``CLUB_ID_NUMBER`` its club number; every other child (``PLAYER_NUMBER``,
    ``MASTER_POINTS``, ``HANDICAP`` …, nested ones as ``MASTER_POINTS/MASTER_POINTS_AWARDED``) and attribute
    (``@RATEABLE``) is kept in ``extra``, in file order."""
    extra: dict[str, str] = {f"@{k}": v for k, v in el.attrib.items()}
    for child in el:
        if child.tag not in ("PLAYER_NAME", "NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER"):
            extra.update(flatten(child))
    return Player(
        number=child_text(el, "NATIONAL_ID_NUMBER"),
        name=child_text(el, "PLAYER_NAME"),
        club_number=child_text(el, "CLUB_ID_NUMBER"),
        extra=MappingProxyType(extra),
    )


def _per_direction(
    doc: Document, event: Element, pairs_per_direction: bool | None, problems: list[Problem]
) -> frozenset[str]:
    """The sections whose pairs are numbered per direction (see :func:`loads`)."""
    lines = [
        Result(number, child_text(line, "NS_PAIR_NUMBER"), child_text(line, "EW_PAIR_NUMBER"),
               ResultStatus.PLAYED, section=section)
        for holder, section, _context in event_contexts(event)
        for board in holder.findall("BOARD")
        if (number := whole_number(child_text(board, "BOARD_NUMBER"))) is not None
        for line in board.findall("TRAVELLER_LINE")
        if child_text(line, "NS_PAIR_NUMBER") and child_text(line, "EW_PAIR_NUMBER")  # not an individual's
    ]  # fmt: skip
    if pairs_per_direction is not None:
        return frozenset(r.section for r in lines) if pairs_per_direction else frozenset()
    declared = _sections_per_direction(doc, event)
    seen = sections_numbered_per_direction([r for r in lines if r.section not in declared])
    # a single board with one number on both sides is a mistake to report, not a movement: two boards at least
    sides: dict[tuple[str, int], tuple[set[str], set[str]]] = {}
    for r in lines:
        if r.section in seen:
            ns, ew = sides.setdefault((r.section, r.board), (set(), set()))
            ns.add(r.ns_pair)
            ew.add(r.ew_pair)
    crossed = [section for (section, _board), (ns, ew) in sides.items() if ns & ew]
    seen = frozenset(section for section in seen if crossed.count(section) >= 2)
    for section in sorted(seen):
        problems.append(numbered_per_direction(doc.filename, section))
    return declared | seen


def _sections_per_direction(doc: Document, event: Element) -> frozenset[str]:
    """Sections whose PARTICIPANTS give one number to two pairs, one NS and one EW (see the module docstring)."""
    found: set[str] = set()
    for holder, section, _context in event_contexts(event):
        for element in holder.findall("PARTICIPANTS"):
            directions: dict[str, set[str]] = {}
            for p in _participants(doc, element, section):
                if p.kind == "PAIR" and p.direction.upper() in ("NS", "EW"):
                    directions.setdefault(p.number, set()).add(p.direction.upper())
            if any(len(d) == 2 for d in directions.values()):
                found.add(section)
    return frozenset(found)


def other_events(doc: Document, event: Element, problems: list[Problem]) -> list[Element]:
    """The ``<EVENT>`` elements after ``event``, the first, each reported with the traveller lines it loses
    (bridgescore reads one event per file; the teams reader reads USEBIO the same way)."""
    others = doc.root.findall("EVENT")[1:]
    for other in others:
        problems.append(
            Problem.make(
                doc.where(other, "EVENT"),
                "a second <EVENT> in the file (the first is on line %(first)s); bridgescore reads one event per "
                "file: its %(count)d traveller lines are left out (export each event to a file of its own)",
                first=doc.lines.get(id(event), 0),
                count=sum(1 for e in other.iter() if _is_line(e.tag)),
            )
        )
    return others


#: A pairs event's ``BOARD_SCORING_METHOD`` → the method that scores it: ``MATCH_POINTS`` (PairsScorer, BriAn,
#: RealBridge), ``CROSS_IMPS`` (Pianola's ``ximp-pairs.xml``), ``BUTLER_IMPS`` and ``BASTILLE`` (bridgescore's own
#: writer, :mod:`bridgescore.pairs.report.usebio`).  ``IMPS`` names no pairs method (it is the teams' word) and is not
#: taken.
_WRITTEN_METHODS = {
    "MATCH_POINTS": "matchpoints", "MATCHPOINTS": "matchpoints", "CROSS_IMPS": "cross-imps",
    "CROSS_IMP_POINTS": "cross-imps", "BUTLER_IMPS": "butler", "BUTLER": "butler", "BASTILLE": "bastille",
}  # fmt: skip


#: A pairs event's ``EVENT_TYPE`` → the method that scores it, where the type names one.  USEBIO 1.0 and 1.1 state the
#: method by the event type alone (``MP_PAIRS``, ``BUTLER_PAIRS``, ``CROSS_IMP``, ``AGGREGATE``, ``SWISS_PAIRS``,
#: ``SWISS_PAIRS_CROSS_IMPS``, ``SWISS_PAIRS_BUTLER_IMPS`` … in the DTD's list; BriAn writes ``MP_PAIRS``, Compscore3
#: ``BUTLER_PAIRS`` and ``CROSS_IMP`` with no ``BOARD_SCORING_METHOD``); 1.2 writes ``PAIRS`` and says the method in
#: ``BOARD_SCORING_METHOD``.  ``PAIRS`` and ``SWISS_PAIRS`` name no method.
_EVENT_TYPE_METHODS = {
    "MP_PAIRS": "matchpoints", "MATCHPOINT_PAIRS": "matchpoints", "BUTLER_PAIRS": "butler",
    "SWISS_PAIRS_BUTLER_IMPS": "butler", "CROSS_IMP": "cross-imps", "CROSS_IMPS": "cross-imps",
    "CROSS_IMP_PAIRS": "cross-imps", "SWISS_PAIRS_CROSS_IMPS": "cross-imps",
}  # fmt: skip
#: Words that name a way of scoring pairs that bridgescore cannot tell or does not have: ``IMP_PAIRS`` and
#: ``IMPS`` say IMPs but not whether Butler or cross-IMPs; ``AGGREGATE`` is total points.  A file naming one is
#: refused without ``--method`` (scoring it at matchpoints would be a wrong result said as a right one).
_UNTOLD_METHODS = frozenset({"IMP_PAIRS", "IMPS", "IMP", "AGGREGATE", "TOTAL_POINTS"})


@dataclass(frozen=True)
class StatedMethod:
    """How a USEBIO file states its pairs scoring method (:func:`stated_method`).

    ``method``: the method to score it by (``matchpoints``, ``cross-imps``, ``butler``, ``bastille``), None where
    the file names none or one that cannot be taken; ``sign``: where the file says it, as written
    (``BOARD_SCORING_METHOD "CROSS_IMPS"``, ``EVENT_TYPE "BUTLER_PAIRS"``), "" where it says nothing; ``untold``:
    the file names a method but it cannot be taken (IMPs without Butler or cross-IMPs, aggregate, or two elements
    naming two methods) – the director must give ``--method``."""

    method: str | None
    sign: str
    untold: bool = False


def _word(text: str) -> str:
    return text.strip().upper().replace(" ", "_").replace("-", "_")


#: ``Event.info``'s note, where the files of one event name two scoring methods, of each file's method (set by the
#: merge of the files, :func:`bridgescore.io.merge_loaded`; never written to a file: USEBIO's EVENT has no such tag).
METHODS_OF_THE_FILES = "methods_of_the_files"


def stated_method(info: Mapping[str, str]) -> StatedMethod:
    """Every way a USEBIO file (``Event.info``, :func:`event_info`) states its pairs method: ``BOARD_SCORING_METHOD``
    (USEBIO 1.2: PairsScorer ``MATCH_POINTS``, Pianola ``CROSS_IMPS``, bridgescore's own ``BUTLER_IMPS``) and
    ``EVENT_TYPE`` (USEBIO 1.0/1.1: BriAn ``MP_PAIRS``, Compscore3 ``BUTLER_PAIRS``/``CROSS_IMP``).  Where both name a
    method they must agree; ``MATCH_SCORING_METHOD`` is how matches become VPs (teams, Swiss) and names no board
    method.  Files merged into one event that name two methods (:data:`METHODS_OF_THE_FILES`) tell none: ``untold``,
    the sign each file's method."""
    differ = info.get(METHODS_OF_THE_FILES, "")
    if differ:
        return StatedMethod(None, differ, untold=True)
    board = info.get("board_scoring_method", "")
    kind = info.get("event_type", "")
    signs = []
    methods = set()
    untold = False
    if _word(board):  # an unknown word is shown, not taken
        signs.append(f'BOARD_SCORING_METHOD "{shorten(board)}"')
        found = written_method(info)
        if found is not None:
            methods.add(found)
        elif _word(board) in _UNTOLD_METHODS:
            untold = True
    if _word(kind) in _EVENT_TYPE_METHODS or _word(kind) in _UNTOLD_METHODS:
        signs.append(f'EVENT_TYPE "{shorten(kind)}"')
        if _word(kind) in _UNTOLD_METHODS:
            untold = True
        else:
            methods.add(_EVENT_TYPE_METHODS[_word(kind)])
    sign = ", ".join(signs)
    if len(methods) > 1 or (untold and not methods):
        return StatedMethod(None, sign, untold=True)
    # one method (IMPs in one place and Butler or cross-IMPs in the other: the other tells which), or none
    return StatedMethod(methods.pop() if methods else None, sign)


def match_scoring(info: Mapping[str, str]) -> str:
    """Where a pairs file says its pairs were ranked by the VPs of their matches (a Swiss pairs event: USEBIO's
    ``MATCH_SCORING_METHOD`` ``VPS``/``VP``/``VICTORY_POINTS``), as written (``MATCH_SCORING_METHOD "VPS"``);
    "" otherwise.  bridgescore ranks pairs by their boards' total, so such a ranking is not the program's."""
    word = _word(info.get("match_scoring_method", ""))
    return f'MATCH_SCORING_METHOD "{shorten(info["match_scoring_method"])}"' if word in _VP_WORDS else ""


_VP_WORDS = frozenset({"VP", "VPS", "VICTORY_POINTS", "VICTORY_POINT"})


def written_method(info: Mapping[str, str]) -> str | None:
    """The pairs scoring method (``matchpoints``, ``cross-imps``, ``butler``, ``bastille``) a USEBIO file names in
    its ``BOARD_SCORING_METHOD`` (``Event.info["board_scoring_method"]``, :func:`event_info`); None where it names
    none or a word that is no pairs method.  ``score`` scores by it where the director gives no ``--method`` and no
    ``--as``, as ``teams`` takes the file's board scoring (:mod:`bridgescore.teams.choose`)."""
    word = info.get("board_scoring_method", "").strip().upper().replace(" ", "_").replace("-", "_")
    return _WRITTEN_METHODS.get(word)


def event_form(event: Element) -> tuple[EventForm, str]:
    """Pairs, teams or individual, and the sign it was recognised by (see the module docstring)."""
    kind = event.get("EVENT_TYPE", "") or child_text(event, "EVENT_TYPE")
    upper = kind.upper()
    if "TEAM" in upper or upper in ("KNOCKOUT", "SWISS_TEAMS", "MULTIPLE_TEAMS"):
        return "teams", f'EVENT_TYPE="{shorten(kind)}"'
    if "INDIVIDUAL" in upper:
        return "individual", f'EVENT_TYPE="{shorten(kind)}"'
    for element in event.iter():
        if element.tag == "MATCH":
            return "teams", "<MATCH>"
        if element.tag == "PARTICIPANTS":
            tags = {child.tag for child in element}
            if "TEAM" in tags:
                return "teams", "<TEAM> in <PARTICIPANTS>"
            if "PLAYER" in tags and "PAIR" not in tags:
                return "individual", "<PLAYER> in <PARTICIPANTS>"
        if element.tag == "N_PLAYER_NUMBER":
            return "individual", "<N_PLAYER_NUMBER>"
    return "pairs", ""


def audit(doc: Document, reached: set[int], problems: list[Problem]) -> None:
    """Report what the reading did not reach: every traveller line or board outside the places USEBIO puts them
    (an error: its result is lost), and each element name bridgescore does not know (a warning, once per name)."""
    unknown: set[str] = set()
    skipped: set[int] = set()  # inside an element already reported
    for element in doc.root.iter():
        if id(element) in skipped:
            continue
        tag = element.tag
        is_board = tag.upper() == "BOARD"
        lines = sum(1 for e in element.iter() if _is_line(e.tag)) if is_board else 1
        if (_is_line(tag) or is_board) and id(element) not in reached and lines:
            problems.append(
                Problem.make(
                    doc.where(element, tag),
                    "<%(tag)s> is not where a USEBIO file has its traveller lines (a BOARD of the EVENT, in "
                    "capitals, with TRAVELLER_LINE elements): %(count)d traveller line(s) left out",
                    tag=shorten(tag),
                    count=lines,
                )
            )
            skipped.update(id(e) for e in element.iter())
            unknown.add(tag)
            continue
        if tag not in _KNOWN_ELEMENTS and tag not in unknown:
            unknown.add(tag)
            problems.append(
                Problem.make(
                    doc.where(element, tag),
                    "<%(tag)s> is not a USEBIO element bridgescore knows; it is not read (on a traveller line it "
                    "is kept with the line)",
                    Severity.WARNING,
                    tag=shorten(tag),
                )
            )


def names_by_pair(names: Mapping[tuple[str, str], _V]) -> Mapping[str, _V]:
    """``(section, pair)`` keys as the event keys pairs: the number, or ``SECTION:NUMBER`` where two sections use
    the same number (names, players and pair fields alike)."""
    sections_of: dict[str, set[str]] = {}
    for section, number in names:
        sections_of.setdefault(number, set()).add(section)
    out: dict[str, _V] = {}
    for (section, number), text in names.items():
        key = number if len(sections_of[number]) == 1 else f"{section}:{number}"
        out[key] = text
    return MappingProxyType(out)


#: Messages of a field written twice: (the same value, different values), on a board and on a traveller line.
_TWICE = {
    "board": (
        "%(tag)s is written twice on this board, both '%(value)s'; read once",
        "%(tag)s is written twice on this board, '%(first)s' and '%(second)s'; which one is meant cannot be told, "
        "so the board's traveller lines are left out",
    ),
    "line": (
        "%(tag)s is written twice on this traveller line, both '%(value)s'; read once",
        "%(tag)s is written twice on this traveller line, '%(first)s' and '%(second)s'; which one is meant cannot "
        "be told, so the line is left out",
    ),
}


def _single(doc: Document, parent: Element, tag: str, problems: list[Problem], what: str) -> tuple[str, bool]:
    """The text of ``parent``'s one ``tag`` child, and whether it is clear: written twice the same is a warning,
    twice with different values an error (which value is meant cannot be told): ``what`` ("board" or "line")
    is then left out."""
    found = parent.findall(tag)
    if len(found) < 2:
        return _text(found[0] if found else None), True
    values = [_text(e) for e in found]
    same, different = _TWICE[what]
    if len(set(values)) == 1:
        problems.append(
            Problem.make(doc.where(found[1], tag), same, Severity.WARNING, tag=tag, value=shorten(values[0]))
        )
        return values[0], True
    problems.append(
        Problem.make(doc.where(found[1], tag), different, tag=tag, first=shorten(values[0]), second=shorten(values[1]))
    )
    return values[0], False


#: The elements of a traveller line's two pairs, where a problem of a pair is.
_PAIR_ELEMENTS = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")


def _board(
    doc: Document,
    board_el: Element,
    section: str,
    context: Mapping[str, str],
    notation: Notation,
    problems: list[Problem],
    reached: set[int],
    two_sides: bool,
) -> Iterator[Result]:
    lines = board_el.findall("TRAVELLER_LINE")
    reached.update(id(line_el) for line_el in lines)
    number_text, clear = _single(doc, board_el, "BOARD_NUMBER", problems, "board")
    if not clear:
        return
    number = whole_number(number_text) if number_text[:1] not in ("+", "-") else None
    if number is None or number < 1:
        where = doc.where(board_el, "BOARD_NUMBER")
        if number_text:
            problems.append(
                Problem.make(
                    where,
                    "board number '%(text)s' does not exist; its %(count)d traveller lines are left out",
                    text=shorten(number_text),
                    count=len(lines),
                )
            )
        else:
            problems.append(
                Problem.make(
                    where, "the board has no BOARD_NUMBER; its %(count)d traveller lines are left out", count=len(lines)
                )
            )
        return
    board = number
    board_extra = dict(context)
    for item in board_el:
        if item.tag not in ("BOARD_NUMBER", "TRAVELLER_LINE") and not _is_line(item.tag):
            board_extra[f"BOARD.{item.tag}"] = _text(item)
    for line_el in lines:
        result = read_line(doc, line_el, board, section, board_extra, notation, problems, two_sides)
        if result is not None:
            yield result


@dataclass(frozen=True, slots=True)
class _Found:
    """A problem found in a line's fields: the element, the catalogue message, its severity and values."""

    tag: str
    message: str
    severity: Severity
    values: tuple[tuple[str, Value], ...] = ()


def read_line(
    doc: Document,
    el: Element,
    board: int,
    section: str,
    board_extra: Mapping[str, str],
    notation: Notation,
    problems: list[Problem],
    two_sides: bool = False,
) -> Result | None:
    errors: list[Problem] = []

    def report(found: _Found) -> None:
        child = el.find(found.tag)
        target = errors if found.severity is Severity.ERROR else problems
        target.append(
            Problem(
                doc.where(child if child is not None else el, found.tag),
                found.message,
                found.severity,
                (("board", board), *found.values),
            )
        )

    extra = dict(board_extra)
    extra.update({f"@{k}": v for k, v in el.attrib.items()})
    first: dict[str, Element] = {}
    repeated: set[str] = set()
    for child in el:
        tag = child.tag
        if tag not in _LINE_FIELDS:
            extra[tag] = _text(child) if len(child) == 0 else "".join(child.itertext()).strip()
        elif tag in first:
            repeated.add(tag)
        else:
            first[tag] = child

    fields: dict[str, str] = {}
    for tag in _SORTED_LINE_FIELDS:
        if tag not in repeated:  # one pass over the children instead of a search per field (issue 19)
            fields[tag] = _text(first.get(tag))
            continue
        twice: list[Problem] = []
        fields[tag], _ = _single(doc, el, tag, twice, "line")
        for problem in twice:
            (errors if problem.severity is Severity.ERROR else problems).append(problem)
    ns, ew = fields["NS_PAIR_NUMBER"], fields["EW_PAIR_NUMBER"]
    if not ns and not ew and el.find("N_PLAYER_NUMBER") is not None:  # an individual event
        n, s, e, w = (child_text(el, tag) for tag in _PLAYER_FIELDS)
        ns, ew = f"{n}-{s}", f"{e}-{w}"
    if not ns:
        report(_Found("NS_PAIR_NUMBER", "board %(board)d: the North-South pair number is missing", Severity.ERROR))
    if not ew:
        report(_Found("EW_PAIR_NUMBER", "board %(board)d: the East-West pair number is missing", Severity.ERROR))
    if ns and ns == ew and not two_sides:
        report(
            _Found(
                "EW_PAIR_NUMBER",
                "board %(board)d: pair %(pair)s is written as both North-South and East-West",
                Severity.ERROR,
                (("pair", shorten(ns)),),
            )
        )

    contract_text = fields["CONTRACT"]
    lead = fields["LEAD"] or None
    reading, found = _interpret(
        board, contract_text, fields["PLAYED_BY"], fields["TRICKS"], fields["SCORE"], el.find("SCORE") is not None
    )
    for item in found:
        report(item)
    if errors:
        problems.extend(errors)
        return None
    return reading.to_result(board, ns, ew, section, lead, extra, doc.where(el))


@lru_cache(maxsize=65536)
def _interpret(
    board: int, contract_text: str, declarer_text: str, tricks_text: str, score_text: str, has_score: bool
) -> tuple[LineReading, tuple[_Found, ...]]:
    """Read a line's CONTRACT, PLAYED_BY, TRICKS and SCORE (cached: a board repeats the same contract and result
    many times); the problems are keyed by element, their messages take the board as ``%(board)d``."""
    found: list[_Found] = []

    def report(tag: str, message: str, severity: Severity = Severity.ERROR, **values: Value) -> None:
        found.append(_Found(tag, message, severity, tuple(values.items())))

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
        report(
            "SCORE",
            "board %(board)d: '%(text)s' is neither a score nor an adjusted score (such as A6040)",
            text=shorten(score_text),
        )

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    if contract_text and status is ResultStatus.PLAYED:
        contract, declarer, tricks = _contract(contract_text, declarer_text, tricks_text, ns_score, report)
    elif status is ResultStatus.PLAYED and ns_score is None:
        if not has_score and not contract_text:
            status = ResultStatus.NOT_PLAYED
            report(
                "SCORE",
                "board %(board)d: the line has neither a contract nor a score; read as not played",
                Severity.WARNING,
            )
        else:
            report("SCORE", "board %(board)d: the line has no score")

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
                "board %(board)d: the written score %(written)+d does not match %(contract)s by %(declarer)s taking "
                "%(tricks)d tricks, which scores %(computed)+d for North-South; the written score is used",
                Severity.WARNING,
                written=ns_score,
                contract=str(contract),
                declarer=declarer.name,
                tricks=tricks,
                computed=computed,
            )
    return LineReading(status, remarks, contract, declarer, tricks, ns_score, ()), tuple(found)


class _Report(Protocol):
    def __call__(self, tag: str, message: str, severity: Severity = ..., **values: Value) -> None: ...


def _contract(
    contract_text: str,
    declarer_text: str,
    tricks_text: str,
    ns_score: int | None,
    report: _Report,
) -> tuple[Contract | None, Seat | None, int | None]:
    """Contract, declarer and tricks of a line; where they cannot be read but the score can, a warning.

    The reason a contract or declarer cannot be read is :mod:`bridgescore.core.contract`'s sentence, put in as it is."""
    severity = Severity.WARNING if ns_score is not None else Severity.ERROR
    kept = ns_score is not None
    reason = "board %(board)d: %(reason)s; the written score is used" if kept else "board %(board)d: %(reason)s"
    try:
        contract = parse_contract(contract_text)
    except ContractError as err:
        report("CONTRACT", reason, severity, reason=shorten(str(err), 120))
        return None, None, None
    if contract.is_passed_out:
        return contract, None, None
    declarer, wrong = read_declarer(contract, declarer_text)
    if wrong:
        report("PLAYED_BY", reason, severity, reason=shorten(wrong, 120))
    tricks: int | None = None
    if not tricks_text:
        report(
            "TRICKS",
            "board %(board)d: contract %(contract)s has no number of tricks; the written score is used"
            if kept
            else "board %(board)d: contract %(contract)s has no number of tricks",
            severity,
            contract=str(contract),
        )
    elif (taken := whole_number(tricks_text)) is None or not 0 <= taken <= 13 or tricks_text[:1] in ("+", "-"):
        report(
            "TRICKS",
            "board %(board)d: '%(text)s' tricks is impossible; declarer takes 0 to 13 tricks; the written score is used"
            if kept
            else "board %(board)d: '%(text)s' tricks is impossible; declarer takes 0 to 13 tricks",
            severity,
            text=shorten(tricks_text),
        )
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


def _participants(doc: Document, element: Element, section: str) -> Iterator[Participant]:
    for item in element:
        if item.tag == "TEAM":
            team = item.get("TEAM_ID", "") or child_text(item, "TEAM_ID") or item.get("TEAM_NAME", "")
            yield _participant(doc, item, section, "TEAM", team)
            for pair in item.findall("PAIR"):
                yield _participant(doc, pair, section, "PAIR", team)
        elif item.tag in ("PAIR", "PLAYER"):
            yield _participant(doc, item, section, item.tag, "")


def _participant(doc: Document, el: Element, section: str, kind: str, team: str) -> Participant:
    number = (child_text(el, "PAIR_NUMBER") or child_text(el, "PLAYER_NUMBER") or child_text(el, "TEAM_ID")
              or el.get("TEAM_ID", ""))  # fmt: skip
    if kind == "PLAYER":
        names = child_text(el, "PLAYER_NAME")
        players: tuple[Player, ...] = (player_of(el),)
    elif kind == "TEAM":
        names = child_text(el, "TEAM_NAME") or el.get("TEAM_NAME", "")
        players = ()
    else:
        players = tuple(player_of(p) for p in el.findall("PLAYER"))
        names = " & ".join(p.name for p in players if p.name)
    extra = {f"@{k}": v for k, v in el.attrib.items()}
    for child in el:
        if child.tag in ("PLAYER", "PAIR") and kind != "PLAYER":
            continue
        extra.update(flatten(child))
    return Participant(
        number=number,
        section=section,
        direction=child_text(el, "DIRECTION"),
        names=names,
        place=child_text(el, "PLACE"),
        percentage=_number(child_text(el, "PERCENTAGE")),
        total_score=_number(child_text(el, "TOTAL_SCORE")),
        kind=kind,
        team=team,
        extra=MappingProxyType(extra),
        source=doc.where(el),
        players=players,
    )


def participants(data: bytes | str, filename: str = "<input>") -> tuple[Participant, ...]:
    """The pairs (players, teams) with the results the producing program published, in file order."""
    doc, _ = parse_document(data, filename)
    if doc is None or doc.root.tag != "USEBIO" or (event := doc.root.find("EVENT")) is None:
        return ()
    out: list[Participant] = []
    for holder, section, _context in event_contexts(event):
        for element in holder.findall("PARTICIPANTS"):
            out.extend(_participants(doc, element, section))
    return tuple(out)


def read_bytes(path: str | Path) -> tuple[bytes | None, Problem | None]:
    """The file's bytes (read with a bound: :mod:`bridgescore.io.files`), or None and the problem why not."""
    from bridgescore.io import files

    p = Path(path)
    try:
        return files.read_bytes(p), None
    except files.FileRefused as refused:
        return None, refused.problem(str(p))
    except OSError as err:
        return None, Problem.make(Location(str(p)), "cannot read the file: %(reason)s", reason=str(err.strerror))


def load(path: str | Path, notation: Notation = "en", *, pairs_per_direction: bool | None = None) -> Event:
    """Read a USEBIO file (``pairs_per_direction``: see :func:`loads`)."""
    data, problem = read_bytes(path)
    if data is None:
        return Event((), problems=(problem,) if problem else ())
    return loads(data, str(path), notation, pairs_per_direction=pairs_per_direction)


def load_participants(path: str | Path) -> tuple[Participant, ...]:
    """The published participants of a USEBIO file (empty if it cannot be read)."""
    data, _ = read_bytes(path)
    return participants(data, str(path)) if data is not None else ()
