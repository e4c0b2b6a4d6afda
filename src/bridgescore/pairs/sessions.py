"""A scored session summed up per pair (issue 13): what a multi-session event, a season competition and the
archive need of an evening, whatever method scored it.

:func:`summarise` takes a scored event and gives one :class:`PairSession` per ranked pair: its players (by member
number, :mod:`bridgescore.core.players`), the boards it played, its percentage (matchpoints) or its IMPs (Butler,
Bastille, cross-IMPs) and its place.  A season averages percentages weighted by boards and sums IMPs per board
played (the NBB program's "clubranking" averages a pair's evenings by their percentages; Butler seasons are kept
in IMPs per board), so the summary keeps the unrounded numbers and the boards, never a rounded average alone.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, Protocol

from bridgescore.core.pairkey import lookup
from bridgescore.core.players import Player, pair_key

if TYPE_CHECKING:
    from bridgescore.core.event import Event
    from bridgescore.core.table import Column, ResultTable
    from bridgescore.movement.model import Movement
    from bridgescore.pairs.scored import ScoredEvent

__all__ = [
    "CONTENT_FIELDS", "PairSession", "SessionSource", "SessionSummary", "StoredSession", "content_digest", "iso_date",
    "line_codes", "line_columns", "lines_digest", "pair_players", "summarise",
]  # fmt: skip

SessionUnit = Literal["percent", "imps"]
_EMPTY: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class PairSession:
    """One pair's result in one session.

    ``key`` identifies the pair across sessions (:func:`bridgescore.core.players.pair_key`, falling back to the
    session's own ``section:pair``); ``percent`` is its matchpoint percentage (None in an IMP session) and
    ``imps`` its IMP total before any factoring (None in a matchpoint session); ``boards`` the boards it played."""

    key: str
    section: str
    pair: str
    direction: str
    players: tuple[Player, ...]
    names: str
    boards: int
    percent: float | None
    imps: float | None
    place: int | None

    @property
    def number(self) -> str:
        """The pair's number as the session writes it: ``7``, or ``A:7`` where it has sections."""
        return f"{self.section}:{self.pair}" if self.section else self.pair


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A session as a season or a multi-session event sees it: ``key`` (the archive's id, or the file), the date
    (ISO ``YYYY-MM-DD`` where the input gives one, else as written), club, title, ``unit`` (``percent`` for
    matchpoints, ``imps`` for Butler, Bastille and cross-IMPs), the method's name, the most boards a pair played,
    and the pairs; ``options`` are the scoring options as stored (for the record); ``competition`` the series the
    session counts for (a club's "maandagcompetitie 2026-27"), where the archive or the command line says so."""

    key: str
    date: str
    club: str
    title: str
    unit: SessionUnit
    method: str
    boards: int
    pairs: tuple[PairSession, ...]
    options: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    competition: str = ""


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A session as stored: its summary and its event (the lines, names, players and deals as read), from which
    a player's history and the Valet across a season are worked out; ``movement``, the schedule its lines were
    checked against where one was given (``archive add --movement``, issue 21)."""

    summary: SessionSummary
    event: Event
    movement: Movement | None = None


class SessionSource(Protocol):
    """Where a season reads its sessions from: the archive (:mod:`bridgescore.archive`) or files scored one by
    one.  ``since``/``until`` are ISO dates (inclusive); sessions come in date order.  ``lines=False``: the events
    may come without their traveller lines (a season that ranks the sessions as they were scored reads none of
    them; a source that has them at no cost, files read to be scored, gives them all the same)."""

    def sessions(
        self,
        competition: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        lines: bool = True,
    ) -> list[StoredSession]: ...


_DMY = re.compile(r"^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$")
_YMD = re.compile(r"^\s*(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\s*$")


def iso_date(text: str) -> str:
    """``text`` as an ISO date where it is one of the forms the programs write: ``2015.10.22`` (PBN ``[Date]``),
    ``2015-10-22``, ``22/10/2015`` (USEBIO ``<DATE>`` as the EBU programs write it, day first) or ``22-10-2015``
    (the NBB program); anything else is returned as written (never guessed)."""
    if m := _YMD.match(text):
        year, month, day = int(m[1]), int(m[2]), int(m[3])
    elif m := _DMY.match(text):
        day, month, year = int(m[1]), int(m[2]), int(m[3])
    else:
        return text.strip()
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return text.strip()
    return f"{year:04d}-{month:02d}-{day:02d}"


#: How the programs join a pair's two names: ``Ann Smith & Bob Jones`` (bridgescore, USEBIO readers), ``Jansen -
#: de Vries`` (the NBB program), ``Smith / Jones``, ``Smith and Jones``, ``Jansen en de Vries``.
_NAME_JOINS = re.compile(r"\s+(?:&|-|–|/|and|en)\s+")


def date_from_name(path: str | PathLike[str]) -> str:
    """The ISO date a file is named by (``2026-09-07.csv``, ``07-09-2026.pbn``), else "": a club that saves each
    evening under its date gives the evening its date where the file itself says none (CSV has no date)."""
    named = iso_date(Path(path).stem)
    return named if re.fullmatch(r"\d{4}-\d{2}-\d{2}", named) else ""


def pair_players(scored: ScoredEvent, section: str, pair: str, names: str) -> tuple[Player, ...]:
    """The players of a ranked pair, as :func:`summarise` finds them and the USEBIO writer writes them: as the
    event seats them (member numbers), else its two names as written (a pair known by its names is its two named
    players), else the two players its id is made of (``Ann+Bob``), else none."""
    players = scored.event.players
    seated = lookup(players, section, pair)
    if seated:
        return seated
    parts = [p for p in _NAME_JOINS.split(names.strip()) if p]
    if len(parts) != 2 and not names:  # a pair made of its two players' columns is ``north+south`` (BBO's CSV)
        parts = [p for p in pair.split("+") if p.strip()]
    return tuple(Player(name=p) for p in parts) if len(parts) == 2 else ()


def summarise(scored: ScoredEvent, key: str = "", competition: str = "") -> SessionSummary:
    """The session ``scored`` summed up per pair (see the module docstring); ``key`` names it (default: its title).

    A pair ranked in two groups (NS and EW of a Mitchell ranked per direction are two pairs, ``direction`` tells
    them apart) appears once per group it is ranked in; pairs without boards are kept with 0 boards."""
    from bridgescore.pairs.methods.base import Unit
    from bridgescore.pairs.standings import compute_standings

    event = scored.event
    unit: SessionUnit = "percent" if scored.unit is Unit.MATCHPOINTS else "imps"
    pairs: list[PairSession] = []
    for standing in compute_standings(scored):
        for entry in standing.entries:
            players = pair_players(scored, entry.section, entry.pair, entry.names)
            own = f"{entry.section}:{entry.pair}" if entry.section else entry.pair
            fallback = f"{key or event.title}/{own}{' ' + entry.direction if entry.direction in ('NS', 'EW') else ''}"
            pairs.append(
                PairSession(
                    key=pair_key(players, fallback),
                    section=entry.section,
                    pair=entry.pair,
                    direction=entry.direction,
                    players=players,
                    names=entry.names,
                    boards=entry.boards,
                    percent=entry.percent if unit == "percent" else None,
                    imps=entry.unfactored_total if unit == "imps" else None,
                    place=entry.place,
                )
            )
    return SessionSummary(
        key=key or event.title,
        date=iso_date(event.info.get("date", "")),
        club=event.info.get("club", ""),
        title=event.title,
        unit=unit,
        method=scored.method.name,
        boards=max((p.boards for p in pairs), default=0),
        pairs=tuple(pairs),
        competition=competition,
    )


#: The fields of a traveller line that are the evening's content: what was played and scored, not where it was read
#: (the same evening saved again with a BOM and CRLF, or copied to ``2026-09-07 (1).csv``, is the same evening).
CONTENT_FIELDS = (
    "board", "section", "ns_pair", "ew_pair", "status", "contract", "declarer", "tricks", "lead", "ns_score",
    "remarks", "extra",
)  # fmt: skip


def line_codes(table: ResultTable) -> dict[str, Column[Any] | list[dict[str, str]]]:
    """The :data:`CONTENT_FIELDS` of ``table``'s lines in the archive's form (:func:`line_columns`), each as its
    distinct values and a code per line (:class:`~bridgescore.core.table.Column`; ``extra``: a dict per line) – so each
    value is converted, or encoded for the digest, once, not once per line (a federation's million, issue 19)."""
    import numpy as np

    from bridgescore.core.table import STATUSES, Column

    n = len(table)
    extra_columns = {name: column.values() for name, column in table.extra.items()}
    extras = [
        {name: v for name, values in extra_columns.items() if (v := values[i]) is not None} for i in range(n)
    ] if extra_columns else [{}] * n  # fmt: skip

    def coded(codes: Any, labels: Sequence[Any]) -> Column[Any]:
        return Column(codes.astype(np.int32).reshape(-1), tuple(labels))

    def numbers(values: Any, missing: float) -> Column[Any]:
        """The values as ints, None where ``missing`` (NaN: every NaN is the one missing value); their distinct
        values in order.  Whole numbers of a small range (boards, tricks, scores) are coded by their offset from
        the least, without a sort (``np.unique`` sorted a million lines three times: 0.08 s)."""
        present = ~np.isnan(values) if values.dtype.kind == "f" else np.ones(len(values), dtype=bool)
        whole = values[present]
        if len(whole) and bool(np.isfinite(whole).all()) and bool((whole == np.round(whole)).all()):
            least, most = int(whole.min()), int(whole.max())
            if most - least < 1 << 20:
                offsets = np.full(len(values), most - least + 1, dtype=np.int64)  # NaN: after every number
                offsets[present] = whole.astype(np.int64) - least
                seen = np.zeros(most - least + 2, dtype=bool)
                seen[offsets] = True
                distinct = np.flatnonzero(seen)
                codes = (np.cumsum(seen) - 1)[offsets]
                labels = [None if v == most - least + 1 or v + least == missing else v + least
                          for v in distinct.tolist()]  # fmt: skip
                return coded(codes, labels)
        distinct, codes = np.unique(values, return_inverse=True)
        return coded(codes, [None if v == missing or v != v else int(v) for v in distinct.tolist()])

    return {
        "board": numbers(table.board, math.nan),
        "section": table.section,
        "ns_pair": table.ns_pair,
        "ew_pair": table.ew_pair,
        "status": coded(table.status, [status.value for status in STATUSES]),
        "contract": table.contract.map(lambda c: None if c is None else c.format("en")),
        "declarer": coded(table.declarer + 1, [None, "N", "E", "S", "W"]),
        "tricks": numbers(table.tricks, -1),
        "lead": table.lead,
        "ns_score": numbers(table.ns_score, math.nan),
        "remarks": table.remarks,
        "extra": extras,
    }


def line_columns(table: ResultTable) -> dict[str, list[Any]]:
    """The traveller lines of ``table`` as read, a list per field in the archive's form (``lines``: the contract in
    English, the declarer as N E S W, the status's name, ``extra`` the columns a line has), in input order; built
    from the columns (one conversion per distinct value), not line by line."""
    return {name: values if isinstance(values, list) else values.values() for name, values in line_codes(table).items()}


def _json(values: Any) -> str:
    return json.dumps(values, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def content_digest(columns: Mapping[str, Sequence[Any]]) -> str:
    """The SHA-256 of an evening's content: its lines' :data:`CONTENT_FIELDS` in input order (``columns`` as
    :func:`line_columns` gives them, or as the archive stores them).  Two files with the same lines are the same
    evening whatever their bytes: a BOM, CRLF or another name (the archive refuses it as stored already, a season
    counts it once)."""
    digest = hashlib.sha256()
    for name in CONTENT_FIELDS:
        digest.update(name.encode())
        digest.update(_json(list(columns[name])).encode())
    return digest.hexdigest()


def lines_digest(table: ResultTable) -> str:
    """``content_digest(line_columns(table))``, the same digest, with each distinct value of a column encoded once
    and the per-line texts joined (a JSON list is its items' texts joined with commas) – not a million values
    encoded one by one (issue 19): each label's text and its comma taken at the codes by Arrow (in C++, into one
    buffer; a million lines' texts joined in Python were 0.3 s of archive add), the last comma left out."""
    import numpy as np
    import pyarrow as pa

    digest = hashlib.sha256()
    for name, values in line_codes(table).items():
        digest.update(name.encode())
        if isinstance(values, list):
            digest.update(_json(values).encode())
        elif not len(values):
            digest.update(b"[]")
        else:
            texts = pa.array([(_json(v) + ",").encode() for v in values.labels], pa.large_binary())
            joined = texts.take(pa.array(values.codes))
            _, offsets, data = joined.buffers()
            ends = np.frombuffer(offsets, dtype=np.int64)[joined.offset : joined.offset + len(joined) + 1]
            digest.update(b"[")
            digest.update(data[int(ends[0]) : int(ends[-1]) - 1])  # without the last comma
            digest.update(b"]")
    return digest.hexdigest()
