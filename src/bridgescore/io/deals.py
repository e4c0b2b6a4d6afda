"""Hand-record readers and the PBN writer (issue 10): the deals of an event from PBN, LIN and Duplimate DUP files.

* **PBN** (Portable Bridge Notation 2.1): the ``Deal`` tag (``N:AKQ.T98.… …``, any first seat, a void empty or
  ``-``) with ``Board``, ``Dealer`` and ``Vulnerable``; a game with results (Bridgewebs' hand records with a
  ``ScoreTable``, RealBridge's exports) gives its deal too.  The analysis a program wrote is read and checked, so
  that solving is skipped: ``DoubleDummyTricks`` (20 hexadecimal digits, declarers N S E W, each NT S H D C, as
  the PBN 2.1 supplement and Bridgewebs/RealBridge write it), ``OptimumResultTable`` (rows ``N S 8``, in any row
  order: Bridgewebs writes N E S W with spades first, RealBridge N S E W with NT first), ``OptimumScore``
  (``NS 420``) and ``ParContract`` (read into the form the solver gives, see :func:`par_contracts`).
* **LIN** (BBO's files: ``md|`` hands, ``ah|Board N|`` or ``qx|o1|``, ``sv|`` vulnerability): boards framed here,
  each deal read by :func:`lin_deal` (:func:`loads_lin`).
* **DUP** (Duplimate's dealing-machine file): no Python library reads it, so :func:`loads_dup` is a careful reader
  of its published layout (see there).
* **USEBIO**'s ``HANDSET`` (read by :mod:`bridgescore.io.usebio`, built here by :func:`from_hands`).

:func:`join` puts a hand record given beside the travellers (``score … --deals FILE``) on the event, with every
mismatch reported; :func:`dumps_pbn` writes hand records with their analysis as PBN for other programs.

Every problem is reported with the file, line and tag: a deal that cannot be read (not 52 different cards, 13 to a
hand), a dealer or vulnerability that disagrees with the board number (Law 2), two different deals for one board
number, double-dummy tags that disagree with each other or an optimum score that the table's par disagrees with.
A record is kept whenever its four hands can be read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.contract import ContractError, Seat, Vulnerability, dealer_of_board, vulnerability_of_board
from bridgescore.core.deal import DDTable, HandRecord, HandRecords, Par
from bridgescore.core.event import Event
from bridgescore.core.problems import FieldKind, Location, Problem, Severity, Value, shorten
from bridgescore.io import files
from bridgescore.io.csv import read_file
from bridgescore.io.line import whole_number

__all__ = [
    "DEAL_SUFFIXES",
    "DealError",
    "PbnDeals",
    "dump_pbn",
    "dumps_pbn",
    "from_hands",
    "join",
    "lin_deal",
    "load",
    "loads_dup",
    "loads_lin",
    "loads_pbn",
    "par_contract_tag",
    "par_contracts",
    "parse_hands",
    "pbn_tags",
]

#: The file types :func:`load` reads as hand records.
DEAL_SUFFIXES = (".pbn", ".lin", ".dup")

_RANKS = "AKQJT98765432"
#: PBN's strains in DoubleDummyTricks order (NT S H D C) → index in :class:`~bridgescore.core.contract.Strain` order.
_DD_STRAINS = (4, 3, 2, 1, 0)
#: PBN's declarers in DoubleDummyTricks order (N S E W) → :class:`~bridgescore.core.contract.Seat`.
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_STRAIN_WORDS = {"NT": 4, "N": 4, "S": 3, "H": 2, "D": 1, "C": 0}
_STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
#: Tags the reader turns into the record's fields; every other single-line tag of the game is kept in ``extra``.
_READ_TAGS = frozenset(
    {"Board", "Deal", "Dealer", "Vulnerable", "DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract"}
)
#: Tags of a game's play and results: not part of a hand record, not kept in ``extra``.
_RESULT_TAGS = frozenset(
    {"Contract", "Declarer", "Result", "Score", "Auction", "Play", "Note", "ScoreTable", "TotalScoreTable", "ScoreIMP"}
)
_TAG_LINE = re.compile(r'^\s*\[(\w+)\s+"(.*)"\]')


class DealError(ValueError):
    """Four hands that cannot be a deal; the message says why in a director's words (a catalogue message)."""

    def __init__(self, message: str, **values: Value) -> None:
        super().__init__(message % values if values else message)
        self.message = message
        self.values = values


def _suit(text: str, board: int) -> str:
    """One suit's cards in rank order (``10`` read as ``T``, ``-`` as a void); raises on a card that is not one."""
    cards = text.upper().replace("10", "T")
    if cards in ("-", "—"):
        return ""
    for card in cards:
        if card not in _RANKS:
            raise DealError(
                "board %(board)d: '%(card)s' is not a card (cards are A K Q J T 9 … 2); the deal is left out",
                board=board,
                card=card,
            )
    return "".join(sorted(cards, key=_RANKS.index))


def parse_hands(text: str, board: int = 0) -> tuple[str, str, str, str]:
    """The four hands (N, E, S, W) of a PBN ``Deal`` value (``N:AKQ.T98.… …``, hands clockwise from the first
    seat; a hand is ``spades.hearts.diamonds.clubs``); raises :class:`DealError` unless they are 52 different
    cards, 13 to a hand (PBN 2.1 section 3.4.11)."""
    value = text.strip()
    first = Seat.N
    if len(value) > 1 and value[1] == ":":
        try:
            first = Seat.parse(value[0])
        except ContractError:
            raise DealError(
                "board %(board)d: '%(seat)s' is not a seat (a deal starts N:, E:, S: or W:); the deal is left out",
                board=board,
                seat=value[0],
            ) from None
        value = value[2:]
    parts = value.split()
    unknown = [i for i, part in enumerate(parts) if part == "-"]
    if len(parts) == 4 and len(unknown) == 1:
        # PBN 2.1 (3.4.11): "-" is a hand not given; with the other three known it holds the cards they do not
        given = [[_suit(s, board) for s in part.split(".")] for part in parts if part != "-"]
        if all(len(hand) == 4 for hand in given):
            parts[unknown[0]] = ".".join(
                "".join(r for r in _RANKS if all(r not in hand[suit] for hand in given)) for suit in range(4)
            )
    if len(parts) != 4:
        raise DealError(
            "board %(board)d: the deal has %(count)d hands (a deal has 4, separated by spaces); the deal is left out",
            board=board,
            count=len(parts),
        )
    hands: list[str] = ["", "", "", ""]
    seen: set[str] = set()
    for offset, part in enumerate(parts):
        seat = Seat((int(first) + offset) % 4)
        suits = part.split(".")
        if len(suits) != 4:
            raise DealError(
                "board %(board)d: the hand of %(seat)s has %(count)d suits (write four, spades first, separated by "
                "dots); the deal is left out",
                board=board,
                seat=seat.name,
                count=len(suits),
            )
        read = [_suit(s, board) for s in suits]
        cards = [f"{'SHDC'[i]}{c}" for i, s in enumerate(read) for c in s]
        if len(cards) != 13:
            raise DealError(
                "board %(board)d: the hand of %(seat)s has %(count)d cards (a hand has 13); the deal is left out",
                board=board,
                seat=seat.name,
                count=len(cards),
            )
        twice = [c for c in cards if c in seen]
        if twice or len(set(cards)) != 13:
            card = twice[0] if twice else next(c for c in cards if cards.count(c) > 1)
            raise DealError(
                "board %(board)d: the card %(card)s is dealt twice; the deal is left out", board=board, card=card
            )
        seen.update(cards)
        hands[int(seat)] = ".".join(read)
    n, e, s, w = hands
    return n, e, s, w


# --- PBN ------------------------------------------------------------------------------------------------------


@dataclass
class _Collector:
    """The records and problems of one file, and the board numbers' first lines (a second deal is reported)."""

    filename: str
    kind: FieldKind
    deals: dict[int, HandRecord]
    problems: list[Problem]
    #: the fields that say the dealer and the vulnerability in this format (PBN's tags; LIN's md and sv)
    dealer_field: str | None = "Dealer"
    vulnerability_field: str | None = "Vulnerable"

    def problem(
        self, line: int | None, field: str | None, message: str, severity: Severity = Severity.ERROR, **values: Value
    ) -> None:
        where = Location(self.filename, line, field, self.kind)
        self.problems.append(Problem.make(where, message, severity, **values))

    def add(self, record: HandRecord, line: int | None, field: str | None) -> None:
        """Keep ``record``; a second record for its board with other hands is reported (the first is kept)."""
        self.check_board(record, line)
        kept = self.deals.get(record.board)
        if kept is None:
            self.deals[record.board] = record
        elif kept.hands != record.hands:
            first = kept.source.line if kept.source is not None else None
            self.problem(
                line,
                field,
                "board %(board)d: a second, different deal for this board (the first is on line %(first)s); the "
                "first is kept",
                board=record.board,
                first=first if first is not None else "?",
            )

    def check_board(self, record: HandRecord, line: int | None) -> None:
        """Law 2: the board number gives the dealer and the vulnerability; a record that disagrees is reported."""
        dealer, vulnerable = dealer_of_board(record.board), vulnerability_of_board(record.board)
        if record.dealer is not dealer:
            self.problem(
                line,
                self.dealer_field,
                "board %(board)d: the deal's dealer is %(written)s, but on board %(board)d %(law)s deals (Law 2); "
                "is this the right board number?",
                Severity.WARNING,
                board=record.board,
                written=record.dealer.name,
                law=dealer.name,
            )
        if record.vulnerability is not vulnerable:
            self.problem(
                line,
                self.vulnerability_field,
                "board %(board)d: the deal's vulnerability is %(written)s, but board %(board)d is %(law)s (Law 2); "
                "is this the right board number?",
                Severity.WARNING,
                board=record.board,
                written=_vul_word(record.vulnerability),
                law=_vul_word(vulnerable),
            )


def _vul_word(vul: Vulnerability) -> str:
    return {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}[vul.value]


def _table_rows(body: list[tuple[int, str]], tag: str) -> tuple[int, str, list[tuple[int, str]]]:
    """The line and value of a table tag and its rows (the lines after it up to the next tag)."""
    for index, (line, raw) in enumerate(body):
        m = _TAG_LINE.match(raw)
        if m and m[1] == tag:
            rows: list[tuple[int, str]] = []
            for row_line, row in body[index + 1 :]:
                if _TAG_LINE.match(row) or not row.strip():
                    break
                if not row.lstrip().startswith(("%", ";", "{")):
                    rows.append((row_line, row))
            return line, m[2], rows
    return 0, "", []


def _dd_from_tricks(text: str) -> list[list[int]] | None:
    """``DoubleDummyTricks``: 20 hexadecimal digits, declarers N S E W, each NT S H D C → tricks[seat][strain]."""
    value = text.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", value):
        return None
    tricks = [[0] * 5 for _ in range(4)]
    for i, digit in enumerate(value):
        tricks[int(_DD_SEATS[i // 5])][_DD_STRAINS[i % 5]] = int(digit, 16)
    return tricks


def _read_pbn_game(collector: _Collector, start: int, tags: Mapping[str, tuple[str, int]], text: str) -> None:
    """One PBN game's hand record (nothing when it has no ``Deal`` tag: a results-only game)."""
    deal_text, deal_line = tags.get("Deal", ("", start))
    if not deal_text.strip() or deal_text.strip() == "?":
        return
    board_text, board_line = tags.get("Board", ("", start))
    number = whole_number(board_text)
    if number is None or number < 1:
        collector.problem(
            board_line,
            "Board",
            "the deal has no board number ('%(text)s'); boards are numbered from 1, and the deal is left out",
            text=shorten(board_text),
        )
        return
    try:
        hands = parse_hands(deal_text, number)
    except DealError as err:
        collector.problem(deal_line, "Deal", err.message, Severity.ERROR, **err.values)
        return
    kept = collector.deals.get(number)
    if kept is not None and kept.hands == hands:
        return  # the same deal again (a results file repeats it on every table's game): read and checked once
    dealer = dealer_of_board(number)
    dealer_text, dealer_line = tags.get("Dealer", ("", start))
    if dealer_text.strip() and dealer_text.strip() != "?":
        try:
            dealer = Seat.parse(dealer_text)
        except ContractError:
            collector.problem(
                dealer_line,
                "Dealer",
                "board %(board)d: '%(text)s' is not a dealer; write N, E, S or W (the board number's dealer is used)",
                board=number,
                text=shorten(dealer_text),
            )
    vulnerability = vulnerability_of_board(number)
    vul_text, vul_line = tags.get("Vulnerable", ("", start))
    if vul_text.strip() and vul_text.strip() != "?":
        try:
            vulnerability = Vulnerability.parse(vul_text)
        except ContractError:
            collector.problem(
                vul_line,
                "Vulnerable",
                "board %(board)d: '%(text)s' is not a vulnerability; write None, NS, EW or All (the board number's "
                "is used)",
                board=number,
                text=shorten(vul_text),
            )
    body = [(start + offset, raw) for offset, raw in enumerate(text.split("\n"))]
    dd = _read_dd(collector, number, tags, body)
    par = _read_par(collector, number, tags)
    extra = {k: v for k, (v, _) in tags.items() if k not in _READ_TAGS and k not in _RESULT_TAGS and "Table" not in k}
    record = HandRecord(
        number,
        hands,
        dealer,
        vulnerability,
        dd=dd,
        par=par,
        source=Location(collector.filename, deal_line, "Deal", FieldKind.TAG),
        extra=MappingProxyType(extra),
    )
    if dd is not None and par is not None:
        record = replace(record, par=_check_par(collector, record, tags.get("OptimumScore", ("", start))[1]))
    collector.add(record, board_line, "Board")


def _read_dd(
    collector: _Collector, number: int, tags: Mapping[str, tuple[str, int]], body: list[tuple[int, str]]
) -> DDTable | None:
    """The double-dummy table the game carries (``DoubleDummyTricks``, ``OptimumResultTable``), checked."""
    from_tricks: list[list[int]] | None = None
    text, line = tags.get("DoubleDummyTricks", ("", 0))
    if text.strip() and text.strip() != "?":
        from_tricks = _dd_from_tricks(text)
        if from_tricks is None:
            collector.problem(
                line,
                "DoubleDummyTricks",
                "board %(board)d: '%(text)s' is not a double-dummy table; write 20 hexadecimal digits (0-d), "
                "declarers N S E W, each NT S H D C (the deals are solved instead)",
                board=number,
                text=shorten(text),
            )
    from_table = _dd_from_result_table(collector, number, body)
    if from_tricks is not None and from_table is not None:
        for seat in Seat:
            for strain in range(5):
                if from_tricks[seat][strain] != from_table[seat][strain]:
                    collector.problem(
                        line,
                        "DoubleDummyTricks",
                        "board %(board)d: DoubleDummyTricks gives %(seat)s %(tricks)d tricks in %(strain)s, the "
                        "OptimumResultTable %(other)d; the DoubleDummyTricks are used",
                        Severity.WARNING,
                        board=number,
                        seat=seat.name,
                        strain=_STRAIN_LETTERS[strain],
                        tricks=from_tricks[seat][strain],
                        other=from_table[seat][strain],
                    )
                    break
            else:
                continue
            break
    tricks = from_tricks if from_tricks is not None else from_table
    if tricks is None:
        return None
    return DDTable(tuple((r[0], r[1], r[2], r[3], r[4]) for r in tricks))


def _dd_from_result_table(collector: _Collector, number: int, body: list[tuple[int, str]]) -> list[list[int]] | None:
    """``OptimumResultTable`` with the columns ``Declarer``, ``Denomination`` and ``Result`` (any order of columns
    and rows); None when absent or when a cell is missing or cannot be read (reported)."""
    line, header, rows = _table_rows(body, "OptimumResultTable")
    if not line:
        return None
    columns = [re.sub(r"\\.*$", "", h).strip().lower() for h in header.split(";")]
    try:
        who, what, tricks_at = columns.index("declarer"), columns.index("denomination"), columns.index("result")
    except ValueError:
        collector.problem(
            line,
            "OptimumResultTable",
            "board %(board)d: the OptimumResultTable has no Declarer, Denomination and Result columns (found "
            "'%(text)s'); it is not read",
            board=number,
            text=shorten(header),
        )
        return None
    table: list[list[int | None]] = [[None] * 5 for _ in range(4)]
    for row_line, row in rows:
        cells = row.split()
        seat_text = cells[who] if len(cells) > who else ""
        strain_text = cells[what].upper() if len(cells) > what else ""
        tricks_text = cells[tricks_at] if len(cells) > tricks_at else ""
        tricks = whole_number(tricks_text)
        try:
            seat = Seat.parse(seat_text)
        except ContractError:
            seat = None
        if len(cells) != len(columns) or seat is None or strain_text not in _STRAIN_WORDS:
            collector.problem(
                row_line,
                "OptimumResultTable",
                "board %(board)d: '%(text)s' is not a row of the OptimumResultTable (declarer, strain, tricks); "
                "the table is not read",
                board=number,
                text=shorten(row.strip()),
            )
            return None
        if tricks is None or not 0 <= tricks <= 13:
            collector.problem(
                row_line,
                "OptimumResultTable",
                "board %(board)d: '%(text)s' is not a number of tricks (0 to 13); the table is not read",
                board=number,
                text=shorten(tricks_text),
            )
            return None
        table[int(seat)][_STRAIN_WORDS[strain_text]] = tricks
    missing = [f"{Seat(s).name} {_STRAIN_LETTERS[d]}" for s in range(4) for d in range(5) if table[s][d] is None]
    if missing:
        collector.problem(
            line,
            "OptimumResultTable",
            "board %(board)d: the OptimumResultTable has no row for %(cells)s; the table is not read",
            board=number,
            cells=shorten(", ".join(missing)),
        )
        return None
    return [[t if t is not None else 0 for t in row] for row in table]


def _read_par(collector: _Collector, number: int, tags: Mapping[str, tuple[str, int]]) -> Par | None:
    """``OptimumScore`` (``NS 420``, ``EW 100``, a bare number for North-South) with ``ParContract`` as written."""
    text, line = tags.get("OptimumScore", ("", 0))
    if not text.strip() or text.strip() == "?":
        return None
    m = re.fullmatch(r"\s*(NS|EW)?\s*([+\-]?\d+)\s*", text, re.IGNORECASE)
    value = whole_number(m[2]) if m else None
    if m is None or value is None:
        collector.problem(
            line,
            "OptimumScore",
            "board %(board)d: '%(text)s' is not an optimum score; write e.g. NS 420 or EW 100 (the par is computed "
            "instead)",
            board=number,
            text=shorten(text),
        )
        return None
    score = -value if (m[1] or "").upper() == "EW" else value
    contracts = tags.get("ParContract", ("", 0))[0].strip()
    return Par(score, par_contracts(contracts))


#: One par contract as programs write ``ParContract`` (the PBN standard leaves its form open): the side or seat
#: before (``NS 4H``, ``EW 4Dx-1``, as :func:`par_contract_tag` writes it) or after it (``4H N``, ``6Sx-3 N``,
#: ``4HN``, ``4S by N``), doubled ``x``/``X``/``*``, the result ``-1``/``+1``/``=`` stuck to it or apart.
_WRITTEN_PAR = re.compile(
    r"(?:(?P<before>NS|EW|[NESW])\s+)?(?P<level>[1-7])\s*(?P<strain>NT|N|S|H|D|C)(?P<risk>XX|X|\*\*|\*)?"
    r"\s*(?P<result>[+-]\d+|=)?\s*(?:BY\s+)?(?P<after>NS|EW|[NESW])?\s*(?P<late>[+-]\d+|=)?",
    re.IGNORECASE,
)


def par_contracts(text: str) -> tuple[str, ...]:
    """A ``ParContract`` value as the par contracts :func:`bridgescore.core.dd.par_of` gives (``4H N``, ``4H S``,
    ``5Dx E -1``, ``PASS``), so a par read from a file and a par solved read, print and compare alike whichever
    program wrote the file; a side (``NS``) is both its seats.  Entries are separated by ``;`` or ``,``; one
    that is not a contract is kept as written."""
    out: list[str] = []
    for entry in (e.strip() for e in re.split(r"[;,]", text)):
        if not entry:
            continue
        if entry.upper() in ("PASS", "PASSED OUT", "AP"):
            out.append("PASS")
            continue
        m = _WRITTEN_PAR.fullmatch(entry)
        who = None if m is None else (m["before"] or m["after"]) if not (m["before"] and m["after"]) else None
        if m is None or who is None:
            out.append(entry)
            continue
        strain = m["strain"].upper()
        risk = m["risk"].upper().replace("*", "X").lower() if m["risk"] else ""
        result = m["result"] or m["late"] or "="
        mark = "" if result == "=" or int(result) == 0 else f" {int(result):+d}"
        contract = f"{m['level']}{'NT' if strain in ('N', 'NT') else strain}{risk}"
        out += [f"{contract} {seat}{mark}" for seat in who.upper()]  # NS: North's and South's
    return tuple(dict.fromkeys(out))


def _check_par(collector: _Collector, record: HandRecord, line: int) -> Par:
    """The written optimum score against the par of the written table (no solving: par from a table is exact);
    the par kept, with the table's par contracts where the file names none (RealBridge writes ``OptimumScore``
    without ``ParContract``) and the scores agree."""
    from bridgescore.core.dd import par_of

    assert record.dd is not None and record.par is not None
    computed = par_of(record.dd, record.vulnerability, record.dealer)
    if computed.score == record.par.score and not record.par.contracts:
        return computed
    if computed.score != record.par.score:
        collector.problem(
            line,
            "OptimumScore",
            "board %(board)d: the optimum score NS %(written)+d disagrees with the par of the double-dummy table, "
            "NS %(computed)+d",
            Severity.WARNING,
            board=record.board,
            written=record.par.score,
            computed=computed.score,
        )
    return record.par


class PbnDeals:
    """The hand records of a PBN file's games, fed one game at a time (the results reader feeds the same games, so
    a results file's deals travel with its event)."""

    def __init__(self, filename: str = "<input>") -> None:
        self.collector = _Collector(filename, FieldKind.TAG, {}, [])
        self.title = ""

    def game(self, start: int, tags: Mapping[str, tuple[str, int]], text: str) -> None:
        self.title = self.title or tags.get("Event", ("", 0))[0]
        _read_pbn_game(self.collector, start, tags, text)

    def records(self) -> HandRecords:
        return _records(self.collector, self.title)


def loads_pbn(text: str, filename: str = "<input>") -> HandRecords:
    """The hand records of a PBN file's text: every game with a ``Deal`` tag (see the module docstring)."""
    from bridgescore.io.pbn_games import split_games

    reader = PbnDeals(filename)
    problems: list[Problem] = []
    for game in split_games(text, problems, filename):
        if not game.refused:
            reader.game(game.start, game.tags, game.text)
    records = reader.records()
    return replace(records, problems=tuple(sorted((*problems, *records.problems), key=_line)))


def _line(problem: Problem) -> int:
    return problem.location.line or 0


def _records(collector: _Collector, title: str = "") -> HandRecords:
    collector.problems.sort(key=_line)
    deals = dict(sorted(collector.deals.items()))
    return HandRecords(MappingProxyType(deals), tuple(collector.problems), title)


def from_hands(
    hands: Iterable[tuple[int, Mapping[Seat, str], Location]], filename: str, kind: FieldKind = FieldKind.ELEMENT
) -> HandRecords:
    """Hand records from hands a reader found by seat (USEBIO's ``HANDSET``: a ``BOARD`` with ``BOARD_NUMBER`` and
    four ``HAND`` elements, each ``DIRECTION`` and ``SPADES``/``HEARTS``/``DIAMONDS``/``CLUBS``, ``-`` for a void);
    dealer and vulnerability from the board number (Law 2: USEBIO writes neither)."""
    collector = _Collector(filename, kind, {}, [], None, None)
    for number, by_seat, where in hands:
        text = "N:" + " ".join(by_seat.get(seat, "") or "?" for seat in Seat)
        try:
            found = parse_hands(text, number)
        except DealError as err:
            collector.problems.append(Problem.make(where, err.message, Severity.ERROR, **err.values))
            continue
        record = HandRecord(number, found, dealer_of_board(number), vulnerability_of_board(number), source=where)
        collector.add(record, where.line, where.field)
    return _records(collector)


# --- LIN ------------------------------------------------------------------------------------------------------


def _lin_boards(line: str) -> Iterator[list[tuple[str, str]]]:
    """A LIN line's boards as (key, value) pairs: a board starts at ``qx`` (BBO's board label) or at an ``md``
    when the board read so far has one already (a hand-record file writes its boards one after another)."""
    cells = line.split("|")
    board: list[tuple[str, str]] = []
    for key, value in zip(cells[::2], cells[1::2], strict=False):
        key = key.strip().lower()
        if board and (key == "qx" or (key == "md" and any(k == "md" for k, _ in board))):
            yield board
            board = []
        board.append((key, value))
    if board:
        yield board


def loads_lin(text: str, filename: str = "<input>") -> HandRecords:
    """The hand records of a LIN file (BBO's): the boards of each line (see :func:`_lin_boards`; endplay's own
    LIN reader keeps only boards that name their players, so it is used for the deal alone, ``Deal.from_lin``).
    The board number is ``ah|Board N|``, else the number in ``qx|o12|``, else the board's place in the file; the
    dealer is the ``md|`` digit (1 South, 2 West, 3 North, 4 East), the vulnerability ``sv|`` (``o``/``0`` none,
    ``n``, ``e``, ``b``), each else the board number's (Law 2)."""
    collector = _Collector(filename, FieldKind.TAG, {}, [], "md", "sv")
    order = 0
    for line_number, raw in enumerate(text.split("\n"), start=1):
        for board in _lin_boards(raw.strip()):
            values = dict(board)
            if "md" not in values:
                continue
            order += 1
            label_field = "ah" if values.get("ah", "") else "qx"
            label = values.get(label_field, "")
            digits = re.search(r"[-−]?\d+", label)
            number = whole_number(digits[0].replace("−", "-")) if digits else order
            if number is None or number < 1:  # board 0 was board 1 (its place), board -5 was board 5, silently
                collector.problem(
                    line_number,
                    label_field,
                    "the deal has no board number ('%(text)s'); boards are numbered from 1, and the deal is left out",
                    text=shorten(label),
                )
                continue
            md = values["md"].strip()
            try:
                hands = parse_hands(lin_deal(md, number), number)
            except DealError as err:
                collector.problem(line_number, "md", err.message, Severity.ERROR, **err.values)
                continue
            dealer = _LIN_DEALERS.get(md[:1], dealer_of_board(number))
            if md[:1].isdecimal() and md[:1] not in _LIN_DEALERS:  # md|9…| took the board number's dealer, silently
                collector.problem(
                    line_number,
                    "md",
                    "board %(board)d: '%(text)s' is not a dealer; LIN writes 1 (South), 2 (West), 3 (North) or 4 "
                    "(East) (the board number's dealer is used)",
                    board=number,
                    text=md[:1],
                )
            sv = values.get("sv", "").strip().lower()
            vulnerability = _LIN_VULNERABILITY.get(sv, vulnerability_of_board(number))
            if sv and sv not in _LIN_VULNERABILITY:
                collector.problem(
                    line_number,
                    "sv",
                    "board %(board)d: '%(text)s' is not a vulnerability; LIN writes o (none), n, e or b (both) (the "
                    "board number's is used)",
                    board=number,
                    text=shorten(values.get("sv", "").strip()),
                )
            where = Location(filename, line_number, "md", FieldKind.TAG)
            collector.add(HandRecord(number, hands, dealer, vulnerability, source=where), line_number, "md")
    return _records(collector)


def lin_deal(md: str, board: int = 0) -> str:
    """A LIN ``md`` value as a PBN ``Deal`` value: the dealer digit, then the hands of South, West, North and East
    separated by commas, each a suit letter (``S H D C``) before its cards (``SAK3HQJ2D…``); a void is its letter
    alone or left out, ``10`` is the ten, and one hand left empty (BBO leaves out East's) holds the cards the others
    do not.  Read here, not by endplay's ``Deal.from_lin``: that takes a hand's cards before any suit letter for
    spades (a hand ``HK63DA8643CJT876`` with no spades became ``K63`` spades) and cannot complete a deal whose
    hand leaves a void's letter out.  Raises :class:`DealError` on a character that is not a card."""
    body = md.strip()
    body = body[1:] if body[:1].isdecimal() else body
    parts = body.split(",")
    while len(parts) > 4 and not parts[-1].strip():
        parts.pop()
    if len(parts) > 4:  # a fifth hand was dropped, silently
        raise DealError(
            "board %(board)d: the deal has %(count)d hands (LIN writes 4, separated by commas); the deal is left out",
            board=board,
            count=len(parts),
        )
    hands: list[dict[str, str]] = []
    for part in [*parts, "", "", "", ""][:4]:
        suits = {"S": "", "H": "", "D": "", "C": ""}
        current: str | None = None
        for char in part.strip().upper().replace("10", "T"):
            if char in suits:
                current = char
            elif char.isspace():
                continue
            elif current is None or char not in _RANKS:
                raise DealError(
                    "board %(board)d: '%(card)s' is not a card (cards are A K Q J T 9 … 2); the deal is left out",
                    board=board,
                    card=char,
                )
            else:
                suits[current] += char
        hands.append(suits)
    empty = [i for i, hand in enumerate(hands) if not "".join(hand.values())]
    if len(empty) == 1:
        for suit in "SHDC":
            held = "".join(hand[suit] for hand in hands)
            hands[empty[0]][suit] = "".join(rank for rank in _RANKS if rank not in held)
    return "S:" + " ".join(".".join(hand[suit] for suit in "SHDC") for hand in hands)


#: LIN's dealer digit and vulnerability letters (BBO).
_LIN_DEALERS = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_LIN_VULNERABILITY = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.ALL,
}


# --- DUP ------------------------------------------------------------------------------------------------------

#: Duplimate's DUP layout: one fixed record of 156 bytes per board (Jannersten's "convert" document for the
#: Duplimate dealing machine): 78 bytes "BRI" (North's, East's and South's 13 cards as two-digit numbers, ``01`` the
#: ace of spades … ``52`` the two of clubs; West holds the rest), 68 bytes "DGE" (the four hands again, 17 bytes
#: each, in the machine's own letters; not read), and 10 bytes of settings: ``Y``/``N`` random hands, ``Y``/``N``
#: counting backwards, the lowest board number of the set (3 bytes), copies (2), the highest board number (3).
_DUP_RECORD = 156


def _dup_hands(bri: bytes, board: int) -> str:
    """The BRI part of a DUP record as a PBN ``Deal`` value (raises :class:`DealError` on a bad card)."""
    text = bri.decode("ascii", errors="replace")
    hands: list[list[list[str]]] = [[[], [], [], []] for _ in range(4)]
    seen: set[int] = set()
    for seat in range(3):
        for i in range(13):
            pair = text[seat * 26 + 2 * i : seat * 26 + 2 * i + 2]
            card = whole_number(pair) if pair.isdigit() else None
            if card is None or not 1 <= card <= 52:
                raise DealError(
                    "board %(board)d: '%(card)s' is not a card (cards are A K Q J T 9 … 2); the deal is left out",
                    board=board,
                    card=pair,
                )
            seen.add(card)
            hands[seat][(card - 1) // 13].append(_RANKS[(card - 1) % 13])
    for card in range(1, 53):
        if card not in seen:
            hands[3][(card - 1) // 13].append(_RANKS[(card - 1) % 13])
    return "N:" + " ".join(".".join("".join(suit) for suit in hand) for hand in hands)


def loads_dup(data: bytes, filename: str = "<input>") -> HandRecords:
    """A Duplimate DUP file's hand records (the layout above; the deal is read from the BRI part, the board
    number from the set's lowest board number and the record's position, counting down when the file says it
    counts backwards).  No Python library reads DUP files, so this reader follows the published layout; a file
    that does not fit it is reported (give the hand record as PBN, which every dealing program also writes)."""
    collector = _Collector(filename, FieldKind.TAG, {}, [], None, None)
    if not data or len(data) % _DUP_RECORD:
        collector.problem(
            None,
            None,
            "the file is not a Duplimate DUP file (its size is not a multiple of %(size)d bytes); give the hand record "
            "as PBN instead",
            size=_DUP_RECORD,
        )
        return _records(collector)
    count = len(data) // _DUP_RECORD
    for index in range(count):
        chunk = data[index * _DUP_RECORD : (index + 1) * _DUP_RECORD]
        settings = chunk[146:].decode("ascii", errors="replace")
        lowest_text, highest_text = settings[2:5].strip(), settings[7:10].strip()
        lowest = whole_number(lowest_text) if lowest_text else 1
        highest = whole_number(highest_text) if highest_text else (lowest or 1) + count - 1
        if lowest is None or highest is None or lowest < 1 or highest < 1:  # "abc" was board 1 on, silently
            collector.problem(
                index + 1,
                "settings",
                "the set's board numbers in the record's settings ('%(text)s') are not numbers; the deal is left out "
                "(give the hand record as PBN instead)",
                text=shorten(settings),
            )
            continue
        number = highest - index if settings[1:2].upper() == "Y" else lowest + index
        if number < 1:
            collector.problem(
                index + 1,
                "settings",
                "the deal has no board number ('%(text)s'); boards are numbered from 1, and the deal is left out",
                text=str(number),
            )
            continue
        try:
            hands = parse_hands(_dup_hands(chunk[:78], number), number)
        except DealError as err:
            collector.problem(index + 1, None, err.message, Severity.ERROR, **err.values)
            continue
        record = HandRecord(
            number, hands, dealer_of_board(number), vulnerability_of_board(number), source=Location(filename, index + 1)
        )
        collector.add(record, index + 1, None)
    return _records(collector)


# --- any file -------------------------------------------------------------------------------------------------


def load(path: str | Path) -> HandRecords:
    """The hand records of a file, by its type: ``.pbn``, ``.lin``, ``.dup`` (UTF-8 with or without a BOM, else
    Windows-1252 with a warning: a Latin-1 header reads)."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in DEAL_SUFFIXES:
        problem = Problem.make(
            Location(str(p)),
            "cannot read hand records from files of type '%(suffix)s'; bridgescore reads %(known)s",
            suffix=shorten(p.suffix or p.name),
            known=", ".join(DEAL_SUFFIXES),
        )
        return HandRecords(MappingProxyType({}), (problem,))
    if suffix == ".dup":
        try:
            data = files.read_bytes(p)
        except OSError as err:
            from bridgescore.io.csv import unreadable

            return HandRecords(MappingProxyType({}), (unreadable(str(p), err),))
        return loads_dup(data, str(p))
    text, problems = read_file(p)
    if text is None:
        if p.is_file() and p.stat().st_size < 4096 and not p.read_bytes().strip():
            # read_file speaks of travellers; this is a hand record
            problems = [Problem.make(Location(str(p)), "the file is empty: there are no deals to read")]
        return HandRecords(MappingProxyType({}), tuple(problems))
    records = loads_lin(text, str(p)) if suffix == ".lin" else loads_pbn(text, str(p))
    if not records.deals and not any(pr.severity is Severity.ERROR for pr in records.problems):
        problems.append(
            Problem.make(
                Location(str(p)),
                "the file holds no deals (a PBN game gives its deal in a Deal tag, a LIN board in md|…|); give the "
                "hand record that belongs to the travellers",
            )
        )
    return replace(records, problems=(*problems, *records.problems))


# --- PBN writer -----------------------------------------------------------------------------------------------


def _dd_tricks(dd: DDTable) -> str:
    return "".join(f"{dd.tricks[int(seat)][strain]:x}" for seat in _DD_SEATS for strain in _DD_STRAINS)


#: The tags of PBN 2.1's mandatory tag set (section 3.1, "in this order") a hand record keeps from its file, by
#: where they go: before ``Board``, between ``Board`` and ``Dealer``, after ``Deal``.
_MTS_HEAD = ("Event", "Site", "Date", "Round")
_MTS_PLAYERS = ("West", "North", "East", "South")
_MTS_TAIL = ("Scoring",)


def pbn_tags(record: HandRecord) -> list[str]:
    """One record's tags (and the ``OptimumResultTable`` rows) as PBN 2.1 writes them: the mandatory tag set in
    the standard's order (the file's Event, Site, Date, Round, players and Scoring where it had them), the analysis,
    then every other tag the file gave the deal (Annotator, DealId, BidSystemEW …) as it was read – ``deals -f
    pbn`` dropped them, though the hand record keeps them to write them back."""
    extra = record.extra

    def kept(names: Iterable[str]) -> list[str]:
        return [f'[{k} "{extra[k]}"]' for k in names if k in extra]

    lines = kept(_MTS_HEAD)
    lines.append(f'[Board "{record.board}"]')
    lines += kept(_MTS_PLAYERS)
    lines += [
        f'[Dealer "{record.dealer.name}"]',
        f'[Vulnerable "{_vul_word(record.vulnerability)}"]',
        f'[Deal "{record.pbn()}"]',
    ]
    lines += kept(_MTS_TAIL)
    if record.dd is not None:
        lines.append(f'[DoubleDummyTricks "{_dd_tricks(record.dd)}"]')
        lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
        for seat in _DD_SEATS:
            for strain in _DD_STRAINS:
                lines.append(f"{seat.name} {_STRAIN_LETTERS[strain]:>2} {record.dd.tricks[int(seat)][strain]:>2}")
    if record.par is not None:
        score = record.par.score
        lines.append(f'[OptimumScore "{"EW" if score < 0 else "NS"} {abs(score)}"]')
        if record.par.contracts:
            lines.append(f'[ParContract "{par_contract_tag(record.par.contracts)}"]')
    written = {*_MTS_HEAD, *_MTS_PLAYERS, *_MTS_TAIL}
    lines += kept(k for k in extra if k not in written)
    return lines


_PAR_CONTRACT = re.compile(r"^(?P<contract>\S+) (?P<seat>[NESW])(?P<result> [+-]\d+)?$")


def par_contract_tag(contracts: Iterable[str]) -> str:
    """Par contracts (``4H N``, ``4H S``, ``5Dx E -2``) as PBN's ``ParContract`` is written by the programs that
    write it (``NS 4H``): one entry per contract and result, the side when both partners make it, else the seat;
    entries joined by ``; ``.  Texts of another form are written as they are."""
    entries: dict[tuple[str, str], list[str]] = {}
    for text in contracts:
        m = _PAR_CONTRACT.match(text)
        if m is None:
            entries.setdefault((text, ""), [])
            continue
        entries.setdefault((m["contract"], m["result"] or ""), []).append(m["seat"])
    written: list[str] = []
    for (contract, result), seats in entries.items():
        if not seats:
            written.append(contract)
            continue
        together = {"N", "S"} <= set(seats) or {"E", "W"} <= set(seats)
        who = ("NS" if seats[0] in "NS" else "EW") if together else "".join(dict.fromkeys(seats))
        written.append(f"{who} {contract}{result}")
    return "; ".join(written)


def dumps_pbn(records: Iterable[HandRecord]) -> str:
    """Hand records as a PBN 2.1 file, with their double-dummy tables and par, so other programs can use them."""
    games = ["\n".join(pbn_tags(r)) for r in records]
    return "% PBN 2.1\n% EXPORT\n%Creator: bridgescore\n" + "".join(f"\n{g}\n" for g in games)


def dump_pbn(records: Iterable[HandRecord], path: str | Path) -> None:
    Path(path).write_text(dumps_pbn(records), encoding="utf-8")


# --- a hand record beside the travellers ----------------------------------------------------------------------


def join(event: Event, records: HandRecords, name: str = "") -> Event:
    """``event`` with the hand record ``records`` (the file ``name``) joined by board number, and every mismatch
    reported (issue 10).

    The deals given beside the travellers take the place of the event file's own for the same board (a
    difference between the two is reported).  Reported, as warnings (the scores do not depend on the deal, but a
    director must look): a board with results and no deal; a line whose lead the leader (declarer's left-hand
    opponent, Law 54A) does not hold – the declarer, the lead or the board number is wrong, and a wrong declarer
    changes the score.  The reader reports a deal whose dealer or vulnerability disagrees with its board number
    (Law 2); those problems are kept with the event's.  The lines are checked on the columns: each distinct
    (board, declarer, lead) once, so a large event builds line objects only for the lines reported."""
    import numpy as np

    from bridgescore.core.cards import parse_card
    from bridgescore.io.lead_order import settle_lead_order

    given = next(iter(records.deals.values()), None)
    hand_record = name or Path(_file_of(given)).name
    problems: list[Problem] = list(records.problems)
    deals = dict(event.deals)
    for number, record in records.deals.items():
        own = deals.get(number)
        if own is not None and own.hands != record.hands:
            problems.append(
                Problem.make(
                    own.source or Location(_file_of(own)),
                    "board %(board)d: the deal in this file is not the one in the hand record %(file)s; the hand "
                    "record's is used",
                    Severity.WARNING,
                    board=number,
                    file=hand_record,
                )
            )
        deals[number] = record
    # a lead that reads two ways (KH) is read by the hand record before the leads are checked against it
    event = settle_lead_order(replace(event, deals=MappingProxyType(deals)), hand_record)
    table = event.table
    if len(table) and records.deals:  # a hand record that gives no deal at all is said once, by its own problem
        boards, first = np.unique(table.board, return_index=True)
        for number, row in zip(boards.tolist(), first.tolist(), strict=True):
            if number not in deals:
                problems.append(
                    Problem.make(
                        event.results[row].source or Location(hand_record),
                        "board %(board)d has results but no deal in the hand record %(file)s",
                        Severity.WARNING,
                        board=number,
                        file=hand_record,
                    )
                )
        rows = np.flatnonzero(table.lead.mask(bool) & (table.declarer >= 0))
        keys = np.stack([table.board[rows], table.declarer[rows].astype(np.int64), table.lead.codes[rows]], axis=1)
        distinct, which = np.unique(keys, axis=0, return_inverse=True)
        wrong = [
            i for i, (b, d, c) in enumerate(distinct.tolist()) if not _holds(deals.get(b), d, table.lead.labels[c])
        ]
        not_held = rows[np.isin(which.reshape(-1), wrong)].tolist()
        if len(not_held) >= _WRONG_RECORD_LINES and 2 * len(not_held) >= len(rows):
            # most leads not held: the wrong hand record (another session), rather than as many wrong lines
            problems.append(
                Problem.make(
                    Location(_file_of(given) if given is not None else hand_record),
                    "%(wrong)d of the %(checked)d opening leads on the travellers are not in the leader's hand on "
                    "these deals: is %(file)s the hand record of this session (the same boards, the same numbers)?",
                    Severity.WARNING,
                    wrong=len(not_held),
                    checked=len(rows),
                    file=hand_record,
                )
            )
        for i in not_held:
            result = event.results[i]
            card = parse_card(result.lead or "")
            assert card is not None and result.declarer is not None
            where = result.source or Location(hand_record)
            problems.append(
                Problem.make(
                    replace(where, field=where.field or "lead"),
                    "board %(board)d: the lead %(lead)s is not in the hand of %(leader)s, who leads against "
                    "%(declarer)s's contract on the deal in %(file)s; check the declarer, the lead and the board "
                    "number",
                    Severity.WARNING,
                    board=result.board,
                    lead=card.format(),
                    leader=result.declarer.lho.name,
                    declarer=result.declarer.name,
                    file=hand_record,
                )
            )
    return replace(event, deals=MappingProxyType(dict(sorted(deals.items()))), problems=(*event.problems, *problems))


#: From this many lines whose lead is not held (and at least half of the leads), :func:`join` says that the hand
#: record itself may be the wrong one: one wrong lead is a typing error, most of them another session's deals.
_WRONG_RECORD_LINES = 4


def _holds(deal: HandRecord | None, declarer: int, lead: str | None) -> bool:
    """Whether declarer's left-hand opponent holds the lead on ``deal`` (True when there is no deal or the lead
    is no card: nothing to check)."""
    from bridgescore.core.cards import parse_card
    from bridgescore.io.lead_order import held

    card = parse_card(lead or "")
    return deal is None or card is None or held(deal, declarer, card)


def _file_of(record: HandRecord | None) -> str:
    return record.source.file if record is not None and record.source is not None else "<input>"
