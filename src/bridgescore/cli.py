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


@app.command()
def valet(
    inputs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="A directory with names.txt and scores.txt (the Valet program's input), or traveller files "
            "with declarers (CSV).",
            show_default=False,
        ),
    ] = None,
    names: Annotated[Path | None, typer.Option("--names", help="Names file (reference -n).")] = None,
    scores: Annotated[Path | None, typer.Option("--scores", help="Scores file (reference -s).")] = None,
    scoring: Annotated[
        str,
        typer.Option(
            "--scoring", "-v", help="iaf (IMPs across the field), datum (Butler) or matchpoints (reference -v)."
        ),
    ] = "iaf",
    no_cloud: Annotated[
        bool, typer.Option("--no-cloud", "-x", help="Plain decomposition instead of the cloud one (reference -x).")
    ] = False,
    leads: Annotated[bool, typer.Option("--leads", "-l", help="Score the opening lead apart (reference -l).")] = False,
    lead_average: Annotated[
        bool, typer.Option("--lead-average", "-a", help="Add the pair's average lead column (reference -a).")
    ] = False,
    drop_extremes: Annotated[
        bool, typer.Option("--drop-extremes", "-e", help="Datum without the highest and lowest score (reference -e).")
    ] = False,
    truncate_imps: Annotated[
        bool, typer.Option("--truncate-imps", help="Truncate differences to 10 before the IMP table (reference -h).")
    ] = False,
    compensate: Annotated[
        bool, typer.Option("--compensate", "-c", help="Compensate for the opponents' strength (reference -c).")
    ] = False,
    min_hands: Annotated[
        int | None, typer.Option("--min-hands", "-m", help="Second table for pairs with fewer hands (reference -m).")
    ] = None,
    rounds: Annotated[
        str | None, typer.Option("--rounds", "-r", help="Rounds: 3, 2-5 or 1,3-5,7 (reference -r).")
    ] = None,
    order: Annotated[
        str,
        typer.Option(
            "--order",
            "-o",
            help="overall, bidding, play, defense, lead, bidoverplay, defoverplay or leadoverplay (reference -o).",
        ),
    ] = "overall",
    tableau: Annotated[
        Path | None, typer.Option("--tableau", "-t", help="Write the per-hand tableau here (reference -t).")
    ] = None,
    separator: Annotated[str, typer.Option("--separator", "-j", help="valet-csv separator (reference -j).")] = ",",
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text, valet-csv, json or html (reference -f).")
    ] = "text",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but score the valid lines (exit 0).")
    ] = False,
) -> None:
    """The Valet score: each pair's Butler score split into bidding, declarer play, opening lead and defence."""
    import sys

    from bridgescore.imps import RoundingPolicy
    from bridgescore.io import valet as valet_io
    from bridgescore.methods.valet import ORDERS, ScoringForm, ValetOptions, parse_rounds, score_valet

    forms = {"iaf": ScoringForm.IAF, "imps": ScoringForm.IAF, "datum": ScoringForm.DATUM,
             "matchpoints": ScoringForm.MATCHPOINTS, "mp": ScoringForm.MATCHPOINTS}  # fmt: skip
    if scoring not in forms:
        raise _fail(f"--scoring must be iaf, datum or matchpoints, not '{scoring}'")
    if order not in ORDERS:
        raise _fail(f"--order must be one of {', '.join(ORDERS)}, not '{order}'")
    if fmt not in ("text", "valet-csv", "csv", "json", "html"):
        raise _fail(f"--format must be text, valet-csv, json or html, not '{fmt}'")
    if len(separator) != 1:
        raise _fail(f"--separator must be one character, not '{separator}'")
    if min_hands is not None and min_hands < 1:
        raise _fail("--min-hands must be at least 1")
    try:
        chosen_rounds = parse_rounds(rounds) if rounds is not None else None
    except ValueError as problem:
        raise _fail(f"--rounds: {problem}") from None
    if (names is None) != (scores is None):
        raise _fail("give both --names and --scores, or a directory holding names.txt and scores.txt")
    if names is None and not inputs:
        raise _fail("give a directory with names.txt and scores.txt, --names and --scores, or traveller files")
    read = valet_io.read_input(list(inputs or []), names, scores)
    for found in read.problems:
        style = "red" if found.severity is Severity.ERROR else "yellow"
        err.print(f"[{style}]{found}[/]", soft_wrap=True, highlight=False, markup=True)
    if read.has_errors and not skip_invalid:
        count = sum(1 for p in read.problems if p.severity is Severity.ERROR)
        err.print(f"{count} problem(s). Correct the lines above, or run again with --skip-invalid "
                  "to score the other lines without them.")  # fmt: skip
        raise typer.Exit(2)
    options = ValetOptions(
        form=forms[scoring], cloud=not no_cloud, leads=leads, lead_average=lead_average,
        drop_extremes=drop_extremes,
        rounding=RoundingPolicy.TRUNCATE if truncate_imps else RoundingPolicy.HALF_UP,
        compensate=compensate, min_hands=min_hands, rounds=chosen_rounds, order=order,
    )  # fmt: skip
    result = score_valet(read.tables, options)
    if fmt in ("valet-csv", "csv"):
        from bridgescore.report.valet_csv import render_valet_csv

        text = render_valet_csv(result, separator)
    elif fmt == "json":
        from bridgescore.report.valet import render_valet_json

        text = render_valet_json(result)
    elif fmt == "html":
        from bridgescore.report.valet_html import render_valet_html

        text = render_valet_html(result)
    else:
        from bridgescore.report.valet import render_valet_text

        text = render_valet_text(result)
    if tableau is not None:
        from bridgescore.report.valet import render_tableau

        try:
            tableau.write_text(render_tableau(result), encoding="utf-8")
        except OSError as problem:
            raise _fail(f"cannot write the tableau to {tableau}: {problem.strerror or problem}") from None
    sys.stdout.write(text)


def main() -> None:
    """Entry point of the console script."""
    app()


__all__ = ["app", "load_travellers", "main", "render_problems"]
