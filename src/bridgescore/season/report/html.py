"""A season competition as one self-contained HTML page (issue 13), made with the pairs page's Jinja environment
and stylesheet (:func:`bridgescore.pairs.report.html.environment`, ``_style.css.j2``): the rules in words, the ranking
(one table per line where there are lines), each competitor's evenings, and with ``--valet`` the Valet score
across the season.  The tables scroll in their own box (the page fits a 390 px phone); the columns a phone
can spare (counted, dropped, absent, boards) are hidden below 40 rem, as the pairs page hides its optional ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgescore.core.i18n import Language, parse_language, translator
from bridgescore.core.version import __version__
from bridgescore.pairs.report.html import environment
from bridgescore.season.engine import Season
from bridgescore.season.report.base import (
    evening_cell,
    headings,
    ordered_standings,
    row_cells,
    rules_words,
    text_headings,
    title_of,
    valet_rows,
)

__all__ = ["render_season_html"]


@dataclass(frozen=True, slots=True)
class _Cell:
    text: str
    css: str = ""


@dataclass(frozen=True, slots=True)
class _Row:
    cells: tuple[_Cell, ...]
    css: str = ""


@dataclass(frozen=True, slots=True)
class _Grid:
    anchor: str
    title: str
    headings: tuple[_Cell, ...]
    rows: tuple[_Row, ...]


def _ranking(season: Season, lang: Language) -> list[_Grid]:
    _ = translator(lang).gettext
    heads = headings(season, lang)
    optional = {_("Counted"), _("Dropped"), _("Absent"), _("Boards"), _("Line place")}
    texts = text_headings(lang)
    names = {_("Pair"), _("Player")}  # the names wrap between words (td.names), so the table fits a laptop's width
    css = ["opt num" if h in optional else ("names" if h in names else "" if h in texts else "num") for h in heads]
    heading_cells = tuple(_Cell(h, c) for h, c in zip(heads, css, strict=True))
    ordered = ordered_standings(season)
    order = season.rules.line_order
    groups: list[tuple[str, list[Any]]] = []
    if order:
        for line in order:
            groups.append((_("Line %(line)s") % {"line": line}, [s for s in ordered if s.ranked and s.line == line]))
    else:
        groups.append(("", [s for s in ordered if s.ranked]))
    unranked = [s for s in ordered if not s.ranked]
    if unranked:
        groups.append((_("Not ranked (too few evenings)"), unranked))
    grids = []
    for number, (title, members) in enumerate(groups):
        rows = []
        for s in members:
            cells = [_Cell(text, css[i]) for i, text in enumerate(row_cells(season, s, lang))]
            if s.movement:
                cells[-1] = _Cell(cells[-1].text, s.movement)
            rows.append(_Row(tuple(cells), "" if s.ranked else "unranked"))
        grids.append(_Grid(f"ranking-{number}", title, heading_cells, tuple(rows)))
    return grids


def _evening_heading(number: int, date: str | None, lang: Language) -> str:
    """An evening's column heading: its date, short (``7 Sep``, Dutch ``7 sep``), where the evening has one in ISO
    form; else its number (the legend under the grid gives each number its date and title)."""
    import datetime

    from babel.dates import format_date

    try:
        day = datetime.date.fromisoformat(date or "")
    except ValueError:
        return str(number)
    return format_date(day, "d MMM", locale=lang).rstrip(".")


def _evenings(season: Season, lang: Language) -> _Grid:
    _ = translator(lang).gettext
    who = _("Player") if season.rules.per == "player" else _("Pair")
    heads = (_Cell(who), *(_Cell(_evening_heading(n, s.date, lang), "num") for n, s in enumerate(season.sessions, 1)))
    rows = []
    for s in ordered_standings(season):
        cells = [_Cell(s.name, "names")]
        for e in s.evenings:
            css = "num" + ("" if e.counted or e.value is None else " dropped") + ("" if e.played else " absent")
            cells.append(_Cell(evening_cell(e, lang), css))
        rows.append(_Row(tuple(cells), "" if s.ranked else "unranked"))
    return _Grid("evenings-grid", "", heads, tuple(rows))


def _valet(valet: dict[str, Any], lang: Language) -> _Grid:
    heads, rows = valet_rows(valet, lang)
    return _Grid(
        "valet-grid",
        "",
        tuple(_Cell(h, "" if i == 0 else "num") for i, h in enumerate(heads)),
        tuple(_Row(tuple(_Cell(c, "names" if i == 0 else "num") for i, c in enumerate(r))) for r in rows),
    )


def render_season_html(season: Season, lang: str = "en", valet: dict[str, Any] | None = None) -> str:
    """The page of ``season`` in ``lang`` (en or nl)."""
    language = parse_language(lang)
    _ = translator(language).gettext
    sessions = "; ".join(
        f"{n}: {s.date or ''} {s.title}".replace("  ", " ").strip() for n, s in enumerate(season.sessions, 1)
    )
    legend = _("[value]: dropped; a: absent evening's value; −N: line correction; –: not played.") + f" {sessions}"
    left_out = (
        _("Left out (no players known): %(pairs)s") % {"pairs": "; ".join(season.left_out)} if season.left_out else ""
    )
    return (
        environment()
        .get_template("season.html.j2")
        .render(
            lang=language,
            title=title_of(season, language),
            rules=rules_words(season, language),
            rankings=_ranking(season, language),
            evenings=_evenings(season, language),
            legend=legend,
            left_out=left_out,
            valet=_valet(valet, language) if valet else None,
            valet_note=_("Valet components summed over the season's sessions, per hand played.") if valet else "",
            summary_note="",
            version=__version__,
            _=_,
        )
    )
