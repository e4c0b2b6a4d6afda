"""The careful, line-by-line reading of a traveller CSV (:mod:`bridgescore.io.csv` is the whole reader): the
header's columns and their synonyms, each line read with Python's CSV module and checked field by field, and the
checks across lines (one line per table, one East-West convention). The columnar reader
(:mod:`bridgescore.io.csv_columns`) and Bridgemate's reader (:mod:`bridgescore.io.bws`) share these, so they sit
below the reader that chooses between them (issue 20: no import cycle)."""

from __future__ import annotations

import csv as _csv
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.contract import (
    Contract,
    ContractError,
    Notation,
    Seat,
    parse_contract,
    parse_contract_and_result,
    score,
    vulnerability_of_board,
)
from bridgescore.core.event import Event, EventForm, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.core.i18n import N_
from bridgescore.core.problems import FieldKind, Location, Problem, Severity, Value, shorten
from bridgescore.io import files
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.line import (
    adjustment_beside_contract,
    numbered_per_direction,
    read_declarer,
    read_tricks,
    whole_number,
    worded_problem,
)

#: Header synonyms per field (compared after lower-casing and dropping spaces, dots, dashes and underscores).
#: Where two columns name one field, the synonym listed first wins and the other is kept as an unknown column:
#: BBO writes the NS score as ``points_ns`` beside a ``score`` column of percentages, KoPS writes ``score_ns``
#: beside ``points_ns`` of IMPs.  Without ``ns``/``ew`` columns, the players ``north``+``south`` and
#: ``east``+``west`` make the pairs (BBO's travellers, whose pairs are named ``north+south``).
COLUMN_SYNONYMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "section": ("section", "sect", "sec", "sectie", "lijn", "group", "groep"),
        "board": ("board", "bd", "brd", "boardno", "boardnumber", "deal", "spel", "spelnummer", "bord"),
        "ns": ("ns", "nspair", "pairns", "nspairnumber", "nz", "nzpaar", "paarnz", "ns_pair"),
        "ew": ("ew", "ewpair", "pairew", "ewpairnumber", "ow", "owpaar", "paarow", "ew_pair"),
        "north": ("north", "noord"),
        "south": ("south", "zuid"),
        "east": ("east", "oost"),
        "west": ("west",),
        "contract": ("contract", "contr", "bid", "finalcontract"),
        "declarer": ("declarer", "decl", "by", "playedby", "door", "leider", "speler"),
        "result": ("result", "res", "tricks", "resultaat", "slagen", "made"),
        "lead": ("lead", "openinglead", "ld", "uitkomst", "uitk"),
        "score": ("nsscore", "scorens", "scorenz", "nzscore", "pointsns", "nspoints", "score", "points"),
        "ew_score": ("ewscore", "scoreew", "scoreow", "owscore"),
        "remarks": ("remarks", "remark", "notes", "note", "comment", "comments", "opmerking", "opmerkingen",
                    "adjustment", "adjusted"),
    }
)  # fmt: skip


#: What a director writes for a board that was not played (seed 000: "N.G.", niet gespeeld).
NOT_PLAYED_WORDS = frozenset({"NG", "NP", "NOTPLAYED", "NIETGESPEELD", "NOPLAY"})


def is_not_played(text: str) -> bool:
    """True for "N.G.", "NG", "NP", "not played", "niet gespeeld" in any case and punctuation."""
    return re.sub(r"[\s._\-]", "", text).upper() in NOT_PLAYED_WORDS


def header_key(header: str) -> str:
    """A column header as compared with synonyms: lower case, without spaces, dots, dashes, underscores, slashes."""
    return re.sub(r"[\s._\-/]", "", header).lower()


_SYNONYM_RANK = {header_key(s): rank for names in COLUMN_SYNONYMS.values() for rank, s in enumerate(names)}


_SYNONYM_INDEX = {header_key(s): field for field, names in COLUMN_SYNONYMS.items() for s in names}


def read_file(path: str | Path, what: str = "the file") -> tuple[str | None, list[Problem]]:
    """A file's text as :func:`read_text` decodes it, or None with the problem (``what``: "the file" or "the names
    file")."""
    p = Path(path)
    try:
        data = files.read_bytes(p)
    except OSError as err:
        return None, [unreadable(str(p), err, names=what == "the names file")]
    except MemoryError:
        return None, [too_large(str(p))]
    return read_text(data, str(p))


#: The operating system's words for why a file cannot be read, as whole catalogue messages (so they read in
#: Dutch too); other reasons are filled into "cannot read the file: %(reason)s" as the system words them.
_UNREADABLE = {
    (False, "No such file or directory"): "cannot read the file: No such file or directory",
    (False, "Permission denied"): "cannot read the file: Permission denied",
    (False, "Is a directory"): "cannot read the file: Is a directory",
    (True, "No such file or directory"): "cannot read the names file: No such file or directory",
    (True, "Permission denied"): "cannot read the names file: Permission denied",
    (True, "Is a directory"): "cannot read the names file: Is a directory",
}


def unreadable(filename: str, err: OSError, *, names: bool = False) -> Problem:
    """The problem of a file the system cannot read, or one bridgescore does not read (:mod:`bridgescore.io.files`:
    not a regular file, too large); ``names``: it is the names file."""
    if isinstance(err, files.FileRefused):
        return err.problem(filename)
    reason = str(err.strerror or err)
    message = _UNREADABLE.get((names, reason))
    if message is not None:
        return Problem.make(Location(filename), message)
    general = "cannot read the names file: %(reason)s" if names else "cannot read the file: %(reason)s"
    return Problem.make(Location(filename), general, reason=shorten(reason))


def too_large(filename: str) -> Problem:
    """The problem of a file too large for this computer's memory (bridgescore holds an event in memory, some
    150 times the file's size)."""
    return Problem.make(
        Location(filename),
        "the file is too large to read in this computer's memory; split it (e.g. one file per section) and "
        "give the parts together",
    )


def read_text(data: bytes, filename: str) -> tuple[str | None, list[Problem]]:
    """Decode a file's bytes: UTF-8 (BOM or not), else Windows-1252 with a warning; binary files refused."""
    where = Location(filename)
    if not data.strip():
        return None, [Problem.make(where, "the file is empty: there are no traveller lines to read")]
    if b"\x00" in data[:4096]:
        return None, [
            Problem.make(where, "this is not a text file (it holds binary data); export the travellers as CSV")
        ]
    try:
        try:
            return data.decode("utf-8-sig"), []
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
            warn = Problem.make(
                where, "the file is not UTF-8; read as Windows-1252 (check names with accents)", Severity.WARNING
            )
            return text, [warn]
    except MemoryError:
        return None, [too_large(filename)]


@dataclass(frozen=True)
class Columns:
    """Where each field is in a line: ``index`` (field → column), ``extra`` (a column kept as it is, by its
    header), ``headers`` (the header line)."""

    index: Mapping[str, int]
    extra: Mapping[str, int]
    headers: Sequence[str]

    def get(self, row: Sequence[str], field: str) -> str:
        i = self.index.get(field)
        return row[i].strip() if i is not None and i < len(row) else ""

    def pair(self, row: Sequence[str], side: str) -> str:
        """The pair on one side: its number, or its two players ``north+south`` where only players are given."""
        if side in self.index:
            return self.get(row, side)
        first, second = ("north", "south") if side == "ns" else ("east", "west")
        players = [self.get(row, first), self.get(row, second)]
        return "+".join(players) if all(players) else ""


#: A player missing on a line whose pairs are made of players, by seat.
_PLAYER_MISSING = {
    "north": N_("North player missing"),
    "south": N_("South player missing"),
    "east": N_("East player missing"),
    "west": N_("West player missing"),
}


#: The player columns, by seat (``Result.extra`` keeps them under these names where they make the pairs).
SEATS = ("north", "south", "east", "west")


def map_header(header: Sequence[str], where: Location) -> tuple[Columns, list[Problem]]:
    index: dict[str, int] = {}
    extra: dict[str, int] = {}
    problems: list[Problem] = []
    chosen: dict[str, tuple[int, int]] = {}  # field → (synonym rank, column)
    for i, name in enumerate(header):
        key = header_key(name)
        field = _SYNONYM_INDEX.get(key)
        if field is not None and (field not in chosen or _SYNONYM_RANK[key] < chosen[field][0]):
            chosen[field] = (_SYNONYM_RANK[key], i)
    index.update({field: i for field, (_, i) in chosen.items()})
    taken = set(index.values())
    extra.update({name.strip() or f"column {i + 1}": i for i, name in enumerate(header) if i not in taken})
    for side, players in (("ns", ("north", "south")), ("ew", ("east", "west"))):
        if side not in index and all(p in index for p in players):
            continue  # the pair is made of its two players
        for p in players:
            if p in index:  # a lone player column says nothing about pairs: keep it as it is
                extra[header[index.pop(p)].strip()] = chosen[p][1]
    for needed in ("board", "ns", "ew"):
        if (
            needed not in index
            and not (needed == "ns" and "north" in index)
            and not (needed == "ew" and "east" in index)
        ):
            problems.append(
                Problem.make(
                    Location(where.file, where.line, needed),
                    "the header has no '%(column)s' column (found: %(found)s)",
                    column=needed,
                    found=shorten(", ".join(header)),
                )
            )
    if "contract" not in index and "score" not in index and "ew_score" not in index and "result" not in index:
        problems.append(
            Problem.make(
                Location(where.file, where.line, "contract"),
                "the header has neither a 'contract' nor a 'score' column",
            )
        )
    return Columns(index, extra, header), problems


def _sniff(text: str) -> str:
    """The separator the first line that is not blank holds most of: comma, semicolon or tab (comma if none)."""
    return delimiter_of(next((line for line in physical_lines(text) if line.strip()), ""))


def delimiter_of(first: str) -> str:
    """The separator a file's first line that is not blank holds most of: comma, semicolon or tab (comma if none)."""
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    return max(counts, key=lambda d: counts[d]) if any(counts.values()) else ","


def read_lines(
    records: Iterable[tuple[int, Sequence[str]]],
    columns: Columns,
    filename: str,
    notation: Notation,
    pairs_per_direction: bool | None,
    problems: list[Problem],
) -> Event:
    """The event of traveller lines (``(line, values)``) whose fields ``columns`` says where to find, with the
    ``problems`` found before and every problem of the lines (see :func:`loads`)."""
    read: list[Result] = []
    ew_views: dict[str, list[Result]] = {"ew": [], "ns": []}
    for line, row in records:
        result, line_problems, ew_view = read_line(row, columns, filename, line, notation)
        problems.extend(line_problems)
        if result is not None:
            read.append(result)
            if ew_view:
                ew_views[ew_view].append(result)
    read = one_ew_convention(read, ew_views, problems)
    if "ns" not in columns.index or "ew" not in columns.index:  # pairs made of their players: BBO usernames
        read = one_spelling_per_player(read, problems)
    if pairs_per_direction is None:
        per_direction = sections_numbered_per_direction(read)
        per_direction_warnings(per_direction, filename, problems)
    else:
        per_direction = frozenset(r.section for r in read) if pairs_per_direction else frozenset()
    results = one_line_per_table(read, per_direction, problems)
    problems.sort(key=lambda p: p.location.line or 0)
    form, sign = _form(results, columns)
    return Event(tuple(results), problems=tuple(problems), form=form, form_sign=sign)


def one_spelling_per_player(read: list[Result], problems: list[Problem]) -> list[Result]:
    """The lines with each player of a pair made of its players (``north+south``, BBO's travellers) written as the
    first line writes them, whatever the case: BBO usernames are case-insensitive (``Cheryl O`` and ``cheryl o``
    are one account), and two spellings split one pair into two, each with half its boards (issue 18).  A spelling
    read so is a warning at the first line that writes it.  Only the player columns of a traveller are folded so:
    a names file's names (``Jan`` and ``jan`` may be two people at a Dutch club) are compared as written."""
    first: dict[str, str] = {}
    spelled: dict[str, str] = {}  # a player as written → as read, for the spellings already seen

    def one(pair: str, where: Location, seats: tuple[str, str]) -> str:
        players = pair.split("+")
        if len(players) != 2:
            return pair
        out = []
        for player, seat in zip(players, seats, strict=True):
            if player not in spelled:
                read_as = first.setdefault(" ".join(player.split()).casefold(), player)
                spelled[player] = read_as
                if read_as != player:
                    problems.append(
                        Problem.make(
                            Location(where.file, where.line, seat),
                            "player '%(player)s' is read as '%(first)s', as an earlier line writes the name: BBO "
                            "usernames are one player whatever their case",
                            Severity.WARNING,
                            player=shorten(player),
                            first=shorten(read_as),
                        )
                    )
            out.append(spelled[player])
        return "+".join(out)

    kept: list[Result] = []
    for r in read:
        where = r.source or Location("<input>")
        ns, ew = one(r.ns_pair, where, ("north", "south")), one(r.ew_pair, where, ("east", "west"))
        kept.append(r if (ns, ew) == (r.ns_pair, r.ew_pair) else replace(r, ns_pair=ns, ew_pair=ew))
    return kept


def _form(results: Sequence[Result], columns: Columns) -> tuple[EventForm, str]:
    """An individual, where the pairs are made of the players (``north``, ``south``, ``east``, ``west`` columns, no
    pair numbers) and most players have more than one partner: in an individual every player changes partner
    each round, while in a pairs event (BBO's travellers name the pairs so) a partnership is broken only by a
    substitute.  ``score`` then refuses the file and points to ``bridgescore individual``."""
    if "ns" in columns.index or "ew" in columns.index or not all(seat in columns.index for seat in SEATS):
        return "pairs", ""
    partners: dict[str, set[str]] = {}
    for r in results:
        north, south, east, west = (r.extra.get(seat, "") for seat in SEATS)
        for a, b in ((north, south), (south, north), (east, west), (west, east)):
            if a and b:
                partners.setdefault(a, set()).add(b)
    changing = sum(1 for p in partners.values() if len(p) > 1)
    if partners and 2 * changing > len(partners):
        headers = ", ".join(columns.headers[columns.index[seat]].strip() for seat in SEATS)
        return "individual", shorten(headers)
    return "pairs", ""


def per_direction_warnings(per_direction: frozenset[str], filename: str, problems: list[Problem]) -> None:
    """The warning that the pairs of a section are taken as numbered per direction, one per section."""
    problems.extend(numbered_per_direction(filename, section) for section in sorted(per_direction))


def one_ew_convention(read: list[Result], views: dict[str, list[Result]], problems: list[Problem]) -> list[Result]:
    """A file writes its EW score column one way: as EW's score (JFR Pary) or as NS's (KoPS).  The way most of
    its lines agree with their contracts is the file's; a line that agrees only the other way is a mistake."""
    majority = "ew" if len(views["ew"]) >= len(views["ns"]) else "ns"
    wrong = views["ns" if majority == "ew" else "ew"]
    if not wrong:
        return read
    for r in wrong:
        where = r.source or Location("<input>")
        assert r.ns_score is not None
        written = r.ns_score if majority == "ew" else -r.ns_score
        message = (
            "the EW score %(written)+d has the wrong sign: on most lines of this file the EW column holds "
            "East-West's score, and %(contract)s on board %(board)d scores %(score)+d for North-South"
            if majority == "ew"
            else "the EW score %(written)+d has the wrong sign: on most lines of this file the EW column holds "
            "North-South's score, and %(contract)s on board %(board)d scores %(score)+d for North-South"
        )
        problems.append(
            Problem.make(
                Location(where.file, where.line, "ew_score"),
                message,
                written=written,
                contract=r.describe_contract(),
                board=r.board,
                score=r.ns_score,
            )
        )
    dropped = {id(r) for r in wrong}
    return [r for r in read if id(r) not in dropped]


def one_line_per_table(
    read: list[Result],
    per_direction: frozenset[str],
    problems: list[Problem],
    fields: tuple[str, str] = ("ns", "ew"),
    kind: FieldKind = FieldKind.COLUMN,
    sectioned: bool | None = None,
) -> list[Result]:
    """Drop, and report, duplicate lines, a pair on both sides of a line and a pair playing a board twice.

    A line that is a copy of an earlier one (the same table and the same result: an export concatenated, a game
    pasted twice) is an error at the copy, and the first is kept – they say the same.  A pair that plays a board
    on two lines that differ (a pair number typed wrong, a result entered twice differently) is an error at
    *every* one of those lines, and none of them is scored, also with ``--skip-invalid``: which line is right
    cannot be told from the file, and keeping the first scored the wrong one when the mistake was the earlier
    line (issue 18).  The director deletes (or corrects) the wrong line in the file and scores it again.
    ``fields`` names the two pair columns (``PairId_NS``/``PairId_EW`` in PBN, as ``kind`` says).

    In an event of more than one named section (``sectioned``; by default: ``read`` has lines of two) the messages
    name the section, ``section B, board 1: pair 2 …``: sections A and B each have a pair 2, and the director must
    know which one to look for, as the movement's and the checks' messages say it; an event of one section (and a
    line of no section) keeps its words."""
    if sectioned is None:
        sectioned = len({result.section for result in read} - {""}) > 1
    candidates: list[Result] = []
    seen_tables: dict[tuple[str, int, str, str], tuple[int, tuple[object, ...]]] = {}
    for result in read:
        where = result.source or Location("<input>")
        line = where.line or 0
        two_lines = result.section in per_direction
        if result.ns_pair == result.ew_pair and not two_lines:
            problems.append(
                Problem.make(
                    Location(where.file, line, fields[1], kind),
                    "pair %(pair)s is written as both North-South and East-West" + _PER_DIRECTION_HINT,
                    pair=result.ns_pair,
                )
            )
            continue
        table = (result.section, result.board, result.ns_pair, result.ew_pair)
        said = (result.status, result.contract, result.declarer, result.tricks, result.ns_score, result.remarks)
        if table in seen_tables and seen_tables[table][1] == said:
            problems.append(
                Problem.make(
                    Location(where.file, line, fields[0], kind),
                    _DUPLICATE_LINE[sectioned and bool(result.section)],
                    section=result.section,
                    board=result.board,
                    ns=result.ns_pair,
                    ew=result.ew_pair,
                    before=seen_tables[table][0],
                )
            )
            continue
        seen_tables.setdefault(table, (line, said))
        candidates.append(result)
    played: dict[tuple[str, int, str], list[tuple[int, str]]] = {}  # → (candidate, side) of each line it played
    for i, result in enumerate(candidates):
        two_lines = result.section in per_direction
        for side, pair in (("NS", result.ns_pair), ("EW", result.ew_pair)):
            played.setdefault((result.section, result.board, side + pair if two_lines else pair), []).append((i, side))
    refused: set[int] = set()
    for (_section, board, _key), at in played.items():
        if len(at) < 2:
            continue
        lines = [(candidates[i].source or Location("<input>")).line or 0 for i, _ in at]
        for (i, side), line in zip(at, lines, strict=True):
            if i in refused:
                continue
            refused.add(i)
            result = candidates[i]
            pair = result.ns_pair if side == "NS" else result.ew_pair
            problems.append(
                Problem.make(
                    Location((result.source or Location("<input>")).file, line, fields[side == "EW"], kind),
                    _PLAYED_TWICE[sectioned and bool(result.section), len({s for _, s in at}) > 1],
                    section=result.section,
                    board=board,
                    pair=pair,
                    lines=", ".join(str(n) for n in lines),
                )
            )
    return [result for i, result in enumerate(candidates) if i not in refused]


#: The largest board number read: the event's columns hold boards as 32-bit integers (``ResultTable``), and no
#: event has more boards; a number past it is reported as a board that does not exist, not a crash.
MAX_BOARD = 2**31 - 1


_ADJUSTED_HINT = " (an adjusted score goes in the remarks column, e.g. A60/40, A+, AVE- or G+)"


_PER_DIRECTION_HINT = (
    " (if pairs are numbered per direction, NS 1 and EW 1 being two pairs as in a Mitchell, give --movement mitchell)"
)

#: A line repeated, by whether the event has more than one section (see :func:`one_line_per_table`).
_DUPLICATE_LINE = {
    False: N_("board %(board)d: %(ns)s against %(ew)s is on line %(before)d already (a duplicate line)"),
    True: N_(
        "section %(section)s, board %(board)d: %(ns)s against %(ew)s is on line %(before)d already (a duplicate line)"
    ),
}

#: A pair on two lines of a board, by (more than one section, the pair on both sides: per-direction numbering?).
_PLAYED_TWICE = {
    (False, False): N_(
        "board %(board)d: pair %(pair)s plays it on more than one line (lines %(lines)s); which one is right cannot "
        "be told, so none of them is scored: delete or correct the wrong line and score again"
    ),
    (False, True): N_(
        "board %(board)d: pair %(pair)s plays it on more than one line (lines %(lines)s); which one is right cannot "
        "be told, so none of them is scored: delete or correct the wrong line and score again (if pairs are "
        "numbered per direction, NS 1 and EW 1 being two pairs as in a Mitchell, give --movement mitchell)"
    ),
    (True, False): N_(
        "section %(section)s, board %(board)d: pair %(pair)s plays it on more than one line (lines %(lines)s); "
        "which one is right cannot be told, so none of them is scored: delete or correct the wrong line and score "
        "again"
    ),
    (True, True): N_(
        "section %(section)s, board %(board)d: pair %(pair)s plays it on more than one line (lines %(lines)s); "
        "which one is right cannot be told, so none of them is scored: delete or correct the wrong line and score "
        "again (if pairs are numbered per direction, NS 1 and EW 1 being two pairs as in a Mitchell, give "
        "--movement mitchell)"
    ),
}


#: Physical line ends: a bare CR (old Mac files, some exports) ends a line as LF and CRLF do.
_LINE_END = re.compile(r"\r\n|\r|\n")


def physical_lines(text: str) -> list[str]:
    """The file's lines without their ends, a bare CR ending a line as LF and CRLF do (``str.splitlines``
    would also split at form feeds and U+2028, which a CSV file may hold inside a value)."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_records(
    text: str, filename: str = "<input>", problems: list[Problem] | None = None
) -> list[tuple[int, list[str]]]:
    """Each CSV record that is not blank, with the physical line it is on; comma, semicolon or tab separated,
    whichever the first line that is not blank holds most of.

    No file these readers take has a value spanning lines, so a record that does (a ``"`` opened and not closed
    on its line, which would swallow the lines after it into one value, and with them a whole second rubber) is
    an error at the line where the quote opened, added to ``problems``; that line is left out and the lines after
    it are read on their own.  A line the CSV module cannot read at all (a value over 131,072 characters) is
    reported the same way.  Without ``problems`` such lines are left out unreported."""
    lines = physical_lines(text)
    delimiter = _sniff(text)
    out: list[tuple[int, list[str]]] = []
    start = 0  # index of the next physical line to read
    while start < len(lines):
        reader = _csv.reader(iter(lines[start:]), delimiter=delimiter)
        previous_end = 0
        restart: int | None = None
        try:
            for row in reader:
                first = start + previous_end + 1  # the record's first line, 1-based
                if reader.line_num - previous_end > 1:
                    _unclosed_quote(filename, first, reader.line_num - previous_end, problems)
                    restart = first  # read again from the line after the one that opened the quote
                    break
                if any(cell.strip() for cell in row):
                    out.append((first, row))
                previous_end = reader.line_num
        except _csv.Error:
            first = start + previous_end + 1
            if reader.line_num - previous_end > 1:
                _unclosed_quote(filename, first, reader.line_num - previous_end, problems)
            elif problems is not None:
                problems.append(
                    Problem.make(
                        Location(filename, first),
                        "the line cannot be read: a value on it is longer than %(limit)s characters; the line is "
                        "left out",
                        limit="131,072",
                    )
                )
            restart = first
        if restart is None:
            break
        start = restart
    return out


def _unclosed_quote(filename: str, line: int, spanned: int, problems: list[Problem] | None) -> None:
    if problems is None:
        return
    problems.append(
        Problem.make(
            Location(filename, line),
            'a quote (") opens a value on this line that is not closed on it (it would take in %(count)d lines '
            "after it); the line is left out and the lines after it are read on their own: close the quote or "
            "delete it",
            count=spanned - 1,
        )
    )


def read_line(
    row: Sequence[str], cols: Columns, filename: str, line: int, notation: Notation
) -> tuple[Result | None, list[Problem], str | None]:
    """One line: the result (None where it has an error), its problems, and how its EW score column read
    ("ew": EW's own score, "ns": NS's score printed in the EW column) where only that column is written."""
    problems: list[Problem] = []

    def bad(field: str, message: str, **values: Value) -> None:
        problems.append(Problem(Location(filename, line, field), message, Severity.ERROR, tuple(values.items())))

    def wrong(field: str, error: str | Exception) -> None:  # a ContractError's sentence, or read_declarer's
        problems.append(worded_problem(Location(filename, line, field), error))

    board_text = cols.get(row, "board")
    board = 0
    number = whole_number(board_text) if board_text[:1] not in ("+", "-") else None
    if not board_text:
        bad("board", "board number missing")
    elif number is None or number < 1 or number > MAX_BOARD:
        bad("board", "board '%(text)s' does not exist; boards are numbered from 1", text=shorten(board_text))
    else:
        board = number
    ns, ew = cols.pair(row, "ns"), cols.pair(row, "ew")
    for side, pair, missing in (("ns", ns, "North-South pair missing"), ("ew", ew, "East-West pair missing")):
        if pair:
            continue
        players = ("north", "south") if side == "ns" else ("east", "west")
        if side in cols.index or not all(seat in cols.index for seat in players):
            bad(side, missing)
            continue
        # the pair is made of its players (BBO's travellers, an individual's): the player missing is named
        for seat in players:
            if not cols.get(row, seat):
                bad(cols.headers[cols.index[seat]].strip() or seat, _PLAYER_MISSING[seat])
    remarks = cols.get(row, "remarks")
    contract_text = cols.get(row, "contract")
    declarer_text = cols.get(row, "declarer")
    result_text = cols.get(row, "result")
    lead = cols.get(row, "lead") or None
    score_text = cols.get(row, "score")
    ew_score_text = cols.get(row, "ew_score")

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    status = ResultStatus.PLAYED
    extra_remarks = extra_score = ""
    result_is_entry = "contract" not in cols.index and not _looks_like_contract(result_text)
    has_contract = _looks_like_contract(contract_text) or ("contract" not in cols.index and not result_is_entry)
    written = None
    if not has_contract:  # a percentage beside a contract is no adjustment (BBO prints the line's % there)
        written = (
            canonical_adjustment(score_text)
            or canonical_adjustment(contract_text)
            or (canonical_adjustment(result_text) if result_is_entry else None)
        )
    if is_not_played(contract_text) or is_not_played(remarks) or is_not_played(score_text):
        status = ResultStatus.NOT_PLAYED
    elif written:
        # an adjusted score written where the score, the contract or a combined result goes (ACBLscore "AVE+",
        # "A60/40", Dutch "G+", BBO "A==" in its result column); what stood beside it is kept, not read as a score
        status = ResultStatus.ADJUSTED
        if remarks:
            extra_remarks = remarks
        if score_text and not canonical_adjustment(score_text):
            extra_score = score_text  # e.g. BBO's "N/A"
        remarks, score_text, contract_text = written, "", ""
        if result_is_entry:
            result_text = ""
        if canonical_adjustment(ew_score_text):
            ew_score_text = ""
    elif contract_text or ("contract" not in cols.index and _looks_like_contract(result_text)):
        combined = contract_text if contract_text else result_text
        try:
            if "contract" in cols.index:
                contract = parse_contract(contract_text, notation)
            else:
                contract, declarer, tricks = parse_contract_and_result(combined, notation)
                result_text = ""
        except ContractError as err:
            hint = "" if re.match(r"\s*\d", combined) else _ADJUSTED_HINT
            wrong("contract", f"{err}{hint}")
        if contract is not None and contract.is_passed_out:
            status = ResultStatus.PASSED_OUT
            tricks = None
        elif contract is not None:
            declarer, why = read_declarer(contract, declarer_text, declarer)
            if why:
                wrong("declarer", why)
            tricks, why = read_tricks(contract, result_text, tricks)
            if why:
                wrong("result", why)

    ns_score: int | None = None
    if status is not ResultStatus.NOT_PLAYED:
        ns_score = _read_score(score_text, ew_score_text, bad)
        if contract is None and ns_score is None and not problems:
            if remarks:
                status = ResultStatus.ADJUSTED
            else:
                bad("contract", "neither a contract nor a score is written on this line")
    ew_view: str | None = None
    if contract is not None and board and not problems:
        computed = score(contract, declarer, vulnerability_of_board(board), tricks)
        if ns_score is not None and not score_text and ew_score_text:
            # only the EW column is written: EW's own view (JFR Pary: EW +50), or NS's score printed in the EW
            # column (KoPS: -460 when EW made 460); the file's majority decides (see loads)
            ew_view = "ew" if ns_score == computed else "ns" if -ns_score == computed else None
            if ew_view:
                ns_score = computed
        if ns_score is not None and ns_score != computed:
            field = "score" if score_text else "ew_score"
            bad(
                field,
                "the score %(written)+d does not match %(contract)s %(declarer)s taking %(tricks)s tricks on board "
                "%(board)d, which scores %(score)+d for North-South",
                written=ns_score,
                contract=str(contract),
                declarer=declarer.name if declarer else "",
                tricks=str(tricks),
                board=board,
                score=computed,
            )
        ns_score = computed
    if problems:
        return None, problems, None
    if contract is not None:
        beside = adjustment_beside_contract(Location(filename, line, "remarks"), remarks, contract)
        if beside is not None:
            problems.append(beside)
    kept = {name: row[i] for name, i in cols.extra.items() if i < len(row)}
    for seat in SEATS:  # the players the pairs are made of, by seat: an individual credits each of them
        if seat in cols.index:
            kept[seat] = cols.get(row, seat)
    beyond = [i for i in range(len(cols.headers), len(row)) if row[i].strip()]
    if beyond:  # values past the header's last column (an unquoted comma in a name?): kept, and said
        kept.update({f"column {i + 1}": row[i] for i in beyond})
        problems.append(
            Problem.make(
                Location(filename, line, f"column {beyond[0] + 1}"),
                "the line has %(count)d values but the header names %(columns)d columns; the values past the last "
                "column (%(values)s) are kept but not read (a comma inside a name needs quotes)",
                Severity.WARNING,
                count=len(row),
                columns=len(cols.headers),
                values=shorten(", ".join(row[i].strip() for i in beyond)),
            )
        )
    if extra_remarks:
        kept["remarks"] = extra_remarks  # the remarks column's own text, beside the adjustment read elsewhere
    if extra_score:
        kept["score"] = extra_score
    if contract is None and declarer_text:
        kept["declarer"] = declarer_text  # a declarer without a contract: a weighted score's parts may need it
    extra = MappingProxyType(kept)
    return (
        Result(
            board=board,
            ns_pair=ns,
            ew_pair=ew,
            status=status,
            section=cols.get(row, "section"),
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            lead=lead,
            ns_score=ns_score,
            remarks=remarks,
            extra=extra,
            source=Location(filename, line),
        ),
        problems,
        ew_view,
    )


def _looks_like_contract(text: str) -> bool:
    return bool(re.match(r"^\s*(\d\s*\D|pass\b|pas\b|p\s*$)", text, re.I))


def _read_score(score_text: str, ew_score_text: str, report: Callable[..., None]) -> int | None:
    """The NS score from the ``score`` column, or the negated ``ew_score`` where only that is written."""
    for text, field, sign in ((score_text, "score", 1), (ew_score_text, "ew_score", -1)):
        if not text:
            continue
        value = whole_number(text.replace("−", "-").replace(" ", ""))
        if value is not None:
            return sign * value
        report(field, "'%(text)s' is not a score; write a whole number such as 420 or -50", text=shorten(text))
        return None
    return None
