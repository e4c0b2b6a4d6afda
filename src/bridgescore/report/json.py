"""The scored event as JSON, schema ``bridgescore.score/1`` (documented in the README, "Pairs events").

:func:`to_dict` builds the plain dict (the HTML report renders from it); :func:`dumps` writes it.  Numbers
are unrounded (to 6 decimals, which removes float noise only); ``null`` where a line carries no score.
"""

from __future__ import annotations

import json
import math
from typing import Any

from bridgescore.cards import format_lead
from bridgescore.checks import Check, run_checks
from bridgescore.contract import Notation
from bridgescore.methods.adjustments import PhantomScore, WeightedScore
from bridgescore.methods.base import Unit
from bridgescore.methods.bastille import Bastille
from bridgescore.methods.butler import Butler, DropExtremes, NbbDatum, PercentTrim, PlainMean
from bridgescore.scored import ScoredEvent
from bridgescore.standings import PERCENT_DECIMALS, Standing, compute_standings

__all__ = ["SCHEMA", "datum_fields", "dumps", "options_fields", "to_dict"]

SCHEMA = "bridgescore.score/1"


def _num(value: float | None) -> float | int | None:
    if value is None or math.isnan(value):
        return None
    rounded = round(float(value), 6)
    return int(rounded) if rounded == int(rounded) and abs(rounded) < 2**53 else rounded


def to_dict(
    scored: ScoredEvent,
    standings: tuple[Standing, ...] | None = None,
    checks: tuple[Check, ...] | None = None,
    notation: Notation = "en",
) -> dict[str, Any]:
    """The whole scored event as a JSON-ready dict (schema ``bridgescore.score/1``)."""
    standings = compute_standings(scored) if standings is None else standings
    checks = run_checks(scored, notation) if checks is None else checks
    is_mp = scored.unit is Unit.MATCHPOINTS
    boards: list[dict[str, Any]] = []
    for board in scored.boards:
        results: list[dict[str, Any]] = []
        for line in board.lines():
            r = line.result
            adjustment = line.adjustment
            status = r.status.value
            if adjustment is not None and not isinstance(adjustment, PhantomScore):
                status = "adjusted"
            results.append({
                "section": r.section,
                "ns_pair": r.ns_pair,
                "ew_pair": r.ew_pair,
                "contract": None if r.contract is None else r.contract.format(notation),
                "declarer": None if r.declarer is None else r.declarer.label(notation),
                "tricks": r.tricks,
                "lead": format_lead(r.lead, notation) or None,
                "ns_score": line.ns_score,
                "status": status,
                "adjustment": None if adjustment is None else adjustment.label(),
                # a weighted assigned score (Law 12C1(c)): its parts, each scored as the table's result
                "components": [{"weight": _num(p.weight), "ns_score": p.ns_score, "entry": p.entry}
                               for p in adjustment.parts] if isinstance(adjustment, WeightedScore) else None,
                "remarks": r.remarks or None,
                "ns_points": _num(line.ns_points),
                "ew_points": _num(line.ew_points),
                "ns_percent": _num(line.ns_percent) if is_mp else None,
                "ew_percent": _num(line.ew_percent) if is_mp else None,
            })  # fmt: skip
        boards.append({
            "section": board.section,
            "board": board.number,
            "datum": _num(board.datum),
            "top": _num(board.top),
            "scores": board.n_scores,
            "full_count": board.full_count,
            "results": results,
        })  # fmt: skip
    return {
        "schema": SCHEMA,
        "title": scored.event.title,
        "method": scored.method.name,
        "unit": scored.unit.value,
        "options": options_fields(scored),
        "percent_rounding": f"percentages printed to {PERCENT_DECIMALS} decimals, halves rounded up; "
        "the numbers here are unrounded",
        "movements": {section: m.value for section, m in sorted(scored.movements.items())},
        "boards": boards,
        "standings": [
            {
                "group": s.group,
                "section": s.section,
                "entries": [
                    {
                        "place": e.place,
                        "place_label": e.place_label,
                        "section": e.section,
                        "pair": e.pair,
                        "names": e.names,
                        "boards": e.boards,
                        "total": _num(e.total),
                        "unfactored_total": _num(e.unfactored_total),
                        "maximum": _num(e.maximum),
                        "percent": _num(e.percent),
                        "average": _num(e.average),
                        # penalties and corrections (Law 90): as written, in points, and the total before them
                        "penalty": e.penalty_label or None,
                        "penalty_points": _num(e.penalty),
                        "total_before_penalty": _num(e.total_before_penalty),
                    }
                    for e in s.entries
                ],
            }
            for s in standings
        ],
        "checks": [
            {
                "name": c.name,
                "ok": c.ok,
                "detail": c.detail,
                "message": c.message or None,
                "values": dict(c.values),
                "findings": [
                    {"section": f.section, "board": f.board, "message": f.message, "values": dict(f.values)}
                    for f in c.findings
                ],
            }
            for c in checks
        ],
        "problems": [
            {
                "file": p.location.file,
                "line": p.location.line,
                "field": p.location.field,
                "severity": p.severity.value,
                "message": p.message,
            }
            for p in scored.problems
        ],
    }


def options_fields(scored: ScoredEvent) -> dict[str, Any]:
    """The ``options`` block: every option that changes a number, with its value (the reports state them)."""
    o = scored.options
    method = o.method
    out: dict[str, Any] = {
        "as": o.preset,  # the program whose conventions were followed (--as), or None
        "across_sections": o.across_sections,
        "movement": o.movement.value,
        "phantoms": sorted(o.phantoms),
        "phantom_award": o.phantom_award.label(),
        "factor": o.factor,
        "factor_printed_total": o.factor_printed_total,
        "adjusted": {
            "plus_percent": o.adjustments.plus_percent,
            "average_percent": o.adjustments.average_percent,
            "minus_percent": o.adjustments.minus_percent,
            "plus_imps": o.adjustments.plus_imps,
            "average_imps": o.adjustments.average_imps,
            "minus_imps": o.adjustments.minus_imps,
            "imps_per_percent": o.adjustments.imps_per_percent,
        },
    }
    for name in ("scale", "neuberg", "rounding", "form", "imp_rounding", "factor_short_boards", "percent"):
        value = getattr(method, name, None)
        if value is not None:
            out[name] = getattr(value, "value", value)
    if scored.unit is Unit.MATCHPOINTS:  # total over maximum (EBU, BriAn) or mean of board % (BBO, JFR)
        out["pair_percent"] = o.pair_percent.value
        out["neuberg_factor_decimals"] = getattr(method, "neuberg_factor_decimals", None)  # KoPS: 3; None: exact
    out["round_board_points"] = o.round_board_points  # None: exact; 2: ACBLscore, TeamsScorer, EBUScoreTeams
    out["session_average_plus"] = o.session_average_plus  # Law 12C2(c): EBUScore, ScoreBridge, RealBridge
    out["session_average_minus"] = o.session_average_minus  # RealBridge's variable "Avg-"
    out["penalties"] = [  # pair-level penalties and corrections (bridgescore.penalties), applied to the rankings
        {"section": p.section, "pair": p.pair, "direction": p.direction, "amount": _num(p.amount),
         "unit": p.unit.value, "label": p.label(), "reason": p.reason or None}
        for p in o.penalties
    ]  # fmt: skip
    datum = datum_fields(method)
    if datum is not None:
        out["datum"] = datum
        out["datum_policy"] = datum["description"]
    return out


def datum_fields(method: object) -> dict[str, Any] | None:
    """The datum rule of a Butler or Bastille method as structured fields (None for other methods).

    ``policy``: ``nbb`` (seed 001: ``trim_percent`` each side, fractions of a score rounded up; under
    ``small_field`` scores the outer ones count once and the others ``inner_weight`` times), ``trim``
    (``trim_percent`` each side rounded up, at least ``min_kept`` scores kept: ACBLscore 5 %, BridgeWx 10 %
    keep 3), ``drop`` (the ``drop_count`` highest and lowest), ``mean`` (every score), ``fractional-trim``
    (Bastille, seed 002: ``trim_percent`` each side, fractions included) or ``custom``.  ``rounding``: how the
    datum is rounded to tens (``half-toward-zero`` … ``none``).  ``description``: the rule in English.
    """
    if isinstance(method, Bastille):
        return {
            "policy": "fractional-trim",
            "trim_percent": _num(method.percent),
            "rounding": "none",
            "description": f"drop {method.percent:g}% best and worst, fractions included (seed 002); not rounded",
        }
    if not isinstance(method, Butler):
        return None
    policy = method.datum_policy
    fields: dict[str, Any]
    if isinstance(policy, NbbDatum):
        fields = {"policy": "nbb", "trim_percent": _num(policy.percent), "small_field": policy.small_field,
                  "inner_weight": policy.inner_weight}  # fmt: skip
    elif isinstance(policy, PercentTrim):
        fields = {"policy": "trim", "trim_percent": _num(policy.percent), "min_kept": policy.min_kept}
    elif isinstance(policy, DropExtremes):
        fields = {"policy": "drop", "drop_count": policy.count}
    elif isinstance(policy, PlainMean):
        fields = {"policy": "mean"}
    else:
        fields = {"policy": "custom"}
    return {**fields, "rounding": method.rounding.value, "description": policy.description}


def dumps(scored: ScoredEvent, notation: Notation = "en", indent: int | None = 2) -> str:
    """The JSON text of :func:`to_dict`."""
    return json.dumps(to_dict(scored, notation=notation), indent=indent, ensure_ascii=False)
