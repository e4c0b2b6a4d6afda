"""The scored event as CSV: the rankings (one row per pair), or with ``boards`` every traveller line.

English (default): machine-friendly headers (``section,board,ns,…``), ``,`` between fields, ``.`` in numbers.
Dutch (``lang="nl"``): Dutch headers and words (``lijn;spel;nz;…``, ``NZ``/``OW``, ``gespeeld``), decimal
comma, and therefore ``;`` between fields – what a spreadsheet set to Dutch reads without a question.
"""

from __future__ import annotations

import csv as _csv
import io
import math
from collections.abc import Callable
from typing import IO

import numpy as np

from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Notation
from bridgescore.core.i18n import N_, translator
from bridgescore.core.table import STATUSES
from bridgescore.pairs.report.labels import adjustment_label, number, penalty_cell
from bridgescore.pairs.scored import ScoredEvent
from bridgescore.pairs.standings import Standing, compute_standings
from bridgescore.report.columns import memo, per_code, per_int, per_label, per_value, seats
from bridgescore.report.csv import (
    DELIMITERS,
    FORMULA_STARTS,
    guard,
    rows_csv,
)

__all__ = ["DELIMITERS", "FORMULA_STARTS", "boards_csv", "guard", "rows_csv", "standings_csv", "write_boards_csv"]


_STANDINGS_HEADER = (
    N_("group"), N_("section"), N_("place"), N_("pair"), N_("names"), N_("boards"), N_("total"),
    N_("unfactored_total"), N_("maximum"), N_("percent"), N_("average"),
)  # fmt: skip
#: Added to the standings where a pair has a penalty or correction (bridgescore.pairs.penalties), so a file without any
#: keeps the columns it always had.
_PENALTY_HEADER = (N_("penalty"), N_("total_before_penalty"))
_BOARDS_HEADER = (
    N_("section"), N_("board"), N_("ns"), N_("ew"), N_("contract"), N_("declarer"), N_("tricks"), N_("lead"),
    N_("ns_score"), N_("status"), N_("adjustment"), N_("datum"), N_("top"), N_("ns_points"), N_("ew_points"),
    N_("ns_percent"), N_("ew_percent"),
)  # fmt: skip
#: The values of the ``group`` and ``status`` columns.
_VALUES = {
    "NS": N_("NS"), "EW": N_("EW"), "all": N_("all"),
    "played": N_("played"), "passed-out": N_("passed-out"), "not-played": N_("not-played"), "adjusted": N_("adjusted"),
}  # fmt: skip


def _header(names: tuple[str, ...], lang: str) -> list[str]:
    _ = translator(lang).gettext
    return [_(name) for name in names]


def _value(text: str, lang: str) -> str:
    return translator(lang).gettext(_VALUES[text]) if text in _VALUES else text


def standings_csv(scored: ScoredEvent, standings: tuple[Standing, ...] | None = None, lang: str = "en") -> str:
    """One row per ranked pair: group, section, place, pair, names, boards, total, maximum, percent, average; where
    a pair has a penalty, also the penalties (as written, with their points where a percentage was turned into
    points) and the total before them."""
    standings = compute_standings(scored) if standings is None else standings
    out = io.StringIO()
    writer = _csv.writer(out, delimiter=DELIMITERS.get(lang, ","), lineterminator="\n")
    penalised = any(e.penalty_label for s in standings for e in s.entries)
    writer.writerow(_header(_STANDINGS_HEADER + (_PENALTY_HEADER if penalised else ()), lang))
    num = memo(number, lang)  # a large ranking repeats its numbers: each is written once
    for s in standings:
        for e in s.entries:
            row = [_value(s.group, lang), guard(e.section), e.place_label, guard(e.pair), guard(e.names),
                   num(e.boards), num(e.total), num(e.unfactored_total), num(e.maximum), num(e.percent),
                   num(e.average)]  # fmt: skip
            if penalised:
                row += [guard(penalty_cell(e, lang)), number(e.total_before_penalty, lang)]
            writer.writerow(row)
    return out.getvalue()


def boards_csv(scored: ScoredEvent, notation: Notation = "en", lang: str = "en") -> str:
    """One row per traveller line with its datum, score and points (the text :func:`write_boards_csv` writes)."""
    out = io.StringIO()
    write_boards_csv(scored, out, notation, lang)
    return out.getvalue()


def write_boards_csv(scored: ScoredEvent, stream: IO[str], notation: Notation = "en", lang: str = "en") -> None:
    """Write one row per traveller line with its datum, score and points to ``stream``, a board at a time.

    Worked out from the event's columns (issue 12, :mod:`bridgescore.report.columns`): every distinct section,
    pair, contract, lead and number is formatted, guarded (:func:`guard`) and quoted once – with the same
    functions and the same quoting as a ``csv.writer`` row – so a 1,000,000-line event is written without a
    Python object per line and field; the text is the one the row-by-row writer gave."""
    delimiter = DELIMITERS.get(lang, ",")
    quote = _quoter(delimiter)
    header = io.StringIO()
    _csv.writer(header, delimiter=delimiter, lineterminator="\n").writerow(_header(_BOARDS_HEADER, lang))
    stream.write(header.getvalue())
    c = scored.lines
    table, rows = c.table, c.rows

    def cell(text: str) -> str:
        return quote(guard(text))

    def num(value: float) -> str:
        return quote(number(None if math.isnan(value) else value, lang))

    columns = (
        per_label(table.section, rows, cell),
        per_int(c.board_numbers[c.board_of_line], lambda n: quote(number(n, lang))),
        per_label(table.ns_pair, rows, cell),
        per_label(table.ew_pair, rows, cell),
        per_label(table.contract, rows, lambda k: "" if k is None else cell(k.format(notation))),
        seats(table.declarer[rows], lambda d: "" if d is None else quote(d.label(notation))),
        per_int(table.tricks[rows], lambda t: "" if t < 0 else quote(number(t, lang))),
        per_label(table.lead, rows, lambda lead: cell(format_lead(lead, notation))),
        per_value(c.ns_scores, lambda v: "" if math.isnan(v) else quote(number(round(v), lang))),
        per_code(table.status[rows], STATUSES, lambda status: quote(_value(status.value, lang))),
    )
    adjustments = np.full(len(rows), "", dtype=object)
    for position, adjustment in c.adjustments.items():
        adjustments[position] = cell(adjustment_label(adjustment, lang))
    points = (
        per_value(c.datums, num)[c.board_of_line] if len(c.datums) else adjustments,
        per_value(c.tops, num)[c.board_of_line] if len(c.tops) else adjustments,
        per_value(c.ns_points, num),
        per_value(c.ew_points, num),
        per_value(c.ns_percent, num),
        per_value(c.ew_percent, num),
    )
    join = delimiter.join
    starts = c.board_starts.tolist()
    for b in range(len(c.board_sections)):
        s, e = starts[b], starts[b + 1]
        cells = [column[s:e].tolist() for column in (*columns, adjustments, *points)]
        stream.write("".join([join(row) + "\n" for row in zip(*cells, strict=True)]))


def _quoter(delimiter: str) -> Callable[[str], str]:
    """A cell as ``csv.writer`` writes it in a row of several (quoted where it holds the delimiter, a quote or a
    line break)."""
    buffer = io.StringIO()
    writer = _csv.writer(buffer, delimiter=delimiter, lineterminator="\n")

    def quote(text: str) -> str:
        if not text:
            return ""  # alone in a row csv.writer writes "" for it; among others nothing
        buffer.seek(0)
        buffer.truncate()
        writer.writerow([text])
        return buffer.getvalue()[:-1]

    return quote
