"""The director's first look at a traveller file: every line with its score, and every problem found.

Headings and summaries come from the catalogue (``lang="nl"``: Dutch), scores through
:func:`bridgescore.i18n.format_number`; the problems' own sentences are the readers' (English).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bridgescore.contract import Notation
from bridgescore.event import Event, ResultStatus
from bridgescore.i18n import format_number, translator
from bridgescore.methods.adjustments import WeightedScore
from bridgescore.problems import Severity
from bridgescore.scored import read_adjustment

__all__ = ["render_check", "render_problems"]


def render_check(event: Event, console: Console, notation: Notation = "en", lang: str = "en") -> None:
    """Print every traveller line read, with its NS score (a weighted assigned score's weighted score), then every
    problem.

    ``notation``: contracts and seats; ``lang``: headings and numbers (``nl``: Dutch words)."""
    _ = translator(lang).gettext
    title = _("%(count)s traveller lines") % {"count": format_number(len(event.results), lang)}
    table = Table(title=title, title_justify="left")
    for heading, justify in ((_("Line"), "right"), (_("Section"), "left"), (_("Board"), "right"), (_("NS"), "left"),
                             (_("EW"), "left"), (_("Contract"), "left"), (_("Lead"), "left"),
                             (_("NS score"), "right"), (_("Remarks"), "left")):  # fmt: skip
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for r in event.results:
        adjustment = read_adjustment(r)[0] if r.remarks else None
        if isinstance(adjustment, WeightedScore):  # the score the line is scored with (Law 12C1(c))
            weighted = format_number(round(adjustment.ns_score), lang, 0, signed=True)
            shown = _("%(score)s (weighted)") % {"score": weighted}
        elif r.status is ResultStatus.NOT_PLAYED:
            shown = _("not played")
        elif r.status is ResultStatus.ADJUSTED:
            shown = _("adjusted")
        else:
            shown = "" if r.ns_score is None else format_number(r.ns_score, lang, 0, signed=True)
        cells = (r.section, str(r.board), r.ns_pair, r.ew_pair, r.describe_contract(notation), r.lead or "")
        # the file's text as written: a "[/]" in it is not rich markup
        line = str(r.source.line) if r.source and r.source.line else ""
        table.add_row(line, *map(escape, cells), shown, escape(r.remarks))
    console.print(table)
    render_problems(event, console, lang)


def render_problems(event: Event, console: Console, lang: str = "en") -> None:
    """One line per problem, errors first in file order; a summary line at the end (in ``lang``), offering
    --skip-invalid only where the event has results to go on with."""
    _ = translator(lang).gettext
    errors = [p for p in event.problems if p.severity is Severity.ERROR]
    warnings = [p for p in event.problems if p.severity is Severity.WARNING]
    for problem in event.problems:
        style = "red" if problem.severity is Severity.ERROR else "yellow"
        console.print(f"[{style}]{escape(str(problem))}[/]", highlight=False, markup=True, soft_wrap=True)
    counts = {"errors": format_number(len(errors), lang), "warnings": format_number(len(warnings), lang)}
    if errors:
        console.print(
            (
                _(
                    "%(errors)s problem(s), %(warnings)s warning(s). Correct the lines above, "
                    "or run again with --skip-invalid to score the rest without them."
                )
                if event.results
                else _("%(errors)s problem(s), %(warnings)s warning(s). Correct the lines above.")
            )
            % counts,
            highlight=False,
        )
    elif warnings:
        console.print(_("%(warnings)s warning(s); no errors.") % counts, highlight=False)
