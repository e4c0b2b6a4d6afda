"""``bridgescore teams``: score a teams event (USEBIO, PBN or CSV files), and its subcommands.

``teams`` is a group whose default command scores: ``bridgescore teams a.xml`` is ``bridgescore teams score
a.xml``, while a subcommand (``bridgescore teams pair-round s.json``) is called by its name; ``--help`` lists
them.  Another command joins the group with ``@teams_app.command("name")``.  The reading and the choice of the
options are in :mod:`bridgescore.teams` (``read``, ``choose``); this module only reads the command line.
"""

from __future__ import annotations

import dataclasses
import gc
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from bridgescore.cli.common import (
    DealsOption,
    OutputOption,
    SkipInvalidOption,
    app,
    date_option,
    event_files,
    fail,
    language_option,
    notation_option,
    refuse_overwrite,
    write_bytes_output,
    write_output,
)

__all__ = ["teams_app"]

#: The command a first argument that names no subcommand goes to.
DEFAULT_COMMAND = "score"


class _DefaultCommandGroup(TyperGroup):
    """A group that sends a command line not starting with a subcommand's name to :data:`DEFAULT_COMMAND`."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = [DEFAULT_COMMAND, *args]
        return super().parse_args(ctx, args)


teams_app = typer.Typer(
    cls=_DefaultCommandGroup,
    help="Score a teams event (USEBIO, PBN or CSV files): bridgescore teams FILE… scores them; the subcommands "
    "below do the rest.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(teams_app, name="teams")


@teams_app.command(DEFAULT_COMMAND, short_help="Score a teams event (the default): matches, VPs, standings.")
def score_teams_command(
    inputs: Annotated[
        list[Path],
        typer.Argument(help="Teams files (USEBIO XML, PBN, CSV) or folders of them.", show_default=False),
    ],
    vp: Annotated[
        str | None,
        typer.Option(
            "--vp",
            help="VP scale: wbf (WBF 2013 continuous), wbf-discrete (its whole-VP version), ebu-20 (the EBU's "
            "whole-VP scale, as TeamsScorer), a VP table FILE (lines 'boards,imps,vp[,vp_loser]') or none (IMPs "
            "only); default: what --as or the file says, else wbf. The old 25-VP scale is not built in: give it as "
            "a FILE.",
        ),
    ] = None,
    form: Annotated[
        str | None,
        typer.Option("--form", help="Board scoring: imps, bam (board-a-match) or patton; default: what the file says."),
    ] = None,
    tiebreak: Annotated[
        str | None,
        typer.Option(
            "--tiebreak",
            help="Teams level on VPs (points): wbf (WBF General Conditions: VPs, then IMPs between them, then IMP "
            "quotient), ebu (EBU White Book 143.7.1), nbb (NBB district rules), none (they share the place); "
            "default: what --as or the file's program does, else wbf.",
        ),
    ] = None,
    board_points: Annotated[
        str | None,
        typer.Option(
            "--board-points",
            help="Board-a-match points: acbl (1/½/0, ACBL board-a-match) or ebu (2/1/0, EBU point-a-board); "
            "default: ebu where the file's match scoring is PAB, else acbl.",
        ),
    ] = None,
    patton: Annotated[
        str | None,
        typer.Option(
            "--patton",
            help="Patton form: acbl (board points plus 2 for the aggregate) or nbb (2/1/0 a board plus the VPs of "
            "the IMP margin).",
        ),
    ] = None,
    knockout: Annotated[
        bool,
        typer.Option(
            "--knockout",
            help="Knock-out matches: a non-balancing adjusted score is averaged between the teams (Law 86) and a "
            "level match is reported tied (play-off boards).",
        ),
    ] = False,
    carry_over: Annotated[
        list[str] | None,
        typer.Option(
            "--carry-over",
            help="ROUND:TEAM:IMPS: IMPs (may be fractional) carried over to TEAM in its match of ROUND, e.g. "
            "1:Oranje:7.5 (repeatable); it counts in the match total and the knock-out winner.",
        ),
    ] = None,
    bye_vp: Annotated[
        float | None,
        typer.Option(
            "--bye-vp",
            min=0,
            metavar="VP",
            help="VPs of a bye (a round a team sits out), as the event's conditions say, e.g. 12; default none "
            "(each bye is a warning).",
        ),
    ] = None,
    names: Annotated[
        Path | None, typer.Option("--names", help="Teams names file: '1 Oranje: Jan Jansen, Piet Pieters' per line.")
    ] = None,
    as_program: Annotated[
        str | None,
        typer.Option("--as", help="Score as this program does: teamsscorer, ebuscore, realbridge, nbb."),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="text, json, csv, html or usebio (USEBIO 1.2 XML, as TeamsScorer).")
    ] = "text",
    title: Annotated[
        str | None, typer.Option("--title", help="Event title (default: the input's, else Teams event/Viertallen).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="The event's date: the page's header, USEBIO (default: the file's).")
    ] = None,
    club: Annotated[
        str | None, typer.Option("--club", help="The club: the page's header, USEBIO (default: the file's).")
    ] = None,
    deals: DealsOption = None,
    director: Annotated[
        bool,
        typer.Option("--director", help="HTML: add the director's checks (the members' page leaves them out)."),
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of labels and numbers: en or nl.")] = "en",
    notation: Annotated[
        str | None,
        typer.Option(
            "--notation",
            help="en or nl: accepted as in the other commands, but both notations (4S, NT and 4S, SA) are read "
            "whatever it says; text and html print contracts in the notation of --lang, csv and json in English.",
        ),
    ] = None,
    skip_invalid: SkipInvalidOption = False,
    output: OutputOption = None,
) -> None:
    """Score a teams event: each board against the other room, match IMPs, VPs and standings (exit 2 on bad input)."""
    import io

    from bridgescore.cli.common import err
    from bridgescore.core.options import OptionError
    from bridgescore.core.problems import Severity
    from bridgescore.report.problems import print_problems
    from bridgescore.teams import score_teams
    from bridgescore.teams.carry import given_carry_over
    from bridgescore.teams.choose import teams_options
    from bridgescore.teams.read import load_teams, load_teams_columns
    from bridgescore.teams.report import TEAMS_FORMATS, TeamsFormat, write_teams
    from bridgescore.teams.vp import VPScaleError

    page_lang = language_option(lang)
    reading = notation_option(notation or "en")
    if fmt not in (*TEAMS_FORMATS, "usebio"):
        raise fail(f"--format must be {', '.join(TEAMS_FORMATS)} or usebio, not '{fmt}'")
    if fmt == "usebio" and date is not None:  # USEBIO's DATE is a day (dd/mm/yyyy); a page's header takes any text
        date_option(date, "--date", page_lang)
    files = event_files(inputs)
    refuse_overwrite(output, [*files, names, deals])
    # the JSON to a file (or a binary standard output) of a large CSV file of plain results is scored and written on
    # the file's columns (issue 19: bridgescore.teams.columns); the same bytes as the engine's
    binary_json = fmt == "json" and (output is not None or getattr(sys.stdout, "buffer", None) is not None)
    columns = None
    if binary_json and not carry_over:
        event, columns = load_teams_columns(files, names=names, notation=reading)
    else:
        event = given_carry_over(load_teams(files, names=names, notation=reading), carry_over or ())
    # the event read lives as long as this command: Python's cycle collector leaves it alone until the command ends
    # (a federation's event is a million lines; the collector walked them again and again: a third of scoring)
    gc.freeze()
    try:
        given = {key: value for key, value in (("date", date), ("club", club)) if value is not None}
        if title is not None or given:  # as score's --title/--date/--club: over the file's own
            extra = MappingProxyType({**event.extra, **given})
            event = dataclasses.replace(event, title=event.title if title is None else title, extra=extra)
        records = None
        if deals is not None:  # the page draws each board's hand record (diagram, double dummy, par), as score's
            from bridgescore.api import read_deals

            records = read_deals(deals, dd=fmt == "html", par=fmt == "html")
        try:
            options, notes = teams_options(
                event, vp=vp, form=form, as_program=as_program, tiebreak=tiebreak, board_points=board_points,
                patton=patton, knockout=knockout, bye_vp=bye_vp,
            )  # fmt: skip
            on_columns = None
            if columns is not None:
                from bridgescore.teams.columns import score_columns

                on_columns = score_columns(event, columns, options)
                if on_columns is None:  # scored by the engine: the matches made
                    event = dataclasses.replace(event, matches=columns.matches())
            # a VP table file without the match length raises here
            scored = on_columns.scored if on_columns is not None else score_teams(event, options)
            event = scored.event
        except OptionError as problem:
            raise fail(problem.text(page_lang)) from None
        except VPScaleError as error:  # the scale's problems, located (a VP table file's lines), as `vp` reports them
            print_problems(error.problems, err, page_lang, can_go_on=False)
            raise typer.Exit(2) from None
        problems = (*scored.problems, *notes, *(records.problems if records is not None else ()))
        # (the reader's, the engine's – a board with no result in a room – and the hand record's)
        if any(p.severity is Severity.ERROR for p in problems) and not (skip_invalid and event.matches):
            print_problems(problems, err, page_lang, can_go_on=bool(event.matches))
            raise typer.Exit(2)
        if fmt == "usebio":  # bytes in the encoding the file declares (bridgescore.teams.report.usebio)
            from bridgescore.teams.report.usebio import teams_to_bytes

            write_bytes_output(teams_to_bytes(scored, date=date, club=club), output)
        elif binary_json:
            # written a few hundred matches at a time (issue 19), never the whole document in memory; the bytes of
            # write_teams' JSON, with every control escaped as write_output escapes them
            from bridgescore.report.printable import PrintableBinary
            from bridgescore.teams.report.json import dump_bytes

            if on_columns is not None:
                from bridgescore.teams.report.json import dump_columns

                fast = on_columns
                write_bytes_output(lambda stream: dump_columns(fast, PrintableBinary.wrap(stream)), output)
            else:
                write_bytes_output(lambda stream: dump_bytes(scored, PrintableBinary.wrap(stream)), output)
        else:
            chosen: TeamsFormat = next(f for f in TEAMS_FORMATS if f == fmt)
            buffer = io.StringIO()
            # a report on the screen leaves its list of problems to the error stream below: a problem was read three
            # times (under its match, in the report's list, on the error stream); a report file keeps its list
            write_teams(
                scored, chosen, buffer, page_lang, deals=records, problems=output is not None, director=director
            )
            write_output(buffer.getvalue(), output)
        if problems:
            print_problems(problems, err, page_lang, can_go_on=False)
    finally:
        gc.unfreeze()  # a program calling this command again collects as before


def _register_pair_round() -> None:
    """``bridgescore teams pair-round STANDINGS``: the next round of a Swiss (:mod:`bridgescore.cli.teams_pair`)."""
    from bridgescore.cli.teams_pair import pair_round

    teams_app.command("pair-round", short_help="Pair the next round of a Swiss from the standings.")(pair_round)


_register_pair_round()
