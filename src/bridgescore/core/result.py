"""One traveller line (:class:`Result`) and what it says happened at the table (:class:`ResultStatus`): the
record below the columnar :class:`~bridgescore.core.table.ResultTable` and the :class:`~bridgescore.core.event.Event`
that holds them, so that neither of those needs the other to say what a line is.

Every record is immutable and complete, validated where it is built (unlike a parse record reused line
after line, which lets a line inherit the previous line's declarer: see ``../shared/GUIDE.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from bridgescore.core.contract import Contract, Notation, Seat, Vulnerability, format_result, vulnerability_of_board
from bridgescore.core.problems import Location

__all__ = ["Result", "ResultStatus"]

_EMPTY: Mapping[str, str] = MappingProxyType({})


class ResultStatus(Enum):
    """What a traveller line says happened at the table.

    Seed 000: a board not played ("N.G.") is not a score and is left out of the pair's average, while a
    passed-out board is a score of 0 that takes part in the comparison.
    """

    PLAYED = "played"
    PASSED_OUT = "passed-out"
    NOT_PLAYED = "not-played"
    ADJUSTED = "adjusted"


@dataclass(frozen=True, slots=True)
class Result:
    """One traveller line: a board played (or not) between an NS pair and an EW pair.

    ``ns_score`` is North-South's score (None when the board was not played or only an adjustment is known).
    ``extra`` keeps every column the reader did not understand, so nothing in the input is lost.
    """

    board: int
    ns_pair: str
    ew_pair: str
    status: ResultStatus
    section: str = ""
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: str | None = None
    ns_score: int | None = None
    remarks: str = ""
    extra: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    source: Location | None = None

    @property
    def vulnerability(self) -> Vulnerability:
        return vulnerability_of_board(self.board)

    def describe_contract(self, lang: Notation = "en") -> str:
        """The contract and result as on a traveller, e.g. ``4SX N -2``; empty where none was written."""
        if self.contract is None:
            return ""
        if self.contract.is_passed_out:
            return self.contract.format(lang)
        text = self.contract.format(lang)
        if self.declarer is not None:
            text += f" {self.declarer.label(lang)}"
        if self.tricks is not None:
            text += f" {format_result(self.contract, self.tricks, lang)}"
        return text
