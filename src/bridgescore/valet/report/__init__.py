"""Valet score reports: the per-pair text table, the per-hand tableau and JSON (html:
:mod:`bridgescore.valet.report.html`, the reference's csv layout: :mod:`bridgescore.valet.report.csv`).

The text table and the tableau keep the reference program's layout (``shared/reference/valet/CONVENTIONS.md``
§4.2, §4.4) so that users of that program read them at once; the numbers are bridgescore's.  Names are
padded by characters, not bytes, so accented names line up.

``lang="nl"``: the headings come from the catalogue (a column widens where a Dutch word is longer than the
reference's), contracts, declarers and lead suits are in Dutch notation (3SA, O, K) and numbers have a
decimal comma, with the same digits as the English (the reference's rounding).  English is the reference's
layout byte for byte; JSON keeps English keys.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np

from bridgescore.core.contract import Seat, Strain
from bridgescore.core.i18n import localise_decimal, parse_language, translator
from bridgescore.valet.score import LEAD_SUITS, ValetResult

__all__ = ["render_tableau", "render_valet_json", "render_valet_text", "tableau_rows"]

_STRAIN_TEXT = ("C", "D", "H", "S", "NT")
_RISK_TEXT = ("", "X", "XX")
_SEAT_TEXT = "NESW"


def _cell(value: float, count: int, decimals: int, lang: str = "en") -> str:
    if count == 0 or np.isnan(value):
        return "     - (  0)"
    return localise_decimal(f"{value:6.{decimals}f}", lang) + f" ({count:3d})"


def _fixed(value: float, decimals: int, lang: str) -> str:
    """``value`` as the reference prints it (``%.2f``: its rounding, its ``-0.00``), decimal comma in Dutch."""
    return localise_decimal(f"{value:.{decimals}f}", lang)


def _reference_top(leads: bool, lead_average: bool) -> str:
    """The reference program's group line over the columns (its own spacing, kept byte for byte)."""
    top = " " * 55 + "|             |              |           Play           |        Declaring         |"
    if not leads:
        return top + " "
    if lead_average:
        return top + "                      Defending                     |"
    return top + "                Defending              |"


def render_valet_text(result: ValetResult, lang: str = "en") -> str:
    """The per-pair table: hands, overall, bid, play, declaring, defending, per-player declarer and lead.

    ``lang="nl"``: Dutch headings (columns widen to fit them) and decimal commas; English is the reference's
    layout byte for byte."""
    language = parse_language(lang)
    _ = translator(language).gettext
    opts = result.options
    d = 1 if result.matchpoints else 2
    cols = [7, 8]
    leads = [_("Lead1"), _("Lead2")]
    if opts.leads:
        if opts.lead_average:
            cols.append(9)
            leads.append(_("Average"))
        cols.append(10)
        leads.append(translator(language).pgettext("after the lead", "Play"))
    # (heading, width): the reference's widths, wider where a heading would not fit with a space before it
    first = [(_("No."), 5), (opts.form.header, 7)]
    second = [(_("Bid"), 6), (_("Play"), 7)]
    groups = [
        (_("Play"), [(_("Declaring"), 12), (_("Defending"), 13)]),
        (_("Declaring"), [(_("Declarer1"), 12), (_("Declarer2"), 13)]),
    ]
    if opts.leads:
        groups.append((_("Defending"), [(label, 12 if i == 0 else 13) for i, label in enumerate(leads)]))

    def fit(columns: list[tuple[str, int]]) -> list[tuple[str, int]]:
        return [(label, max(width, len(label) + 1)) for label, width in columns]

    first, second = fit(first), fit(second)
    groups = [(title, fit(columns)) for title, columns in groups]
    head = _("Players").ljust(55) + "|"
    for columns in (first, second, *(columns for _title, columns in groups)):
        head += "".join(label.rjust(w) for label, w in columns) + " |"
    if language == "en":
        top = _reference_top(opts.leads, opts.lead_average)
    else:
        top = " " * 55 + "|" + " " * (sum(w for _l, w in first) + 1) + "|" + " " * (sum(w for _l, w in second) + 1)
        top += "|" + "".join(title.center(sum(w for _l, w in columns) + 1) + "|" for title, columns in groups)
    if not opts.leads and language != "en":
        top += " "  # as the reference's group line (the English one has it already)
    summary = result.summary()
    counts = result.summary_counts()
    out: list[str] = []
    for table in result.tables_to_print():
        out += [top, head]
        for p in table:
            s, c = summary[p], counts[p]
            row = (
                f"{result.pair_name(int(p)).ljust(54)} |{int(c[0]):{first[0][1]}d}"
                f"{_fixed(s[0], d, language):>{first[1][1]}} |"
                f"{_fixed(s[1], d, language):>{second[0][1]}}{_fixed(s[2], d, language):>{second[1][1]}} |"
            )
            cells = [_cell(s[k], c[k], d, language) for k in [3, 4, 5, 6, *(cols if opts.leads else [])]]
            for g, (_title, columns) in enumerate(groups):
                start = sum(len(cs) for _t, cs in groups[:g])
                parts = [cells[start + i].rjust(w - (0 if i == 0 else 1)) for i, (_l, w) in enumerate(columns)]
                row += " ".join(parts) + " |"
            if not opts.leads:
                row += " "
            out.append(row)
        out.append("")
    return "\n".join(out) + "\n"


def _contract_text(result: ValetResult, row: int) -> str:
    t = result.tables
    level = int(t.level[row])
    if level == 0:
        return "pass"
    return f"{level}{_STRAIN_TEXT[int(t.strain[row])]}{_RISK_TEXT[int(t.risk[row])]}"


def _key(result: ValetResult, row: int) -> str:
    """``3NT, N, [S, ]11``; ``pass``; with leads a row without one shows ``-`` as its suit (the reference
    prints the previous line's suit there: conv. §4.4 - Reference defect, not copied)."""
    t = result.tables
    if int(t.level[row]) == 0:
        return "pass"
    parts = [_contract_text(result, row), _SEAT_TEXT[int(t.declarer[row])]]
    if result.options.leads:
        lead = int(t.lead[row])
        parts.append(LEAD_SUITS[lead] if lead >= 0 else "-")
    parts.append(str(int(t.tricks[row])))
    return ", ".join(parts)


def _dutch_key(key: str) -> str:
    """A tableau line's key in Dutch notation: ``3NT, E, C, 9`` → ``3SA, O, K, 9``; ``pass`` → ``pas``."""
    if key == "pass":
        return "pas"
    contract, seat, *rest = key.split(", ")
    level, strain, risk = contract[0], contract[1:].rstrip("X"), contract[len(contract.rstrip("X")) :]
    parts = [f"{level}{Strain(_STRAIN_TEXT.index(strain)).label('nl')}{risk}", Seat(_SEAT_TEXT.index(seat)).label("nl")]
    if len(rest) == 2:  # the lead suit
        suit = rest[0]
        parts.append(Strain(LEAD_SUITS.index(suit)).label("nl") if suit in LEAD_SUITS else suit)
    parts.append(rest[-1])
    return ", ".join(parts)


def tableau_rows(
    result: ValetResult, key: Callable[[ValetResult, int], str] | None = None
) -> Iterator[tuple[tuple[int, int], list[tuple[str, int, list[float], list[float]]]]]:
    """Per hand (in the reference's order: keys "round|board" as strings) the rows of the tableau: key,
    count, declarer (overall, bid, play) and defender (overall, bid, lead, rest of defence) averages in raw
    units (IMPs, or ±1 at matchpoints), declarer's and defenders' view.  ``key`` names a row's line (the
    default groups the rows by hand, contract, declarer, lead suit and tricks, in one pass)."""
    t = result.tables
    n = len(t)
    if n == 0:
        return
    played = t.level > 0
    s = np.where(played & (t.declarer % 2 == 1), -1.0, 1.0)
    values = np.stack(
        [
            s * result.total,
            s * result.bid,
            np.where(played, s * (result.total - result.bid), 0.0),
            -s * result.total,
            -s * result.bid,
            np.where(played, -s * result.lead_imps, 0.0),
            np.where(played, s * (result.bid - result.total + result.lead_imps), 0.0),
        ],
        axis=1,
    )
    if key is None:
        lead = np.where(played & result.options.leads, t.lead + 1, 0)
        code = np.where(
            played,
            ((((t.level * 5 + t.strain) * 3 + t.risk) * 4 + t.declarer) * 5 + lead) * 14 + t.tricks + 1,
            0,
        )
        group_code, first, group = np.unique(result.hand * np.int64(1 << 20) + code, return_index=True,
                                             return_inverse=True)  # fmt: skip
        group = group.ravel()
        group_hand = group_code >> 20
        names = [_key(result, int(i)) for i in first]
    else:
        labels: dict[tuple[int, str], int] = {}
        group_list = []
        for i in range(n):
            label = (int(result.hand[i]), key(result, i))
            group_list.append(labels.setdefault(label, len(labels)))
        group = np.array(group_list, dtype=np.int64)
        group_hand = np.array([h for h, _ in labels], dtype=np.int64)
        names = [name for _, name in labels]
    counts = np.bincount(group, minlength=len(names))
    sums = np.stack([np.bincount(group, weights=values[:, k], minlength=len(names)) for k in range(7)], axis=1)
    means = sums.astype(np.float64) / counts[:, None]
    hand_text = [f"{r}|{b}" for r, b in result.hand_keys]
    hand_rank = np.empty(len(hand_text), dtype=np.int64)
    hand_rank[np.argsort(np.array(hand_text), kind="stable")] = np.arange(len(hand_text))
    order = np.lexsort((np.array(names), hand_rank[group_hand]))
    rows = means.tolist()
    count_list = counts.tolist()
    hands = group_hand.tolist()
    current = -1
    lines: list[tuple[str, int, list[float], list[float]]] = []
    for g in order.tolist():
        if hands[g] != current:
            if lines:
                yield result.hand_keys[current], lines
            current, lines = hands[g], []
        lines.append((names[g], count_list[g], rows[g][:3], rows[g][3:]))
    if lines:
        yield result.hand_keys[current], lines


def render_tableau(result: ValetResult, key: Callable[[ValetResult, int], str] | None = None, lang: str = "en") -> str:
    """The per-hand tableau (the reference's ``-t``, conv. §4.4); at matchpoints values are percentages.

    ``lang="nl"``: Dutch headings (columns widen to fit them), Dutch notation in the keys, decimal commas."""
    language = parse_language(lang)
    _ = translator(language).gettext
    pgettext = translator(language).pgettext
    mp = result.matchpoints
    leads = result.options.leads
    count_label = pgettext("tableau", "Count")
    count_width = max(5, len(count_label))  # the reference's "Count" follows the key's 19 columns directly
    declarer_columns = [_("Overall"), _("Bid"), pgettext("tableau", "Play")]
    defender_columns = [_("Overall"), _("Bid"), *((_("Lead"), _("Restdef")) if leads else (_("Def"),))]
    widths = {label: max(8, len(label) + 1) for label in declarer_columns + defender_columns}

    def heading(columns: list[str]) -> str:
        return _("Contract").ljust(19) + count_label.rjust(count_width) + "".join(c.rjust(widths[c]) for c in columns)

    def line(name: str, count: int, values: tuple[float, ...], columns: list[str]) -> str:
        shown = _dutch_key(name) if language == "nl" and key is None else name
        numbers = "".join(
            localise_decimal(f"{v:{widths[c]}.2f}", language) for v, c in zip(values, columns, strict=True)
        )
        return f"{shown:<19}{count:{count_width}d}{numbers}"

    out: list[str] = []
    for (rnd, board), lines in tableau_rows(result, key):
        hand = f"{rnd}|{board}"
        out += [_("DECLARER, Board %(hand)s") % {"hand": hand}, "", heading(declarer_columns)]
        declarer_lines = []
        defender_lines = []
        for name, count, (o, b, p), (do, db, dl, dr) in lines:
            if not leads:
                dl, dr = dr + dl, 0.0
            if mp:
                o, b, p, do, db, dl, dr = (50.0 * (v + 1.0) for v in (o, b, p, do, db, dl, dr))
            declarer_lines.append(line(name, count, (o, b, p), declarer_columns))
            defender_lines.append(line(name, count, (do, db, dl, dr) if leads else (do, db, dl), defender_columns))
        out += declarer_lines
        out += ["", _("DEFENDER, Board %(hand)s") % {"hand": hand}, "", heading(defender_columns)]
        out += defender_lines
        out.append("")
    return "\n".join(out) + "\n"


def _num(v: float) -> float | None:
    return None if np.isnan(v) else round(float(v), 4)


def valet_json_data(result: ValetResult) -> dict[str, Any]:
    """Everything, per pair and per hand, as plain data."""
    opts = result.options
    summary = result.summary()
    counts = result.summary_counts()
    names = ("overall", "bid", "play", "declaring", "defending", "declarer1", "declarer2", "lead1", "lead2",
             "lead_average", "rest_of_defence")  # fmt: skip
    pairs = []
    for rank, p in enumerate(result.order(), start=1):
        a, b = result.pairs[int(p)]
        entry: dict[str, Any] = {
            "rank": rank,
            "pair_id": int(p),
            "pair": result.pair_name(int(p)),
            "players": [result.tables.player_tags[a], result.tables.player_tags[b]],
            "hands": int(counts[p, 0]),
        }
        for k, name in enumerate(names):
            entry[name] = {"value": _num(summary[p, k]), "count": int(counts[p, k])}
        if opts.compensate:
            entry["compensation"] = [round(float(x), 4) for x in result.compensation[int(p)]]
        pairs.append(entry)
    hands = _hands_json(result)
    return {
        "method": "valet",
        "options": {
            "scoring": opts.form.value,
            "cloud": opts.cloud,
            "leads": opts.leads,
            "lead_average": opts.lead_average,
            "drop_extremes": opts.drop_extremes,
            "rounding": opts.rounding.value,
            "compensate": opts.compensate,
            "min_hands": opts.min_hands,
            "rounds": sorted(opts.rounds) if opts.rounds is not None else None,
            "order": opts.order,
        },
        "units": "percent" if result.matchpoints else "imps",
        "pairs": pairs,
        "table_fields": list(TABLE_FIELDS),
        "hands": hands,
    }


#: The fields of each table in the JSON's ``hands``: players by seat, pair ids (``pairs[].pair_id``), the
#: contract (``pass`` when passed out), declarer, tricks, lead suit, North-South's overall and bidding score,
#: declarer's play, the defenders' lead and rest of defence (their view), and the input line.
TABLE_FIELDS = ("north", "east", "south", "west", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead",
                "ns_overall", "ns_bid", "declarer_play", "lead_score", "rest_of_defence", "line")  # fmt: skip


def _hands_json(result: ValetResult) -> list[dict[str, Any]]:
    """Per hand its tables as lists of ``TABLE_FIELDS`` values (compact for 400,000 tables)."""
    t = result.tables
    n = len(t)
    if n == 0:
        return []
    played = t.level > 0
    tags = np.array([*t.player_tags, ""], dtype=object)
    names = [f"{lv}{_STRAIN_TEXT[st]}{_RISK_TEXT[rk]}" for lv in range(1, 8) for st in range(5) for rk in range(3)]
    contract_text = np.array(["pass", *names], dtype=object)
    code = np.where(played, ((t.level - 1) * 5 + t.strain) * 3 + t.risk + 1, 0)
    none = np.array([None], dtype=object)
    seat = np.array(list(_SEAT_TEXT), dtype=object)
    suit = np.array(list(LEAD_SUITS), dtype=object)
    s = np.where(played & (t.declarer % 2 == 1), -1.0, 1.0)
    has_lead = played & (t.lead >= 0)

    def maybe(mask: np.ndarray, values: np.ndarray) -> list[Any]:
        out = np.where(mask, values, none[0])
        return list(out.tolist())

    columns: list[list[Any]] = [tags[t.players[:, k]].tolist() for k in range(4)]
    columns += [result.ns_pair.tolist(), result.ew_pair.tolist(), contract_text[code].tolist()]
    columns.append(maybe(played, seat[np.maximum(t.declarer, 0)]))
    columns.append(maybe(played, t.tricks.astype(object)))
    columns.append(maybe(has_lead, suit[np.maximum(t.lead, 0)]))
    columns.append(np.round(result.total, 4).tolist())
    columns.append(np.round(result.bid, 4).tolist())
    columns.append(maybe(played, np.round(s * (result.total - result.bid), 4).astype(object)))
    columns.append(maybe(has_lead & result.has_lead, np.round(-s * result.lead_imps, 4).astype(object)))
    columns.append(maybe(played, np.round(s * (result.bid - result.total + result.lead_imps), 4).astype(object)))
    if t.sources is not None and hasattr(t.sources, "_lines"):
        columns.append([int(x) for x in t.sources._lines])
    elif t.sources is not None:
        columns.append([loc.line for loc in t.sources])
    else:
        columns.append([None] * n)
    rows = list(zip(*columns, strict=True))
    order = np.argsort(result.hand, kind="stable")
    bounds = np.flatnonzero(np.diff(result.hand[order])) + 1
    hands = []
    for part in np.split(order, bounds):
        r, b = result.hand_keys[int(result.hand[part[0]])]
        hands.append({"round": r, "board": b, "tables": [rows[i] for i in part.tolist()]})
    hands.sort(key=lambda h: f"{h['round']}|{h['board']}")
    return hands


def render_valet_json(result: ValetResult, leads: Mapping[str, Any] | None = None) -> str:
    """Everything as JSON: options, pairs (ranked) and hands (tables as lists of ``table_fields``); ``leads``: the
    lead analysis's block (:func:`bridgescore.pairs.report.leads.leads_block`) where the input gives deals."""
    data = valet_json_data(result)
    if leads is not None:
        data["leads"] = leads
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
