"""Plain aligned text columns: what the terminal reports print instead of a drawn (rich) table above a few thousand
rows (``check``'s listing, ``score``'s rankings and travellers; issue 12).  Laying out a rich table of 100,000 rows
takes over a minute; these columns take a fraction of a second, read the same in a terminal, and can be searched
or kept with ``-o``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from bridgescore.report.printable import escape_controls, has_controls

__all__ = ["write_columns"]


def write_columns(
    out: IO[str], headings: Sequence[str], right: Sequence[bool], columns: Sequence[Sequence[str]]
) -> None:
    """Write ``headings``, a line of dashes and the rows of ``columns`` (one sequence of cells per column), each
    column as wide as its widest cell, right-aligned where ``right`` says so, two spaces apart; trailing spaces
    are dropped.  A cell holding a control character (a name's ``ESC[2J``) is written escaped
    (:func:`~bridgescore.report.printable.escape_controls`): these columns go to the screen without rich."""
    columns = [_printable(column) for column in columns]
    widths = [max(len(h), max(map(len, column), default=0)) for h, column in zip(headings, columns, strict=True)]
    template = "  ".join(f"{{:{'>' if r else '<'}{w}}}" for w, r in zip(widths, right, strict=True))
    out.write(template.format(*headings).rstrip() + "\n")
    out.write(template.format(*("-" * w for w in widths)).rstrip() + "\n")
    form = template.format
    out.writelines([form(*row).rstrip() + "\n" for row in zip(*columns, strict=True)])


def _printable(column: Sequence[str]) -> Sequence[str]:
    """``column`` with its cells' controls escaped; looked for in the whole column at once (a column of 100,000
    cells without one, the rule, costs one search)."""
    if not has_controls("\n".join(column)):
        return column
    return [escape_controls(cell) for cell in column]
