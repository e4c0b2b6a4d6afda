"""Schedules clubs already have, read and written (issue 21): one entry point for every movement file.

=================  ===================================================  ============================================
format (``fmt``)   file                                                 module
=================  ===================================================  ============================================
``json``           ``bridgescore.movement/1``                           :mod:`bridgescore.movement.json`
``nbb``            the NBB program's schema (BridgeWx's description)    :mod:`bridgescore.movement.nbb`
``bridgemate``     Bridgemate's ``RoundData`` as ``mdb-export`` writes  :mod:`bridgescore.movement.tables`
                   it, or the ``.bws`` file itself
``csv``            bridgescore's movement CSV                           :mod:`bridgescore.movement.tables`
                   (``section,round,table,ns,ew,low_board,high_board``)
=================  ===================================================  ============================================

:func:`load` chooses the reader by the file: a ``.bws`` suffix is Bridgemate's database, a ``.json`` suffix or a
text starting with ``{`` JSON, a first line of four or five numbers an NBB schema, and a CSV header the movement
table it names (``NSPair``/``EWPair``: RoundData; ``ns``/``ew`` with ``round``: ours).  Reading never raises on a
bad file: the movement, or None, and every problem with file, line and field.

:func:`write` returns the text, or None and the problems where the format cannot hold the movement (an NBB schema
has one section and pairs numbered once, neither table has an arrow switch …): it says so rather than writing
something wrong.  :func:`dumps` is the same raising :class:`CannotWrite`.

:func:`resolve` is what every command given ``NAME|FILE`` calls (``movement show/check/cards``, ``score``/``check
--movement``, ``archive add --movement``): a file read as :func:`load` reads it, else a movement's name made by
:func:`bridgescore.movement.generate.by_name`; the command only says the problems in its own way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.io.csv_lines import read_file
from bridgescore.movement import individual, nbb, tables, teams
from bridgescore.movement import json as movement_json
from bridgescore.movement.generate import NamedMovementError, by_name
from bridgescore.movement.model import Movement, MovementError

if TYPE_CHECKING:
    from bridgescore.core.event import Event

__all__ = [
    "BY_NAME", "FORMATS", "SUFFIXES", "CannotWrite", "Format", "Resolved", "dumps", "fitted_to_travellers", "load",
    "loads", "resolve", "write",
]  # fmt: skip

#: The note a movement made from its name carries until the travellers give its boards per round (``--movement
#: NAME`` of ``score``, ``check``, ``archive add``: :func:`fitted_to_travellers`).
BY_NAME = "bridgescore.boards_per_round"

Format = Literal["csv", "bridgemate", "nbb", "json"]
#: The formats :func:`write` writes, as ``movement show -f`` names them.
FORMATS: tuple[Format, ...] = ("csv", "bridgemate", "nbb", "json")


#: The suffixes of movement files: a value ending so is a file (one that is not there is said so), not a name.
SUFFIXES = (".json", ".csv", ".bws", ".txt", ".asc")


@dataclass(frozen=True, slots=True)
class Resolved:
    """What a ``NAME|FILE`` value gives (:func:`resolve`): the movement (None where it cannot be had), the problems
    (a file's with its file, line and field; a name's located at the name, ``location.file`` the value itself) and
    whether it was a name (``named``: made by the generators, not read)."""

    movement: Movement | None
    problems: tuple[Problem, ...]
    named: bool

    @property
    def ok(self) -> bool:
        """A movement and no error (warnings of a file read may come with it)."""
        return self.movement is not None and not any(p.severity is Severity.ERROR for p in self.problems)


def resolve(value: str, *, boards_per_round: int | None = None) -> Resolved:
    """The movement ``value`` names: a file (one that exists, or a name ending in a movement file's suffix,
    :data:`SUFFIXES`) in any format :func:`load` reads, else a movement's name as ``movement suggest`` prints it
    (:func:`bridgescore.movement.generate.by_name`), a teams round robin's (``teams-8``,
    :func:`bridgescore.movement.teams.by_name`) or an individual's (``individual-8``,
    :func:`bridgescore.movement.individual.by_name`) with ``boards_per_round`` boards a round (2 when not given: a
    command that learns them later makes it again).  ``boards_per_round`` numbers an NBB schema's sets too.  Never
    raises on a bad value: the problem is in :attr:`Resolved.problems`, in the catalogue's words."""
    if not value.strip():  # Path("") is the current folder: said as what it is, no movement given
        said = Problem.make(
            Location("''"),
            N_("no movement given: a movement's name (as movement suggest prints it) or a movement file"),
        )
        return Resolved(None, (said,), named=True)
    path = Path(value)
    if path.exists() or path.suffix.lower() in SUFFIXES:
        movement, problems = load(path, boards_per_round=boards_per_round)
        return Resolved(movement, tuple(problems), named=False)
    try:
        if teams.is_name(value):  # a teams round robin (teams-8): two rooms a match
            return Resolved(teams.by_name(value, boards_per_round or 2), (), named=True)
        if individual.is_name(value):  # an individual (individual-8): four players a table
            return Resolved(individual.by_name(value, boards_per_round or 2), (), named=True)
        return Resolved(by_name(value, boards_per_round or 2), (), named=True)
    except NamedMovementError as problem:
        said = Problem(Location(value), problem.message, Severity.ERROR, tuple(problem.values.items()))
    except MovementError as problem:  # a generator's own refusal, in English only
        said = Problem(Location(value), str(problem))
    return Resolved(None, (said,), named=True)


def fitted_to_travellers(schedule: Movement, event: Event) -> tuple[Movement, Problem | None]:
    """A movement given by its name (noted :data:`BY_NAME`), made again with the boards per round the travellers
    show: the boards played at more than one table (a mistyped board 25 of a 24-board evening is one line, and is
    not counted) over the movement's sets of boards, and the warning that says so; a movement read from a file as
    it is, and None.  The sets, not the rounds: a curtailed Mitchell (``mitchell-16-skip-r12``, 12 of 16 rounds)
    still has all 16 sets in play, and 32 boards over 12 rounds read as 3 a round put every line at the wrong
    table; a bump Mitchell plays T−1 rounds of its T sets."""
    if BY_NAME not in schedule.notes:
        return schedule, None
    import numpy as np

    _, lines = np.unique(event.table.board, return_counts=True)  # the board column: no line object is made
    played = int(np.count_nonzero(lines > 1)) or len(lines)
    sets = schedule.boards // max(1, schedule.boards_per_round)
    per_round = max(1, -(-played // max(1, sets)))
    fitted = resolve(schedule.name, boards_per_round=per_round).movement
    assert fitted is not None  # the name made it once already
    over_rounds = N_(
        "--movement %(name)s: %(boards)d boards a round (boards 1–%(last)d), the travellers' boards "
        "over its %(rounds)d rounds"
    )
    over_sets = N_(
        "--movement %(name)s: %(boards)d boards a round (boards 1–%(last)d), the travellers' boards over "
        "its %(sets)d sets of boards (%(rounds)d rounds are played)"
    )
    said = Problem.make(
        Location("--movement"),
        over_rounds if sets == fitted.rounds else over_sets,
        Severity.WARNING,
        name=schedule.name,
        boards=per_round,
        last=fitted.boards,
        rounds=fitted.rounds,
        sets=sets,
    )  # fmt: skip
    return fitted, said


class CannotWrite(MovementError):
    """The format cannot hold the movement; ``problems`` say where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems if p.severity is Severity.ERROR))
        self.problems = problems


def loads(
    text: str, filename: str = "<movement>", *, boards_per_round: int | None = None
) -> tuple[Movement | None, list[Problem]]:
    """The movement of a text in any of the formats, told by its content (see the module docstring);
    ``boards_per_round`` numbers an NBB schema's boards (its sets are boards 1–k, k+1–2k …)."""
    text = text.removeprefix("\ufeff")  # a BOM a text editor wrote
    if text.lstrip(" \t\r\n").startswith("{") or Path(filename).suffix.lower() == ".json":
        return movement_json.loads(text, filename)
    if nbb.is_schema(text):
        return nbb.loads(text, filename, boards_per_round=boards_per_round)
    return tables.loads(text, filename)


def load(path: str | Path, *, boards_per_round: int | None = None) -> tuple[Movement | None, list[Problem]]:
    """The movement of a file (read with the package's bounded reader: a device or a huge file is refused; a
    ``.bws`` file through mdbtools' ``mdb-export``)."""
    p = Path(path)
    if p.suffix.lower() == ".bws":
        return tables.load_bws(p)
    text, problems = read_file(p)
    if text is None:
        return None, problems
    movement, more = loads(text, str(p), boards_per_round=boards_per_round)
    return movement, [*problems, *more]


def write(movement: Movement, fmt: Format) -> tuple[str | None, list[Problem]]:
    """The movement as ``fmt`` text, or None and the problems that keep it from being written right (warnings
    come with the text: what a reader of the file will see otherwise)."""
    if fmt == "json":
        return movement_json.dumps(movement), []
    if movement.individual and fmt in ("nbb", "bridgemate"):  # its stands would read as bye stands: refused
        return None, [
            Problem.make(
                Location(movement.name or "movement"),
                N_("%(name)s is an individual movement (four players a table): this format has no place for its "
                   "players (write it as JSON)"),
                name=movement.name,
            )
        ]  # fmt: skip
    if fmt == "nbb":
        return nbb.dumps(movement)
    if fmt in ("csv", "bridgemate"):
        return tables.dumps(movement, fmt)
    return None, [
        Problem.make(
            Location(movement.name or "movement"),
            "'%(format)s' is not a movement format: %(formats)s",
            format=str(fmt),
            formats=", ".join(FORMATS),
        )
    ]


def dumps(movement: Movement, fmt: Format) -> str:
    """The movement as ``fmt`` text; :class:`CannotWrite` (with the problems) where the format cannot hold it."""
    text, problems = write(movement, fmt)
    if text is None:
        raise CannotWrite(problems)
    return text
