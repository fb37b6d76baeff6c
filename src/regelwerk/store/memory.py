"""An in-memory event store: for tests and throwaway tables (nothing persists)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import UTC, datetime

from regelwerk.store.base import ConflictError, NewEvent, StoredEvent, UnknownTable

__all__ = ["MemoryStore"]


class MemoryStore:
    """Keeps every table's log in a dict, guarded by one condition variable."""

    def __init__(self) -> None:
        self._logs: dict[str, list[StoredEvent]] = {}
        self._changed = threading.Condition()

    def create_table(self, table_id: str) -> None:
        with self._changed:
            if table_id in self._logs:
                raise ConflictError(f"a table with the id {table_id!r} exists")
            self._logs[table_id] = []

    def _log(self, table_id: str) -> list[StoredEvent]:
        try:
            return self._logs[table_id]
        except KeyError:
            raise UnknownTable(f"there is no table {table_id[:80]!r}") from None

    def append(
        self, table_id: str, expected_sequence: int, events: Sequence[NewEvent]
    ) -> list[StoredEvent]:
        with self._changed:
            log = self._log(table_id)
            if len(log) != expected_sequence:
                raise ConflictError(
                    f"the table is at event {len(log)}, not {expected_sequence}: read and retry"
                )
            now = datetime.now(UTC).isoformat(timespec="microseconds")
            stored = [
                StoredEvent(table_id, expected_sequence + i + 1, e.kind, dict(e.payload),
                            e.actor, tuple(e.audience), now)
                for i, e in enumerate(events)
            ]
            log.extend(stored)
            self._changed.notify_all()
            return stored

    def read(self, table_id: str, after: int = 0) -> list[StoredEvent]:
        with self._changed:
            return list(self._log(table_id)[max(after, 0):])

    def last_sequence(self, table_id: str) -> int:
        with self._changed:
            return len(self._log(table_id))

    def wait(self, table_id: str, after: int, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: len(self._log(table_id)) > after, timeout)

    def close(self) -> None:
        """Nothing to release."""
