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


@app.command()
def rubber(
    deals: Annotated[
        Path | None,
        typer.Argument(help="CSV of deals: deal, contract, declarer, tricks, honours.", show_default=False),
    ] = None,
    interactive: Annotated[
        bool, typer.Option("--interactive", "-i", help="Keep the sheet live at the table, deal by deal.")
    ] = False,
    chicago: Annotated[bool, typer.Option("--chicago", help="Chicago (four-deal bridge).")] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    lang: Annotated[str, typer.Option("--lang", help="Labels: en or nl (Wij/Zij, onder de streep).")] = "en",
    we: Annotated[str | None, typer.Option("--we", help="Columns We/They seen from NS or EW.")] = None,
    partscore_bonus: Annotated[
        int, typer.Option("--partscore-bonus", help="Unfinished rubber, only part score: 50 (seed) or 100.")
    ] = 50,
    stake: Annotated[str | None, typer.Option("--stake", help="Stake per 100 points, e.g. 0.10.")] = None,
    rounding: Annotated[
        str, typer.Option("--rounding", help="none, half-up or half-down (to the nearest 100).")
    ] = "none",
    first_dealer: Annotated[str, typer.Option("--first-dealer", help="First dealer: N E S W.")] = "N",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but score the valid deals (exit 0).")
    ] = False,
) -> None:
    """Keep a rubber-bridge (or Chicago) score sheet: the pad, the totals and the settlement."""
    from decimal import Decimal, InvalidOperation

    from bridgescore.contract import Side
    from bridgescore.io import rubber as rubber_io
    from bridgescore.report import rubber as rubber_report
    from bridgescore.rubber import Rounding, RubberError, RubberOptions, Sheet, settle

    labels = _notation(lang)
    try:
        options = RubberOptions(chicago, partscore_bonus, Seat.parse(first_dealer))
        we_side = Side.parse(we) if we else None
        stake_value = Decimal(stake) if stake else None
        rounding_rule = Rounding(rounding)
    except (RubberError, ContractError) as problem:
        raise _fail(str(problem)) from None
    except InvalidOperation:
        raise _fail(f"--stake '{stake}' is not an amount; write e.g. 0.10") from None
    except ValueError:
        raise _fail(f"--rounding must be none, half-up or half-down, not '{rounding}'") from None
    if fmt not in ("text", "json"):
        raise _fail(f"--format must be text or json, not '{fmt}'")
    if interactive:
        if deals is not None:
            raise _fail("give either a file of deals or --interactive, not both")

        def read(prompt: str) -> str | None:
            try:
                return input(prompt)
            except EOFError:
                return None

        sheet = rubber_report.run_session(read, print, options, labels, we_side, stake_value, rounding_rule)
        if fmt == "json":
            print(rubber_report.render_json(sheet, labels, settle(sheet, stake_value, rounding_rule)))
        return
    if deals is None:
        raise _fail("name a file of deals (CSV), or use --interactive")
    read_file = rubber_io.load(deals)
    sheets, play_problems = rubber_io.play_rubbers(read_file.lines, options)
    problems = [*read_file.problems, *play_problems]
    for found in problems:
        style = "red" if found.severity is Severity.ERROR else "yellow"
        err.print(f"[{style}]{found}[/]", soft_wrap=True, highlight=False)
    failed = any(p.severity is Severity.ERROR for p in problems)
    if failed and not skip_invalid:
        count = sum(1 for p in problems if p.severity is Severity.ERROR)
        err.print(f"{count} problem(s). Correct the lines above, or run again with --skip-invalid "
                  "to score the other deals without them.")  # fmt: skip
        raise typer.Exit(2)
    if read_file.numbered_rubbers:  # an evening of several rubbers, numbered in the file
        if fmt == "json":
            out.print_json(json.dumps(rubber_report.session_json(sheets, labels, stake_value, rounding_rule)))
        else:
            text = rubber_report.render_session(sheets, labels, we_side, stake_value, rounding_rule)
            out.print(text, markup=False, end="", soft_wrap=True)
        return
    sheet = sheets[0] if sheets else Sheet.new(options)
    settlement = settle(sheet, stake_value, rounding_rule)
    if fmt == "json":
        out.print_json(rubber_report.render_json(sheet, labels, settlement))
    else:
        pad = rubber_report.render_pad(sheet, labels, we_side, settlement)
        out.print(pad, markup=False, end="", soft_wrap=True)


def main() -> None:
    """Entry point of the console script."""
    app()


__all__ = ["app", "load_travellers", "main", "render_problems"]
