"""``teams pair-round``: the next round of a Swiss teams event from the standings.

The function is plain (not registered here): the ``teams`` group is built in ``cli/teams.py``, which registers
:func:`pair_round` as its ``pair-round`` subcommand.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.common import OutputOption, fail, language_option, refuse_overwrite, write_output

#: The most VPs a match is worth on any scale in use (the ACBL's 30-VP scale; the WBF's and the EBU's give 20).
_MOST_VP = 30

if TYPE_CHECKING:
    from bridgescore.core.i18n import Language
    from bridgescore.teams.pairing import Pairing

__all__ = ["pair_round"]


def pair_round(
    standings: Annotated[
        Path,
        typer.Argument(
            help="The standings: the JSON the teams command writes (bridgescore.teams/1: standings[] with team, "
            "vp, imps_for, imps_against; matches[] with round, home, away – a match against 'bye' or nobody is a "
            "bye) or a CSV file with a header naming team, vp and, if wanted, imps (the IMP difference), met (the "
            "teams met, separated by ';') and bye (byes so far: a number or yes/no).",
        ),
    ],
    rule: Annotated[
        str,
        typer.Option(
            "--rule",
            metavar="swiss|monrad",
            help="swiss (EBU/WBF: 1 v 2, 3 v 4 …, teams that have met moved down as little as needed) or monrad "
            "(the Dutch system: in each group of teams on equal VPs the top half plays the bottom half).",
        ),
    ] = "swiss",
    bye_vp: Annotated[
        float,
        typer.Option(
            "--bye-vp", min=0, metavar="VP", help="VPs of a bye, as the event's conditions say; shown with the bye."
        ),
    ] = 12.0,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    lang: Annotated[str, typer.Option("--lang", help="Words: en or nl.")] = "en",
    output: OutputOption = None,
    movement_file: Annotated[
        Path | None,
        typer.Option(
            "--movement-file",
            metavar="FILE",
            help="Also write the paired round as a movement file (off by default), the table assignment a scoring "
            "program gives the table terminals before the round: two rooms a match, the home team North-South at the "
            "odd table; any movement command reads it (movement show, check, cards).",
        ),
    ] = None,
    movement_format: Annotated[
        str,
        typer.Option(
            "--movement-format",
            help="json (bridgescore.movement/1, the team ids kept), csv (our movement CSV) or bridgemate "
            "(Bridgemate's RoundData).",
        ),
    ] = "json",
    boards_per_round: Annotated[
        int | None,
        typer.Option("--boards-per-round", "-k", min=1, max=200, help="The boards of a match (with --movement-file)."),
    ] = None,
) -> None:
    """Pair the next round: no team meets a team it has met while that can be avoided, and with an odd number of
    teams the lowest-ranked team without a bye sits out. Ties in the standings: VPs, IMP difference, team id."""
    from bridgescore.movement.files import FORMATS
    from bridgescore.teams.pairing import RULES, read_standings
    from bridgescore.teams.pairing import pair_round as make_pairing

    language = language_option(lang)
    if rule not in RULES:
        raise fail(f"--rule must be {' or '.join(RULES)}, not '{rule}'")
    if fmt not in ("text", "json"):
        raise fail(f"--format must be text or json, not '{fmt}'")
    if not math.isfinite(bye_vp) or bye_vp > _MOST_VP:  # inf and 1e308 stopped with a traceback
        raise fail(f"--bye-vp {bye_vp:g}: a bye is worth at most a won match ({_MOST_VP} VP on the largest scale)")
    if movement_format not in FORMATS or movement_format == "nbb":  # an NBB schema numbers pairs once: no teams
        raise fail(f"--movement-format must be json, csv or bridgemate, not '{movement_format}'")
    if movement_file is not None and boards_per_round is None:
        raise fail("--movement-file needs --boards-per-round (-k): the boards of a match, which the standings do not "
                   "say")  # fmt: skip
    refuse_overwrite(output, [standings])
    refuse_overwrite(movement_file, [standings, output], "--movement-file")
    read = read_standings(standings)
    if read.problems:
        from bridgescore.cli.common import err
        from bridgescore.core.problems import Severity
        from bridgescore.report.problems import print_problems

        stop = any(p.severity is Severity.ERROR for p in read.problems)
        print_problems(read.problems, err, language, can_go_on=False, summary=stop)
        if stop:
            raise typer.Exit(2)
    pairing = make_pairing(read.entries, "monrad" if rule == "monrad" else "swiss", bye_vp=bye_vp)
    if movement_file is not None and boards_per_round is not None:
        _write_movement(pairing, read.round, boards_per_round, movement_format, movement_file, language)
    if fmt == "json":
        text = json.dumps(
            {
                "schema": "bridgescore.pairing/1",
                "rule": pairing.rule,
                "round": read.round,
                "order": list(pairing.order),
                "tables": [
                    {"table": n, "home": t.home, "away": t.away, "repeat": t.repeat}
                    for n, t in enumerate(pairing.tables, start=1)
                ],
                "bye": None if pairing.bye is None else {"team": pairing.bye, "vp": pairing.bye_vp},
            },
            indent=2,
            ensure_ascii=False,
        )
        write_output(text + "\n", output)
        return
    write_output(_text(pairing, read.round, language, read.names), output)


def _text(pairing: Pairing, round_number: int | None, lang: str, names: Mapping[str, str]) -> str:
    """The matches one per line (home team first, each team's number and name), repeats marked, then the bye."""
    from bridgescore.core.i18n import format_number, translator

    _ = translator(lang).gettext

    def team(team_id: str) -> str:
        return f"{team_id} {names[team_id]}" if team_id in names else team_id

    title = (
        _("Pairing of round %(round)s (%(rule)s)") % {"round": round_number, "rule": pairing.rule}
        if round_number is not None
        else _("Pairing of the next round (%(rule)s)") % {"rule": pairing.rule}
    )
    lines = [title]
    width = len(str(len(pairing.tables)))
    for number, table in enumerate(pairing.tables, start=1):
        note = f"  ({_('they have met before')})" if table.repeat else ""
        lines.append(f"{number:>{width}}. {team(table.home)} – {team(table.away)}{note}")
    if pairing.bye is not None and pairing.bye_vp is not None:
        vp = format_number(pairing.bye_vp, lang, 0 if float(pairing.bye_vp).is_integer() else 2)
        lines.append(_("Bye: %(team)s (%(vp)s VP)") % {"team": team(pairing.bye), "vp": vp})
    return "\n".join(lines) + "\n"


def _write_movement(
    pairing: Pairing, round_number: int | None, boards_per_round: int, fmt: str, path: Path, lang: Language
) -> None:
    """The paired round as a movement file (:func:`bridgescore.teams.schedule.pairings_movement`: one round, match
    ``m`` at tables ``2m − 1`` and ``2m``, boards 1 … ``k``), through the movement writers; a format that cannot
    hold it says why (exit 2), a warning of what it loses is said and the file written."""
    import dataclasses
    from types import MappingProxyType

    from bridgescore.cli.common import err, write_output
    from bridgescore.movement.files import write
    from bridgescore.report.problems import print_problems
    from bridgescore.teams.schedule import pairings_movement

    name = f"swiss-round-{round_number}" if round_number is not None else "swiss-round"
    movement = pairings_movement([pairing], boards_per_round, name)
    if round_number is not None:  # the event's round, which a one-round movement numbers 1
        notes = MappingProxyType({**movement.notes, "teams.round": str(round_number)})
        movement = dataclasses.replace(movement, notes=notes)
    text, problems = write(movement, fmt)  # type: ignore[arg-type]  # checked against FORMATS by the caller
    if problems:
        print_problems(problems, err, lang, can_go_on=False, summary=text is None)
    if text is None:
        raise typer.Exit(2)
    write_output(text, path)
