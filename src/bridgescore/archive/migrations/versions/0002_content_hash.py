"""The digest of a session's lines (issue 19): ``sessions.content_hash``, what a second copy of an evening is known
by whatever its bytes (the file saved again with a BOM and CRLF was a new session: the file's SHA-256 differed).
Filled for the sessions stored already from their stored lines, with the function that computes it for a new one
(:func:`bridgescore.pairs.sessions.content_digest`).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from bridgescore.pairs.sessions import CONTENT_FIELDS, content_digest

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # added in place (ALTER TABLE … ADD COLUMN, NOT NULL with a default for the rows there): never a batch copy of
    # the table, which on SQLite drops the old one – and with it, by ON DELETE CASCADE, every stored line
    op.add_column("sessions", sa.Column("content_hash", sa.String(64), nullable=False, server_default=""))
    sessions = sa.table("sessions", sa.column("id", sa.Integer()), sa.column("content_hash", sa.String(64)))
    lines = sa.table(
        "lines",
        sa.column("session_id", sa.Integer()),
        sa.column("position", sa.Integer()),
        *(sa.column(name, sa.JSON() if name == "extra" else None) for name in CONTENT_FIELDS),
    )
    bind = op.get_bind()
    for (session_id,) in bind.execute(sa.select(sessions.c.id)).all():
        rows = bind.execute(
            sa.select(*(lines.c[name] for name in CONTENT_FIELDS))
            .where(lines.c.session_id == session_id)
            .order_by(lines.c.position)
        ).all()
        columns = {name: [row[i] for row in rows] for i, name in enumerate(CONTENT_FIELDS)}
        columns["extra"] = [extra or {} for extra in columns["extra"]]
        bind.execute(
            sa.update(sessions).where(sessions.c.id == session_id).values(content_hash=content_digest(columns))
        )
    op.create_index("ix_sessions_content_hash", "sessions", ["content_hash"])


def downgrade() -> None:
    op.drop_index("ix_sessions_content_hash", "sessions")
    op.execute("ALTER TABLE sessions DROP COLUMN content_hash")  # in place (SQLite 3.35+), as added
