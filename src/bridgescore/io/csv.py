"""Traveller files as CSV: one line per table result.

Columns (header names case-insensitive, with common synonyms, English and Dutch): ``section`` (optional),
``board``, ``ns``, ``ew``, ``contract``, ``declarer``, ``result`` (tricks or relative), ``lead`` (optional),
``score`` (optional NS score; an ``ew_score`` column is read too) and ``remarks`` (optional: "N.G." for a
board not played, adjusted scores).  A line may carry only a score.  Comma, semicolon and tab separated files
are read, UTF-8 with or without BOM (Windows-1252 with a warning).

Problems are collected, all of them, with file, line and column: a line with an error is left out of the
event's results and named in ``Event.problems``; columns the reader does not know are kept on each result.
"""

from __future__ import annotations

import csv as _csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from bridgescore.contract import (
    Contract,
    ContractError,
    Notation,
    Seat,
    parse_contract,
    parse_contract_and_result,
    score,
    vulnerability_of_board,
)
from bridgescore.event import Event, Result, ResultStatus, sections_numbered_per_direction
from bridgescore.io.adjusted import canonical_adjustment
from bridgescore.io.line import read_declarer, read_tricks, whole_number
from bridgescore.problems import Location, Problem, Severity

__all__ = [
    "COLUMN_SYNONYMS",
    "NOT_PLAYED_WORDS",
    "header_key",
    "is_not_played",
    "load",
    "loads",
    "read_file",
    "read_records",
    "read_text",
]

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
    """A file's text as :func:`read_text` decodes it, or None with the problem (``what``: "the names file" …)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as err:
        return None, [Problem(Location(str(p)), f"cannot read {what}: {err.strerror}")]
    return read_text(data, str(p))


def read_text(data: bytes, filename: str) -> tuple[str | None, list[Problem]]:
    """Decode a file's bytes: UTF-8 (BOM or not), else Windows-1252 with a warning; binary files refused."""
    where = Location(filename)
    if not data.strip():
        return None, [Problem(where, "the file is empty: there are no traveller lines to read")]
    if b"\x00" in data[:4096]:
        return None, [Problem(where, "this is not a text file (it holds binary data); export the travellers as CSV")]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
        warn = Problem(
            where, "the file is not UTF-8; read as Windows-1252 (check names with accents)", Severity.WARNING
        )
        return text, [warn]


@dataclass(frozen=True)
class _Columns:
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


def _map_header(header: Sequence[str], where: Location) -> tuple[_Columns, list[Problem]]:
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
                Problem(
                    Location(where.file, where.line, needed),
                    f"the header has no '{needed}' column (found: {', '.join(header)})",
                )
            )
    if "contract" not in index and "score" not in index and "ew_score" not in index and "result" not in index:
        problems.append(
            Problem(
                Location(where.file, where.line, "contract"),
                "the header has neither a 'contract' nor a 'score' column",
            )
        )
    return _Columns(index, extra, header), problems


def _sniff(text: str) -> str:
    first = text.splitlines()[0] if text else ""
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    return max(counts, key=lambda d: counts[d]) if any(counts.values()) else ","


def loads(
    text: str, filename: str = "<input>", notation: Notation = "en", *, pairs_per_direction: bool | None = None
) -> Event:
    """Read traveller lines from text; see the module docstring for columns and problems.

    ``pairs_per_direction``: NS 1 and EW 1 are two pairs (a Mitchell numbered per direction, as ACBLscore does),
    so a line with the same number on both sides is no mistake, and a pair is identified by number and direction
    when looking for a pair that plays a board twice.  ``None`` (the default) recognises it per section from the
    data (:func:`bridgescore.event.sections_numbered_per_direction`) and says so in a warning.
    """
    problems: list[Problem] = []
    if not text.strip():
        return Event((), problems=(Problem(Location(filename), "the file is empty: there are no traveller lines"),))
    records = read_records(text)
    if not records:
        return Event((), problems=(Problem(Location(filename), "the file is empty: there are no traveller lines"),))
    columns, header_problems = _map_header(records[0][1], Location(filename, records[0][0]))
    if header_problems:
        return Event((), problems=tuple(header_problems))
    read: list[Result] = []
    ew_views: dict[str, list[Result]] = {"ew": [], "ns": []}
    for line, row in records[1:]:
        result, line_problems, ew_view = _read_line(row, columns, filename, line, notation)
        problems.extend(line_problems)
        if result is not None:
            read.append(result)
            if ew_view:
                ew_views[ew_view].append(result)
    read = _one_ew_convention(read, ew_views, problems)
    if pairs_per_direction is None:
        per_direction = sections_numbered_per_direction(read)
        for section in sorted(per_direction):
            where = f"section {section}" if section else "this file"
            problems.append(
                Problem(
                    Location(filename),
                    f"the pairs of {where} are numbered per direction (NS 1 and EW 1 are two pairs, as in a Mitchell "
                    "scored by ACBLscore), so they are read that way; give --movement howell if every pair has a "
                    "number of its own",
                    Severity.WARNING,
                )
            )
    else:
        per_direction = frozenset(r.section for r in read) if pairs_per_direction else frozenset()
    results = _one_line_per_table(read, per_direction, problems)
    problems.sort(key=lambda p: p.location.line or 0)
    return Event(tuple(results), problems=tuple(problems))


def _one_ew_convention(read: list[Result], views: dict[str, list[Result]], problems: list[Problem]) -> list[Result]:
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
        problems.append(
            Problem(
                Location(where.file, where.line, "ew_score"),
                f"the EW score {written:+d} has the wrong sign: on most lines of this file the EW column holds "
                f"{'East-West' if majority == 'ew' else 'North-South'}'s score, and {r.describe_contract()} on "
                f"board {r.board} scores {r.ns_score:+d} for North-South",
            )
        )
    dropped = {id(r) for r in wrong}
    return [r for r in read if id(r) not in dropped]


def _one_line_per_table(read: list[Result], per_direction: frozenset[str], problems: list[Problem]) -> list[Result]:
    """Drop, and report, duplicate lines, a pair on both sides of a line and a pair playing a board twice."""
    results: list[Result] = []
    seen_tables: dict[tuple[str, int, str, str], int] = {}
    seen_pairs: dict[tuple[str, int, str], tuple[int, str]] = {}  # → (line, side) where the pair played it
    for result in read:
        where = result.source or Location("<input>")
        line = where.line or 0
        two_lines = result.section in per_direction
        if result.ns_pair == result.ew_pair and not two_lines:
            problems.append(
                Problem(
                    Location(where.file, line, "ew"),
                    f"pair {result.ns_pair} is written as both North-South and East-West{_PER_DIRECTION_HINT}",
                )
            )
            continue
        table = (result.section, result.board, result.ns_pair, result.ew_pair)
        if table in seen_tables:
            problems.append(
                Problem(
                    Location(where.file, line),
                    f"board {result.board}: {result.ns_pair} against {result.ew_pair} is on line "
                    f"{seen_tables[table]} already (a duplicate line)",
                )
            )
            continue
        seen_tables[table] = line
        sides = (("NS", result.ns_pair), ("EW", result.ew_pair))
        keys = [(result.section, result.board, side + pair if two_lines else pair) for side, pair in sides]
        twice = [(key, side, pair) for key, (side, pair) in zip(keys, sides, strict=True) if key in seen_pairs]
        if twice:
            key, side, pair = twice[0]
            before, before_side = seen_pairs[key]
            hint = _PER_DIRECTION_HINT if before_side != side else ""
            problems.append(
                Problem(
                    Location(where.file, line),
                    f"board {result.board}: pair {pair} played it already on line {before}{hint}",
                )
            )
            continue
        for key, (side, _) in zip(keys, sides, strict=True):
            seen_pairs[key] = (line, side)
        results.append(result)
    return results


_ADJUSTED_HINT = " (an adjusted score goes in the remarks column, e.g. A60/40, A+, AVE- or G+)"
_PER_DIRECTION_HINT = (
    " (if pairs are numbered per direction, NS 1 and EW 1 being two pairs as in a Mitchell, give --movement mitchell)"
)


def read_records(text: str) -> list[tuple[int, list[str]]]:
    """Each CSV record that is not blank, with the physical line it starts on (a record may span lines inside
    quotes); comma, semicolon or tab separated, whichever the first line holds most of."""
    reader = _csv.reader(io.StringIO(text), delimiter=_sniff(text))
    out: list[tuple[int, list[str]]] = []
    previous_end = 0
    for row in reader:
        if any(cell.strip() for cell in row):
            out.append((previous_end + 1, row))
        previous_end = reader.line_num
    return out


def load(path: str | Path, notation: Notation = "en", *, pairs_per_direction: bool | None = None) -> Event:
    """Read a traveller file."""
    text, problems = read_file(path)
    if text is None:
        return Event((), problems=tuple(problems))
    event = loads(text, str(Path(path)), notation, pairs_per_direction=pairs_per_direction)
    return Event(event.results, event.names, event.title, tuple(problems) + event.problems)


def _read_line(
    row: Sequence[str], cols: _Columns, filename: str, line: int, notation: Notation
) -> tuple[Result | None, list[Problem], str | None]:
    """One line: the result (None where it has an error), its problems, and how its EW score column read
    ("ew": EW's own score, "ns": NS's score printed in the EW column) where only that column is written."""
    problems: list[Problem] = []

    def bad(field: str, message: str) -> None:
        problems.append(Problem(Location(filename, line, field), message))

    board_text = cols.get(row, "board")
    board = 0
    number = whole_number(board_text) if board_text[:1] not in ("+", "-") else None
    if not board_text:
        bad("board", "board number missing")
    elif number is None or number < 1:
        bad("board", f"board '{board_text}' does not exist; boards are numbered from 1")
    else:
        board = number
    ns, ew = cols.pair(row, "ns"), cols.pair(row, "ew")
    if not ns:
        bad("ns", "North-South pair missing")
    if not ew:
        bad("ew", "East-West pair missing")
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
            bad("contract", f"{err}{hint}")
        if contract is not None and contract.is_passed_out:
            status = ResultStatus.PASSED_OUT
            tricks = None
        elif contract is not None:
            declarer, wrong = read_declarer(contract, declarer_text, declarer)
            if wrong:
                bad("declarer", wrong)
            tricks, wrong = read_tricks(contract, result_text, tricks)
            if wrong:
                bad("result", wrong)

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
                f"the score {ns_score:+d} does not match {contract} {declarer.name if declarer else ''} "
                f"taking {tricks} tricks on board {board}, which scores {computed:+d} for North-South",
            )
        ns_score = computed
    if problems:
        return None, problems, None
    kept = {name: row[i] for name, i in cols.extra.items() if i < len(row)}
    beyond = [i for i in range(len(cols.headers), len(row)) if row[i].strip()]
    if beyond:  # values past the header's last column (an unquoted comma in a name?): kept, and said
        kept.update({f"column {i + 1}": row[i] for i in beyond})
        problems.append(
            Problem(
                Location(filename, line, f"column {beyond[0] + 1}"),
                f"the line has {len(row)} values but the header names {len(cols.headers)} columns; the values "
                f"past the last column ({', '.join(row[i].strip() for i in beyond)}) are kept but not read "
                "(a comma inside a name needs quotes)",
                Severity.WARNING,
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


def _read_score(score_text: str, ew_score_text: str, report: Callable[[str, str], None]) -> int | None:
    """The NS score from the ``score`` column, or the negated ``ew_score`` where only that is written."""
    for text, field, sign in ((score_text, "score", 1), (ew_score_text, "ew_score", -1)):
        if not text:
            continue
        value = whole_number(text.replace("−", "-").replace(" ", ""))
        if value is not None:
            return sign * value
        report(field, f"'{text}' is not a score; write a whole number such as 420 or -50")
        return None
    return None
