"""The live evening scored by the engine that scores files (issue 22), so the running ranking, the published page
and ``bridgescore score`` of the evening's travellers cannot disagree.

The evening's results are written as the files a director would give ``bridgescore score``: the travellers
(bridgescore's CSV: ``section,board,ns,ew,contract,declarer,result,lead,score,remarks``), the names (``pair,names``),
the movement (JSON ``bridgescore.movement/1``) and the hand record (PBN) where one was loaded; they are read by
:func:`bridgescore.pairs.pipeline.read`, every line checked against the movement
(:func:`~bridgescore.pairs.against_movement.check_against_movement`) and scored by
:func:`bridgescore.pairs.pipeline.score` with the evening's method or preset – the same steps as::

    bridgescore score evening-7.csv --names evening-7-names.csv --movement evening-7.movement.json \\
        --deals evening-7.pbn --method matchpoints
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgescore.live.store import FIELDS, Evening
from bridgescore.movement.model import Movement
from bridgescore.pairs.pipeline import Scores

__all__ = ["EveningFiles", "score_files", "traveller_csv", "write_files"]


#: The traveller CSV's columns of the players' member numbers (:mod:`bridgescore.io.members`), by seat.
_SEAT_NUMBERS = ("n_number", "s_number", "e_number", "w_number")


def players_of(evening: Evening) -> dict[str, list[str]]:
    """Each pair's two member numbers where the director or the table gave them (``section:pair`` → [number,
    number])."""
    return {k: list(v) for k, v in evening.players.items() if any(v)}


def traveller_csv(evening: Evening, results: Sequence[Mapping[str, Any]]) -> str:
    """The evening's results as bridgescore's traveller CSV, board by board, table by table; with the players'
    member numbers (``n_number`` … ``w_number``) where the director gave any, the version of the deal (``fouled``)
    where the director marked a board fouled, and ``swapped`` where a table's pairs sat the wrong way."""
    sections = any(s.name for s in evening.movement.sections)
    players = players_of(evening)
    # the version of the deal (Law 87, :mod:`bridgescore.pairs.fouled`) and the pairs that sat the wrong way, in
    # columns of their own only where the director marked a result so: every other evening's file is as before
    fouled = any(r.get("fouled") for r in results)
    swapped = any(r.get("swapped") for r in results)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["board", "ns", "ew", *FIELDS, *(_SEAT_NUMBERS if players else ()), *(("fouled",) if fouled else ()),
              *(("swapped",) if swapped else ())]  # fmt: skip
    writer.writerow(["section", *header] if sections else header)
    for r in sorted(results, key=lambda r: (r["section"], r["board"], r["round"], r["table"])):
        row = [r["board"], r["ns"], r["ew"], *(r[f] for f in FIELDS)]
        if players:
            ns = [*players.get(f"{r['section']}:{r['ns']}", []), "", ""]
            ew = [*players.get(f"{r['section']}:{r['ew']}", []), "", ""]
            row += [ns[0], ns[1], ew[0], ew[1]]
        if fouled:
            row.append(r.get("fouled") or "")
        if swapped:
            row.append("yes" if r.get("swapped") else "")
        writer.writerow([r["section"], *row] if sections else row)
    return out.getvalue()


def members_csv(evening: Evening) -> str:
    """The members file of the evening's players (``number,name``): the names the director's members file, the
    archive or the table gave for the numbers."""
    known = evening.members
    numbers = sorted({n for pair in players_of(evening).values() for n in pair if n})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["number", "name"])
    for number in numbers:
        writer.writerow([number, known.get(number, "")])
    return out.getvalue()


def names_csv(evening: Evening) -> str:
    """The evening's pair names as a names file (``section,pair,names``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["section", "pair", "names"])
    for key, names in sorted(evening.names.items()):
        section, _, pair = key.rpartition(":")
        if names.strip():
            writer.writerow([section, pair, names])
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class EveningFiles:
    """The files an evening was written as (:func:`write_files`)."""

    travellers: Path
    names: Path | None
    movement: Path
    deals: Path | None
    members: Path | None = None
    #: ``--date``/``--club`` as the evening has them (the page's header)
    info: tuple[tuple[str, str], ...] = ()

    def command(self) -> list[str]:
        """The ``bridgescore score`` arguments that score these files as the evening is scored."""
        args = [str(self.travellers)]
        if self.names is not None:
            args += ["--names", str(self.names)]
        args += ["--movement", str(self.movement)]
        if self.deals is not None:
            args += ["--deals", str(self.deals)]
        if self.members is not None:
            args += ["--members", str(self.members)]
        return args + [arg for option, value in self.info for arg in (option, value) if value]


#: Each movement's JSON by the movement's identity (with the movement, so the identity is not another's): an
#: evening's movement is one object for as long as it is unchanged (``bridgescore.live.store``'s schedule cache),
#: and writing a 60-table movement again for every ranking took 10–20 ms of it.
_WRITTEN: dict[int, tuple[Movement, str]] = {}


def _movement_json(movement: Movement) -> str:
    from bridgescore.movement.json import dumps as movement_dumps

    found = _WRITTEN.get(id(movement))
    if found is None or found[0] is not movement:
        if len(_WRITTEN) > 32:
            _WRITTEN.clear()
        found = _WRITTEN[id(movement)] = (movement, movement_dumps(movement))
    return found[1]


def write_files(evening: Evening, results: Sequence[Mapping[str, Any]], folder: Path) -> EveningFiles:
    """The evening written into ``folder`` as the files ``bridgescore score`` reads."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"evening-{evening.id}"
    travellers = folder / f"{stem}.csv"
    travellers.write_text(traveller_csv(evening, results), encoding="utf-8")
    movement = folder / f"{stem}.movement.json"
    movement.write_text(_movement_json(evening.movement), encoding="utf-8")
    names = None
    if any(n.strip() for n in evening.names.values()):
        names = folder / f"{stem}-names.csv"
        names.write_text(names_csv(evening), encoding="utf-8")
    deals = None
    if evening.deals.strip():
        deals = folder / f"{stem}.pbn"
        deals.write_text(evening.deals, encoding="utf-8")
    members = None
    if players_of(evening):
        members = folder / f"{stem}-members.csv"
        members.write_text(members_csv(evening), encoding="utf-8")
    return EveningFiles(travellers, names, movement, deals, members,
                        (("--date", evening.date), ("--club", evening.club)))  # fmt: skip


def score_files(evening: Evening, files: EveningFiles) -> Scores:
    """The evening's files read, checked against the movement and scored with its method (or preset), as
    ``bridgescore score`` with :meth:`EveningFiles.command` and ``--method``/``--as`` scores them."""
    from bridgescore.pairs.against_movement import check_against_movement, ranked_as
    from bridgescore.pairs.pipeline import read, score

    movement = ranked_as(evening.movement)
    event = read(files.travellers, names=files.names, movement=movement, deals=files.deals, members=files.members)
    event = check_against_movement(event, evening.movement)
    info = {**event.info, **{k: v for k, v in (("date", evening.date), ("club", evening.club)) if v}}
    event = dataclasses.replace(event, info=info)
    if evening.preset:
        return score(event, as_program=evening.preset, movement=movement, title=evening.title or None)
    return score(event, evening.method, movement=movement, title=evening.title or None)
