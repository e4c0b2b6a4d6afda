"""Pair-level corrections and procedural penalties (Law 90), applied to the rankings after the boards are scored.

A director takes points off a pair for a procedural offence (Law 90: late arrival, slow play, a board fouled) or
corrects a pair's session score; the boards' points stay as they are.  An amount is written with its unit:

========================  =======================================================================================
``-10%``                  10 percentage points off the pair's session score (BridgeWx's session correction):
                          at matchpoints the total loses 10 % of the pair's maximum (the sum of its boards' tops)
``-25% top``, ``-25%T``,  25 % of a board's top (the EBU White Book 8.12.3: a standard procedural penalty is 25 %
``-25% of a top``         of a top at matchpoints; Dutch clubs: "25% van de top"): the top is the pair's maximum divided
                          by its boards (with Neuberg every board's top)
``-2 MP``, ``-2mp``       2 matchpoints off the total
``-3 IMPs``, ``-3i``      3 IMPs off the total (BridgeWx writes it "-3i")
``+10m``                  BridgeWx's database notation: 10 points in the event's own unit (matchpoints or IMPs)
========================  =======================================================================================

**The sign.**  An amount is a correction *added* to the pair's score with the sign written: ``-3%`` takes 3
points off, ``+3%`` adds 3.  An amount without a sign (``3%``, ``10mp``) is added too, as BridgeWx (the Dutch club
program that writes "3%" and "10mp" in its ranking's "corr." column) reads it: its reference listing shows pair A5
at 45.87 % over its boards and 48.87 % with the correction "3%", and pair A3 at 243.2 + 10 = 253.2 matchpoints
with "10mp" (``shared/reference/events/bridgewx-autotest-reference``).  Because a director writing a *penalty*
file may mean a deduction, an amount without a sign comes with a warning that it was added; write ``-3%`` for a
penalty.

**What changes.**  At matchpoints the total and the percentage move together (the total by the points, the
percentage by the points over the pair's maximum), so total / maximum stays the percentage; at IMPs the total (after
factoring: a penalty is not factored) and the average per board (by the IMPs over the boards played), as BridgeWx's
"-3i" turns −46 over 28 boards into −49 and −1.75 per board.  The ranking shows the penalty and the total before
it.  A percentage or matchpoints at IMPs (or IMPs at matchpoints) is refused: the units do not convert.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity


class RankedPair(Protocol):
    """What a penalty is matched on in a ranking (a :class:`~bridgescore.pairs.standings.StandingEntry`): the
    rankings are built on this module, so it names only what it reads of them."""

    @property
    def section(self) -> str: ...
    @property
    def pair(self) -> str: ...
    @property
    def direction(self) -> str: ...


class Ranking(Protocol):
    """A ranking's entries (a :class:`~bridgescore.pairs.standings.Standing`)."""

    @property
    def entries(self) -> Sequence[RankedPair]: ...


__all__ = [
    "Penalty",
    "PenaltyError",
    "PenaltyUnit",
    "matching",
    "parse_amount",
    "parse_penalty_option",
    "penalty_points",
    "penalty_problems",
]


class PenaltyUnit(Enum):
    """What an amount is counted in (see the module docstring for who uses which)."""

    SESSION_PERCENT = "%"  # percentage points of the pair's session score (BridgeWx)
    TOP_PERCENT = "% top"  # a percentage of a board's top (EBU White Book 8.12.3)
    MATCHPOINTS = "MP"
    IMPS = "IMPs"
    POINTS = "points"  # BridgeWx's "m": the event's own unit


class PenaltyError(ValueError):
    """An amount or a ``--penalty`` that cannot be read: a catalogue message with its values."""

    def __init__(self, message: str, **values: int | float | str) -> None:
        self.message = message
        self.values: Mapping[str, int | float | str] = values
        super().__init__(message % values)


@dataclass(frozen=True, slots=True)
class Penalty:
    """One correction of a pair's score: ``amount`` (signed) in ``unit``.

    ``section`` None: the pair in whichever section it is; ``direction`` ``NS``/``EW`` where the pairs are
    numbered per direction (NS 1 and EW 1 two pairs), else None.  ``signed``: whether the sign was written.
    """

    pair: str
    amount: float
    unit: PenaltyUnit
    section: str | None = None
    direction: str | None = None
    reason: str = ""
    signed: bool = True
    source: Location | None = None

    def label(self) -> str:
        """``-10%``, ``-25% of a top``, ``-2 MP``, ``-3 IMPs``, ``+10``."""
        number = f"{self.amount:+g}"
        if self.unit is PenaltyUnit.SESSION_PERCENT:
            return f"{number}%"
        if self.unit is PenaltyUnit.TOP_PERCENT:
            return f"{number}% of a top"
        if self.unit is PenaltyUnit.POINTS:
            return number
        return f"{number} {self.unit.value}"

    def who(self) -> str:
        """The pair as written: ``5``, ``A:5``, ``NS 1``."""
        pair = f"{self.direction} {self.pair}" if self.direction else self.pair
        return f"{self.section}:{pair}" if self.section else pair


_AMOUNT = re.compile(
    r"""(?P<sign>[+\-−]?)\s*(?P<number>\d{1,6}(?:[.,]\d{1,6})?)\s*
        (?P<unit>%\s*(?:of\s*(?:a\s*|the\s*)?top|van\s*(?:een\s*|de\s*)?top|top|t)|%|mp|mps|matchpoints?|
                 matchpunten|m|imps?|i)?""",
    re.VERBOSE | re.IGNORECASE,
)
_UNITS = {"%": PenaltyUnit.SESSION_PERCENT, "mp": PenaltyUnit.MATCHPOINTS, "mps": PenaltyUnit.MATCHPOINTS,
          "matchpoint": PenaltyUnit.MATCHPOINTS, "matchpoints": PenaltyUnit.MATCHPOINTS,
          "matchpunten": PenaltyUnit.MATCHPOINTS, "m": PenaltyUnit.POINTS, "imp": PenaltyUnit.IMPS,
          "imps": PenaltyUnit.IMPS, "i": PenaltyUnit.IMPS}  # fmt: skip


def parse_amount(text: str) -> tuple[float, PenaltyUnit, bool]:
    """An amount and its unit (see the module docstring), and whether its sign was written; PenaltyError if it
    cannot be read or has no unit."""
    m = _AMOUNT.fullmatch(text.strip())
    if not m:
        raise PenaltyError(
            N_("'%(text)s' is not a penalty; write e.g. -10%%, -25%% top, -2 MP or -3 IMPs"), text=text.strip()
        )
    if not m["unit"]:
        raise PenaltyError(
            N_("'%(text)s' has no unit; write %% (of the session), %% top, MP or IMPs, e.g. -3 IMPs"), text=text
        )
    unit_key = re.sub(r"\s+", "", m["unit"]).lower()
    unit = PenaltyUnit.TOP_PERCENT if unit_key.startswith("%") and unit_key != "%" else _UNITS[unit_key]
    value = float(m["number"].replace(",", "."))
    return (-value if m["sign"] in ("-", "−") else value), unit, bool(m["sign"])


_PAIR = re.compile(r"(?:(?P<direction>NS|EW|NZ|OW)\s*[:\s]?\s*)?(?P<pair>\S(?:.*\S)?)", re.IGNORECASE)
_DIRECTIONS = {"NS": "NS", "NZ": "NS", "EW": "EW", "OW": "EW"}


def split_pair(text: str) -> tuple[str | None, str]:
    """A pair as written in a penalty: ``5``, or ``NS 1`` / ``EW1`` (Dutch ``NZ``/``OW``) where the pairs are
    numbered per direction."""
    m = _PAIR.fullmatch(text.strip())
    if not m:
        return None, text.strip()
    direction = m["direction"]
    return (_DIRECTIONS[direction.upper()] if direction else None), m["pair"]


def make_penalty(
    pair_text: str, amount_text: str, section: str | None, reason: str, source: Location | None
) -> tuple[Penalty, Problem | None]:
    """A penalty from its written parts, and the warning for an amount without a sign (None if it has one).
    Raises PenaltyError where the amount cannot be read."""
    amount, unit, signed = parse_amount(amount_text)
    direction, pair = split_pair(pair_text)
    penalty = Penalty(pair, amount, unit, section or None, direction, reason, signed, source)
    warning = None
    if not signed and amount:
        message = N_(
            "'%(text)s' has no sign: it is added to pair %(pair)s's score, as BridgeWx reads a correction; write "
            "-%(text)s for a penalty"
        )
        where = source or Location("--penalty")
        warning = Problem(where, message, Severity.WARNING, (("text", amount_text.strip()), ("pair", penalty.who())))
    return penalty, warning


def parse_penalty_option(text: str) -> tuple[Penalty, Problem | None]:
    """``--penalty PAIR:AMOUNT`` or ``--penalty SECTION:PAIR:AMOUNT`` (``5:-3%``, ``A:5:-25% top``, ``NS1:-2 MP``)."""
    parts = text.split(":")
    if len(parts) not in (2, 3) or not all(p.strip() for p in parts):
        raise PenaltyError(
            N_("--penalty '%(text)s': write PAIR:AMOUNT or SECTION:PAIR:AMOUNT, e.g. 5:-3%% or A:5:-2 MP"), text=text
        )
    section = parts[0].strip() if len(parts) == 3 else None
    return make_penalty(parts[-2], parts[-1], section, "", Location("--penalty"))


def matching(penalty: Penalty, section: str, pair: str, direction: str) -> bool:
    """Whether ``penalty`` is for the ranked pair (``direction``: ``NS``, ``EW`` or ``all``)."""
    return (
        penalty.pair == pair
        and (penalty.section is None or penalty.section == section)
        and (penalty.direction is None or penalty.direction == direction)
    )


def penalty_points(penalty: Penalty, matchpoints: bool, maximum: float, boards: int) -> float | None:
    """The penalty in the ranking's points (matchpoints or IMPs); None where its unit does not fit the ranking."""
    unit = penalty.unit
    if unit is PenaltyUnit.POINTS:
        return penalty.amount
    if not matchpoints:
        return penalty.amount if unit is PenaltyUnit.IMPS else None
    if unit is PenaltyUnit.MATCHPOINTS:
        return penalty.amount
    if unit is PenaltyUnit.SESSION_PERCENT:
        return penalty.amount / 100.0 * maximum
    if unit is PenaltyUnit.TOP_PERCENT:
        return penalty.amount / 100.0 * (maximum / boards if boards else 0.0)
    return None


def penalty_problems(
    penalties: Sequence[Penalty], standings: Iterable[Ranking], matchpoints: bool
) -> tuple[tuple[Penalty, ...], list[Problem]]:
    """The penalties that can be applied, and what keeps the others from it: a pair in no ranking, a pair in several
    (say the section or the direction), a unit the ranking does not count in."""
    entries: list[RankedPair] = [e for s in standings for e in s.entries]
    problems: list[Problem] = []
    valid: list[Penalty] = []
    for penalty in penalties:
        before = len(problems)
        where = penalty.source or Location("--penalty")
        at = Location(where.file, where.line, "pair", where.kind) if where.line is not None else where
        found = [e for e in entries if matching(penalty, e.section, e.pair, e.direction)]
        if not found:
            message = N_("pair %(pair)s is in no ranking of this event, so its penalty %(amount)s cannot be applied")
            problems.append(Problem(at, message, values=(("pair", penalty.who()), ("amount", penalty.label()))))
        elif len(found) > 1:
            places = ", ".join(f"{e.section or '-'} {e.direction}" for e in found)
            message = N_(
                "pair %(pair)s is in %(count)s rankings (%(places)s); write its section (SECTION:PAIR) or its "
                "direction (NS %(pair)s, EW %(pair)s)"
            )
            values = (("pair", penalty.who()), ("count", len(found)), ("places", places))
            problems.append(Problem(at, message, values=values))
        elif penalty_points(penalty, matchpoints, 0.0, 1) is None:
            unit_at = Location(where.file, where.line, "penalty", where.kind) if where.line is not None else where
            message = (
                N_("%(amount)s cannot be taken from a matchpoint ranking; write MP, %% or %% top")
                if matchpoints
                else N_("%(amount)s cannot be taken from an IMP ranking; write IMPs, e.g. -3 IMPs")
            )
            problems.append(Problem(unit_at, message, values=(("amount", penalty.label()),)))
        if len(problems) == before:
            valid.append(penalty)
    return tuple(valid), problems
