"""A movement as JSON, schema ``bridgescore.movement/1`` (issue 21): the exact model, written and read back equal.

::

    schema            "bridgescore.movement/1"
    name              the movement's name (as ``movement suggest`` prints it, or the file's)
    family            mitchell | howell | hesitation | share-and-bump | individual | teams | custom
    source            where it comes from (a publication, a program)
    boards_per_round  boards played at a table in a round
    notes             {key: text} what a file said that the model has no place for
    sections[]        name, per_direction (pairs numbered per direction: Mitchell), phantom (a pair or null),
                      copies (only where not 1: the copies of each board, 2 where two stands of a round each play
                      a copy – the web Mitchell, a teams match's two rooms), rounds[] {round, stands[] {table, ns,
                      ew, boards[], set, arrow_switch[, players]}}, sitting_out (only where there are some: pairs
                      without a stand in any round – a Swiss round's team with the bye)

A pair is ``{"number": 3, "direction": "NS"}`` (``direction`` null where pairs are numbered once); a bye stand has
``ns`` and ``ew`` null.  An individual's stand (family ``individual``) has ``ns`` and ``ew`` null and its four
players, ``"players": {"north": 1, "south": 2, "east": 3, "west": 4}`` – a field only such a stand has, so a file
written before individuals were on the model reads as it did.  Reading never raises on a bad file: every problem
is returned with the file and the place in the document (``sections[0].rounds[2].stands[1].ns``), in words a
director understands.
"""

from __future__ import annotations

import json as _json
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast, get_args

from bridgescore.core.problems import FieldKind, Location, Problem
from bridgescore.io.csv import read_file
from bridgescore.movement.model import (
    SCHEMA,
    Direction,
    Family,
    Movement,
    MovementError,
    PairRef,
    Players,
    Round,
    Section,
    Stand,
)

__all__ = ["FAMILIES", "dumps", "from_dict", "load", "loads", "to_dict"]

#: The families the schema knows: those of :data:`bridgescore.movement.model.Family`.
FAMILIES: tuple[Family, ...] = get_args(Family)


def _pair(pair: PairRef | None) -> dict[str, Any] | None:
    return None if pair is None else {"number": pair.number, "direction": pair.direction}


_SEATS = ("north", "south", "east", "west")


def _stand(s: Stand) -> dict[str, Any]:
    out = {
        "table": s.table,
        "ns": _pair(s.ns),
        "ew": _pair(s.ew),
        "boards": sorted(s.boards),
        "set": s.board_set,
        "arrow_switch": s.arrow_switch,
    }
    if s.players is not None:
        out["players"] = dict(zip(_SEATS, s.players.seats, strict=True))
    return out


def to_dict(movement: Movement) -> dict[str, Any]:
    """The movement as the JSON document's dict (see the module docstring)."""
    return {
        "schema": SCHEMA,
        "name": movement.name,
        "family": movement.family,
        "source": movement.source,
        "boards_per_round": movement.boards_per_round,
        "notes": dict(movement.notes),
        "sections": [
            {
                "name": section.name,
                "per_direction": section.per_direction,
                "phantom": _pair(section.phantom),
                **({"copies": section.copies} if section.copies != 1 else {}),
                **({"sitting_out": [_pair(p) for p in section.sitting_out]} if section.sitting_out else {}),
                "rounds": [
                    {
                        "round": r.number,
                        "stands": [_stand(s) for s in sorted(r.stands, key=lambda s: s.table)],
                    }
                    for r in section.rounds
                ],
            }
            for section in movement.sections
        ],
    }


def dumps(movement: Movement) -> str:
    """The movement as JSON text (two-space indent, a newline at the end)."""
    return _json.dumps(to_dict(movement), indent=2, ensure_ascii=False) + "\n"


class _Bad(Exception):
    """A value of the document that cannot be read: where, and why."""

    def __init__(self, where: str, message: str, **values: object) -> None:
        super().__init__(message)
        self.where = where
        self.message = message
        self.values = values


def _get(obj: Any, key: str, where: str, kind: type | tuple[type, ...], *, default: Any = ...) -> Any:
    if not isinstance(obj, dict):
        raise _Bad(where, "this should be an object ({…})")
    if key not in obj:
        if default is not ...:
            return default
        raise _Bad(f"{where}.{key}" if where else key, "this field is missing")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _Bad(f"{where}.{key}" if where else key, "this field has the wrong type")
    return value


def _pair_from(value: Any, where: str) -> PairRef | None:
    if value is None:
        return None
    number = _get(value, "number", where, int)
    direction = _get(value, "direction", where, (str, type(None)), default=None)
    if direction not in (None, "NS", "EW"):
        raise _Bad(f"{where}.direction", "a direction is NS, EW or null")
    return PairRef(number, cast("Direction | None", direction))


def _players_from(value: Any, where: str) -> Players | None:
    if value is None:
        return None
    return Players(*(_get(value, seat, where, int) for seat in _SEATS))


def from_dict(document: Any) -> Movement:
    """The movement a ``bridgescore.movement/1`` dict holds; :class:`MovementError` (its message names the place)
    for one that cannot be read."""
    try:
        schema = _get(document, "schema", "", str)
        if schema != SCHEMA:
            raise _Bad("schema", "this is not a movement file of this version (schema %(expected)s)", expected=SCHEMA)
        family = _get(document, "family", "", str)
        if family not in FAMILIES:
            raise _Bad("family", "a family is one of %(families)s", families=", ".join(FAMILIES))
        notes = _get(document, "notes", "", dict, default={})
        sections: list[Section] = []
        for i, sec in enumerate(_get(document, "sections", "", list)):
            where = f"sections[{i}]"
            rounds: list[Round] = []
            for j, rnd in enumerate(_get(sec, "rounds", where, list)):
                rwhere = f"{where}.rounds[{j}]"
                stands: list[Stand] = []
                for k, st in enumerate(_get(rnd, "stands", rwhere, list)):
                    swhere = f"{rwhere}.stands[{k}]"
                    boards = _get(st, "boards", swhere, list)
                    if not all(isinstance(b, int) and not isinstance(b, bool) for b in boards):
                        raise _Bad(f"{swhere}.boards", "boards are whole numbers")
                    try:
                        stands.append(
                            Stand(
                                _get(st, "table", swhere, int),
                                _pair_from(_get(st, "ns", swhere, (dict, type(None))), f"{swhere}.ns"),
                                _pair_from(_get(st, "ew", swhere, (dict, type(None))), f"{swhere}.ew"),
                                frozenset(boards),
                                _get(st, "set", swhere, (int, type(None)), default=None),
                                _get(st, "arrow_switch", swhere, bool, default=False),
                                _players_from(
                                    _get(st, "players", swhere, (dict, type(None)), default=None), f"{swhere}.players"
                                ),
                            )
                        )
                    except MovementError as err:
                        raise _Bad(swhere, str(err)) from None
                try:
                    rounds.append(Round(_get(rnd, "round", rwhere, int), tuple(stands)))
                except MovementError as err:
                    raise _Bad(rwhere, str(err)) from None
            try:
                sections.append(
                    Section(
                        _get(sec, "name", where, str),
                        tuple(rounds),
                        _get(sec, "per_direction", where, bool, default=False),
                        _pair_from(_get(sec, "phantom", where, (dict, type(None)), default=None), f"{where}.phantom"),
                        _get(sec, "copies", where, int, default=1),
                        tuple(
                            pair
                            for n, value in enumerate(_get(sec, "sitting_out", where, list, default=[]))
                            if (pair := _pair_from(value, f"{where}.sitting_out[{n}]")) is not None
                        ),
                    )
                )
            except MovementError as err:
                raise _Bad(where, str(err)) from None
        try:
            return Movement(
                _get(document, "name", "", str),
                cast("Family", family),
                _get(document, "source", "", str, default=""),
                _get(document, "boards_per_round", "", int),
                tuple(sections),
                MappingProxyType({str(k): str(v) for k, v in notes.items()}),
            )
        except MovementError as err:
            raise _Bad("", str(err)) from None
    except _Bad as bad:
        text = bad.message % bad.values if bad.values else bad.message
        raise MovementError(f"{bad.where}: {text}" if bad.where else text) from None


def loads(text: str, filename: str = "<input>") -> tuple[Movement | None, list[Problem]]:
    """The movement of a JSON text, or None and the problem that keeps it from being read (with its place)."""
    try:
        document = _json.loads(text)
    except ValueError as err:
        line = getattr(err, "lineno", None)
        return None, [Problem.make(Location(filename, line), "this is not JSON: %(reason)s", reason=str(err)[:120])]
    try:
        return from_dict(document), []
    except MovementError as err:
        place, _, why = str(err).partition(": ")
        if not why:
            place, why = "", place
        location = Location(filename, None, place or None, FieldKind.ELEMENT)
        return None, [Problem.make(location, "%(reason)s", reason=why)]


def load(path: str | Path) -> tuple[Movement | None, list[Problem]]:
    """The movement of a JSON file (read with the package's bounded reader: a device or a huge file is refused)."""
    text, problems = read_file(path)
    if text is None:
        return None, list(problems)
    movement, more = loads(text, str(path))
    return movement, [*problems, *more]
