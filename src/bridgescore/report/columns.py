"""The cells of a scored event's traveller lines, worked out from its columns (issue 12: writers that stream).

A report of a 1,000,000-line event cannot afford a Python object and a formatting call per line and field.  The
lines' text fields are dictionary-encoded (:class:`bridgescore.core.table.Column`) and their numbers repeat (a board of
10,000 tables has a few dozen different scores, so a few dozen different points): each helper here converts every
*distinct* value once – with the same function a report used per line before, so the cells are the same – and
hands back an object array with the converted value of every line, to be sliced per board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import Seat
from bridgescore.core.table import Column

__all__ = ["ObjectArray", "memo", "per_code", "per_int", "per_label", "per_value", "seats"]

T = TypeVar("T")

#: One Python object per line (a cell's text, a JSON value).
ObjectArray = npt.NDArray[np.object_]

_SEATS: tuple[Seat, ...] = tuple(Seat)


def _objects(values: list[Any]) -> ObjectArray:
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


def per_label(column: Column[T], rows: npt.NDArray[np.int64], convert: Callable[[T], object]) -> ObjectArray:
    """``convert`` of each row's label, for the rows ``rows`` in that order (once per distinct label)."""
    converted = _objects([convert(label) for label in column.labels])
    return converted[column.codes[rows]] if len(column.labels) else np.empty(len(rows), dtype=object)


def per_code(codes: npt.NDArray[Any], labels: tuple[T, ...], convert: Callable[[T], object]) -> ObjectArray:
    """``convert(labels[code])`` for every code (codes from 0; once per label)."""
    converted = _objects([convert(label) for label in labels])
    return converted[codes] if len(labels) else np.empty(len(codes), dtype=object)


def per_value(values: npt.NDArray[np.float64], convert: Callable[[float], object]) -> ObjectArray:
    """``convert`` of every number (NaN included: ``convert`` says what a missing number is), once per distinct
    value: a board's points repeat as its scores do."""
    if not len(values):
        return np.empty(0, dtype=object)
    unique, inverse = np.unique(values, return_inverse=True)
    converted = _objects([convert(v) for v in unique.tolist()])
    return converted[inverse.reshape(-1)]


def per_int(values: npt.NDArray[Any], convert: Callable[[int], object]) -> ObjectArray:
    """``convert`` of every integer (a seat, a number of tricks; -1 for none), once per distinct value."""
    if not len(values):
        return np.empty(0, dtype=object)
    unique, inverse = np.unique(values, return_inverse=True)
    converted = _objects([convert(v) for v in unique.tolist()])
    return converted[inverse.reshape(-1)]


def seats(declarers: npt.NDArray[np.int8], convert: Callable[[Seat | None], object]) -> ObjectArray:
    """``convert`` of each line's declarer (the table's -1: none)."""
    return per_int(declarers, lambda d: convert(None if d < 0 else _SEATS[d]))


def memo(form: Callable[[Any, str], str], lang: str) -> Callable[[Any], str]:
    """``form(value, lang)`` worked out once per distinct value (a ranking of 200,000 pairs repeats its totals and
    percentages); None is ``""``, as :func:`bridgescore.pairs.report.labels.number` and ``points`` write it."""
    cache: dict[Any, str] = {None: ""}

    def cell(value: Any) -> str:
        text = cache.get(value)
        if text is None:
            text = cache[value] = form(value, lang)
        return text

    return cell
