"""Which movements fit an evening (``bridgescore movement suggest``, issue 21): the pairs who came and the boards
the director wants, the movements of :mod:`bridgescore.movement.generate` that fit, best first.

**Fits** (every rule is tested for every pair count 6–40 and 18–36 boards):

1. the tables are ``⌈pairs / 2⌉`` (3 to 30 in one section; 31 to :data:`MOST_TABLES` only in two, rule 6) and every
   pair has a seat: an odd number of pairs gets the phantom (one pair sits out each round), no more; or, for an odd
   number, ``⌊pairs / 2⌋`` tables and no phantom, one pair sitting out each round: the 1½-table appendix Mitchell
   (``mitchell-T-half``, 4½ to 30½ tables: the odd pair moves with the East-West pairs through a bye table), the
   rover Mitchell (6 to 15 tables) and the bump Mitchell (4 to 30 tables) of :mod:`bridgescore.movement.generate`,
   the last two seating the odd pair by displacing another each round;
2. whole boards a round, 1 to :data:`MAX_BOARDS_PER_ROUND`, the same every round;
3. the boards a pair plays (rounds × boards a round) are within :data:`BOARDS_WINDOW` of the boards asked for;
4. the rounds are the movement's full rounds or a curtailment that keeps the EBU's 70 % rule (see
   :mod:`bridgescore.movement.validate`); with ``--rounds`` exactly those rounds;
5. the validator's required properties hold;
6. **two sections** (two Mitchells side by side, A and B, each with its own copy of the boards: the name joins
   theirs with ``+``) are listed besides, when one section would have more than :data:`LARGEST_SECTION` tables
   (more than a club's room holds in one line: from 31 pairs) or more rounds than the boards allow (a full
   Mitchell, a round per table, of two-board rounds would play more than the boards asked for and the window:
   ``2 · tables > boards + 4``, e.g. 12 tables and 18 boards); section A
   has ``⌈pairs / 4⌉`` tables, B the other pairs (the phantom there for an odd count), both the same form and
   arrow switch, and both play the rounds of the smaller (or fewer, each keeping the 70 % rule); the tables are
   the two sections' together.

**Best first**, by this measure, compared in order:

1. the fewest boards off the number asked for;
2. rounds of two boards or more before one-board rounds (every move costs the evening time; clubs play 2–4 boards
   a round);
3. for an odd number of pairs, the phantom forms before the forms that seat the odd pair by displacing another
   (rover, bump): the EBU and the ACBL run a half table as the movement of the next size with one pair missing
   (the EBU's suggested movements: "8 or 7½ tables", "9 or 8½ tables" – the same movement, "for 7½ tables there
   should be no pair at 1 N/S"; The Bridge Guys, "Half table considerations": "The standard Mitchell movement
   caters for half tables quite well"), and keep the rover for a pair that comes late (the EBU's Pairs Scorer
   manual, "Rover Mitchell": it "allows a late pair arriving during the first round to be fitted"); the bump
   Mitchell is "an early attempt at the rover Mitchell" whose last round "cannot be played" (The Bridge Guys,
   "Displacement Mitchell").  Both still come before anything further from the boards asked for, and where the
   phantom form would be curtailed and the rover is not, the rover is next after it (The Bridge Guys: "If the
   movement is to be curtailed, the rover Mitchell … should be used").  The 1½-table appendix Mitchell seats the
   odd pair as a phantom form does (it sits out at the bye table in turn with the East-West pairs) and ranks with
   them: where the half-table Mitchell would be curtailed it plays its full rounds (The Bridge Guys: "a very
   useful movement when the previous movements for half table Mitchells produce events of cumbersome or
   unsuitable length");
4. the full movement before a curtailed one (every pair meets every pair it should, every board is played as
   often);
5. no two pairs meeting twice (the full skip Mitchell's revenge round) before a movement where some do;
6. one winner before two: a complete Howell (every pair meets every other, perhaps curtailed) before an
   arrow-switched or hesitation Mitchell before a three-quarter Howell before a Mitchell ranked in two lines (the EBU
   newsletter's *Arrow switching*: clubs want one ranking list; the EBU's suggested movements take a Mitchell
   where one fits the boards and a three-quarter Howell where none does – 6 tables, 27 boards – as its pairs meet
   only three quarters of the field and every pair needs a guide card);
7. one section before two;
8. the higher balance (the validator's measure; of two sections, the lower);
9. the name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from math import ceil

from bridgescore.core.i18n import N_
from bridgescore.movement.generate import (
    HESITATION_TABLES,
    MAX_TABLES,
    MIN_TABLES,
    ROVER_TABLES,
    THREE_QUARTER_TABLES,
    WEB_TABLES,
    NamedMovementError,
    Spec,
    by_name,
    parse_sections,
)
from bridgescore.movement.validate import SEVENTY_PERCENT, Report, validate

__all__ = ["BOARDS_WINDOW", "LARGEST_SECTION", "MAX_BOARDS_PER_ROUND", "MOST_TABLES", "Suggestion", "suggest"]

#: The most boards a round (a 3-table Mitchell of 36 boards plays 12 a round; more is no longer a movement).
MAX_BOARDS_PER_ROUND = 12
#: The most tables one section is suggested with alone: the EBU's club movements (its booklet, as the Exeter club
#: lists it) run one Mitchell up to 15 tables; more is a second section (rule 6 of the module docstring).
LARGEST_SECTION = 15
#: The most tables suggested: two sections of :data:`~bridgescore.movement.generate.MAX_TABLES` (the largest
#: section the generators build), 120 pairs – a congress or a large club night, run as two Mitchells side by side.
MOST_TABLES = 2 * MAX_TABLES
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
    sections: int = 1

    @property
    def displaced(self) -> bool:
        """Whether the odd pair is seated by displacing another each round (a rover or bump Mitchell), not by a
        phantom."""
        first = parse_sections(self.name)[0]
        return first.rover or first.bump

    @property
    def measure(self) -> tuple[int, int, int, int, int, int, int, float, str]:
        """The ranking key, lower first (see the module docstring)."""
        if self.family == "howell":
            kind = 2 if parse_sections(self.name)[0].form == "3q" else 0
        else:
            kind = 1 if self.winners == 1 else 3
        return (
            self.boards_off,
            int(self.boards_per_round < 2),
            int(self.displaced),
            int(self.curtailed),
            int(self.meet_twice),
            kind,
            self.sections,
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
            "sections": self.sections,
            "measure": {
                "boards_off": self.boards_off,
                "short_rounds": self.boards_per_round < 2,
                "displaced": self.displaced,
                "curtailed": self.curtailed,
                "meet_twice": self.meet_twice,
                "winners": self.winners,
                "sections": self.sections,
                "balance": self.balance,
            },
        }


@lru_cache(maxsize=4096)
def _report(name: str) -> Report:
    """The validator's report of ``name`` with one board a round (its properties and balance do not depend on
    the boards a round: every measure scales with them)."""
    return validate(by_name(name, 1))


def _forms(tables: int) -> tuple[str, ...]:
    """The forms of a Mitchell of ``tables`` tables: none for an odd number, skip or relay for an even one."""
    return ("",) if tables % 2 else ("skip", "relay")


def _specs(tables: int, phantom: bool) -> list[Spec]:
    specs = [Spec("mitchell", tables, form, arrow, phantom) for form in _forms(tables) for arrow in (False, True)]
    specs.append(Spec("howell", tables, phantom=phantom))
    if tables in THREE_QUARTER_TABLES:
        specs.append(Spec("howell", tables, "3q", phantom=phantom))
    if tables >= HESITATION_TABLES:
        specs.append(Spec("hesitation", tables, phantom=phantom))
    if tables % 2 == 0 and WEB_TABLES[0] <= tables <= WEB_TABLES[1]:
        specs += [Spec("mitchell", tables, "web", arrow, phantom) for arrow in (False, True)]
    return specs


def _odd_pair_forms(pairs: int) -> list[Spec]:
    """The forms that seat an odd number of pairs at ``⌊pairs / 2⌋`` tables without a phantom (rule 1 of the module
    docstring): the 1½-table appendix Mitchell from 4½ tables, the rover Mitchell where the EBU's table of rover
    tables has the size, the bump Mitchell from 4 tables; each with and without the arrow switch."""
    tables = pairs // 2
    if pairs % 2 == 0:
        return []
    specs = []
    for arrow in (False, True):
        if MIN_TABLES < tables <= MAX_TABLES:
            specs.append(Spec("mitchell", tables, "half", arrow))
        if tables in ROVER_TABLES:
            specs.append(Spec("mitchell", tables, "" if tables % 2 else "relay", arrow, rover=True))
        if 4 <= tables <= MAX_TABLES:
            specs.append(Spec("mitchell", tables, "" if tables % 2 else "skip", arrow, bump=True))
    return specs


def _fitting(
    name: str, family: str, tables: int, played: int, full: int, sit_out: int, boards: int, sets: int | None = None
) -> list[Suggestion]:
    """``name`` (``played`` of its ``full`` rounds; ``sets`` in play, ``full`` where not given) with every number of
    boards a round that fits ``boards`` (rules 2, 3 and 5 of the module docstring).

    Sections side by side (``A+B``) are validated one by one: the validator judges each section on its own (its
    pairs, its boards, its 70 %), so the movement is sound where each is, and a section's report is made once for
    every partner it is listed with (120 pairs: 16 sections of 30 tables instead of 32 movements of 60).  Their
    meetings are counted per section: pair 1 of A meeting pair 5 of A and pair 1 of B meeting pair 5 of B is no
    meeting twice (the whole movement's report adds them up under the same numbers)."""
    fitting: list[Suggestion] = []
    for per_round in range(1, MAX_BOARDS_PER_ROUND + 1):
        off = abs(played * per_round - boards)
        if off > BOARDS_WINDOW:
            continue
        reports = [_report(part) for part in name.split("+")]
        if not all(report.ok for report in reports):
            return []
        fields = [f for report in reports for f in report.fields]
        sections = len(reports)
        fitting.append(
            Suggestion(
                name,
                family,
                tables,
                played,
                per_round,
                played * per_round,
                (full if sets is None else sets) * per_round,
                sit_out,
                1 if len(fields) == sections else 2,
                min(f.balance for f in fields),
                off,
                played != full,
                any(n > 1 for report in reports for n in report.meetings.values()),
                sections,
            )
        )
    return fitting


def _two_sections(pairs: int, boards: int, rounds: int | None) -> list[Suggestion]:
    """Two Mitchells side by side (rule 6 of the module docstring): section A of ``⌈pairs / 4⌉`` tables, section B
    of the other pairs (with the phantom for an odd count), the same form and arrow switch in both, the rounds both
    play (the smaller section's, or fewer, each keeping the 70 % rule)."""
    first = ceil(pairs / 4)
    rest = pairs - 2 * first
    second = ceil(rest / 2)
    if second < MIN_TABLES:
        return []
    phantom = rest % 2 == 1
    found: list[Suggestion] = []
    for arrow in (False, True):
        for form_a in _forms(first):
            for form_b in _forms(second):
                if form_a and form_b and form_a != form_b:
                    continue
                least = ceil(SEVENTY_PERCENT * max(first, second))
                for played in range(second, least - 1, -1) if rounds is None else [rounds]:
                    if not least <= played <= second:
                        continue
                    name = "+".join(
                        Spec("mitchell", size, form, arrow, ghost, None if played == size else played).name
                        for size, form, ghost in ((first, form_a, False), (second, form_b, phantom))
                    )
                    found.extend(_fitting(name, "mitchell", first + second, played, first, int(phantom), boards))
    return found


def suggest(pairs: int, boards: int, rounds: int | None = None) -> list[Suggestion]:
    """The movements that fit ``pairs`` pairs playing about ``boards`` boards (``rounds`` rounds if given), best
    first (the module docstring states both rules); an empty list where none fits.  MovementError for a count
    no movement here seats."""
    tables = ceil(pairs / 2)
    if not MIN_TABLES <= tables <= MOST_TABLES:
        raise NamedMovementError(
            N_("%(pairs)s pairs: the movements here are for %(low)s to %(high)s pairs (%(tables_low)s to "
               "%(tables_high)s tables)"),
            pairs=pairs, low=2 * MIN_TABLES - 1, high=2 * MOST_TABLES, tables_low=MIN_TABLES, tables_high=MOST_TABLES,
        )  # fmt: skip
    if boards < 1:
        raise NamedMovementError(N_("%(boards)s boards: an evening has at least one board"), boards=boards)
    phantom = pairs % 2 == 1
    found: list[Suggestion] = []
    for base in _specs(tables, phantom) if tables <= MAX_TABLES else ():  # more is two sections (rule 6)
        full = base.full_rounds
        least = ceil(SEVENTY_PERCENT * full)
        for played in range(full, least - 1, -1) if rounds is None else [rounds]:
            if not least <= played <= full:
                continue
            spec = Spec(base.family, tables, base.form, base.arrow, phantom, None if played == full else played)
            found.extend(_fitting(spec.name, base.family, tables, played, full, int(phantom), boards))
    for base in _odd_pair_forms(pairs):
        full = base.full_rounds
        least = ceil(SEVENTY_PERCENT * full)
        for played in range(full, least - 1, -1) if rounds is None else [rounds]:
            if not least <= played <= full:
                continue
            spec = replace(base, rounds=None if played == full else played)
            sets = base.tables if base.bump else full  # the bump Mitchell leaves its last round unplayed
            found.extend(_fitting(spec.name, base.family, base.tables, played, full, 1, boards, sets=sets))
    if tables > LARGEST_SECTION or 2 * tables > boards + BOARDS_WINDOW:
        found.extend(_two_sections(pairs, boards, rounds))
    return sorted(found, key=lambda s: s.measure)
