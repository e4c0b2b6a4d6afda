"""The scored event in the terminal: rankings, with ``boards`` every traveller, then the checks and problems."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from bridgescore.checks import Check, run_checks
from bridgescore.contract import Notation
from bridgescore.methods.base import Unit
from bridgescore.report.check import render_problems
from bridgescore.scored import ALL_SECTIONS, ScoredEvent
from bridgescore.standings import PERCENT_DECIMALS, Standing, compute_standings, format_percent, format_points

__all__ = ["render_text"]

_GROUP_TITLE = {"NS": "North-South", "EW": "East-West", "all": "all pairs"}


def _section_title(section: str) -> str:
    if section == ALL_SECTIONS:
        return "all sections"
    return f"section {section}" if section else ""


def render_text(
    scored: ScoredEvent,
    console: Console,
    notation: Notation = "en",
    boards: bool = False,
    standings: tuple[Standing, ...] | None = None,
    checks: tuple[Check, ...] | None = None,
) -> None:
    """Print the rankings (and travellers with ``boards``), the checks and every problem."""
    standings = compute_standings(scored) if standings is None else standings
    checks = run_checks(scored) if checks is None else checks
    is_mp = scored.unit is Unit.MATCHPOINTS
    title = scored.event.title or "Result"
    console.print(f"[bold]{title}[/] – {scored.method.name}", highlight=False)
    if boards:
        for board in scored.boards:
            _render_board(scored, board_index=scored.boards.index(board), console=console, notation=notation)
    for standing in standings:
        parts = [p for p in (_section_title(standing.section), _GROUP_TITLE[standing.group]) if p]
        table = Table(title=", ".join(parts), title_justify="left")
        table.add_column("Place", justify="right")
        if standing.section == ALL_SECTIONS:
            table.add_column("Section")
        table.add_column("Pair", justify="right")
        table.add_column("Names")
        table.add_column("Boards", justify="right")
        if is_mp:
            table.add_column("Total", justify="right")
            table.add_column("Max", justify="right")
            table.add_column("%", justify="right")
        else:
            table.add_column("IMPs", justify="right")
            table.add_column("Per board", justify="right")
        for e in standing.entries:
            row = [e.place_label or "–"]
            if standing.section == ALL_SECTIONS:
                row.append(e.section)
            row += [e.pair, e.names, str(e.boards)]
            if is_mp:
                row += [format_points(e.total), format_points(e.maximum), format_percent(e.percent)]
            else:
                factored = "*" if abs(e.total - e.unfactored_total) > 1e-9 else ""
                row += [format_points(e.total) + factored, format_points(e.average)]
            table.add_row(*row)
        console.print(table)
    if is_mp:
        console.print(f"Percentages to {PERCENT_DECIMALS} decimals, halves rounded up.", highlight=False)
    elif any(abs(e.total - e.unfactored_total) > 1e-9 for s in standings for e in s.entries):
        console.print("* total factored to the full number of boards (pair played fewer boards).", highlight=False)
    for check in checks:
        mark = "[green]ok[/]" if check.ok else "[red]FAILED[/]"
        console.print(f"{mark} {check.name}: {check.detail}", highlight=False, soft_wrap=True)
    if scored.problems:
        from bridgescore.event import Event

        render_problems(Event((), problems=scored.problems), console)


def _render_board(scored: ScoredEvent, board_index: int, console: Console, notation: Notation) -> None:
    board = scored.boards[board_index]
    is_mp = scored.unit is Unit.MATCHPOINTS
    heading = f"Board {board.number}"
    if board.section and board.section != ALL_SECTIONS:
        heading = f"Section {board.section}, board {board.number}"
    if board.datum is not None:
        datum = format_points(board.datum)
        heading += f" – datum NS {datum}, EW {format_points(-board.datum) if board.datum else '0'}"
    if board.top is not None:
        heading += f" – top {format_points(board.top)}"
    table = Table(title=heading, title_justify="left")
    across = board.section == ALL_SECTIONS
    if across:
        table.add_column("Section")
    for name, justify in (("NS", "right"), ("EW", "right"), ("Contract", "left"), ("Lead", "left"),
                          ("NS score", "right"), ("NS pts", "right"), ("EW pts", "right")):  # fmt: skip
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    if is_mp:
        table.add_column("NS %", justify="right")
        table.add_column("EW %", justify="right")
    for line in board.lines():
        r = line.result
        if line.adjustment is not None:
            contract = f"{r.describe_contract(notation)} ({line.adjustment.label()})".strip()
        elif r.status.value == "not-played":
            contract = "not played"
        else:
            contract = r.describe_contract(notation)
        row = [r.section] if across else []
        row += [
            r.ns_pair,
            r.ew_pair,
            contract,
            r.lead or "",
            "" if line.ns_score is None else f"{line.ns_score:+d}" if line.ns_score else "0",
            format_points(line.ns_points),
            format_points(line.ew_points),
        ]
        if is_mp:
            row += [format_percent(line.ns_percent), format_percent(line.ew_percent)]
        table.add_row(*row)
    console.print(table)
