"""The scored event as CSV: the rankings (one row per pair), or with ``boards`` every traveller line."""

from __future__ import annotations

import csv as _csv
import io

from bridgescore.contract import Notation
from bridgescore.scored import ScoredEvent
from bridgescore.standings import Standing, compute_standings

__all__ = ["boards_csv", "standings_csv"]


def _num(value: float | None) -> str:
    if value is None:
        return ""
    rounded = round(value, 6)
    return str(int(rounded)) if rounded == int(rounded) else repr(rounded)


def standings_csv(scored: ScoredEvent, standings: tuple[Standing, ...] | None = None) -> str:
    """One row per ranked pair: group, section, place, pair, names, boards, total, maximum, percent, average."""
    standings = compute_standings(scored) if standings is None else standings
    out = io.StringIO()
    writer = _csv.writer(out, lineterminator="\n")
    writer.writerow(["group", "section", "place", "pair", "names", "boards", "total", "unfactored_total",
                     "maximum", "percent", "average"])  # fmt: skip
    for s in standings:
        for e in s.entries:
            writer.writerow([s.group, e.section, e.place_label, e.pair, e.names, e.boards, _num(e.total),
                             _num(e.unfactored_total), _num(e.maximum), _num(e.percent), _num(e.average)])  # fmt: skip
    return out.getvalue()


def boards_csv(scored: ScoredEvent, notation: Notation = "en") -> str:
    """One row per traveller line with its datum, score and points."""
    out = io.StringIO()
    writer = _csv.writer(out, lineterminator="\n")
    writer.writerow(["section", "board", "ns", "ew", "contract", "declarer", "tricks", "lead", "ns_score",
                     "status", "adjustment", "datum", "top", "ns_points", "ew_points", "ns_percent",
                     "ew_percent"])  # fmt: skip
    for board in scored.boards:
        for line in board.lines():
            r = line.result
            writer.writerow([
                r.section, board.number, r.ns_pair, r.ew_pair,
                "" if r.contract is None else r.contract.format(notation),
                "" if r.declarer is None else r.declarer.label(notation),
                "" if r.tricks is None else r.tricks, r.lead or "",
                "" if line.ns_score is None else line.ns_score, r.status.value,
                "" if line.adjustment is None else line.adjustment.label(),
                _num(board.datum), _num(board.top), _num(line.ns_points), _num(line.ew_points),
                _num(line.ns_percent), _num(line.ew_percent),
            ])  # fmt: skip
    return out.getvalue()
