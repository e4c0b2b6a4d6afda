"""Files of rubber-bridge (or Chicago) deals as CSV: one line per deal, in the order played.

Columns (header names case-insensitive, English and Dutch synonyms): ``deal`` (optional deal number; the
line order is used without it), ``contract`` (``4SX``, ``3SA``, ``PASS``; a whole entry such as ``4SX-2`` or
``3NT E =`` is read too), ``rubber`` (optional: the number of the rubber in an evening of several; deal
numbers start again in each), ``declarer`` (N E S W, Dutch N O Z W), ``tricks`` (tricks taken 0-13, or ``=``,
``C``, ``+1``, ``-2``) and ``honours`` (optional: ``NS 100``, ``EW 150``, Dutch ``NZ 100``/``OW 150``).
Comma, semicolon and tab separated files are read.

Columns the reader does not know (a ``remarks`` column, the players' names) are kept on each line.
Every problem is reported, all of them, with file, line and column; a line with a problem is left out.
``play_lines`` writes the deals read on a sheet and reports, with its line, every deal the sheet refuses
(for example a deal after the rubber ended).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.contract import (
    Contract,
    ContractError,
    Seat,
    parse_contract,
    parse_contract_and_result,
)
from bridgescore.core.problems import Location, Problem, Severity, Value, shorten
from bridgescore.io.csv import header_key, read_file, read_records, too_large
from bridgescore.io.line import read_declarer, read_tricks, whole_number, worded_problem
from bridgescore.rubber.sheet import Deal, Honours, RubberError, RubberOptions, Sheet, parse_honours

__all__ = ["COLUMN_SYNONYMS", "DealFile", "DealLine", "load", "loads", "parse_entry", "play_lines", "play_rubbers"]

#: Header synonyms per field (compared after lower-casing and dropping spaces, dots, dashes and underscores).
COLUMN_SYNONYMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "deal": ("deal", "dealno", "dealnumber", "hand", "no", "nr", "number", "spel", "spelnummer", "board"),
        "contract": ("contract", "contr", "bid", "finalcontract"),
        "declarer": ("declarer", "decl", "by", "playedby", "leider", "door", "speler"),
        "tricks": ("tricks", "result", "res", "slagen", "resultaat", "made", "tricksmade", "tricks_taken"),
        "honours": ("honours", "honors", "honneurs", "hon"),
        "rubber": ("rubber", "robber", "rubberno", "rubbernumber", "robbernummer", "set", "chicago"),
    }
)


_SYNONYM_INDEX = {header_key(s): name for name, synonyms in COLUMN_SYNONYMS.items() for s in synonyms}


@dataclass(frozen=True, slots=True)
class DealLine:
    """A deal read from a file, with its number as written (None if the file has no ``deal`` column)."""

    deal: Deal
    number: int | None
    source: Location
    #: columns the reader does not know, kept as written (header -> text)
    extra: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: the rubber (or Chicago) this deal belongs to, from the optional ``rubber`` column; 1 without it
    rubber: int = 1


@dataclass(frozen=True, slots=True)
class DealFile:
    """The deals read from a file, in order, and every problem found."""

    lines: tuple[DealLine, ...]
    problems: tuple[Problem, ...] = ()
    #: True if the file numbers its rubbers (a ``rubber`` column): a session of several rubbers
    numbered_rubbers: bool = False

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems)


def load(path: str | Path) -> DealFile:
    """Read a file of deals."""
    text, problems = read_file(path)
    if text is None:
        return DealFile((), tuple(problems))
    try:
        read = loads(text, str(Path(path)))
    except MemoryError:
        del text
        return DealFile((), (too_large(str(Path(path))),))
    return DealFile(read.lines, tuple(problems) + read.problems, read.numbered_rubbers)


def loads(text: str, filename: str = "<input>") -> DealFile:
    """Read deals from CSV text; see the module docstring."""
    empty = DealFile((), (Problem.make(Location(filename), "the file is empty: there are no deals to score"),))
    if not text.strip():
        return empty
    problems: list[Problem] = []
    records = read_records(text, filename, problems)
    if not records:
        return DealFile((), tuple(problems)) if problems else empty
    header_line, header = records[0]
    index: dict[str, int] = {}
    extra: dict[str, int] = {}
    for i, name in enumerate(header):
        found = _SYNONYM_INDEX.get(header_key(name))
        if found is not None and found not in index:
            index[found] = i
        else:
            extra[name.strip() or f"column {i + 1}"] = i
    if "contract" not in index:
        return DealFile((), (*problems, Problem.make(Location(filename, header_line, "contract"),
                                                 "the header has no 'contract' column (found: %(found)s); "
                                                 "write deal,contract,declarer,tricks,honours",
                                                 found=shorten(", ".join(header)))))  # fmt: skip
    lines: list[DealLine] = []
    seen: dict[int, int] = {}
    redealt: set[int] = set()
    last_number = 0
    rubber = 1
    for line, row in records[1:]:
        deal_line, number, line_problems = _read_line(row, index, extra, filename, line)
        problems.extend(line_problems)
        rubber_text = row[index["rubber"]].strip() if "rubber" in index and index["rubber"] < len(row) else ""
        if rubber_text:
            rubber_number = _number(rubber_text)
            if rubber_number is None:
                problems.append(Problem.make(Location(filename, line, "rubber"),
                                             "rubber '%(text)s' is not a number; number rubbers from 1",
                                             text=shorten(rubber_text)))  # fmt: skip
                continue
            if rubber_number < rubber:
                problems.append(Problem.make(Location(filename, line, "rubber"),
                                             "rubber %(number)d comes after rubber %(before)d: write the rubbers "
                                             "in the order they were played",
                                             number=rubber_number, before=rubber))  # fmt: skip
                continue
            if rubber_number > rubber:  # a new rubber: its deals are numbered afresh
                rubber = rubber_number
                seen, redealt, last_number = {}, set(), 0
        if deal_line is not None:
            deal_line = replace(deal_line, rubber=rubber)
        passed = deal_line is not None and deal_line.deal.contract.is_passed_out
        if number is not None:
            if number in seen and number in redealt:
                redealt.discard(number)  # Chicago: a passed-out deal is redealt under the same number
            elif number in seen:
                problems.append(Problem.make(Location(filename, line, "deal"),
                                             "deal %(deal)d is on line %(before)d already",
                                             deal=number, before=seen[number]))  # fmt: skip
                continue
            if number < last_number:
                problems.append(Problem.make(Location(filename, line, "deal"),
                                             "deal %(deal)d comes after deal %(before)d: write the deals "
                                             "in the order they were played",
                                             deal=number, before=last_number))  # fmt: skip
                continue
            if number > last_number + 1:
                missing = str(last_number + 1) if number == last_number + 2 else f"{last_number + 1}-{number - 1}"
                problems.append(Problem.make(Location(filename, line, "deal"),
                                             "deal %(deal)d follows deal %(before)d: deal %(missing)s is "
                                             "missing (write a passed-out deal as PASS)",
                                             Severity.WARNING, deal=number, before=last_number,
                                             missing=missing))  # fmt: skip
            seen[number] = line
            last_number = number
            if passed:
                redealt.add(number)
        if deal_line is not None:
            lines.append(deal_line)
    if len(records) == 1:  # only a header: nothing to write on a sheet (refused lines say so themselves)
        problems.append(Problem.make(Location(filename), "no deals to score in %(file)s", file=Path(filename).name))
    return DealFile(tuple(lines), tuple(problems), "rubber" in index)


def _read_line(
    row: Sequence[str], index: Mapping[str, int], extra: Mapping[str, int], filename: str, line: int
) -> tuple[DealLine | None, int | None, list[Problem]]:
    problems: list[Problem] = []

    def get(name: str) -> str:
        i = index.get(name)
        return row[i].strip() if i is not None and i < len(row) else ""

    def bad(name: str, message: str, **values: Value) -> None:
        problems.append(Problem(Location(filename, line, name), message, Severity.ERROR, tuple(values.items())))

    def wrong(name: str, error: str | Exception) -> None:  # a ContractError's or RubberError's sentence
        problems.append(worded_problem(Location(filename, line, name), error))

    number: int | None = None
    deal_text = get("deal")
    if "deal" in index:
        if not deal_text:
            bad("deal", "deal number missing")
        elif _number(deal_text) is None:
            bad("deal", "deal '%(text)s' is not a deal number; deals are numbered from 1", text=shorten(deal_text))
        else:
            number = _number(deal_text)

    contract_text, declarer_text, tricks_text = get("contract"), get("declarer"), get("tricks")
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    try:
        contract = parse_contract(contract_text)
    except ContractError as first:
        try:
            contract, declarer, tricks = parse_contract_and_result(contract_text)
        except ContractError:
            wrong("contract", first)
    honours: Honours | None = None
    honours_text = get("honours")
    if re.search(r"\d{19}", honours_text):  # int() refuses numbers of over 4,300 digits; honours are 100 or 150
        wrong("honours", f"'{honours_text}': write the honours as 100 or 150 (or '4 aces', '4 honours', '5 honours')")
    else:
        try:
            honours = parse_honours(honours_text)
        except RubberError as err:
            wrong("honours", err)

    if contract is not None and contract.is_passed_out:
        if honours is not None:
            wrong("honours", "a passed-out deal has no honours: there is no trump suit and no no-trump contract")
        tricks = None
        declarer = None
    elif contract is not None:
        declarer, why = read_declarer(contract, declarer_text, declarer, "; write N, E, S or W (Dutch N, O, Z or W)")
        if why:
            wrong("declarer", why)
        tricks, why = read_tricks(contract, tricks_text, tricks, "; write the tricks taken (0-13) or =, +1, -2")
        if why:
            wrong("tricks", why)
        if honours is not None:
            try:
                honours.resolve(contract)
            except RubberError as err:
                wrong("honours", err)
    if problems or contract is None:
        return None, number, problems
    deal = Deal(contract, declarer, tricks, honours)
    kept = MappingProxyType({name: row[i] for name, i in extra.items() if i < len(row)})
    return DealLine(deal, number, Location(filename, line), kept), number, problems


def play_lines(lines: Iterable[DealLine], options: RubberOptions | None = None) -> tuple[Sheet, list[Problem]]:
    """Write the deals on a new sheet in order; a deal the sheet refuses is reported with its line and left
    out, and the others are still written (so every problem of a file is found in one run)."""
    sheet = Sheet.new(options)
    problems: list[Problem] = []
    for item in lines:
        try:
            sheet = sheet.play(item.deal)
        except RubberError as err:
            where = Location(item.source.file, item.source.line, "deal" if sheet.finished else "contract")
            hint = " (several rubbers in one file are numbered in a 'rubber' column)" if sheet.finished else ""
            problems.append(worded_problem(where, f"{err}{hint}"))
    return sheet, problems


def _number(text: str) -> int | None:
    """A deal's or rubber's number, from 1 (ASCII digits; None where the text is none, or of over 18 digits)."""
    value = whole_number(text) if text.isascii() and text.isdigit() else None
    return value if value is not None and value >= 1 else None


_PASS = {"pass", "p", "pas", "passed out", "all pass", "gepast", "-"}
_HONOURS_SPLIT = re.compile(r"\s+(?:hon|honours|honors|honneurs)\s*:?\s+", re.IGNORECASE)


def parse_entry(text: str) -> Deal:
    """Read one deal typed at the table: ``4S S 10``, ``4SX E -1``, ``3NT N =``, Dutch ``3SA Z C``, with
    honours after ``hon``: ``4S S = hon NS 100``; ``PASS`` for a passed-out deal.  ``RubberError`` if the
    entry cannot be read or the deal cannot have happened."""
    raw = text.strip()
    if raw.lower() in _PASS:
        return Deal.passed_out()
    main, *rest = _HONOURS_SPLIT.split(raw, maxsplit=1)
    honours = parse_honours(rest[0]) if rest else None
    try:
        contract, declarer, tricks = parse_contract_and_result(main)
    except ContractError as err:
        raise RubberError(str(err)) from None
    if contract.is_passed_out:
        deal = Deal(contract, honours=honours)
    else:
        if declarer is None:
            raise RubberError(f"who declared {contract}? write e.g. {contract} S 10 or {contract} E -1")
        if tricks is None:
            raise RubberError(f"what was the result of {contract}? write e.g. {contract} {declarer.name} =")
        deal = Deal(contract, declarer, tricks, honours)
    deal.check()
    return deal


def play_rubbers(
    lines: Iterable[DealLine], options: RubberOptions | None = None
) -> tuple[tuple[Sheet, ...], list[Problem]]:
    """One sheet per rubber number, in order (a file without a ``rubber`` column is one rubber); the problems
    of every sheet, with their lines."""
    groups: dict[int, list[DealLine]] = {}
    for item in lines:
        groups.setdefault(item.rubber, []).append(item)
    sheets: list[Sheet] = []
    problems: list[Problem] = []
    for number in sorted(groups):
        sheet, found = play_lines(groups[number], options)
        sheets.append(sheet)
        problems.extend(found)
    return tuple(sheets), problems
