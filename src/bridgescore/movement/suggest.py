"""Which movements fit an evening (``bridgescore movement suggest``, issue 21): the pairs who came and the boards
the director wants, the movements of :mod:`bridgescore.movement.generate` that fit, best first.

**Fits** (every rule is tested for every pair count 6–40 and 18–36 boards):

1. the tables are ``⌈pairs / 2⌉`` (3 to 30) and every pair has a seat: an odd number of pairs gets the phantom
   (one pair sits out each round), no more;
2. whole boards a round, 1 to :data:`MAX_BOARDS_PER_ROUND`, the same every round;
3. the boards a pair plays (rounds × boards a round) are within :data:`BOARDS_WINDOW` of the boards asked for;
4. the rounds are the movement's full rounds or a curtailment that keeps the EBU's 70 % rule (see
   :mod:`bridgescore.movement.validate`); with ``--rounds`` exactly those rounds;
5. the validator's required properties hold.

**Best first**, by this measure, compared in order:

1. the fewest boards off the number asked for;
2. rounds of two boards or more before one-board rounds (every move costs the evening time; clubs play 2–4 boards
   a round);
3. the full movement before a curtailed one (every pair meets every pair it should, every board is played as
   often);
4. no two pairs meeting twice (the full skip Mitchell's revenge round) before a movement where some do;
5. one winner before two: a complete Howell (every pair meets every other, perhaps curtailed) before an
   arrow-switched Mitchell before a three-quarter Howell before a Mitchell ranked in two lines (the EBU
   newsletter's *Arrow switching*: clubs want one ranking list; the EBU's suggested movements take a Mitchell
   where one fits the boards and a three-quarter Howell where none does – 6 tables, 27 boards – as its pairs meet
   only three quarters of the field and every pair needs a guide card);
6. the higher balance (the validator's measure);
7. the name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import ceil

from bridgescore.core.i18n import N_
from bridgescore.movement.generate import (
    MAX_TABLES,
    MIN_TABLES,
    THREE_QUARTER_TABLES,
    NamedMovementError,
    Spec,
    by_name,
    parse_name,
)
from bridgescore.movement.validate import SEVENTY_PERCENT, Report, validate

__all__ = ["BOARDS_WINDOW", "MAX_BOARDS_PER_ROUND", "Suggestion", "suggest"]

#: The most boards a round (a 3-table Mitchell of 36 boards plays 12 a round; more is no longer a movement).
MAX_BOARDS_PER_ROUND = 12
#: How far the boards played may be from the boards asked for (24 asked: 20 to 28 fit; 40 pairs
#: in one section have no 24-board movement within 3: 20 or 28 boards, or two sections).
BOARDS_WINDOW = 4


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One movement that fits: the fields of ``movement suggest -f json`` and the measure it was ranked by."""

    name: str
    family: str
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    boards_in_play: int
    sit_out: int
    winners: int
    balance: float
    boards_off: int
    curtailed: bool
    meet_twice: bool

    @property
    def measure(self) -> tuple[int, int, int, int, int, float, str]:
        """The ranking key, lower first (see the module docstring)."""
        if self.family == "howell":
            kind = 2 if parse_name(self.name).form == "3q" else 0
        else:
            kind = 1 if self.winners == 1 else 3
        return (
            self.boards_off,
            int(self.boards_per_round < 2),
            int(self.curtailed),
            int(self.meet_twice),
            kind,
            -self.balance,
            self.name,
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "family": self.family,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards": self.boards,
            "boards_in_play": self.boards_in_play,
            "sit_out": self.sit_out,
            "winners": self.winners,
            "balance": self.balance,
            "measure": {
                "boards_off": self.boards_off,
                "short_rounds": self.boards_per_round < 2,
                "curtailed": self.curtailed,
                "meet_twice": self.meet_twice,
                "winners": self.winners,
                "balance": self.balance,
            },
        }


@lru_cache(maxsize=4096)
def _report(name: str) -> Report:
    """The validator's report of ``name`` with one board a round (its properties and balance do not depend on
    the boards a round: every measure scales with them)."""
    return validate(by_name(name, 1))


def _specs(tables: int, phantom: bool) -> list[Spec]:
    forms = ("",) if tables % 2 else ("skip", "relay")
    specs = [Spec("mitchell", tables, form, arrow, phantom) for form in forms for arrow in (False, True)]
    specs.append(Spec("howell", tables, phantom=phantom))
    if tables in THREE_QUARTER_TABLES:
        specs.append(Spec("howell", tables, "3q", phantom=phantom))
    return specs


def suggest(pairs: int, boards: int, rounds: int | None = None) -> list[Suggestion]:
    """The movements that fit ``pairs`` pairs playing about ``boards`` boards (``rounds`` rounds if given), best
    first (the module docstring states both rules); an empty list where none fits.  MovementError for a count
    no movement here seats."""
    tables = ceil(pairs / 2)
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise NamedMovementError(
            N_("%(pairs)s pairs: the movements here are for %(low)s to %(high)s pairs (%(tables_low)s to "
               "%(tables_high)s tables)"),
            pairs=pairs, low=2 * MIN_TABLES - 1, high=2 * MAX_TABLES, tables_low=MIN_TABLES, tables_high=MAX_TABLES,
        )  # fmt: skip
    if boards < 1:
        raise NamedMovementError(N_("%(boards)s boards: an evening has at least one board"), boards=boards)
    phantom = pairs % 2 == 1
    found: list[Suggestion] = []
    for base in _specs(tables, phantom):
        full = base.full_rounds
        least = ceil(SEVENTY_PERCENT * full)
        for played in range(full, least - 1, -1) if rounds is None else [rounds]:
            if not least <= played <= full:
                continue
            for per_round in range(1, MAX_BOARDS_PER_ROUND + 1):
                off = abs(played * per_round - boards)
                if off > BOARDS_WINDOW:
                    continue
                spec = Spec(base.family, tables, base.form, base.arrow, phantom, None if played == full else played)
                report = _report(spec.name)
                if not report.ok:
                    continue
                one_field = len(report.fields) == 1
                found.append(
                    Suggestion(
                        spec.name,
                        base.family,
                        tables,
                        played,
                        per_round,
                        played * per_round,
                        full * per_round,
                        1 if phantom else 0,
                        1 if one_field else 2,
                        min(f.balance for f in report.fields),
                        off,
                        played != full,
                        any(n > 1 for n in report.meetings.values()),
                    )
                )
    return sorted(found, key=lambda s: s.measure)
