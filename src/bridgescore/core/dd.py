"""Double-dummy analysis and par (issue 10), with DDS through endplay, cached on disk.

:func:`analyse` fills :attr:`~bridgescore.core.deal.HandRecord.dd` (the 20-number table: tricks per declarer and
strain) and :attr:`~bridgescore.core.deal.HandRecord.par` of every record that lacks them.  A table the file already
carries is used as read (the reader checked it), so solving is skipped.  The deals still unsolved are solved
together with ``endplay.dds.calc_all_tables``, which hands DDS several deals at once and uses every core.

Par (DDS ``Par``, through ``endplay.dds.par``) is computed from the table for the board's vulnerability and
dealer: an exact, microsecond calculation once the table is known, so only tables are cached.

The cache is an SQLite file keyed by the deal (``N:`` and the four hands, so the same cards on another board
number are never solved twice): ``$BRIDGESCORE_CACHE`` names it (a ``….sqlite3`` file, or a folder to hold
``dd.sqlite3``; see :func:`cache_path`),
else ``$XDG_CACHE_HOME/bridgescore/dd.sqlite3`` (``~/.cache`` by default).  A cache that cannot be opened or
written is skipped (the deals are solved), never an error.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path

from bridgescore.core.contract import Seat, Vulnerability
from bridgescore.core.deal import DDTable, HandRecord, Par

__all__ = ["Cache", "analyse", "cache_path", "par_of", "solve_tables"]

_STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
#: endplay's Denom order (spades, hearts, diamonds, clubs, NT) → our Strain index (clubs … NT).
_FROM_DENOM = (3, 2, 1, 0, 4)
#: endplay's Vul names (an int given to ``endplay.dds.par`` is read as a board number, so the enum is passed).
_TO_VUL = {Vulnerability.NONE: "none", Vulnerability.ALL: "both", Vulnerability.NS: "ns", Vulnerability.EW: "ew"}
#: DDS's CalcAllTables takes at most this many deals with all five strains (MAXNOOFTABLES); larger sets go in
#: batches of equal size, so every batch keeps every core busy.
_BATCH = 40


#: Names that make ``$BRIDGESCORE_CACHE`` a file (the table cache itself) rather than a folder.
_FILE_SUFFIXES = (".sqlite3", ".sqlite", ".db")


def cache_path() -> Path:
    """Where the cache lives: ``$BRIDGESCORE_CACHE`` (a file when it is one or is named ``….sqlite3``, ``….sqlite``
    or ``….db``; else a folder, made when missing, holding ``dd.sqlite3`` beside the lead analysis's
    ``leads.sqlite3``), else the XDG cache folder.  A new path without such a suffix is a folder: taking it for a
    file would leave the lead cache (:func:`bridgescore.core.leads.cache_directory`, the same folder) no folder to go
    in."""
    given = os.environ.get("BRIDGESCORE_CACHE", "").strip()
    if given:
        path = Path(given).expanduser()
        named_file = path.suffix.lower() in _FILE_SUFFIXES and not given.endswith(("/", os.sep))
        is_file = path.is_file() or (not path.is_dir() and named_file)
        return path if is_file else path / "dd.sqlite3"
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "bridgescore" / "dd.sqlite3"


class Cache:
    """Double-dummy tables by deal, in an SQLite file (see the module docstring); unusable → a no-op cache."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else cache_path()
        self._db: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path)
            self._db.execute("CREATE TABLE IF NOT EXISTS dd (deal TEXT PRIMARY KEY, tricks TEXT NOT NULL)")
        except (OSError, sqlite3.Error):
            self._db = None

    def get(self, deals: Iterable[str]) -> dict[str, DDTable]:
        """The cached tables of ``deals`` (those known)."""
        found: dict[str, DDTable] = {}
        if self._db is None:
            return found
        keys = list(dict.fromkeys(deals))
        try:
            for start in range(0, len(keys), 500):
                part = keys[start : start + 500]
                marks = ",".join("?" * len(part))
                for deal, tricks in self._db.execute(f"SELECT deal, tricks FROM dd WHERE deal IN ({marks})", part):
                    table = _table_from_text(tricks)
                    if table is not None:
                        found[deal] = table
        except sqlite3.Error:
            return found
        return found

    def put(self, tables: Mapping[str, DDTable]) -> None:
        if self._db is None or not tables:
            return
        try:
            with self._db:
                self._db.executemany(
                    "INSERT OR REPLACE INTO dd (deal, tricks) VALUES (?, ?)",
                    [(deal, _table_to_text(t)) for deal, t in tables.items()],
                )
        except sqlite3.Error:
            pass

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _table_to_text(table: DDTable) -> str:
    return "".join(f"{t:x}" for row in table.tricks for t in row)


def _table_from_text(text: str) -> DDTable | None:
    if len(text) != 20:
        return None
    try:
        values = [int(c, 16) for c in text]
    except ValueError:
        return None
    rows = [values[i * 5 : i * 5 + 5] for i in range(4)]
    return DDTable(tuple((r[0], r[1], r[2], r[3], r[4]) for r in rows))


def solve_tables(
    deals: list[str],
    progress: Callable[[int], None] | None = None,
    *,
    batch: int = _BATCH,
    on_batch: Callable[[dict[str, DDTable]], None] | None = None,
) -> list[DDTable]:
    """The double-dummy tables of ``deals`` (PBN ``Deal`` values), solved by DDS several at a time on every core
    (``endplay.dds.calc_all_tables``), at most ``batch`` deals at a time; ``on_batch`` is given each batch's tables
    as soon as they are solved (:func:`analyse` caches them, so an interrupted run keeps what it solved)."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    tables: list[DDTable] = []
    batches = -(-len(deals) // batch)
    size = -(-len(deals) // batches) if batches else batch
    for start in range(0, len(deals), size):
        part = [Deal(d) for d in deals[start : start + size]]
        for solved in calc_all_tables(part):
            by_denom = solved.to_list()  # [denom][player], denoms S H D C NT, players N E S W
            rows = []
            for seat in range(4):
                row = [0] * 5
                for denom, strain in enumerate(_FROM_DENOM):
                    row[strain] = by_denom[denom][seat]
                rows.append((row[0], row[1], row[2], row[3], row[4]))
            tables.append(DDTable(tuple(rows)))
        if on_batch is not None:
            on_batch(dict(zip(deals[start : start + size], tables[start:], strict=True)))
        if progress is not None:
            progress(len(tables))
    return tables


def par_of(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """The par of a deal from its double-dummy table for the board's vulnerability and dealer (DDS ``Par`` via
    ``endplay.dds.par``): North-South's score and the par contracts (``4H N``, ``5Dx E -2``, ``4S N +1``)."""
    from endplay import _dds
    from endplay.dds import par
    from endplay.dds.ddtable import DDTable as EndplayTable
    from endplay.types import Player, Vul

    data = _dds.ddTableResults()
    for seat in range(4):
        for denom, strain in enumerate(_FROM_DENOM):
            data.resTable[denom][seat] = table.tricks[seat][strain]
    found = par(EndplayTable(data), Vul[_TO_VUL[vulnerability]], Player(int(dealer)))
    contracts: list[str] = []
    for contract in found:
        if contract.level == 0:
            contracts.append("PASS")
            continue
        letter = _STRAIN_LETTERS[_FROM_DENOM[int(contract.denom)]]
        risk = {1: "", 2: "x", 4: "xx"}.get(int(contract.penalty), "")
        result = int(contract.result)
        mark = "" if result == 0 else f" {result:+d}"
        contracts.append(f"{contract.level}{letter}{risk} {Seat(int(contract.declarer)).name}{mark}")
    return Par(int(found.score), tuple(contracts) or ("PASS",))


def analyse(
    records: Mapping[int, HandRecord],
    *,
    dd: bool = True,
    par: bool = True,
    cache: Cache | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int = _BATCH,
) -> dict[int, HandRecord]:
    """``records`` with the double-dummy table (``dd``) and the par (``par``; needs the table) of each deal that
    lacks them: tables the file carries are kept, known deals come from the cache, the rest are solved ``batch`` at
    a time and each batch cached as soon as it is solved (100,000 deals take hours: a run stopped half-way resumes
    where it stopped; only the end of the run was cached before).  Par is computed when it is missing; a written
    par is kept (the reader checked it against a written table; :func:`bridgescore.pairs.pipeline.analyse_deals` checks
    it
    against a solved one), given the table's contracts when it names none and its score agrees."""
    out = dict(records)
    if not (dd or par):
        return out
    missing = list(dict.fromkeys(r.pbn() for r in records.values() if r.dd is None))
    own = cache if cache is not None else Cache()
    try:
        known = own.get(missing) if missing else {}
        unsolved = [d for d in missing if d not in known]
        if unsolved:
            solved = dict(zip(unsolved, solve_tables(unsolved, progress, batch=batch, on_batch=own.put), strict=True))
            known.update(solved)
    finally:
        if cache is None:
            own.close()
    for number, record in records.items():
        table = record.dd if record.dd is not None else known[record.pbn()]
        found = record.par
        if par and found is None:
            found = par_of(table, record.vulnerability, record.dealer)
        elif par and found is not None and not found.contracts:
            # a written score without ParContract (RealBridge): the contracts of the table's par, when they agree
            computed = par_of(table, record.vulnerability, record.dealer)
            found = computed if computed.score == found.score else found
        out[number] = replace(record, dd=table, par=found if par else record.par)
    return out
