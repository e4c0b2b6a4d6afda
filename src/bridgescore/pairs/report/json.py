"""The scored event as JSON, schema ``bridgescore.score/1`` (documented in docs/json.md).

:func:`to_dict` builds the plain dict (the HTML report renders from it); :func:`dump` writes the same value
incrementally, a board at a time (issue 12), and :func:`dumps` gives that text.  Numbers
are unrounded (to 6 decimals, which removes float noise only); ``null`` where a line carries no score.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, Any

import numpy as np
import orjson

from bridgescore.core.adjustments import PhantomScore, WeightedScore
from bridgescore.core.cards import format_lead
from bridgescore.core.contract import Notation
from bridgescore.core.i18n import printed_rounding
from bridgescore.core.table import STATUSES
from bridgescore.pairs.checks import Check, run_checks
from bridgescore.pairs.methods.base import Unit
from bridgescore.pairs.methods.bastille import Bastille
from bridgescore.pairs.methods.butler import Butler, DropExtremes, NbbDatum, PercentTrim, PlainMean
from bridgescore.pairs.scored import ScoredEvent, own_matchpoints
from bridgescore.pairs.standings import PERCENT_DECIMALS, Standing, StandingEntry, compute_standings
from bridgescore.report.columns import per_code, per_int, per_label, per_value, seats

__all__ = ["SCHEMA", "checks_fields", "datum_fields", "dump", "dumps", "iter_boards", "options_fields", "to_dict"]

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
    boards: Iterable[Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The whole scored event as a JSON-ready dict (schema ``bridgescore.score/1``).

    ``boards``: the board records to put in it instead of :func:`iter_boards` (the HTML page's summary of a large
    event, :func:`bridgescore.pairs.report.html.summarise`, so the full travellers are never held as dicts)."""
    standings = compute_standings(scored) if standings is None else standings
    checks = run_checks(scored, notation) if checks is None else checks
    return {
        **_head(scored),
        "boards": list(iter_boards(scored, notation) if boards is None else boards),
        **_tail(scored, standings, checks),
        **_leads(scored, notation),
    }


def _head(scored: ScoredEvent) -> dict[str, Any]:
    """The fields before ``boards``: what was scored and how."""
    return {
        "schema": SCHEMA,
        "title": scored.event.title,
        "method": scored.method.name,
        "unit": scored.unit.value,
        "options": options_fields(scored),
        "percent_rounding": f"percentages printed to {PERCENT_DECIMALS} decimals, halves "
        f"{'rounded to even' if printed_rounding() == 'half-even' else 'rounded up'}; the numbers here are unrounded",
        "movements": {section: m.value for section, m in sorted(scored.movements.items())},
        **_session(scored),
    }


def _session(scored: ScoredEvent) -> dict[str, Any]:
    """The session's ``date`` and ``club`` as the file wrote them, and the hand records (``deals``, in the shape
    of :func:`bridgescore.report.hand_records.deal_dict`), each only when the event has it (issue 10's page).

    The deals go out as the event holds them: the API and ``score`` give this writer an event whose deals all
    have their double-dummy table and par (:func:`bridgescore.pairs.pipeline.with_deal_analysis`); nothing is solved
    here."""
    from bridgescore.report.hand_records import deal_dict

    event = scored.event
    fields: dict[str, Any] = {k: event.info[k] for k in ("date", "club") if event.info.get(k)}
    if event.deals:
        fields["deals"] = [deal_dict(event.deals[n]) for n in sorted(event.deals)]
    return fields


def _tail(scored: ScoredEvent, standings: tuple[Standing, ...], checks: tuple[Check, ...]) -> dict[str, Any]:
    """The fields after ``boards``: the rankings, the director's checks and the problems."""
    return {
        "standings": [
            {"group": s.group, "section": s.section, "entries": [_entry(e) for e in s.entries]} for s in standings
        ],
        "checks": checks_fields(checks),
        "problems": _problems(scored),
    }


def _leads(scored: ScoredEvent, notation: Notation = "en") -> dict[str, Any]:
    """The ``leads`` block (:mod:`bridgescore.pairs.report.leads`: tricks against double dummy, per line and per pair)
    when the event has deals and their lead analysis (``scored.leads``, made by
    :func:`bridgescore.pairs.pipeline.with_deal_analysis`); nothing otherwise."""
    if not scored.event.deals or scored.leads is None:
        return {}
    from bridgescore.pairs.report.leads import leads_block

    return {"leads": leads_block(scored.leads, notation, scored.event.names)}


def checks_fields(checks: tuple[Check, ...]) -> list[dict[str, Any]]:
    return [
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
    ]


def _problems(scored: ScoredEvent) -> list[dict[str, Any]]:
    from bridgescore.report.problems import problem_fields

    return [problem_fields(p) for p in scored.problems]


def _entry(e: StandingEntry) -> dict[str, Any]:
    return {
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


def _score(value: float) -> int | None:
    return None if math.isnan(value) else round(value)  # a weighted score to the point


#: :func:`dump` writes a board's traveller lines this many at a time, so a board of 100,000 tables is never held as
#: dicts either.
CHUNK_LINES = 10_000


def iter_boards(scored: ScoredEvent, notation: Notation = "en") -> Iterator[dict[str, Any]]:
    """Every board's record (``section``, ``board``, ``datum``, ``top``, ``scores``, ``full_count``, ``results``),
    one board at a time, worked out from the event's columns (:func:`_line_records`): only the board being
    written is held as dicts."""
    records = _line_records(scored, notation)
    for board, start, end in _board_fields(scored):
        yield {**board, "results": records(start, end)}


def _board_fields(scored: ScoredEvent) -> Iterator[tuple[dict[str, Any], int, int]]:
    """Each board's fields but its results, with the positions of its lines (``start:end``)."""
    c = scored.lines
    starts = c.board_starts.tolist()
    numbers = c.board_numbers.tolist()
    own = own_matchpoints(scored)
    for b, section in enumerate(c.board_sections):
        board = {
            "section": section,
            "board": numbers[b],
            "datum": _num(float(c.datums[b])),
            "top": _num(float(c.tops[b])),
            "scores": int(c.n_scores[b]),
            "full_count": int(c.full_counts[b]),
        }
        if own is not None and not np.isnan(own[2][b]):  # Compscore3's traveller: the short board's own top
            board["own_top"] = _num(float(own[2][b]))
        if b in c.fouled:  # Law 87: the versions of the deal, each scored within itself (only on such a board)
            board["fouled"] = [{"version": version, "scores": n} for version, n in c.fouled[b]]
        yield board, starts[b], starts[b + 1]


def _line_records(scored: ScoredEvent, notation: Notation) -> Callable[[int, int], list[dict[str, Any]]]:
    """A function giving the JSON records of the lines at positions ``start:end`` (board order).  Worked out
    from the event's columns (:mod:`bridgescore.report.columns`): each distinct section, pair, contract, lead and
    number is converted once, by the same functions the records were made with line by line; only an adjusted
    line is looked at on its own."""
    c = scored.lines
    table, rows = c.table, c.rows
    is_mp = scored.unit is Unit.MATCHPOINTS
    nothing = np.full(len(rows), None, dtype=object)
    columns = (
        per_label(table.section, rows, str),
        per_label(table.ns_pair, rows, str),
        per_label(table.ew_pair, rows, str),
        per_label(table.contract, rows, lambda k: None if k is None else k.format(notation)),
        seats(table.declarer[rows], lambda d: None if d is None else d.label(notation)),
        per_int(table.tricks[rows], lambda t: None if t < 0 else t),
        per_label(table.lead, rows, lambda lead: format_lead(lead, notation) or None),
        per_value(c.ns_scores, _score),
        per_code(table.status[rows], STATUSES, lambda s: s.value),
        per_label(table.remarks, rows, lambda text: text or None),
        per_value(c.ns_points, _num),
        per_value(c.ew_points, _num),
        per_value(c.ns_percent, _num) if is_mp else nothing,
        per_value(c.ew_percent, _num) if is_mp else nothing,
    )
    adjustments = c.adjustments
    adjusted_at = np.array(sorted(adjustments), dtype=np.int64)
    own = own_matchpoints(scored)

    def records(start: int, end: int) -> list[dict[str, Any]]:
        results = [
            {
                "section": sec,
                "ns_pair": ns,
                "ew_pair": ew,
                "contract": contract,
                "declarer": declarer,
                "tricks": taken,
                "lead": lead,
                "ns_score": ns_score,
                "status": status,
                "adjustment": None,
                "components": None,
                "remarks": remark,
                "ns_points": nsp,
                "ew_points": ewp,
                "ns_percent": nspc,
                "ew_percent": ewpc,
            }
            for sec, ns, ew, contract, declarer, taken, lead, ns_score, status, remark, nsp, ewp, nspc, ewpc in zip(
                *(column[start:end].tolist() for column in columns), strict=True
            )
        ]
        if own is not None and end > start and not np.isnan(own[2][c.board_of_line[start]]):
            # a short board's traveller as Compscore3 prints it: each line's own matchpoints, kept beside the
            # Neuberg values (ns_points, ew_points) the totals use
            for record, ns_own, ew_own in zip(results, own[0][start:end].tolist(), own[1][start:end].tolist(),
                                              strict=True):  # fmt: skip
                record["ns_own_points"] = _num(ns_own)
                record["ew_own_points"] = _num(ew_own)
        low, high = np.searchsorted(adjusted_at, (start, end)).tolist()
        for position in adjusted_at[low:high].tolist():
            adjustment = adjustments[position]
            record = results[position - start]
            if not isinstance(adjustment, PhantomScore):
                record["status"] = "adjusted"
            record["adjustment"] = adjustment.label()
            if isinstance(adjustment, WeightedScore):  # its parts, each scored as the table's result (Law 12C1(c))
                record["components"] = [
                    {"weight": _num(p.weight), "ns_score": p.ns_score, "entry": p.entry} for p in adjustment.parts
                ]
        return results

    return records


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
        "factor_sit_outs": o.factor_sit_outs,
        "print_rounding": o.print_rounding,
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
    for name in ("scale", "neuberg", "rounding", "form", "imp_rounding", "imp_cap", "factor_short_boards", "percent"):
        value = getattr(method, name, None)
        if value is not None:
            out[name] = getattr(value, "value", value)
    if scored.unit is Unit.MATCHPOINTS:  # total over maximum (EBU, BriAn) or mean of board % (BBO, JFR)
        out["pair_percent"] = o.pair_percent.value
        out["neuberg_factor_decimals"] = getattr(method, "neuberg_factor_decimals", None)  # None: exact
        if o.traveller_own_points:  # Compscore3; only when set, so that every other report stays as it was
            out["traveller_own_points"] = True
    out["round_board_points"] = o.round_board_points  # None: exact; 2: ACBLscore, TeamsScorer, EBUScoreTeams
    out["session_average_plus"] = o.session_average_plus  # Law 12C2(c): EBUScore, ScoreBridge, RealBridge
    out["session_average_minus"] = o.session_average_minus  # RealBridge's variable "Avg-"
    out["penalties"] = [  # pair-level penalties and corrections (bridgescore.pairs.penalties), applied to the rankings
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
        fields = {"policy": "drop", "drop_count": policy.count, "drop_from": policy.from_scores}
    elif isinstance(policy, PlainMean):
        fields = {"policy": "mean"}
    else:
        fields = {"policy": "custom"}
    return {**fields, "rounding": method.rounding.value, "description": policy.description}


def dump(
    scored: ScoredEvent,
    stream: IO[bytes],
    notation: Notation = "en",
    standings: tuple[Standing, ...] | None = None,
    checks: tuple[Check, ...] | None = None,
) -> None:
    """Write the JSON of :func:`to_dict` to ``stream`` (UTF-8 bytes) incrementally: the fields before the boards,
    then one board at a time (:func:`iter_boards`, each traveller line on a line of its own), then the rankings,
    checks and problems – never the whole document as Python objects, so a 1,000,000-line event is written in a
    few seconds and the memory of one board (issue 12).  The value is the one :func:`to_dict` gives (the tests
    compare them parsed); the layout is compact within a traveller line or a ranking entry, one per text line."""
    standings = compute_standings(scored) if standings is None else standings
    checks = run_checks(scored, notation) if checks is None else checks
    dumped = orjson.dumps
    write = stream.write
    write(b"{\n")
    for key, value in _head(scored).items():
        write(b"  " + dumped(key) + b": " + dumped(value) + b",\n")
    write(b'  "boards": [')
    records = _line_records(scored, notation)
    first = True
    for board, start, end in _board_fields(scored):
        write((b"\n" if first else b",\n") + b"    " + dumped(board)[:-1] + b',"results":[')  # "results" last
        for chunk in range(start, end, CHUNK_LINES):
            lines = b",\n      ".join(map(dumped, records(chunk, min(chunk + CHUNK_LINES, end))))
            write((b"\n      " if chunk == start else b",\n      ") + lines)
        write(b"\n    ]}" if end > start else b"]}")
        first = False
    write(b"\n  ],\n" if not first else b"],\n")
    write(b'  "standings": [')
    for g, standing in enumerate(standings):
        group = {"group": standing.group, "section": standing.section}
        write((b"\n" if g == 0 else b",\n") + b"    " + dumped(group)[:-1] + b',"entries":[')  # "entries" last
        entries = standing.entries
        for chunk in range(0, len(entries), CHUNK_LINES):
            lines = b",\n      ".join([dumped(_entry(e)) for e in entries[chunk : chunk + CHUNK_LINES]])
            write((b"\n      " if chunk == 0 else b",\n      ") + lines)
        write(b"\n    ]}" if entries else b"]}")
    write(b"\n  ],\n" if standings else b"],\n")
    for key, items in (("checks", checks_fields(checks)), ("problems", _problems(scored))):
        write(b"  " + dumped(key) + b": [")
        write(b"\n    " + b",\n    ".join(map(dumped, items)) + b"\n  ]" if items else b"]")
        write(b",\n" if key == "checks" else b"\n")
    for key, value in _leads(scored, notation).items():
        write(b'  ,"' + key.encode() + b'": ' + dumped(value) + b"\n")  # after "problems", as in to_dict
    write(b"}\n")


def dumps(scored: ScoredEvent, notation: Notation = "en", checks: tuple[Check, ...] | None = None) -> str:
    """The JSON text :func:`dump` writes."""
    buffer = io.BytesIO()
    dump(scored, buffer, notation, checks=checks)
    return buffer.getvalue().decode("utf-8")
