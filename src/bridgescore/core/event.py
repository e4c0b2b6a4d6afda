"""The event model: traveller lines (results) grouped into boards and sections.

Every record is immutable and complete, validated where it is built (unlike a parse record reused line
after line, which lets a line inherit the previous line's declarer: see ``../shared/GUIDE.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from bridgescore.core.contract import (
    Notation,
    Vulnerability,
    vulnerability_of_board,
)
from bridgescore.core.players import Player
from bridgescore.core.problems import Location, Problem, Severity
from bridgescore.core.result import Result, ResultStatus

if TYPE_CHECKING:
    from bridgescore.core.deal import HandRecord
    from bridgescore.core.table import Column, ResultTable

__all__ = [
    "Board",
    "Event",
    "EventForm",
    "Result",
    "ResultStatus",
    "lines_frame",
    "lines_table",
    "sections_numbered_per_direction",
]

#: What kind of event a file holds: pairs (scored here), teams or individual (issue 7 scores them; until then
#: ``score`` refuses them rather than scoring their lines as a pairs event).
EventForm = Literal["pairs", "teams", "individual"]

_EMPTY: Mapping[str, str] = MappingProxyType({})
_NO_DEALS: Mapping[int, HandRecord] = MappingProxyType({})
_NO_PLAYERS: Mapping[str, tuple[Player, ...]] = MappingProxyType({})
_NO_PAIR_INFO: Mapping[str, Mapping[str, str]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Board:
    """All traveller lines of one board in one section."""

    section: str
    number: int
    results: tuple[Result, ...]

    @property
    def vulnerability(self) -> Vulnerability:
        return vulnerability_of_board(self.number)


@dataclass(frozen=True, slots=True)
class Event:
    """What a reader produced: the traveller lines, pair names, and every problem found on the way.

    ``form`` is what the file says the event is (``pairs``, ``teams`` or ``individual``) and ``form_sign`` the
    sign it was recognised by, in the file's own words (``EVENT_TYPE="TEAMS"``, ``[HomeTeam]``), so a refusal
    can name it.  ``deals`` is the hand record by board number (issue 10), from the file itself or given beside
    it.  ``info`` is what the file says about the session, as written: ``date`` (USEBIO ``<DATE>``, PBN
    ``[Date]``) and ``club`` (USEBIO ``<CLUB_NAME>``, PBN ``[Site]``); the page's header shows them.
    ``players`` (issue 13) is who sat in each pair, keyed as ``names`` is (pair id, ``A:1`` where sections share
    numbers): the players with their member numbers, where the file or a members file gives them.
    ``pair_info`` (issue 13) is what the file says of each pair besides its players and results, keyed as
    ``names``: USEBIO's ``MASTER_POINTS/MASTER_POINTS_AWARDED``, ``MASTER_POINTS/MASTER_POINT_TYPE``,
    ``HANDICAP``, ``DIRECTION``, the published ``PERCENTAGE`` and ``PLACE`` … (nested elements as ``PARENT/CHILD``,
    attributes as ``@NAME``), so that masterpoints read are written again (:mod:`bridgescore.pairs.report.usebio`).

    The lines are also held as columns (:attr:`table`, issue 12): an event read by a columnar reader
    (:meth:`from_table`) has as ``results`` a lazy view that builds ``Result`` objects only when asked for."""

    results: Sequence[Result]
    names: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    title: str = ""
    problems: tuple[Problem, ...] = ()
    form: EventForm = "pairs"
    form_sign: str = ""
    deals: Mapping[int, HandRecord] = field(default_factory=lambda: _NO_DEALS)
    info: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    players: Mapping[str, tuple[Player, ...]] = field(default_factory=lambda: _NO_PLAYERS)
    pair_info: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: _NO_PAIR_INFO)
    _table: ResultTable | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        from bridgescore.core.table import ResultView

        if isinstance(self.results, ResultView):  # replace(event, title=...) keeps the columns of a view
            object.__setattr__(self, "_table", self.results.table)

    @property
    def table(self) -> ResultTable:
        """The lines as columns, built once from ``results`` (or the table the event was made from)."""
        table = self._table
        if table is None:
            from bridgescore.core.table import ResultTable

            table = ResultTable.from_results(self.results)
            object.__setattr__(self, "_table", table)
        return table

    @staticmethod
    def from_table(
        table: ResultTable,
        names: Mapping[str, str] = _EMPTY,
        title: str = "",
        problems: tuple[Problem, ...] = (),
        form: EventForm = "pairs",
        form_sign: str = "",
    ) -> Event:
        """An event whose lines are ``table``; ``results`` materialises a line only when someone asks for it."""
        from bridgescore.core.table import ResultView

        return Event(ResultView(table), names, title, problems, form, form_sign)

    def to_arrow(self, notation: Notation = "en") -> Any:
        """The lines as a ``pyarrow.Table``, one row per line in input order, built from the columns
        (:func:`lines_table`)."""
        return lines_table(self, notation)

    def to_pandas(self, notation: Notation = "en") -> Any:
        """The lines as a pandas ``DataFrame`` (:meth:`to_arrow` with plain text columns)."""
        return lines_frame(self, notation)

    def boards(self) -> Iterator[Board]:
        """Boards in (section, number) order, each with its lines in input order."""
        grouped: dict[tuple[str, int], list[Result]] = {}
        for result in self.results:
            grouped.setdefault((result.section, result.board), []).append(result)
        for (section, number), lines in sorted(grouped.items()):
            yield Board(section, number, tuple(lines))

    @staticmethod
    def merge(events: Iterable[Event], *, section_per_file: bool | None = None) -> Event:
        """One event from several files (e.g. one traveller file per section).

        Nothing is doubled or overwritten silently:

        * a file whose lines are the same as another's (the same file given twice, or a copy of it) is read
          once, and that is an error (exit 2; ``--skip-invalid`` goes on with the file read once);
        * two files that name the same pair differently: an error naming both (the first name is kept);
        * files without sections whose boards and pair numbers overlap are refused (issue 13): an error naming
          both files and the boards, since two club evenings with boards 1–14 are two sessions (``score
          --session``), and scored as one field board 1 of one evening would be compared with board 1 of the
          other.  Where the director says so (``section_per_file=True``, ``score --section-per-file``), or where
          every such file carries the same date (``Event.info``: one session exported per section), each becomes
          a section named after its file, with a warning: the NBB and EBU programs export a file per section, and
          pair 1 of A and pair 1 of B are then two pairs.  A refused event is merged the same way (its sections
          per file), so ``--skip-invalid`` goes on with the files as sections of one session.
        """
        files = [e for e in events]
        kept: list[Event] = []
        problems: list[Problem] = []
        contents: dict[tuple[object, ...], str] = {}
        for event in files:
            if not event.results:
                problems.extend(event.problems)
                kept.append(event)
                continue
            # one file cannot repeat another: its table is not built here (score_event builds it once)
            key = event.table.content_key() if len(files) > 1 else ()
            name = _file_of(event)
            if key in contents:
                problems.append(
                    Problem.make(
                        Location(name),
                        "%(file)s holds the same lines as %(first)s (the same file given twice?); it is read once",
                        file=name,
                        first=contents[key],
                    )
                )
                continue
            contents[key] = name
            problems.extend(event.problems)
            kept.append(event)
        kept = _sections_per_file(kept, problems, section_per_file)
        results: list[Result] = []
        names: dict[str, str] = {}
        named_in: dict[str, str] = {}
        titles: list[str] = []
        form: EventForm = "pairs"
        sign = ""
        deals: dict[int, HandRecord] = {}
        info: dict[str, str] = {}  # the first file's date and club (a session's files share them)
        players: dict[str, tuple[Player, ...]] = {}
        pair_info: dict[str, Mapping[str, str]] = {}
        for event in kept:
            for pair, fields in event.pair_info.items():
                pair_info.setdefault(pair, fields)
            for number, deal in event.deals.items():
                deals.setdefault(number, deal)
            for pair, seated in event.players.items() if len(kept) > 1 else ():
                players.setdefault(pair, seated)
            for item, value in event.info.items():
                if value:
                    info.setdefault(item, value)
        # one file's players as they are, not copied (an individual's: a pair per line side, 2,000,000, issue 19)
        seated_pairs = kept[0].players if len(kept) == 1 else MappingProxyType(players)
        columnar = all(_is_view(e.results) for e in kept if e.results)
        for event in kept:
            if not columnar:
                results.extend(event.results)
            name = _file_of(event)
            for pair, text in event.names.items():
                if pair in names and names[pair] != text:
                    problems.append(
                        Problem.make(
                            Location(name),
                            "pair %(pair)s is '%(second)s' in %(file)s but '%(first)s' in %(first_file)s; if they are "
                            "two pairs, give each file its section; if one pair, correct its name in one of the files",
                            pair=pair,
                            second=text,
                            file=name,
                            first=names[pair],
                            first_file=named_in[pair],
                        )
                    )
                    continue
                names.setdefault(pair, text)
                named_in.setdefault(pair, name)
            if event.title and event.title not in titles:
                titles.append(event.title)
            if form == "pairs" and event.form != "pairs":
                form, sign = event.form, event.form_sign
        if columnar and any(e.results for e in kept):
            from bridgescore.core.table import ResultTable

            read_tables = [e.table for e in kept if e.results]
            # one file's table as it is: concat would recode every column to the same codes (issue 19)
            table = read_tables[0] if len(read_tables) == 1 else ResultTable.concat(read_tables)
            merged = Event.from_table(table, MappingProxyType(names), " / ".join(titles), tuple(problems), form, sign)
            merged = replace(merged, info=MappingProxyType(info)) if info else merged
            merged = replace(merged, players=seated_pairs) if seated_pairs else merged
            merged = replace(merged, pair_info=MappingProxyType(pair_info)) if pair_info else merged
            return replace(merged, deals=MappingProxyType(deals)) if deals else merged
        merged = Event(
            tuple(results), MappingProxyType(names), " / ".join(titles), tuple(problems), form, sign,
            MappingProxyType(deals), MappingProxyType(info), seated_pairs, MappingProxyType(pair_info),
        )  # fmt: skip
        tables = [e._table for e in kept if e.results]
        if len(tables) > 1 and all(t is not None for t in tables):  # the files' tables, built to compare them
            from bridgescore.core.table import ResultTable

            object.__setattr__(merged, "_table", ResultTable.concat([t for t in tables if t is not None]))
        return merged


def _is_view(results: Sequence[Result]) -> bool:
    """Whether ``results`` is the lazy view of a columnar event (merged as columns, not line by line)."""
    from bridgescore.core.table import ResultView

    return isinstance(results, ResultView)


def _seats(tables: list[ResultTable]) -> list[npt.NDArray[np.int64]]:
    """Each table's (section, board, pair) seats, NS and EW, as sorted distinct integer keys comparable across the
    tables (the sections and pairs of every table coded in one dictionary each)."""
    from bridgescore.core.table import Column, distinct

    pairs = Column.concat([c for t in tables for c in (t.ns_pair, t.ew_pair)])
    sections = Column.concat([t.section for t in tables])
    width = len(pairs.labels) + 1
    low = min(int(t.board.min()) for t in tables)
    span = max(int(t.board.max()) for t in tables) - low + 1
    out: list[npt.NDArray[np.int64]] = []
    at = at_section = 0
    for t in tables:
        n = len(t)
        codes = pairs.codes[at : at + 2 * n].astype(np.int64)
        at += 2 * n
        section = sections.codes[at_section : at_section + n].astype(np.int64)
        at_section += n
        boards = np.concatenate([t.board, t.board]).astype(np.int64) - low
        out.append(distinct((np.concatenate([section, section]) * span + boards) * width + codes))
    return out


def _overlap(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> bool:
    return bool(np.isin(a, b, assume_unique=True).any())


def _file_of(event: Event) -> str:
    """The file an event was read from, as its lines and problems name it."""
    if _is_view(event.results):
        files = event.table.file
        named = files.mask(lambda f: f is not None)
        if named.any():
            return str(files[int(named.argmax())])
        return event.problems[0].location.file if event.problems else "<input>"
    for result in event.results:
        if result.source is not None:
            return result.source.file
    return event.problems[0].location.file if event.problems else "<input>"


def _sections_per_file(events: list[Event], problems: list[Problem], given: bool | None = None) -> list[Event]:
    """Files without sections whose (board, pair) overlap another such file's: refused unless ``given`` or all
    carry one date; each gets the section named after its file (see :meth:`Event.merge`)."""
    if sum(1 for e in events if e.results) < 2:
        return events  # one file: nothing to overlap (and no table built for it here)
    _same_sections_refused(events, problems)
    plain = [e for e in events if e.results and not e.table.section.mask(bool).any()]
    if len(plain) < 2:
        return events
    seats = _seats([e.table for e in plain])
    overlapping = {
        id(plain[i]) for i in range(len(plain)) for j in range(len(plain)) if i != j and _overlap(seats[i], seats[j])
    }
    if not overlapping:
        return events
    together = [e for e in plain if id(e) in overlapping]
    dates = {e.info.get("date", "").strip() for e in together}
    refused = not given and not (len(dates) == 1 and "" not in dates)
    if refused:
        first, second = together[0], together[1]
        problems.append(
            Problem.make(
                Location(_file_of(second)),
                "%(first)s and %(second)s both hold boards %(boards)s and neither says its session or section: "
                "scored together they would be one field; give --session NAME for each file if they are two "
                "sessions, or --section-per-file if they are sections of one session",
                first=_file_of(first),
                second=_file_of(second),
                boards=_common_boards(first, second),
            )
        )
    taken: set[str] = {s for e in events if e.results for s in e.table.section.compact().labels}
    out: list[Event] = []
    for event in events:
        if id(event) not in overlapping:
            out.append(event)
            continue
        file = _file_of(event)
        section = stem = Path(file).stem or "file"
        n = 1
        while section in taken:
            n += 1
            section = f"{stem}-{n}"
        taken.add(section)
        if not refused:  # refused: the error says what to do; the files are sections only to go on with them
            problems.append(
                Problem.make(
                    Location(file),
                    "%(file)s has no section column and its boards and pairs overlap another file's, so its lines are "
                    "section '%(section)s' (one file per section); merge the files with a section column to say "
                    "otherwise",
                    Severity.WARNING,
                    file=file,
                    section=section,
                )
            )
        results: Sequence[Result]
        if _is_view(event.results):
            from bridgescore.core.table import Column, ResultView

            results = ResultView(event.table.with_section(Column.constant(section, len(event.table))))
        else:
            results = tuple(replace(r, section=section) for r in event.results)
        names = MappingProxyType({f"{section}:{pair}": text for pair, text in event.names.items()})
        players = MappingProxyType({f"{section}:{pair}": seated for pair, seated in event.players.items()})
        out.append(replace(event, results=results, names=names, players=players))
    return out


def _same_sections_refused(events: list[Event], problems: list[Problem]) -> None:
    """Files that write their sections and where the same pair plays the same board in the same section: two
    evenings of a club that plays one section A every week (issue 13: ``score s1.csv s2.csv`` scored them as one
    field, the only sign a failed check).  They are refused unless they carry one date (then the lines are what
    the director's checks look at); ``--session`` scores them as sessions."""
    named = [e for e in events if e.results and e.table.section.mask(bool).any()]
    if len(named) < 2:
        return
    seats = _seats([e.table for e in named])
    for i in range(len(named)):
        for j in range(i + 1, len(named)):
            dates = {named[k].info.get("date", "").strip() for k in (i, j)}
            if (len(dates) == 1 and "" not in dates) or not _overlap(seats[i], seats[j]):
                continue
            first, second = named[i], named[j]
            problems.append(
                Problem.make(
                    Location(_file_of(second)),
                    "%(first)s and %(second)s both hold boards %(boards)s played by the same pairs in the same "
                    "section, and neither says its session: scored together they would be one field; give "
                    "--session NAME for each file if they are two sessions",
                    first=_file_of(first),
                    second=_file_of(second),
                    boards=_common_boards(first, second),
                )
            )
            return


def _common_boards(first: Event, second: Event) -> str:
    """The boards two files both hold, as a director writes them (:func:`_board_ranges`)."""
    common = set(np.unique(first.table.board).tolist()) & set(np.unique(second.table.board).tolist())
    return _board_ranges(sorted(common))


def _board_ranges(boards: Sequence[int]) -> str:
    """Board numbers as a director writes them: ``1-14``, ``1-7, 9``."""
    parts: list[str] = []
    start = previous = None
    for board in boards:
        if previous is not None and board == previous + 1:
            previous = board
            continue
        if start is not None:
            parts.append(f"{start}" if start == previous else f"{start}-{previous}")
        start = previous = board
    if start is not None:
        parts.append(f"{start}" if start == previous else f"{start}-{previous}")
    return ", ".join(parts)


def sections_numbered_per_direction(results: Iterable[Result] | ResultTable) -> frozenset[str]:
    """Sections whose pairs are numbered per direction: NS 1–n and EW 1–n, NS 1 and EW 1 being two pairs.

    That is how ACBLscore numbers a Mitchell.  The NBB and EBU programs number every pair of a section once; then
    a pair plays a board once, and a number on both sides of one board is a mistake.  The rule: a section is
    numbered per direction when on more than half of its boards some number stands on both sides, which a
    Mitchell numbered per direction shows on nearly every board and a mistyped line on one board only.

    Computed on columns: an event's table (or the lazy view of one) without a Python step per line; ``Result``
    lines by reading only their section, board and pairs.
    """
    from bridgescore.core.table import Column, ResultTable, ResultView, pair_codes

    if isinstance(results, ResultView):
        results = results.table
    if not isinstance(results, ResultTable):  # lines: only the four columns needed, not a whole table
        lines = results if isinstance(results, list | tuple) else list(results)
        sections = Column.from_values([r.section for r in lines])
        pairs = Column.from_values([r.ns_pair for r in lines] + [r.ew_pair for r in lines])
        codes = pairs.codes.astype(np.int64)
        board = np.fromiter((r.board for r in lines), dtype=np.int64, count=len(lines))
        return _numbered_per_direction(sections, board, codes[: len(lines)], codes[len(lines) :])
    _, ns_codes, ew_codes = pair_codes(results)
    return _numbered_per_direction(results.section, results.board.astype(np.int64), ns_codes, ew_codes)


def _numbered_per_direction(
    sections: Column[str],
    board: npt.NDArray[np.int64],
    ns_codes: npt.NDArray[np.int64],
    ew_codes: npt.NDArray[np.int64],
) -> frozenset[str]:
    """:func:`sections_numbered_per_direction` on a section column, board numbers and NS and EW pair codes."""
    from bridgescore.core.table import distinct, on_both_sides

    if not len(board):
        return frozenset()
    low = int(board.min())
    width = int(board.max()) - low + 1
    board_group = sections.codes.astype(np.int64) * width + (board - low)
    boards_per_section = np.bincount(distinct(board_group) // width, minlength=len(sections.labels))
    crossed = np.bincount(on_both_sides(board_group, ns_codes, ew_codes) // width, minlength=len(sections.labels))
    return frozenset(
        label for label, n, total in zip(sections.labels, crossed, boards_per_section, strict=True) if 2 * n > total
    )


def lines_table(event: Event, notation: Notation = "en") -> Any:
    """The traveller lines of ``event`` as an Arrow table, one row per line in input order, built from its columns
    (:class:`bridgescore.core.table.ResultTable`, :func:`bridgescore.core.arrow.line_columns`): file, line, section,
    board, ns_pair, ew_pair, contract (as written on a traveller, e.g. ``4SX``), declarer, tricks, lead (the card
    suit first in ``notation``, as the JSON report writes it: ``DA`` for a file's ``RA`` or ``AD``; a lead that is no
    card as written), lead_written (as the file wrote it, except a ``KH`` read as the file writes its leads, kept as
    the card read: :mod:`bridgescore.io.lead_order`), ns_score, status, remarks."""
    from bridgescore.core.arrow import arrow, line_columns

    return arrow().table(line_columns(event.table, None, notation))


def lines_frame(event: Event, notation: Notation = "en") -> Any:
    """The traveller lines of ``event`` as a pandas DataFrame (:func:`lines_table`)."""
    from bridgescore.core.arrow import frame

    return frame(lines_table(event, notation))
