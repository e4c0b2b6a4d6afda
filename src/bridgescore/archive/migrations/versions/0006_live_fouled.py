"""A live result's version of the deal and whether its pairs sat the wrong way (issue 22, the director's desk):
``live_results.fouled`` (empty: the board as dealt; else the version the director named, Law 87) and
``live_results.swapped`` (1: the movement's East-West pair sat North-South, the result stored with the pairs
exchanged).  Two columns with defaults: every result stored before is the board as dealt, the pairs as seated.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("live_results") as batch:
        batch.add_column(sa.Column("fouled", sa.Text(), nullable=False, server_default=""))
        batch.add_column(sa.Column("swapped", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("live_results") as batch:
        batch.drop_column("swapped")
        batch.drop_column("fouled")
