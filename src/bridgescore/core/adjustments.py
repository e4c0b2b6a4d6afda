"""Adjusted scores written on a traveller line, and what they are worth under each method.

A director writes an adjustment in the ``remarks`` column (the USEBIO and PBN readers put theirs there too,
with status ``adjusted``).  Two kinds exist (Law 12C):

* an **artificial adjusted score** (Law 12C2): average-plus, average, average-minus, or a percentage, given
  to each side separately.  It takes no part in the comparison of the real scores; at matchpoints it is a
  percentage of the board's top, at IMPs a number of IMPs.
* an **assigned score** (Law 12C1): a table score that replaces the one obtained; it is scored as if it had
  been played.

Accepted text (case, spaces and a trailing full stop do not matter; ``,`` may stand for a decimal point):

=====================================  ==============================================================
``A+``, ``AVE+``, ``AV+``, ``G+``      NS average-plus, EW average-minus (``G`` = Dutch *gemiddeld*)
``A``, ``A=``, ``AVE``, ``AV``, ``G``  both sides average
``A-``, ``AVE-``, ``G-``               NS average-minus, EW average-plus
``A==``, ``A+-``, ``A-+``, ``A--``,    BBO's notation: ``A`` and one sign per side, NS first (``A==`` both
``A=-`` …                              average, as BBO writes a board not finished in time; ``A+-`` NS
                                       average-plus, EW average-minus)
``X/Y`` with X, Y each a symbol above  NS X, EW Y: ``A+/A-``, ``A-/A-``, ``G+/G``, ``AVE-/AVE+``
or a percentage
``A60``, ``60%``                       NS 60 %, EW the complement (40 %)
``A60/40``, ``60/40``, ``60%-40%``,    NS 60 %, EW 40 % (split scores, e.g. ``40/40`` when both sides
``A6040``, ``A60A40``, ``A5050``,      are at fault; ``A60A40`` and ``A5050`` as in USEBIO)
``50%/50%``
``R420``, ``=420``, ``ASSIGNED 420``,  assigned NS score 420 replacing the table result
``SCORE -100``, ``ADJ 420``,
``assigned +420`` (the readers' form)
=====================================  ==============================================================

A **weighted assigned score** (Law 12C1(c): "an adjusted score may be weighted to reflect the probabilities of a
number of potential results") is written as weights and results: ``50% 4S= + 50% 4S-1``, ``60% 4S= 40% 4S-1``,
``30% 4SN+1, 70% 3NT S =``, ``50% +420 50% -50`` (:func:`parse_weighted_score`).  Each result is a contract with
its result (the declarer in the entry, ``4SN=``, or else the line's declarer) or an NS score; the weights are
percentages adding up to 100 (a decimal comma is read).  The split scores above are read first, so a weighted
score of one part whose score is a small negative number (``100% -50``, which reads as NS 100 %, EW 50 %) is
written ``100% R-50`` – or simply ``R-50``, the same assigned score.  How it is scored is described in
:mod:`bridgescore.pairs.scored`: every part is compared as if it were the table's result, and the points are weighted.

A line with status ``adjusted`` and an NS score but no readable remark is an assigned score.  The words for
a board not played (``N.G.``, ``NP``, ``not played``) are recognised by the readers, not here.

The values of the symbols are options (:class:`AdjustmentValues`): 60/50/40 % at matchpoints (Law 12C2:
average-plus is at least 60 %, average-minus at most 40 %) and +3/0/−3 IMPs at Butler and cross-IMPs (the
EBU's and the NBB's convention for IMP pairs).  A percentage at IMPs is worth ``(p − 50) × imps_per_percent``
IMPs: 0.3 by default (so 60 % is +3 IMPs like average-plus); the Dutch BridgeWx program uses 0.2 (60 % is +2).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from bridgescore.core.contract import (
    ContractError,
    Seat,
    parse_contract_and_result,
    score,
    vulnerability_of_board,
)
from bridgescore.core.i18n import N_

__all__ = [
    "Adjustment",
    "AdjustmentError",
    "AdjustmentValues",
    "ArtificialScore",
    "AssignedScore",
    "Award",
    "Level",
    "PhantomScore",
    "WeightedPart",
    "WeightedScore",
    "looks_weighted",
    "parse_adjustment",
    "parse_award",
    "parse_weighted_score",
]


class Level(Enum):
    """The three artificial adjusted scores of Law 12C2."""

    PLUS = "+"
    AVERAGE = "="
    MINUS = "-"


@dataclass(frozen=True, slots=True)
class Award:
    """What one side gets from an artificial adjusted score: a level or a percentage."""

    level: Level | None = None
    percent: float | None = None

    def label(self) -> str:
        if self.level is Level.PLUS:
            return "A+"
        if self.level is Level.MINUS:
            return "A-"
        if self.level is Level.AVERAGE:
            return "A"
        return f"{self.percent:g}%"


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """An artificial adjusted score (Law 12C2): one award to NS, one to EW."""

    ns: Award
    ew: Award

    def label(self) -> str:
        return f"{self.ns.label()}/{self.ew.label()}"


@dataclass(frozen=True, slots=True)
class AssignedScore:
    """An assigned score (Law 12C1): this NS score replaces the table result."""

    ns_score: int

    def label(self) -> str:
        return f"assigned {self.ns_score:+d}"


@dataclass(frozen=True, slots=True)
class PhantomScore:
    """A line against a phantom pair (a missing pair in the movement): the real pair gets ``award``."""

    award: Award
    phantom_is_ns: bool

    def label(self) -> str:
        return f"phantom, {self.award.label()}"


@dataclass(frozen=True, slots=True)
class WeightedPart:
    """One result of a weighted assigned score: its weight (a percentage), its NS score and the entry as written."""

    weight: float
    ns_score: int
    entry: str


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted assigned score (Law 12C1(c)): several results, each with its weight; the weights add up to 100."""

    parts: tuple[WeightedPart, ...]

    @property
    def total_weight(self) -> float:
        return sum(p.weight for p in self.parts)

    def fractions(self) -> tuple[float, ...]:
        """Each part's weight as a fraction of the whole (exactly 1 together, whatever the rounding of 33.3 %)."""
        total = self.total_weight
        return tuple(p.weight / total for p in self.parts)

    @property
    def ns_score(self) -> float:
        """The weighted NS score (what the line shows; the points come from the parts, not from this number)."""
        return sum(f * p.ns_score for f, p in zip(self.fractions(), self.parts, strict=True))

    def label(self) -> str:
        return "weighted " + " + ".join(f"{p.weight:g}% {p.ns_score:+d}" for p in self.parts)


Adjustment = ArtificialScore | AssignedScore | PhantomScore | WeightedScore


class AdjustmentError(ValueError):
    """An adjustment that cannot be read: a catalogue message with named values (see ``problems.Problem.make``)."""

    def __init__(self, message: str, **values: int | float | str) -> None:
        self.message = message
        self.values: Mapping[str, int | float | str] = values
        super().__init__(message % values)


@dataclass(frozen=True, slots=True)
class AdjustmentValues:
    """The worth of the artificial adjusted scores (Law 12C2; the IMP values are the EBU's and NBB's)."""

    plus_percent: float = 60.0
    average_percent: float = 50.0
    minus_percent: float = 40.0
    plus_imps: float = 3.0
    average_imps: float = 0.0
    minus_imps: float = -3.0
    imps_per_percent: float = 0.3

    def __post_init__(self) -> None:
        """A value a director gives must be a number, and a percentage of the top lie within 0-100 (a NaN or an
        average-plus of 150 % would silently put lines outside the board's range)."""
        for value, words in ((self.plus_percent, "average-plus"), (self.average_percent, "average"),
                             (self.minus_percent, "average-minus")):  # fmt: skip
            if not 0.0 <= value <= 100.0:  # False for NaN too
                raise ValueError(f"{words} must be a percentage from 0 to 100, not {value}")
        imps = ((self.plus_imps, "average-plus in IMPs"), (self.average_imps, "average in IMPs"),
                (self.minus_imps, "average-minus in IMPs"), (self.imps_per_percent, "IMPs per percent"))  # fmt: skip
        for value, words in imps:
            if not math.isfinite(value):
                raise ValueError(f"{words} must be a number, not {value}")
        # Law 12C2(a): average-plus is worth at least average, average-minus at most; no board is worth more than
        # 24 IMPs (Law 78B), so neither is an adjusted score (a huge value would only overflow the reports)
        if not self.minus_percent <= self.average_percent <= self.plus_percent:
            raise ValueError("average-minus, average and average-plus must be in that order at matchpoints")
        if not self.minus_imps <= self.average_imps <= self.plus_imps:
            raise ValueError("average-minus, average and average-plus must be in that order in IMPs")
        for value, words in imps[:3]:
            if abs(value) > 24.0:
                raise ValueError(f"{words} must be from -24 to 24 IMPs, not {value:g}")
        if not 0.0 <= self.imps_per_percent * 50.0 <= 24.0:
            raise ValueError(
                f"IMPs per percent must be from 0 to 0.48 (100% at most 24 IMPs), not {self.imps_per_percent:g}"
            )

    def percent(self, award: Award) -> float:
        """The percentage of the top an award is worth at matchpoints."""
        if award.level is Level.PLUS:
            return self.plus_percent
        if award.level is Level.MINUS:
            return self.minus_percent
        if award.level is Level.AVERAGE:
            return self.average_percent
        assert award.percent is not None
        return award.percent

    def imps(self, award: Award) -> float:
        """The IMPs an award is worth at Butler, Bastille and cross-IMPs (per board, per comparison average)."""
        if award.level is Level.PLUS:
            return self.plus_imps
        if award.level is Level.MINUS:
            return self.minus_imps
        if award.level is Level.AVERAGE:
            return self.average_imps
        assert award.percent is not None
        return (award.percent - 50.0) * self.imps_per_percent


_SYMBOL = re.compile(r"(?:AVERAGE|AVG|AVE|AV|A|G)([+\-=]?)")
_PERCENT = re.compile(r"(?:A|AVE|G)?(\d{1,3}(?:\.\d+)?)%?")
_FOUR_DIGITS = re.compile(r"(?:A|AVE|G)(\d{2})(\d{2})")
_DASHED = re.compile(r"(?:A|AVE|G)?(\d{1,3}(?:\.\d+)?)%?(?:-|A)(\d{1,3}(?:\.\d+)?)%?")
_BBO = re.compile(r"(?:AVE|AV|A|G)([+\-=])([+\-=])")  # BBO: A, then NS's sign, then EW's
# at most 18 digits: int() refuses thousands, and no table score has more than five
_ASSIGNED = re.compile(r"(?:R|=|ASSIGNED|SCORE|ADJUSTED|ADJ|AS)[:=]?([+\-]?\d{1,18})")
_LEVELS = {"+": Level.PLUS, "": Level.AVERAGE, "=": Level.AVERAGE, "-": Level.MINUS}
_OPPOSITE = {Level.PLUS: Level.MINUS, Level.AVERAGE: Level.AVERAGE, Level.MINUS: Level.PLUS}


def _award(token: str) -> Award | None:
    m = _SYMBOL.fullmatch(token)
    if m:
        return Award(level=_LEVELS[m.group(1)])
    m = _PERCENT.fullmatch(token)
    if m:
        value = float(m.group(1))
        return Award(percent=value) if 0 <= value <= 100 else None
    return None


def parse_award(text: str) -> Award:
    """One side's award: ``A+``, ``A``, ``A-`` (``AVE``, ``G`` spellings) or a percentage; ValueError if neither."""
    award = _award(re.sub(r"\s+", "", text).upper().replace(",", "."))
    if award is None:
        raise ValueError(f"'{text}' is not an award; write A+, A, A- or a percentage such as 60")
    return award


@lru_cache(maxsize=4096)
def parse_adjustment(text: str) -> Adjustment | None:
    """Read an adjustment written in the remarks column; None if the text is not one (see the module docs)."""
    key = re.sub(r"\s+", "", text).upper().replace(",", ".").replace("−", "-").rstrip(".")
    if not key:
        return None
    m = _ASSIGNED.fullmatch(key)
    if m:
        return AssignedScore(int(m.group(1)))
    m = _BBO.fullmatch(key)
    if m:
        return ArtificialScore(Award(level=_LEVELS[m.group(1)]), Award(level=_LEVELS[m.group(2)]))
    m = _FOUR_DIGITS.fullmatch(key)
    if m:
        return ArtificialScore(Award(percent=float(m.group(1))), Award(percent=float(m.group(2))))
    m = _DASHED.fullmatch(key)
    if m:
        ns, ew = float(m.group(1)), float(m.group(2))
        if ns <= 100 and ew <= 100:
            return ArtificialScore(Award(percent=ns), Award(percent=ew))
        return None
    if "/" in key:
        parts = key.split("/")
        if len(parts) != 2:
            return None
        first, second = _award(parts[0]), _award(parts[1])
        if first is None or second is None:
            return None
        return ArtificialScore(first, second)
    single = _award(key)
    if single is None:
        return None
    if single.level is not None:
        return ArtificialScore(single, Award(level=_OPPOSITE[single.level]))
    assert single.percent is not None
    return ArtificialScore(single, Award(percent=100.0 - single.percent))


_WEIGHT = re.compile(r"(\d{1,3}(?:[.,]\d+)?)\s*%")
_LOOKS_WEIGHTED = re.compile(r"\s*\d{1,3}(?:[.,]\d+)?\s*%\s*[^\s/%]")
_SEPARATOR = re.compile(r"(?:\s*(?:\+|,|;|&|\bAND\b|\bEN\b))+\s*$", re.IGNORECASE)
_NS_SCORE = re.compile(r"[+\-−]?\d{1,5}")


def looks_weighted(text: str) -> bool:
    """Whether a remark is written as a weighted score (a weight, then a result: ``60% 4S= ...``), so that a
    mistake in it is reported rather than the remark being taken for a note."""
    return bool(_LOOKS_WEIGHTED.match(text)) and parse_adjustment(text) is None


def parse_weighted_score(text: str, board: int, declarer: Seat | None = None) -> WeightedScore:
    """Read a weighted assigned score (Law 12C1(c)) such as ``50% 4S= + 50% 4S-1`` or ``60% 4S= 40% 4S-1``.

    Each part is a weight in percent and a result: a contract with its result, scored on ``board``'s
    vulnerability (Law 77) for the declarer written in the entry (``4SN=``) or else ``declarer`` (the line's), or
    an NS score (``+420``, ``-50``), or ``PASS``.  Parts may be separated by ``+``, ``,``, ``;`` or spaces.  The
    weights must add up to 100 (to 0.01, so thirds may be written 33.33).  Raises :class:`AdjustmentError`.
    """
    pieces = _WEIGHT.split(text.replace("−", "-"))
    if len(pieces) < 3 or pieces[0].strip():
        raise AdjustmentError(N_("'%(text)s' is not a weighted score; write e.g. 50%% 4S= + 50%% 4S-1"), text=text)
    parts: list[WeightedPart] = []
    for weight_text, raw in zip(pieces[1::2], pieces[2::2], strict=True):
        weight = float(weight_text.replace(",", "."))
        entry = _SEPARATOR.sub("", raw.strip()).strip()
        if weight <= 0:
            raise AdjustmentError(N_("the weighted score '%(text)s' gives a weight of 0 to '%(entry)s'"), text=text,
                                  entry=entry)  # fmt: skip
        parts.append(WeightedPart(weight, _part_score(text, entry, board, declarer), entry))
    total = sum(p.weight for p in parts)
    if abs(total - 100.0) > 0.01:
        raise AdjustmentError(N_("the weights of '%(text)s' add up to %(total)s%%, not 100%%"), text=text,
                              total=f"{total:g}")  # fmt: skip
    return WeightedScore(tuple(parts))


def _part_score(text: str, entry: str, board: int, declarer: Seat | None) -> int:
    """The NS score of one part of a weighted score (see :func:`parse_weighted_score`)."""
    if not entry:
        raise AdjustmentError(N_("a weight in '%(text)s' has no result after it"), text=text)
    if _NS_SCORE.fullmatch(entry):
        return int(entry)
    assigned = parse_adjustment(entry)
    if isinstance(assigned, AssignedScore):  # R-50, =420
        return assigned.ns_score
    try:
        contract, written, tricks = parse_contract_and_result(entry)
    except ContractError as problem:
        raise AdjustmentError(
            N_("'%(entry)s' in the weighted score '%(text)s' is neither a contract with its result nor an NS score "
               "(%(reason)s)"), entry=entry, text=text, reason=str(problem),
        ) from None  # fmt: skip
    if contract.is_passed_out:
        return 0
    if tricks is None:
        raise AdjustmentError(
            N_("'%(entry)s' in the weighted score '%(text)s' has no result; write e.g. 4S=, 4S-1 or 4S+1"),
            entry=entry, text=text,
        )  # fmt: skip
    who = written or declarer
    if who is None:
        raise AdjustmentError(
            N_("'%(entry)s' in the weighted score '%(text)s' does not say who declared; write e.g. 4SN= or fill "
               "the declarer column"), entry=entry, text=text,
        )  # fmt: skip
    return score(contract, who, vulnerability_of_board(board), tricks)
