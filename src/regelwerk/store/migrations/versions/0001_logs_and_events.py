"""Logs and events: one row per table's log, one per event keyed by (table, sequence).

Revision ID: 0001
Revises:
Create Date: 2026-11-30
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
        "logs",
        sa.Column("table_id", sa.Text(), nullable=False),
        sa.Column("last_sequence", sa.BigInteger(), nullable=False),
        sa.Column("created", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="logs_pkey"),
        sa.CheckConstraint("last_sequence >= 0", name="logs_last_sequence_check"),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.Text(), nullable=False),
        sa.Column("sequence", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("actor", sa.Text(), nullable=False),
        sa.Column("audience", sa.Text(), nullable=False),
        sa.Column("time", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "sequence", name="events_pkey"),
        sa.ForeignKeyConstraint(["table_id"], ["logs.table_id"], name="events_table_id_fkey"),
        sa.CheckConstraint("sequence >= 1", name="events_sequence_check"),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("logs")
