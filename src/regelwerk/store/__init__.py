"""The event store: where a table's events are kept (see ``base`` for the contract).

``open_store(url)`` picks the implementation from a URL: ``memory:`` keeps
events in memory; SQLite (the default, a file under the data directory) and
PostgreSQL (``REGELWERK_DATABASE_URL``) live in their own modules.
"""

from __future__ import annotations

from regelwerk.store.base import ConflictError, EventStore, NewEvent, StoredEvent, UnknownTable
from regelwerk.store.memory import MemoryStore

__all__ = [
    "ConflictError",
    "EventStore",
    "MemoryStore",
    "NewEvent",
    "StoredEvent",
    "UnknownTable",
    "open_store",
]


def open_store(url: str | None = None) -> EventStore:
    """The store a URL names; ``memory:`` for an in-memory store."""
    if url in (None, "memory:"):
        return MemoryStore()
    raise ValueError(f"unsupported store URL: {url[:80]!r} (use memory:)")
