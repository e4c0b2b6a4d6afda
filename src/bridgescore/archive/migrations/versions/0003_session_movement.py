"""The section's movement kept with its session (issue 21): ``sessions.movement``, the schedule the session's lines
were checked against (``archive add --movement NAME|FILE``) as its ``bridgescore.movement/1`` JSON text, so that a
correction (``archive add --replace``) and a later check use it again.  NULL for a session stored without one (every
session stored before this revision).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # added in place (ALTER TABLE … ADD COLUMN, nullable: the rows there get NULL): never a batch copy of the table,
    # which on SQLite drops the old one – and with it, by ON DELETE CASCADE, every stored line
    op.add_column("sessions", sa.Column("movement", sa.Text(), nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE sessions DROP COLUMN movement")  # in place (SQLite 3.35+), as added
