"""The ``vp`` command: a victory-point scale printed for one match length, so a director can show the table used."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import OutputOption, app, fail, language_option, refuse_overwrite, write_output

#: The longest match ``--boards`` takes: far beyond any played (a Bermuda Bowl final is 96 to 128 boards), while
#: a scale of millions of boards would print for hours (its blitz is 15√N IMPs).
MAX_BOARDS = 999


def _boards(text: str) -> int:
    """The value of ``--boards``: a whole number of boards, 1 to :data:`MAX_BOARDS`, or a clear error (exit 2)."""
    from bridgescore.io.line import whole_number

    value = whole_number(text) if text.strip()[:1] not in ("+", "-") else None
    if value is None or not 1 <= value <= MAX_BOARDS:
        raise fail(f"--boards must be the number of boards of a match (1 to {MAX_BOARDS}), not '{text}'")
    return value


@app.command()
def vp(
    boards: Annotated[str, typer.Option("--boards", "-b", metavar="N", help="Boards per match (1 or more).")],
    scale: Annotated[
        str,
        typer.Option(
            "--vp",
            metavar="NAME|FILE",
            help="wbf (WBF 2013 continuous, 2 decimals), wbf-discrete (its whole-VP version), ebu-20 (the EBU's "
            "whole-VP scale) or a VP table file (lines 'boards,imps,vp[,vp_loser]').",
        ),
    ] = "wbf",
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    lang: Annotated[str, typer.Option("--lang", help="Words and numbers: en or nl.")] = "en",
    output: OutputOption = None,
) -> None:
    """Print a victory-point scale: the VPs of the winner and the loser for each IMP margin up to the blitz."""
    from bridgescore.teams.vp import VPScaleError, scale_named, vp_row

    language = language_option(lang)
    length = _boards(boards)
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    refuse_overwrite(output, [Path(scale)])  # a VP table file is an input
    try:
        chosen = scale_named(scale)
        row = vp_row(chosen, length)
        losers = [chosen.vp(-m, length)[0] for m in range(len(row))]
    except VPScaleError as error:
        from bridgescore.cli.common import err
        from bridgescore.report.problems import print_problems

        print_problems(error.problems, err, language, can_go_on=False)
        raise typer.Exit(2) from None
    if fmt == "json":
        text = json.dumps({"scale": chosen.name, "boards": length, "vp": row}, indent=2) + "\n"
    else:
        text = _text(chosen.name, length, row, losers, language)
    write_output(text, output)


def _text(name: str, boards: int, row: list[float], losers: list[float], lang: str) -> str:
    """The scale as aligned lines: margin, then winner-loser (``12.48-7.52``), the last line ``+`` (and more)."""
    from bridgescore.core.i18n import format_number, translator

    _ = translator(lang).gettext
    decimals = 0 if all(float(v).is_integer() for v in (*row, *losers)) else 2
    lines = [_("VP scale %(scale)s; boards per match: %(boards)s") % {"scale": name, "boards": boards}]
    header = (_("IMPs"), _("VP"))
    cells = [
        (
            f"{m}+" if m == len(row) - 1 else str(m),
            f"{format_number(w, lang, decimals)}-{format_number(lo, lang, decimals)}",
        )
        for m, (w, lo) in enumerate(zip(row, losers, strict=True))
    ]
    width = max(len(header[0]), *(len(c[0]) for c in cells))
    lines.append(f"{header[0]:>{width}}  {header[1]}")
    lines.extend(f"{margin:>{width}}  {points}" for margin, points in cells)
    return "\n".join(lines) + "\n"
