"""Problems as a director reads them: one line each in the chosen language, then what to do about them.

Every command that reads a director's files (check, score, valet, rubber) reports through :func:`print_problems`,
so they all say it the same way; it loads nothing but rich and the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from bridgescore.core.i18n import format_number, translator
from bridgescore.core.problems import Problem, Severity

__all__ = ["print_problems", "problem_fields"]


def print_problems(
    problems: Sequence[Problem], console: Console, lang: str = "en", *, can_go_on: bool, summary: bool = True
) -> None:
    """Every problem on a line of its own, in ``lang``, then (``summary``) how many and what to do: correct the
    lines, or (``can_go_on``: something is left to score) go on with --skip-invalid.  Every command that reads a
    director's files (check, score, valet, rubber) reports through this, so they all say it the same way."""
    _ = translator(lang).gettext
    errors = [p for p in problems if p.severity is Severity.ERROR]
    warnings = [p for p in problems if p.severity is Severity.WARNING]
    for problem in problems:
        style = "red" if problem.severity is Severity.ERROR else "yellow"
        console.print(f"[{style}]{escape(problem.describe(lang))}[/]", highlight=False, markup=True, soft_wrap=True)
    if not summary:
        return
    counts = {"errors": format_number(len(errors), lang), "warnings": format_number(len(warnings), lang)}
    if errors:
        console.print(
            (
                _(
                    "%(errors)s problem(s), %(warnings)s warning(s). Correct the lines above, "
                    "or run again with --skip-invalid to score the rest without them."
                )
                if can_go_on
                else _("%(errors)s problem(s), %(warnings)s warning(s). Correct the lines above.")
            )
            % counts,
            highlight=False,
        )
    elif warnings:
        console.print(_("%(warnings)s warning(s); no errors.") % counts, highlight=False)


def problem_fields(problem: Problem) -> dict[str, Any]:
    """One problem as the JSON reports write it: ``file``, ``line``, ``field``, ``severity`` and the ``message`` in
    English (the catalogue's words)."""
    return {
        "file": problem.location.file,
        "line": problem.location.line,
        "field": problem.location.field,
        "severity": problem.severity.value,
        "message": problem.text(),
    }
