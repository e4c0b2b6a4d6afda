"""Valet score reports: the per-pair text table, the per-hand tableau and JSON (html: ``valet_html``, the
reference's csv layout: ``valet_csv``).

The text table and the tableau keep the reference program's layout (``shared/reference/valet/CONVENTIONS.md``
§4.2, §4.4) so that users of that program read them at once; the numbers are bridgescore's.  Names are
padded by characters, not bytes, so accented names line up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from bridgescore.methods.valet import LEAD_SUITS, ValetResult

__all__ = ["render_tableau", "render_valet_json", "render_valet_text", "tableau_rows"]

_STRAIN_TEXT = ("C", "D", "H", "S", "NT")
_RISK_TEXT = ("", "X", "XX")
_SEAT_TEXT = "NESW"


def _cell(value: float, count: int, decimals: int) -> str:
    if count == 0 or np.isnan(value):
        return "     - (  0)"
    return f"{value:6.{decimals}f} ({count:3d})"


def render_valet_text(result: ValetResult) -> str:
    """The per-pair table: hands, overall, bid, play, declaring, defending, per-player declarer and lead."""
    opts = result.options
    d = 1 if result.matchpoints else 2
    top = " " * 55 + "|             |              |           Play           |        Declaring         |"
    head = (
        "Players".ljust(55)
        + f"|  No.{opts.form.header:>7} |   Bid   Play |   Declaring    Defending |   Declarer1    Declarer2 |"
    )
    cols = [7, 8]
    if opts.leads:
        if opts.lead_average:
            top += "                      Defending                     |"
            head += "       Lead1        Lead2      Average         Play |"
            cols.append(9)
        else:
            top += "                Defending              |"
            head += "       Lead1        Lead2         Play |"
        cols.append(10)
    else:
        top += " "
    summary = result.summary()
    counts = result.summary_counts()
    out: list[str] = []
    for table in result.tables_to_print():
        out += [top, head]
        for p in table:
            s, c = summary[p], counts[p]
            row = (
                f"{result.pair_name(int(p)).ljust(54)} |{int(c[0]):5d}{s[0]:7.{d}f} |{s[1]:6.{d}f}{s[2]:7.{d}f} |"
                f"{_cell(s[3], c[3], d)} {_cell(s[4], c[4], d)} |{_cell(s[5], c[5], d)} {_cell(s[6], c[6], d)} |"
            )
            if opts.leads:
                row += " ".join(_cell(s[k], c[k], d) for k in cols) + " |"
            else:
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


def tableau_rows(
    result: ValetResult, key: Callable[[ValetResult, int], str] | None = None
) -> Iterator[tuple[tuple[int, int], list[tuple[str, int, list[float], list[float]]]]]:
    """Per hand (in the reference's order: keys "round|board" as strings) the rows of the tableau: key,
    count, declarer (overall, bid, play) and defender (overall, bid, lead, rest of defence) averages in raw
    units (IMPs, or ±1 at matchpoints), declarer's and defenders' view.  ``key`` names a row's line."""
    key_of = key or _key
    t = result.tables
    n = len(t)
    played = t.level > 0
    s = np.where(played & (t.declarer % 2 == 1), -1.0, 1.0)
    decl = np.stack([s * result.total, s * result.bid, np.where(played, s * (result.total - result.bid), 0.0)], axis=1)
    lead = np.where(played, -s * result.lead_imps, 0.0)
    defence = np.where(played, s * (result.bid - result.total + result.lead_imps), 0.0)
    dfd = np.stack([-s * result.total, -s * result.bid, lead, defence], axis=1)
    order = sorted(range(len(result.hand_keys)), key=lambda h: f"{result.hand_keys[h][0]}|{result.hand_keys[h][1]}")
    rows_of: dict[int, list[int]] = {}
    for i in range(n):
        rows_of.setdefault(int(result.hand[i]), []).append(i)
    for h in order:
        groups: dict[str, list[int]] = {}
        for i in rows_of.get(h, []):
            groups.setdefault(key_of(result, i), []).append(i)
        lines = []
        for name in sorted(groups):
            idx = groups[name]
            lines.append((name, len(idx), decl[idx].mean(axis=0).tolist(), dfd[idx].mean(axis=0).tolist()))
        yield result.hand_keys[h], lines


def render_tableau(result: ValetResult, key: Callable[[ValetResult, int], str] | None = None) -> str:
    """The per-hand tableau (the reference's ``-t``, conv. §4.4); at matchpoints values are percentages."""
    mp = result.matchpoints

    def show(v: float) -> str:
        return f"{(50.0 * (v + 1.0) if mp else v):8.2f}"

    rest = "Restdef" if result.options.leads else "    Def"
    out: list[str] = []
    for (rnd, board), lines in tableau_rows(result, key):
        out += [f"DECLARER, Board {rnd}|{board}", "", "Contract".ljust(19) + "Count Overall     Bid    Play"]
        out += [key.ljust(19) + f"{count:5d}" + "".join(show(v) for v in decl) for key, count, decl, _ in lines]
        out += ["", f"DEFENDER, Board {rnd}|{board}", ""]
        if result.options.leads:
            out.append("Contract".ljust(19) + f"Count Overall     Bid    Lead {rest}")
            out += [key.ljust(19) + f"{count:5d}" + "".join(show(v) for v in dfd) for key, count, _, dfd in lines]
        else:
            out.append("Contract".ljust(19) + f"Count Overall     Bid {rest}")
            out += [
                key.ljust(19) + f"{count:5d}" + "".join(show(v) for v in (dfd[0], dfd[1], dfd[2] + dfd[3]))
                for key, count, _, dfd in lines
            ]
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
            "pair": result.pair_name(int(p)),
            "players": [result.tables.player_tags[a], result.tables.player_tags[b]],
            "hands": int(counts[p, 0]),
        }
        for k, name in enumerate(names):
            entry[name] = {"value": _num(summary[p, k]), "count": int(counts[p, k])}
        if opts.compensate:
            entry["compensation"] = [round(float(x), 4) for x in result.compensation[int(p)]]
        pairs.append(entry)
    t = result.tables
    hands: dict[str, list[dict[str, Any]]] = {}
    tags = t.player_tags
    for i in range(len(t)):
        h = result.hand_keys[int(result.hand[i])]
        played = int(t.level[i]) > 0
        s = -1.0 if played and int(t.declarer[i]) % 2 == 1 else 1.0
        row: dict[str, Any] = {
            "players": {seat: tags[int(p)] for seat, p in zip("NESW", t.players[i], strict=True)},
            "ns_pair": result.pair_name(int(result.ns_pair[i])),
            "ew_pair": result.pair_name(int(result.ew_pair[i])),
            "contract": _contract_text(result, i),
            "declarer": _SEAT_TEXT[int(t.declarer[i])] if played else None,
            "tricks": int(t.tricks[i]) if played else None,
            "lead": LEAD_SUITS[int(t.lead[i])] if played and int(t.lead[i]) >= 0 else None,
            "ns_overall": round(float(result.total[i]), 4),
            "ns_bid": round(float(result.bid[i]), 4),
        }
        if played:
            row["declarer_play"] = round(float(s * (result.total[i] - result.bid[i])), 4)
            row["lead_score"] = round(float(-s * result.lead_imps[i]), 4) if result.has_lead[i] else None
            row["rest_of_defence"] = round(float(s * (result.bid[i] - result.total[i] + result.lead_imps[i])), 4)
        if t.sources is not None:
            loc = t.sources[i]
            row["source"] = {"file": loc.file, "line": loc.line}
        hands.setdefault(f"{h[0]}|{h[1]}", []).append(row)
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
        "hands": hands,
    }


def render_valet_json(result: ValetResult) -> str:
    return json.dumps(valet_json_data(result), ensure_ascii=False, indent=1) + "\n"
