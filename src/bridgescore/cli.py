"""The ``bridgescore`` command line: reads arguments, calls the library, prints.  Nothing else lives here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from bridgescore import __version__
from bridgescore.contract import (
    ContractError,
    Notation,
    Seat,
    Vulnerability,
    format_result,
    parse_contract_and_result,
    parse_result,
    vulnerability_of_board,
)
from bridgescore.event import Event
from bridgescore.io import csv as traveller_csv
from bridgescore.problems import Severity
from bridgescore.report.check import render_check, render_problems

app = typer.Typer(
    name="bridgescore",
    help="Score contract-bridge events: contracts, matchpoints, Butler, Bastille, cross-IMPs, Valet, rubber.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

NotationOption = Annotated[
    str,
    typer.Option("--notation", help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W)."),
]


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/] {message}")
    return typer.Exit(2)


def _notation(text: str) -> Notation:
    if text not in ("en", "nl"):
        raise _fail(f"--notation must be 'en' or 'nl', not '{text}'")
    return "nl" if text == "nl" else "en"


def _version(value: bool) -> None:
    if value:
        out.print(f"bridgescore {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Score contract-bridge events the way a tournament director needs them."""


@app.command()
def contract(
    entry: Annotated[str, typer.Argument(help="Contract and result as on a score slip: 4SX-2, 3NT=, 3SA C, 4H 10.")],
    declarer: Annotated[str | None, typer.Option("--declarer", "-d", help="Declarer: N E S W (Dutch N O Z W).")] = None,
    board: Annotated[int | None, typer.Option("--board", "-b", help="Board number: gives the vulnerability.")] = None,
    vul: Annotated[
        str | None, typer.Option("--vul", help="Vulnerability instead of --board: none, ns, ew, all.")
    ] = None,
    result: Annotated[
        str | None, typer.Option("--result", "-r", help="Result if not in ENTRY: 8, =, C, +1, -2.")
    ] = None,
    notation: NotationOption = "en",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """Print the score of one contract (Law 77), from declarer's and from North-South's side."""
    lang = _notation(notation)
    try:
        parsed, seat, tricks = parse_contract_and_result(entry, lang)
        if declarer:
            seat = Seat.parse(declarer)
        if result is not None:
            tricks = parse_result(result, parsed)
        if board is not None and vul is not None:
            raise ContractError("give either --board or --vul, not both")
        vulnerability = vulnerability_of_board(board) if board is not None else Vulnerability.parse(vul or "none")
        if parsed.is_passed_out:
            tricks, declarer_score, ns_score, vulnerable = 0, 0, 0, False
        else:
            if seat is None:
                raise ContractError(f"contract {parsed} has no declarer; add --declarer N, E, S or W")
            if tricks is None:
                raise ContractError(f"contract {parsed} has no result; write e.g. {parsed}= or {parsed}-1")
            vulnerable = vulnerability.of_seat(seat)
            declarer_score = parsed.score(vulnerable, tricks)
            ns_score = declarer_score if seat.side.value == "NS" else -declarer_score
    except ContractError as problem:
        raise _fail(str(problem)) from None
    if fmt == "json":
        out.print_json(json.dumps({
            "contract": parsed.format(lang),
            "declarer": seat.label(lang) if seat is not None else None,
            "vulnerable": vulnerable,
            "vulnerability": vulnerability.value,
            "tricks": tricks,
            "result": format_result(parsed, tricks, lang) if not parsed.is_passed_out else None,
            "declarer_score": declarer_score,
            "ns_score": ns_score,
            "ew_score": -ns_score,
        }))  # fmt: skip
        return
    if fmt != "text":
        raise _fail(f"--format must be text or json, not '{fmt}'")
    if parsed.is_passed_out:
        out.print("Passed out: 0")
        return
    assert seat is not None
    vul_word = "vulnerable" if vulnerable else "not vulnerable"
    out.print(
        f"{parsed.format(lang)} by {seat.label(lang)} {format_result(parsed, tricks, lang)} "
        f"({tricks} tricks, {vul_word}): declarer {declarer_score:+d}, NS {ns_score:+d}, EW {-ns_score:+d}"
    )


def load_travellers(paths: list[Path], notation: Notation) -> Event:
    """Read every traveller file named on the command line into one event."""
    return Event.merge(traveller_csv.load(p, notation) for p in paths)


@app.command()
def check(
    travellers: Annotated[list[Path], typer.Argument(help="Traveller files (CSV).", show_default=False)],
    notation: NotationOption = "en",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but go on with the valid lines (exit 0).")
    ] = False,
) -> None:
    """Check traveller files: print every line with its score and every problem (exit 2 if any)."""
    lang = _notation(notation)
    event = load_travellers(travellers, lang)
    render_check(event, out, lang)
    if any(p.severity is Severity.ERROR for p in event.problems) and not skip_invalid:
        raise typer.Exit(2)


def main() -> None:
    """Entry point of the console script."""
    app()


__all__ = ["app", "load_travellers", "main", "render_problems"]
