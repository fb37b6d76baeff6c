"""The event store's contract: append-only logs of events, one per table.

The store knows nothing of games: an event is a kind, a JSON payload, an actor,
a time and an audience, numbered per table without gaps from 1.  Appends are
optimistic: the caller names the sequence number it expects to follow, and a
conflicting append is refused whole with ``ConflictError`` (HTTP 409), never
half-written, lost or duplicated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from regelwerk.errors import RegelwerkError

__all__ = [
    "ConflictError",
    "EventStore",
    "InvalidEvent",
    "NewEvent",
    "StoreUnavailable",
    "StoredEvent",
    "TableInfo",
    "UnknownTable",
]


class ConflictError(RegelwerkError):
    """Another append reached the table first; read the new events and retry."""

    code = "conflict"


class UnknownTable(RegelwerkError):
    """No table with that id is in the store."""

    code = "unknown_table"


class InvalidEvent(RegelwerkError, ValueError):
    """An id, kind, actor, audience or payload the store cannot keep faithfully
    (not JSON, not UTF-8, empty or too long); nothing was written."""

    code = "invalid_event"


class StoreUnavailable(RegelwerkError):
    """The database could not be reached or stayed locked; nothing was acknowledged,
    so the caller may retry with the same expected sequence number."""

    code = "store_unavailable"


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event that a decision produced and that is not stored yet.

    ``audience`` is ``("*",)`` for everyone, ``("gm",)`` for the game master,
    or the member ids of named players (the game master always sees all).
    """

    kind: str
    payload: dict[str, Any]
    actor: str
    audience: tuple[str, ...] = ("*",)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the store keeps it: numbered and timed."""

    table_id: str
    sequence: int
    kind: str
    payload: dict[str, Any]
    actor: str
    audience: tuple[str, ...]
    time: str
    """UTC time of the append, ISO 8601 with microseconds."""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table's log at a glance: its id, last sequence number and creation time."""

    table_id: str
    last_sequence: int
    created: str
    """UTC time of ``create_table``, ISO 8601 with microseconds."""


class EventStore(Protocol):
    """What every store (memory, SQLite, PostgreSQL) does."""

    def create_table(self, table_id: str) -> None:
        """Make an empty log; ``ConflictError`` if the id exists."""
        ...

    def append(
        self, table_id: str, expected_sequence: int, events: Sequence[NewEvent]
    ) -> list[StoredEvent]:
        """Append ``events`` after ``expected_sequence`` (the last number the caller
        saw, 0 for none) in one transaction; durable when it returns.  Raises
        ``ConflictError`` when the log has moved on, ``UnknownTable`` if absent."""
        ...

    def read(self, table_id: str, after: int = 0) -> list[StoredEvent]:
        """The events with a sequence number above ``after``, in order."""
        ...

    def last_sequence(self, table_id: str) -> int:
        """The highest sequence number of the table, 0 for an empty log."""
        ...

    def tables(self) -> list[TableInfo]:
        """Every table in the store, ordered by id."""
        ...

    def wait(self, table_id: str, after: int, timeout: float) -> bool:
        """Block up to ``timeout`` seconds until the table has an event above
        ``after`` (also one appended by another process); True if it has."""
        ...

    def watch(self, table_id: str, listener: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``listener(table_id, last_sequence)`` whenever the table's log grows
        (also by another process), from whichever thread learns of it, until the
        answered function is called.  A hint, at least once per new number: read
        the events after watching, and read again on each call."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...
