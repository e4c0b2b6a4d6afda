"""An individual's results as data, text and CSV (the JSON dict, the two CSV tables, the text report), below the
writer that chooses the format (:mod:`bridgescore.individual.report`) and the page
(:mod:`bridgescore.individual.report.html`), so that neither imports the other (issue 20: no import cycle)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bridgescore.core.contract import Notation
from bridgescore.core.event import Event
from bridgescore.core.i18n import N_, Language, format_number, translator
from bridgescore.individual import ScoredIndividual
from bridgescore.pairs.checks import Check, run_checks
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.report.check import render_problems
from bridgescore.pairs.report.json import checks_fields, iter_boards, options_fields
from bridgescore.pairs.report.labels import adjustment_label, method_name, number, percent, percent_rounding, points
from bridgescore.pairs.report.text import ranking_table, render_check_lines
from bridgescore.pairs.scored import ALL_SECTIONS
from bridgescore.report.csv import guard, rows_csv
from bridgescore.report.problems import problem_fields

SCHEMA = "bridgescore.individual/1"


_STANDINGS_HEADER = (
    N_("section"), N_("place"), N_("player"), N_("name"), N_("boards"), N_("total"), N_("unfactored_total"),
    N_("maximum"), N_("percent"), N_("average"),
)  # fmt: skip


_BOARDS_HEADER = (
    N_("section"), N_("board"), N_("north"), N_("south"), N_("east"), N_("west"), N_("contract"), N_("ns_score"),
    N_("adjustment"), N_("top"), N_("ns_points"), N_("ew_points"), N_("ns_percent"), N_("ew_percent"),
)  # fmt: skip


def _board_records(scored: ScoredIndividual, notation: Notation) -> Iterator[dict[str, Any]]:
    """The score JSON's board records, each line with its four players."""
    rows = scored.scored.lines.rows.tolist()
    position = 0
    for board in iter_boards(scored.scored, notation):
        for record in board["results"]:
            seating = scored.seatings[rows[position]]
            players = seating.players if seating is not None else ("", "", "", "")
            record.update(zip(("north", "south", "east", "west"), players, strict=True))
            record["uncredited"] = sorted(seating.uncredited) if seating is not None else []
            position += 1
        yield board


def individual_dict(scored: ScoredIndividual, notation: Notation = "en") -> dict[str, Any]:
    """The whole scored individual as a JSON-ready dict (see the module docstring)."""

    def num(value: float | None) -> float | int | None:
        if value is None:
            return None
        rounded = round(float(value), 6)
        return int(rounded) if rounded == int(rounded) else rounded

    inner = scored.scored
    return {
        "schema": SCHEMA,
        "title": inner.event.title,
        "method": inner.method.name,
        "unit": inner.unit.value,
        "options": options_fields(inner),
        "standings": [
            {
                "section": s.section,
                "entries": [
                    {
                        "place": e.place,
                        "place_label": e.place_label,
                        "section": e.section,
                        "player": e.player,
                        "name": e.name,
                        "boards": e.boards,
                        "total": num(e.total),
                        "unfactored_total": num(e.unfactored_total),
                        "maximum": num(e.maximum),
                        "percent": num(e.percent),
                        "average": num(e.average),
                    }
                    for e in s.entries
                ],
            }
            for s in scored.standings
        ],
        "boards": list(_board_records(scored, notation)),
        "checks": checks_fields(individual_checks(scored, notation)),
        "problems": [problem_fields(p) for p in scored.problems],
    }


#: The director's checks of pairs that say nothing of an individual, whose "pairs" are the lines' two players
#: (a player's place on the boards is checked when the seats are read: :mod:`bridgescore.individual.seats`).
_PAIR_CHECKS = frozenset({"table totals", "pair once per board"})


def individual_checks(scored: ScoredIndividual, notation: Notation = "en") -> tuple[Check, ...]:
    """The director's checks of the boards (:func:`bridgescore.pairs.checks.run_checks`: NS and EW mirror, each board's
    total, scores against contracts), without those about pairs."""
    return tuple(c for c in run_checks(scored.scored, notation) if c.name not in _PAIR_CHECKS)


def standings_csv(scored: ScoredIndividual, lang: Language = "en") -> str:
    """One row per ranked player, headers in ``lang`` (Dutch: ``;`` between fields, decimal comma)."""
    _ = translator(lang).gettext
    rows = (
        [guard(e.section), e.place_label, guard(e.player), guard(e.name), e.boards, number(e.total, lang),
         number(e.unfactored_total, lang), number(e.maximum, lang), number(e.percent, lang), number(e.average, lang)]
        for standing in scored.standings
        for e in standing.entries
    )  # fmt: skip
    return rows_csv([[_(h) for h in _STANDINGS_HEADER], *rows], lang)


def boards_csv(scored: ScoredIndividual, lang: Language = "en", notation: Notation = "en") -> str:
    """One row per traveller line, with its four players, in board order."""
    _ = translator(lang).gettext
    out: list[list[object]] = [[_(h) for h in _BOARDS_HEADER]]
    position = 0
    rows = scored.scored.lines.rows.tolist()
    for board in scored.scored.boards:
        for line in board.lines():
            seating = scored.seatings[rows[position]]
            position += 1
            players = seating.players if seating is not None else ("", "", "", "")
            r = line.result
            out.append([
                guard(r.section), r.board, *(guard(p) for p in players), guard(r.describe_contract(notation)),
                "" if line.ns_score is None else line.ns_score, guard(adjustment_label(line.adjustment, lang)),
                number(board.top, lang), number(line.ns_points, lang), number(line.ew_points, lang),
                number(line.ns_percent, lang), number(line.ew_percent, lang),
            ])  # fmt: skip
    return rows_csv(out, lang)


def render_individual_text(
    scored: ScoredIndividual,
    console: Console,
    lang: Language = "en",
    notation: Notation = "en",
    boards: bool = False,
) -> None:
    """The title and method, with ``boards`` every traveller with its four players, each field's players ranked,
    then every problem."""
    _ = translator(lang).gettext
    inner = scored.scored
    is_mp = inner.unit is Unit.MATCHPOINTS
    title = inner.event.title or _("Results")
    heading = f"{title} – {method_name(inner.method.name, lang)}, " + _("each player ranked on their own")
    console.print(f"[bold]{escape(heading)}[/]", highlight=False, soft_wrap=True)
    if boards:
        _render_boards(scored, console, lang, notation)
    for standing in scored.standings:
        across = standing.section == ALL_SECTIONS
        section_title = _("Section %(section)s") % {"section": standing.section} if standing.section else ""
        table = ranking_table(section_title, across, (_("Player"), _("Name")), is_mp, lang)
        for e in standing.entries:
            row = [e.place_label or "–", *([escape(e.section)] if across else [])]
            row += [escape(e.player), escape(e.name), format_number(e.boards, lang)]
            if is_mp:
                row += [points(e.total, lang), points(e.maximum, lang), percent(e.percent, lang)]
            else:
                factored = "*" if abs(e.total - e.unfactored_total) > 1e-9 else ""
                row += [points(e.total, lang) + factored, percent(e.average, lang)]  # per board: always 2 decimals
            table.add_row(*row)
        console.print(table)
    if is_mp:
        console.print(percent_rounding(lang), highlight=False)
    elif any(abs(e.total - e.unfactored_total) > 1e-9 for s in scored.standings for e in s.entries):
        console.print(_("* total factored to the full number of boards (player played fewer boards)."), highlight=False)
    render_check_lines(individual_checks(scored, notation), console, lang)
    if scored.problems:
        render_problems(Event((), problems=scored.problems), console, lang)


def _render_boards(scored: ScoredIndividual, console: Console, lang: Language, notation: Notation) -> None:
    """Every traveller: the four players of each line, its contract, score and both sides' points."""
    _ = translator(lang).gettext
    is_mp = scored.unit is Unit.MATCHPOINTS
    rows = scored.scored.lines.rows.tolist()
    position = 0
    for board in scored.scored.boards:
        heading = _("Board %(board)s") % {"board": board.number}
        if board.section and board.section != ALL_SECTIONS:
            heading = _("Section %(section)s, board %(board)s") % {"section": board.section, "board": board.number}
        if board.top is not None:
            heading += " – " + _("top %(top)s") % {"top": points(board.top, lang)}
        table = Table(title=escape(heading), title_justify="left")
        for name in (_("North"), _("South"), _("East"), _("West"), _("Contract"), _("NS score"), _("NS pts"),
                     _("EW pts")):  # fmt: skip
            table.add_column(name)
        for line in board.lines():
            seating = scored.seatings[rows[position]]
            position += 1
            players = seating.players if seating is not None else ("", "", "", "")
            r = line.result
            contract = r.describe_contract(notation)
            if line.adjustment is not None:
                contract = f"{contract} ({adjustment_label(line.adjustment, lang)})".strip()
            elif r.status.value == "not-played":
                contract = _("not played")
            table.add_row(
                *(escape(p) for p in players),
                escape(contract),
                "" if line.ns_score is None else format_number(line.ns_score, lang, 0, signed=True),
                _side_points(line.ns_points, line.ns_percent if is_mp else None, lang),
                _side_points(line.ew_points, line.ew_percent if is_mp else None, lang),
            )
        console.print(table)


def _side_points(value: float | None, share: float | None, lang: Language) -> str:
    """A side's points on a line, with its percentage of the top at matchpoints: ``6 (60.00%)``."""
    if value is None:
        return ""
    return points(value, lang) + (f" ({percent(share, lang)}%)" if share is not None else "")
