"""Every line of an individual checked against its movement (issue 21): ``individual --movement NAME|FILE``.

The pairs check (:mod:`bridgescore.pairs.against_movement`, ``score --movement``) places each traveller line in
the schedule and says what the movement expected; an individual's line names four players (North, South, East,
West, :mod:`bridgescore.individual.seats`) where a pairs line names two pairs, and the schedule seats four players a
stand (:class:`~bridgescore.movement.model.Players`).  Each line is placed at the round and table its
``round``/``table`` columns name where the file has them, else at the stand where the movement has its board
played by most of its players, and each problem is said at the line's file, line and field with the movement's
expectation ("round 3, table 2: N 5, S 1, E 6, W 2 on boards 5–6"):

* a board the movement does not have, or one that table did not have in that round;
* a player not at that table in that round, or in another seat of it (the seat's field is named);
* (a result twice for one table, round and board is said by the readers already: the same players on two lines
  of a board, :func:`bridgescore.io.csv_lines.one_line_per_table` and the seats' reader);
* a result missing for a table, round and board (one problem per table and round, naming the boards).

A line in error is left out of the event (never ranked silently), as the pairs check does; the command stops on
the errors unless ``--skip-invalid``.  A line whose players cannot be read is reported by the seats' reader, not
here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import numpy as np

from bridgescore.core.event import Event
from bridgescore.core.i18n import N_
from bridgescore.core.problems import Location, Problem, Severity, shorten
from bridgescore.core.table import Column, ResultView
from bridgescore.individual.seats import seat_fields_of, seat_location
from bridgescore.movement.model import Movement, Round, Section, Stand
from bridgescore.pairs.against_movement import (
    ROUND_HEADERS,
    TABLE_HEADERS,
    board_words,
    extra_column,
    movement_section,
    small_whole_number,
    stand_at,
)

__all__ = ["check_against_movement"]


def _words(rnd: Round, stand: Stand) -> dict[str, str | int]:
    """What the movement expects at ``stand``, in the messages' words."""
    assert stand.players is not None
    return {
        "round": rnd.number,
        "table": stand.table,
        "north": stand.players.north,
        "south": stand.players.south,
        "east": stand.players.east,
        "west": stand.players.west,
        "boards": board_words(stand.boards),
    }


def _agree(stand: Stand, players: list[str]) -> int:
    """How many of the line's four seats hold the player the stand seats there."""
    assert stand.players is not None
    return sum(1 for want, written in zip(stand.players.seats, players, strict=True) if str(want) == written)


def check_against_movement(event: Event, movement: Movement) -> Event:
    """``event`` (an individual) checked against ``movement`` (an individual movement; see the module docstring):
    each line in error left out, every problem added to ``event.problems`` with its file, line and field and the
    movement's expectation in words."""
    if not event.results:
        return event
    table = event.table
    rounds = extra_column(table, ROUND_HEADERS)
    tables = extra_column(table, TABLE_HEADERS)
    labels = list(table.section.compact().labels)
    problems: list[Problem] = []
    dropped: set[int] = set()
    # (section, round, table, board) → the lines placed there (a line with a wrong player is placed too: it is
    # said once, as a wrong player, not again as a missing result)
    placed: set[tuple[str, int, int, int]] = set()
    # each section's stands by board, made once (a property walking every stand for every line was the check's time)
    by_board = {section.name: _by_board(section) for section in movement.sections}

    def error(i: int, where: Location, message: str, values: Mapping[str, str | int]) -> None:
        problems.append(Problem(where, message, Severity.ERROR, tuple(values.items())))
        dropped.add(i)

    for i, result in enumerate(event.results):
        found = seat_fields_of(result)
        source = result.source or Location("<input>")
        section = movement_section(movement, result.section, labels)
        if section is None:
            error(i, dataclasses.replace(source, field="section"),
                  N_("section %(section)s is not in the movement (its sections: %(sections)s); the line is left out"),
                  {"section": result.section or "-",
                   "sections": ", ".join(s.name or "-" for s in movement.sections)})  # fmt: skip
            continue
        if found is None:
            continue  # no players: the seats' reader says so
        fields, kind = found
        players = [result.extra.get(f, "").strip() for f in fields]
        board = result.board
        at_board = dataclasses.replace(source, field="board")
        places = by_board[section.name]
        if board not in places:
            error(i, at_board,
                  N_("board %(board)s is not in the movement (its boards: %(boards)s); the line is left out"),
                  {"board": board, "boards": board_words(places)})  # fmt: skip
            continue
        place = _place(i, section, places[board], players, rounds, tables)
        if isinstance(place, int):  # the round and table the line names: not in the schedule
            error(i, dataclasses.replace(source, field="table"),
                  N_("round %(round)s, table %(table)s is not in the movement; the line is left out"),
                  {"round": place, "table": (tables[i] or "").strip() if tables is not None else "?"})  # fmt: skip
            continue
        rnd, stand = place
        if board not in stand.boards:
            error(i, at_board,
                  N_("round %(round)s, table %(table)s: N %(north)s, S %(south)s, E %(east)s, W %(west)s on boards "
                     "%(boards)s: board %(board)s was not played there; the line is left out"),
                  {**_words(rnd, stand), "board": board})  # fmt: skip
            continue
        assert stand.players is not None
        placed.add((section.name, rnd.number, stand.table, board))
        for field, want, written in zip(fields, stand.players.seats, players, strict=True):
            if str(want) == written or not written:  # an empty seat: the seats' reader says so
                continue
            error(i, seat_location(result, field, kind),
                  N_("round %(round)s, table %(table)s: N %(north)s, S %(south)s, E %(east)s, W %(west)s on boards "
                     "%(boards)s: player %(player)s did not sit there; the line is left out"),
                  {**_words(rnd, stand), "player": shorten(written)})  # fmt: skip
    first = next((r.source.file for r in event.results if r.source is not None), "<input>")
    for section in movement.sections:
        for rnd in section.rounds:
            for stand in rnd.stands:
                if stand.players is None:
                    continue
                missing = [b for b in sorted(stand.boards) if (section.name, rnd.number, stand.table, b) not in placed]
                if missing and any(key[0] == section.name for key in placed):
                    problems.append(
                        Problem(Location(first),
                                N_("round %(round)s, table %(table)s: N %(north)s, S %(south)s, E %(east)s, W "
                                   "%(west)s on boards %(boards)s: no result for board %(missing)s"),
                                Severity.ERROR, tuple({**_words(rnd, stand), "missing": board_words(missing)}.items()))
                    )  # fmt: skip
    if not problems:
        return event
    if not dropped:
        return dataclasses.replace(event, problems=(*event.problems, *problems))
    keep = np.array([i for i in range(len(table)) if i not in dropped], dtype=np.int64)
    return dataclasses.replace(event, results=ResultView(table.take(keep)), problems=(*event.problems, *problems))


def _by_board(section: Section) -> dict[int, list[tuple[Round, Stand]]]:
    """Each board of ``section`` with the (round, stand) where players play it."""
    found: dict[int, list[tuple[Round, Stand]]] = {}
    for rnd in section.rounds:
        for stand in rnd.stands:
            if stand.players is not None:
                for board in stand.boards:
                    found.setdefault(board, []).append((rnd, stand))
    return found


def _place(
    i: int,
    section: Section,
    candidates: list[tuple[Round, Stand]],
    players: list[str],
    rounds: Column[str | None] | None,
    tables: Column[str | None] | None,
) -> tuple[Round, Stand] | int:
    """Where line ``i`` was played: at the round and table its columns name (the round alone where the movement
    has no such stand), else the stand of its board whose players agree most with the line's."""
    r = small_whole_number(rounds[i]) if rounds is not None else None
    t = small_whole_number(tables[i]) if tables is not None else None
    if r is not None and t is not None:
        stand = stand_at(section, r, t)
        if stand is None or stand.players is None:
            return r
        return section.rounds[r - 1], stand
    return max(candidates, key=lambda place: _agree(place[1], players))
