"""A pairs event from its files to its results (issue 12; issue 20 moved it here from ``api.py``): read, score, and
look at the results as typed objects or as tables.  :mod:`bridgescore.api` is the facade that offers these names.

The command line is built on these functions, so a notebook and ``bridgescore score`` give the same numbers::

    import bridgescore
    event = bridgescore.read("src/bridgescore/examples/club-evening.csv")
    scores = bridgescore.score(event, "matchpoints")
    scores.standings.to_pandas()      # one row per ranked pair
    scores.lines.to_pandas()          # one row per traveller line, with its points

* :func:`read` reads files or folders as ``bridgescore score`` does; bad input never raises: every problem is on
  ``event.problems`` (``strict=True`` raises :class:`InputError` listing them, for those who want that).
* :func:`score` resolves its options as the command line does (:func:`bridgescore.pairs.presets.scoring_options`: an
  option given over the program's preset ``as_program`` over the default); an unknown option name is a
  ``TypeError`` naming the valid ones, a value that cannot be used an :class:`~bridgescore.core.options.OptionError`.
* :class:`Scores` holds the scored event, its rankings (:class:`Standings`), its lines (:class:`Lines`), the
  director's checks and the problems; ``to_pandas()``/``to_arrow()`` build the tables from the columns of
  :class:`bridgescore.pairs.scored.ScoredLines` (no Python object per line), and ``to_json``/``to_csv``/``to_html``/
  ``to_text`` write the reports of :mod:`bridgescore.report`.

pandas and pyarrow are dependencies of bridgescore (analysts work in Jupyter with pandas: the natural path is
installed), imported only when a table is asked for, so ``import bridgescore`` and the command line stay quick.
"""

from __future__ import annotations

import dataclasses
import functools
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

import numpy as np

from bridgescore.core.arrow import arrow, floats, frame, line_columns
from bridgescore.core.event import Event, ResultStatus, lines_frame, lines_table
from bridgescore.core.i18n import N_, print_rounding
from bridgescore.core.options import OptionError
from bridgescore.core.problems import Location, Problem, Severity

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

    from bridgescore.core.contract import Notation
    from bridgescore.core.deal import HandRecord, HandRecords
    from bridgescore.pairs.checks import Check
    from bridgescore.pairs.penalties import Penalty
    from bridgescore.pairs.scored import ScoredBoard, ScoredEvent, ScoringOptions
    from bridgescore.pairs.standings import Standing

__all__ = [
    "OPTION_NAMES",
    "InputError",
    "Lines",
    "OptionError",
    "PenaltyList",
    "Scores",
    "SessionsScores",
    "Standings",
    "analyse_deals",
    "check_lines",
    "event_files",
    "file_method_notes",
    "file_options",
    "lines_frame",
    "lines_table",
    "read",
    "read_deals",
    "read_penalties",
    "read_sessions",
    "resolve_options",
    "score",
    "score_sessions",
    "sessions_as_sections",
    "with_deal_analysis",
]

#: The scoring options :func:`score` takes by name (the command line's ``--neuberg``, ``--datum`` … without ``--``).
OPTION_NAMES: tuple[str, ...] = (
    "acbl_scale", "neuberg", "neuberg_factor_decimals", "pair_percent", "average_plus", "average_minus", "datum",
    "datum_rounding", "cross_imps", "imp_cap", "factor", "factor_printed", "factor_sit_outs", "adjusted_imps",
    "imps_per_percent", "round_board_points", "session_average_plus", "session_average_minus", "phantom_award",
    "print_rounding", "traveller_own_points",
)  # fmt: skip

PathLike = str | Path
Destination = PathLike | TextIO | None


class InputError(ValueError):
    """The input has problems that stop scoring (``read(..., strict=True)``, or an event ``score`` must refuse, such
    as a teams event): ``problems`` lists them; ``str()`` says each with file, line and field."""

    def __init__(self, problems: Sequence[Problem], lang: str = "en") -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(p.describe(lang) for p in self.problems))


# --- reading ----------------------------------------------------------------------------------------------------


def event_files(paths: Iterable[PathLike]) -> tuple[list[Path], list[Problem], list[tuple[Path, list[Path]]]]:
    """The event files of ``paths``, a folder standing for every event file in it (the suffixes a reader takes,
    :data:`bridgescore.io.READERS`, by name, so every run reads them in the same order).  Returns the files, a
    problem for each folder without one, and each folder with the files it gave (the command line names them)."""
    from bridgescore.io import READERS

    files: list[Path] = []
    problems: list[Problem] = []
    folders: list[tuple[Path, list[Path]]] = []
    for given in paths:
        path = Path(given)
        if not path.is_dir():
            files.append(path)
            continue
        found = sorted(
            # a pipe or a device named as an event file is taken, and refused by name (io/files.py), not skipped
            (p for p in path.iterdir() if p.suffix.lower() in READERS and not p.is_dir() and p.name[:1] != "."),
            key=lambda p: p.name,
        )
        if not found:
            problems.append(
                Problem.make(
                    Location(str(path)),
                    N_("folder %(folder)s holds no event files (%(suffixes)s)"),
                    folder=str(path),
                    suffixes=", ".join(sorted(READERS)),
                )
            )
        folders.append((path, found))
        files.extend(found)
    return files, problems, folders


#: ``movement`` → how the traveller readers take a number on both sides of a board: a Mitchell numbers pairs per
#: direction (NS 1 and EW 1 are two pairs, as ACBLscore numbers them), a Howell gives every pair its own number;
#: ``auto`` (absent): from the data.
_PER_DIRECTION = {"mitchell": True, "howell": False}


def read(
    *paths: PathLike,
    names: PathLike | None = None,
    movement: str = "auto",
    notation: Notation = "en",
    strict: bool = False,
    deals: PathLike | None = None,
    members: PathLike | None = None,
    section_per_file: bool | None = None,
) -> Event:
    """The event in ``paths`` (traveller CSV, USEBIO XML, PBN files, or folders of them; several files are merged
    into one event, e.g. one per section), as ``bridgescore score`` reads them.

    ``names``: a names file (CSV ``pair,names``) whose names replace those of the event files; ``movement``:
    ``auto`` (from the data), ``mitchell`` (pairs may be numbered per direction, as ACBLscore numbers them) or
    ``howell``; ``notation``: the readers take English and Dutch alike, ``nl`` only for what reads two ways;
    ``deals``: a hand record (PBN, LIN, DUP) joined by board number, every mismatch reported
    (:func:`bridgescore.io.deals.join`); ``members``: a members file (``number,name``) naming the players given
    by member number, a number it lacks an error (:func:`bridgescore.io.members.with_members`);
    ``section_per_file``: files without sections holding the same boards are sections of one session (else they
    are refused, unless they carry one date: :meth:`Event.merge`).  Every problem found is on ``event.problems``;
    ``strict=True`` raises :class:`InputError` instead when one of them is an error."""
    from bridgescore.io import load_events
    from bridgescore.pairs.scored import Movement

    try:
        Movement(movement)
    except ValueError:
        raise OptionError(N_("--movement is auto, mitchell or howell, not '%(value)s'"), value=movement) from None
    if not paths:
        raise TypeError("read() needs at least one file or folder")
    files, problems, _ = event_files(paths)
    per_direction = _PER_DIRECTION.get(movement)
    event = (
        load_events(
            files,
            notation,
            names=names,
            pairs_per_direction=per_direction,
            members=members,
            section_per_file=section_per_file,
        )
        if files
        else Event(())
    )
    if problems:
        event = dataclasses.replace(event, problems=(*problems, *event.problems))
    if deals is not None:
        from bridgescore.io import deals as hand_records

        event = hand_records.join(event, hand_records.load(deals), Path(deals).name)
    if files:  # a lead that reads two ways (KH) and that neither the file nor a hand record settled
        from bridgescore.io.lead_order import settle_lead_order

        event = settle_lead_order(event, str(files[0]), final=True)
    if strict:
        errors = [p for p in event.problems if p.severity is Severity.ERROR]
        if errors:
            raise InputError(errors)
    return event


def read_deals(path: PathLike, *, dd: bool = False, par: bool = False) -> HandRecords:
    """The hand records of ``path`` (PBN, LIN, Duplimate DUP; every problem on ``.problems``), as ``bridgescore
    deals`` reads them; ``dd``/``par``: with each deal's double-dummy table and par, and only what was asked for
    (:func:`analyse_deals`); without either, the deals as read, with any analysis the file carries."""
    from bridgescore.io import deals

    records = deals.load(path)
    return analyse_deals(records, dd=dd, par=par) if dd or par else records


def analyse_deals(records: HandRecords, *, dd: bool = False, par: bool = False) -> HandRecords:
    """``records`` with the double-dummy table (``dd``) and the par (``par``) of each deal: the file's own when it
    carries them, else solved with DDS, several deals at once, and cached (:mod:`bridgescore.core.dd`).  What was
    asked for is given: a table or par the file carries comes with ``dd`` or ``par`` only."""
    if not (dd or par):
        chosen = {n: dataclasses.replace(r, dd=None, par=None) for n, r in records.deals.items()}
        return dataclasses.replace(records, deals=chosen)
    from bridgescore.core.dd import analyse

    found = analyse(records.deals, dd=True, par=par)  # par needs the table
    chosen = {n: dataclasses.replace(r, dd=r.dd if dd else None, par=r.par if par else None) for n, r in found.items()}
    checked = (*records.problems, *_written_par_checks(records, found))
    return dataclasses.replace(records, deals=chosen, problems=checked)


def _written_par_checks(records: HandRecords, solved: Mapping[int, HandRecord]) -> list[Problem]:
    """A written ``OptimumScore`` of a deal whose table was not written (so the reader could not check it) against
    the par of the solved table; the reader's own message, at the deal's place in the file."""
    from bridgescore.core.dd import par_of

    problems = []
    for number, record in records.deals.items():
        table = solved[number].dd
        if record.dd is not None or record.par is None or table is None:
            continue
        computed = par_of(table, record.vulnerability, record.dealer)
        if computed.score != record.par.score:
            where = record.source or Location("")
            problems.append(
                Problem.make(
                    dataclasses.replace(where, field="OptimumScore"),
                    "board %(board)d: the optimum score NS %(written)+d disagrees with the par of the double-dummy "
                    "table, NS %(computed)+d",
                    Severity.WARNING,
                    board=number,
                    written=record.par.score,
                    computed=computed.score,
                )
            )
    return problems


def check_lines(event: Event) -> Event:
    """``event`` with a problem for each adjusted score that cannot be read, as :func:`score` reads them: what
    ``bridgescore check`` lists, so that a line the check accepts is one the scoring scores."""
    from bridgescore.core.table import STATUSES
    from bridgescore.pairs.scored import read_adjustment

    # the lines whose adjustment may be unreadable – played or adjusted with remarks, or without a score – found on
    # the columns (issue 12), so the lines of a large event that carry a plain score are never built one by one
    table = event.table
    played = table.status != STATUSES.index(ResultStatus.NOT_PLAYED)
    unscored = np.isnan(table.ns_score) & (table.status != STATUSES.index(ResultStatus.PASSED_OUT))
    maybe = np.flatnonzero(played & (table.remarks.mask(bool) | unscored)).tolist()
    unreadable = [problem for i in maybe if (problem := read_adjustment(event.results[i])[1]) is not None]
    return dataclasses.replace(event, problems=(*event.problems, *unreadable)) if unreadable else event


# --- options and penalties ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PenaltyList:
    """Penalties read (:func:`read_penalties`) with the problems found reading them (a penalties file's lines)."""

    penalties: tuple[Penalty, ...] = ()
    problems: tuple[Problem, ...] = ()


def read_penalties(given: Iterable[Penalty | str] = (), path: PathLike | None = None) -> PenaltyList:
    """The penalties of a penalties file (CSV ``pair,penalty[,section][,reason]``, its problems kept) and of
    ``given``: :class:`~bridgescore.pairs.penalties.Penalty` objects or texts as ``--penalty`` takes them
    (``5:-10%``, ``A:5:-25% top``, ``7:-3 IMPs``); a text that cannot be read raises
    :class:`~bridgescore.pairs.penalties.PenaltyError`."""
    from bridgescore.pairs.penalties import Penalty, parse_penalty_option
    from bridgescore.pairs.penalties_file import load

    read_: list[Penalty] = []
    found: list[Problem] = []
    if path is not None:
        from_file, problems = load(path)
        read_ += from_file
        found += problems
    for item in given:
        if isinstance(item, Penalty):
            read_.append(item)
            continue
        penalty, warning = parse_penalty_option(item)
        read_.append(penalty)
        if warning is not None:
            found.append(warning)
    return PenaltyList(tuple(read_), tuple(found))


def resolve_options(
    method: str | None = None,
    *,
    as_program: str | None = None,
    across_sections: bool = False,
    movement: str = "auto",
    phantoms: Iterable[str] = (),
    **options: object,
) -> ScoringOptions:
    """The options to score with, resolved as the command line resolves them
    (:func:`bridgescore.pairs.presets.scoring_options`): an option given (not None) over the preset of ``as_program``
    (``nbb``, ``ebuscore``, ``acblscore``, ``bbo`` …) over the default; ``method`` None is the preset's method,
    else matchpoints.  An unknown option name raises ``TypeError`` naming the valid ones; a value that cannot be
    used raises :class:`~bridgescore.core.options.OptionError` (a ``ValueError``)."""
    from bridgescore.pairs.presets import scoring_options

    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise TypeError(
            f"unknown scoring option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
            f"the options are {', '.join(OPTION_NAMES)}"
        )
    if isinstance(phantoms, str):
        phantoms = (phantoms,)
    return scoring_options(
        method, options, as_program=as_program, across_sections=across_sections, movement=movement,
        phantoms=frozenset(phantoms),
    )  # fmt: skip


# --- scoring -----------------------------------------------------------------------------------------------------


def score(
    event: Event,
    method: str | ScoringOptions | None = None,
    *,
    as_program: str | None = None,
    across_sections: bool = False,
    movement: str = "auto",
    phantoms: Iterable[str] = (),
    penalties: Iterable[Penalty | str] | PenaltyList = (),
    penalties_file: PathLike | None = None,
    title: str | None = None,
    **options: object,
) -> Scores:
    """``event`` scored, ranked and checked: ``method`` ``matchpoints`` (the default, or the preset's),
    ``butler``, ``bastille`` or ``cross-imps``, with ``options`` by name as :func:`resolve_options` takes them
    (or ``method`` an already resolved :class:`~bridgescore.pairs.scored.ScoringOptions`).

    ``phantoms``: phantom pairs (their opponents get ``phantom_award``); ``penalties``/``penalties_file``: as
    :func:`read_penalties`.  A penalty for a pair in no ranking (or in several) is not applied and becomes a
    problem.  Raises :class:`InputError` for an event that must not be scored as pairs (teams, individuals), and
    :class:`~bridgescore.core.options.OptionError` for a phantom pair the event does not have; the problems of the
    lines are on ``Scores.problems`` (a line in error is left out of the scoring)."""
    from bridgescore.io import not_pairs
    from bridgescore.pairs.scored import ScoringOptions, score_event, unknown_phantoms

    if isinstance(method, ScoringOptions):
        if options or as_program or across_sections or movement != "auto" or phantoms:
            raise TypeError("score(): give the options either resolved (ScoringOptions) or by name, not both")
        resolved = method
    else:
        resolved = resolve_options(
            method, as_program=as_program, across_sections=across_sections, movement=movement, phantoms=phantoms,
            **options,
        )  # fmt: skip
    given = penalties if isinstance(penalties, PenaltyList) else read_penalties(penalties, penalties_file)
    if isinstance(penalties, PenaltyList) and penalties_file is not None:
        more = read_penalties((), penalties_file)
        given = PenaltyList((*given.penalties, *more.penalties), (*given.problems, *more.problems))
    refused = not_pairs(event)
    if refused is not None:
        raise InputError([refused])
    unknown = unknown_phantoms(event, resolved.phantoms) if event.results else []
    if unknown:
        raise OptionError(
            N_("--phantom %(pair)s: there is no pair %(pair)s in the event; write a pair number as on the travellers"),
            pair=unknown[0],
        )
    resolved = dataclasses.replace(resolved, penalties=given.penalties)
    scored = score_event(dataclasses.replace(event, title=title) if title else event, resolved)
    if given.penalties or given.problems:
        scored = _with_penalties(scored, given.problems)
    if event.deals:  # a lead the leader does not hold in the deal (issue 10: bridgescore.core.leads)
        from bridgescore.core.leads import lead_problems

        found = lead_problems(event)
        if found:
            scored = dataclasses.replace(scored, problems=(*scored.problems, *found))
    return Scores(scored)


def file_options(
    event: Event, options: ScoringOptions | None, given: bool, **resolve: Any
) -> tuple[ScoringOptions | None, str | None]:
    """The options to score ``event`` with, and the method taken from the file (else None): where the director
    gave no method (``given`` False: neither ``--method`` nor ``--as``) and the file names one other than
    ``options``' (a USEBIO ``BOARD_SCORING_METHOD``: Pianola's ``CROSS_IMPS``, :func:`bridgescore.io.usebio.
    written_method`), the options resolved for that method with ``resolve`` (the other options given, as
    :func:`resolve_options` takes them), as ``score``, ``archive add`` and ``season`` all do.  ``options`` None
    (``score``: the options given were refused for the default method) is resolved for any method the file
    names, else returned None."""
    from bridgescore.io.usebio import METHODS_OF_THE_FILES, stated_method

    # a teams or individual file is refused as pairs by the scoring (io.not_pairs), not for its method's words
    stated = None if given or event.form != "pairs" else stated_method(event.info)
    if stated is not None and stated.untold and METHODS_OF_THE_FILES in event.info:
        raise OptionError(
            N_("the files name different scoring methods (%(sign)s); the files of one session are scored by one "
               "method: give --method"),
            sign=stated.sign,
        )  # fmt: skip
    if stated is not None and stated.untold:
        raise OptionError(
            N_("the file names its method as %(sign)s, which does not tell bridgescore how to score it (IMPs without "
               "Butler or cross-IMPs, aggregate, or two methods at once); give --method"),
            sign=stated.sign,
        )  # fmt: skip
    written = stated.method if stated is not None else None
    if written is None or (options is not None and written == options.method.name):
        return options, None
    return resolve_options(written, **resolve), written


def file_method_notes(event: Event, source: str, method: str, written: str | None, given: bool) -> tuple[Problem, ...]:
    """What a USEBIO file says of its method that the director must read, as warnings at the file (``source``):

    * where the director gave no method (``given`` False), the one line that says by which method the file was
      scored: the method the file names (``written``, :func:`file_options`) – its ``BOARD_SCORING_METHOD`` or its
      ``EVENT_TYPE`` – or, where the file names none, the default ``method`` it was scored by, so that a Butler
      evening scored at matchpoints is never silent; nothing for a file that names the method it was scored by;
    * a pairs file ranked by the VPs of its matches (a Swiss pairs ``MATCH_SCORING_METHOD`` of VPs): bridgescore
      ranks by the boards' total, so its places are not the program's.

    Nothing for a file that cannot name its method (a traveller CSV)."""
    from bridgescore.io.usebio import match_scoring, stated_method

    if event.form != "pairs" or not ("usebio_version" in event.info or "event_type" in event.info):
        return ()
    where = Location(source)
    program = event.info.get("program_name", "") or "?"
    notes: list[Problem] = []
    stated = stated_method(event.info)
    if not given and written is not None:
        notes.append(Problem.make(
            where, N_("scored as %(method)s, the method the file names (%(sign)s, written by %(program)s); give "
                      "--method to score it otherwise"),
            Severity.WARNING, method=written, sign=stated.sign, program=program,
        ))  # fmt: skip
    elif not given and stated.method != method:
        notes.append(Problem.make(
            where, N_("scored as %(method)s, the default: the file names no scoring method (%(sign)s, written by "
                      "%(program)s); give --method to score it otherwise"),
            Severity.WARNING, method=method, sign=stated.sign or "no BOARD_SCORING_METHOD, no EVENT_TYPE",
            program=program,
        ))  # fmt: skip
    vps = match_scoring(event.info)
    if vps:
        notes.append(Problem.make(
            where, N_("%(program)s ranked the pairs by the VPs of their matches (%(sign)s); bridgescore ranks them "
                      "by the total of their boards, so the places may differ from %(program)s's"),
            Severity.WARNING, sign=vps, program=program,
        ))  # fmt: skip
    return tuple(notes)


def with_deal_analysis(scored: ScoredEvent) -> ScoredEvent:
    """``scored`` ready for the reports that show the deals (JSON and HTML, issue 10's page): every deal with its
    double-dummy table and par – what the file carries is kept, the rest is solved (several deals at once, cached:
    :func:`bridgescore.core.dd.analyse`), so the page shows both for every board whichever program wrote the hand
    record –
    and the lead analysis of the played boards on ``leads`` (:func:`bridgescore.core.leads.analyse`).  An event without
    deals, or one already analysed, is returned as it is.  The text and CSV reports show no deals: they are written
    from the plain scored event, so they never solve (:attr:`Scores.analysed` does this once, when first asked)."""
    if not scored.event.deals or scored.leads is not None:
        return scored
    from bridgescore.core.dd import analyse as analyse_tables
    from bridgescore.core.leads import analyse as analyse_leads

    leads = analyse_leads(scored.event)
    deals = MappingProxyType(analyse_tables(scored.event.deals))
    return dataclasses.replace(scored, event=dataclasses.replace(scored.event, deals=deals), leads=leads)


def _with_penalties(scored: ScoredEvent, found: Sequence[Problem]) -> ScoredEvent:
    """The scored event with only the penalties that can be applied, and the problems of the others (a pair in no
    ranking or in several, a unit the ranking does not count in) added to its problems."""
    from bridgescore.pairs.methods.base import Unit
    from bridgescore.pairs.penalties import penalty_problems
    from bridgescore.pairs.standings import compute_standings

    valid, unmatched = penalty_problems(
        scored.options.penalties, compute_standings(scored), scored.unit is Unit.MATCHPOINTS
    )
    options = dataclasses.replace(scored.options, penalties=valid)
    return dataclasses.replace(scored, options=options, problems=(*scored.problems, *found, *unmatched))


# --- tables ------------------------------------------------------------------------------------------------------


def _lines_arrow(event: Event, scored: ScoredEvent, notation: Notation) -> pa.Table:
    """The scored lines: the columns of the lines as read (:func:`bridgescore.core.arrow.line_columns`) and their
    points."""
    pa = arrow()
    lines = scored.lines
    rows = lines.rows
    columns = line_columns(lines.table, rows, notation)
    b = lines.board_of_line
    adjusted = np.zeros(len(rows if rows is not None else ()), dtype=bool)
    if lines.adjustments:
        adjusted[np.fromiter(lines.adjustments, dtype=np.int64, count=len(lines.adjustments))] = True
    columns.update(
        {
            "ns_compared": floats(lines.ns_scores),
            "ns_points": floats(lines.ns_points),
            "ew_points": floats(lines.ew_points),
            "ns_percent": floats(lines.ns_percent),
            "ew_percent": floats(lines.ew_percent),
            "adjusted": pa.array(adjusted, type=pa.bool_()),
            "datum": floats(lines.datums[b]),
            "top": floats(lines.tops[b]),
            "field": pa.DictionaryArray.from_arrays(
                pa.array(b.astype(np.int32), type=pa.int32()), pa.array(list(lines.board_sections))
            ),
        }
    )
    return pa.table(columns)


class Lines:
    """The traveller lines of a scored event with their points: ``len()``, ``to_arrow()``, ``to_pandas()``.

    One row per line in board order (section, board), with the line as read (file, line, section, board, pairs,
    contract, declarer, tricks, lead, ns_score, status, remarks) and as scored: ``ns_compared`` (the score
    compared, NaN for none), ``ns_points``/``ew_points`` (matchpoints or IMPs), ``ns_percent``/``ew_percent``,
    ``adjusted`` (an artificial score), the board's ``datum`` and ``top``, and ``field`` (the section the board
    was compared in, ``*`` across sections)."""

    def __init__(self, scored: ScoredEvent) -> None:
        self._scored = scored

    def __len__(self) -> int:
        return len(self._scored.lines.rows)

    def __repr__(self) -> str:
        return f"<Lines: {len(self)} traveller lines; .to_pandas() or .to_arrow() for the table>"

    def to_arrow(self, notation: Notation = "en") -> pa.Table:
        """The lines as a ``pyarrow.Table`` (text columns dictionary-encoded, as they are held)."""
        return _lines_arrow(self._scored.event, self._scored, notation)

    def to_pandas(self, notation: Notation = "en") -> pd.DataFrame:
        """The lines as a pandas ``DataFrame``."""
        return frame(self.to_arrow(notation))


_STANDING_FIELDS = (
    "place", "place_label", "pair", "direction", "names", "boards", "total", "unfactored_total", "maximum",
    "percent", "average", "total_before_penalty", "penalty", "penalty_label",
)  # fmt: skip


class Standings(tuple["Standing", ...]):
    """The rankings of a scored event (a tuple of :class:`~bridgescore.pairs.standings.Standing`, one per ranking: a
    direction of a Mitchell section, a Howell section, or all sections), and as one table: ``to_pandas()`` /
    ``to_arrow()``, one row per pair with the ranking's ``group`` (NS, EW, all) and ``section`` (``*``: all)."""

    __slots__ = ()

    def to_arrow(self) -> pa.Table:
        pa = arrow()
        rows = [(s.group, s.section, entry) for s in self for entry in s.entries]
        columns: dict[str, list[Any]] = {"group": [r[0] for r in rows], "section": [r[1] for r in rows]}
        for name in _STANDING_FIELDS:
            columns[name] = [getattr(r[2], name) for r in rows]
        floats = ("total", "unfactored_total", "maximum", "percent", "average", "total_before_penalty", "penalty")
        types = {"place": pa.int32(), "boards": pa.int32(), **dict.fromkeys(floats, pa.float64())}
        return pa.table({name: pa.array(values, type=types.get(name)) for name, values in columns.items()})

    def to_pandas(self) -> pd.DataFrame:
        """The rankings as a pandas ``DataFrame``, one row per pair, in ranking order."""
        return frame(self.to_arrow())


_Report = TypeVar("_Report", bound=Callable[..., "str | None"])


def _with_print_rounding(report: _Report) -> _Report:
    """A report of :class:`Scores` written with the event's print rounding in force (issue 18: the API printed
    half-up numbers and said "halves rounded up" whatever ``print_rounding`` the event was scored with)."""

    @functools.wraps(report)
    def written(self: Scores, *args: Any, **kwargs: Any) -> str | None:
        with print_rounding(self.scored.options.print_rounding):
            return report(self, *args, **kwargs)

    return cast("_Report", written)


# --- the result ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scores:
    """An event scored (:func:`score`): the typed objects and the tables of a notebook.

    ``event``, ``options`` (the resolved :class:`~bridgescore.pairs.scored.ScoringOptions`), ``standings``
    (:class:`Standings`), ``lines`` (:class:`Lines`), ``boards`` (one :class:`~bridgescore.pairs.scored.ScoredBoard`
    per board), ``checks`` (the director's checks), ``problems``; ``scored`` is the
    :class:`~bridgescore.pairs.scored.ScoredEvent` the reports take.  Rankings and checks are worked out when first
    asked for."""

    scored: ScoredEvent

    @property
    def event(self) -> Event:
        return self.scored.event

    @property
    def options(self) -> ScoringOptions:
        return self.scored.options

    @property
    def method(self) -> str:
        """The method's name: matchpoints, butler, bastille or cross-imps."""
        return self.scored.method.name

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.scored.problems

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that are errors (the lines they are about were left out)."""
        return tuple(p for p in self.scored.problems if p.severity is Severity.ERROR)

    @property
    def boards(self) -> tuple[ScoredBoard, ...]:
        return self.scored.boards

    @cached_property
    def analysed(self) -> ScoredEvent:
        """The scored event with its deals' double-dummy tables, par and lead analysis, as the JSON and HTML
        reports show them (:func:`with_deal_analysis`): solved when first asked for, never for text or CSV."""
        return with_deal_analysis(self.scored)

    @cached_property
    def standings(self) -> Standings:
        from bridgescore.pairs.standings import compute_standings

        return Standings(compute_standings(self.scored))

    @cached_property
    def lines(self) -> Lines:
        return Lines(self.scored)

    @cached_property
    def checks(self) -> tuple[Check, ...]:
        from bridgescore.pairs.checks import run_checks

        return run_checks(self.scored)

    @property
    def failed_checks(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.ok)

    def pair(self, pair: str, *, section: str | None = None, direction: str | None = None) -> pd.DataFrame:
        """One pair's boards as a pandas ``DataFrame`` seen from its side: section, board, direction, opponents,
        contract, declarer, tricks, lead, ``score`` (its side's score), ``points`` and ``percent`` (its side's).
        ``section``/``direction`` (``NS``, ``EW``) narrow it where numbers repeat (several sections; a Mitchell
        whose pairs are numbered per direction, where NS 1 and EW 1 are two pairs)."""
        import pandas as pd

        lines = self.lines.to_pandas()
        if section is not None:
            lines = lines[lines["section"] == section]
        parts = []
        for side, own, other, sign in (("NS", "ns", "ew", 1.0), ("EW", "ew", "ns", -1.0)):
            if direction is not None and direction.upper() != side:
                continue
            rows = lines[lines[f"{own}_pair"] == str(pair)]
            parts.append(
                pd.DataFrame(
                    {
                        "section": rows["section"],
                        "board": rows["board"],
                        "direction": side,
                        "opponents": rows[f"{other}_pair"],
                        "contract": rows["contract"],
                        "declarer": rows["declarer"],
                        "tricks": rows["tricks"],
                        "lead": rows["lead"],
                        "score": sign * rows["ns_score"] + 0.0,  # + 0.0: no -0.0 for a passed-out board
                        "points": rows[f"{own}_points"],
                        "percent": rows[f"{own}_percent"],
                    }
                )
            )
        return pd.concat(parts).sort_values(["section", "board"], kind="stable").reset_index(drop=True)

    def to_pandas(self) -> tuple[pd.DataFrame, pd.DataFrame]:
        """``(lines, standings)`` as pandas DataFrames."""
        return self.lines.to_pandas(), self.standings.to_pandas()

    def to_arrow(self) -> tuple[pa.Table, pa.Table]:
        """``(lines, standings)`` as pyarrow Tables."""
        return self.lines.to_arrow(), self.standings.to_arrow()

    # the reports: to a file (a path), to an open text stream, or returned as text (no destination); each prints its
    # numbers with the event's own print rounding (``print_rounding="half-even"``: RealBridge, Compscore3), as
    # ``score --print-rounding`` does, so the API and the command line print the same numbers and words

    @_with_print_rounding
    def to_json(self, dest: Destination = None, notation: Notation = "en") -> str | None:
        """The JSON report (``bridgescore.score`` schema, as ``score -f json``)."""
        from bridgescore.pairs.report import json as score_json

        if isinstance(dest, str | Path):  # written a board at a time, as `score -f json -o FILE` writes it
            with Path(dest).open("wb") as binary:
                score_json.dump(self.analysed, binary, notation, standings=self.standings)
            return None
        return _write(score_json.dumps(self.analysed, notation), dest)

    @_with_print_rounding
    def to_csv(
        self, dest: Destination = None, *, boards: bool = False, lang: str = "en", notation: Notation | None = None
    ) -> str | None:
        """The CSV report: one row per ranked pair, or with ``boards`` one per traveller line (``score -f csv``)."""
        from bridgescore.core.i18n import parse_language
        from bridgescore.pairs.report import csv as score_csv

        language = parse_language(lang)
        if boards:
            text = score_csv.boards_csv(self.scored, notation or language, language)
        else:
            text = score_csv.standings_csv(self.scored, self.standings, lang=language)
        return _write(text, dest)

    @_with_print_rounding
    def to_html(self, dest: Destination = None, *, lang: str = "en", notation: Notation = "en") -> str | None:
        """The HTML page (``score -f html``)."""
        from bridgescore.core.i18n import parse_language
        from bridgescore.pairs.report.html import page_dict, render_html

        # page_dict: the travellers of a large event summarised as they are made (the page `score -f html` makes)
        return _write(render_html(page_dict(self.analysed, notation), parse_language(lang)), dest)

    @_with_print_rounding
    def to_text(
        self,
        dest: Destination = None,
        *,
        boards: bool = False,
        lang: str = "en",
        notation: Notation | None = None,
        width: int = 120,
    ) -> str | None:
        """The text report: rankings, (with ``boards``) travellers, checks and problems (``score``)."""
        from bridgescore.core.i18n import parse_language
        from bridgescore.pairs.report.text import render_text
        from bridgescore.report.printable import console as printable_console

        language = parse_language(lang)
        buffer = io.StringIO()
        console = printable_console(file=buffer, width=width, color_system=None)
        render_text(self.scored, console, notation or language, boards=boards, standings=self.standings, lang=language)
        return _write(buffer.getvalue(), dest)

    def __repr__(self) -> str:
        pairs = sum(len(s.entries) for s in self.standings)
        return (
            f"<Scores: {self.method}, {len(self.lines)} lines, {len(self.boards)} boards, {pairs} pairs ranked, "
            f"{len(self.problems)} problems>"
        )


def _write(text: str, dest: Destination) -> str | None:
    """``text`` returned (no destination), written to an open stream, or to a file (UTF-8)."""
    if dest is None:
        return text
    if isinstance(dest, str | Path):
        Path(dest).write_text(text, encoding="utf-8")
    else:
        dest.write(text)
    return None


# --- multi-session events (issue 13) -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SessionsScores:
    """A multi-session event scored (:func:`score_sessions`): each session's :class:`Scores` (in the order given,
    named ``names``) and the event ranked over them (:class:`bridgescore.pairs.multisession.MultiSession`)."""

    names: tuple[str, ...]
    sessions: tuple[Scores, ...]
    overall: Any  # bridgescore.pairs.multisession.MultiSession (imported on use)

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Every session's problems, then the event's own (a carry-over for no pair, mixed units)."""
        return (*(p for s in self.sessions for p in s.problems), *self.overall.problems)


def read_sessions(
    *paths: PathLike,
    sessions: Sequence[str] | None = None,
    names: PathLike | None = None,
    members: PathLike | None = None,
    movement: str = "auto",
    notation: Notation = "en",
    section_per_file: bool | None = None,
) -> list[tuple[str, Event]] | None:
    """The sessions of a multi-session event, each (name, event), in order; None where the files say no sessions.

    ``sessions``: the session of each file in file order (``score --session``; files of one session are its
    sections, merged as :func:`read` merges them); without it, the ``session`` column of traveller CSV files
    (:mod:`bridgescore.io.session_column`) splits them, where it names two sessions or more.  A count of
    ``sessions`` other than the files' raises :class:`~bridgescore.core.options.OptionError`."""
    from bridgescore.io import merge_loaded
    from bridgescore.io import session_column as by_column

    files, _, _ = event_files(paths)  # a folder without event files is said by read()
    per_direction = _PER_DIRECTION.get(movement)
    if sessions:
        if len(sessions) != len(files):
            raise OptionError(
                N_("--session is given %(given)s times for %(files)s files: give it once per file, in file order"),
                given=len(sessions),
                files=len(files),
            )
        order = list(dict.fromkeys(sessions))
        out = []
        for name in order:
            chosen = [f for f, s in zip(files, sessions, strict=True) if s == name]
            event = read(
                *chosen, names=names, members=members, movement=movement, notation=notation,
                section_per_file=section_per_file,
            )  # fmt: skip
            out.append((name, event))
        return out
    columns = [by_column.session_column(f) for f in files]
    if not any(c is not None for c in columns):
        return None
    named = {
        n for f, c in zip(files, columns, strict=True) for n in (by_column.session_names(f) if c is not None else [""])
    }
    if len(named) < 2:  # one session in the column (the EBU's exports write SESSION 1): read once, by read()
        return None
    parts: dict[str, list[Event]] = {}
    sources: dict[str, list[str | Path]] = {}
    for file, column in zip(files, columns, strict=True):
        if column is None:
            problem = Problem.make(
                Location(str(file)),
                "%(file)s has no session column but other files have one: give every file its session column, or "
                "--session NAME for each file",
                file=str(file),
            )
            parts.setdefault("", []).append(Event((), problems=(problem,)))
            continue
        for name, event in by_column.split(file, notation, per_direction):
            parts.setdefault(name, []).append(event)
            sources.setdefault(name, []).append(file)
    from bridgescore.io.lead_order import settle_lead_order

    return [
        (
            name,
            settle_lead_order(
                merge_loaded(events, sources.get(name, []), names, members=members, section_per_file=section_per_file),
                str((sources.get(name) or [""])[0]), final=True,
            ),
        )
        for name, events in parts.items()
    ]  # fmt: skip


def score_sessions(
    sessions: Sequence[tuple[str, Event]],
    method: str | ScoringOptions | None = None,
    *,
    carry_over: Mapping[str, float] | None = None,
    carry_over_boards: float | None = None,
    title: str | None = None,
    **options: Any,
) -> SessionsScores:
    """Each session scored on its own (:func:`score`, as if alone) and the event ranked by the running total
    (:func:`bridgescore.pairs.multisession.combine`: matchpoint percentages averaged weighted by boards, IMPs summed,
    ``carry_over`` pair → percentage or IMPs, a percentage weighing ``carry_over_boards`` boards)."""
    from bridgescore.pairs.multisession import combine
    from bridgescore.pairs.sessions import summarise

    scored = []
    for name, event in sessions:
        named = f"{title or event.title} – {name}" if name and (title or event.title) else title
        scored.append(score(event, method, title=named, **options))
    names = tuple(name for name, _ in sessions)
    summaries = [
        summarise(s.scored, key=name or f"session {i}")
        for i, (s, name) in enumerate(zip(scored, names, strict=True), 1)
    ]
    overall = combine(names, summaries, carry_over, carry_over_boards)
    return SessionsScores(names, tuple(scored), overall)


def sessions_as_sections(sessions: Sequence[tuple[str, Event]]) -> Event:
    """The sessions of a multi-session event as one event whose sections are ``SESSION`` (or ``SESSION/SECTION``):
    what ``check`` lists, every line where it is in its file, no session's board compared with another's."""

    def section(name: str, own: str) -> str:
        return f"{name}/{own}" if own else name

    events = []
    for name, event in sessions:
        results = tuple(dataclasses.replace(r, section=section(name, r.section)) for r in event.results)
        keyed = {}
        for pair, text in event.names.items():
            own, _, number = pair.rpartition(":")
            keyed[f"{section(name, own)}:{number}"] = text
        events.append(
            dataclasses.replace(
                event, results=results, names=MappingProxyType(keyed), players=MappingProxyType({}), deals={}
            )
        )
    return Event.merge(events)
