"""The event model: traveller lines (results) grouped into boards and sections.

Every record is immutable and complete, validated where it is built (unlike a parse record reused line
after line, which lets a line inherit the previous line's declarer: see ``../shared/GUIDE.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from bridgescore.contract import (
    Contract,
    Notation,
    Seat,
    Vulnerability,
    format_result,
    vulnerability_of_board,
)
from bridgescore.problems import Location, Problem

__all__ = ["Board", "Event", "Result", "ResultStatus", "sections_numbered_per_direction"]

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


@dataclass(frozen=True, slots=True)
class Board:
    """All traveller lines of one board in one section."""

    section: str
    number: int
    results: tuple[Result, ...]

    @property
    def vulnerability(self) -> Vulnerability:
        return vulnerability_of_board(self.number)


@dataclass(frozen=True, slots=True)
class Event:
    """What a reader produced: the traveller lines, pair names, and every problem found on the way."""

    results: tuple[Result, ...]
    names: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    title: str = ""
    problems: tuple[Problem, ...] = ()

    def boards(self) -> Iterator[Board]:
        """Boards in (section, number) order, each with its lines in input order."""
        grouped: dict[tuple[str, int], list[Result]] = {}
        for result in self.results:
            grouped.setdefault((result.section, result.board), []).append(result)
        for (section, number), lines in sorted(grouped.items()):
            yield Board(section, number, tuple(lines))

    @staticmethod
    def merge(events: Iterable[Event]) -> Event:
        """One event from several files (e.g. one traveller file per section)."""
        results: list[Result] = []
        names: dict[str, str] = {}
        problems: list[Problem] = []
        titles: list[str] = []
        for event in events:
            results.extend(event.results)
            names.update(event.names)
            problems.extend(event.problems)
            if event.title:
                titles.append(event.title)
        return Event(tuple(results), MappingProxyType(names), " / ".join(titles), tuple(problems))


def sections_numbered_per_direction(results: Iterable[Result]) -> frozenset[str]:
    """Sections whose pairs are numbered per direction: NS 1–n and EW 1–n, NS 1 and EW 1 being two pairs.

    That is how ACBLscore numbers a Mitchell.  The NBB and EBU programs number every pair of a section once; then
    a pair plays a board once, and a number on both sides of one board is a mistake.  The rule: a section is
    numbered per direction when on more than half of its boards some number stands on both sides, which a
    Mitchell numbered per direction shows on nearly every board and a mistyped line on one board only.
    """
    sides: dict[tuple[str, int], tuple[set[str], set[str]]] = {}
    for r in results:
        ns, ew = sides.setdefault((r.section, r.board), (set(), set()))
        ns.add(r.ns_pair)
        ew.add(r.ew_pair)
    boards: dict[str, int] = {}
    crossed: dict[str, int] = {}
    for (section, _), (ns, ew) in sides.items():
        boards[section] = boards.get(section, 0) + 1
        if ns & ew:
            crossed[section] = crossed.get(section, 0) + 1
    return frozenset(s for s, n in crossed.items() if 2 * n > boards[s])
