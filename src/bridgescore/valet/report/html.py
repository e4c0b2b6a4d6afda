"""The Valet score as one self-contained HTML page: the per-pair table and, per pair, a bar chart of where its
score comes from - bidding, declarer play, opening lead and the rest of the defence (inline CSS and SVG, no
scripts, no external requests).

The four parts are the pair's sums per component divided by its hands played, so they add up to its overall
score (IMPs per hand; at matchpoints percentage points above or below 50).

``lang="nl"``: every word from the catalogue (Paar, Spellen, Totaal, Bieden, Afspel, Uitkomst, Tegenspel …)
and decimal commas, with the same digits as the English page (the reference program's ``%.2f`` rounding).
"""

from __future__ import annotations

from html import escape

import numpy as np
from jinja2 import Environment, PackageLoader, select_autoescape

from bridgescore.core.i18n import N_, localise_decimal, parse_language, translator
from bridgescore.valet.score import BID, DEFENCE, LEAD1, LEAD2, OVERALL, PLAY1, PLAY2, ValetResult

__all__ = ["render_valet_html"]

PARTS = (
    (N_("Bidding"), "#3b6fb6"),
    (N_("Declarer play"), "#e08a1e"),
    (N_("Opening lead"), "#8e5bb5"),
    (N_("Rest of defence"), "#3c9a5f"),
)

#: The comparison behind the numbers, in words (``ScoringForm`` values).
_FORMS = {
    "iaf": N_("IMPs across the field"),
    "datum": N_("Butler (datum) IMPs"),
    "matchpoints": N_("matchpoints"),
}


def contributions(result: ValetResult) -> np.ndarray:
    """Per pair (bidding, declarer play, lead, rest of defence) per hand played; sums to the overall score
    (IMPs, or percentage points above 50 at matchpoints)."""
    s = result.sums
    hands = np.maximum(result.counts[:, OVERALL], 1)[:, None]
    parts = np.stack([s[:, BID], s[:, PLAY1] + s[:, PLAY2], s[:, LEAD1] + s[:, LEAD2], s[:, DEFENCE]], axis=1)
    scale = 50.0 if result.matchpoints else 1.0
    out: np.ndarray = parts / hands * scale
    return out


def _chart(values: np.ndarray, limit: float, unit: str, lang: str = "en") -> str:
    _ = translator(lang).gettext
    width, bar, gap = 260, 9, 2
    height = len(PARTS) * (bar + gap)
    mid = width / 2
    scale = (width / 2 - 2) / limit if limit > 0 else 0.0
    shapes = [f'<line x1="{mid}" y1="0" x2="{mid}" y2="{height}" stroke="#999" stroke-width="1"/>']
    for i, ((label, colour), v) in enumerate(zip(PARTS, values, strict=True)):
        length = abs(float(v)) * scale
        x = mid if v >= 0 else mid - length
        y = i * (bar + gap)
        shapes.append(
            f'<rect x="{x:.1f}" y="{y}" width="{max(length, 0.5):.1f}" height="{bar}" fill="{colour}">'
            f"<title>{escape(_(label))}: {localise_decimal(f'{float(v):+.2f}', lang)} {escape(unit)}</title></rect>"
        )
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">' + "".join(shapes) + "</svg>")  # fmt: skip


def render_valet_html(result: ValetResult, title: str | None = None, lang: str = "en") -> str:
    """The page: options in words, the per-pair table and each pair's chart (``lang``: en or nl)."""
    language = parse_language(lang)
    _ = translator(language).gettext
    title = title or _("Valet score")
    opts = result.options
    # ".j2" is not an extension select_autoescape knows: escaping must be the default, or names go in as markup
    env = Environment(
        loader=PackageLoader("bridgescore", "report/templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    template = env.get_template("valet.html.j2")
    d = 1 if result.matchpoints else 2
    summary = result.summary()
    counts = result.summary_counts()
    parts = contributions(result)
    limit = float(np.abs(parts).max()) if parts.size else 1.0
    unit = _("% points") if result.matchpoints else _("IMPs")
    cols = [3, 4, 5, 6]
    if opts.leads:
        cols += [7, 8] + ([9] if opts.lead_average else []) + [10]
    neutral = result.offset

    def cell(v: float, count: int | None = None, label: str = "") -> dict[str, object]:
        text = "–" if np.isnan(v) or count == 0 else localise_decimal(f"{v:.{d}f}", language)
        return {"text": text, "neg": not np.isnan(v) and v < neutral, "count": count, "label": label}

    # each number's heading beside it on a phone, where the table is a card per pair (_stack.css.j2)
    labels = {3: _("Declaring"), 4: _("Defending"), 5: _("Declarer 1"), 6: _("Declarer 2"), 7: _("Lead 1"),
              8: _("Lead 2"), 9: _("Lead average"), 10: _("Rest of defence")}  # fmt: skip
    main_labels = (opts.form.header, _("Bid"), _("Play"))

    tables = []
    printed = result.tables_to_print()
    rank = 0
    for t_index, table in enumerate(printed):
        rows = []
        for p in table:
            rank += 1
            rows.append({
                "rank": rank,
                "name": result.pair_name(int(p)),
                "hands": int(counts[p, 0]),
                "main": [cell(summary[p, k], label=main_labels[k]) for k in range(3)],
                "cells": [cell(summary[p, k], int(counts[p, k]), labels[k]) for k in cols],
                "chart": _chart(parts[p], limit, unit, language),
            })  # fmt: skip
        heading = ""
        if len(printed) > 1:
            m = opts.min_hands
            sentence = (
                _("Pairs with at least %(hands)s hands") if t_index == 0 else _("Pairs with fewer than %(hands)s hands")
            )
            heading = sentence % {"hands": m}
        tables.append({"heading": heading, "rows": rows})
    decomposition = _("cloud decomposition") if opts.cloud else _("plain (no cloud) decomposition")
    description = (
        f"{_(_FORMS[opts.form.value])}, {decomposition}"
        + (_(", with opening leads") if opts.leads else "")
        + (_(", opponents' strength compensated") if opts.compensate else "")
        + _(". Overall and bid per hand played; declaring per hand declared, defending per hand defended.")
    )
    return template.render(
        title=title,
        description=description,
        header=opts.form.header,
        leads=opts.leads,
        lead_average=opts.lead_average,
        tables=tables,
        parts=[{"label": _(label), "colour": colour} for label, colour in PARTS],
        unit_word=_("percentage points") if result.matchpoints else _("IMPs"),
        lang=language,
        _=_,
    )
