"""The director's first look at a traveller file: every line with its score, and every problem found.

Headings and summaries come from the catalogue (``lang="nl"``: Dutch), scores through
:func:`bridgescore.core.i18n.format_number`; the problems' own sentences are the readers' (English).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bridgescore.core.adjustments import WeightedScore
from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Notation
from bridgescore.core.event import Event, Result, ResultStatus
from bridgescore.core.i18n import N_, format_number, translator
from bridgescore.core.problems import Severity, shorten
from bridgescore.io.csv import physical_lines, read_file
from bridgescore.pairs.scored import read_adjustment
from bridgescore.report.csv import guard, rows_csv
from bridgescore.report.plain import write_columns
from bridgescore.report.problems import print_problems

__all__ = [
    "LEFT_OUT_MARK",
    "PLAIN_ROWS",
    "check_csv",
    "check_json",
    "left_out_lines",
    "print_problems",
    "render_check",
    "render_problems",
]

#: Above this many lines the listing is printed as plain aligned columns instead of a drawn table: laying out a
#: table of 100,000 lines takes rich over a minute, and nobody reads that many lines on a screen. Every line is
#: still printed (the director searches the listing, or keeps it with ``-o``), then every problem.
PLAIN_ROWS = 2000

_HEADINGS = (N_("Line"), N_("Section"), N_("Board"), N_("NS"), N_("EW"), N_("Contract"), N_("Lead"), N_("NS score"),
             N_("Remarks"))  # fmt: skip
_RIGHT = (True, False, True, False, False, False, False, True, False)
_CSV_HEADER = (N_("line"), N_("section"), N_("board"), N_("ns"), N_("ew"), N_("contract"), N_("lead"),
               N_("ns_score"), N_("remarks"))  # fmt: skip


def _score_cell(r: Result, lang: str) -> str:
    _ = translator(lang).gettext
    adjustment = read_adjustment(r)[0] if r.remarks else None
    if isinstance(adjustment, WeightedScore):  # the score the line is scored with (Law 12C1(c))
        weighted = format_number(round(adjustment.ns_score), lang, 0, signed=True)
        return _("%(score)s (weighted)") % {"score": weighted}
    if r.status is ResultStatus.NOT_PLAYED:
        return _("not played")
    if r.status is ResultStatus.ADJUSTED:
        return _("adjusted")
    return "" if r.ns_score is None else format_number(r.ns_score, lang, 0, signed=True)


def _columns(event: Event, notation: Notation, lang: str) -> list[list[str]]:
    """Per heading of ``_HEADINGS`` the cells of every traveller line, as written in the file where they are text.
    Built from the event's columns (issue 12): a contract, lead and score are formatted once per different value
    (an event repeats them many times), from the line where the value first appears; no ``Result`` is built for
    the other lines."""
    table = event.table
    n = len(table)
    if not n:
        return [[] for _ in _HEADINGS]
    results = event.results

    def once_per_key(keys: npt.NDArray[np.int64], cell: Callable[[Result], str]) -> list[str]:
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        cells = [cell(results[i]) for i in first.tolist()]
        return [cells[k] for k in inverse.reshape(-1).tolist()]

    def codes(values: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        return np.unique(values, return_inverse=True)[1].reshape(-1).astype(np.int64)

    contract_key = (table.contract.codes.astype(np.int64) * 5 + (table.declarer.astype(np.int64) + 1)) * 15 + (
        table.tricks.astype(np.int64) + 1
    )
    contracts = once_per_key(contract_key, lambda r: r.describe_contract(notation))
    leads = [format_lead(lead, notation) for lead in table.lead.labels]
    scores_written = codes(np.where(np.isnan(table.ns_score), np.inf, table.ns_score))
    score_key = table.status.astype(np.int64) * (int(scores_written.max()) + 1) + scores_written
    # a line with remarks is its own key: a weighted score (Law 12C1(c)) depends on the board's vulnerability and
    # the declarer as well as on the remark, and such lines are few
    remarked = table.remarks.mask(bool)
    score_key = np.where(remarked, int(score_key.max(initial=0)) + 1 + np.arange(n), score_key)
    scores = once_per_key(score_key, lambda r: _score_cell(r, lang))
    has_line = table.file.mask(lambda file: file is not None) & (table.line != 0)
    lines = [str(line) if shown else "" for line, shown in zip(table.line.tolist(), has_line.tolist(), strict=True)]
    return [
        lines,
        table.section.values(),
        list(map(str, table.board.tolist())),
        table.ns_pair.values(),
        table.ew_pair.values(),
        contracts,
        [leads[code] for code in table.lead.codes.tolist()],
        scores,
        table.remarks.values(),
    ]


def _rows(event: Event, notation: Notation, lang: str) -> list[tuple[str, ...]]:
    """Per traveller line its cells (the order of ``_HEADINGS``), see :func:`_columns`."""
    return list(zip(*_columns(event, notation, lang), strict=True))


#: The mark of a line left out for an error, beside its number in the listing.
LEFT_OUT_MARK = "✗"


def left_out_lines(event: Event) -> list[tuple[str | None, int]]:
    """The lines of the files that an error left out – (file, line) of every error located at a line that gave no
    traveller line – in file order.  ``check`` lists them, marked, where they stand: "189 traveller lines" for a
    file of 192 hid the three a director most needs to see (issue 18)."""
    located = {(p.location.file, p.location.line) for p in event.problems
               if p.severity is Severity.ERROR and p.location.line}  # fmt: skip
    if not located:
        return []
    table = event.table
    files = table.file.labels
    read = set(zip((files[c] for c in table.file.codes.tolist()), table.line.tolist(), strict=True))
    order = {file: i for i, file in enumerate(dict.fromkeys([*files, *(f for f, _ in located)]))}
    return sorted(located - read, key=lambda at: (order[at[0]], at[1]))


def _line_texts(lines: list[tuple[str | None, int]]) -> dict[tuple[str | None, int], str]:
    """The text of each of ``lines`` as its file holds it ("" where the file cannot be read again)."""
    texts: dict[tuple[str | None, int], str] = {}
    for file in dict.fromkeys(f for f, _ in lines):
        text = read_file(file)[0] if file else None
        held = physical_lines(text) if text is not None else []
        for at in lines:
            if at[0] == file:
                texts[at] = held[at[1] - 1].strip() if 0 < at[1] <= len(held) else ""
    return texts


def _with_left_out(event: Event, columns: list[list[str]], lang: str) -> list[list[str]]:
    """``columns`` with a row for each line an error left out (:func:`left_out_lines`), where it stands in its file:
    its number marked, its text as written in the contract column, and "left out" in the remarks."""
    missing = left_out_lines(event)
    if not missing:
        return columns
    _ = translator(lang).gettext
    texts = _line_texts(missing)
    table = event.table
    files = table.file.labels
    order = {file: i for i, file in enumerate(dict.fromkeys([*files, *(f for f, _ in missing)]))}
    rank = np.array([order[f] for f in files], dtype=np.int64)
    listed = (rank[table.file.codes] if len(files) else np.zeros(0, np.int64)) << 32 | table.line.astype(np.int64)
    left = np.array([order[f] << 32 | line for f, line in missing], dtype=np.int64)
    ranked = np.argsort(np.concatenate([listed, left]), kind="stable").tolist()  # by file, then line
    extra: list[list[str]] = [[""] * len(missing) for _ in _HEADINGS]
    extra[0] = [f"{line} {LEFT_OUT_MARK}" for _, line in missing]
    extra[5] = [shorten(texts[at], 60) for at in missing]
    extra[8] = [_("left out")] * len(missing)
    merged = [column + more for column, more in zip(columns, extra, strict=True)]
    return [[cells[i] for i in ranked] for cells in merged]


def render_check(event: Event, console: Console, notation: Notation = "en", lang: str = "en") -> None:
    """Print every traveller line read, with its NS score (a weighted assigned score's weighted score), then
    every problem: a table, or above :data:`PLAIN_ROWS` lines plain aligned columns.

    ``notation``: contracts, seats and leads; ``lang``: headings and numbers (``nl``: Dutch words)."""
    _ = translator(lang).gettext
    columns = _with_left_out(event, _columns(event, notation, lang), lang)
    count = {"count": format_number(len(event.results), lang)}
    left_out = len(columns[0]) - len(event.results)
    title = _("%(count)s traveller lines") % count
    if left_out:
        title += _(", %(left)s left out for an error (%(mark)s)") % {
            "left": format_number(left_out, lang), "mark": LEFT_OUT_MARK
        }  # fmt: skip
    headings = [_(h) for h in _HEADINGS]
    if len(columns[0]) > PLAIN_ROWS:
        _print_plain(console, title, headings, columns)
    else:
        table = Table(title=title, title_justify="left")
        for k, (heading, right) in enumerate(zip(headings, _RIGHT, strict=True)):  # a left-out line's text folds
            table.add_column(heading, justify="right" if right else "left", overflow="fold" if k == 5 else "ellipsis")
        for row in zip(*columns, strict=True):  # the file's text as written: a "[/]" in it is not rich markup
            table.add_row(*map(escape, row), style="red" if row[0].endswith(LEFT_OUT_MARK) else None)
        console.print(table)
    render_problems(event, console, lang)
    if not event.problems:
        console.print(_("No problems: all %(count)s traveller lines are read.") % count, highlight=False)


def _print_plain(console: Console, title: str, headings: list[str], columns: list[list[str]]) -> None:
    """The listing as plain text columns (:func:`bridgescore.report.plain.write_columns`), written straight to the
    console's file (no layout, no markup): 100,000 lines in a fraction of a second."""
    out = console.file
    out.write(title + "\n")
    write_columns(out, headings, _RIGHT, columns)
    out.flush()


def check_csv(event: Event, notation: Notation = "en", lang: str = "en") -> str:
    """Every traveller line as a CSV row (the listing's columns; text cells guarded against spreadsheet formulas,
    :func:`bridgescore.report.csv.guard`); Dutch: Dutch headers and ``;`` as in the score command's CSV."""
    _ = translator(lang).gettext
    rows = (
        [line, guard(section), board, guard(ns), guard(ew), guard(contract), guard(lead), score, guard(remarks)]
        for line, section, board, ns, ew, contract, lead, score, remarks in _rows(event, notation, lang)
    )
    return rows_csv([[_(h) for h in _CSV_HEADER], *rows], lang)


def check_json(event: Event, notation: Notation = "en") -> str:
    """Every traveller line and every problem as JSON (schema ``bridgescore.check/1``): per line its file, line,
    section, board, pairs, contract, declarer, tricks, lead (in ``notation``), status, NS score and remarks; and
    ``left_out``, each line an error left out (file, line and its text as written, :func:`left_out_lines`)."""
    lines: list[dict[str, Any]] = [
        {
            "file": r.source.file if r.source else None,
            "line": r.source.line if r.source else None,
            "section": r.section,
            "board": r.board,
            "ns_pair": r.ns_pair,
            "ew_pair": r.ew_pair,
            "contract": None if r.contract is None else r.contract.format(notation),
            "declarer": None if r.declarer is None else r.declarer.label(notation),
            "tricks": r.tricks,
            "lead": format_lead(r.lead, notation) or None,
            "status": r.status.value,
            "ns_score": r.ns_score,
            "remarks": r.remarks or None,
        }
        for r in event.results
    ]
    problems = [
        {
            "file": p.location.file,
            "line": p.location.line,
            "field": p.location.field,
            "severity": p.severity.value,
            "message": p.text(),
        }
        for p in event.problems
    ]
    missing = left_out_lines(event)
    texts = _line_texts(missing)
    left_out = [{"file": file, "line": line, "text": texts[(file, line)]} for file, line in missing]
    document = {"schema": "bridgescore.check/1", "lines": lines, "left_out": left_out, "problems": problems}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def render_problems(event: Event, console: Console, lang: str = "en") -> None:
    """One line per problem, errors first in file order; a summary line at the end (in ``lang``), offering
    --skip-invalid only where the event has results to go on with."""
    print_problems(event.problems, console, lang, can_go_on=bool(event.results))
