"""An in-memory event store: for tests and throwaway tables (nothing persists).

Events go through the same checks and JSON encoding as in the database stores,
so a payload reads back from memory exactly as it would from SQLite or
PostgreSQL (tuples become lists; what JSON cannot carry is refused).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from regelwerk.store import codec
from regelwerk.store.base import (
    ConflictError,
    NewEvent,
    StoredEvent,
    TableInfo,
    UnknownTable,
)

__all__ = ["MemoryStore"]


class MemoryStore:
    """Keeps every table's log in a dict, guarded by one condition variable."""

    def __init__(self) -> None:
        self._logs: dict[str, list[StoredEvent]] = {}
        self._created: dict[str, str] = {}
        self._changed = threading.Condition()
        self._listeners: dict[str, list[Callable[[str, int], None]]] = {}

    def create_table(self, table_id: str) -> None:
        codec.check_id("table id", table_id)
        with self._changed:
            if table_id in self._logs:
                raise ConflictError(f"a table with the id {table_id!r} exists")
            self._logs[table_id] = []
            self._created[table_id] = codec.now()

    def _log(self, table_id: str) -> list[StoredEvent]:
        try:
            return self._logs[table_id]
        except (KeyError, TypeError):
            raise UnknownTable(f"there is no table {str(table_id)[:80]!r}") from None

    def append(
        self, table_id: str, expected_sequence: int, events: Sequence[NewEvent]
    ) -> list[StoredEvent]:
        with self._changed:
            log = self._log(table_id)
            codec.check_number("expected sequence", expected_sequence)
            encoded = codec.encode(events)
            if len(log) != expected_sequence:
                raise ConflictError(
                    f"the table is at event {len(log)}, not {expected_sequence}: read and retry"
                )
            now = codec.now()
            stored = [
                codec.decode(table_id, expected_sequence + i + 1, e.kind, e.payload,
                             e.actor, e.audience, now)
                for i, e in enumerate(encoded)
            ]
            log.extend(stored)
            self._changed.notify_all()
            listeners = list(self._listeners.get(table_id, ())) if stored else []
        for listener in listeners:
            listener(table_id, stored[-1].sequence)
        return stored

    def read(self, table_id: str, after: int = 0) -> list[StoredEvent]:
        with self._changed:
            log = self._log(table_id)
            return list(log[max(codec.check_number("after", after), 0):])

    def last_sequence(self, table_id: str) -> int:
        with self._changed:
            return len(self._log(table_id))

    def tables(self) -> list[TableInfo]:
        with self._changed:
            return [TableInfo(table_id, len(self._logs[table_id]), self._created[table_id])
                    for table_id in sorted(self._logs)]

    def wait(self, table_id: str, after: int, timeout: float) -> bool:
        codec.check_number("after", after)
        with self._changed:
            return self._changed.wait_for(
                lambda: len(self._log(table_id)) > after, max(timeout, 0.0)
            )

    def watch(self, table_id: str, listener: Callable[[str, int], None]) -> Callable[[], None]:
        with self._changed:
            self._listeners.setdefault(table_id, []).append(listener)

        def unwatch() -> None:
            with self._changed:
                listeners = self._listeners.get(table_id, [])
                if listener in listeners:
                    listeners.remove(listener)
                if not listeners:
                    self._listeners.pop(table_id, None)

        return unwatch

    def close(self) -> None:
        """Nothing to release."""
