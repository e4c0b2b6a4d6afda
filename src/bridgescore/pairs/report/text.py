"""The scored event in the terminal: rankings, with ``boards`` every traveller, then the checks and problems.

Above :data:`PLAIN_ROWS` rows (the rankings' entries, with ``boards`` the traveller lines too) the tables are
printed as plain aligned columns (:mod:`bridgescore.report.plain`) instead of rich's drawn tables, as ``check``
prints its listing (issue 12: rich laid out a 100,000-pair ranking in 80 s); the numbers and words are the same,
and a club-size report is unchanged.

The header states the method and every option that changes a number, in the same words as the HTML page's
method line (:func:`bridgescore.pairs.report.method_words.describe_method`, built from the JSON ``options`` block).

Every label comes from the catalogue (``lang="nl"``: Dutch) and every number passes through
:func:`bridgescore.core.i18n.format_number` (decimal comma in Dutch).
"""

from __future__ import annotations

import math

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Notation
from bridgescore.core.event import ResultStatus
from bridgescore.core.i18n import N_, Language, format_number, translator
from bridgescore.core.table import STATUSES
from bridgescore.pairs.checks import Check, run_checks
from bridgescore.pairs.methods.base import FloatArray, Unit
from bridgescore.pairs.report.check import PLAIN_ROWS, render_problems
from bridgescore.pairs.report.json import options_fields
from bridgescore.pairs.report.labels import (
    adjustment_label,
    method_name,
    neuberg_points,
    penalty_cell,
    percent,
    percent_rounding,
    points,
)
from bridgescore.pairs.report.method_words import describe_method
from bridgescore.pairs.scored import ALL_SECTIONS, ScoredEvent, own_matchpoints
from bridgescore.pairs.standings import Standing, compute_standings
from bridgescore.report.columns import memo, per_label, per_value
from bridgescore.report.plain import write_columns
from bridgescore.report.printable import escape_controls

__all__ = ["PLAIN_ROWS", "ranking_table", "render_check_lines", "render_text"]

_GROUP_TITLE = {"NS": N_("North-South"), "EW": N_("East-West"), "all": N_("all pairs")}


def _section_title(section: str, lang: Language) -> str:
    _ = translator(lang).gettext
    if section == ALL_SECTIONS:
        return _("all sections")
    return _("section %(section)s") % {"section": section} if section else ""


def _translate_known(text: str, lang: Language) -> str:
    """``text`` in ``lang`` where the catalogue has it (a check's fixed sentence), else as written."""
    return translator(lang).gettext(text) if text else ""


def ranking_table(
    title: str, across: bool, who: tuple[str, str], is_mp: bool, lang: Language, *, penalised: bool = False
) -> Table:
    """An empty ranking table with its columns, the pairs' (:func:`render_text`) and the players' (the individual
    report) alike: place, the section where ranked across sections, ``who`` (the headings of the number and the
    names, in ``lang``), boards, then total, maximum and % at matchpoints or IMPs and per board at IMPs, and the
    penalty where one was given."""
    _ = translator(lang).gettext
    table = Table(title=escape(title) or None, title_justify="left")
    table.add_column(_("Place"), justify="right")
    if across:
        table.add_column(_("Section"))
    table.add_column(who[0], justify="right")
    table.add_column(who[1])
    table.add_column(_("Boards"), justify="right")
    if is_mp:
        table.add_column(_("Total"), justify="right")
        table.add_column(_("Max"), justify="right")
        table.add_column("%", justify="right")
    else:
        table.add_column(_("IMPs"), justify="right")
        table.add_column(_("Per board"), justify="right")
    if penalised:
        table.add_column(_("Penalty"), justify="right")
    return table


def render_check_lines(checks: tuple[Check, ...], console: Console, lang: Language) -> None:
    """One line per director's check: ok or FAILED, its name and what it found, in ``lang``."""
    _ = translator(lang).gettext
    for check in checks:
        mark = f"[green]{escape(_('ok'))}[/]" if check.ok else f"[red]{escape(_('FAILED'))}[/]"
        line = f"{mark} {escape(_translate_known(check.name, lang))}: {escape(check.text(lang))}"
        console.print(line, highlight=False, soft_wrap=True)


def render_text(
    scored: ScoredEvent,
    console: Console,
    notation: Notation = "en",
    boards: bool = False,
    standings: tuple[Standing, ...] | None = None,
    checks: tuple[Check, ...] | None = None,
    lang: Language = "en",
    title: str | None = None,
) -> None:
    """Print the rankings (and travellers with ``boards``), the checks and every problem.

    ``lang``: the labels and numbers (``nl``: Dutch words, decimal comma); ``notation``: contracts and seats.
    ``title``: the event's title (default: the input's, else "Results").
    """
    _ = translator(lang).gettext
    standings = compute_standings(scored) if standings is None else standings
    checks = run_checks(scored, notation) if checks is None else checks
    is_mp = scored.unit is Unit.MATCHPOINTS
    title = title or scored.event.title or _("Results")
    method_lines = describe_method(
        {
            "method": scored.method.name,
            "options": options_fields(scored),
            "movements": {section: m.value for section, m in sorted(scored.movements.items())},
            "boards": [{"section": section} for section in scored.lines.board_sections],
        },
        lang,
    )
    name = method_name(scored.method.name, lang)  # the header's own spelling; the page's sentence after it
    first = method_lines[0]
    first = name + first[len(name) :] if first.lower().startswith(name.lower()) else first
    console.print(f"[bold]{escape(title)}[/] – {escape(first)}", highlight=False, soft_wrap=True)
    for line in method_lines[1:]:
        console.print(escape(line), highlight=False, soft_wrap=True)
    _render_failed_checks(checks, console, lang)
    rows = sum(len(s.entries) for s in standings) + (len(scored.lines.rows) if boards else 0)
    plain = rows > PLAIN_ROWS
    own = own_matchpoints(scored) if boards else None  # Compscore3: a short board's own matchpoints
    if boards and plain:
        _plain_boards(scored, console, notation, lang, own)
    elif boards:
        for index in range(len(scored.boards)):
            _render_board(scored, board_index=index, console=console, notation=notation, lang=lang, own=own)
    penalised = any(e.penalty_label for s in standings for e in s.entries)
    for standing in standings if plain else ():
        _plain_standing(standing, console, is_mp, penalised, lang)
    for standing in standings if not plain else ():
        table = ranking_table(
            _standing_title(standing, lang), standing.section == ALL_SECTIONS, (_("Pair"), _("Names")), is_mp, lang,
            penalised=penalised,
        )  # fmt: skip
        for e in standing.entries:
            row = [e.place_label or "–"]
            if standing.section == ALL_SECTIONS:
                row.append(escape(e.section))
            # names and pair numbers as written: a "[/]" in them is the file's text, not rich markup
            row += [escape(e.pair), escape(e.names), format_number(e.boards, lang)]
            if is_mp:
                row += [points(e.total, lang), points(e.maximum, lang), percent(e.percent, lang)]
            else:
                factored = "*" if abs(e.total - e.penalty - e.unfactored_total) > 1e-9 else ""  # not a penalty
                row += [points(e.total, lang) + factored, percent(e.average, lang)]  # per board: always 2 decimals
            if penalised:
                row.append(penalty_cell(e, lang))
            table.add_row(*row)
        console.print(table)
    if is_mp:
        console.print(percent_rounding(lang), highlight=False)
    elif any(abs(e.total - e.penalty - e.unfactored_total) > 1e-9 for s in standings for e in s.entries):
        console.print(_("* total factored to the full number of boards (pair played fewer boards)."), highlight=False)
    render_check_lines(checks, console, lang)
    if scored.problems:
        from bridgescore.core.event import Event

        render_problems(Event((), problems=scored.problems), console, lang)


def _render_failed_checks(checks: tuple[Check, ...], console: Console, lang: Language) -> None:
    """A short warning block under the title when a director's check failed, so that nobody publishes a ranking
    without seeing it (issue 11: the failed checks stood only at the bottom, under the rankings and travellers);
    the full list with every finding stays at the bottom."""
    failed = [c for c in checks if not c.ok]
    if not failed:
        return
    _ = translator(lang).gettext
    names = ", ".join(_translate_known(c.name, lang) for c in failed)
    warning = _("WARNING: %(count)s of the director's checks FAILED: %(names)s (details at the end of the report).")
    console.print(
        f"[bold red]{escape(warning % {'count': format_number(len(failed), lang), 'names': names})}[/]",
        highlight=False,
        soft_wrap=True,
    )


def _board_heading(
    section: str, number: int, datum: float | None, top: float | None, lang: Language, own_top: float | None = None
) -> str:
    """``Section A, board 3 – datum NS +120, EW -120 – top 20``: a traveller's title; with ``own_top`` (a short
    board's own matchpoints shown, Compscore3) ``top 4 (Neuberg 6)``."""
    _ = translator(lang).gettext
    heading = _("Board %(board)s") % {"board": number}
    if section and section != ALL_SECTIONS:
        heading = _("Section %(section)s, board %(board)s") % {"section": section, "board": number}
    if datum is not None:
        ew = points(-datum, lang) if datum else "0"
        heading += " – " + _("datum NS %(ns)s, EW %(ew)s") % {"ns": points(datum, lang), "ew": ew}
    if top is not None and own_top is not None:
        heading += " – " + _("top %(top)s (Neuberg %(neuberg)s)") % {
            "top": points(own_top, lang),
            "neuberg": points(top, lang),
        }
    elif top is not None:
        heading += " – " + _("top %(top)s") % {"top": points(top, lang)}
    return heading


def _own(own: tuple[FloatArray, FloatArray, FloatArray] | None, board: int) -> float | None:
    """The board's own top where its traveller shows its own matchpoints (:func:`own_matchpoints`), else None."""
    return None if own is None else _opt(own[2][board])


def _render_board(
    scored: ScoredEvent,
    board_index: int,
    console: Console,
    notation: Notation,
    lang: Language,
    own: tuple[FloatArray, FloatArray, FloatArray] | None = None,
) -> None:
    """One traveller as a drawn table; on a short board with ``own`` (Compscore3) the points columns are the
    lines' own matchpoints and two columns beside them the Neuberg values the totals use, to one decimal."""
    _ = translator(lang).gettext
    board = scored.boards[board_index]
    is_mp = scored.unit is Unit.MATCHPOINTS
    own_top = _own(own, board_index)
    heading = _board_heading(board.section, board.number, board.datum, board.top, lang, own_top)
    table = Table(title=escape(heading), title_justify="left")
    across = board.section == ALL_SECTIONS
    if across:
        table.add_column(_("Section"))
    for name, justify in ((_("NS"), "right"), (_("EW"), "right"), (_("Contract"), "left"), (_("Lead"), "left"),
                          (_("NS score"), "right"), (_("NS pts"), "right"), (_("EW pts"), "right")):  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    if own is not None and own_top is not None:
        table.add_column(_("NS Neuberg"), justify="right")
        table.add_column(_("EW Neuberg"), justify="right")
    if is_mp:
        table.add_column(_("NS %"), justify="right")
        table.add_column(_("EW %"), justify="right")
    first = int(scored.lines.board_starts[board_index])
    for i, line in enumerate(board.lines()):
        r = line.result
        if line.adjustment is not None:
            contract = f"{r.describe_contract(notation)} ({adjustment_label(line.adjustment, lang)})".strip()
        elif r.status.value == "not-played":
            contract = _("not played")
        else:
            contract = r.describe_contract(notation)
        row = [escape(r.section)] if across else []
        row += [
            escape(r.ns_pair),
            escape(r.ew_pair),
            escape(contract),
            escape(format_lead(r.lead, notation)),
            "" if line.ns_score is None else format_number(line.ns_score, lang, 0, signed=True),
            points(line.ns_points, lang),
            points(line.ew_points, lang),
        ]
        if own is not None and own_top is not None:
            row[-2:] = [points(_opt(own[0][first + i]), lang), points(_opt(own[1][first + i]), lang)]
            row += [neuberg_points(line.ns_points, lang), neuberg_points(line.ew_points, lang)]
        if is_mp:
            row += [percent(line.ns_percent, lang), percent(line.ew_percent, lang)]
        table.add_row(*row)
    console.print(table)


def _standing_title(standing: Standing, lang: Language) -> str:
    _ = translator(lang).gettext
    parts = [p for p in (_section_title(standing.section, lang), _(_GROUP_TITLE[standing.group])) if p]
    return ", ".join(parts)


def _plain_standing(standing: Standing, console: Console, is_mp: bool, penalised: bool, lang: Language) -> None:
    """A ranking as plain columns: the rich table's columns and cells, written straight to the console's file."""
    _ = translator(lang).gettext
    across = standing.section == ALL_SECTIONS
    entries = standing.entries
    count, total, maximum, pct = (memo(form, lang) for form in (format_number, points, points, percent))
    per_board = pct  # two decimals always, as the HTML page: 1.00 among 0.79 and 2.43, not 1
    headings = [_("Place"), *([_("Section")] if across else []), _("Pair"), _("Names"), _("Boards")]
    right = [True, *([False] if across else []), True, False, True]
    columns: list[list[str]] = [
        [e.place_label or "–" for e in entries],
        *([[e.section for e in entries]] if across else []),
        [e.pair for e in entries],
        [e.names for e in entries],
        [count(e.boards) for e in entries],
    ]
    if is_mp:
        headings += [_("Total"), _("Max"), "%"]
        columns += [
            [total(e.total) for e in entries],
            [maximum(e.maximum) for e in entries],
            [pct(e.percent) for e in entries],
        ]
    else:
        headings += [_("IMPs"), _("Per board")]
        columns += [
            [total(e.total) + ("*" if abs(e.total - e.penalty - e.unfactored_total) > 1e-9 else "")
             for e in entries],
            [per_board(e.average) for e in entries],
        ]  # fmt: skip
    right += [True] * (3 if is_mp else 2)
    if penalised:
        headings.append(_("Penalty"))
        right.append(True)
        columns.append([penalty_cell(e, lang) for e in entries])
    console.file.write(escape_controls(_standing_title(standing, lang)) + "\n")
    write_columns(console.file, headings, right, columns)
    console.file.write("\n")
    console.file.flush()


def _plain_boards(
    scored: ScoredEvent,
    console: Console,
    notation: Notation,
    lang: Language,
    own: tuple[FloatArray, FloatArray, FloatArray] | None = None,
) -> None:
    """Every traveller as plain columns, worked out from the event's columns (each distinct contract, lead and
    number formatted once, :mod:`bridgescore.report.columns`): the cells of :func:`_render_board`."""
    _ = translator(lang).gettext
    c = scored.lines
    table, rows = c.table, c.rows
    is_mp = scored.unit is Unit.MATCHPOINTS
    # the contract as on a traveller (contract, declarer, result), once per distinct combination of them
    key = ((table.contract.codes[rows].astype(np.int64) * 5 + table.declarer[rows] + 1) * 16
           + table.tricks[rows] + 1) * 4 + table.status[rows]  # fmt: skip
    unique, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    not_played = STATUSES.index(ResultStatus.NOT_PLAYED)
    described = [
        _("not played") if table.status[rows[i]] == not_played else table.row(int(rows[i])).describe_contract(notation)
        for i in first.tolist()
    ]
    contracts = np.array(described, dtype=object)[inverse.reshape(-1)] if len(unique) else np.empty(0, dtype=object)
    for position, adjustment in c.adjustments.items():
        result = scored.result(position)
        contracts[position] = f"{result.describe_contract(notation)} ({adjustment_label(adjustment, lang)})".strip()
    columns = [
        per_label(table.section, rows, str),
        per_label(table.ns_pair, rows, str),
        per_label(table.ew_pair, rows, str),
        contracts,
        per_label(table.lead, rows, lambda lead: format_lead(lead, notation)),
        per_value(c.ns_scores, lambda v: "" if math.isnan(v) else format_number(round(v), lang, 0, signed=True)),
        per_value(c.ns_points, lambda v: points(None if math.isnan(v) else v, lang)),
        per_value(c.ew_points, lambda v: points(None if math.isnan(v) else v, lang)),
    ]
    headings = [_("Section"), _("NS"), _("EW"), _("Contract"), _("Lead"), _("NS score"), _("NS pts"), _("EW pts")]
    right = [False, True, True, False, False, True, True, True]
    fitted = 8  # where a short board's Neuberg columns go (Compscore3), after the points
    if own is not None:
        columns += [per_value(v, lambda x: neuberg_points(_opt(x), lang)) for v in (c.ns_points, c.ew_points)]
        columns += [per_value(v, lambda x: points(_opt(x), lang)) for v in (own[0], own[1])]
    if is_mp:
        columns[fitted:fitted] = [per_value(v, lambda x: percent(_opt(x), lang)) for v in (c.ns_percent, c.ew_percent)]
        headings += [_("NS %"), _("EW %")]
        right += [True, True]
    starts = c.board_starts.tolist()
    out = console.file
    for b, section in enumerate(c.board_sections):
        s, e = starts[b], starts[b + 1]
        own_top = _own(own, b)
        heading = _board_heading(section, int(c.board_numbers[b]), _opt(c.datums[b]), _opt(c.tops[b]), lang, own_top)
        out.write(heading + "\n")
        board_headings, board_right, board_columns = headings, right, columns[: len(headings)]
        if own_top is not None:  # own matchpoints in the points columns, the Neuberg values beside them
            board_columns = [*columns[:6], *columns[-2:], *columns[-4:-2], *columns[fitted : len(headings)]]
            board_headings = [*headings[:fitted], _("NS Neuberg"), _("EW Neuberg"), *headings[fitted:]]
            board_right = [*right[:fitted], True, True, *right[fitted:]]
        skip = 0 if section == ALL_SECTIONS else 1  # the section column only across sections, as the drawn table
        write_columns(
            out, board_headings[skip:], board_right[skip:], [column[s:e].tolist() for column in board_columns[skip:]]
        )
        out.write("\n")
    out.flush()


def _opt(value: float) -> float | None:
    return None if math.isnan(value) else float(value)
