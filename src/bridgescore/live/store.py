"""The live evening's data (issue 22): evenings, tables and their codes, results entered at the tables, the
director's changes, calls – all in the archive's database (:mod:`bridgescore.archive.models`), never only in a
process's memory, so ``bridgescore serve --workers N`` on one PostgreSQL behaves as one server.

An entry is stored in one transaction with its idempotency key (the key the table's form carried): a retried or
doubled submit finds the key and gets the first answer again, and stores nothing twice; the answer goes to the
table only after the transaction committed (SQLite in WAL mode with ``synchronous=FULL``, PostgreSQL's commit), so
an acknowledged entry survives ``kill -9``.  Two processes storing the same key at once: the unique constraint
refuses the second, which then finds the first's answer (TabScore2 and Bridgemate's Data Connector do the same
with their queue: the scoring database is the one truth).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import ChainMap
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Literal

from sqlalchemy import Text, cast, delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from bridgescore.archive.models import (
    LiveAttempt,
    LiveCall,
    LiveChange,
    LiveEntry,
    LiveEvening,
    LivePlayer,
    LiveResult,
    LiveSetting,
    LiveTable,
)
from bridgescore.archive.store import Archive
from bridgescore.movement.json import from_dict as movement_from_dict
from bridgescore.movement.model import Movement, Section, Stand, numbered_once
from bridgescore.pairs.against_movement import written_label

__all__ = ["FIELDS", "Evening", "LiveStore", "Outcome", "Place", "Refused", "Seat"]

#: The fields of a result, as bridgescore's traveller CSV names its columns.
FIELDS = ("contract", "declarer", "result", "lead", "score", "remarks")

#: The alphabet of table codes: no 0/O, 1/I/L that a player misreads from a card.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_CODE_LENGTH = 6


#: How many evenings' decoded settings a process keeps (:meth:`LiveStore._settings_of`): those playing tonight.
_DECODED_KEPT = 4


class Refused(Exception):
    """What the store will not do, in words for the person who asked (a message id and its values)."""

    def __init__(self, message: str, **values: str | int) -> None:
        super().__init__(message)
        self.message = message
        self.values = values


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Place:
    """A stand of the movement as the evening labels its pairs: section, round, table, the NS and EW pairs as the
    travellers number them (:func:`~bridgescore.pairs.against_movement.written_label`), the boards."""

    section: str
    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Evening:
    """An evening as stored (a snapshot: read again for a later state)."""

    id: int
    date: str
    club: str
    title: str
    method: str
    preset: str
    state: str
    movement: Movement
    movement_name: str
    deals: str
    names: Mapping[str, str]
    settings: Mapping[str, Any]
    revision: int
    session_key: str
    #: every stand with players as a place, round by round, table by table (:func:`_schedule`)
    stands: tuple[Place, ...]
    #: each pair's players by member number (``section:pair`` → [number, number]): the desk's, then the tables'
    players: Mapping[str, list[str]] = field(default_factory=dict)
    #: the names known for those numbers (the members file loaded, the archive, the tables' entries)
    members: Mapping[str, str] = field(default_factory=dict)

    def places(self) -> list[Place]:
        """Every stand with players, round by round, table by table."""
        return list(self.stands)

    def place(self, section: str, round_number: int, table: int) -> Place | None:
        return next((p for p in self.stands if (p.section, p.round, p.table) == (section, round_number, table)), None)

    def pairs(self) -> list[tuple[str, str]]:
        """Every pair (section, label) that plays, in number order."""
        seen = {(p.section, pair) for p in self.places() for pair in (p.ns, p.ew)}
        return sorted(seen, key=lambda sp: (sp[0], int(sp[1]) if sp[1].isdigit() else 0, sp[1]))

    def section(self, name: str) -> Section | None:
        return next((s for s in self.movement.sections if s.name == name), None)

    def rounds(self) -> int:
        return max((len(s.rounds) for s in self.movement.sections), default=0)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A submission's answer: ``stored`` (new), or ``repeat`` (its key was stored before: the same answer again)."""

    kind: str
    result: Mapping[str, Any]


@lru_cache(maxsize=16)
def _schedule(text: str) -> tuple[Movement, tuple[Place, ...]]:
    """An evening's movement read from its stored JSON, and its stands with players as places (the pairs labelled
    as the travellers number them) – once per movement, which never changes after the evening is made: reading and
    labelling a 60-table evening's movement on every request of every table was most of the server's work per entry
    (``benchmarks/live_bench.py``)."""
    movement = movement_from_dict(json.loads(text))
    found: list[Place] = []
    for section in movement.sections:
        label = written_label(section)
        for rnd in section.rounds:
            for stand in rnd.stands:
                if stand.ns is None or stand.ew is None:
                    continue
                ns, ew = (stand.ew, stand.ns) if stand.arrow_switch else (stand.ns, stand.ew)
                found.append(Place(section.name, rnd.number, stand.table, label(ns), label(ew),
                                   tuple(sorted(stand.boards))))  # fmt: skip
    return movement, tuple(found)


@dataclass
class _Job:
    """A write waiting for its group commit (:meth:`LiveStore._grouped`), and its outcome once ``done``."""

    work: Callable[[Session], Any]
    done: bool = False
    result: Any = None
    error: Exception | None = None


def _result_fields(row: Any) -> dict[str, Any]:
    """A result's fields, from its ORM object or its plain row (the same names)."""
    return {
        "id": row.id, "section": row.section, "round": row.round, "table": row.table, "board": row.board,
        "ns": row.ns, "ew": row.ew, **{f: getattr(row, f) for f in FIELDS}, "version": row.version,
        "entered_by": row.entered_by, "entered_at": row.entered_at.isoformat() if row.entered_at else "",
        "fouled": row.fouled or "", "swapped": bool(row.swapped),
    }  # fmt: skip


def _marks(row: LiveResult) -> dict[str, Any]:
    """A result as the history keeps a director's mark of it: its fields, its pairs, its version of the deal and
    whether its pairs sat the wrong way."""
    return {**{f: getattr(row, f) for f in FIELDS}, "ns": row.ns, "ew": row.ew, "fouled": row.fouled or "",
            "swapped": row.swapped}  # fmt: skip


def _why_and_where(place: Place, board: int, reason: str) -> None:
    """A director's change needs a reason and a board the stand has (:class:`Refused` otherwise)."""
    if not reason.strip():
        raise Refused("say why the result is changed (the players may ask)")
    if board not in place.boards:
        raise Refused("board %(board)s is not played at table %(table)s in round %(round)s",
                      board=board, table=place.table, round=place.round)  # fmt: skip


def fouled_from(settings: Mapping[str, Any] | None, section: str, board: int, round_number: int) -> str:
    """The version of the deal a result of ``board`` entered in ``round_number`` is played on: the one the director
    marked from an earlier or this round on (:meth:`LiveStore.mark_fouled` with ``later``), else ``""``."""
    found = ((settings or {}).get("fouled") or {}).get(f"{section}:{board}")
    if not isinstance(found, list) or len(found) != 2:
        return ""
    from_round, deal = found
    return str(deal) if isinstance(from_round, int) and round_number >= from_round else ""


def _stands(section: Section, table: int) -> Iterator[tuple[int, Stand]]:
    for rnd in section.rounds:
        stand = rnd.stand(table)
        if stand is not None and not stand.is_bye:
            yield rnd.number, stand


def _round_to_play(evening: Evening, section: str, table: int, entered: set[tuple[int, int]]) -> int | None:
    """The round a table plays now: its first round with a board not among the ``entered`` (round, board) pairs
    (None: every round done, or no such section)."""
    schedule = evening.section(section)
    if schedule is None:
        return None
    for number, stand in _stands(schedule, table):
        if any((number, b) not in entered for b in stand.boards):
            return number
    return None


@dataclass(frozen=True, slots=True)
class _Settings:
    """An evening's settings decoded (``text``: as the database gave them), and the members' names they hold, read
    only.  A federation's members file loaded at the desk (50,000 names, megabytes) is kept in the settings: decoded
    again for every request of every table it took 32 ms each (1 ms without one), so each evening keeps its decoded
    settings until their text changes (:meth:`LiveStore._evening_in`)."""

    settings: Mapping[str, Any]
    members: Mapping[str, str]
    text: str = ""

    @staticmethod
    def of(settings: Mapping[str, Any], text: str = "") -> _Settings:
        members = {str(k): str(v) for k, v in settings.get("members", {}).items()}
        return _Settings(MappingProxyType(dict(settings)), MappingProxyType(members), text)


@dataclass(frozen=True, slots=True)
class Seat:
    """A table as its phone's request finds it (:meth:`LiveStore.seat`): the evening, the section and table, the
    round it plays now (None: every round done), its results so far (oldest first)."""

    evening: Evening
    section: str
    table: int
    round: int | None
    results: list[dict[str, Any]]
    #: the NS scores entered on the board asked for (:meth:`LiveStore.seat`'s ``board``) in the section so far
    scores: list[int] = field(default_factory=list)


class LiveStore:
    """The live evenings of an archive (:func:`bridgescore.archive.store.open_archive`)."""

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.engine = archive.engine
        self.backend = archive.backend
        self._writers = threading.Lock()  # SQLite: one group of writes at a time in this process (_grouped)
        self._waiting: list[_Job] = []
        self._waiting_lock = threading.Lock()
        self._decoded: dict[int, _Settings] = {}  # evening → its settings as last read (_evening_in): a cache

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as db, db.begin():
            yield db

    def _read(self) -> Session:
        return self.archive._reading()

    def _retrying(self, work: Any, attempts: int = 5) -> Any:
        """``work(db)`` in a write transaction, run again where another process's commit made it fail (a unique
        key stored meanwhile, PostgreSQL's serialisation or deadlock): the second run sees the first's rows.  On
        SQLite first in a group commit (:meth:`_grouped`)."""
        if self.backend == "sqlite":
            job = self._grouped(work)
            if job.error is None:
                return job.result
            if not isinstance(job.error, IntegrityError | OperationalError):
                raise job.error  # Refused: the work's own answer
        for attempt in range(attempts):
            try:
                with self._write() as db:
                    return work(db)
            except (IntegrityError, OperationalError):
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    def _grouped(self, work: Any) -> _Job:
        """``work(db)`` committed together with the writes other threads of this process are waiting to make (a
        group commit): one transaction, each work in a savepoint of its own (one refused rolls back only its own
        writes), one commit.  SQLite takes one writer at a time and, with ``synchronous=FULL``, each commit waits
        for the disk (8–10 ms here): 60 tables confirming at once queued behind each other's commits for seconds
        (``benchmarks/live_bench.py``: p99 submit to acknowledgement 2.7 s).  Whoever holds the writers' lock runs
        every work waiting; an entry is still acknowledged only after the commit that stored it."""
        job = _Job(work)
        with self._waiting_lock:
            self._waiting.append(job)
        with self._writers:
            if job.done:  # an earlier group took it
                return job
            with self._waiting_lock:
                group, self._waiting = self._waiting, []
            try:
                with Session(self.engine, expire_on_commit=False) as db, db.begin():
                    for one in group:
                        try:
                            with db.begin_nested():
                                one.result = one.work(db)
                        except Exception as problem:  # this work's failure alone: the others are committed
                            one.error = problem
            except Exception as problem:  # the commit failed: nothing of the group is stored
                for one in group:
                    one.result, one.error = None, one.error or problem
            finally:
                for one in group:
                    one.done = True
        return job

    # --- settings shared by every process ---------------------------------------------------------------------------

    def setting(self, name: str) -> str | None:
        with self._read() as db:
            row = db.get(LiveSetting, name)
            return row.value if row else None

    def set_setting(self, name: str, value: str) -> None:
        def work(db: Session) -> None:
            row = db.get(LiveSetting, name)
            if row is None:
                db.add(LiveSetting(name=name, value=value))
            else:
                row.value = value

        self._retrying(work)

    def shared_secret(self, name: str) -> str:
        """A random secret made once and then read by every process (the cookie key): the first to store it wins."""
        found = self.setting(name)
        if found:
            return found

        def work(db: Session) -> str:
            row = db.get(LiveSetting, name)
            if row is None:
                row = LiveSetting(name=name, value=secrets.token_urlsafe(32))
                db.add(row)
            return row.value

        value: str = self._retrying(work)
        return value

    # --- wrong codes and passwords ----------------------------------------------------------------------------------

    def failures(self, client: str, window: timedelta) -> int:
        """The attempts of ``client`` within ``window`` that count against it (:meth:`attempt`)."""
        with self._read() as db:
            since = now() - window
            return int(
                db.scalar(
                    select(func.count())
                    .select_from(LiveAttempt)
                    .where(LiveAttempt.client == client, LiveAttempt.at >= since)
                )
                or 0
            )

    def attempt(self, client: str, window: timedelta, limit: int) -> int | None:
        """An attempt of ``client`` (a table code, a password) counted *before* it is tried: its row's id, or None
        when ``limit`` attempts of that address within ``window`` came before it (then it is not tried, and not
        counted: waiting out the window is enough).  Counted in the write transaction that stores it, so guesses
        sent at once are counted one after another (SQLite's ``BEGIN IMMEDIATE``; on PostgreSQL a transaction lock
        on the address, ``pg_advisory_xact_lock``), and in the database, so every process counts them.
        A right one is forgotten again (:meth:`forget_attempt`): only the wrong ones stay."""

        def work(db: Session) -> int | None:
            if self.backend == "postgresql":  # one address's attempts one after another, whichever process has them
                db.execute(select(func.pg_advisory_xact_lock(func.hashtext("live_attempts:" + client[:200]))))
            since = now() - window
            row = LiveAttempt(client=client[:200], at=now())
            db.add(row)
            db.flush()
            before = db.scalar(
                select(func.count()).select_from(LiveAttempt).where(
                    LiveAttempt.client == row.client, LiveAttempt.at >= since, LiveAttempt.id != row.id
                )
            )  # fmt: skip
            if int(before or 0) >= limit:
                db.delete(row)
                return None
            db.execute(delete(LiveAttempt).where(LiveAttempt.at < now() - timedelta(days=1)))
            return row.id

        found: int | None = self._retrying(work)
        return found

    def table_by_code(self, client: str, window: timedelta, limit: int, evening_id: int, code: str,
                      ) -> tuple[str, int] | Literal["limited"] | None:  # fmt: skip
        """The table (section, number) ``code`` opens in the evening, tried only while ``client`` has made fewer
        than ``limit`` wrong tries within ``window``: ``"limited"`` when it has not (then nothing is tried), None
        for a wrong code (counted).  A right code is never counted – sixty phones behind one address signing in at
        once all get in – and the count and the try are one write transaction under the address's lock (SQLite's
        ``BEGIN IMMEDIATE``, PostgreSQL's ``pg_advisory_xact_lock``), so wrong guesses sent at once are counted
        one after another, in every process alike: at most ``limit`` of them are ever tried."""

        def work(db: Session) -> tuple[str, int] | Literal["limited"] | None:
            if self.backend == "postgresql":
                db.execute(select(func.pg_advisory_xact_lock(func.hashtext("live_attempts:" + client[:200]))))
            wrong = db.scalar(
                select(func.count()).select_from(LiveAttempt).where(
                    LiveAttempt.client == client[:200], LiveAttempt.at >= now() - window
                )
            )  # fmt: skip
            if int(wrong or 0) >= limit:
                return "limited"
            found = db.execute(
                select(LiveTable.section, LiveTable.number).where(
                    LiveTable.evening_id == evening_id, LiveTable.code == code.strip().upper()
                )
            ).first()
            if found is not None:
                return (found[0], found[1])
            db.add(LiveAttempt(client=client[:200], at=now()))
            return None

        result: tuple[str, int] | Literal["limited"] | None = self._retrying(work)
        return result

    def forget_attempt(self, attempt: int) -> None:
        """An attempt that was right (:meth:`attempt`): it does not count against its address."""

        def work(db: Session) -> None:
            db.execute(delete(LiveAttempt).where(LiveAttempt.id == attempt))

        self._retrying(work)

    # --- evenings -----------------------------------------------------------------------------------------------------

    def create(
        self,
        movement: Movement,
        movement_name: str,
        *,
        date: str = "",
        club: str = "",
        title: str = "",
        method: str = "matchpoints",
        preset: str = "",
        settings: Mapping[str, Any] | None = None,
    ) -> int:
        """A new evening on ``movement``, in setup, with a code for every table of every section; a Mitchell's
        pairs numbered once (:func:`~bridgescore.movement.model.numbered_once`: East-West after North-South, as the
        NBB's and the EBU's programs number them), so a pair's number alone names it everywhere."""
        from bridgescore.movement.json import dumps as movement_dumps

        movement = numbered_once(movement)

        def work(db: Session) -> int:
            row = LiveEvening(
                date=date, club=club, title=title, method=method, preset=preset, state="setup",
                movement=movement_dumps(movement), movement_name=movement_name, deals="", names={},
                settings=dict(settings or {}), created_at=now(), session_key="", revision=0,
            )  # fmt: skip
            db.add(row)
            db.flush()
            self._add_tables(db, row.id, movement)
            return row.id

        evening_id: int = self._retrying(work)
        return evening_id

    @staticmethod
    def _add_tables(db: Session, evening_id: int, movement: Movement) -> None:
        codes: set[str] = set()
        for section in movement.sections:
            tables = sorted({s.table for r in section.rounds for s in r.stands if not s.is_bye})
            for number in tables:
                code = ""
                while not code or code in codes:
                    code = "".join(secrets.choice(_CODE_LETTERS) for _ in range(_CODE_LENGTH))
                codes.add(code)
                db.add(LiveTable(evening_id=evening_id, section=section.name, number=number, code=code))

    def change_movement(self, evening_id: int, movement: Movement, movement_name: str) -> None:
        """Another movement for an evening not yet started (a late pair, a pair that did not come): its tables
        made again with new codes (cards printed before must be printed again); the names of pairs kept."""
        from bridgescore.movement.json import dumps as movement_dumps

        movement = numbered_once(movement)

        def work(db: Session) -> None:
            row = db.get(LiveEvening, evening_id)
            if row is None or row.state != "setup":
                raise Refused("the movement can be changed only before the evening starts")
            row.movement = movement_dumps(movement)
            row.movement_name = movement_name
            row.revision += 1
            db.execute(delete(LiveTable).where(LiveTable.evening_id == evening_id))
            db.flush()
            self._add_tables(db, evening_id, movement)

        self._retrying(work)

    @staticmethod
    def _evening(row: Any, seated: Sequence[LivePlayer], decoded: _Settings) -> Evening:
        """The evening of ``row`` (:meth:`_evening_rows`), its players seated at the tables, its settings."""
        settings = dict(decoded.settings)
        players = {str(k): [str(n) for n in v][:2] for k, v in settings.get("players", {}).items()}
        named: dict[str, str] = {}
        for p in sorted(seated, key=lambda p: (p.pair, p.seat)):  # a table's numbers stand over the desk's
            numbers = players.setdefault(p.pair, ["", ""])
            numbers[p.seat - 1] = p.number
            if p.name:
                named[p.number] = p.name
        # the tables' names over the settings' (read only: a ChainMap writes only into its first map)
        members: Mapping[str, str] = ChainMap(named, decoded.members) if named else decoded.members  # type: ignore[arg-type]
        movement, stands = _schedule(row.movement)
        return Evening(
            row.id, row.date, row.club, row.title, row.method, row.preset, row.state, movement, row.movement_name,
            row.deals, dict(row.names or {}), settings, row.revision, row.session_key, stands, players, members,
        )  # fmt: skip

    def evening(self, evening_id: int) -> Evening | None:
        with self._read() as db:
            return self._evening_in(db, evening_id)

    def _evening_in(self, db: Session, evening_id: int) -> Evening | None:
        row = db.execute(self._evening_rows().where(LiveEvening.id == evening_id)).first()
        if row is None:
            return None
        seated = db.scalars(select(LivePlayer).where(LivePlayer.evening_id == evening_id)).all()
        return self._evening(row, seated, self._settings_of(row))

    @staticmethod
    def _evening_rows() -> Any:
        """The query of evenings' rows: every column, the settings as their text (:meth:`_settings_of`)."""
        columns = [c for c in LiveEvening.__table__.columns if c.name != "settings"]
        return select(*columns, cast(LiveEvening.settings, Text).label("settings_text"))

    def _state_and_settings(self, db: Session, evening_id: int) -> tuple[str, Mapping[str, Any]]:
        """The evening's state and settings as a write reads them (:meth:`_settings_of`: a members file's megabytes
        are not decoded again for every entry, in the writers' turn)."""
        text_of_settings = cast(LiveEvening.settings, Text).label("settings_text")
        row = db.execute(select(LiveEvening.id, LiveEvening.state, text_of_settings)
                         .where(LiveEvening.id == evening_id)).one()  # fmt: skip
        return row.state, self._settings_of(row).settings

    def _settings_of(self, row: Any, keep: bool = True) -> _Settings:
        """An evening's settings decoded once for as long as their text is the same (:class:`_Settings`); ``keep``:
        kept for the next request (the evenings asked for lately: each may hold a members file's megabytes)."""
        text = row.settings_text or "{}"
        decoded = self._decoded.get(row.id)
        if decoded is not None and decoded.text == text:  # compared, not hashed: a members file's text is megabytes
            return decoded
        decoded = _Settings.of(json.loads(text) or {}, text)
        if keep:
            self._decoded = {**dict(list(self._decoded.items())[-(_DECODED_KEPT - 1) :]), row.id: decoded}
        return decoded

    def evening_results(self, evening_id: int) -> tuple[Evening, list[dict[str, Any]]] | None:
        """The evening and every result of it (:meth:`results`) in one read transaction, so the results are those
        of the evening's revision (the ranking screen scores them and keeps the scores under that revision); None:
        no such evening."""
        with self._read() as db:
            evening = self._evening_in(db, evening_id)
            if evening is None:
                return None
            return evening, self._results_in(db, select(*LiveResult.__table__.columns).where(
                LiveResult.evening_id == evening_id))  # fmt: skip

    @staticmethod
    def _results_in(db: Session, query: Any) -> list[dict[str, Any]]:
        return [_result_fields(r) for r in db.execute(query.order_by(LiveResult.id))]

    def seat(self, evening_id: int, section: str, table: int, board: int | None = None) -> Seat | None:
        """What every request of a table's phone reads (its page, a board's form, the check, the confirmation, a
        call): the evening, the table's results so far and the round it plays now, in one read transaction – one
        snapshot, so the round is the one those results make.  Read as three calls (the evening, the round, the
        results) each request paid a session and a worker thread three times: most of the server's work per entry
        at 60 tables entering back to back (``benchmarks/live_bench.py``).  ``board``: the NS scores entered on it in
        the section so far too (:meth:`board_scores`, for the check).  None: no such evening."""
        with self._read() as db:
            evening = self._evening_in(db, evening_id)
            if evening is None:
                return None
            query = select(*LiveResult.__table__.columns).where(
                LiveResult.evening_id == evening_id, LiveResult.section == section, LiveResult.table == table
            )
            results = self._results_in(db, query)
            scores = self._board_scores_in(db, evening_id, section, board) if board is not None else []
        entered = {(r["round"], r["board"]) for r in results}
        return Seat(evening, section, table, _round_to_play(evening, section, table, entered), results, scores)

    def evenings(self) -> list[Evening]:
        with self._read() as db:
            rows = db.execute(self._evening_rows().order_by(LiveEvening.id.desc())).all()
            return [self._evening(r, (), self._settings_of(r, keep=False)) for r in rows]

    def seat_players(self, evening: Evening, pair: str, numbers: Sequence[str], names: Sequence[str], who: str) -> None:
        """A pair's member numbers (and the names known for them) as a table gave them at the start."""

        def work(db: Session) -> None:
            for seat, (number, name) in enumerate(zip(numbers, names, strict=True), start=1):
                row = db.scalars(
                    select(LivePlayer).where(
                        LivePlayer.evening_id == evening.id, LivePlayer.pair == pair, LivePlayer.seat == seat
                    )
                ).first()
                if row is None:
                    db.add(LivePlayer(evening_id=evening.id, pair=pair, seat=seat, number=number, name=name,
                                      entered_by=who, at=now()))  # fmt: skip
                else:
                    row.number, row.name, row.entered_by, row.at = number, name, who, now()
            db.execute(update(LiveEvening).where(LiveEvening.id == evening.id)
                       .values(revision=LiveEvening.revision + 1))  # fmt: skip

        self._retrying(work)

    def revision(self, evening_id: int) -> int | None:
        with self._read() as db:
            return db.scalar(select(LiveEvening.revision).where(LiveEvening.id == evening_id))

    def update(self, evening_id: int, **values: Any) -> None:
        """Change the evening's own fields (names, deals, settings, title …, state)."""

        def work(db: Session) -> None:
            row = db.get(LiveEvening, evening_id)
            if row is None:
                raise Refused("there is no evening %(evening)s", evening=evening_id)
            for name, value in values.items():
                setattr(row, name, value)
            row.revision += 1

        self._retrying(work)

    def tables(self, evening_id: int) -> list[tuple[str, int, str]]:
        """(section, table, code) of every table of the evening."""
        with self._read() as db:
            rows = db.execute(
                select(LiveTable.section, LiveTable.number, LiveTable.code)
                .where(LiveTable.evening_id == evening_id)
                .order_by(LiveTable.section, LiveTable.number)
            ).all()
            return [(r[0], r[1], r[2]) for r in rows]

    def member_names(self, numbers: Sequence[str]) -> dict[str, str]:
        """The names the archive knows for these member numbers (players of sessions stored before)."""
        from bridgescore.archive.models import PlayerRow

        wanted = sorted({n for n in numbers if n})
        if not wanted:
            return {}
        with self._read() as db:
            rows = db.execute(select(PlayerRow.number, PlayerRow.name).where(PlayerRow.number.in_(wanted))).all()
            return {str(number): str(name) for number, name in rows if number and name}

    # --- results --------------------------------------------------------------------------------------------------

    def results(
        self, evening_id: int, *, section: str | None = None, table: int | None = None, board: int | None = None
    ) -> list[dict[str, Any]]:
        """Every result of the evening (those of ``section``, ``table``, ``board`` where given), in the order they
        were first stored.  Read as plain rows, not ORM objects: a table's page and the screen read them often."""
        query = select(*LiveResult.__table__.columns).where(LiveResult.evening_id == evening_id)
        for column, value in ((LiveResult.section, section), (LiveResult.table, table), (LiveResult.board, board)):
            if value is not None:
                query = query.where(column == value)
        with self._read() as db:
            return self._results_in(db, query)

    def board_scores(self, evening_id: int, section: str, board: int) -> list[int]:
        """The NS scores entered so far on ``board`` of ``section`` (numbers only: adjusted scores are left out)."""
        with self._read() as db:
            return self._board_scores_in(db, evening_id, section, board)

    @staticmethod
    def _board_scores_in(db: Session, evening_id: int, section: str, board: int) -> list[int]:
        written = db.scalars(
            select(LiveResult.score).where(
                LiveResult.evening_id == evening_id, LiveResult.section == section, LiveResult.board == board
            )
        ).all()
        return [int(s) for s in written if s.lstrip("-").isdigit()]

    def result(self, evening_id: int, result_id: int) -> dict[str, Any] | None:
        with self._read() as db:
            row = db.get(LiveResult, result_id)
            return _result_fields(row) if row and row.evening_id == evening_id else None

    def answer_of(self, evening_id: int, key: str) -> dict[str, Any] | None:
        """The result a submission with idempotency ``key`` stored (or found stored), or None: not seen yet."""
        with self._read() as db:
            row = db.execute(
                select(LiveResult).join(LiveEntry, LiveEntry.result_id == LiveResult.id)
                .where(LiveEntry.evening_id == evening_id, LiveEntry.key == key.strip()[:64])
            ).scalar()  # fmt: skip
            return _result_fields(row) if row is not None else None

    def current_round(self, evening: Evening, section: str, table: int) -> int | None:
        """The round a table plays now: its first round with a board not yet entered (None: every round done)."""
        with self._read() as db:
            return self._current_round_in(db, evening, section, table)

    def submit(
        self, evening: Evening, section: str, table: int, round_number: int, board: int, fields: Mapping[str, str],
        key: str, who: str,
    ) -> Outcome:  # fmt: skip
        """A table's result for ``board`` in ``round_number``, stored once under ``key``.

        Refused (:class:`Refused`): an evening not running, a round that is not the table's current one, a board
        the table does not have this round, a board already entered with another result (the director changes it).
        The same result entered again under a new key (two phones at one table) is the stored one, not a second."""
        key = key.strip()[:64]
        if not key:
            raise Refused("the form was not sent whole; open the board again")
        place = evening.place(section, round_number, table)
        if place is None or board not in place.boards:
            raise Refused("board %(board)s is not played at table %(table)s in round %(round)s",
                          board=board, table=table, round=round_number)  # fmt: skip
        values = {f: str(fields.get(f, "")) for f in FIELDS}

        def answered(db: Session) -> Outcome | None:
            known = db.execute(
                select(LiveEntry.result_id).where(LiveEntry.evening_id == evening.id, LiveEntry.key == key)
            ).first()
            if known is None:
                return None
            row = db.get(LiveResult, known[0])
            assert row is not None
            return Outcome("repeat", _result_fields(row))

        def work(db: Session) -> Outcome:
            first = answered(db)
            if first is not None:
                return first
            state, settings = self._state_and_settings(db, evening.id)
            if state != "running":
                raise Refused("the evening is not running: results are entered between its start and its close")
            existing = db.scalars(
                select(LiveResult).where(
                    LiveResult.evening_id == evening.id, LiveResult.section == section,
                    LiveResult.round == round_number, LiveResult.table == table, LiveResult.board == board,
                )
            ).first()  # fmt: skip
            if existing is not None:
                if all(getattr(existing, f) == values[f] for f in FIELDS):
                    db.add(LiveEntry(evening_id=evening.id, key=key, result_id=existing.id, at=now()))
                    return Outcome("repeat", _result_fields(existing))
                raise Refused("board %(board)s was entered already; the director can change it", board=board)
            current = self._current_round_in(db, evening, section, table)
            if current != round_number:
                # PostgreSQL reads each statement at its own moment: the same key sent twice at once (a double
                # tap on a round's last board) can find no key above and the table moved on here, by the other
                # send's commit in between – which this read of the key sees
                again = answered(db)
                if again is not None:
                    return again
                raise Refused("table %(table)s plays round %(current)s now, not round %(round)s",
                              table=table, current=current or 0, round=round_number)  # fmt: skip
            row = LiveResult(
                evening_id=evening.id, section=section, round=round_number, table=table, board=board,
                ns=place.ns, ew=place.ew, **values, entered_by=who, entered_at=now(), version=1,
                fouled=fouled_from(settings, section, board, round_number),
            )  # fmt: skip
            db.add(row)
            db.flush()
            db.add(LiveEntry(evening_id=evening.id, key=key, result_id=row.id, at=now()))
            db.add(LiveChange(evening_id=evening.id, result_id=row.id, at=now(), who=who, reason="",
                              before={}, after=values, published=0))  # fmt: skip
            db.execute(update(LiveEvening).where(LiveEvening.id == evening.id)
                       .values(revision=LiveEvening.revision + 1))  # fmt: skip
            return Outcome("stored", _result_fields(row))

        outcome: Outcome = self._retrying(work)
        return outcome

    def _current_round_in(self, db: Session, evening: Evening, section: str, table: int) -> int | None:
        # each row unpacked as the tuple it is (SQLAlchemy 2.1 deprecates ``Result.tuples()``, 2.0's typing aid)
        entered = {
            (number, board)
            for number, board in db.execute(
                select(LiveResult.round, LiveResult.board).where(
                    LiveResult.evening_id == evening.id, LiveResult.section == section, LiveResult.table == table
                )
            )
        }
        return _round_to_play(evening, section, table, entered)

    def correct(
        self, evening: Evening, place: Place, board: int, fields: Mapping[str, str], who: str, reason: str
    ) -> dict[str, Any]:
        """The director's result for ``board`` at ``place`` (a new one, or a change of the stored one), kept in
        the history with who, when and why; after the close it is marked as a correction to publish."""
        _why_and_where(place, board, reason)
        values = {f: str(fields.get(f, "")) for f in FIELDS}

        def work(db: Session) -> dict[str, Any]:
            state, settings = self._state_and_settings(db, evening.id)
            row = db.scalars(
                select(LiveResult).where(
                    LiveResult.evening_id == evening.id, LiveResult.section == place.section,
                    LiveResult.round == place.round, LiveResult.table == place.table, LiveResult.board == board,
                )
            ).first()  # fmt: skip
            before: dict[str, Any] = {}
            if row is None:
                row = LiveResult(
                    evening_id=evening.id, section=place.section, round=place.round, table=place.table, board=board,
                    ns=place.ns, ew=place.ew, **values, entered_by=who, entered_at=now(), version=1,
                    fouled=fouled_from(settings, place.section, board, place.round),
                )  # fmt: skip
                db.add(row)
                db.flush()
            else:
                before = {f: getattr(row, f) for f in FIELDS}
                for f in FIELDS:
                    setattr(row, f, values[f])
                row.version += 1
                row.entered_by = who
            db.add(LiveChange(evening_id=evening.id, result_id=row.id, at=now(), who=who, reason=reason.strip(),
                              before=before, after=values, published=1 if state == "closed" else 0))  # fmt: skip
            db.execute(update(LiveEvening).where(LiveEvening.id == evening.id)
                       .values(revision=LiveEvening.revision + 1))  # fmt: skip
            return _result_fields(row)

        fields_: dict[str, Any] = self._retrying(work)
        return fields_

    def _marked(
        self, evening: Evening, place: Place, board: int, who: str, reason: str, later: bool,
        change: Callable[[LiveResult], dict[str, Any] | None], rule: Callable[[Session], None] | None = None,
    ) -> int:  # fmt: skip
        """``change`` applied to the stored result of ``board`` at ``place`` (and, with ``later``, to every result of
        the board in that section from that round on), each change kept with who, when, why, before and after;
        the number of results changed.  ``change`` changes its row and returns what it was before (None: nothing
        to change)."""
        _why_and_where(place, board, reason)

        def work(db: Session) -> int:
            state = db.scalar(select(LiveEvening.state).where(LiveEvening.id == evening.id))
            if rule is not None:
                rule(db)
            query = select(LiveResult).where(
                LiveResult.evening_id == evening.id, LiveResult.section == place.section, LiveResult.board == board
            )
            if later:
                query = query.where(LiveResult.round >= place.round)
            else:
                query = query.where(LiveResult.round == place.round, LiveResult.table == place.table)
            rows = db.scalars(query.order_by(LiveResult.round, LiveResult.table)).all()
            if not rows or not any(r.round == place.round and r.table == place.table for r in rows):
                raise Refused("board %(board)s has no result at table %(table)s in round %(round)s yet",
                              board=board, table=place.table, round=place.round)  # fmt: skip
            changed = 0
            for row in rows:
                before = change(row)
                if before is None:
                    continue
                row.version += 1
                db.add(LiveChange(
                    evening_id=evening.id, result_id=row.id, at=now(), who=who, reason=reason.strip(), before=before,
                    after=_marks(row), published=1 if state == "closed" else 0,
                ))  # fmt: skip
                changed += 1
            if changed:
                db.execute(update(LiveEvening).where(LiveEvening.id == evening.id)
                           .values(revision=LiveEvening.revision + 1))  # fmt: skip
            return changed

        count: int = self._retrying(work)
        return count

    def mark_fouled(
        self, evening: Evening, place: Place, board: int, deal: str, who: str, reason: str, *, later: bool = False
    ) -> int:
        """The result of ``board`` at ``place`` marked as played on version ``deal`` of the deal (Law 87; empty: the
        board as dealt), and with ``later`` every result of the board in the section from that round on (the board
        fouled at this table stays fouled at the tables it goes to); the number of results changed.  The evening
        is scored with each version compared within itself (:mod:`bridgescore.pairs.fouled`)."""
        deal = deal.strip()[:20]

        def change(row: LiveResult) -> dict[str, Any] | None:
            if (row.fouled or "") == deal:
                return None
            before = _marks(row)
            row.fouled = deal
            return before

        def rule(db: Session) -> None:
            """The board's version from this round on, kept with the evening: a result the later tables enter is
            marked as it is stored (:meth:`submit`)."""
            row = db.get(LiveEvening, evening.id)
            assert row is not None
            settings = dict(row.settings or {})
            rules = dict(settings.get("fouled", {}))
            key = f"{place.section}:{board}"
            if deal:
                rules[key] = [place.round, deal]
            else:
                rules.pop(key, None)
            settings["fouled"] = rules
            row.settings = settings

        return self._marked(evening, place, board, who, reason, later, change, rule if later else None)

    def mark_swapped(self, evening: Evening, place: Place, board: int, swapped: bool, who: str, reason: str) -> int:
        """The result of ``board`` at ``place`` stored with its pairs as they sat: ``swapped`` where the movement's
        East-West pair sat North-South (the NS score entered is the score of the pair that held North-South's cards,
        so the pairs are exchanged and the score kept), not where they sat as the movement has them; 0 or 1 result
        changed."""

        def change(row: LiveResult) -> dict[str, Any] | None:
            if bool(row.swapped) == swapped:
                return None
            before = _marks(row)
            row.ns, row.ew = row.ew, row.ns
            row.swapped = 1 if swapped else 0
            return before

        return self._marked(evening, place, board, who, reason, False, change)

    def changes(self, evening_id: int) -> list[dict[str, Any]]:
        """The history of every result: each change with who, when, why, before and after (oldest first)."""
        with self._read() as db:
            rows = db.execute(
                select(LiveChange, LiveResult.board, LiveResult.table, LiveResult.round)
                .join(LiveResult, LiveResult.id == LiveChange.result_id)
                .where(LiveChange.evening_id == evening_id)
                .order_by(LiveChange.id)
            ).all()
            return [
                {"at": c.at.isoformat(), "who": c.who, "reason": c.reason, "board": board, "table": table,
                 "round": rnd, "before": json.dumps(c.before, ensure_ascii=False) if c.before else "",
                 "after": json.dumps(c.after, ensure_ascii=False), "published": bool(c.published)}
                for c, board, table, rnd in rows
            ]  # fmt: skip

    # --- calls
    # ----------------------------------------------------------------------------------------------------------

    def call(self, evening_id: int, section: str, table: int, round_number: int) -> None:
        def work(db: Session) -> None:
            open_call = db.scalar(
                select(LiveCall.id).where(LiveCall.evening_id == evening_id, LiveCall.section == section,
                                          LiveCall.table == table, LiveCall.answered_at.is_(None))
            )  # fmt: skip
            if open_call is None:  # pressed twice: one call
                db.add(LiveCall(evening_id=evening_id, section=section, table=table, round=round_number, at=now()))
                db.execute(update(LiveEvening).where(LiveEvening.id == evening_id)
                           .values(revision=LiveEvening.revision + 1))  # fmt: skip

        self._retrying(work)

    def calls(self, evening_id: int) -> list[dict[str, Any]]:
        with self._read() as db:
            rows = db.scalars(
                select(LiveCall).where(LiveCall.evening_id == evening_id, LiveCall.answered_at.is_(None))
                .order_by(LiveCall.id)
            ).all()  # fmt: skip
            return [{"id": c.id, "section": c.section, "table": c.table, "round": c.round,
                     "at": c.at.isoformat()} for c in rows]  # fmt: skip

    def answer(self, evening_id: int, call_id: int) -> None:
        def work(db: Session) -> None:
            db.execute(update(LiveCall).where(LiveCall.id == call_id, LiveCall.evening_id == evening_id)
                       .values(answered_at=now()))  # fmt: skip
            db.execute(update(LiveEvening).where(LiveEvening.id == evening_id)
                       .values(revision=LiveEvening.revision + 1))  # fmt: skip

        self._retrying(work)

    def counts(self, evening_id: int) -> Sequence[int]:
        """(results, entries) stored for the evening: what the load and fault tests count."""
        with self._read() as db:
            results = db.scalar(select(func.count()).select_from(LiveResult).where(LiveResult.evening_id == evening_id))
            entries = db.scalar(select(func.count()).select_from(LiveEntry).where(LiveEntry.evening_id == evening_id))
            return (int(results or 0), int(entries or 0))
