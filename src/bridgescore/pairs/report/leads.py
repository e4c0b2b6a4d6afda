"""The lead analysis (:mod:`bridgescore.core.leads`) as plain data: the ``leads`` block of the ``score`` JSON and of
``valet``'s JSON, and what the HTML page shows (the per-pair sums).

``leads_block(analysis, notation, names)`` is::

    {"definitions": {...},                      # the sign conventions in words
     "lines": [{"section", "board", "ns_pair", "ew_pair", "contract", "declarer", "leader", "lead", "tricks",
                "dd_after_lead", "dd_best", "lead_cost", "declarer_vs_dd"}, ...],
     "pairs": [{"section", "pair", "direction", "names", "declared", "defended",
                "as_declarer", "on_lead", "in_defence", "total"}, ...],
     "left_out": {"no-deal": 3, "no-lead": 1, ...},      # lines not analysed, by reason
     "problems": [{"file", "line", "field", "severity", "message"}, ...]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgescore.core.contract import Notation
from bridgescore.core.i18n import N_, format_number, parse_language, translator
from bridgescore.core.leads import LeadAnalysis, LeftOut, LineLeads, PairLeads
from bridgescore.core.pairkey import lookup

__all__ = ["DEFINITIONS", "LEFT_OUT_WORDS", "leads_block", "line_fields", "pair_fields", "render_leads_text"]


#: The sign conventions, written into every block so that a reader of the JSON can defend each number.
DEFINITIONS = {
    "dd_after_lead": "declarer's double-dummy tricks after the opening lead made at the table",
    "dd_best": "declarer's double-dummy tricks after the best opening lead",
    "lead_cost": "dd_after_lead - dd_best: tricks the lead gave away against the best lead (0 or more)",
    "declarer_vs_dd": "tricks - dd_after_lead: tricks the declarer gained (+) or lost (-) in the play after the lead",
    "pairs": "tricks gained (+) or lost (-) by the pair against double dummy: as_declarer sums declarer_vs_dd of "
    "the lines it declared, on_lead minus lead_cost and in_defence minus declarer_vs_dd of the lines it "
    "defended (it made their opening leads); total is the three together",
}


def line_fields(line: LineLeads, notation: Notation = "en") -> dict[str, Any]:
    """One analysed line as JSON-ready fields."""
    return {
        "section": line.section,
        "board": line.board,
        "ns_pair": line.ns_pair,
        "ew_pair": line.ew_pair,
        "contract": line.contract.format(notation),
        "declarer": line.declarer.label(notation),
        "leader": line.leader.label(notation),
        "lead": line.lead.format(notation),
        "tricks": line.tricks,
        "dd_after_lead": line.dd_after_lead,
        "dd_best": line.dd_best,
        "lead_cost": line.lead_cost,
        "declarer_vs_dd": line.declarer_vs_dd,
    }


def pair_fields(pair: PairLeads, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """One pair's sums as JSON-ready fields (``names``: the event's pair names, looked up as the rankings do)."""
    return {
        "section": pair.section,
        "pair": pair.pair,
        "direction": pair.direction or None,
        "names": _name(names or {}, pair),
        "declared": pair.declared,
        "defended": pair.defended,
        "as_declarer": pair.as_declarer,
        "on_lead": pair.on_lead,
        "in_defence": pair.in_defence,
        "total": pair.total,
    }


def _name(names: Mapping[str, str], pair: PairLeads) -> str:
    return lookup(names, pair.section, pair.pair, pair.direction) or ""


def leads_block(
    analysis: LeadAnalysis, notation: Notation = "en", names: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The whole analysis as the JSON block described in the module docstring."""
    from bridgescore.report.problems import problem_fields

    return {
        "definitions": DEFINITIONS,
        "lines": [line_fields(line, notation) for line in analysis.lines],
        "pairs": [pair_fields(pair, names) for pair in analysis.pairs],
        "left_out": {reason.value: count for reason, count in analysis.left_out.items()},
        "problems": [problem_fields(p) for p in analysis.problems],
    }


#: The reasons a line is left out, as the text report words them (catalogue messages).
LEFT_OUT_WORDS = {  # N_: in the catalogue
    LeftOut.NO_DEAL: N_("no deal"),
    LeftOut.DEAL_NOT_PLAYABLE: N_("deal not playable"),
    LeftOut.NOT_PLAYED: N_("not played"),
    LeftOut.ADJUSTED: N_("adjusted"),
    LeftOut.PASSED_OUT: N_("passed out"),
    LeftOut.NO_CONTRACT: N_("no contract"),
    LeftOut.NO_LEAD: N_("no lead"),
    LeftOut.LEAD_NOT_A_CARD: N_("lead not a card"),
    LeftOut.LEAD_NOT_HELD: N_("lead not held"),
}


def render_leads_text(analysis: LeadAnalysis, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """The pairs' sums as a plain table (tricks gained + or lost - against double dummy as declarer, on lead and in
    defence), with the number of lines analysed and of those left out, by reason."""
    language = parse_language(lang)
    _ = translator(language).gettext
    head = [_("Pair"), _("Names"), _("Declared"), _("As declarer"), _("Defended"), _("On lead"), _("In defence"),
            _("Total")]  # fmt: skip
    rows = []
    for pair in analysis.pairs:
        label = f"{pair.section}:{pair.pair}" if pair.section else pair.pair
        if pair.direction:
            label += f" {_(pair.direction)}"
        rows.append([
            label, _name(names or {}, pair), str(pair.declared),
            format_number(pair.as_declarer, language, signed=True), str(pair.defended),
            format_number(pair.on_lead, language, signed=True), format_number(pair.in_defence, language, signed=True),
            format_number(pair.total, language, signed=True),
        ])  # fmt: skip
    widths = [max(len(row[k]) for row in [head, *rows]) for k in range(len(head))]

    def aligned(row: list[str]) -> str:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [cell.rjust(width) for cell, width in zip(row[2:], widths[2:], strict=True)]
        return "  ".join(cells).rstrip()

    lines = [
        _("Tricks against double dummy (+ gained, - lost): as declarer, on lead and in defence"),
        aligned(head),
        *(aligned(row) for row in rows),
    ]
    summary = _("%(lines)s lines analysed") % {"lines": len(analysis.lines)}
    if analysis.left_out:
        reasons = ", ".join(
            f"{_(LEFT_OUT_WORDS[reason])} {count}" for reason, count in sorted(analysis.left_out.items(),
                                                                             key=lambda item: item[0].value)
        )  # fmt: skip
        summary += "; " + _("left out: %(reasons)s") % {"reasons": reasons}
    lines.append(summary)
    return "\n".join(lines) + "\n"
