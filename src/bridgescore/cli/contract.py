"""The ``contract`` command: one contract's score (Law 77)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from bridgescore.cli.common import (
    NotationOption,
    OutputOption,
    app,
    fail,
    notation_option,
    write_output,
)
from bridgescore.core.contract import (
    ContractError,
    Seat,
    Vulnerability,
    format_result,
    parse_contract_and_result,
    parse_result,
    vulnerability_of_board,
)


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
    output: OutputOption = None,
) -> None:
    """Print the score of one contract (Law 77), from declarer's and from North-South's side."""
    from bridgescore.cli.common import out

    lang = notation_option(notation)
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
        raise fail(str(problem)) from None
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    if fmt == "json":
        text = json.dumps({
            "contract": parsed.format(lang),
            "declarer": seat.label(lang) if seat is not None else None,
            "vulnerable": vulnerable,
            "vulnerability": vulnerability.value,
            "tricks": tricks,
            "result": format_result(parsed, tricks, lang) if not parsed.is_passed_out else None,
            "declarer_score": declarer_score,
            "ns_score": ns_score,
            "ew_score": -ns_score,
        }, indent=2)  # fmt: skip
    elif parsed.is_passed_out:
        text = "Passed out: 0"
    else:
        assert seat is not None
        vul_word = "vulnerable" if vulnerable else "not vulnerable"
        text = (
            f"{parsed.format(lang)} by {seat.label(lang)} {format_result(parsed, tricks, lang)} "
            f"({tricks} tricks, {vul_word}): declarer {declarer_score:+d}, NS {ns_score:+d}, EW {-ns_score:+d}"
        )
    if output is not None:
        write_output(text + "\n", output)
    elif fmt == "json":
        out.print_json(text)
    else:
        out.print(text)
