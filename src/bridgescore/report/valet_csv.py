"""The Valet program's csv layout (``shared/reference/valet/CONVENTIONS.md`` §4.3), so spreadsheets built on
its output keep working: header ``Players,Count,<IMPs|Butler|MP>,Bid,Play,Decl,#,Def,#,Decl1,#,Decl2,#,``
(with leads ``Lead1,#,Lead2,#,[Avg,#,]Play,#``), rows of ``value,count`` cells, ``-,0`` where a count is 0,
two spaces before the Def value and the separator at the end of every row; a blank line after each table.

The numbers are bridgescore's (its corrections of the reference's defects included: see the README).
"""

from __future__ import annotations

import numpy as np

from bridgescore.methods.valet import ValetResult

__all__ = ["render_valet_csv"]


def _fmt(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
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
    summary = result.summary()
    counts = result.summary_counts()
    lines: list[str] = []
    for table in result.tables_to_print():
        lines.append(head)
        for p in table:
            row = [result.pair_name(int(p)), str(int(counts[p, 0]))]
            row += [_fmt(summary[p, k], decimals) for k in (0, 1, 2)]
            parts = j.join(row) + j
            for k in cells:
                v = summary[p, k]
                value = "-" if np.isnan(v) else _fmt(v, decimals)
                if k == 4:
                    value = "  " + value
                parts += f"{value}{j}{int(counts[p, k])}{j}"
            lines.append(parts)
        lines.append("")
    return "\n".join(lines) + "\n"
