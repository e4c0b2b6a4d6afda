"""A scored teams event as a report: the standings, the cross-table (or each team's rounds), every match's card.

This is the entry point every teams output goes through (``bridgescore teams --format …``): :func:`write_teams`
writes ``text`` (rich tables for the terminal), ``json`` (schema ``bridgescore.teams/1``,
:mod:`bridgescore.teams.report.json`), ``csv`` (:mod:`bridgescore.teams.report.csv`) or ``html`` (one
self-contained page, :mod:`bridgescore.teams.report.html`) to a text stream.  Every format is made from the JSON
dict, so none shows a number the JSON does not hold.  Every label comes from the catalogue (``lang="nl"``: Dutch)
and every number passes through :func:`bridgescore.core.i18n.format_number` (decimal comma in Dutch).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bridgescore.core.i18n import N_, Language, translator
from bridgescore.report.printable import console as printable_console
from bridgescore.teams.model import ScoredTeams
from bridgescore.teams.report.view import Grid, TeamsView

if TYPE_CHECKING:
    from bridgescore.core.deal import HandRecords

__all__ = ["TEAMS_FORMATS", "TeamsFormat", "render_teams_text", "teams_view", "write_teams"]

TeamsFormat = Literal["text", "json", "csv", "html"]
#: The formats :func:`write_teams` writes.
TEAMS_FORMATS: tuple[TeamsFormat, ...] = ("text", "json", "csv", "html")

_ROW_STYLES = {"total": "bold", "subtotal": "italic", "carry": "italic"}


#: What the published page says under a match card of a board not compared (the director's problem, with what to
#: write on the line, is for the terminal and ``check``, not for the members).
_NOT_COMPARED = N_("not compared between the rooms; each team gets average")
_FOULED = N_("fouled (Law 87): not compared between the rooms; each team gets average")


def teams_view(scored: ScoredTeams, lang: Language = "en", published: bool = False) -> TeamsView:
    """The report's tables for ``scored`` in ``lang``, its problems (and each board's) in that language too.

    A board not compared is said under its match in a member's words; the problem itself – with the director's
    instruction ("write the director's ruling … on the line") – is said once, with its file and line, in the
    problems.  ``published`` (the HTML page the members read): the problems are left out; the command line prints
    them on the terminal."""
    from bridgescore.teams.report.json import to_dict

    _ = translator(lang).gettext
    board_problems = {
        (i, j): (
            _(_FOULED if b.board.fouled else _NOT_COMPARED)
            if published or b.problem in scored.problems  # else said nowhere but here
            else b.problem.text(lang)
        )
        for i, m in enumerate(scored.matches)
        for j, b in enumerate(m.boards)
        if b.problem is not None
    }
    return TeamsView(
        to_dict(scored),
        lang,
        problems=[] if published else [p.describe(lang) for p in scored.problems],
        checks=[c.describe(lang) for c in scored.checks],
        board_problems=board_problems,
    )


def _table(grid: Grid) -> Table:
    table = Table(title=escape(grid.title), title_justify="left")
    for heading, numeric in zip(grid.headings, grid.numeric, strict=True):
        table.add_column(escape(heading), justify="right" if numeric else "left")
    for row in grid.rows:
        table.add_row(*(escape(c) for c in row.cells), style=_ROW_STYLES.get(row.kind))
    return table


def render_teams_text(scored: ScoredTeams, console: Console, lang: Language = "en", problems: bool = True) -> None:
    """The title and how the event was scored, the standings, the cross-table of a round robin (each team's
    rounds otherwise), each match's card with its result, then the director's checks and (``problems``) the
    problems – left out where the command line says them on the error stream."""
    _ = translator(lang).gettext
    view = teams_view(scored, lang)
    if scored.event.title:
        console.print(escape(scored.event.title), style="bold", highlight=False)
    for line in view.description():
        console.print(escape(line), highlight=False)
    console.print(_table(view.standings_grid()))
    meetings = view.meetings_grid()
    if meetings is not None:
        console.print(_table(meetings))
        if meetings.note:
            console.print(escape(meetings.note), highlight=False)
    if view.matches:
        console.print(_("Matches"), style="bold", highlight=False)
    for card in view.match_cards():
        console.print(_table(card.grid))
        console.print(escape(card.result), highlight=False)
        for problem in card.problems:
            console.print(escape(problem), style="yellow", highlight=False)
    for heading, lines in (
        (_("Director's checks"), view.checks()),
        (_("Problems"), view.problems() if problems else []),
    ):
        if lines:
            console.print(heading, style="bold", highlight=False)
            for line in lines:
                console.print(escape(line), highlight=False)


def write_teams(
    scored: ScoredTeams,
    fmt: TeamsFormat,
    out: TextIO,
    lang: Language = "en",
    deals: HandRecords | None = None,
    problems: bool = True,
    director: bool = True,
) -> None:
    """``scored`` written to the text stream ``out`` in ``fmt`` (``text``, ``json``, ``csv``, ``html``).

    ``json`` is the same in every language (numbers as JSON numbers, English keys and problem messages); ``csv``
    in Dutch has Dutch headers, decimal commas and ``;`` between fields; ``html`` is one UTF-8 page (write the
    stream to a ``.html`` file: it needs nothing else).  ``director=False`` (``teams --format html`` without
    ``--director``, as ``score``'s): the members' page, without the director's checks; the API keeps them, as
    :func:`bridgescore.pairs.report.html.render_html` does.  The text report always lists them, as ``score``'s does."""
    if fmt == "text":
        render_teams_text(scored, printable_console(file=out, width=100, soft_wrap=True), lang, problems)
    elif fmt == "json":
        from bridgescore.teams.report.json import dump

        dump(scored, out)
    elif fmt == "csv":
        from bridgescore.teams.report.csv import write_teams_csv

        write_teams_csv(scored, out, lang)
    elif fmt == "html":
        from bridgescore.teams.report.html import render_teams_html

        out.write(render_teams_html(teams_view(scored, lang, published=True), deals, director=director))
    else:
        raise ValueError(f"unknown teams format {fmt!r}; expected one of {', '.join(TEAMS_FORMATS)}")
