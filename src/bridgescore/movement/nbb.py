"""The NBB scoring program's schema file (a "schema" is the Dutch clubs' word for a movement), read and written.

What was found: no description by the NBB (Nederlandse Bridge Bond) itself is public.  BridgeWx (the open-source
remake of a Dutch club program, github.com/BusyHarry/BridgeWx, MIT) imports and exports schema files "the same as
the export from the Dutch NBB scoring program" (``src/importExportSchema.cpp``, release notes V10.5.0 "added
importing new playing schemas/movements"), and its comment describes the format with this example::

    8 4 5 5 0                   ; pairs tables rounds sets schema-type (0=pair schema, 1=individual schema)
    1-2 1 3-4 2 5-6 3 7-8 4     ; round 1: table 1 to N: NS-EW set    : 0-0 0 -> no play at this table in this round
    1-6 2 5-3 1 7-2 3 8-4 5     ; round 2: table 1 to N: NS-EW set
    ...
    #<name>Short Howell 8</name>    ; descriptive name for this schema

with these rules: empty lines and lines starting with ``;`` are comments; only spaces separate; a set is a number
(1, 2, 3 …) or a letter (A = 1, B = 2 …); ``0-0 0`` is no play at that table in that round; the ``#<name>`` line
is optional (without it BridgeWx names the schema after its file); pair schemas only (type 0).  Its export writes
each table as ``{ns:2}-{ew:<2} {set:2} `` (a space after every table), a line per round, and the name line.

How this module reads what the description leaves open:

* **Header order.**  The current BridgeWx reads ``pairs tables rounds sets type``; its first version's comment
  said ``pairs tables sets rounds (0 ?)``.  The current order is read; where the file has as many round lines as
  the header's *sets* and not its rounds, the problem says the two may be swapped.
* **Pairs are numbered once** (1 … pairs, NS and EW from one series, as a Howell): the header counts the pairs
  and every number is at most that count.  A movement numbered per direction (a Mitchell's NS 1 and EW 1) cannot
  be written: the problem says so (number the EW pairs after the NS pairs) rather than writing two pairs as one.
* **Boards.**  The schema gives board *sets*, not boards; the boards per round are the club's choice on the
  evening.  Set ``s`` holds boards ``(s-1)·k+1 … s·k`` for ``k`` boards a round (given to :func:`loads`; without
  it each set is read as one board, set 3 = board 3, with a warning).
* **A relay** is a set at two tables in one round (the example's round 5 has set 5 at tables 1 and 3).
* **A bye stand** (boards resting with no players) is ``0-0 s``: BridgeWx's own schemas hold it so (``5tin08``:
  table 5 holds set 5 every round, ``{0, 0, 5}``) and its export writes it so, though its import accepts only
  ``0-0 0``.  Read and written as such.
* **A sit-out** is a pair with no table in a round; **a phantom** has no place in a schema (the NBB program marks
  a pair absent in the group, not in the schema): it is written as the ordinary pair it is, with a warning.
* **Arrow switches and sections** have no place either: a movement with an arrow switch, or with more than one
  section, cannot be written (a problem says so).
* **Type 1** (an individual schema) is refused: its line layout is not described.

Written back in BridgeWx's export layout, a file in that layout comes back byte for byte (letters for sets where
the file used letters); comments, other spacing and a missing name line are not kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from bridgescore.core.problems import Location, Problem, Severity, Value, shorten
from bridgescore.io.csv_lines import physical_lines
from bridgescore.io.line import whole_number
from bridgescore.movement.model import Movement, MovementError, PairRef, Round, Section, Stand, boards_in_sets

__all__ = ["dumps", "is_schema", "loads"]

_HEADER = ("pairs", "tables", "rounds", "sets", "type")
_HEADER_LINE = re.compile(r"\s*\d+(?:[ \t]+\d+){3,4}[ \t]*(?:;.*)?")
#: One table's ``NS-EW set`` (numbers of at most six digits: a longer one is no pair, and is not converted).
_ENTRY = re.compile(r"[ \t]*(\d{1,6})[ \t]*-[ \t]*(\d{1,6})[ \t]+(\d{1,6}|[A-Za-z])(?=[ \t]|$)")
_NAME = re.compile(r"#<name>(.*?)</name>")
#: The largest pair, table, round or set count read (BridgeWx reads at most 127 pairs and 20 tables).
_LIMIT = 999


def _meaningful(text: str) -> list[tuple[int, str]]:
    """The lines that are not blank and not comments (``;``), with their numbers."""
    return [(i, line) for i, line in enumerate(physical_lines(text), 1) if line.strip() and line.lstrip()[0] != ";"]


def is_schema(text: str) -> bool:
    """True where the first line that is not blank or a comment is a schema's header (four or five numbers)."""
    lines = _meaningful(text[:4096])
    return bool(lines) and _HEADER_LINE.fullmatch(lines[0][1]) is not None


def loads(
    text: str, filename: str = "<schema>", *, boards_per_round: int | None = None
) -> tuple[Movement | None, list[Problem]]:
    """The movement of an NBB schema, or None and every problem with its line and field."""
    problems: list[Problem] = []
    lines = _meaningful(text)
    if not lines:
        return None, [Problem.make(Location(filename), "the file is empty: it holds no movement")]
    header_line, header_text = lines[0]
    tokens = header_text.split(";")[0].split()
    values: dict[str, int] = {}
    for field, token in zip(_HEADER, tokens, strict=False):
        number = whole_number(token) if token.isdecimal() else None
        if number is None or number > _LIMIT or (number < 1 and field != "type"):
            problems.append(
                Problem.make(
                    Location(filename, header_line, field),
                    "'%(text)s' is not a number of %(field)s: the header is 'pairs tables rounds sets type', whole "
                    "numbers from 1",
                    text=shorten(token),
                    field=field,
                )
            )
        else:
            values[field] = number
    if len(tokens) < 4:
        problems.append(
            Problem.make(
                Location(filename, header_line, _HEADER[len(tokens)]),
                "the header has %(count)d numbers: it is 'pairs tables rounds sets type'",
                count=len(tokens),
            )
        )
    if problems:
        return None, problems
    if values.get("type", 0) != 0:
        return None, [
            Problem.make(
                Location(filename, header_line, "type"),
                "schema type %(type)d is not read: only pair schemas (type 0) are; type 1 is an individual schema",
                type=values["type"],
            )
        ]
    pairs, tables, rounds, sets = values["pairs"], values["tables"], values["rounds"], values["sets"]
    round_lines = lines[1 : 1 + rounds]
    if len(round_lines) < rounds:
        after = [x for x in round_lines if not _NAME.search(x[1])]
        problems.append(
            Problem.make(
                Location(filename, lines[-1][0] if len(lines) > 1 else header_line, "rounds"),
                _rounds_message(len(after), rounds, sets),
                rounds=rounds,
                found=len(after),
            )
        )
        return None, problems
    if boards_per_round is None:
        problems.append(
            Problem.make(
                Location(filename, header_line),
                "the schema gives board sets, not boards: each set is read as one board (set 3 = board 3); give the "
                "boards per round to number the boards",
                Severity.WARNING,
            )
        )
    k = boards_per_round or 1
    boards = boards_in_sets(k, sets)
    letters = False
    read: list[Round] = []
    for number, (line, content) in enumerate(round_lines, 1):
        body = content.split(";")[0]
        stands: list[Stand] = []
        seated: dict[int, int] = {}  # pair → table
        pos = 0
        for table in range(1, tables + 1):
            match = _ENTRY.match(body, pos)
            where = Location(filename, line, f"table {table}")
            if match is None:
                rest = body[pos:].strip()
                problems.append(
                    Problem.make(
                        where,
                        "round %(round)d: '%(text)s' is not a table's 'NS-EW set' (e.g. '3-4 2'; '0-0 0' for no play)"
                        if rest
                        else "round %(round)d has no table %(table)d: the header says %(tables)d tables",
                        round=number,
                        text=shorten(rest),
                        table=table,
                        tables=tables,
                    )
                )
                break
            pos = match.end()
            ns, ew, written = int(match[1]), int(match[2]), match[3]
            board_set = int(written) if written.isdecimal() else ord(written.upper()) - ord("A") + 1
            letters = letters or not written.isdecimal()
            if ns == ew == board_set == 0:
                continue
            why: tuple[str, dict[str, Value]] | None = None
            if (ns == 0) != (ew == 0):
                why = "round %(round)d: a table has two pairs, or none ('0-0 0' for no play)", {}
            elif max(ns, ew) > pairs:
                why = "round %(round)d: pair %(pair)d is above the header's %(pairs)d pairs", {"pair": max(ns, ew)}
            elif not 1 <= board_set <= sets:
                why = "round %(round)d: set %(set)s is not one of the header's %(sets)d sets", {"set": written}
            elif ns and ns == ew:
                why = "round %(round)d: pair %(pair)d cannot play itself", {"pair": ns}
            else:
                for pair in (ns, ew):
                    if pair and pair in seated:
                        why = "round %(round)d: pair %(pair)d is at table %(other)d already", {"pair": pair}
                        why[1]["other"] = seated[pair]
                    seated.setdefault(pair, table)
            if why is not None:
                message, filled = why
                known: tuple[tuple[str, Value], ...] = (("round", number), ("pairs", pairs), ("sets", sets))
                problems.append(Problem(where, message, Severity.ERROR, (*known, *filled.items())))
                continue
            stands.append(
                Stand(table, PairRef(ns) if ns else None, PairRef(ew) if ew else None, boards[board_set - 1], board_set)
            )
        if body[pos:].strip() and not any(p.location.line == line for p in problems):
            problems.append(
                Problem.make(
                    Location(filename, line),
                    "round %(round)d: '%(text)s' after the header's %(tables)d tables is not read",
                    Severity.WARNING,
                    round=number,
                    text=shorten(body[pos:].strip()),
                    tables=tables,
                )
            )
        read.append(Round(number, tuple(stands)))
    extra = [line for line, content in lines[1 + rounds :] if _ENTRY.match(content.split(";")[0])]
    if extra:
        problems.append(
            Problem.make(
                Location(filename, extra[0], "rounds"),
                _rounds_message(rounds + len(extra), rounds, sets),
                rounds=rounds,
                found=rounds + len(extra),
            )
        )
        return None, problems
    name = Path(filename).stem
    for line, content in lines[1 + rounds :]:
        found = _NAME.search(content)
        if found and not found[1].isprintable():
            problems.append(
                Problem.make(
                    Location(filename, line, "name"),
                    "the name '%(text)s' holds a control character: a schema's name is text",
                    text=shorten(found[1].encode("unicode_escape").decode("ascii")),
                )
            )
        if found:
            name = found[1]
            break
        problems.append(
            Problem.make(
                Location(filename, line),
                "'%(text)s' after the rounds is not read (only a '#<name>…</name>' line is)",
                Severity.WARNING,
                text=shorten(content.strip()),
            )
        )
    if any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    notes: dict[str, str] = {}
    if letters:
        notes["nbb.sets"] = "letters"
    section = Section("", tuple(read))
    used_pairs = max((p.number for p in section.pairs()), default=0)
    used_sets = max((s.board_set or 0 for r in read for s in r.stands), default=0)
    for key, declared, used in (("pairs", pairs, used_pairs), ("tables", tables, max(section.tables, default=0)),
                                ("set_count", sets, used_sets)):  # fmt: skip
        if declared != used:
            notes[f"nbb.{key}"] = str(declared)
    try:
        movement = Movement(name, "custom", "NBB schema", k, (section,), MappingProxyType(notes))
    except MovementError as err:
        return None, [*problems, Problem.make(Location(filename), "%(reason)s", reason=str(err))]
    return movement, problems


def _rounds_message(found: int, rounds: int, sets: int) -> str:
    """The message for a file whose round lines are not the header's rounds, with the hint, where the file has as
    many round lines as the header's sets, that the two may be swapped (both whole catalogue messages)."""
    if found != sets or sets == rounds:
        return "the header says %(rounds)d rounds and the file has %(found)d round lines"
    return (
        "the header says %(rounds)d rounds and the file has %(found)d round lines (the header may give its sets "
        "before its rounds, as BridgeWx's first version read it: 'pairs tables rounds sets type' is read)"
    )


def dumps(movement: Movement) -> tuple[str | None, list[Problem]]:
    """The movement as an NBB schema in BridgeWx's export layout, or None and the problems that keep it from being
    written right (sections, pairs numbered per direction, arrow switches, boards that are not a set)."""
    problems: list[Problem] = []
    where = Location(movement.name or "movement")
    if len(movement.sections) != 1:
        problems.append(
            Problem.make(
                where,
                "an NBB schema holds one section and this movement has %(count)d: write each section as its own schema",
                count=len(movement.sections),
            )
        )
        return None, problems
    section = movement.sections[0]
    if section.per_direction:
        problems.append(
            Problem.make(
                where,
                "the pairs are numbered per direction (NS 1 and EW 1 are two pairs), and an NBB schema numbers them "
                "once: number the East-West pairs after the North-South pairs",
            )
        )
    name = movement.name
    if not name.isprintable() or "</name>" in name:
        problems.append(Problem.make(where, "the name '%(name)s' cannot stand in a '#<name>' line", name=shorten(name)))
    if section.phantom is not None:
        problems.append(
            Problem.make(
                where,
                "pair %(pair)s is the phantom: the schema writes it as an ordinary pair (mark it absent in the "
                "program)",
                Severity.WARNING,
                pair=str(section.phantom),
            )
        )
    k = movement.boards_per_round
    letters = movement.notes.get("nbb.sets") == "letters"
    entries: list[list[str]] = []
    tables = max(section.tables, default=0)
    used_sets = 0
    for r in section.rounds:
        cells: list[str] = []
        for table in range(1, tables + 1):
            s = r.stand(table)
            if s is None:
                cells.append(f"{0:2}-{0:<2} {0:2} ")
                continue
            if s.arrow_switch:
                problems.append(
                    Problem.make(
                        where,
                        "round %(round)d, table %(table)d is arrow-switched: an NBB schema has no place for an arrow "
                        "switch",
                        round=r.number,
                        table=table,
                    )
                )
            board_set = s.board_set
            if board_set is None and s.boards:
                low = s.low_board
                board_set = (low - 1) // k + 1
                if s.boards != frozenset(range((board_set - 1) * k + 1, board_set * k + 1)):
                    problems.append(
                        Problem.make(
                            where,
                            "round %(round)d, table %(table)d plays boards %(boards)s, which are not one set of %(k)d "
                            "boards (set 1 = boards 1–%(k)d, set 2 the next %(k)d …): an NBB schema numbers sets",
                            round=r.number,
                            table=table,
                            boards=shorten(", ".join(str(b) for b in sorted(s.boards))),
                            k=k,
                        )
                    )
                    continue
            board_set = board_set or 0
            used_sets = max(used_sets, board_set)
            written = chr(ord("A") + board_set - 1) if letters and 1 <= board_set <= 26 else str(board_set)
            ns = s.ns.number if s.ns else 0
            ew = s.ew.number if s.ew else 0
            cells.append(f"{ns:2}-{ew:<2} {written:>2} ")
        entries.append(cells)
    if any(p.severity is Severity.ERROR for p in problems):
        return None, problems
    pairs = max((p.number for p in section.pairs()), default=0)
    notes = movement.notes
    header = (
        max(pairs, _note(notes, "nbb.pairs")),
        max(tables, _note(notes, "nbb.tables")),
        len(section.rounds),
        max(used_sets, _note(notes, "nbb.set_count")),
    )
    lines = [" ".join(str(x) for x in header) + " 0", *("".join(cells) for cells in entries), f"#<name>{name}</name>"]
    return "\n".join(lines) + "\n", problems


def _note(notes: Mapping[str, str], key: str) -> int:
    """A count the file read declared beyond what its stands use (a header's pairs, tables or sets), or 0."""
    value = notes.get(key, "")
    return int(value) if value.isascii() and value.isdecimal() and len(value) < 6 else 0
