"""Bring a database's schema to the newest revision; every store does it on open.

Idempotent and safe when several processes open the same database at once: the
upgrade runs in one transaction that first takes the writer's lock (SQLite's
``BEGIN IMMEDIATE``, PostgreSQL's advisory lock), so the second opener waits and
then finds the schema at head.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, func, select

from regelwerk.store.base import StoreUnavailable
from regelwerk.store.schema import VERSION_TABLE

__all__ = ["LOCK_KEY", "current_revision", "head_revision", "upgrade"]

LOCK_KEY = 0x7265_6765_6C77
"""PostgreSQL advisory lock key held while migrating (``regelw`` in ASCII)."""


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", "regelwerk.store:migrations")
    return config


def head_revision() -> str:
    """The newest revision the code knows."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision a database is at, None for an empty one."""
    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
    return context.get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run every missing migration up to ``revision`` in one transaction."""
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(select(func.pg_advisory_xact_lock(LOCK_KEY)))
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, revision)
        except CommandError as error:  # e.g. a revision from a newer regelwerk
            raise StoreUnavailable(
                f"cannot bring the event store's schema to {revision}: {error} "
                "(was the database made by a newer regelwerk?)"
            ) from None


def downgrade(engine: Engine, revision: str) -> None:
    """Undo migrations down to ``revision`` (``base`` for none); for tests and repairs."""
    config = _config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(select(func.pg_advisory_xact_lock(LOCK_KEY)))
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
