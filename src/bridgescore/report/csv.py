"""The scored event as CSV: the rankings (one row per pair), or with ``boards`` every traveller line.

English (default): machine-friendly headers (``section,board,ns,…``), ``,`` between fields, ``.`` in numbers.
Dutch (``lang="nl"``): Dutch headers and words (``lijn;spel;nz;…``, ``NZ``/``OW``, ``gespeeld``), decimal
comma, and therefore ``;`` between fields – what a spreadsheet set to Dutch reads without a question.
"""

from __future__ import annotations

import csv as _csv
import io

from bridgescore.cards import format_lead
from bridgescore.contract import Notation
from bridgescore.i18n import N_, translator
from bridgescore.report.labels import adjustment_label, number, penalty_cell
from bridgescore.scored import ScoredEvent
from bridgescore.standings import Standing, compute_standings

__all__ = ["DELIMITERS", "FORMULA_STARTS", "boards_csv", "guard", "standings_csv"]

#: The field separator per language: a decimal comma cannot share the line with a comma separator.
DELIMITERS = {"en": ",", "nl": ";"}

_STANDINGS_HEADER = (
    N_("group"), N_("section"), N_("place"), N_("pair"), N_("names"), N_("boards"), N_("total"),
    N_("unfactored_total"), N_("maximum"), N_("percent"), N_("average"),
)  # fmt: skip
#: Added to the standings where a pair has a penalty or correction (bridgescore.penalties), so a file without any
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


#: The first characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def guard(text: str) -> str:
    """A text cell (name, pair, section, contract, lead, remarks) made safe to open in a spreadsheet: a cell
    beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a ``'`` in front, so a name such as
    ``=HYPERLINK(…)`` is shown, not run (OWASP, "CSV Injection"). Numbers are not guarded: ``-3.50`` stays a
    number."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


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
    for s in standings:
        for e in s.entries:
            row = [_value(s.group, lang), guard(e.section), e.place_label, guard(e.pair), guard(e.names),
                   number(e.boards, lang),
                   number(e.total, lang), number(e.unfactored_total, lang), number(e.maximum, lang),
                   number(e.percent, lang), number(e.average, lang)]  # fmt: skip
            if penalised:
                row += [penalty_cell(e, lang), number(e.total_before_penalty, lang)]
            writer.writerow(row)
    return out.getvalue()


def boards_csv(scored: ScoredEvent, notation: Notation = "en", lang: str = "en") -> str:
    """One row per traveller line with its datum, score and points."""
    out = io.StringIO()
    writer = _csv.writer(out, delimiter=DELIMITERS.get(lang, ","), lineterminator="\n")
    writer.writerow(_header(_BOARDS_HEADER, lang))
    for board in scored.boards:
        for line in board.lines():
            r = line.result
            writer.writerow([
                guard(r.section), number(board.number, lang), guard(r.ns_pair), guard(r.ew_pair),
                "" if r.contract is None else guard(r.contract.format(notation)),
                "" if r.declarer is None else r.declarer.label(notation),
                "" if r.tricks is None else number(r.tricks, lang), guard(format_lead(r.lead, notation)),
                "" if line.ns_score is None else number(line.ns_score, lang), _value(r.status.value, lang),
                guard(adjustment_label(line.adjustment, lang)),
                number(board.datum, lang), number(board.top, lang), number(line.ns_points, lang),
                number(line.ew_points, lang), number(line.ns_percent, lang), number(line.ew_percent, lang),
            ])  # fmt: skip
    return out.getvalue()
