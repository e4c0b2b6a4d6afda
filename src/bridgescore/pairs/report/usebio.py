"""The scored event as a USEBIO 1.2 file (``score … --format usebio``), for Bridgewebs, the EBU's masterpoint
records and any program that reads USEBIO.

What is written, in the order of the elements in the EBU's USEBIO 1.2 sample files (``usebio_v1_2.dtd`` itself
could not be found with the project's search tools; the order is that of PairsScorer's ``mp-pairs.xml``, the EBU's
own program, with the elements other programs add – RealBridge's ``EVENT_IDENTIFIER`` and ``BOARDS_PER_ROUND``,
BriAn's ``TITLE`` and ``MASTER_POINT_TYPE`` – where those programs put them):

* the XML declaration with ``encoding="iso-8859-1"`` and the DOCTYPE naming ``usebio_v1_2.dtd``, as the EBU's
  programs (PairsScorer, Pianola, EBUScore) write them: the EBU's and Bridgewebs' readers were built on those
  files.  A character outside ISO 8859-1 (``Łukasz``, ``€``) is written as a character reference (``&#321;``), so
  nothing is lost and every XML reader reads it back;
* ``CLUB`` (``CLUB_NAME``, ``CLUB_ID_NUMBER``) where the input or ``--club`` names it;
* ``EVENT EVENT_TYPE="PAIRS"`` with ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``CROSS_IMPS``, ``BUTLER_IMPS``,
  ``BASTILLE``), ``PROGRAM_NAME`` bridgescore and ``PROGRAM_VERSION``, ``EVENT_DESCRIPTION`` (the title),
  ``DATE`` (``dd/mm/yyyy``, as USEBIO writes it; a date read in another form is turned into it when it is one
  of the forms :func:`bridgescore.pairs.sessions.iso_date` knows), the counts (``SESSION_COUNT``, ``SECTION_COUNT``,
  ``PAIRS``, ``BOARDS_PLAYED``, ``WINNER_TYPE`` 1 for one winner, 2 for a winner per direction, ``EW_PAIRS``) and
  every other fact about the event the input gave (``Event.info``: ``MASTER_POINT_SCALE``, ``MASTER_POINT_TYPE``,
  ``MPS_AWARDED_FLAG``, ``P2P_CHARGE_RATE``, ``EVENT_IDENTIFIER``, ``CONTACT`` …) as it was read;
* ``SESSION SESSION_ID``/``SECTION SECTION_ID`` for an event with sections (a section read as ``2/A``, session 2
  section A, goes back there); an event without sections has its ``PARTICIPANTS`` and ``BOARD`` elements in
  ``EVENT``, as Pianola, RealBridge and BriAn write them;
* ``PARTICIPANTS``: per ranked pair ``PAIR_NUMBER``, ``DIRECTION`` (in a ranking per direction),
  ``PERCENTAGE`` (matchpoints) or ``TOTAL_SCORE`` (IMPs; factored as ranked), ``PLACE`` (``3=`` for a tie, as the
  EBU programs write it), ``BOARDS_PLAYED``, the pair's masterpoint fields as read (``MASTER_POINTS`` with
  ``MASTER_POINTS_AWARDED`` and ``MASTER_POINT_TYPE``, BriAn's flat ``MASTER_POINTS_AWARDED``, ``HANDICAP`` …), and
  its ``PLAYER`` elements with ``PLAYER_NAME``, ``CLUB_ID_NUMBER``, ``NATIONAL_ID_NUMBER`` (the member number) and
  whatever else was read of them (``RATEABLE="Y"``);
* per board every traveller line: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT`` (``3Hx``, ``4Sxx``, ``3NT``,
  ``PASS``), ``PLAYED_BY``, ``LEAD``, ``TRICKS`` (tricks taken), ``SCORE`` (North-South's) and the points:
  ``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` for matchpoints, ``NS_CROSS_IMP_POINTS``/``EW_CROSS_IMP_POINTS`` for
  the IMP methods (USEBIO 1.2 has no other element for a pair's IMPs on a line), to two decimals, whole numbers
  without (``8``, ``4.5``, ``3.67``), as PairsScorer and Pianola write them.  An artificial adjusted score
  (Law 12C2) is written as USEBIO writes it: ``SCORE`` ``A6040``/``A5050`` (percentages, as BriAn and EBUScore
  write them; ``A60.5A39.5`` where they are not whole), ``AVE+``, ``AVE``, ``AVE-`` (levels, one side's opposite to
  the other's) or ``A`` with a sign per side (``A++``, ``A--``, as BBO writes them), no contract, and ``NOTES``
  ``Adjusted score``; an assigned score (Law 12C1) as its score with ``NOTES`` ``Assigned score``; a weighted
  assigned score (Law 12C1(c)) as its weighted score rounded to the point with ``NOTES`` naming its parts (USEBIO
  has no element for them: read back, it is that one score); a board not played as ``SCORE`` ``NP``;
* ``HANDSET`` with the deals where the event has them (read from the file or given with ``--deals``).

An individual event (``individual -f usebio``, :func:`individual_to_bytes`) is written in the form of the EBU's
individual sample: ``EVENT_TYPE="INDIVIDUAL"``, a ``PLAYER`` per player and the four players of each line.

Built with :mod:`xml.etree.ElementTree` (never by pasting strings), indented two spaces; the traveller lines, most
of a large file, are written straight from the scored columns, each value escaped as ElementTree escapes it, and the
file is written as it is made (issue 19: a 1,000,000-line event built a million elements, took 39 s and 3 GB).  A text
XML 1.0 cannot carry is written as :func:`~bridgescore.report.printable.xml_characters` shows it (:func:`escape`): a
control as ``\\u001b``, the non-characters U+FFFE and U+FFFF as U+FFFD.
"""

from __future__ import annotations

import io
import itertools
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import BinaryIO, Protocol
from xml.etree.ElementTree import Element, SubElement
from xml.sax.saxutils import escape as sax_escape

import numpy as np

from bridgescore.core.adjustments import Adjustment, ArtificialScore, AssignedScore, Award, Level, WeightedScore
from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Contract, Seat
from bridgescore.core.event import Result, ResultStatus
from bridgescore.core.pairkey import lookup
from bridgescore.core.players import Player
from bridgescore.core.version import __version__
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.scored import ScoredEvent
from bridgescore.pairs.sessions import iso_date, pair_players
from bridgescore.pairs.standings import StandingEntry, compute_standings, format_percent, format_points
from bridgescore.report.printable import xml_characters


class Seating(Protocol):
    """The four players of a line (an individual's :class:`~bridgescore.individual.seats.Seating`): the individual
    is built on this writer, so it names only what it reads of a seating."""

    @property
    def players(self) -> tuple[str, str, str, str]: ...


__all__ = [
    "ENCODING",
    "EVENT_ORDER",
    "SYSTEM_ID",
    "add_path",
    "add_text",
    "element_writer",
    "lookup_pair",
    "ordered_fields",
    "player_element",
    "result_fields",
    "scoring_method",
    "serialise",
    "to_bytes",
    "usebio_date",
    "usebio_root",
    "write_document",
    "write_usebio",
]

#: The encoding written (see the module docstring).
ENCODING = "iso-8859-1"
#: The DOCTYPE's system identifier, as the EBU's programs write it.
SYSTEM_ID = "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd"
#: The EVENT's children in the order they are written (see the module docstring); CONTACT and the results after.
EVENT_ORDER = (
    "BOARD_SCORING_METHOD", "PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_DESCRIPTION", "EVENT_IDENTIFIER", "TITLE",
    "DATE", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "SESSION_COUNT", "SECTION_COUNT", "PAIRS", "BOARDS_PLAYED",
    "BOARDS_PER_ROUND", "WINNER_TYPE", "EW_PAIRS", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG",
)  # fmt: skip
#: What bridgescore works out itself: never copied from the input's ``Event.info``.
_COMPUTED = frozenset(
    {"BOARD_SCORING_METHOD", "PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_DESCRIPTION", "DATE", "SESSION_COUNT",
     "SECTION_COUNT", "PAIRS", "BOARDS_PLAYED", "WINNER_TYPE", "EW_PAIRS"}
)  # fmt: skip
#: A pair's fields bridgescore writes itself (the rest of ``Event.pair_info`` is copied: masterpoints …).
_PAIR_COMPUTED = frozenset(
    {"PAIR_NUMBER", "DIRECTION", "PERCENTAGE", "TOTAL_SCORE", "PLACE", "BOARDS_PLAYED", "ADJUSTMENT"}
)
_METHODS = {"matchpoints": "MATCH_POINTS", "cross-imps": "CROSS_IMPS", "butler": "BUTLER_IMPS", "bastille": "BASTILLE"}
_CONTACT = ("FULL_NAME", "TELEPHONE", "EMAIL")
_SEAT_TAGS = ("N_PLAYER_NUMBER", "S_PLAYER_NUMBER", "E_PLAYER_NUMBER", "W_PLAYER_NUMBER")


def scoring_method(scored: ScoredEvent) -> str:
    """USEBIO's ``BOARD_SCORING_METHOD`` for the method the event was scored by."""
    return _METHODS.get(scored.method.name, scored.method.name.upper().replace("-", "_"))


def usebio_date(text: str) -> str:
    """A date as USEBIO writes it, ``dd/mm/yyyy``, where ``text`` is a date :func:`~bridgescore.pairs.sessions.iso_date`
    reads; otherwise as written (never guessed)."""
    iso = iso_date(text)
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", iso)
    return f"{m[3]}/{m[2]}/{m[1]}" if m else text.strip()


def add_text(parent: Element, tag: str, text: str | None) -> Element | None:
    if text is None or text == "":
        return None
    child = SubElement(parent, tag)
    child.text = text
    return child


def add_path(parent: Element, path: str, value: str) -> None:
    """A value read as ``PARENT/CHILD`` or ``PARENT/@ATTR`` (:func:`bridgescore.io.usebio.player_of`) put back
    where it was: the parent element is reused when it is the last one written."""
    head, _, rest = path.partition("/")
    if head.startswith("@"):
        parent.set(head[1:], value)
        return
    if not re.fullmatch(r"[A-Z][A-Z0-9_]*", head):
        return  # not an element name (a key another reader made): nothing USEBIO knows
    if not rest:  # written as read, an empty one too (BriAn's empty MASTER_POINTS_AWARDED for a pair without)
        SubElement(parent, head).text = value or None
        return
    last = parent[-1] if len(parent) else None
    holder = last if last is not None and last.tag == head else SubElement(parent, head)
    add_path(holder, rest, value)


def _session_and_section(label: str) -> tuple[str, str]:
    """A section label as the reader makes it (``SESSION/SECTION`` where a file holds several sessions)."""
    session, slash, section = label.partition("/")
    return (session, section) if slash else ("1", label)


def _award_text(award: Award) -> str:
    return {Level.PLUS: "+", Level.AVERAGE: "=", Level.MINUS: "-"}.get(award.level, "") if award.level else ""


def _artificial(adjustment: ArtificialScore) -> str:
    """USEBIO's ``SCORE`` for an artificial adjusted score (see the module docstring)."""
    ns, ew = adjustment.ns, adjustment.ew
    if ns.percent is not None and ew.percent is not None:
        whole = all(p == int(p) and 0 <= p <= 99 for p in (ns.percent, ew.percent))
        if whole:
            return f"A{int(ns.percent):02d}{int(ew.percent):02d}"
        return f"A{ns.percent:g}A{ew.percent:g}"
    if ns.level is not None and ew.level is not None:
        pair = (ns.level, ew.level)
        named = {(Level.PLUS, Level.MINUS): "AVE+", (Level.AVERAGE, Level.AVERAGE): "AVE",
                 (Level.MINUS, Level.PLUS): "AVE-"}  # fmt: skip
        return named.get(pair, f"A{_award_text(ns)}{_award_text(ew)}")
    # a level on one side and a percentage on the other: the percentages they are worth are not known here
    return f"A{ns.label().rstrip('%')}/{ew.label().rstrip('%')}"


def _points(value: float) -> str | None:
    return None if math.isnan(value) else format_points(float(value))


def lookup_pair(mapping: Mapping[str, object], section: str, pair: str, direction: str) -> object | None:
    """A pair's entry in a mapping keyed as ``Event.names`` is (``1``, ``A:1``, ``1 NS``, ``A:1 NS``)."""
    return lookup(mapping, section, pair, direction)


def player_element(parent: Element, player: Player) -> None:
    el = SubElement(parent, "PLAYER")
    for key, value in player.extra.items():
        if key.startswith("@"):
            el.set(key[1:], value)
    add_text(el, "PLAYER_NAME", player.name)
    add_text(el, "CLUB_ID_NUMBER", player.club_number)
    add_text(el, "NATIONAL_ID_NUMBER", player.number)
    for key, value in player.extra.items():
        if not key.startswith("@"):
            add_path(el, key, value)


def _pair(parent: Element, scored: ScoredEvent, entry: StandingEntry, per_direction: bool) -> None:
    el = SubElement(parent, "PAIR")
    add_text(el, "PAIR_NUMBER", entry.pair)
    if per_direction and entry.direction in ("NS", "EW"):
        add_text(el, "DIRECTION", entry.direction)
    if scored.unit is Unit.MATCHPOINTS:
        add_text(el, "PERCENTAGE", format_percent(entry.percent))
    else:
        add_text(el, "TOTAL_SCORE", format_points(entry.total))
    add_text(el, "PLACE", entry.place_label)
    add_text(el, "BOARDS_PLAYED", str(entry.boards))
    if entry.penalty:
        add_text(el, "ADJUSTMENT", format_points(entry.penalty))
    kept = lookup_pair(scored.event.pair_info, entry.section, entry.pair, entry.direction)
    if isinstance(kept, Mapping):
        for key, value in kept.items():
            if key.partition("/")[0] not in _PAIR_COMPUTED:
                add_path(el, str(key), str(value))
    players = pair_players(scored, entry.section, entry.pair, entry.names)
    if not players and entry.names.strip():
        # a name that is not two players' ("Smith", "The Smiths") was dropped: USEBIO names a pair only by its
        # PLAYER elements, so the name as the file wrote it is one PLAYER_NAME and reads back as written
        players = (Player(name=entry.names.strip()),)
    for player in players:
        player_element(el, player)


def _event_fields(event_el: Element, scored: ScoredEvent, counts: Mapping[str, str], date: str) -> None:
    info = scored.event.info
    sections = sorted({s for s in scored.lines.table.section.labels if s is not None} or {""})
    sessions = {_session_and_section(s)[0] for s in sections if s}
    computed = {
        "BOARD_SCORING_METHOD": scoring_method(scored),
        "PROGRAM_NAME": "bridgescore",
        "PROGRAM_VERSION": __version__,
        "EVENT_DESCRIPTION": scored.event.title,
        "DATE": usebio_date(date),
        "SESSION_COUNT": str(max(len(sessions), 1)),
        "SECTION_COUNT": str(len(sections)),
        "BOARDS_PLAYED": str(len(set(scored.lines.board_numbers.tolist()))),
        **counts,
    }
    ordered_fields(event_el, info, computed, EVENT_ORDER)


def ordered_fields(
    event_el: Element, info: Mapping[str, str], computed: Mapping[str, str], order: Sequence[str]
) -> None:
    """The EVENT's fields in ``order``: what bridgescore works out (``computed``), else the input's fact as read
    (``info``, keyed in lower case), then ``CONTACT``."""
    for tag in order:
        if tag in computed:
            add_text(event_el, tag, computed[tag])
        else:
            add_text(event_el, tag, info.get(tag.lower(), ""))
    if any(info.get(f"contact_{t.lower()}") for t in _CONTACT):
        contact = SubElement(event_el, "CONTACT")
        for tag in _CONTACT:
            add_text(contact, tag, info.get(f"contact_{tag.lower()}", ""))


_SEAT_NAMES = tuple(seat.name for seat in Seat)  # ResultTable.declarer is an index into tuple(Seat)
_NOT_PLAYED = tuple(ResultStatus).index(ResultStatus.NOT_PLAYED)  # ResultTable.status is an index into the same


def _board_positions(scored: ScoredEvent) -> dict[str, list[tuple[int, list[int]]]]:
    """The lines' positions by their own section (not the field's: a field scored across sections still has its
    lines in their sections) and board number, in board order, each board's lines in the order scored."""
    c = scored.lines
    sections = c.table.section
    row_sections = [label or "" for label in sections.labels]
    section_of_line = sections.codes[c.rows] if len(c.rows) else np.zeros(0, dtype=np.int32)
    numbers = c.board_numbers[c.board_of_line] if len(c.rows) else np.zeros(0, dtype=np.int64)
    rank = {label: i for i, label in enumerate(sorted(set(row_sections)))}
    section_rank = np.array([rank[label] for label in row_sections], dtype=np.int64)
    line_rank = section_rank[section_of_line] if len(section_of_line) else np.zeros(0, dtype=np.int64)
    order = np.lexsort((numbers, line_rank))  # stable: a board's lines stay in the order they were scored
    ordered_ranks, ordered_numbers = line_rank[order], numbers[order]
    changes = (ordered_ranks[1:] != ordered_ranks[:-1]) | (ordered_numbers[1:] != ordered_numbers[:-1])
    starts = np.flatnonzero(np.concatenate(([True], changes))) if len(order) else np.zeros(0, dtype=np.int64)
    by_label = sorted(rank)
    out: dict[str, list[tuple[int, list[int]]]] = {}
    positions = order.tolist()
    bounds = [*starts.tolist(), len(positions)]
    for first, last in itertools.pairwise(bounds):
        label = by_label[int(ordered_ranks[first])]
        out.setdefault(label, []).append((int(ordered_numbers[first]), positions[first:last]))
    return out


def _line_children(
    scored: ScoredEvent, seats: Sequence[Seating | None] | None
) -> Callable[[int], list[tuple[str, str]]]:
    """A function giving a traveller line's children (tag, escaped text) by its position: the pairs (or an
    individual's four players, ``seats`` by the event's row), the result (:func:`result_fields`) and the points;
    each distinct pair, contract and lead formatted once."""
    c = scored.lines
    table = c.table
    is_mp = scored.unit is Unit.MATCHPOINTS
    ns_tag, ew_tag = ("NS_MATCH_POINTS", "EW_MATCH_POINTS") if is_mp else ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")
    rows = c.rows.tolist()
    ns_pairs, ew_pairs = table.ns_pair, table.ew_pair
    ns_labels = [escape(label) for label in ns_pairs.labels]
    ew_labels = [escape(label) for label in ew_pairs.labels]
    ns_codes, ew_codes = ns_pairs.codes.tolist(), ew_pairs.codes.tolist()
    contracts = [
        None if contract is None else "PASS" if contract.is_passed_out else escape(_contract(contract))
        for contract in table.contract.labels
    ]
    passed = [contract is not None and contract.is_passed_out for contract in table.contract.labels]
    contract_codes = table.contract.codes.tolist()
    leads = [escape(format_lead(lead, "en")) if lead else "" for lead in table.lead.labels]
    lead_codes = table.lead.codes.tolist()
    declarers, tricks, statuses = table.declarer.tolist(), table.tricks.tolist(), table.status.tolist()
    scores, raw_scores = c.ns_scores.tolist(), table.ns_score.tolist()
    ns_points, ew_points = c.ns_points.tolist(), c.ew_points.tolist()
    adjustments = c.adjustments
    points: dict[float, str] = {}

    def point_text(value: float) -> str:
        if math.isnan(value):
            return ""
        text = points.get(value)
        if text is None:
            text = points[value] = escape(_points(value) or "")
        return text

    def children(position: int) -> list[tuple[str, str]]:
        row = rows[position]
        out: list[tuple[str, str]] = []
        seating = seats[row] if seats is not None and row < len(seats) else None
        if seating is not None:
            out.extend((tag, escape(p)) for tag, p in zip(_SEAT_TAGS, seating.players, strict=True) if p)
        else:
            for tag, label in (
                ("NS_PAIR_NUMBER", ns_labels[ns_codes[row]]),
                ("EW_PAIR_NUMBER", ew_labels[ew_codes[row]]),
            ):
                if label:
                    out.append((tag, label))
        value = scores[position]
        if math.isnan(value):
            value = raw_scores[row]  # NaN: none
        adjustment = adjustments.get(position)
        if adjustment is not None or statuses[row] == _NOT_PLAYED:  # the rare lines: through the elements
            holder = Element("TRAVELLER_LINE")
            result_fields(holder, scored.result(position), adjustment, value)
            out.extend((child.tag, escape(child.text or "")) for child in holder)
        else:
            code = contract_codes[row]
            contract = contracts[code]
            if contract is not None:
                out.append(("CONTRACT", contract))
                if declarers[row] >= 0 and not passed[code]:
                    out.append(("PLAYED_BY", _SEAT_NAMES[declarers[row]]))
            lead = leads[lead_codes[row]]
            if lead:
                out.append(("LEAD", lead))
            if tricks[row] >= 0 and not passed[code]:
                out.append(("TRICKS", str(tricks[row])))
            if not math.isnan(value):
                out.append(("SCORE", str(round(value))))
        for tag, value in ((ns_tag, ns_points[position]), (ew_tag, ew_points[position])):
            text = point_text(value)
            if text:
                out.append((tag, text))
        return out

    return children


def result_fields(line: Element, result: Result, adjustment: Adjustment | None, value: float) -> None:
    """A traveller line's ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` and ``NOTES`` (see the module
    docstring), for pairs and teams alike; ``value`` is North-South's score as scored (NaN: none)."""
    notes = ""
    if isinstance(adjustment, ArtificialScore):
        score = _artificial(adjustment)
        notes = "Adjusted score"
    elif result.status.value == "not-played":
        score = "NP"
    else:
        score = "" if math.isnan(value) else str(round(value))
        if isinstance(adjustment, AssignedScore):
            notes = "Assigned score"
        elif isinstance(adjustment, WeightedScore):
            notes = adjustment.label()
        contract = result.contract if not notes else None
        passed = contract is not None and contract.is_passed_out
        if contract is not None:
            add_text(line, "CONTRACT", "PASS" if passed else _contract(contract))
            if result.declarer is not None and not passed:
                add_text(line, "PLAYED_BY", result.declarer.name)
        if result.lead and not notes:
            add_text(line, "LEAD", format_lead(result.lead, "en"))
        if result.tricks is not None and not passed and not notes:
            add_text(line, "TRICKS", str(result.tricks))
    add_text(line, "SCORE", score)
    add_text(line, "NOTES", notes)


def _contract(contract: Contract) -> str:
    """A contract as USEBIO writes it: level, strain (``NT`` for no-trump) and ``x``/``xx`` (``3Hx``, ``4Sxx``)."""
    return contract.format("en").replace("X", "x")


def to_bytes(scored: ScoredEvent, *, date: str | None = None, club: str | None = None) -> bytes:
    """The USEBIO 1.2 file of ``scored`` (see the module docstring); ``date`` and ``club`` override the input's."""
    out = io.BytesIO()
    write_usebio(scored, out, date=date, club=club)
    return out.getvalue()


def write_usebio(scored: ScoredEvent, stream: BinaryIO, *, date: str | None = None, club: str | None = None) -> None:
    """:func:`to_bytes` written to ``stream`` as it is made, a board at a time."""
    standings = compute_standings(scored)
    per_direction = any(s.group in ("NS", "EW") for s in standings)
    entries: dict[str, list[StandingEntry]] = {}
    for standing in standings:
        for entry in standing.entries:
            entries.setdefault(entry.section, []).append(entry)
    pairs = [e for s in standings for e in s.entries]
    counts = {
        "PAIRS": str(len(pairs)),
        "WINNER_TYPE": "2" if per_direction else "1",
        "EW_PAIRS": str(sum(1 for e in pairs if e.direction == "EW")) if per_direction else "",
    }
    writers = {
        section: [element_writer(_pair, scored, e, per_direction) for e in sorted(found, key=_pair_order)]
        for section, found in entries.items()
    }
    write_document(stream, scored, "PAIRS", counts, writers, None, date, club)


def element_writer(function: Callable[..., None], *args: object) -> Callable[[Element], None]:
    def write(parent: Element) -> None:
        function(parent, *args)

    return write


#: The tag of the place in the tree where a section's boards are written from the columns (never a USEBIO name).
_BOARDS = "bridgescore-boards"


def write_document(
    stream: BinaryIO,
    scored: ScoredEvent,
    event_type: str,
    counts: Mapping[str, str],
    writers: Mapping[str, list[Callable[[Element], None]]],
    seats: Sequence[Seating | None] | None,
    date: str | None,
    club: str | None,
) -> None:
    """The file: CLUB, EVENT with its fields, the sections with their participants (``writers``, each writing one
    participant into ``PARTICIPANTS``) and boards, the HANDSET (see the module docstring)."""
    info = scored.event.info
    root = usebio_root(info, club)
    event_el = SubElement(root, "EVENT", {"EVENT_TYPE": event_type})
    _event_fields(event_el, scored, counts, date if date is not None else info.get("date", ""))
    lines = _board_positions(scored)
    labels = sorted(set(lines) | set(writers))
    if labels == [""]:
        holders = {"": event_el}
    else:
        holders = {}
        session_els: dict[str, Element] = {}
        for label in labels:
            session, section = _session_and_section(label)
            if session not in session_els:
                session_els[session] = SubElement(event_el, "SESSION", {"SESSION_ID": session})
            holders[label] = SubElement(session_els[session], "SECTION", {"SECTION_ID": section})
    boards: dict[int, list[tuple[int, list[int]]]] = {}
    for label in labels:
        holder = holders[label]
        if writers.get(label):
            participants = SubElement(holder, "PARTICIPANTS")
            for write in writers[label]:
                write(participants)
        if lines.get(label):
            boards[len(boards)] = lines[label]
            SubElement(holder, _BOARDS, {"n": str(len(boards) - 1)})
    _handset(root, scored)
    children = _line_children(scored, seats)

    def board_text(key: int, level: int, between: str, after: str) -> Iterator[str]:
        """A section's BOARD elements at ``level``, each followed by ``between`` but the last (by ``after``)."""
        found = boards[key]
        inner, line_inner = _indentation(level + 1), _indentation(level + 2)
        for i, (number, positions) in enumerate(found):
            parts = [f"<BOARD>{inner}<BOARD_NUMBER>{number}</BOARD_NUMBER>"]
            for position in positions:
                fields = children(position)
                if fields:
                    parts.append(f"{inner}<TRAVELLER_LINE>")
                    parts.extend(f"{line_inner}<{tag}>{text}</{tag}>" for tag, text in fields)
                    parts.append(f"{inner}</TRAVELLER_LINE>")
                else:
                    parts.append(f"{inner}<TRAVELLER_LINE />")
            parts.append(f"{_indentation(level)}</BOARD>{between if i < len(found) - 1 else after}")
            yield "".join(parts)

    _write(stream, root, board_text)


def usebio_root(info: Mapping[str, str], club: str | None) -> Element:
    """The ``USEBIO`` element with its ``CLUB`` (``club`` over the input's club name)."""
    root = Element("USEBIO", {"Version": "1.2"})
    club_name = club if club is not None else info.get("club", "")
    if club_name or info.get("club_id"):
        club_el = SubElement(root, "CLUB")
        add_text(club_el, "CLUB_NAME", club_name)
        add_text(club_el, "CLUB_ID_NUMBER", info.get("club_id", ""))
    return root


def escape(text: str, entities: Mapping[str, str] | None = None) -> str:
    """``text`` as XML 1.0 can carry it (:func:`~bridgescore.report.printable.xml_characters`: a name holding a
    control character or U+FFFE made a file no XML reader could read back, issue 19), then escaped as ElementTree
    escapes it (``&``, ``<``, ``>`` and ``entities``).  Every text and attribute of the file goes through here."""
    return sax_escape(xml_characters(text), dict(entities or {}))


#: What ElementTree writes for these characters in an attribute's value (``escape`` does ``&``, ``<``, ``>``)
_ATTRIBUTE = {'"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"}
_HEAD = f'<?xml version="1.0" encoding="{ENCODING}"?>\n<!DOCTYPE USEBIO SYSTEM "{SYSTEM_ID}">\n'


def _indentation(level: int) -> str:
    return "\n" + "  " * level


BoardText = Callable[[int, int, str, str], Iterator[str]]


def _xml(element: Element, level: int, boards: BoardText) -> Iterator[str]:
    """``element`` (without its tail) as ElementTree writes it once ``indent(root, "  ")`` has indented the tree:
    a child on its own line two spaces deeper, ``<TAG />`` for an element without text or children; the
    placeholder ``_BOARDS`` by ``boards``."""
    attributes = "".join(f' {key}="{escape(value, _ATTRIBUTE)}"' for key, value in element.items())
    text = element.text
    children = list(element)
    if not children:
        yield f"<{element.tag}{attributes}>{escape(text)}</{element.tag}>" if text else f"<{element.tag}{attributes} />"
        return
    inner = _indentation(level + 1)
    yield f"<{element.tag}{attributes}>{escape(text) if text and text.strip() else inner}"
    for i, child in enumerate(children):
        tail = child.tail if child.tail and child.tail.strip() else inner if i < len(children) - 1 else None
        if tail is None:
            tail = _indentation(level)
        if child.tag == _BOARDS:
            yield from boards(int(child.get("n", "0")), level + 1, inner, tail)
            continue
        yield from _xml(child, level + 1, boards)
        yield escape(tail)
    yield f"</{element.tag}>"


def _write(stream: BinaryIO, root: Element, boards: BoardText) -> None:
    """The file to ``stream``: the declaration and DOCTYPE the EBU's programs write, the tree indented two spaces
    (as ``indent`` and ``tostring`` write it), in ISO 8859-1 with a character reference for any other character,
    written in pieces of about a megabyte."""
    stream.write(_HEAD.encode("ascii"))
    pending: list[str] = []
    size = 0
    for piece in _xml(root, 0, boards):
        pending.append(piece)
        size += len(piece)
        if size > 1 << 20:
            stream.write("".join(pending).encode(ENCODING, "xmlcharrefreplace"))
            pending, size = [], 0
    pending.append("\n")
    stream.write("".join(pending).encode(ENCODING, "xmlcharrefreplace"))


def serialise(root: Element) -> bytes:
    """The file's bytes (:func:`_write`) of a tree without placeholders."""
    out = io.BytesIO()
    _write(out, root, _no_boards)
    return out.getvalue()


def _no_boards(key: int, level: int, between: str, after: str) -> Iterator[str]:
    raise AssertionError("a tree written by serialise has no board placeholder")  # pragma: no cover


def _handset(root: Element, scored: ScoredEvent) -> None:
    """The event's deals as USEBIO's ``HANDSET``: per board ``BOARD_NUMBER`` and four ``HAND`` elements
    (``DIRECTION`` North … West, ``SPADES`` … ``CLUBS`` with ``T`` for the ten and ``-`` for a void), as the EBU's
    PairsScorer sample writes them after the ``EVENT``."""
    deals = scored.event.deals
    if not deals:
        return
    handset = SubElement(root, "HANDSET")
    for number in sorted(deals):
        deal = deals[number]
        board = SubElement(handset, "BOARD")
        add_text(board, "BOARD_NUMBER", str(number))
        for direction, hand in zip(("North", "East", "South", "West"), deal.hands, strict=True):
            hand_el = SubElement(board, "HAND")
            add_text(hand_el, "DIRECTION", direction)
            for tag, cards in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), hand.split("."), strict=True):
                add_text(hand_el, tag, cards or "-")


def _pair_order(entry: StandingEntry) -> tuple[int, int, str]:
    """Pairs in the order of their numbers (NS before EW where numbered per direction), as the EBU programs list
    them; a pair id that is not a number after the numbers."""
    number = int(entry.pair) if entry.pair.isdecimal() else 1 << 30
    return (1 if entry.direction == "EW" else 0, number, entry.pair)
