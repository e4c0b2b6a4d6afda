"""A season's ranking as data, text and CSV (the JSON dict, the cells and headings every format shares, the text
report), below the writer that chooses the format (:mod:`bridgescore.season.report`) and the page
(:mod:`bridgescore.season.report.html`), so that neither imports the other (issue 20: no import cycle)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from bridgescore.core.i18n import N_, Language, format_number, translator
from bridgescore.core.problems import Problem
from bridgescore.report.csv import guard, rows_csv
from bridgescore.report.problems import problem_fields
from bridgescore.season.engine import Evening, Season, Standing
from bridgescore.season.valet import PARTS

if TYPE_CHECKING:
    from rich.console import Console


SCHEMA = "bridgescore.season/1"


DECIMALS = 2


_MOVEMENT = {"promote": N_("promoted"), "relegate": N_("relegated"), "": ""}


def season_dict(
    season: Season, valet: dict[str, Any] | None = None, problems: Sequence[Problem] = ()
) -> dict[str, Any]:
    """The ``bridgescore.season/1`` document (see the module docstring); ``problems`` those found reading and
    scoring the evenings."""
    r = season.rules

    def evening(e: Evening) -> dict[str, Any]:
        return {
            "session": e.session, "played": e.played, "value": e.value, "correction": e.correction,
            "score": e.score, "boards": e.boards, "counted": e.counted, "line": e.line, "partner": e.partner,
            "imps": e.imps,
        }  # fmt: skip

    def standing(s: Standing) -> dict[str, Any]:
        return {
            "ranked": s.ranked, "place": s.place, "line": s.line, "line_place": s.line_place,
            "movement": s.movement, "key": s.key, "name": s.name,
            "players": [{"number": p.number, "name": p.name} for p in s.players],
            "score": s.score, "total": s.total, "boards": s.boards, "played": s.played, "absent": s.absent,
            "counted": s.counted, "dropped": s.dropped, "absent_value": s.absent_value,
            "evenings": [evening(e) for e in s.evenings],
        }  # fmt: skip

    document: dict[str, Any] = {
        "schema": SCHEMA,
        "title": season.title,
        "unit": r.unit,
        "per": r.per,
        "rules": {
            "best": r.best,
            "drop": r.drop,
            "min_evenings": r.min_evenings,
            "min_share": r.min_share,
            "min_evenings_needed": r.minimum(len(season.sessions)),
            "absent": {"kind": r.absent.kind, "value": r.absent.value, "cap": r.absent.cap},
            "lines": dict(r.lines),
            "line_order": list(r.line_order),
            "line_correction": r.line_correction,
            "promote": r.promote,
            "relegate": r.relegate,
        },
        "sessions": [{"key": s.key, "date": s.date, "title": s.title, "boards": s.boards} for s in season.sessions],
        "standings": [standing(s) for s in season.standings],
        "left_out": list(season.left_out),
        "problems": [problem_fields(p) for p in problems],
    }
    if valet is not None:
        document["valet"] = valet
    return document


def _num(value: float | None, lang: Language) -> str:
    return "–" if value is None else format_number(value, lang, DECIMALS)


def rules_words(season: Season, lang: Language) -> list[str]:
    """The rules in a director's words, one sentence each."""
    _ = translator(lang).gettext
    r = season.rules
    held = len(season.sessions)
    unit = _("IMPs per board") if r.unit == "imps" else "%"
    words = [
        _("%(evenings)d evening(s); each competitor's evenings averaged, weighted by boards (%(unit)s).")
        % {"evenings": held, "unit": unit}
    ]
    if r.best is not None:
        words.append(_("The best %(best)d evening(s) count, the others are dropped.") % {"best": r.best})
    if r.drop:
        words.append(_("Each competitor's %(drop)d lowest evening(s) are dropped.") % {"drop": r.drop})
    minimum = r.minimum(held)
    if r.min_share and minimum:
        words.append(
            _("At least %(minimum)d of the %(evenings)d evening(s) played to be ranked (%(share)s of them, rounded "
              "up); the others are listed below the ranking, without a place.")
            % {"minimum": minimum, "evenings": held, "share": format_number(100 * r.min_share, lang, 0) + " %"}
        )  # fmt: skip
    elif minimum:
        words.append(
            _("At least %(minimum)d evening(s) played to be ranked; the others are listed below the ranking.")
            % {"minimum": minimum}
        )
    else:
        words.append(_("Every competitor is ranked, however few evenings it played."))
    if r.absent.kind == "fixed":
        words.append(_("An absent evening counts %(value)s.") % {"value": _num(r.absent.value, lang) + f" {unit}"})
    elif r.absent.kind == "average":
        words.append(
            _("An absent evening counts the competitor's own average (at most %(cap)s).")
            % {"cap": _num(r.absent.cap, lang) + f" {unit}"}
            if r.absent.cap is not None
            else _("An absent evening counts the competitor's own average.")
        )
    else:
        words.append(_("An absent evening counts nothing."))
    if r.line_order:
        words.append(
            _("Lines %(lines)s; an evening counts %(correction)s less for each line below the top line.")
            % {"lines": ", ".join(r.line_order), "correction": _num(r.line_correction, lang) + f" {unit}"}
        )
    if r.promote or r.relegate:
        words.append(
            _("At the season's end the best %(promote)d of each line go up, the worst %(relegate)d go down.")
            % {"promote": r.promote, "relegate": r.relegate}
        )
    return words


def evening_cell(e: Evening, lang: Language) -> str:
    """An evening as the ranking shows it: the value, ``a`` before an absent evening's, ``−4`` after a corrected
    one, in brackets when dropped, ``–`` for an absent evening counting nothing."""
    if e.value is None:
        return "–"
    text = ("" if e.played else "a") + _num(e.value, lang)
    if e.correction:
        text += "−" + format_number(e.correction, lang, 2).rstrip("0").rstrip(",.")
    return text if e.counted else f"[{text}]"


def headings(season: Season, lang: Language) -> list[str]:
    _ = translator(lang).gettext
    r = season.rules
    who = _("Player") if r.per == "player" else _("Pair")
    score = _("IMPs/bd") if r.unit == "imps" else _("Avg %")
    heads = [_("Place")]
    if r.line_order:
        heads += [translator(lang).pgettext("competition", "Line"), _("Line place")]
    heads += [who, score, _("Evenings"), _("Counted"), _("Dropped"), _("Absent"), _("Boards")]
    if r.promote or r.relegate:
        heads.append(_("Promotion/relegation"))
    return heads


def text_headings(lang: Language) -> set[str]:
    """The headings of the columns holding words (the others hold numbers, aligned right)."""
    tr = translator(lang)
    return {
        tr.gettext("Pair"),
        tr.gettext("Player"),
        tr.pgettext("competition", "Line"),
        tr.gettext("Promotion/relegation"),
    }


def row_cells(season: Season, s: Standing, lang: Language) -> list[str]:
    _ = translator(lang).gettext
    r = season.rules
    row = [s.place or "–"]
    if r.line_order:
        row += [s.line, s.line_place]
    row += [s.name, _num(s.score, lang), str(s.played), str(s.counted), str(s.dropped), str(s.absent), str(s.boards)]
    if r.promote or r.relegate:
        row.append(_(_MOVEMENT[s.movement]) if s.movement else "")
    return row


def ordered_standings(season: Season) -> list[Standing]:
    """Ranked first (by line, then line place, when there are lines), then the others."""
    order = season.rules.line_order
    ranked = [s for s in season.standings if s.ranked]
    if order:
        ranked = sorted(ranked, key=lambda s: order.index(s.line) if s.line in order else len(order))
    return ranked + [s for s in season.standings if not s.ranked]


def title_of(season: Season, lang: Language) -> str:
    _ = translator(lang).gettext
    if season.title:
        return season.title
    return _("Player ranking") if season.rules.per == "player" else _("Season competition")


def render_text(season: Season, stream: TextIO, lang: Language = "en", valet: dict[str, Any] | None = None) -> None:
    """The rules in words, the ranking, and each competitor's evenings (plain aligned columns)."""
    from rich.markup import escape
    from rich.table import Table

    from bridgescore.report.printable import console as printable_console

    _ = translator(lang).gettext
    console = printable_console(file=stream, width=200 if not stream.isatty() else None)
    console.print(f"[bold]{escape(title_of(season, lang))}[/]", soft_wrap=True)
    for sentence in rules_words(season, lang):
        console.print(escape(sentence), soft_wrap=True)
    heads = headings(season, lang)
    table = Table(title=_("Ranking"))
    for head in heads:
        table.add_column(escape(head), justify="left" if head in text_headings(lang) else "right")
    ordered = ordered_standings(season)
    previous = True
    for s in ordered:
        if previous and not s.ranked:
            table.add_section()  # the competitors with too few evenings, listed, not ranked
        previous = s.ranked
        table.add_row(*(escape(c) for c in row_cells(season, s, lang)))
    console.print(table)
    grid = Table(title=_("Evenings"))
    grid.add_column(_("Player") if season.rules.per == "player" else _("Pair"))
    for number, session in enumerate(season.sessions, 1):
        grid.add_column(escape(f"{number}\n{session.date or session.title}"), justify="right")  # a title: no markup
    for s in ordered:
        grid.add_row(escape(s.name), *(escape(evening_cell(e, lang)) for e in s.evenings))
    console.print(grid)
    console.print(
        escape(_("[value]: dropped; a: absent evening's value; −N: line correction; –: not played.")), soft_wrap=True
    )
    if season.left_out:
        console.print(
            escape(_("Left out (no players known): %(pairs)s") % {"pairs": "; ".join(season.left_out)}),
            soft_wrap=True,
        )
    if valet:
        _render_valet_text(valet, console, lang)


def valet_rows(valet: dict[str, Any], lang: Language) -> tuple[list[str], list[list[str]]]:
    """Headings and rows of the season's Valet table (:func:`bridgescore.season.valet.season_valet`): name, hands,
    then overall and the four parts per hand played."""
    _ = translator(lang).gettext
    heads = [_("Name"), _("Hands"), _("IMPs/hand"), *(_(p) for p in PARTS)]
    rows = []
    for e in valet["competitors"]:
        per = e["per_hand"]
        rows.append([
            e["name"], str(e["hands"]),
            *(format_number(per[k], lang, 2, signed=True) for k in ("overall", "bidding", "play", "lead", "defence")),
        ])  # fmt: skip
    return heads, rows


def _render_valet_text(valet: dict[str, Any], console: Console, lang: Language) -> None:
    """The Valet table of the season on a rich console."""
    from rich.markup import escape
    from rich.table import Table

    _ = translator(lang).gettext
    heads, rows = valet_rows(valet, lang)
    table = Table(title=_("Valet score"))
    for i, head in enumerate(heads):
        table.add_column(head, justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*(escape(c) for c in row))
    console.print(table)
    console.print(escape(_("Valet components summed over the season's sessions, per hand played.")), soft_wrap=True)


def render_csv(season: Season, lang: Language = "en") -> str:
    """One row per competitor: the ranking's columns and then one column per evening (as :func:`evening_cell`)."""
    heads = headings(season, lang)
    texts = text_headings(lang)  # the names and lines guarded; a number (a Butler season's -0.40) stays a number
    header = [*heads, *(guard(s.date or s.title) for s in season.sessions)]
    rows = (
        [guard(c) if h in texts else c for h, c in zip(heads, row_cells(season, s, lang), strict=True)]
        + [evening_cell(e, lang) for e in s.evenings]
        for s in ordered_standings(season)
    )
    return rows_csv([header, *rows], lang)
