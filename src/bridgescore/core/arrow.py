"""The traveller lines as tables for analysts: Arrow and pandas, built from the columns of
:class:`~bridgescore.core.table.ResultTable` (no Python object per line), beside the columns they convert (issue 20:
``Event.to_arrow`` and ``Event.to_pandas`` need nothing above the model).

pandas and pyarrow are dependencies of bridgescore (analysts work in Jupyter with pandas: the natural path is
installed), imported only when a table is asked for, so ``import bridgescore`` and the command line stay quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Seat
from bridgescore.core.table import STATUSES

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

    from bridgescore.core.contract import Notation
    from bridgescore.core.table import Column, ResultTable

__all__ = ["arrow", "dictionary", "floats", "frame", "line_columns"]


def arrow() -> Any:
    """pyarrow, imported when a table is first asked for (a clear message where it is missing)."""
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - a dependency; a broken environment only
        raise ImportError("bridgescore's tables need pyarrow: pip install 'pyarrow>=15'") from None
    return pyarrow


def dictionary(column: Column[Any], rows: npt.NDArray[Any] | None, text: Any = str) -> pa.DictionaryArray:
    """A dictionary-encoded column as an Arrow dictionary array (the labels once, an index per row), ``rows``
    taken in that order; a None label is a null."""
    pa = arrow()
    codes = column.codes if rows is None else column.codes[rows]
    labels = column.labels
    is_null = np.fromiter((label is None for label in labels), dtype=bool, count=len(labels))
    words = [("" if label is None else text(label)) for label in labels]
    # labels that read the same (a contract written two ways) become one word: the dictionary must be distinct
    index: dict[str, int] = {}
    recode = np.fromiter((index.setdefault(w, len(index)) for w in words), dtype=np.int32, count=len(words))
    indices = recode[codes] if len(labels) else codes.astype(np.int32)
    mask = is_null[codes] if len(labels) and is_null.any() else None
    return pa.DictionaryArray.from_arrays(pa.array(indices, type=pa.int32(), mask=mask), pa.array(list(index)))


def floats(values: npt.NDArray[np.float64]) -> pa.Array:
    """Floats with NaN (none) as nulls."""
    pa = arrow()
    return pa.array(values, type=pa.float64(), from_pandas=True)


def frame(table: pa.Table) -> pd.DataFrame:
    """An Arrow table as a pandas DataFrame with plain columns (text as strings, not categories, so that a
    ``groupby`` reads as on any other frame); missing numbers NaN."""
    try:
        import pandas  # noqa: F401
    except ImportError:  # pragma: no cover - a dependency; a broken environment only
        raise ImportError("bridgescore's DataFrames need pandas: pip install 'pandas>=2'") from None
    pa = arrow()
    plain = table.cast(
        pa.schema([pa.field(f.name, f.type.value_type) if pa.types.is_dictionary(f.type) else f for f in table.schema])
    )
    import pandas as pd

    integers = {pa.int8(): pd.Int8Dtype(), pa.int32(): pd.Int32Dtype()}  # a missing number <NA>, not a float NaN
    return plain.to_pandas(types_mapper=integers.get)


def line_columns(table: ResultTable, rows: npt.NDArray[Any] | None, notation: Notation) -> dict[str, Any]:
    """The columns of the lines of ``table`` (``rows`` of it in that order, or all) as Arrow arrays, by name."""
    pa = arrow()

    def take(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return values if rows is None else values[rows]

    declarer = take(table.declarer).astype(np.int64)
    seats = np.array(["", *(s.label(notation) for s in Seat)], dtype=object)
    tricks = take(table.tricks).astype(np.int64)
    statuses = [s.value for s in STATUSES]
    columns: dict[str, Any] = {
        "file": dictionary(table.file, rows),
        "line": pa.array(take(table.line), type=pa.int32(), mask=take(table.line) == 0),
        "section": dictionary(table.section, rows),
        "board": pa.array(take(table.board), type=pa.int32()),
        "ns_pair": dictionary(table.ns_pair, rows),
        "ew_pair": dictionary(table.ew_pair, rows),
        "contract": dictionary(table.contract, rows, lambda c: c.format(notation)),
        "declarer": pa.DictionaryArray.from_arrays(
            pa.array(declarer + 1, type=pa.int32(), mask=declarer < 0), pa.array(list(seats))
        ),
        "tricks": pa.array(tricks, type=pa.int8(), mask=tricks < 0),
        # the card as the JSON report gives it (``DA``, ``CJ`` – a Dutch ``RA``, ``KB`` or a rank-first ``AD`` alike,
        # so a group by suit is right), and the text as the file wrote it beside it (issue 18)
        "lead": dictionary(table.lead, rows, lambda lead: format_lead(lead, notation)),
        "lead_written": dictionary(table.lead, rows),
        "ns_score": floats(take(table.ns_score)),
        "status": pa.DictionaryArray.from_arrays(
            pa.array(take(table.status).astype(np.int32), type=pa.int32()), pa.array(statuses)
        ),
        "remarks": dictionary(table.remarks, rows),
    }
    return columns
