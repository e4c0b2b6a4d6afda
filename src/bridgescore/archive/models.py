"""The archive's schema (issue 13): one schema for SQLite and PostgreSQL, declared with SQLAlchemy 2.x's typed
models; :mod:`bridgescore.archive.migrations` creates and changes it (Alembic), never ``create_all``.

A session is one scored file: its summary (date, club, title, method, unit, boards, the options it was scored
with, the file's name and SHA-256, the digest of its lines, when it was added and its version, the movement its
lines were checked against), its boards (datum, top), its traveller lines (every field of a
:class:`bridgescore.core.event.Result` with the line's points) and its ranked pairs (boards, percentage or IMPs,
place), each pair linked to its players.  A player is stored once (``key`` as
:func:`bridgescore.core.players.player_key` gives it: ``#`` and the member number, else ``~`` and the folded name;
the member number itself is unique); the name a session wrote is kept on the link.  ``corrections`` is the history of a
session: the first version and every re-scoring (``archive add --replace``) with what changed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

__all__ = [
    "Base",
    "BoardRow",
    "Correction",
    "LineRow",
    # the live evening (issue 22)
    "LiveAttempt",
    "LiveCall",
    "LiveChange",
    "LiveEntry",
    "LiveEvening",
    "LiveResult",
    "LiveSetting",
    "LiveTable",
    "PairPlayer",
    "PairRow",
    "PlayerRow",
    "SessionRow",
    "StoredEvent",
]  # fmt: skip


class StoredEvent(TypedDict, total=False):
    """The event as read beyond its lines (:attr:`SessionRow.event`, JSON): its title, ``names`` (pair → names),
    ``info`` (date, club … as written), ``players`` (pair → each player's number, name, club_number, extra),
    ``form`` and the hand records as PBN (``deals``)."""

    title: str
    names: dict[str, str]
    info: dict[str, str]
    players: dict[str, list[dict[str, Any]]]
    form: str
    deals: str


class Base(DeclarativeBase):
    pass


class SessionRow(Base):
    """One scored session (one file added).  Its lines go with it by the trigger ``sessions_delete_lines``
    (migration 0004), not by a foreign key: a migration that copies this table on SQLite must create it again."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(Text)
    competition: Mapped[str] = mapped_column(Text, default="")
    date: Mapped[str] = mapped_column(Text, default="")
    club: Mapped[str] = mapped_column(Text, default="")
    title: Mapped[str] = mapped_column(Text, default="")
    method: Mapped[str] = mapped_column(String(40))
    unit: Mapped[str] = mapped_column(String(10))
    boards: Mapped[int] = mapped_column(Integer, default=0)
    #: what was given to score it (``method``, ``as``, option names), so it can be scored again the same way
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    #: the event as read beyond its lines: ``names``, ``players`` (pair → players), ``info``, ``form``
    event: Mapped[StoredEvent] = mapped_column(JSON)
    file_name: Mapped[str] = mapped_column(Text)
    file_hash: Mapped[str] = mapped_column(String(64), index=True)
    #: the SHA-256 of the lines read (:func:`bridgescore.pairs.sessions.content_digest`): the same evening whatever its
    #: bytes
    content_hash: Mapped[str] = mapped_column(String(64), index=True, server_default="")
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)
    #: the movement its lines were checked against (``archive add --movement``), its ``bridgescore.movement/1`` JSON
    #: text; None: stored without one (migration 0003)
    movement: Mapped[str | None] = mapped_column(Text, nullable=True)

    board_rows: Mapped[list[BoardRow]] = relationship(back_populates="session", cascade="all, delete-orphan")
    pairs: Mapped[list[PairRow]] = relationship(back_populates="session", cascade="all, delete-orphan")

    __table_args__ = (
        UniqueConstraint("key", name="uq_sessions_key"),
        Index("ix_sessions_competition_date", "competition", "date"),
    )


class BoardRow(Base):
    """A board as it was compared: its field (a section, ``*`` across sections), datum and top."""

    __tablename__ = "boards"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(Text, default="")
    number: Mapped[int] = mapped_column(Integer)
    datum: Mapped[float | None] = mapped_column(Float, nullable=True)
    top: Mapped[float | None] = mapped_column(Float, nullable=True)
    scores: Mapped[int] = mapped_column(Integer, default=0)

    session: Mapped[SessionRow] = relationship(back_populates="board_rows")


class LineRow(Base):
    """One traveller line as read (every field of a ``Result``) and as scored (points and percentages)."""

    __tablename__ = "lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: its session, without a foreign key (migration 0004: the check of every line stored was half of PostgreSQL's
    #: time to store a million): deleted with it by the archive and, for a session deleted by anything else, by the
    #: trigger ``sessions_delete_lines``
    session_id: Mapped[int] = mapped_column(Integer, index=True)
    position: Mapped[int] = mapped_column(Integer)  # input order
    board: Mapped[int] = mapped_column(Integer)
    #: section, remarks and extra have a server default (migration 0004): a session's million lines that all have
    #: none are stored without binding a million empty values
    section: Mapped[str] = mapped_column(Text, default="", server_default="")
    ns_pair: Mapped[str] = mapped_column(Text)
    ew_pair: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20))
    contract: Mapped[str | None] = mapped_column(String(10), nullable=True)  # English, e.g. 4SX, PASS
    declarer: Mapped[str | None] = mapped_column(String(1), nullable=True)  # N E S W
    tricks: Mapped[int | None] = mapped_column(Integer, nullable=True)
    lead: Mapped[str | None] = mapped_column(Text, nullable=True)
    ns_score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    remarks: Mapped[str] = mapped_column(Text, default="", server_default="")
    extra: Mapped[dict[str, str]] = mapped_column(JSON, server_default="{}")
    source_file: Mapped[str | None] = mapped_column(Text, nullable=True)
    source_line: Mapped[int | None] = mapped_column(Integer, nullable=True)
    source_field: Mapped[str | None] = mapped_column(Text, nullable=True)
    source_kind: Mapped[str | None] = mapped_column(String(10), nullable=True)  # column, element, tag
    ns_points: Mapped[float | None] = mapped_column(Float, nullable=True)
    ew_points: Mapped[float | None] = mapped_column(Float, nullable=True)
    ns_percent: Mapped[float | None] = mapped_column(Float, nullable=True)
    ew_percent: Mapped[float | None] = mapped_column(Float, nullable=True)


class PairRow(Base):
    """A ranked pair of a session (:class:`bridgescore.pairs.sessions.PairSession`)."""

    __tablename__ = "pairs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(Text, index=True)
    position: Mapped[int] = mapped_column(Integer)  # ranking order
    section: Mapped[str] = mapped_column(Text, default="")
    pair: Mapped[str] = mapped_column(Text)
    direction: Mapped[str] = mapped_column(String(10), default="")
    names: Mapped[str] = mapped_column(Text, default="")
    boards: Mapped[int] = mapped_column(Integer, default=0)
    percent: Mapped[float | None] = mapped_column(Float, nullable=True)
    imps: Mapped[float | None] = mapped_column(Float, nullable=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)

    session: Mapped[SessionRow] = relationship(back_populates="pairs")
    players: Mapped[list[PairPlayer]] = relationship(
        back_populates="pair", cascade="all, delete-orphan", order_by="PairPlayer.seat"
    )


class PlayerRow(Base):
    """A player, stored once: ``key`` (``#number`` or ``~name``), the member number (unique where given)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(Text)
    number: Mapped[str | None] = mapped_column(Text, nullable=True)
    name: Mapped[str] = mapped_column(Text, default="")

    __table_args__ = (
        UniqueConstraint("key", name="uq_players_key"),
        UniqueConstraint("number", name="uq_players_number"),
    )


class PairPlayer(Base):
    """A player of a ranked pair, with the name, club number and extra fields that session wrote."""

    __tablename__ = "pair_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pair_id: Mapped[int] = mapped_column(ForeignKey("pairs.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(Text, default="")
    club_number: Mapped[str] = mapped_column(Text, default="")
    extra: Mapped[dict[str, str]] = mapped_column(JSON)

    pair: Mapped[PairRow] = relationship(back_populates="players")
    player: Mapped[PlayerRow] = relationship()

    __table_args__ = (UniqueConstraint("pair_id", "seat", name="uq_pair_players_seat"),)


class Correction(Base):
    """One version of a session: when, from which file, and what changed against the version before it (lines
    added, removed and changed with old → new score; pairs' percentage/IMPs and place old → new)."""

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_key: Mapped[str] = mapped_column(Text, index=True)
    version: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    file_name: Mapped[str] = mapped_column(Text)
    file_hash: Mapped[str] = mapped_column(String(64))
    changes: Mapped[dict[str, object]] = mapped_column(JSON)

    __table_args__ = (UniqueConstraint("session_key", "version", name="uq_corrections_version"),)


# --- the live evening (issue 22) ------------------------------------------------------------------------------
# The live evening's tables (issue 22), in the archive's database and migrated with it (revision 0005), so a
# finished evening becomes an archived session in the same database with no export step.
#
# Everything an evening needs is here and nowhere else – no process keeps any of it in memory – so several server
# processes (``bridgescore serve --workers N``, or several machines behind a proxy on one PostgreSQL) behave as one:
#
# * ``live_evenings``: one evening – date, club, title, method, the movement (JSON ``bridgescore.movement/1``), the
#   hand record (PBN), its settings and names, its state (``setup``, ``running``, ``closed``) and, once closed, the
#   archived session it became;
# * ``live_tables``: a table of a section with its code (what the table card prints; it lets a phone enter results
#   for that table only);
# * ``live_results``: the current result of a board at a table in a round, as a traveller line's fields (what the
#   CSV reader reads, so the engine scores the evening exactly as it scores a file);
# * ``live_entries``: every submission a table made, by its idempotency key (a retried or doubled submit finds its
#   first answer here and stores nothing twice);
# * ``live_changes``: every change of a result – who, when, why, before and after;
# * ``live_calls``: a table calling the director;
# * ``live_attempts``: wrong table codes, by address, to slow down guessing (shared by every process);
# * ``live_settings``: the director's password hash and the key that signs the cookies, shared by every process.


class LiveEvening(Base):
    """One live evening."""

    __tablename__ = "live_evenings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    date: Mapped[str] = mapped_column(Text, default="")
    club: Mapped[str] = mapped_column(Text, default="")
    title: Mapped[str] = mapped_column(Text, default="")
    method: Mapped[str] = mapped_column(String(40), default="matchpoints")
    preset: Mapped[str] = mapped_column(String(40), default="")
    state: Mapped[str] = mapped_column(String(10), default="setup")  # setup, running, closed
    movement: Mapped[str] = mapped_column(Text, default="")  # JSON bridgescore.movement/1
    movement_name: Mapped[str] = mapped_column(Text, default="")
    deals: Mapped[str] = mapped_column(Text, default="")  # PBN
    names: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)  # pair label → names
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    session_key: Mapped[str] = mapped_column(Text, default="")  # the archived session, once closed
    revision: Mapped[int] = mapped_column(Integer, default=0)  # grows with every stored change: what screens poll


class LiveTable(Base):
    """A table of a section of an evening, with the code its phone enters with."""

    __tablename__ = "live_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("live_evenings.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(Text, default="")
    number: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(16))

    __table_args__ = (
        UniqueConstraint("evening_id", "section", "number", name="uq_live_tables_table"),
        UniqueConstraint("evening_id", "code", name="uq_live_tables_code"),
    )


class LiveResult(Base):
    """The result of a board at a table in a round: the fields of a traveller line as bridgescore's CSV has them."""

    __tablename__ = "live_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("live_evenings.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(Text, default="")
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(Text)
    ew: Mapped[str] = mapped_column(Text)
    contract: Mapped[str] = mapped_column(Text, default="")  # English notation, PASS for a pass-out
    declarer: Mapped[str] = mapped_column(String(1), default="")
    result: Mapped[str] = mapped_column(String(4), default="")  # =, +1, -2
    lead: Mapped[str] = mapped_column(String(4), default="")
    score: Mapped[str] = mapped_column(Text, default="")  # NS score as written, empty for an adjustment
    remarks: Mapped[str] = mapped_column(Text, default="")  # A+, A60/40, N.G., a weighted score …
    entered_by: Mapped[str] = mapped_column(Text, default="")
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)
    #: the version of the deal played (Law 87, revision 0006): empty for the board as dealt
    fouled: Mapped[str] = mapped_column(Text, default="", server_default="")
    #: 1 where the pairs sat the wrong way: ``ns``/``ew`` hold the pairs as they sat, exchanged from the movement
    swapped: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    __table_args__ = (UniqueConstraint("evening_id", "section", "round", "table", "board", name="uq_live_results"),)


class LiveEntry(Base):
    """A table's submission, known by its idempotency key: its answer is given again to a retry."""

    __tablename__ = "live_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("live_evenings.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(64))
    result_id: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (UniqueConstraint("evening_id", "key", name="uq_live_entries_key"),)


class LiveChange(Base):
    """A change of a result: who made it, when, why, and the fields before and after."""

    __tablename__ = "live_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("live_evenings.id", ondelete="CASCADE"), index=True)
    result_id: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    who: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text, default="")
    before: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    after: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    published: Mapped[int] = mapped_column(Integer, default=0)  # 1: made after the evening was closed


class LiveCall(Base):
    """A table calling the director."""

    __tablename__ = "live_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("live_evenings.id", ondelete="CASCADE"), index=True)
    section: Mapped[str] = mapped_column(Text, default="")
    table: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LivePlayer(Base):
    """A player of a pair by member number, as the table's phone gave it at the start (one row per pair and seat:
    a second entry replaces the first, whichever process stores it)."""

    __tablename__ = "live_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("live_evenings.id", ondelete="CASCADE"), index=True)
    pair: Mapped[str] = mapped_column(Text)  # section:pair
    seat: Mapped[int] = mapped_column(Integer)  # 1 or 2
    number: Mapped[str] = mapped_column(Text)
    name: Mapped[str] = mapped_column(Text, default="")
    entered_by: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (UniqueConstraint("evening_id", "pair", "seat", name="uq_live_players_seat"),)


class LiveAttempt(Base):
    """A wrong table code or password, by the address it came from."""

    __tablename__ = "live_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    client: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_live_attempts_client_at", "client", "at"),)


class LiveSetting(Base):
    """A setting shared by every server process (the director's password hash, the cookie key)."""

    __tablename__ = "live_settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
