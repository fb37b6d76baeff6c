"""Alembic's environment: runs on the connection ``regelwerk.store.migrate`` hands in.

That connection is already inside a transaction (and, on PostgreSQL, holds an
advisory lock), so every revision of one upgrade commits together or not at all.
"""

from __future__ import annotations

from alembic import context

from regelwerk.store.schema import VERSION_TABLE

connection = context.config.attributes["connection"]
context.configure(connection=connection, version_table=VERSION_TABLE)
with context.begin_transaction():
    context.run_migrations()
