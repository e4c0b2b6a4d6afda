"""Every traveller line checked against the evening's movement (issue 21): ``score``/``check --movement FILE``.

The established club programs (the NBB's program with its schema's, EBUScore, ACBLscore, Bridgemate's scoring
programs) refuse a result whose pairs were not at that table in that round and list the results still missing
per round; without a schedule, a line with the NS and EW numbers swapped, a mistyped pair 17 or a board 25 is
scored as if it were true.  Here each line of a section is placed in the schedule – at the round and table its
``round``/``table`` columns name where the file has them (Bridgemate's ReceivedData), else at the (round, table)
where the schedule has its board played by its pairs – and each problem is said with what the movement expected
("round 3, table 5: NS 5 v EW 13 on boards 9–11"):

* a board the movement does not have, or one that table did not have that round;
* a pair not at that table in that round (a mistyped number, a pair the movement has not);
* NS and EW swapped: the pair numbers written in each other's boxes (a line whose ``swapped`` column says ``yes``
  is one whose pairs sat the wrong way, recorded so at the desk, and is expected with the pairs as they sat).
  ``fix_swaps`` (``--fix-swaps``, off by default) scores such a line as the movement has it – the two pair
  numbers exchanged, the contract, declarer and score kept as written (they describe the seats, which the pair
  numbers were only typed against) – and says so in a warning;
* a result twice for one table, round and board (none of the lines is scored: which is right cannot be told, as
  :func:`bridgescore.io.csv_lines.one_line_per_table` decides for a pair on two lines);
* a result missing for a table, round and board (one problem per table and round, naming the boards).

A line in error is left out of the event (never ranked silently); the command line stops on the errors unless
``--skip-invalid``, as for every other bad line.

**Pair numbers.**  The schedule numbers a section's pairs once (a Howell; a Mitchell as the NBB numbers it, EW
9–16 after NS 1–8) or per direction (a Mitchell as ACBLscore numbers it, NS 1–8 and EW 1–8); a traveller file may
do either for a Mitchell.  Both readings are tried for a section whose every pair keeps one direction: the one under
which more lines agree with the schedule is taken (on a tie, the event's own guess,
:func:`bridgescore.core.event.sections_numbered_per_direction`), and where it is not the schedule's own numbering a
warning says how the numbers are read.  Under it East-West pair ``k`` of a file numbered per direction is the
schedule's ``k``-th East-West pair (``k + n`` for ``n`` NS pairs when the schedule numbers once), and the
expectations are written in the file's numbers, the ones the director corrects.

**An arrow switch** makes the pair sitting North-South hold East-West's cards (EBU *Movements*): a traveller line
names the pair holding the cards as NS (the score is theirs), so at an arrow-switched stand the expected line is
the stand's EW pair as NS; the other way round is reported as swapped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bridgescore.core.event import Event, sections_numbered_per_direction
from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.core.table import Column, ResultTable, ResultView
from bridgescore.io.csv_lines import header_key
from bridgescore.movement.model import Movement, PairRef, Round, Section, Stand

__all__ = [
    "ROUND_HEADERS",
    "TABLE_HEADERS",
    "check_against_movement",
    "extra_column",
    "movement_section",
    "ranked_as",
    "sat_swapped",
    "small_whole_number",
    "stand_at",
    "two_lines",
    "written_label",
]

#: The column headers (as :func:`~bridgescore.io.csv_lines.header_key` compares them) that give a line's round and
#: table: Bridgemate's ``Round``/``Table``, the NBB's Dutch ``ronde``/``tafel``.
ROUND_HEADERS = frozenset({"round", "rnd", "ronde"})
TABLE_HEADERS = frozenset({"table", "tbl", "tafel"})
#: The column that says a line's pairs sat the wrong way (the movement's East-West pair North-South), as the live
#: evening's desk records it: the line names the pairs as they sat, and is expected so (no swap reported).
_SWAPPED_HEADERS = frozenset({"swapped", "satswapped", "wrongway"})
_YES = frozenset({"yes", "y", "1", "x", "true", "ja", "j"})

#: The messages that name a table, round or pair: as said where the movement has one section, and where it has
#: several (round 3's table 5 is in each: the section is said, ``section B, round 3, table 5: …``).
_DUPLICATE = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: board %(board)s has a result "
        "on more than one line (lines %(lines)s); which one is right cannot be told, so none of them is scored: "
        "delete or correct the wrong line"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: board "
        "%(board)s has a result on more than one line (lines %(lines)s); which one is right cannot be told, so none "
        "of them is scored: delete or correct the wrong line"
    ),
)
_MISSING = (
    N_("round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: no result for board %(missing)s"),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: no "
        "result for board %(missing)s"
    ),
)
_NOT_PLAYED_MET = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: board %(board)s is not played "
        "in this movement (it has boards %(all)s); the line is left out"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: board "
        "%(board)s is not played in this movement (it has boards %(all)s); the line is left out"
    ),
)
_NO_TABLE = (
    N_("round %(round)s has no table %(table)s with players in this movement; the line is left out"),
    N_(
        "section %(section)s, round %(round)s has no table %(table)s with players in this movement; the line is left "
        "out"
    ),
)
_NOT_AT_TABLE = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: board %(board)s was not at "
        "that table; the line is left out"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: board "
        "%(board)s was not at that table; the line is left out"
    ),
)
_SWAP_FIXED = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: this line has NS and EW "
        "swapped (NS %(line_ns)s v EW %(line_ew)s); scored as the movement has it (--fix-swaps): the pair numbers "
        "exchanged, the contract and score as written"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: this "
        "line has NS and EW swapped (NS %(line_ns)s v EW %(line_ew)s); scored as the movement has it (--fix-swaps): "
        "the pair numbers exchanged, the contract and score as written"
    ),
)
_SWAPPED = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: this line has NS and EW "
        "swapped (NS %(line_ns)s v EW %(line_ew)s); the line is left out: correct it, or give --fix-swaps to score "
        "it as the movement has it"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: this "
        "line has NS and EW swapped (NS %(line_ns)s v EW %(line_ew)s); the line is left out: correct it, or give "
        "--fix-swaps to score it as the movement has it"
    ),
)
_NOT_OPPONENTS = (
    N_(
        "board %(board)s: NS %(line_ns)s and EW %(line_ew)s do not play it against each other in this movement; the "
        "line is left out"
    ),
    N_(
        "section %(section)s, board %(board)s: NS %(line_ns)s and EW %(line_ew)s do not play it against each other "
        "in this movement; the line is left out"
    ),
)
_PAIR_ELSEWHERE = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: pair %(pair)s was not at that "
        "table; the line is left out"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: pair "
        "%(pair)s was not at that table; the line is left out"
    ),
)
_NO_PAIR = (
    N_(
        "round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: there is no pair %(pair)s in "
        "this movement; the line is left out"
    ),
    N_(
        "section %(section)s, round %(round)s, table %(table)s: NS %(ns)s v EW %(ew)s on boards %(boards)s: there is "
        "no pair %(pair)s in this movement; the line is left out"
    ),
)


def two_lines(section: Section) -> bool:
    """Whether every pair of ``section`` holds one direction's cards all evening (a Mitchell without an arrow switch:
    ranked per direction, "two lines"); a pair that holds both (a Howell, an arrow-switched Mitchell) makes one
    field."""
    held: dict[PairRef, set[str]] = {}
    for r in section.rounds:  # one pass over the stands (asking each pair's visits in turn took a 60-table live
        for s in r.stands:  # evening's ranking 25 ms each time, issue 22)
            if s.ns is not None and s.ew is not None:
                held.setdefault(s.ns, set()).add("EW" if s.arrow_switch else "NS")
                held.setdefault(s.ew, set()).add("NS" if s.arrow_switch else "EW")
    return all(len(directions) == 1 for directions in held.values())


def ranked_as(movement: Movement) -> str:
    """The ``--movement`` word the ranking takes from a schedule: ``mitchell`` (two lines) where every section is
    ranked per direction, ``howell`` (one field) where none is, ``auto`` (from the data) for a mixture."""
    kinds = {two_lines(s) for s in movement.sections}
    return "auto" if len(kinds) > 1 else ("mitchell" if kinds == {True} else "howell")


def _expected(stand: Stand) -> tuple[PairRef, PairRef]:
    """The pairs a traveller line of ``stand`` names as NS and EW: those holding the cards (see the module
    docstring on the arrow switch)."""
    assert stand.ns is not None and stand.ew is not None
    return (stand.ew, stand.ns) if stand.arrow_switch else (stand.ns, stand.ew)


def board_words(boards: Iterable[int]) -> str:
    """Board numbers as a director writes them on a table card: ``9–11``, ``1–3, 7``."""
    numbers = sorted(set(boards))
    parts: list[str] = []
    start = 0
    for i, board in enumerate(numbers):
        if i + 1 == len(numbers) or numbers[i + 1] != board + 1:
            first = numbers[start]
            parts.append(str(first) if first == board else f"{first}–{board}")
            start = i + 1
    return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class _Numbering:
    """How a file's pair numbers are the schedule's pairs in one section: ``per_direction`` – the file numbers NS
    1–n and EW 1–m; ``ns`` and ``ew`` – the schedule's pairs of each direction in order (a two-lined section), else
    empty (the file's numbers are the schedule's, numbered once)."""

    section: Section
    per_direction: bool
    ns: tuple[PairRef, ...]
    ew: tuple[PairRef, ...]

    def pair(self, label: str, side: str) -> PairRef | None:
        """The schedule's pair the file writes as ``label`` in its ``side`` column (None: no pair of it)."""
        if not (label.isascii() and label.isdigit()) or len(label) > 9 or int(label) < 1:
            return None
        k = int(label)
        if self.section.per_direction and self.per_direction:
            return PairRef(k, "NS" if side == "NS" else "EW")
        if not self.section.per_direction and not self.per_direction:
            return PairRef(k)
        if self.per_direction:  # schedule numbered once, file per direction: the k-th pair of the side
            pairs = self.ns if side == "NS" else self.ew
            return pairs[k - 1] if k <= len(pairs) else PairRef(10**9 + k)  # a pair the schedule has not
        n = len(self.ns)  # schedule per direction, file once: EW after NS
        return PairRef(k, "NS") if k <= n else PairRef(k - n, "EW")

    def label(self, pair: PairRef) -> str:
        """``pair`` of the schedule as the file numbers it."""
        if self.section.per_direction == self.per_direction:
            return str(pair.number)
        if self.per_direction:
            for pairs in (self.ns, self.ew):
                if pair in pairs:
                    return str(pairs.index(pair) + 1)
            return str(pair.number)
        return str(pair.number + (len(self.ns) if pair.direction == "EW" else 0))


def _numberings(section: Section) -> list[_Numbering]:
    """The readings of a file's numbers the section allows: the schedule's own first, then per direction (or after
    NS) for a two-lined section."""
    own = _Numbering(section, section.per_direction, (), ())
    if not two_lines(section):
        return [own]
    ns = tuple(sorted({p for r in section.rounds for s in r.stands if not s.is_bye for p in [_expected(s)[0]]}))
    ew = tuple(sorted({p for r in section.rounds for s in r.stands if not s.is_bye for p in [_expected(s)[1]]}))
    own = _Numbering(section, section.per_direction, ns, ew)
    return [own, _Numbering(section, not section.per_direction, ns, ew)]


def written_label(section: Section) -> Callable[[PairRef], str]:
    """How a traveller written from ``section``'s schedule numbers its pairs (the live evening's lines, issue 22):
    every pair once wherever the section allows it – a two-lined Mitchell's East-West pairs after its North-South
    pairs, as the NBB's and the EBU's programs number them – so a pair's number names it alone in the names, the
    ranking and the check against the movement (:func:`check_against_movement` reads this numbering back)."""
    readings = _numberings(section)
    return next((n for n in readings if not n.per_direction), readings[0]).label


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a stand is: its round and the stand, and the words of what the movement expects there."""

    round: Round
    stand: Stand

    def words(self, numbering: _Numbering) -> dict[str, str | int]:
        ns, ew = _expected(self.stand)
        return {
            "round": self.round.number,
            "table": self.stand.table,
            "ns": numbering.label(ns),
            "ew": numbering.label(ew),
            "boards": board_words(self.stand.boards),
        }


def _places(section: Section) -> dict[int, list[_Place]]:
    """Each board's stands with players, by board number."""
    found: dict[int, list[_Place]] = {}
    for r in section.rounds:
        for s in r.stands:
            if not s.is_bye:
                for board in s.boards:
                    found.setdefault(board, []).append(_Place(r, s))
    return found


def _agreeing(
    rows: Sequence[int], table: ResultTable, numbering: _Numbering, places: Mapping[int, list[_Place]]
) -> int:
    """How many of ``rows`` name a stand's pairs exactly under ``numbering``."""
    count = 0
    for i in rows:
        ns, ew = numbering.pair(table.ns_pair[i], "NS"), numbering.pair(table.ew_pair[i], "EW")
        if any(_expected(p.stand) == (ns, ew) for p in places.get(int(table.board[i]), ())):
            count += 1
    return count


def small_whole_number(text: str | None) -> int | None:
    """A round or table number as a file writes it (ASCII digits, at most nine), else None."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def extra_column(table: ResultTable, headers: frozenset[str]) -> Column[str | None] | None:
    """The column of the lines kept beside the read ones whose header is one of ``headers`` (a round or table)."""
    return next((column for name, column in table.extra.items() if header_key(name) in headers), None)


def sat_swapped(table: ResultTable) -> npt.NDArray[np.bool_] | None:
    """Per line: whether its ``swapped`` column says its pairs sat the wrong way (the movement's East-West pair sat
    North-South: the line names the pairs as they sat, each pair's points belong to its own direction's ranking);
    None where no line says so (nearly every file)."""
    column = extra_column(table, _SWAPPED_HEADERS)
    if column is None:
        return None
    marked = column.mask(lambda text: (text or "").strip().casefold() in _YES)
    return marked if marked.any() else None


def movement_section(movement: Movement, label: str, labels: Sequence[str]) -> Section | None:
    """The schedule's section for the event's section ``label``: the one of that name (letters' case aside), or the
    only one where both have one."""
    if len(movement.sections) == 1 and len(labels) == 1:
        return movement.sections[0]
    return next((s for s in movement.sections if s.name.strip().lower() == label.strip().lower()), None)


class _Checker:
    """The check of one event against one movement (see :func:`check_against_movement`)."""

    def __init__(self, event: Event, movement: Movement, fix_swaps: bool) -> None:
        self.event = event
        self.table = event.table
        self.movement = movement
        self.fix_swaps = fix_swaps
        self.problems: list[Problem] = []
        self.dropped: set[int] = set()
        self.swapped: set[int] = set()
        self.rounds = extra_column(self.table, ROUND_HEADERS)
        self.tables = extra_column(self.table, TABLE_HEADERS)
        self.sat_swapped = sat_swapped(self.table)
        self.several = len(movement.sections) > 1  # a table, round or pair is said with its section
        self.label = ""  # the section being checked, as the travellers name it

    def where(self, i: int, field: str | None) -> Location:
        file = self.table.file[i]
        line = int(self.table.line[i])
        return Location(file or "<input>", line or None, field)

    def said(self, message: tuple[str, str]) -> str:
        """A message of two forms (``_DUPLICATE`` …): the first where the movement has one section, the second
        (naming the section) where it has more."""
        return message[1] if self.several else message[0]

    def problem(self, where: Location, message: str, severity: Severity, values: Mapping[str, str | int]) -> Problem:
        """:func:`_problem`, the section's label among the values where the movement has several sections."""
        return _problem(where, message, severity, {**values, "section": self.label} if self.several else values)

    def error(self, i: int, field: str | None, message: str, **values: str | int) -> None:
        self.problems.append(self.problem(self.where(i, field), message, Severity.ERROR, values))
        self.dropped.add(i)

    def run(self) -> None:
        table = self.table
        labels = list(table.section.compact().labels)
        rows_of: dict[str, list[int]] = {}
        for i, label in enumerate(table.section.values()):
            rows_of.setdefault(label, []).append(i)
        per_direction = sections_numbered_per_direction(table)
        used: set[str] = set()
        for label in labels:
            rows = rows_of[label]
            section = movement_section(self.movement, label, labels)
            if section is None:
                for i in rows:
                    self.error(
                        i, "section",
                        N_("section %(section)s is not in the movement (its sections: %(sections)s); the line is left "
                           "out"),
                        section=label or "-", sections=", ".join(s.name or "-" for s in self.movement.sections),
                    )  # fmt: skip
                continue
            used.add(section.name)
            self.label = label or "-"
            self.section(label, section, rows, label in per_direction)
        for section in self.movement.sections:
            if section.name not in used:
                self.problems.append(
                    Problem.make(
                        Location(self.first_file(range(len(table)))),
                        N_("section %(section)s of the movement has no result in the files"),
                        section=section.name or "-",
                    )
                )

    def first_file(self, rows: Iterable[int]) -> str:
        return next((f for i in rows if (f := self.table.file[i]) is not None), "<input>")

    def section(self, label: str, section: Section, rows: list[int], guessed_per_direction: bool) -> None:
        table = self.table
        places = _places(section)
        readings = _numberings(section)
        numbering = readings[0]
        if len(readings) > 1:
            counts = [_agreeing(rows, table, n, places) for n in readings]
            if counts[1] > counts[0] or (counts[1] == counts[0] and readings[1].per_direction == guessed_per_direction):
                numbering = readings[1]
            if numbering is not readings[0] and numbering.ew:
                first = numbering.ew[0]
                own = readings[0]
                self.problems.append(
                    Problem.make(
                        Location(self.first_file(rows)),
                        N_(
                            "section %(section)s: the file numbers the East-West pairs %(file)s and the movement "
                            "%(movement)s; each is read as the movement's pair in the same place (EW %(file_first)s of "
                            "the file is EW %(movement_first)s)"
                        ),
                        Severity.WARNING,
                        section=label or "-",
                        file=_span([numbering.label(p) for p in numbering.ew]),
                        movement=_span([own.label(p) for p in numbering.ew]),
                        file_first=numbering.label(first),
                        movement_first=own.label(first),
                    )
                )
        done: dict[tuple[int, int, int], tuple[_Place, list[int]]] = {}
        wrong: list[tuple[int, list[_Place]]] = []  # lines with a pair not at the table: placed once the others are
        boards = section.boards  # once: the property walks every stand
        for i in rows:
            place = self.line(i, section, numbering, places, boards)
            if isinstance(place, _Place):
                key = (place.round.number, place.stand.table, int(table.board[i]))
                done.setdefault(key, (place, []))[1].append(i)
            elif place is not None:
                wrong.append((i, place))
        for i, candidates in wrong:
            board = int(table.board[i])
            # the table one of its pairs was at, preferring one whose result is not yet there (the line is likely it)
            free = [p for p in candidates if (p.round.number, p.stand.table, board) not in done]
            place = self.not_at_the_table(i, section, numbering, free or candidates)
            if place is not None and free:
                done[(place.round.number, place.stand.table, board)] = (place, [])
        for (_, _, board), (place, at) in done.items():
            if len(at) < 2:
                continue
            lines = ", ".join(str(int(table.line[i])) for i in at)
            for i in at:
                self.swapped.discard(i)
                self.problems[:] = [p for p in self.problems if not _swap_warning_of(p, self.where(i, None))]
                self.error(
                    i, "board",
                    self.said(_DUPLICATE),
                    board=board, lines=lines, **place.words(numbering),
                )  # fmt: skip
        for r in section.rounds:
            for s in r.stands:
                if s.is_bye or (section.phantom is not None and section.phantom in (s.ns, s.ew)):
                    continue
                missing = [b for b in sorted(s.boards) if (r.number, s.table, b) not in done]
                if missing:
                    self.problems.append(
                        self.problem(
                            Location(self.first_file(rows)),
                            self.said(_MISSING),
                            Severity.ERROR,
                            {**_Place(r, s).words(numbering), "missing": board_words(missing)},
                        )
                    )

    def line(
        self,
        i: int,
        section: Section,
        numbering: _Numbering,
        places: Mapping[int, list[_Place]],
        boards: frozenset[int],
    ) -> _Place | list[_Place] | None:
        """Line ``i`` placed in the schedule (None where it cannot be), every problem of it reported; a line with a
        pair not at the table: the tables where one of its pairs plays its board (reported once every line is
        placed, :meth:`not_at_the_table`); ``boards``: the section's boards."""
        table = self.table
        board = int(table.board[i])
        ns_label, ew_label = table.ns_pair[i], table.ew_pair[i]
        ns, ew = numbering.pair(ns_label, "NS"), numbering.pair(ew_label, "EW")
        if board not in boards:
            met = [p for ps in places.values() for p in ps if _expected(p.stand) == (ns, ew)]
            if len({(p.round.number, p.stand.table) for p in met}) == 1:  # the pairs meet once: say where
                self.error(
                    i, "board",
                    self.said(_NOT_PLAYED_MET),
                    board=board, all=board_words(section.boards), **met[0].words(numbering),
                )  # fmt: skip
                return None
            self.error(
                i, "board",
                N_("board %(board)s is not played in this movement (it has boards %(boards)s); the line is left out"),
                board=board, boards=board_words(section.boards),
            )  # fmt: skip
            return None
        candidates = places.get(board, [])
        round_number = small_whole_number(self.rounds[i]) if self.rounds is not None else None
        table_number = small_whole_number(self.tables[i]) if self.tables is not None else None
        if round_number is not None and table_number is not None:
            stand = stand_at(section, round_number, table_number)
            if stand is None or stand.is_bye:
                self.error(
                    i, "table",
                    self.said(_NO_TABLE),
                    round=round_number, table=table_number,
                )  # fmt: skip
                return None
            place = _Place(section.rounds[round_number - 1], stand)
            if board not in stand.boards:
                self.error(
                    i, "board",
                    self.said(_NOT_AT_TABLE),
                    board=board, **place.words(numbering),
                )  # fmt: skip
                return place
            candidates = [place]
        exact = next((p for p in candidates if _expected(p.stand) == (ns, ew)), None)
        if exact is not None:
            return exact
        if self.sat_swapped is not None and self.sat_swapped[i]:
            as_sat = (numbering.pair(ew_label, "NS"), numbering.pair(ns_label, "EW"))
            sat = next((p for p in candidates if _expected(p.stand) == as_sat), None)
            if sat is not None:  # the pairs sat the wrong way, and the line says so: the pairs as they sat
                return sat
        swapped = next((p for p in candidates if _expected(p.stand) == (ew, ns)), None)
        if swapped is not None:
            words = {**swapped.words(numbering), "line_ns": ns_label, "line_ew": ew_label}
            if self.fix_swaps:
                self.swapped.add(i)
                self.problems.append(
                    self.problem(
                        self.where(i, "ns"),
                        self.said(_SWAP_FIXED),
                        Severity.WARNING,
                        words,
                    )
                )
            else:
                self.error(
                    i, "ns",
                    self.said(_SWAPPED),
                    **words,
                )  # fmt: skip
            return swapped
        located = [p for p in candidates if _expected(p.stand)[0] == ns or _expected(p.stand)[1] == ew]
        if located:
            return located
        self.error(
            i, "ns",
            self.said(_NOT_OPPONENTS),
            board=board, line_ns=ns_label, line_ew=ew_label,
        )  # fmt: skip
        return None

    def not_at_the_table(
        self, i: int, section: Section, numbering: _Numbering, candidates: Sequence[_Place]
    ) -> _Place | None:
        """Line ``i``, one of whose pairs is at one of ``candidates`` on its board, the other not: reported with
        the first such table's expectation."""
        ns_label, ew_label = self.table.ns_pair[i], self.table.ew_pair[i]
        ns, ew = numbering.pair(ns_label, "NS"), numbering.pair(ew_label, "EW")
        known = set(section.pairs())
        place = candidates[0]
        want_ns, _ = _expected(place.stand)
        field, label, pair = ("ew", ew_label, ew) if want_ns == ns else ("ns", ns_label, ns)
        message = (
            self.said(_PAIR_ELSEWHERE)
            if pair in known
            else self.said(_NO_PAIR)
        )  # fmt: skip
        self.error(i, field, message, pair=label, **place.words(numbering))
        return place

    def result(self) -> Event:
        if not self.problems:
            return self.event
        table = self.table
        if self.swapped:
            ns_values, ew_values = table.ns_pair.values(), table.ew_pair.values()
            for i in self.swapped:
                ns_values[i], ew_values[i] = ew_values[i], ns_values[i]
            table = dataclasses.replace(
                table, ns_pair=Column.from_values(ns_values), ew_pair=Column.from_values(ew_values)
            )
        if self.dropped:
            keep = np.array([i for i in range(len(table)) if i not in self.dropped], dtype=np.int64)
            table = table.take(keep)
        results = ResultView(table) if (self.swapped or self.dropped) else self.event.results
        return dataclasses.replace(self.event, results=results, problems=(*self.event.problems, *self.problems))


def _problem(where: Location, message: str, severity: Severity, values: Mapping[str, str | int]) -> Problem:
    """:meth:`Problem.make` of values gathered in a mapping (the expectation's words and the line's)."""
    return Problem(where, message, severity, tuple(values.items()))


def _swap_warning_of(problem: Problem, where: Location) -> bool:
    return problem.severity is Severity.WARNING and problem.location == dataclasses.replace(where, field="ns")


def stand_at(section: Section, round_number: int, table_number: int) -> Stand | None:
    """The stand of ``section`` at table ``table_number`` in round ``round_number``, None where there is none."""
    if not 1 <= round_number <= len(section.rounds):
        return None
    return section.rounds[round_number - 1].stand(table_number)


def _span(labels: Sequence[str]) -> str:
    numbers = [int(x) for x in labels if x.isdigit()]
    return board_words(numbers) if numbers else ", ".join(labels)


def check_against_movement(event: Event, movement: Movement, *, fix_swaps: bool = False) -> Event:
    """``event`` checked against ``movement`` (see the module docstring): each line in error left out, each swapped
    line exchanged where ``fix_swaps``, and every problem added to ``event.problems`` with its file, line and field
    and the movement's expectation in words."""
    if not event.results:
        return event
    checker = _Checker(event, movement, fix_swaps)
    checker.run()
    return checker.result()


def mitchell_but_for_lines(event: Event) -> Event:
    """``event`` without the lines that alone make a Mitchell look like a Howell, each reported (issue 21).

    Without a movement the ranking guesses a section's movement from its numbers
    (:func:`bridgescore.pairs.scored.score_event`): a number on both sides makes one field (a Howell).  One line of
    an 8-table Mitchell with the NS and EW numbers swapped so merged the two lines into one 16-pair field – exit 0,
    every check "ok", pair 1 given East-West's score on that board.  Here a section numbered once in which the
    numbers cross is taken as a Mitchell but for a few lines when every pair sits in one direction on most of its
    lines (a strict majority) and the lines against that direction involve fewer than half the section's pairs: an
    arrow-switched round (the EBU's one-winner Mitchell) moves every pair, and a Howell every pair about half the
    time, so neither is taken for one.  Each such line is an error (file, line, field) and left out; the director
    corrects it, or gives ``--movement howell`` where the pairs did change direction.  Under ``--movement mitchell``
    the same line put pair 11 in both rankings (East-West's with one board, 71.43 % in the issue's example), so it is
    looked for there too; a section numbered per direction (NS 1 and EW 1 two pairs) has numbers on both sides by
    design and is left alone."""
    from bridgescore.core.table import pair_codes

    table = event.table
    if not len(table) or event.form != "pairs":
        return event
    per_direction = sections_numbered_per_direction(table)
    labels, ns_codes, ew_codes = pair_codes(table)
    marked = sat_swapped(table)
    if marked is not None:  # a line whose pairs sat the wrong way, said so: each pair in its own direction
        ns_codes, ew_codes = np.where(marked, ew_codes, ns_codes), np.where(marked, ns_codes, ew_codes)
    sections = table.section
    found: list[Problem] = []
    dropped: list[int] = []
    by_section = np.argsort(sections.codes, kind="stable")  # each section's rows together, in input order
    bounds = np.searchsorted(sections.codes[by_section], np.arange(len(sections.labels) + 1))
    for code, section in enumerate(sections.labels):
        rows = by_section[bounds[code] : bounds[code + 1]]
        if section in per_direction or not len(rows):
            continue
        ns, ew = ns_codes[rows], ew_codes[rows]
        width = len(labels) + 1
        as_ns = np.bincount(ns, minlength=width)
        as_ew = np.bincount(ew, minlength=width)
        present = np.flatnonzero(as_ns + as_ew)
        if not ((as_ns > 0) & (as_ew > 0)).any() or (as_ns[present] == as_ew[present]).any():
            continue  # no number on both sides, or a pair without a direction of its own: not a Mitchell
        sits_ns = as_ns > as_ew
        crossed = ~sits_ns[ns] | sits_ns[ew]
        involved = set(ns[crossed].tolist()) | set(ew[crossed].tolist())
        if not crossed.any() or 2 * len(involved) >= len(present):
            continue
        north_south = _span(sorted((labels[c] for c in present if sits_ns[c]), key=_number_key))
        east_west = _span(sorted((labels[c] for c in present if not sits_ns[c]), key=_number_key))
        for i in rows[crossed].tolist():
            found.append(
                Problem.make(
                    Location(table.file[i] or "<input>", int(table.line[i]) or None, "ns"),
                    N_(
                        "section %(section)s is a Mitchell (pairs %(ns_pairs)s North-South, %(ew_pairs)s East-West) "
                        "but for this line, NS %(ns)s v EW %(ew)s (swapped, or a pair number mistyped?): scored as one "
                        "field it would merge the two lines, so it is left out; correct it, or give --movement howell "
                        "if the pairs did change direction"
                    ),
                    section=section or "-",
                    ns_pairs=north_south,
                    ew_pairs=east_west,
                    ns=table.ns_pair[i],
                    ew=table.ew_pair[i],
                )
            )
            dropped.append(i)
    if not found:
        return event
    keep = np.setdiff1d(np.arange(len(table)), np.array(dropped, dtype=np.int64))
    return dataclasses.replace(event, results=ResultView(table.take(keep)), problems=(*event.problems, *found))


def _number_key(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isascii() and label.isdigit() and len(label) < 10 else (10**10, label)
