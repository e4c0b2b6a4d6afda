"""What the readers share about a traveller line's contract fields: the declarer, the tricks, and the reading
of a line's contract, declarer, result and score that the PBN and USEBIO readers turn into a ``Result``.

Each reader finds the fields its own way (CSV columns, PBN tags and score-table columns, USEBIO elements, a
rubber deal's columns) and words where a problem is; the words of what is wrong with the declarer or the
result are the same in every reader.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from bridgescore.core.adjustments import looks_weighted, parse_adjustment
from bridgescore.core.contract import Contract, ContractError, Seat, parse_result
from bridgescore.core.event import Result, ResultStatus
from bridgescore.core.problems import Location, Problem, Severity, shorten

__all__ = [
    "ERROR_MESSAGES",
    "LineReading",
    "adjustment_beside_contract",
    "decimal_number",
    "numbered_per_direction",
    "read_declarer",
    "read_tricks",
    "whole_number",
    "worded_problem",
]

#: The sentences of ``ContractError`` and ``RubberError`` (contract.py, rubber.py) and of :func:`read_declarer`
#: and :func:`read_tricks` as catalogue messages: a reader that reports such an error as a problem turns its
#: sentence back into the message and its values (:func:`worded_problem`), so that the problem reads in Dutch
#: and the text echoed in it is shortened.  Checked from the first to the last; ``%(text)s`` is what the file
#: holds (shortened), the other values are the program's own words or numbers.
ERROR_MESSAGES: tuple[str, ...] = (
    "'%(text)s' is not a contract; write e.g. 4S, 3NT, 2HX, 6SAXX or PASS (an adjusted score goes in the "
    "remarks column, e.g. A60/40, A+, AVE- or G+)",
    "'%(text)s' is not a contract; write e.g. 4S, 3NT, 2HX, 6SAXX or PASS",
    "'%(text)s': level %(level)s does not exist; contracts are 1 to 7",
    "'%(text)s' has no strain; write e.g. %(level)sS, %(level)sNT or %(level)sSA",
    "'%(text)s' is not a declarer; write N, E, S or W (Dutch N, O, Z or W)",
    "'%(text)s' is not a result; write tricks taken (0-13) or =, C, +1, -2",
    "a passed-out board has no result, but '%(text)s' was given",
    "'%(text)s' is not an honours claim; write the side and the points, e.g. NS 100 or EW 150",
    "'%(text)s': '%(side)s' is not a side; write NS or EW (Dutch NZ or OW) before the points",
    "'%(text)s': write the honours as 100 or 150 (or '4 aces', '4 honours', '5 honours')",
    "declarer missing",
    "contract missing",
    "contract %(contract)s has no declarer; write N, E, S or W (Dutch N, O, Z or W)",
    "contract %(contract)s has no declarer; write N, E, S or W",
    "contract %(contract)s has no declarer",
    "contract %(contract)s has no result; write the tricks taken (0-13) or =, +1, -2",
    "contract %(contract)s has no result",
    "%(tricks)s tricks is impossible; declarer takes 0 to 13 tricks",
    "%(contract)s is impossible: declarer takes 0 to 13 tricks",
    "%(entry)s is impossible: %(contract)s can make at most %(count)s overtricks",
    "%(entry)s is impossible: %(contract)s can go at most %(count)s down",
    "level %(level)s does not exist; contracts are 1 to 7",
    "a contract needs a strain (C, D, H, S or NT)",
    "a passed-out board has no strain and no double",
    "board %(board)s does not exist; boards are numbered from 1",
    "a passed-out deal has no honours: there is no trump suit and no no-trump contract",
    "honours of %(points)s do not exist: four trump honours in one hand score 100, all five 150, four aces in one "
    "hand at no-trump 150 (Law 81)",
    "four trump honours score 100, not %(points)s (Law 81)",
    "five trump honours score 150, not %(points)s (Law 81)",
    "four aces score 150, not %(points)s (Law 81)",
    "four trump honours do not exist at no-trump (%(contract)s): there are no trumps; at no-trump only four aces "
    "in one hand count, 150 (Law 81)",
    "five trump honours do not exist at no-trump (%(contract)s): there are no trumps; at no-trump only four aces "
    "in one hand count, 150 (Law 81)",
    "four aces count only at no-trump, not at %(contract)s; in a suit contract only four (100) or five (150) trump "
    "honours in one hand count (Law 81)",
    "the Chicago is over: four deals have been played; start a new sheet (several rubbers in one file are "
    "numbered in a 'rubber' column)",
    "the rubber is over: %(side)s won two games (deal %(deal)s); start a new rubber (several rubbers in one file "
    "are numbered in a 'rubber' column)",
    "the Chicago is over: four deals have been played; start a new sheet",
    "the rubber is over: %(side)s won two games (deal %(deal)s); start a new rubber",
)

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _pattern(message: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(message)  # text, name, text, name, … text
    seen: set[str] = set()
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        elif part in seen:
            out.append(f"(?P={part})")
        else:
            seen.add(part)
            out.append(f"(?P<{part}>.*?)")
    return re.compile("".join(out), re.DOTALL)


_PATTERNS = tuple((message, _pattern(message)) for message in ERROR_MESSAGES)


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    for message, pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return message, tuple((k, shorten(v)) for k, v in m.groupdict().items())  # any may echo the file
    return None


def worded_problem(where: Location, error: str | Exception, severity: Severity = Severity.ERROR) -> Problem:
    """The problem of an error's sentence (a ``ContractError``, a ``RubberError``, the words of
    :func:`read_declarer`): as its catalogue message with its values where it is one of :data:`ERROR_MESSAGES`
    (so it reads in Dutch, and what the file holds is shortened), else as it is."""
    text = str(error)
    found = _words(text)
    if found is None:
        return Problem(where, text, severity)
    message, values = found
    return Problem(where, message, severity, values)


def adjustment_beside_contract(where: Location, remarks: str, contract: Contract) -> Problem | None:
    """A warning where the remarks beside a contract played (or passed out) hold an adjusted score (``A60``,
    ``AVE+``, ``R420``): the scoring methods score the line as that adjustment
    (:func:`bridgescore.core.adjustments.parse_adjustment`, Law 12C: the director's adjusted score replaces the
    result obtained at the table), which a director who wrote ``A60`` as a note, or left it from an earlier
    version of the line, would not see; None where the remarks are no adjustment.  A weighted score
    (``50% 4S= + 50% 4S-1``, Law 12C1(c)) is taken over the contract the same way
    (:func:`bridgescore.pairs.scored.read_adjustment`), so it is warned of too."""
    if not remarks or (parse_adjustment(remarks) is None and not looks_weighted(remarks)):
        return None
    return Problem.make(
        where,
        "the remark '%(remark)s' beside the contract %(contract)s is an adjusted score: the line is scored as "
        "that adjustment, not as the contract played; clear the remark to score the contract, or the contract to "
        "keep the adjustment",
        Severity.WARNING,
        remark=shorten(remarks),
        contract=str(contract),
    )


#: More digits than any board, trick count or score has; Python refuses to convert numbers of over 4,300 digits.
_MAX_DIGITS = 18


def whole_number(text: str) -> int | None:
    """The whole number written in ``text`` (digits, an optional sign; any script's decimal digits), or None
    where it is not one: ``str.isdigit`` also accepts ``²``, which ``int`` refuses, and a number of thousands of
    digits cannot be converted at all."""
    digits = text.strip()
    unsigned = digits[1:] if digits[:1] in ("+", "-") else digits
    if not unsigned.isdecimal() or len(unsigned) > _MAX_DIGITS:
        return None
    return int(digits)


_DECIMAL = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")


def decimal_number(text: str) -> float | None:
    """The decimal number written in ``text`` (a point or a comma for the decimals, an optional sign), or None where
    it is not one (text, ``inf``, ``nan``, an exponent, more digits than any score has: a director writes none of
    these).  IMPs, VPs and carry-overs are read with it."""
    written = text.strip()
    if not _DECIMAL.fullmatch(written) or len(written) > 2 * _MAX_DIGITS:
        return None
    if len(re.split(r"[.,]", written.lstrip("+-"))[0]) > _MAX_DIGITS:  # 30 digits stopped the VP table and the
        return None  # teams carry-over with a traceback (Decimal cannot round them to two decimals)
    value = float(written.replace(",", "."))
    return value if math.isfinite(value) else None


def read_declarer(
    contract: Contract, text: str, given: Seat | None = None, hint: str = ""
) -> tuple[Seat | None, str | None]:
    """The declarer written in ``text`` (N E S W, Dutch N O Z W), else ``given`` (read from a whole entry such
    as ``4S N =``), with what is wrong where there is none: the seat cannot be read, or no declarer is written
    (``hint`` is added to that message: how to write one)."""
    if text:
        try:
            return Seat.parse(text), None
        except ContractError as err:
            return None, str(err)
    if given is None:
        return None, f"contract {contract} has no declarer{hint}"
    return given, None


def read_tricks(
    contract: Contract, text: str, given: int | None = None, hint: str = ""
) -> tuple[int | None, str | None]:
    """The tricks taken from a result written in ``text`` (``10``, ``=``, ``C``, ``+1``, ``-2``: see
    :func:`bridgescore.core.contract.parse_result`), else ``given``, with what is wrong where there are none (``hint``
    is added to the message that no result is written)."""
    if text:
        try:
            return parse_result(text, contract), None
        except ContractError as err:
            return None, str(err)
    if given is None:
        return None, f"contract {contract} has no result{hint}"
    return given, None


@dataclass(frozen=True)
class LineReading:
    """What a line's contract, declarer, result and score fields say, with the problems found in them as
    (field, words, severity); the field is the reader's own key (``"score"``, ``"SCORE"`` …)."""

    status: ResultStatus
    remarks: str
    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    ns_score: int | None
    problems: tuple[tuple[str, str, Severity], ...]

    def to_result(
        self,
        board: int,
        ns_pair: str,
        ew_pair: str,
        section: str,
        lead: str | None,
        extra: Mapping[str, str],
        source: Location,
    ) -> Result:
        """The traveller line with this reading of its contract fields."""
        return Result(
            board=board,
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            status=self.status,
            section=section,
            contract=self.contract,
            declarer=self.declarer,
            tricks=self.tricks,
            lead=lead,
            ns_score=self.ns_score,
            remarks=self.remarks,
            extra=MappingProxyType(dict(extra)),
            source=source,
        )


def numbered_per_direction(filename: str, section: str) -> Problem:
    """The warning every reader gives when it reads a section's pairs as numbered per direction (NS 1 and EW 1 two
    pairs, as ACBLscore numbers a Mitchell: :func:`bridgescore.core.event.sections_numbered_per_direction`)."""
    message = (
        "the pairs of section %(section)s are numbered per direction (NS 1 and EW 1 are two pairs, as in a "
        "Mitchell scored by ACBLscore), so they are read that way; give --movement howell if every pair has "
        "a number of its own"
        if section
        else "the pairs of this file are numbered per direction (NS 1 and EW 1 are two pairs, as in a "
        "Mitchell scored by ACBLscore), so they are read that way; give --movement howell if every pair has "
        "a number of its own"
    )
    return Problem.make(Location(filename), message, Severity.WARNING, section=section)
