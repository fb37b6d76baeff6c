"""The store's two tables as SQLAlchemy Core objects, for the queries.

The schema itself is made and changed only by the Alembic migrations in
``migrations/versions`` (see ``docs/store.md``); this module must describe the
head revision.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, CheckConstraint, Column, ForeignKey, MetaData, Table, Text

__all__ = ["VERSION_TABLE", "events", "logs", "metadata"]

VERSION_TABLE = "store_version"
"""Alembic's table holding the schema revision."""

metadata = MetaData()

logs = Table(
    "logs",
    metadata,
    Column("table_id", Text, primary_key=True),
    Column("last_sequence", BigInteger, nullable=False),
    Column("created", Text, nullable=False),
    CheckConstraint("last_sequence >= 0", name="logs_last_sequence_check"),
)
"""One row per table: the head of its log (compare-and-set on append)."""

events = Table(
    "events",
    metadata,
    Column("table_id", Text, ForeignKey("logs.table_id", name="events_table_id_fkey"),
           primary_key=True),
    Column("sequence", BigInteger, primary_key=True),
    Column("kind", Text, nullable=False),
    Column("payload", Text, nullable=False),
    Column("actor", Text, nullable=False),
    Column("audience", Text, nullable=False),
    Column("time", Text, nullable=False),
    CheckConstraint("sequence >= 1", name="events_sequence_check"),
)
"""Every event, keyed by (table, sequence)."""
