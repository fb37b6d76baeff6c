"""The event store: where a table's events are kept (see ``base`` for the contract).

``open_store(url)`` picks the implementation from a URL:

- ``memory:`` keeps events in memory (nothing persists);
- ``sqlite:///path/to/file.sqlite3`` (and no URL at all: ``regelwerk.sqlite3``
  in the data folder) is the default, a file with no set-up;
- ``postgresql://user:password@host:port/database`` for hosted tables and
  several server processes.

``open_store_from_env()`` reads ``REGELWERK_DATABASE_URL`` and
``REGELWERK_DATA_DIR`` (see ``docs/store.md``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from regelwerk.store.base import (
    ConflictError,
    EventStore,
    InvalidEvent,
    NewEvent,
    StoredEvent,
    StoreUnavailable,
    TableInfo,
    UnknownTable,
)
from regelwerk.store.memory import MemoryStore

__all__ = [
    "DATABASE_URL",
    "DATA_DIR",
    "DEFAULT_FILE",
    "ConflictError",
    "EventStore",
    "InvalidEvent",
    "MemoryStore",
    "NewEvent",
    "StoreUnavailable",
    "StoredEvent",
    "TableInfo",
    "UnknownTable",
    "data_dir",
    "open_store",
    "open_store_from_env",
    "store_url",
]

DATABASE_URL = "REGELWERK_DATABASE_URL"
"""Environment variable: the store's URL (PostgreSQL, SQLite or ``memory:``)."""
DATA_DIR = "REGELWERK_DATA_DIR"
"""Environment variable: the folder of the default SQLite file."""
DEFAULT_FILE = "regelwerk.sqlite3"


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``REGELWERK_DATA_DIR``, else the user's data folder (``~/.local/share/regelwerk``
    on Linux, its like on macOS and Windows)."""
    env = os.environ if environ is None else environ
    configured = env.get(DATA_DIR, "").strip()
    if configured:
        return Path(configured).expanduser()
    return platformdirs.user_data_path("regelwerk", appauthor=False)


def store_url(environ: Mapping[str, str] | None = None) -> str:
    """``REGELWERK_DATABASE_URL``, else the SQLite file in ``data_dir``."""
    env = os.environ if environ is None else environ
    configured = env.get(DATABASE_URL, "").strip()
    if configured:
        return configured
    return f"sqlite:///{data_dir(env) / DEFAULT_FILE}"


def open_store(url: str | None = None) -> EventStore:
    """The store a URL names; without one, the default SQLite file in ``data_dir()``.

    Opening a database runs its schema migrations; ``StoreUnavailable`` when it
    cannot be reached, ``ValueError`` for a URL that names no store."""
    if url is None:
        url = f"sqlite:///{data_dir() / DEFAULT_FILE}"
    if url == "memory:":
        return MemoryStore()
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(f"not a store URL: {url[:80]!r} ({_ALLOWED})") from None
    if parsed.drivername in ("sqlite", "sqlite+pysqlite"):
        if parsed.database in (None, "", ":memory:"):
            raise ValueError(f"a SQLite URL names a file: sqlite:///path ({_ALLOWED})")
        from regelwerk.store.sqlite import SqliteStore

        return SqliteStore(Path(parsed.database).expanduser())
    if parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg"):
        from regelwerk.store.postgres import PostgresStore

        return PostgresStore(parsed)
    raise ValueError(f"unsupported store URL: {parsed.drivername}:// ({_ALLOWED})")


_ALLOWED = "use memory:, sqlite:///path or postgresql://user@host/database"


def open_store_from_env(environ: Mapping[str, str] | None = None) -> EventStore:
    """The store that ``REGELWERK_DATABASE_URL`` (or ``REGELWERK_DATA_DIR``) names."""
    return open_store(store_url(environ))
