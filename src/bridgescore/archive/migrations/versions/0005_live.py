"""The live evening's tables (issue 22): an evening, its tables and their codes, its results, every table's
submission by its idempotency key, every change with who and why, the tables' calls, the players' member numbers
given at the tables, wrong codes by address, and the settings every server process shares
(:mod:`bridgescore.archive.models`, "the live evening").  New tables only: nothing stored before is touched.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _evening() -> sa.Column[int]:
    return sa.Column("evening_id", sa.Integer(), sa.ForeignKey("live_evenings.id", ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    when = sa.DateTime(timezone=True)
    op.create_table(
        "live_evenings",
        sa.Column("id", sa.Integer(), primary_key=True),
        *(sa.Column(name, sa.Text(), nullable=False) for name in ("date", "club", "title")),
        sa.Column("method", sa.String(40), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        *(sa.Column(name, sa.Text(), nullable=False) for name in ("movement", "movement_name", "deals")),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("created_at", when, nullable=False),
        sa.Column("closed_at", when, nullable=True),
        sa.Column("session_key", sa.Text(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
    )
    op.create_table(
        "live_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        _evening(),
        sa.Column("section", sa.Text(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.UniqueConstraint("evening_id", "code", name="uq_live_tables_code"),
        sa.UniqueConstraint("evening_id", "section", "number", name="uq_live_tables_table"),
    )
    op.create_index("ix_live_tables_evening_id", "live_tables", ["evening_id"])
    op.create_table(
        "live_results",
        sa.Column("id", sa.Integer(), primary_key=True),
        _evening(),
        sa.Column("section", sa.Text(), nullable=False),
        *(sa.Column(name, sa.Integer(), nullable=False) for name in ("round", "table", "board")),
        *(sa.Column(name, sa.Text(), nullable=False) for name in ("ns", "ew", "contract")),
        sa.Column("declarer", sa.String(1), nullable=False),
        sa.Column("result", sa.String(4), nullable=False),
        sa.Column("lead", sa.String(4), nullable=False),
        *(sa.Column(name, sa.Text(), nullable=False) for name in ("score", "remarks", "entered_by")),
        sa.Column("entered_at", when, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("evening_id", "section", "round", "table", "board", name="uq_live_results"),
    )
    op.create_index("ix_live_results_evening_id", "live_results", ["evening_id"])
    op.create_table(
        "live_entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        _evening(),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("result_id", sa.Integer(), nullable=False),
        sa.Column("at", when, nullable=False),
        sa.UniqueConstraint("evening_id", "key", name="uq_live_entries_key"),
    )
    op.create_table(
        "live_changes",
        sa.Column("id", sa.Integer(), primary_key=True),
        _evening(),
        sa.Column("result_id", sa.Integer(), nullable=False),
        sa.Column("at", when, nullable=False),
        sa.Column("who", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=False),
        sa.Column("after", sa.JSON(), nullable=False),
        sa.Column("published", sa.Integer(), nullable=False),
    )
    op.create_index("ix_live_changes_evening_id", "live_changes", ["evening_id"])
    op.create_table(
        "live_calls",
        sa.Column("id", sa.Integer(), primary_key=True),
        _evening(),
        sa.Column("section", sa.Text(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("at", when, nullable=False),
        sa.Column("answered_at", when, nullable=True),
    )
    op.create_index("ix_live_calls_evening_id", "live_calls", ["evening_id"])
    op.create_table(
        "live_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        _evening(),
        sa.Column("pair", sa.Text(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        *(sa.Column(name, sa.Text(), nullable=False) for name in ("number", "name", "entered_by")),
        sa.Column("at", when, nullable=False),
        sa.UniqueConstraint("evening_id", "pair", "seat", name="uq_live_players_seat"),
    )
    op.create_index("ix_live_players_evening_id", "live_players", ["evening_id"])
    op.create_table(
        "live_attempts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("client", sa.Text(), nullable=False),
        sa.Column("at", when, nullable=False),
    )
    op.create_index("ix_live_attempts_client_at", "live_attempts", ["client", "at"])
    op.create_table(
        "live_settings",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for name in ("live_settings", "live_attempts", "live_players", "live_calls", "live_changes", "live_entries",
                 "live_results", "live_tables", "live_evenings"):  # fmt: skip
        op.drop_table(name)
