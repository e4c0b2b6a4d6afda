"""``bridgescore movement``: the evening's schedule (issue 21) – ``suggest`` the movements that fit, ``show`` one
(a name or a ``bridgescore.movement/1`` JSON file), ``check`` it with the validator and print its ``cards``.

The generators, the names and the measures are in :mod:`bridgescore.movement` (``generate``, ``validate``,
``suggest``); this module only reads the command line and prints.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated

import typer

from bridgescore.cli.common import OutputOption, app, fail, language_option, text_or_json, write_output

if TYPE_CHECKING:
    from bridgescore.core.i18n import Language
    from bridgescore.movement.model import Movement, PairRef, Stand
    from bridgescore.movement.validate import Message, PlayerMeasure, Report

__all__ = ["movement_app"]

movement_app = typer.Typer(
    help="Movements: suggest the ones that fit an evening, show one (a name or a bridgescore.movement/1 JSON file), "
    "check it.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(movement_app, name="movement")

#: The most pairs and boards ``suggest`` takes (120 pairs: two sections of 30 tables, the most the generators build
#: in one section – ``2 * movement.suggest.MOST_TABLES``, written out so that the command line starts without it).
_MAX_PAIRS = 120
_MAX_BOARDS = 200

FormatOption = Annotated[str, typer.Option("--format", "-f", help="text or json.")]
LangOption = Annotated[str, typer.Option("--lang", help="Words and numbers: en or nl.")]
BoardsPerRoundOption = Annotated[
    int | None,
    typer.Option(
        "--boards-per-round",
        "-k",
        min=1,
        max=_MAX_BOARDS,
        help="Boards a round: for a movement given by name (default 2) or an NBB schema (which numbers only its "
        "sets); another file says its own.",
    ),
]
MovementArgument = Annotated[
    str,
    typer.Argument(
        metavar="NAME|FILE",
        help="A movement's name (mitchell-7, mitchell-8-skip, mitchell-8-relay, mitchell-7-arrow, howell-4, "
        "howell-4-phantom, … as 'movement suggest' prints them; teams-8 for a teams round robin; individual-8, "
        "individual-12, individual-13, individual-16, individual-20-rainbow … for an individual) or a movement "
        "file: bridgescore.movement/1 JSON, an NBB schema, Bridgemate's RoundData (or the .bws), a movement CSV.",
        show_default=False,
    ),
]


def _movement(text: str, boards_per_round: int | None, lang: Language) -> Movement:
    """The movement ``text`` names (:func:`bridgescore.movement.files.resolve`: a file in any format it reads, else
    a name), or its problem in words and exit 2.  A warning of a file read is said and the command goes on."""
    from bridgescore.cli.common import err
    from bridgescore.movement.files import resolve
    from bridgescore.report.problems import print_problems

    resolved = resolve(text, boards_per_round=boards_per_round)
    if resolved.named and not resolved.ok:  # a name: its reason alone, as the generators say it
        raise fail("; ".join(p.text(lang) for p in resolved.problems))
    if not resolved.ok:
        print_problems(list(resolved.problems), err, lang, can_go_on=False)
        raise typer.Exit(2)
    if resolved.problems:
        print_problems(list(resolved.problems), err, lang, can_go_on=True, summary=False)
    assert resolved.movement is not None  # ok
    return resolved.movement


def _problem(problem: Exception, lang: Language) -> str:
    """A generator's problem in ``lang`` (its catalogue message where it has one)."""
    from bridgescore.core.i18n import format_message
    from bridgescore.movement.generate import NamedMovementError

    if isinstance(problem, NamedMovementError):
        return format_message(problem.message, problem.values, lang)
    return str(problem)


def _pair_text(pair: PairRef | None) -> str:
    return "" if pair is None else str(pair.number)


def _directions(text: str, lang: Language) -> str:
    """Pair names in the language: ``NS 3`` is Dutch ``NZ 3``, ``EW 3`` ``OW 3`` (a pair's direction as the
    validator writes it)."""
    from bridgescore.core.i18n import translator

    _ = translator(lang).gettext
    return re.sub(r"\b(NS|EW)\b", lambda m: _(m[1]), text)


def _message(message: Message, lang: Language) -> str:
    """A validator's message in ``lang``, its pair names too."""
    from bridgescore.core.i18n import format_message

    values = {k: _directions(v, lang) if isinstance(v, str) else v for k, v in message.values.items()}
    return format_message(message.text, values, lang)


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


@movement_app.command("suggest")
def suggest_command(
    pairs: Annotated[int, typer.Option("--pairs", "-p", min=1, max=_MAX_PAIRS, help="The pairs who play.")],
    boards: Annotated[
        int, typer.Option("--boards", "-b", min=1, max=_MAX_BOARDS, help="About how many boards a pair should play.")
    ],
    rounds: Annotated[
        int | None, typer.Option("--rounds", "-r", min=1, max=_MAX_BOARDS, help="Exactly this many rounds.")
    ] = None,
    fmt: FormatOption = "text",
    lang: LangOption = "en",
    output: OutputOption = None,
) -> None:
    """List the movements that fit, best first: the fewest boards off the number asked for, then rounds of two
    boards or more, the full movement before a curtailed one, no pairs meeting twice, one winner before two, the
    higher balance (docs/movements.md states the rules)."""
    from bridgescore.core.i18n import format_number, translator
    from bridgescore.movement.model import MovementError
    from bridgescore.movement.suggest import BOARDS_WINDOW, suggest

    language = language_option(lang)
    text_or_json(fmt)
    try:
        found = suggest(pairs, boards, rounds)
    except MovementError as problem:
        raise fail(_problem(problem, language)) from None
    if fmt == "json":
        write_output(json.dumps([s.to_dict() for s in found], indent=2, ensure_ascii=False) + "\n", output)
        return
    _ = translator(language).gettext
    lines = [_("Movements for %(pairs)s pairs and about %(boards)s boards") % {"pairs": pairs, "boards": boards}]
    if not found:
        lines.append(
            _("None fits: no movement here plays %(low)s to %(high)s boards with these pairs; try other boards or "
              "--rounds.") % {"low": max(1, boards - BOARDS_WINDOW), "high": boards + BOARDS_WINDOW}
        )  # fmt: skip
        write_output("\n".join(lines) + "\n", output)
        return
    rows = [[_("Movement"), _("Tables"), _("Rounds"), _("Boards/round"), _("Boards"), _("Sit-out"), _("Winners"),
             _("Balance")]]  # fmt: skip
    for s in found:
        rows.append(
            [
                s.name,
                str(s.tables),
                str(s.rounds),
                str(s.boards_per_round),
                str(s.boards),
                _("yes") if s.sit_out else _("no"),
                str(s.winners),
                format_number(s.balance, language, 1) + "%",
            ]
        )
    lines.extend(_columns(rows))
    write_output("\n".join(lines) + "\n", output)


@movement_app.command("show")
def show_command(
    movement: MovementArgument,
    boards_per_round: BoardsPerRoundOption = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="text (per round: table, NS, EW, boards), json (bridgescore.movement/1), csv (our movement CSV), "
            "bridgemate (RoundData) or nbb (the NBB schema); a format that cannot hold the movement says why.",
        ),
    ] = "text",
    lang: LangOption = "en",
    output: OutputOption = None,
) -> None:
    """Print a movement (a name or a file) per round, or convert it to another movement format."""
    from bridgescore.movement.files import FORMATS, write

    language = language_option(lang)
    if fmt != "text" and fmt not in FORMATS:
        raise fail(f"--format must be text, {', '.join(FORMATS)}, not '{fmt}'")
    chosen = _movement(movement, boards_per_round, language)
    if fmt == "text":
        write_output(_show_text(chosen, language), output)
        return
    text, problems = write(chosen, fmt)  # type: ignore[arg-type]  # checked against FORMATS above
    if problems:
        from bridgescore.cli.common import err
        from bridgescore.report.problems import print_problems

        print_problems(problems, err, language, can_go_on=False, summary=text is None)
    if text is None:
        raise typer.Exit(2)
    write_output(text, output)


def _stand_row(stand: Stand, bye: str) -> list[str]:
    from bridgescore.movement.cards import boards_text as _boards_text

    if stand.is_bye:
        return [str(stand.table), bye, "", _boards_text(stand.boards)]
    mark = " *" if stand.arrow_switch else ""
    return [str(stand.table), _pair_text(stand.ns), _pair_text(stand.ew), _boards_text(stand.boards) + mark]


def _player_rows(stands: tuple[Stand, ...], lang: Language) -> list[list[str]]:
    """An individual's round: table, the North, South, East and West players, the boards (a bye stand's boards)."""
    from bridgescore.core.i18n import translator
    from bridgescore.movement.cards import boards_text as _boards_text

    _ = translator(lang).gettext
    rows = [[_("Table"), _("N"), _("S"), _("E"), _("W"), _("Boards")]]
    for stand in stands:
        seated = [str(p) for p in stand.players.seats] if stand.players is not None else [_("bye stand"), "", "", ""]
        rows.append([str(stand.table), *seated, _boards_text(stand.boards)])
    return rows


def _tables(movement: Movement) -> int:
    """The tables with players (a bye stand is a table of boards, not counted)."""
    return sum(len({s.table for r in sec.rounds for s in r.stands if not s.is_bye}) for sec in movement.sections)


def _show_text(movement: Movement, lang: Language) -> str:
    from bridgescore.core.i18n import translator
    from bridgescore.movement.teams import byes as team_byes

    _ = translator(lang).gettext
    lines = [
        _("Movement %(name)s (%(family)s): %(tables)s tables, %(rounds)s rounds, %(per)s boards a round, "
          "%(boards)s boards") % {"name": movement.name, "family": movement.family, "tables": _tables(movement),
                                  "rounds": movement.rounds, "per": movement.boards_per_round,
                                  "boards": movement.boards},
        _("Source: %(source)s") % {"source": movement.source},
    ]  # fmt: skip
    arrow = False
    for section in movement.sections:
        if len(movement.sections) > 1 or section.name not in ("", "A"):
            lines.append("")
            lines.append(_("Section %(section)s") % {"section": section.name})
        byes = team_byes(section) if movement.family == "teams" else {}
        if section.phantom is not None:
            phantom = _directions(str(section.phantom), lang)
            lines.append(_("Phantom: pair %(pair)s (its opponents sit out)") % {"pair": phantom})
        for rnd in section.rounds:
            lines.append("")
            lines.append(_("Round %(round)s") % {"round": rnd.number})
            if section.individual:  # four players a table: their seats, and the players without one
                lines.extend(_columns(_player_rows(rnd.stands, lang)))
                out = section.players_out(rnd.number)
                if out:
                    lines.append(_("Sits out: player %(players)s") % {"players": ", ".join(map(str, out))})
                continue
            rows = [[_("Table"), _("NS"), _("EW"), _("Boards")]]
            for stand in sorted(rnd.stands, key=lambda s: s.table):
                rows.append(_stand_row(stand, _("bye stand")))
                arrow = arrow or stand.arrow_switch
            bye = byes.get(rnd.number, ()) if len(byes.get(rnd.number, ())) == 1 else ()
            sits = [_directions(str(p), lang) for p in section.sit_outs(rnd.number)
                    if p != section.phantom and p.number not in bye]  # fmt: skip
            lines.extend(_columns(rows))
            if bye:
                lines.append(_("Bye: team %(team)s (both its pairs sit out)") % {"team": bye[0]})
            if sits:
                lines.append(_("Sits out: %(pairs)s") % {"pairs": ", ".join(sits)})
    if arrow:
        lines.append("")
        lines.append(_("* arrow switch: the pairs play the other direction's cards"))
    return "\n".join(lines) + "\n"


@movement_app.command("cards")
def cards_command(
    movement: MovementArgument,
    kind: Annotated[
        str,
        typer.Option(
            "--kind",
            help="table (a card a table, one a printed page: every round's NS, EW and boards, where they go next), "
            "guide (a card a pair: round, table, direction, opponents, boards) or boards (the board-movement slip: "
            "which table's boards go to which table after each round, relays and the bye stand said).",
        ),
    ] = "table",
    boards_per_round: BoardsPerRoundOption = None,
    lang: LangOption = "en",
    paper: Annotated[str, typer.Option("--paper", help="a4 (Europe) or letter (US Letter, North America).")] = "a4",
    output: OutputOption = None,
) -> None:
    """Cards to print for a movement (a name or a file): one self-contained HTML page with print CSS for A4 or
    Letter; print it from the browser."""
    from bridgescore.movement.cards import KINDS, PAPERS, render_cards

    language = language_option(lang)
    if kind not in KINDS:
        raise fail(f"--kind must be {', '.join(KINDS)}, not '{kind}'")
    if paper not in PAPERS:
        raise fail(f"--paper must be {', '.join(PAPERS)}, not '{paper}'")
    chosen = _movement(movement, boards_per_round, language)
    write_output(render_cards(chosen, kind, language, paper), output)


@movement_app.command("check")
def check_command(
    movement: MovementArgument,
    boards_per_round: BoardsPerRoundOption = None,
    fmt: FormatOption = "text",
    lang: LangOption = "en",
    output: OutputOption = None,
) -> None:
    """Check a movement: no pair plays a board twice, no board at two tables of a round but a relay, every pair
    plays every round but its sit-outs, the EBU's 70 % rule (exit 1 where one fails); who meets whom; per pair
    the results it is compared with, per field the balance. Exit 2 for a file that cannot be read."""
    from bridgescore.movement.validate import validate

    language = language_option(lang)
    text_or_json(fmt)
    chosen = _movement(movement, boards_per_round, language)
    report = validate(chosen)
    if fmt == "json":
        write_output(json.dumps(_report_dict(report, language), indent=2, ensure_ascii=False) + "\n", output)
    else:
        write_output(_report_text(report, language), output)
    if not report.ok:
        raise typer.Exit(1)


def _report_dict(report: Report, lang: Language) -> dict[str, object]:

    return {
        "movement": report.movement,
        "ok": report.ok,
        "properties": [
            {
                "key": p.key,
                "ok": p.ok,
                "required": p.required,
                "title": _message(p.title, lang),
                "findings": [_message(f, lang) for f in p.findings],
            }
            for p in report.properties
        ],
        "fields": [
            {
                "section": f.section,
                "field": f.field or "all",
                "pairs": f.pairs,
                "balance": f.balance,
                "least": f.least,
                "most": f.most,
            }
            for f in report.fields
        ],
        "pairs": [
            {
                "section": m.section,
                "pair": str(m.pair),
                "rounds": m.rounds,
                "sit_outs": m.sit_outs,
                "boards": m.boards,
                "boards_in_play": m.boards_in_play,
                "results_compared": m.results_compared,
                "pairs_compared": m.pairs_compared,
                "field": m.field_size,
            }
            for m in report.pairs
        ],
        **(
            {"byes": [{"section": b.section, "round": b.round, "team": b.team} for b in report.byes]}
            if report.byes
            else {}
        ),
        **({"players": [_player_dict(m) for m in report.players]} if report.players else {}),
    }


def _player_dict(m: PlayerMeasure) -> dict[str, object]:
    return {
        "section": m.section, "player": m.player, "rounds": m.rounds, "sit_outs": m.sit_outs, "boards": m.boards,
        "boards_in_play": m.boards_in_play, "partners": m.partners, "opponents": m.opponents, "field": m.field_size,
    }  # fmt: skip


def _report_text(report: Report, lang: Language) -> str:
    from bridgescore.core.i18n import format_number, translator

    _ = translator(lang).gettext
    lines = [_("Movement %(name)s") % {"name": report.movement}]
    width = max(len(_("ok")), len(_("FAILS")), len(_("note")))
    for p in report.properties:
        state = _("ok") if p.ok else (_("FAILS") if p.required else _("note"))
        lines.append(f"{state:>{width}}  {_message(p.title, lang)}")
        shown = p.findings[:20]
        lines.extend(f"{'':{width}}  {_message(f, lang)}" for f in shown)
        if len(p.findings) > len(shown):
            lines.append(" " * (width + 2) + _("… and %(count)s more") % {"count": len(p.findings) - len(shown)})
    if report.byes:
        lines.append("")
        lines.append(_("Byes (a team sits out the round, both its pairs):"))
        several = len({b.section for b in report.byes}) > 1
        for b in report.byes:
            said = _("round %(round)s: team %(team)s") % {"round": b.round, "team": b.team}
            lines.append("  " + (_("section %(section)s, %(text)s") % {"section": b.section, "text": said}
                                 if several else said))  # fmt: skip
    lines.append("")
    if report.players:  # an individual: per player, not per pair
        rows = [[_("Player"), _("Rounds"), _("Sit-outs"), _("Boards"), _("of"), _("Partners"), _("Opponents")]]
        rows.extend(
            [str(m.player), str(m.rounds), str(m.sit_outs), str(m.boards), str(m.boards_in_play),
             f"{m.partners}/{m.field_size}", f"{m.opponents}/{m.field_size}"]
            for m in report.players
        )  # fmt: skip
        lines.extend(_columns(rows))
        lines.append("")
        lines.append(_("All required properties hold.") if report.ok else _("A required property fails."))
        return "\n".join(lines) + "\n"
    lines.append(_("Balance (100 % = every pair compared equally often with every other of its field):"))
    several = len({m.section for m in report.pairs} | {f.section for f in report.fields}) > 1
    for f in report.fields:
        field = _(f.field) if f.field else _("all pairs")
        if several:  # two Mitchells side by side: "NS" twice would not say which
            field = _("section %(section)s, %(text)s") % {"section": f.section or "-", "text": field}
        lines.append(
            "  "
            + _("%(field)s: %(balance)s%% (any two pairs compared on %(least)s to %(most)s boards)")
            % {"field": field, "balance": format_number(f.balance, lang, 1), "least": f.least, "most": f.most}
        )
    lines.append("")
    rows = [[_("Pair"), _("Rounds"), _("Sit-outs"), _("Boards"), _("of"), _("Results compared"), _("Pairs compared")]]
    for m in report.pairs:
        rows.append(
            [_directions(str(m.pair), lang), str(m.rounds), str(m.sit_outs), str(m.boards), str(m.boards_in_play),
             str(m.results_compared), f"{m.pairs_compared}/{m.field_size}"]
        )  # fmt: skip
    if several:  # each pair with its section, first: NS 1 is in each of them
        sections = [_("Section")] + [m.section or "-" for m in report.pairs]
        rows = [[section, *row] for section, row in zip(sections, rows, strict=True)]
    lines.extend(_columns(rows))
    lines.append("")
    lines.append(_("All required properties hold.") if report.ok else _("A required property fails."))
    return "\n".join(lines) + "\n"
