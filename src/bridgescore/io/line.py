"""What the readers share about a traveller line's contract fields: the declarer, the tricks, and the reading
of a line's contract, declarer, result and score that the PBN and USEBIO readers turn into a ``Result``.

Each reader finds the fields its own way (CSV columns, PBN tags and score-table columns, USEBIO elements, a
rubber deal's columns) and words where a problem is; the words of what is wrong with the declarer or the
result are the same in every reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bridgescore.contract import Contract, ContractError, Seat, parse_result
from bridgescore.event import Result, ResultStatus
from bridgescore.problems import Location, Severity

__all__ = ["LineReading", "read_declarer", "read_tricks", "whole_number"]

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
    :func:`bridgescore.contract.parse_result`), else ``given``, with what is wrong where there are none (``hint``
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
