"""The director's first look at a traveller file: every line with its score, and every problem found."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from bridgescore.contract import Notation
from bridgescore.event import Event, ResultStatus
from bridgescore.problems import Severity

__all__ = ["render_check", "render_problems"]


def render_check(event: Event, console: Console, notation: Notation = "en") -> None:
    """Print every traveller line read, with its NS score, then every problem."""
    table = Table(title=f"{len(event.results)} traveller lines", title_justify="left")
    for heading, justify in (("Line", "right"), ("Section", "left"), ("Board", "right"), ("NS", "left"),
                             ("EW", "left"), ("Contract", "left"), ("Lead", "left"), ("NS score", "right"),
                             ("Remarks", "left")):  # fmt: skip
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for r in event.results:
        if r.status is ResultStatus.NOT_PLAYED:
            shown = "not played"
        elif r.status is ResultStatus.ADJUSTED:
            shown = "adjusted"
        else:
            shown = "" if r.ns_score is None else f"{r.ns_score:+d}"
        table.add_row(
            str(r.source.line) if r.source and r.source.line else "",
            r.section,
            str(r.board),
            r.ns_pair,
            r.ew_pair,
            r.describe_contract(notation),
            r.lead or "",
            shown,
            r.remarks,
        )
    console.print(table)
    render_problems(event, console)


def render_problems(event: Event, console: Console) -> None:
    """One line per problem, errors first in file order; a summary line at the end (offering --skip-invalid
    only where the event has results to go on with)."""
    errors = [p for p in event.problems if p.severity is Severity.ERROR]
    warnings = [p for p in event.problems if p.severity is Severity.WARNING]
    for problem in event.problems:
        style = "red" if problem.severity is Severity.ERROR else "yellow"
        console.print(f"[{style}]{problem}[/]", highlight=False, markup=True, soft_wrap=True)
    if errors:
        go_on = ", or run again with --skip-invalid to score the rest without them" if event.results else ""
        console.print(
            f"{len(errors)} problem(s), {len(warnings)} warning(s). Correct the lines above{go_on}.",
            highlight=False,
        )
    elif warnings:
        console.print(f"{len(warnings)} warning(s); no errors.", highlight=False)
