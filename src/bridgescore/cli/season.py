"""The ``season`` command: club evenings ranked together as a season competition (issue 13)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgescore.cli.common import (
    AsProgramOption,
    DatabaseOption,
    MembersOption,
    OutputOption,
    ReportLangOption,
    app,
    event_files,
    fail,
    language_option,
    refuse_overwrite,
    resolved_options,
)
from bridgescore.core.i18n import N_

#: The archive holds no session for the season asked: (a competition named, a period given) → the words.
_NO_SESSIONS = {
    (False, False): N_("the archive %(db)s holds no sessions (bridgescore archive list shows what it holds)"),
    (True, False): N_("the archive %(db)s holds no sessions of the competition '%(competition)s' (bridgescore "
                      "archive list shows what it holds)"),
    (False, True): N_("the archive %(db)s holds no sessions in that period (bridgescore archive list shows what it "
                      "holds)"),
    (True, True): N_("the archive %(db)s holds no sessions of the competition '%(competition)s' in that period "
                     "(bridgescore archive list shows what it holds)"),
}  # fmt: skip


@app.command()
def season(
    inputs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="The evenings: one event file each (CSV, USEBIO, PBN), or folders of them; none: the sessions "
            "stored in the archive (--db).",
            show_default=False,
        ),
    ] = None,
    db: DatabaseOption = None,
    competition: Annotated[
        str | None, typer.Option("--competition", help="The competition's name (its title; in the archive: which).")
    ] = None,
    since: Annotated[str | None, typer.Option("--from", help="First date counted (YYYY-MM-DD).")] = None,
    until: Annotated[str | None, typer.Option("--to", help="Last date counted (YYYY-MM-DD).")] = None,
    rule: Annotated[
        str,
        typer.Option(
            "--rule",
            help="average (every evening), best:N (the N best evenings: Bridgewebs) or drop:K (each competitor's K "
            "lowest left out: the NBB program's 'laagste scores weglaten').",
        ),
    ] = "average",
    min_evenings: Annotated[
        str,
        typer.Option(
            "--min-evenings",
            help="Evenings played to be ranked, the others listed below the ranking: a number (6; 0: all ranked), "
            "a share of the evenings held (50%) or half – the default, as NBB clubs rank; Bridgewebs' qualifying "
            "sessions.",
        ),
    ] = "half",
    absent: Annotated[
        str,
        typer.Option(
            "--absent",
            help="An absent evening: none (NBB-Clubranking, Bridgewebs), fixed:P (P %, clubs under the NBB "
            "program) or average[:MAX] (own average, NBB program's 'eigen gemiddelde').",
        ),
    ] = "none",
    lines: Annotated[
        str | None,
        typer.Option("--lines", help="Lines from the top: A,B,C (sections named so) or section=line (1=A,2=B)."),
    ] = None,
    line_correction: Annotated[
        float,
        typer.Option(
            "--line-correction",
            min=0.0,
            help="Points (% or IMPs/board) an evening counts less per line down (NBB clubs: 3 to 6 per line).",
        ),
    ] = 0.0,
    promote: Annotated[
        int, typer.Option("--promote", min=0, help="Pairs per line going up at the end (NBB clubs' promotie: 2-4).")
    ] = 0,
    relegate: Annotated[
        int,
        typer.Option("--relegate", min=0, help="Pairs per line going down at the end (NBB clubs' degradatie: 2-4)."),
    ] = 0,
    per: Annotated[
        str, typer.Option("--per", help="pair (default) or player (any partner: Bridgewebs' individual).")
    ] = "pair",
    method: Annotated[
        str | None,
        typer.Option(
            "--method", "-m", help="How each evening is scored: matchpoints (default) or butler (IMPs/board)."
        ),
    ] = None,
    as_program: AsProgramOption = None,
    members: MembersOption = None,
    valet: Annotated[
        bool,
        typer.Option("--valet", help="Also the Valet score (bidding, play, lead, defence) summed over the season."),
    ] = False,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, json, csv or html.")] = "text",
    output: OutputOption = None,
    lang: ReportLangOption = "en",
    title: Annotated[str | None, typer.Option("--title", help="Title (default: the competition's name).")] = None,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Report problems in the evenings but rank them all the same.")
    ] = False,
) -> None:
    """Rank club evenings as a season competition: average or best N, absent evenings, lines with promotion
    and relegation, per pair or per player (exit 2 on bad input or a rule that cannot be met)."""
    from bridgescore.cli.common import err, output_stream
    from bridgescore.core.i18n import format_message
    from bridgescore.core.options import OptionError
    from bridgescore.pairs.methods.base import Unit
    from bridgescore.report.problems import print_problems
    from bridgescore.season import (
        SeasonRules,
        parse_absent,
        parse_date,
        parse_drop,
        parse_lines,
        parse_min_evenings,
        parse_rule,
        run_season,
    )
    from bridgescore.season.files import ArchiveSessions, FileSessions
    from bridgescore.season.report import SEASON_FORMATS, write_season

    page_lang = language_option(lang)
    if fmt not in SEASON_FORMATS:
        raise fail(f"--format must be {', '.join(SEASON_FORMATS)}, not '{fmt}'")
    if per not in ("pair", "player"):
        raise fail(f"--per is pair or player, not '{per}'")
    try:
        best, drop = parse_rule(rule), parse_drop(rule)
        least, share = parse_min_evenings(min_evenings)
        absent_rule = parse_absent(absent)
        mapping, order = parse_lines(lines) if lines else ({}, ())
        dates = [parse_date("--from", since), parse_date("--to", until)]
    except OptionError as problem:
        raise fail(problem.text(page_lang)) from None
    options = resolved_options(method, page_lang, as_program=as_program)
    if inputs and db is not None:
        raise fail("give the evenings as files or as an archive (--db), not both")
    if members is not None and not inputs:
        raise fail("--members names the players of evening files; the archive's sessions keep the names they were "
                   "added with (archive add --members)")  # fmt: skip
    source: FileSessions | ArchiveSessions
    if inputs:
        files = event_files(inputs)
        refuse_overwrite(output, files)
        source = FileSessions(
            files, options, members=members, method_given=method is not None or as_program is not None
        )
        stored = source.sessions(competition, dates[0], dates[1])
    else:
        from bridgescore.cli.common import reading_archive

        with reading_archive(db, page_lang) as archive:
            if competition is None:  # a club's two competitions (or a federation's clubs) are never one season
                held = sorted({s.competition for s in archive.list_sessions()})
                if len(held) > 1:
                    asked = OptionError(
                        N_("the archive holds the sessions of %(count)s competitions (%(names)s): give --competition "
                           "NAME"),
                        count=len(held), names=", ".join(c or "-" for c in held),
                    )  # fmt: skip
                    raise fail(asked.text(page_lang))
            # the sessions as stored (scored with the options they were added with), or scored again where the
            # season asks for a method or a program's conventions
            source = ArchiveSessions(archive, options if method is not None or as_program is not None else None)
            # the lines only where the Valet is worked out from them (or a method scores them again)
            stored = source.sessions(competition, dates[0], dates[1], lines=valet)
        if not stored:
            empty = _NO_SESSIONS[(bool(competition), bool(since or until))]
            raise fail(format_message(empty, {"db": archive.shown, "competition": competition or ""}, page_lang))
    if source.problems:
        can_go_on = bool(stored)
        if source.errors and not (skip_invalid and can_go_on):
            print_problems(source.problems, err, page_lang, can_go_on=can_go_on)
            raise typer.Exit(2)
        print_problems(source.problems, err, page_lang, can_go_on=False, summary=False)
    unit = "percent" if options.method.unit is Unit.MATCHPOINTS else "imps"
    if method is None and as_program is None and stored:
        units = [s.summary.unit for s in stored]
        unit = "percent" if units.count("percent") >= units.count("imps") else "imps"
        if len(set(units)) > 1:  # an evening added with another method: the director chooses, not the first one
            odd = ", ".join(f"{s.summary.key}: {s.summary.method}" for s in stored if s.summary.unit != unit)
            refused = OptionError(
                N_("the sessions are scored in matchpoints and in IMPs (%(sessions)s); give --method matchpoints or "
                   "--method butler to rank them one way"),
                sessions=odd,
            )  # fmt: skip
            raise fail(refused.text(page_lang))
    rules = SeasonRules(
        best=best, drop=drop, min_evenings=least, min_share=share, absent=absent_rule, lines=mapping, line_order=order,
        line_correction=line_correction, promote=promote, relegate=relegate,
        per="player" if per == "player" else "pair", unit="imps" if unit == "imps" else "percent",
    )  # fmt: skip
    try:
        result, valet_sums = run_season(stored, rules, title or competition or "", valet)
    except OptionError as problem:
        raise fail(problem.text(page_lang)) from None
    chosen = next(f for f in SEASON_FORMATS if f == fmt)
    try:
        with output_stream(output, newline="" if output is not None else None) as stream:
            write_season(result, chosen, stream, page_lang, valet_sums, source.problems)
    except OSError as problem:
        raise fail(f"cannot write {output or 'the output'}: {problem.strerror}") from None
