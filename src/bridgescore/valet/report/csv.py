"""The Valet program's csv layout (``shared/reference/valet/CONVENTIONS.md`` §4.3), so spreadsheets built on
its output keep working: header ``Players,Count,<IMPs|Butler|MP>,Bid,Play,Decl,#,Def,#,Decl1,#,Decl2,#,``
(with leads ``Lead1,#,Lead2,#,[Avg,#,]Play,#``), rows of ``value,count`` cells, ``-,0`` where a count is 0,
two spaces before the Def value and the separator at the end of every row; a blank line after each table.

The numbers are bridgescore's (its corrections of the reference's defects included: see docs/valet.md).

A player's name is the one text cell, and the reference writes it as it is. bridgescore writes ordinary names the
same way (byte for byte), but guards a name beginning with ``=``, ``+``, ``-`` or ``@`` against being run as a
spreadsheet formula (:func:`bridgescore.report.csv.guard`) and quotes a name holding the separator, a quote or a
line break as CSV does (``"Smith, Ann"``), so that it stays one cell: the reference would split it in two.
"""

from __future__ import annotations

import numpy as np

from bridgescore.valet.score import ValetResult

__all__ = ["render_valet_csv"]


def _column(values: np.ndarray, counts: np.ndarray | None, decimals: int) -> list[str]:
    """Formatted cells of one column: ``value`` (or ``value,count``), ``-`` where the count is 0."""
    text = [f"{v:.{decimals}f}" for v in values.tolist()]
    if counts is None:
        return text
    return [t if c else "-" for t, c in zip(text, counts.tolist(), strict=True)]


def _name_cell(name: str, separator: str) -> str:
    """A name as one safe cell: guarded against formulas, and quoted where it holds the separator, ``"`` or a
    line break."""
    text = name
    if not name[:1].isalnum():  # only a name beginning with a sign can read as a formula: see guard
        from bridgescore.report.csv import guard

        text = guard(name)
    if separator in text or '"' in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text


def render_valet_csv(result: ValetResult, separator: str = ",") -> str:
    """The whole csv text: one table, or two with ``min_hands``."""
    opts = result.options
    j = separator
    decimals = 1 if result.matchpoints else 2
    header = ["Players", "Count", opts.form.header, "Bid", "Play", "Decl", "#", "Def", "#", "Decl1", "#", "Decl2", "#"]
    cells = [3, 4, 5, 6]  # summary columns after the first three
    if opts.leads:
        header += ["Lead1", "#", "Lead2", "#"]
        cells += [7, 8]
        if opts.lead_average:
            header += ["Avg", "#"]
            cells.append(9)
        header += ["Play", "#"]
        cells.append(10)
        head = j.join(header)
    else:
        head = j.join(header) + j
    summary = np.nan_to_num(result.summary())
    counts = result.summary_counts()
    names = [_name_cell(result.pair_name(p), j) for p in range(len(result.pairs))]
    columns = [[str(c) for c in counts[:, 0].tolist()]]
    columns += [_column(summary[:, k], None, decimals) for k in (0, 1, 2)]
    for k in cells:
        values = _column(summary[:, k], counts[:, k], decimals)
        if k == 4:
            values = ["  " + v for v in values]
        columns.append(values)
        columns.append([str(c) for c in counts[:, k].tolist()])
    rows = [j.join(parts) + j for parts in zip(names, *columns, strict=True)]
    lines: list[str] = []
    for table in result.tables_to_print():
        lines.append(head)
        lines.extend(rows[p] for p in table.tolist())
        lines.append("")
    return "\n".join(lines) + "\n"
