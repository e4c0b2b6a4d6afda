"""Reports of a multi-session event (issue 13): each session's ranking and the event's overall ranking with a
column per session, the carry-over and the total (text, CSV, JSON ``bridgescore.sessions/1``, HTML).

The overall ranking (:mod:`bridgescore.pairs.multisession`): at matchpoints each session's percentage, the carry-over
percentage, the boards and the total percentage (weighted by boards); at IMPs each session's IMPs, the carry-over
IMPs and their sum.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from bridgescore.core.i18n import N_, format_number, translator
from bridgescore.report.csv import guard, rows_csv

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.core.contract import Notation
    from bridgescore.core.i18n import Language
    from bridgescore.pairs.multisession import MultiSession, OverallEntry
    from bridgescore.pairs.pipeline import SessionsScores
    from bridgescore.pairs.sessions import PairSession

__all__ = ["overall_table", "render_sessions_text", "sessions_csv", "sessions_html", "sessions_json"]

_WORDS = (
    N_("Overall ranking"), N_("Carry-over"), N_("Total"), N_("Place"), N_("Pair"), N_("Names"),
    N_("Boards"), N_("%"), N_("IMPs"),
)  # fmt: skip


def _value(p: PairSession | None, unit: str) -> float | None:
    if p is None:
        return None
    return p.percent if unit == "percent" else p.imps


def _cell(value: float | None, lang: str, unit: str) -> str:
    if value is None:
        return ""
    return format_number(value, lang, 2, signed=unit == "imps")


def _pair(entry: OverallEntry) -> str:
    """The pair as the director knows it: its number in each session where it played (``3`` or ``3 / 5``)."""
    return " / ".join(dict.fromkeys(p for p in entry.pairs if p))


def overall_table(overall: MultiSession, lang: str = "en", *, data: bool = False) -> tuple[list[str], list[list[str]]]:
    """The overall ranking as a header and rows of text (in ``lang``): place, pair, names, a column per session,
    carry-over, boards, total; ``data``: numbers unrounded (a data file: CSV), else to 2 decimals as printed."""
    from bridgescore.pairs.report.labels import number

    _ = translator(lang).gettext
    cell = (lambda value, lang, unit: number(value, lang)) if data else _cell
    unit = _("%") if overall.unit == "percent" else _("IMPs")
    header = [_("Place"), _("Pair"), _("Names")]
    session = translator(lang).pgettext("multi-session", "Session")  # "Zitting", where "Avond" is a club's evening
    header += [f"{session} {name}" if name else session for name in overall.names]
    header += [_("Carry-over"), _("Boards"), f"{_('Total')} ({unit})"]
    rows = []
    for e in overall.entries:
        row = [e.place_label, _pair(e), e.names]
        row += [cell(_value(p, overall.unit), lang, overall.unit) for p in e.sessions]
        row += [cell(e.carry_over, lang, overall.unit), str(e.boards), cell(e.total, lang, overall.unit)]
        rows.append(row)
    return header, rows


def render_sessions_text(
    result: SessionsScores, console: Console, notation: Notation = "en", lang: Language = "en", *, boards: bool = False
) -> None:
    """Each session's report (as ``score`` prints one session), then the overall ranking."""
    from rich.markup import escape
    from rich.table import Table

    from bridgescore.pairs.report.text import render_text

    session = translator(lang).pgettext("multi-session", "Session")
    for name, scores in zip(result.names, result.sessions, strict=True):  # names as the files write them: no markup
        console.rule(escape(f"{session} {name}".strip()), align="left")
        render_text(scores.scored, console, notation, boards=boards, lang=lang)
        console.print()
    _ = translator(lang).gettext
    header, rows = overall_table(result.overall, lang)
    table = Table(title=_("Overall ranking"), title_justify="left")
    for i, name in enumerate(header):
        table.add_column(escape(name), justify="left" if i in (1, 2) else "right")
    for row in rows:
        table.add_row(*map(escape, row))
    console.print(table)
    if result.overall.unit == "percent" and any(e.carry_over is not None for e in result.overall.entries):
        console.print(
            _("A carry-over percentage counts as %(boards)s boards in the total.")
            % {"boards": format_number(result.overall.carry_over_boards, lang, 0)}
        )


def sessions_csv(result: SessionsScores, lang: str = "en") -> str:
    """The overall ranking as CSV (one table: a column per session, carry-over, boards, total)."""
    header, rows = overall_table(result.overall, lang, data=True)
    return rows_csv([header, *([guard(cell) if i in (1, 2) else cell for i, cell in enumerate(row)] for row in rows)],
                    lang)  # fmt: skip


def _pair_session(p: PairSession | None, name: str) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "session": name, "section": p.section, "pair": p.pair, "direction": p.direction, "boards": p.boards,
        "percent": p.percent, "imps": p.imps, "place": p.place,
        "players": [{"number": q.number, "name": q.name} for q in p.players],
    }  # fmt: skip


def sessions_dict(result: SessionsScores, notation: Notation = "en") -> dict[str, Any]:
    """The JSON document ``bridgescore.sessions/1``: ``sessions[]`` (``name`` and ``score``, each a whole
    ``bridgescore.score/1`` document), ``unit`` (``percent``/``imps``), ``carry_over_boards``, ``overall[]``
    (``place``, ``place_label``, ``key``, ``pair``, ``names``, ``sessions[]`` (one per session, null where the
    pair did not play), ``carry_over``, ``boards``, ``total``) and the event's own ``problems``."""
    from bridgescore.pairs.report.json import to_dict
    from bridgescore.report.problems import problem_fields

    overall = result.overall
    return {
        "schema": "bridgescore.sessions/1",
        "unit": overall.unit,
        "carry_over_boards": overall.carry_over_boards,
        "sessions": [
            {"name": name, "score": to_dict(s.scored, notation=notation)}
            for name, s in zip(result.names, result.sessions, strict=True)
        ],
        "overall": [
            {
                "place": e.place,
                "place_label": e.place_label,
                "key": e.key,
                "pair": _pair(e),
                "names": e.names,
                "sessions": [_pair_session(p, n) for p, n in zip(e.sessions, overall.names, strict=True)],
                "carry_over": e.carry_over,
                "boards": e.boards,
                "total": e.total,
            }
            for e in overall.entries
        ],
        "problems": [problem_fields(p) for p in overall.problems],
    }


def sessions_json(result: SessionsScores, notation: Notation = "en") -> str:
    import json

    return json.dumps(sessions_dict(result, notation), ensure_ascii=False, indent=1) + "\n"


def sessions_html(result: SessionsScores, lang: str = "en", title: str = "") -> str:
    """A self-contained page: the overall ranking (and the carry-over's weight, as the text report states it),
    then each session's ranking, a table per section and direction titled as the one-session page titles them
    (place, pair, names, boards, % or IMPs); every table scrolls inside its own box, so a phone never scrolls the
    page sideways."""
    from bridgescore.pairs.report.html import environment

    _ = translator(lang).gettext
    esc = html.escape

    def table(header: list[str], rows: list[list[str]]) -> str:
        """A table; on a phone each row a card of "heading value" pairs (``_stack.css.j2``): every table fits."""
        head = "".join(f"<th>{esc(h)}</th>" for h in header)
        labels = ["", "", ' class="names"', *(f' data-label="{esc(h)}"' for h in header[3:])]
        body = "".join(
            "<tr>" + "".join(f"<td{label}>{esc(c)}</td>" for label, c in zip(labels, row, strict=False)) + "</tr>"
            for row in rows
        )
        head = f"<thead><tr>{head}</tr></thead>"
        return f'<div class="scroll"><table class="stack">{head}<tbody>{body}</tbody></table></div>'

    def group_title(section: str, direction: str) -> str:
        words = {"NS": _("North-South"), "EW": _("East-West")}.get(direction, "")
        parts = [_("Section %(section)s") % {"section": section}] if section else []
        return " – ".join([*parts, words] if words else parts)

    header, rows = overall_table(result.overall, lang)
    heading = esc(title or _("Overall ranking"))
    parts = [f"<h2>{esc(_('Overall ranking'))}</h2>", table(header, rows)]
    if result.overall.unit == "percent" and any(e.carry_over is not None for e in result.overall.entries):
        note = _("A carry-over percentage counts as %(boards)s boards in the total.") % {
            "boards": format_number(result.overall.carry_over_boards, lang, 0)
        }
        parts.append(f"<p>{esc(note)}</p>")
    unit = _("%") if result.overall.unit == "percent" else _("IMPs")
    for name, summary in zip(result.names, result.overall.summaries, strict=True):
        parts.append(f"<h2>{esc(translator(lang).pgettext('multi-session', 'Session'))} {esc(name)}</h2>")
        groups: dict[tuple[str, str], list[PairSession]] = {}
        order = {"NS": 0, "EW": 1}  # North-South first, as the one-session page
        for pair in sorted(summary.pairs, key=lambda p: (p.section, order.get(p.direction, 2), p.place or 10**9)):
            groups.setdefault((pair.section, pair.direction), []).append(pair)
        for (section, direction), pairs in groups.items():
            named = group_title(section, direction)
            if named and len(groups) > 1:
                parts.append(f"<h3>{esc(named)}</h3>")
            session_rows = [
                [str(p.place or ""), p.pair, p.names, str(p.boards), _cell(_value(p, summary.unit), lang, summary.unit)]
                for p in pairs
            ]
            parts.append(table([_("Place"), _("Pair"), _("Names"), _("Boards"), unit], session_rows))
    style = (
        "body{font-family:system-ui,sans-serif;margin:1em}table{border-collapse:collapse;margin-bottom:1.5em}"
        "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}th:nth-child(2),th:nth-child(3),"
        "td:nth-child(2),td:nth-child(3){text-align:left}.scroll{overflow-x:auto;max-width:100%}"
        + environment().get_template("_stack.css.j2").render()
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{heading}</title>'
        f"<style>{style}</style></head><body><h1>{heading}</h1>{''.join(parts)}</body></html>\n"
    )
