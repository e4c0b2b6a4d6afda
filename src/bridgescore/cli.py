"""The ``bridgescore`` command line: reads arguments, calls the library, prints.  Nothing else lives here."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape

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
from bridgescore.io import load_events
from bridgescore.problems import Severity

if TYPE_CHECKING:
    from bridgescore.i18n import Language

# Each command imports what only it needs (scoring methods, reports, jinja2, Babel) inside its body, so that a
# command starts without loading the others' libraries: `bridgescore valet` on a large event is timed whole.

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
MovementOption = Annotated[
    str,
    typer.Option(
        "--movement",
        help="auto (from the data), mitchell (two lines; pairs may be numbered per direction, NS 1 and EW 1 "
        "being two pairs, as ACBLscore numbers them) or howell (one field; every pair has a number of its own).",
    ),
]

#: --movement → how the traveller reader takes a number on both sides of a board (None: from the data).
_PER_DIRECTION = {"mitchell": True, "howell": False}


def _fail(message: str) -> typer.Exit:
    err.print(f"[red]error:[/] {escape(message)}")
    return typer.Exit(2)


def _notation(text: str) -> Notation:
    if text not in ("en", "nl"):
        raise _fail(f"--notation must be 'en' or 'nl', not '{text}'")
    return "nl" if text == "nl" else "en"


def _language(text: str) -> Language:
    from bridgescore.i18n import parse_language

    try:
        return parse_language(text)
    except ValueError as problem:
        raise _fail(f"--lang: {problem}") from None


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


@app.command()
def check(
    travellers: Annotated[
        list[Path], typer.Argument(help="Traveller files: CSV, USEBIO XML or PBN.", show_default=False)
    ],
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W); default: as --lang.",
        ),
    ] = None,
    movement: MovementOption = "auto",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but go on with the valid lines (exit 0).")
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of headings and numbers: en or nl.")] = "en",
) -> None:
    """Check traveller files: print every line with its score and every problem (exit 2 if any)."""
    from bridgescore.report.check import render_check

    labels = _language(lang)
    if movement not in ("auto", *_PER_DIRECTION):
        raise _fail(f"--movement must be auto, mitchell or howell, not '{movement}'")
    reading = _notation(notation or "en")  # the readers take either notation
    shown = _notation(notation or labels)  # printing: as asked, else in the language of the labels
    event = load_events(travellers, reading, pairs_per_direction=_PER_DIRECTION.get(movement))
    render_check(event, out, shown, labels)
    if any(p.severity is Severity.ERROR for p in event.problems) and not (skip_invalid and event.results):
        raise typer.Exit(2)


@app.command()
def score(
    inputs: Annotated[
        list[Path], typer.Argument(help="Event files: traveller CSV, USEBIO XML, PBN.", show_default=False)
    ],
    method: Annotated[
        str, typer.Option("--method", "-m", help="matchpoints, butler, bastille or cross-imps.")
    ] = "matchpoints",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, json, csv or html.")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file.")] = None,
    lang: Annotated[
        str, typer.Option("--lang", help="Language of labels and numbers (text, CSV, HTML): en or nl.")
    ] = "en",
    title: Annotated[
        str | None, typer.Option("--title", help="Event title (default: the input's, else Results/Uitslag).")
    ] = None,
    boards: Annotated[bool, typer.Option("--boards", help="Also every traveller with datum and points.")] = False,
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            help="Notation to print: 'en' (4S, NT, N E S W) or 'nl' (4S, SA, N O Z W); default: as --lang.",
        ),
    ] = None,
    names: Annotated[Path | None, typer.Option("--names", help="Names file: CSV pair,names.")] = None,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but score the valid lines (exit 0).")
    ] = False,
    across_sections: Annotated[
        bool, typer.Option("--across-sections", help="Compare every section's scores together (EBU).")
    ] = False,
    movement: MovementOption = "auto",
    phantom: Annotated[
        list[str] | None, typer.Option("--phantom", help="A phantom pair: its opponents get average (repeatable).")
    ] = None,
    phantom_award: Annotated[
        str, typer.Option("--phantom-award", help="What a phantom's opponents get: A, A+, 60 … (JFR Pary: 60).")
    ] = "A",
    neuberg: Annotated[
        bool, typer.Option("--neuberg/--no-neuberg", help="Neuberg for boards with fewer results (default on).")
    ] = True,
    acbl_scale: Annotated[
        bool, typer.Option("--acbl-scale", help="Matchpoints 1 and 1/2 (ACBL, BBO) instead of 2 and 1.")
    ] = False,
    datum: Annotated[
        str, typer.Option("--datum", help="Butler datum: nbb, acbl, bridgewx, mean, drop:K, trim:P[:MIN].")
    ] = "nbb",
    datum_rounding: Annotated[
        str,
        typer.Option(
            "--datum-rounding", help="half-toward-zero (NBB), half-away-from-zero, half-even (ACBL), down, none."
        ),
    ] = "half-toward-zero",
    cross_imps: Annotated[
        str, typer.Option("--cross-imps", help="average (EBU, BBO) or total (ACBLscore) over comparisons.")
    ] = "average",
    factor: Annotated[
        bool, typer.Option("--factor/--no-factor", help="Factor IMP totals of pairs with fewer boards.")
    ] = True,
    factor_printed: Annotated[
        bool, typer.Option("--factor-printed", help="Factor the total rounded to 2 decimals (Pianola, EBU).")
    ] = False,
    pair_percent: Annotated[
        str, typer.Option("--pair-percent", help="total (over maximum: EBU, BriAn) or mean (of board %: BBO, JFR).")
    ] = "total",
    round_board_points: Annotated[
        int | None,
        typer.Option(
            "--round-board-points", help="Round line points to N decimals before summing (ACBLscore, TeamsScorer: 2)."
        ),
    ] = None,
    session_average_plus: Annotated[
        bool,
        typer.Option(
            "--session-average-plus", help="Average-plus is the pair's score on its other boards if higher (Law 12C2c)."
        ),
    ] = False,
    session_average_minus: Annotated[
        bool, typer.Option("--session-average-minus", help="Average-minus is the pair's other boards' score if lower.")
    ] = False,
    average_plus: Annotated[float, typer.Option("--average-plus", help="Average-plus at matchpoints, %.")] = 60.0,
    average_minus: Annotated[float, typer.Option("--average-minus", help="Average-minus at matchpoints, %.")] = 40.0,
    adjusted_imps: Annotated[
        float, typer.Option("--adjusted-imps", help="IMPs for average-plus (minus: the negation).")
    ] = 3.0,
    imps_per_percent: Annotated[
        float, typer.Option("--imps-per-percent", help="IMPs per % above 50 for a percentage at IMPs.")
    ] = 0.3,
) -> None:
    """Score a pairs event: rankings, travellers and the director's checks (exit 2 on bad input)."""
    from bridgescore.methods import make_method
    from bridgescore.methods.adjustments import AdjustmentValues, parse_award
    from bridgescore.report import csv as score_csv
    from bridgescore.report import json as score_json
    from bridgescore.report.check import render_problems
    from bridgescore.report.html import render_html
    from bridgescore.report.text import render_text
    from bridgescore.scored import Movement, PairPercent, ScoringOptions, score_event

    page_lang = _language(lang)
    lang = _notation(notation or "en")  # reading: the readers take either notation
    shown = _notation(notation or page_lang)  # printing: as asked, else in the language of the labels
    if fmt not in ("text", "json", "csv", "html"):
        raise _fail(f"--format must be text, json, csv or html, not '{fmt}'")
    try:
        scoring_method = make_method(
            method, acbl_scale=acbl_scale, neuberg=neuberg, datum=datum, datum_rounding=datum_rounding,
            cross_imps=cross_imps,
        )  # fmt: skip
        options = ScoringOptions(
            method=scoring_method,
            adjustments=AdjustmentValues(
                plus_percent=average_plus,
                minus_percent=average_minus,
                plus_imps=adjusted_imps,
                minus_imps=-adjusted_imps,
                imps_per_percent=imps_per_percent,
            ),
            across_sections=across_sections,
            movement=Movement(movement),
            phantoms=frozenset(phantom or ()),
            phantom_award=parse_award(phantom_award),
            factor=factor,
            factor_printed_total=factor_printed,
            pair_percent=PairPercent(pair_percent),
            round_board_points=round_board_points,
            session_average_plus=session_average_plus,
            session_average_minus=session_average_minus,
        )
    except ValueError as problem:
        raise _fail(str(problem)) from None
    event = load_events(inputs, lang, names=names, pairs_per_direction=_PER_DIRECTION.get(movement))
    scored = score_event(dataclasses.replace(event, title=title) if title else event, options)
    if any(p.severity is Severity.ERROR for p in scored.problems) and not (skip_invalid and event.results):
        render_problems(Event(event.results, problems=scored.problems), err, page_lang)
        raise typer.Exit(2)
    if fmt == "json":
        text = score_json.dumps(scored, lang)
    elif fmt == "csv":
        text = (
            score_csv.boards_csv(scored, shown, page_lang)
            if boards
            else score_csv.standings_csv(scored, lang=page_lang)
        )
    elif fmt == "html":
        text = render_html(score_json.to_dict(scored, notation=lang), page_lang)
    else:
        text = ""
    try:
        if fmt == "text":
            if output is None:
                # piped or redirected output keeps whole columns rather than the 80-column default
                console = out if out.is_terminal else Console(highlight=False, width=max(out.width, 120))
                render_text(scored, console, shown, boards=boards, lang=page_lang)
            else:
                with output.open("w", encoding="utf-8") as handle:
                    console = Console(file=handle, width=120, highlight=False)
                    render_text(scored, console, shown, boards=boards, lang=page_lang)
        elif output is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        else:
            output.write_text(text, encoding="utf-8")
    except OSError as problem:
        raise _fail(f"cannot write {output or 'the output'}: {problem.strerror}") from None


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
    from bridgescore.contract import Side
    from bridgescore.io import rubber as rubber_io
    from bridgescore.report import rubber as rubber_report
    from bridgescore.rubber import Rounding, RubberError, RubberOptions, Sheet, parse_stake, settle

    labels = _language(lang)
    try:
        options = RubberOptions(chicago, partscore_bonus, Seat.parse(first_dealer))
        we_side = Side.parse(we) if we else None
        stake_value = parse_stake(stake) if stake else None
        rounding_rule = Rounding(rounding)
    except (RubberError, ContractError) as problem:
        raise _fail(str(problem)) from None
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
        err.print(f"[{style}]{escape(str(found))}[/]", soft_wrap=True, highlight=False)
    failed = any(p.severity is Severity.ERROR for p in problems)
    if failed and not (skip_invalid and read_file.lines):
        count = sum(1 for p in problems if p.severity is Severity.ERROR)
        go_on = ", or run again with --skip-invalid to score the other deals without them" if read_file.lines else ""
        err.print(f"{count} problem(s). Correct the lines above{go_on}.")
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
            "with declarers (CSV, USEBIO XML, PBN).",
            show_default=False,
        ),
    ] = None,
    directory: Annotated[
        Path | None, typer.Option("--directory", "-d", help="Directory of the names and scores files (reference -d).")
    ] = None,
    names: Annotated[Path | None, typer.Option("--names", "-n", help="Names file (reference -n).")] = None,
    scores: Annotated[Path | None, typer.Option("--scores", "-s", help="Scores file (reference -s).")] = None,
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
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, valet-csv, json or html (reference -f).")] = "text",
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems but score the valid lines (exit 0).")
    ] = False,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            help="Labels and numbers of the text, tableau and html: en or nl (valet-csv and JSON stay as they are).",
        ),
    ] = "en",
) -> None:
    """The Valet score: each pair's Butler score split into bidding, declarer play, opening lead and defence."""
    import sys

    from bridgescore.imps import RoundingPolicy
    from bridgescore.io import valet as valet_io
    from bridgescore.methods.valet import ORDERS, ScoringForm, ValetOptions, missing_rounds, parse_rounds, score_valet

    labels = _language(lang)
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
    if directory is not None:  # as the reference: the names and scores files are inside the directory
        names = directory / (names or "names.txt")
        scores = directory / (scores or "scores.txt")
    if (names is None) != (scores is None):
        raise _fail("give both --names and --scores, or a directory holding names.txt and scores.txt")
    if names is None and not inputs:
        raise _fail("give a directory with names.txt and scores.txt, --names and --scores, or traveller files")
    read = valet_io.read_input(list(inputs or []), names, scores)
    for found in read.problems:
        style = "red" if found.severity is Severity.ERROR else "yellow"
        err.print(f"[{style}]{escape(str(found))}[/]", soft_wrap=True, highlight=False, markup=True)
    if read.has_errors and not (skip_invalid and len(read.tables)):
        count = sum(1 for p in read.problems if p.severity is Severity.ERROR)
        go_on = ", or run again with --skip-invalid to score the other lines without them" if len(read.tables) else ""
        err.print(f"{count} problem(s). Correct the lines above{go_on}.")
        raise typer.Exit(2)
    absent = missing_rounds(read.tables, chosen_rounds)
    if absent is not None and absent.severity is Severity.ERROR:
        raise _fail(absent.message)
    if absent is not None:
        err.print(f"[yellow]{escape(str(absent))}[/]", soft_wrap=True, highlight=False)
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

        text = render_valet_html(result, lang=labels)
    else:
        from bridgescore.report.valet import render_valet_text

        text = render_valet_text(result, labels)
    if tableau is not None:
        from bridgescore.report.valet import render_tableau

        try:
            tableau.write_text(render_tableau(result, lang=labels), encoding="utf-8")
        except OSError as problem:
            raise _fail(f"cannot write the tableau to {tableau}: {problem.strerror or problem}") from None
    sys.stdout.write(text)


def main() -> None:
    """Entry point of the console script."""
    app()


__all__ = ["app", "main"]
