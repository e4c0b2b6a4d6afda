"""Reading a teams event: USEBIO (MATCH/BOARD), PBN (HomeTeam/VisitTeam) and CSV files into a
:class:`~bridgescore.teams.model.TeamsEvent`.

Each file's lines are read by the pairs readers' own machinery (:mod:`bridgescore.io.usebio`'s parse and
traveller lines, :mod:`bridgescore.io.pbn`, :mod:`bridgescore.io.csv`'s header and line reading), so contracts,
results, adjustments and Dutch notation read the same as for pairs; a line's ``ns_pair``/``ew_pair`` are team ids.
The per-format modules (``read_usebio``, ``read_pbn``, ``read_csv``) turn a file into :class:`TeamLine` records;
:func:`assemble` makes the matches:

* the two rooms of a match are the lines of one board in one round with the same two teams, reversed (seed 000,
  "viertallen": in the open room the home team sits North-South, in the closed room East-West); a file that names
  the room (USEBIO ``DIRECTION``, PBN ``[Room]``, a CSV ``room`` column) is taken at its word, else the first
  line of a match met in the file is the open room and its North-South team the home team;
* a board played in one room only is kept (that room None); the engine reports it, naming board, round and
  teams, and says what it scores (:func:`bridgescore.teams.match.score_match`);
* the same room of a board twice, and a line whose orientation contradicts its room, are errors (the line is
  left out);
* a match played in segments (a CSV ``segment`` column) keeps each segment's boards apart, so a board number
  used again in a later segment is no double room;
* a file given twice (the same content) is read once, and that is an error, as for pairs
  (:meth:`bridgescore.core.event.Event.merge`);
* a team in two matches of one round on the same boards is an error; where one of the two is a stray line or
  two (fewer lines than the other), those lines are reported as "not a match of that round" and left out.
  Two matches of one team in one round on *different* boards are read as they are: TeamsScorer's multiple-teams
  file (EBU example ``multiple-teams.xml``) numbers its rounds so, team 3 meeting team 1 on boards 1–3 and team 5
  on boards 7–9, both in "round 1".

Team names and members come from the files (USEBIO ``PARTICIPANTS``) and from a names file
(:mod:`bridgescore.teams.read_names`), whose names replace the files'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from bridgescore.core.contract import Notation
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.teams.carry import carry_in_lines
from bridgescore.teams.lines import (
    TeamFile,
    TeamLine,
)
from bridgescore.teams.model import Match, MatchBoard, Room, Team, TeamsEvent, TeamsForm

__all__ = ["TeamFile", "TeamLine", "assemble", "load_teams", "load_teams_columns", "negate"]

if TYPE_CHECKING:
    from bridgescore.teams.read_columns import TeamsColumns

_EMPTY: Mapping[str, str] = MappingProxyType({})


def negate(text: str) -> str:
    """A number written in a file, from the other side's view (``4`` → ``-4``, ``-2.5`` → ``2.5``); "" as it is."""
    try:
        value = -float(text.replace(",", "."))
    except ValueError:
        return text
    return f"{value:g}" if value != 0 else "0"


def _where(line: TeamLine) -> Location:
    return line.result.source or Location("<input>")


def _line_no(line: TeamLine) -> str:
    source = line.result.source
    return str(source.line) if source is not None and source.line is not None else "?"


@dataclass
class _Group:
    round: int
    teams: frozenset[str]
    lines: list[TeamLine]

    def boards(self) -> set[int]:
        return {line.result.board for line in self.lines}


def assemble(lines: Sequence[TeamLine], problems: list[Problem]) -> tuple[Match, ...]:
    """The matches the lines make (see the module docstring); every problem found is added to ``problems``."""
    groups: dict[tuple[int, frozenset[str]], _Group] = {}
    for line in lines:
        key = (line.round, frozenset((line.result.ns_pair, line.result.ew_pair)))
        groups.setdefault(key, _Group(key[0], key[1], [])).lines.append(line)
    kept = _one_match_per_round(list(groups.values()), problems)
    return tuple(_match(group, problems) for group in kept)


def _one_match_per_round(groups: list[_Group], problems: list[Problem]) -> list[_Group]:
    """The groups less those a team's other match of the round shows to be stray lines (reported); a team in two
    full matches of one round on the same boards is reported and both are kept."""
    dropped: set[int] = set()
    reported: set[tuple[int, int]] = set()
    by_round_team: dict[tuple[int, str], list[int]] = {}
    for i, group in enumerate(groups):
        for team in group.teams:
            by_round_team.setdefault((group.round, team), []).append(i)
    for (round_number, team), indices in by_round_team.items():
        for a_pos, a in enumerate(indices):
            for b in indices[a_pos + 1 :]:
                if a in dropped or b in dropped or (a, b) in reported:
                    continue
                first, second = groups[a], groups[b]
                if not first.boards() & second.boards():
                    continue
                reported.add((a, b))
                small, large = (second, first) if len(second.lines) <= len(first.lines) else (first, second)
                if len(small.lines) < len(large.lines):
                    dropped.add(b if small is second else a)
                    opponent = next(iter(large.teams - {team}), team)
                    for line in small.lines:
                        problems.append(
                            Problem.make(
                                _where(line),
                                "board %(board)d, round %(round)d: %(ns)s against %(ew)s is not a match of this "
                                "round (%(team)s plays %(opponent)s in it); the line is left out",
                                board=line.result.board,
                                round=round_number,
                                ns=shorten(line.result.ns_pair),
                                ew=shorten(line.result.ew_pair),
                                team=shorten(team),
                                opponent=shorten(opponent),
                            )
                        )
                else:
                    other_a = next(iter(first.teams - {team}), team)
                    other_b = next(iter(second.teams - {team}), team)
                    problems.append(
                        Problem.make(
                            _where(second.lines[0]),
                            "team %(team)s plays two matches in round %(round)d on the same boards: against "
                            "%(first)s (line %(first_line)s) and against %(second)s (this line); correct the round "
                            "or the teams",
                            team=shorten(team),
                            round=round_number,
                            first=shorten(other_a),
                            first_line=_line_no(first.lines[0]),
                            second=shorten(other_b),
                        )
                    )
    return [g for i, g in enumerate(groups) if i not in dropped]


def _match(group: _Group, problems: list[Problem]) -> Match:
    first = group.lines[0]
    home = next((line.home for line in group.lines if line.home), None)
    if home is None:
        named = next((line for line in group.lines if line.room is not None), None)
        if named is not None:
            home = named.result.ns_pair if named.room == "open" else named.result.ew_pair
        else:
            home = first.result.ns_pair
    away = next(iter(group.teams - {home}), home)
    rooms: dict[tuple[int, int], dict[Room, TeamLine]] = {}  # (segment, board) → the lines of its rooms
    for line in group.lines:
        result = line.result
        oriented: Room = "open" if result.ns_pair == home else "closed"
        if line.room is not None and line.room != oriented:
            problems.append(
                Problem.make(
                    _where(line),
                    "board %(board)d, round %(round)d: the line is the %(room)s room, but %(ns)s sits North-South "
                    "here as in the other room of the match against %(ew)s; the line is left out (in the open "
                    "room the home team sits North-South, in the closed room East-West)",
                    board=result.board,
                    round=group.round,
                    room=line.room,
                    ns=shorten(result.ns_pair),
                    ew=shorten(result.ew_pair),
                )
            )
            continue
        board_rooms = rooms.setdefault((line.segment, result.board), {})
        if oriented in board_rooms:
            problems.append(
                Problem.make(
                    _where(line),
                    "board %(board)d, round %(round)d: %(ns)s (North-South) against %(ew)s is written twice "
                    "(first on line %(first)s); this line is left out",
                    board=result.board,
                    round=group.round,
                    ns=shorten(result.ns_pair),
                    ew=shorten(result.ew_pair),
                    first=_line_no(board_rooms[oriented]),
                )
            )
            continue
        board_rooms[oriented] = line
    boards: list[MatchBoard] = []
    for (_segment, number), found in rooms.items():
        open_line, closed_line = found.get("open"), found.get("closed")
        boards.append(_board(number, open_line, closed_line))
    match_extra: dict[str, str] = {}
    for line in group.lines:
        if line.home in (None, home):
            for key, value in line.match_extra.items():
                match_extra.setdefault(key, value)
    table = next((line.table for line in group.lines if line.table and line.result.ns_pair == home), first.table)
    match = Match(
        group.round,
        home,
        away,
        tuple(sorted(boards, key=lambda b: (b.segment, b.board))),
        table=table,
        source=first.match_source or first.result.source,
        extra=MappingProxyType(match_extra),
    )
    given = [
        (line.carry_over, line.result.ns_pair, replace(_where(line), field="carry_over"))
        for line in group.lines
        if line.carry_over is not None
    ]
    if not given:
        return match
    carry, carry_problems = carry_in_lines(match, given)
    problems.extend(carry_problems)
    return replace(match, carry_over=carry)


def _board(number: int, open_line: TeamLine | None, closed_line: TeamLine | None) -> MatchBoard:
    extra: dict[str, str] = {}
    for line in (open_line, closed_line):
        if line is not None:
            for key, value in line.board_extra.items():
                extra.setdefault(key, value)
    if "imps" not in extra:
        if open_line is not None and open_line.ns_imps:
            extra["imps"] = open_line.ns_imps
        elif closed_line is not None and closed_line.ns_imps:
            extra["imps"] = negate(closed_line.ns_imps)
    played = open_line or closed_line
    segment = played.segment if played is not None else 1
    return MatchBoard(
        number,
        open_line.result if open_line is not None else None,
        closed_line.result if closed_line is not None else None,
        segment=segment,
        extra=MappingProxyType(extra),
    )


def _read_one(path: Path, notation: Notation, whole_event: bool) -> TeamFile:
    suffix = path.suffix.lower()
    if suffix in (".xml", ".usebio"):
        from bridgescore.teams import read_usebio

        return read_usebio.load(path, notation)
    if suffix == ".pbn":
        from bridgescore.teams import read_pbn

        return read_pbn.load(path, notation)
    if suffix in (".csv", ".tsv", ".txt"):
        from bridgescore.teams import read_csv

        return read_csv.load(path, notation, matches=whole_event)
    problem = Problem.make(
        Location(str(path)),
        "cannot read files of type '%(suffix)s'; bridgescore reads %(known)s",
        suffix=shorten(path.suffix or path.name),
        known=".csv, .pbn, .tsv, .txt, .usebio, .xml",
    )
    return TeamFile((), problems=(problem,))


def settled_leads(read: TeamFile, source: str) -> TeamFile:
    """The file's lines with each lead that reads two ways (``KH``: klaveren heer, ♣K, suit first; the heart king
    rank first) read as the file writes its other leads, and the warning where the file's leads did not tell
    (:func:`bridgescore.io.lead_order.settle_leads`, as the pairs readers settle them, issue 18): a teams file
    written rank first (``QH``, ``10S``) had its ``KH`` printed as ♣K in the JSON report."""
    from bridgescore.core.table import Column
    from bridgescore.io.lead_order import settle_leads

    if not read.lines:
        return read  # no lines, or the columnar reader's matches: their leads are settled on columns
    written = Column.from_values([line.result.lead or "" for line in read.lines])
    leads, said = settle_leads(written, source)
    if leads is written:
        return read
    lines = tuple(
        line if lead == (line.result.lead or "") else replace(line, result=replace(line.result, lead=lead or None))
        for line, lead in zip(read.lines, leads.values(), strict=True)
    )
    return replace(read, lines=lines, problems=read.problems if said is None else (*read.problems, said))


def _digest(path: Path) -> bytes | None:
    """The file's content hash (None when it cannot be read: its reader says why)."""
    import hashlib

    from bridgescore.io import files

    try:
        files.refuse(path)  # a pipe or a device is not opened: its reader says why
        with path.open("rb") as handle:
            return hashlib.file_digest(handle, "sha256").digest()
    except OSError:
        return None


def load_teams(paths: Sequence[Path], *, names: Path | None = None, notation: Notation = "en") -> TeamsEvent:
    """Read the files of a teams event (USEBIO, PBN, CSV; see the module docstring) into one event, with the team
    names and members of ``names`` (:mod:`bridgescore.teams.read_names`) where given.  Never raises on bad input:
    every problem is in :attr:`TeamsEvent.problems`."""
    return _load(paths, names, notation, on_columns=False)[0]


def load_teams_columns(
    paths: Sequence[Path], *, names: Path | None = None, notation: Notation = "en"
) -> tuple[TeamsEvent, TeamsColumns | None]:
    """:func:`load_teams`, except that an event's one large CSV file whose matches the columnar reader finds
    (:func:`bridgescore.teams.read_csv.load_columns`) is given as its columns (issue 19): the event then has its
    teams, names and problems but no matches (``matches`` is empty), and ``TeamsColumns.matches()`` makes them
    (``dataclasses.replace(event, matches=columns.matches())`` is :func:`load_teams`'s event) – or
    :func:`bridgescore.teams.columns.score_columns` scores the columns themselves.  Any other event: its
    :func:`load_teams` and None."""
    return _load(paths, names, notation, on_columns=True)


def _load(
    paths: Sequence[Path], names: Path | None, notation: Notation, *, on_columns: bool
) -> tuple[TeamsEvent, TeamsColumns | None]:
    problems: list[Problem] = []
    lines: list[TeamLine] = []
    teams: dict[str, Team] = {}
    titles: list[str] = []
    form: TeamsForm | None = None
    match_scoring = ""
    extra: dict[str, str] = {}
    contents: dict[bytes, str] = {}
    made: tuple[Match, ...] | None = None
    columns: TeamsColumns | None = None
    read_before: TeamFile | None = None  # the event's one CSV file, read (once) for its columns
    if on_columns and len(paths) == 1 and Path(paths[0]).suffix.lower() in (".csv", ".tsv", ".txt"):
        from bridgescore.teams import read_csv

        columns, read_before = read_csv.load_columns(Path(paths[0]), notation)
    for path in paths:
        digest = _digest(Path(path))
        if digest is not None and digest in contents:
            problems.append(
                Problem.make(
                    Location(str(path)),
                    "%(file)s holds the same lines as %(first)s (the same file given twice?); it is read once",
                    file=str(path),
                    first=contents[digest],
                )
            )
            continue
        if digest is not None:
            contents[digest] = str(path)
        try:
            read = read_before if read_before is not None else _read_one(Path(path), notation, len(paths) == 1)
        except MemoryError:
            read = TeamFile(
                (),
                problems=(
                    Problem.make(
                        Location(str(path)),
                        "the file is too large to read in this much memory (%(size)s MB); split it (one file per "
                        "section or session) or use a computer with more memory",
                        size="?",
                    ),
                ),
            )
        read = settled_leads(read, str(path))
        problems.extend(read.problems)
        if (
            columns is None
            and not read.lines
            and not read.matches
            and not any(p.severity is Severity.ERROR and p.location.line is None for p in read.problems)
        ):
            problems.append(Problem.make(Location(str(path)), "no matches to score in %(file)s", file=Path(path).name))
        lines.extend(read.lines)
        made = read.matches  # only ever the event's one file: assemble makes the matches of several files
        for team_id, team in read.teams.items():
            teams.setdefault(team_id, team)
        if read.title and read.title not in titles:
            titles.append(read.title)
        form = form or read.form
        match_scoring = match_scoring or read.match_scoring
        for key, value in read.extra.items():
            extra.setdefault(key, value)
    matches = () if columns is not None else assemble(lines, problems) if made is None else made
    order = {str(path): i for i, path in enumerate(paths)}  # as a director reads them: file by file, line by line
    problems.sort(key=lambda p: (order.get(p.location.file, len(order)), p.location.line or 0))
    playing = (
        zip(columns.homes, columns.aways, strict=True) if columns is not None else ((m.home, m.away) for m in matches)
    )
    for home, away in playing:
        for team_id in (home, away):
            teams.setdefault(team_id, Team(team_id))
    if names is not None:
        from bridgescore.teams import read_names

        found, name_problems = read_names.load(names)
        problems.extend(name_problems)
        teams = read_names.with_names(teams, found, problems)
    event = TeamsEvent(
        MappingProxyType(teams),
        matches,
        title=" / ".join(titles),
        problems=tuple(problems),
        form=form,
        match_scoring=match_scoring,
        extra=MappingProxyType(extra),
    )
    return event, columns
