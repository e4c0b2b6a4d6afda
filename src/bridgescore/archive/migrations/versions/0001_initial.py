"""The archive's first schema (issue 13): sessions, boards, lines, pairs, players, pair–player links, corrections.

Revision ID: 0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("competition", sa.Text(), nullable=False),
        sa.Column("date", sa.Text(), nullable=False),
        sa.Column("club", sa.Text(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.Column("method", sa.String(40), nullable=False),
        sa.Column("unit", sa.String(10), nullable=False),
        sa.Column("boards", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("event", sa.JSON(), nullable=False),
        sa.Column("file_name", sa.Text(), nullable=False),
        sa.Column("file_hash", sa.String(64), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("key", name="uq_sessions_key"),
    )
    op.create_index("ix_sessions_competition_date", "sessions", ["competition", "date"])
    op.create_index("ix_sessions_file_hash", "sessions", ["file_hash"])
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("section", sa.Text(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("datum", sa.Float(), nullable=True),
        sa.Column("top", sa.Float(), nullable=True),
        sa.Column("scores", sa.Integer(), nullable=False),
    )
    op.create_index("ix_boards_session_id", "boards", ["session_id"])
    op.create_table(
        "lines",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("section", sa.Text(), nullable=False),
        sa.Column("ns_pair", sa.Text(), nullable=False),
        sa.Column("ew_pair", sa.Text(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("contract", sa.String(10), nullable=True),
        sa.Column("declarer", sa.String(1), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("lead", sa.Text(), nullable=True),
        sa.Column("ns_score", sa.Integer(), nullable=True),
        sa.Column("remarks", sa.Text(), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.Column("source_file", sa.Text(), nullable=True),
        sa.Column("source_line", sa.Integer(), nullable=True),
        sa.Column("source_field", sa.Text(), nullable=True),
        sa.Column("source_kind", sa.String(10), nullable=True),
        sa.Column("ns_points", sa.Float(), nullable=True),
        sa.Column("ew_points", sa.Float(), nullable=True),
        sa.Column("ns_percent", sa.Float(), nullable=True),
        sa.Column("ew_percent", sa.Float(), nullable=True),
    )
    op.create_index("ix_lines_session_id", "lines", ["session_id"])
    op.create_table(
        "pairs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("section", sa.Text(), nullable=False),
        sa.Column("pair", sa.Text(), nullable=False),
        sa.Column("direction", sa.String(10), nullable=False),
        sa.Column("names", sa.Text(), nullable=False),
        sa.Column("boards", sa.Integer(), nullable=False),
        sa.Column("percent", sa.Float(), nullable=True),
        sa.Column("imps", sa.Float(), nullable=True),
        sa.Column("place", sa.Integer(), nullable=True),
    )
    op.create_index("ix_pairs_session_id", "pairs", ["session_id"])
    op.create_index("ix_pairs_key", "pairs", ["key"])
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("number", sa.Text(), nullable=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.UniqueConstraint("key", name="uq_players_key"),
        sa.UniqueConstraint("number", name="uq_players_number"),
    )
    op.create_table(
        "pair_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("pair_id", sa.Integer(), sa.ForeignKey("pairs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("club_number", sa.Text(), nullable=False),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.UniqueConstraint("pair_id", "seat", name="uq_pair_players_seat"),
    )
    op.create_index("ix_pair_players_pair_id", "pair_players", ["pair_id"])
    op.create_index("ix_pair_players_player_id", "pair_players", ["player_id"])
    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_key", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("file_name", sa.Text(), nullable=False),
        sa.Column("file_hash", sa.String(64), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.UniqueConstraint("session_key", "version", name="uq_corrections_version"),
    )
    op.create_index("ix_corrections_session_key", "corrections", ["session_key"])


def downgrade() -> None:
    for table in ("corrections", "pair_players", "players", "pairs", "lines", "boards", "sessions"):
        op.drop_table(table)
