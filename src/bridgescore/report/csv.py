"""CSV cells and rows every report writes the same way (issue 20: shared by the pairs, teams, individual, Valet and
season reports): the field separator per language and the guard against a cell being run as a spreadsheet formula."""

from __future__ import annotations

import csv as _csv
import io
from collections.abc import Iterable, Sequence

#: The field separator per language: a decimal comma cannot share the line with a comma separator.
DELIMITERS = {"en": ",", "nl": ";"}


#: The first characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def guard(text: str) -> str:
    """A text cell (name, pair, section, contract, lead, remarks) made safe to open in a spreadsheet: a cell
    beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a ``'`` in front, so a name such as
    ``=HYPERLINK(…)`` is shown, not run (OWASP, "CSV Injection"). Numbers are not guarded: ``-3.50`` stays a
    number."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def rows_csv(rows: Iterable[Sequence[object]], lang: str = "en") -> str:
    """``rows`` (the header first) as CSV text in the conventions of ``lang``: ``,`` between fields, ``;`` in Dutch
    (whose numbers have a decimal comma), a newline after each row; the caller guards its text cells
    (:func:`guard`)."""
    buffer = io.StringIO()
    _csv.writer(buffer, delimiter=DELIMITERS.get(lang, ","), lineterminator="\n").writerows(rows)
    return buffer.getvalue()
