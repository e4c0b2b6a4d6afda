"""The ``rubber`` command: a rubber-bridge or Chicago score sheet."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import (
    OutputOption,
    app,
    fail,
    language_option,
    refuse_overwrite,
    write_output,
)
from bridgescore.core.contract import (
    ContractError,
    Seat,
)
from bridgescore.core.problems import Severity


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
    output: OutputOption = None,
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

    from bridgescore.cli.common import err, out
    from bridgescore.core.contract import Side
    from bridgescore.rubber import read as rubber_io
    from bridgescore.rubber import report as rubber_report
    from bridgescore.rubber.sheet import Rounding, RubberError, RubberOptions, Sheet, parse_stake, settle

    labels = language_option(lang)
    try:
        options = RubberOptions(chicago, partscore_bonus, Seat.parse(first_dealer))
        we_side = Side.parse(we) if we else None
        stake_value = parse_stake(stake) if stake else None
        rounding_rule = Rounding(rounding)
    except (RubberError, ContractError) as problem:
        raise fail(str(problem)) from None
    except ValueError:
        raise fail(f"--rounding must be none, half-up or half-down, not '{rounding}'") from None
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    refuse_overwrite(output, [deals])

    def show(text: str, as_json: bool) -> None:
        """On the screen as before; with --output the same text into the file."""
        if output is not None:
            write_output(json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n" if as_json else text, output)
        elif as_json:
            out.print_json(text)
        else:
            out.print(text, markup=False, end="", soft_wrap=True)

    if interactive:
        if deals is not None:
            raise fail("give either a file of deals or --interactive, not both")

        # With --format json stdout carries the JSON document alone: the prompts and pads go to stderr.
        table = sys.stderr if fmt == "json" else sys.stdout

        def read(prompt: str) -> str | None:
            table.write(prompt)
            table.flush()
            try:
                return input()
            except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C closes the evening: the pads are printed
                table.write("\n")
                return None

        def write(text: str) -> None:
            print(text, file=table, flush=True)

        sheets = rubber_report.run_session(read, write, options, labels, we_side, stake_value, rounding_rule)
        if fmt == "json":
            if len(sheets) == 1:
                document = rubber_report.render_json(sheets[0], labels, settle(sheets[0], stake_value, rounding_rule))
            else:
                session = rubber_report.session_json(sheets, labels, stake_value, rounding_rule)
                document = json.dumps(session, ensure_ascii=False, indent=2)
            if output is None:
                print(document)
            else:
                show(document, True)
        elif output is not None:  # the sheets as they ended, kept in the file
            if len(sheets) == 1:
                settlement = settle(sheets[0], stake_value, rounding_rule)
                show(rubber_report.render_pad(sheets[0], labels, we_side, settlement), False)
            else:
                show(rubber_report.render_session(sheets, labels, we_side, stake_value, rounding_rule), False)
        return
    if deals is None:
        raise fail("name a file of deals (CSV), or use --interactive")
    read_file = rubber_io.load(deals)
    sheets, play_problems = rubber_io.play_rubbers(read_file.lines, options)
    problems = [*read_file.problems, *play_problems]
    stop = any(p.severity is Severity.ERROR for p in problems) and not (skip_invalid and read_file.lines)
    from bridgescore.report.problems import print_problems

    print_problems(problems, err, labels, can_go_on=bool(read_file.lines), summary=stop)
    if stop:
        raise typer.Exit(2)
    if read_file.numbered_rubbers:  # an evening of several rubbers, numbered in the file
        numbers = sorted({line.rubber for line in read_file.lines})  # play_rubbers: one sheet per number, in order
        if fmt == "json":
            session = rubber_report.session_json(sheets, labels, stake_value, rounding_rule, numbers)
            show(json.dumps(session), True)
        else:
            text = rubber_report.render_session(sheets, labels, we_side, stake_value, rounding_rule, numbers)
            show(text, False)
        return
    sheet = sheets[0] if sheets else Sheet.new(options)
    settlement = settle(sheet, stake_value, rounding_rule)
    if fmt == "json":
        show(rubber_report.render_json(sheet, labels, settlement), True)
    else:
        show(rubber_report.render_pad(sheet, labels, we_side, settlement), False)
