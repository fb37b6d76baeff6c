"""Waking ``wait`` callers when a table's log grows, in this process or another.

A ``Watcher`` keeps, for each table someone is waiting on, the highest sequence
number heard of.  Appends in this process report to it directly; a follower
thread (SQLite: a poll of ``PRAGMA data_version``; PostgreSQL: ``LISTEN``)
reports appends of other processes.  A waiter registers first, then reads the
database once, then sleeps on the condition: any append after its read is
reported by the follower, so no wake-up is lost and nobody polls per waiter.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable

__all__ = ["Watcher"]


class Watcher:
    """The latest sequence number per waited-on table, and the waiters' condition."""

    def __init__(self, start_follower: Callable[[], None]) -> None:
        self._start_follower = start_follower
        self._changed = threading.Condition()
        self._waiting: Counter[str] = Counter()
        self._latest: dict[str, int] = {}
        self._closed = False

    def note(self, table_id: str, sequence: int) -> None:
        """The log of ``table_id`` reached ``sequence``; wake its waiters."""
        with self._changed:
            if table_id in self._waiting and sequence > self._latest.get(table_id, 0):
                self._latest[table_id] = sequence
                self._changed.notify_all()

    def waited(self) -> list[str]:
        """The tables someone waits on now."""
        with self._changed:
            return list(self._waiting)

    def idle(self, timeout: float) -> bool:
        """Block while nobody waits (up to ``timeout``); False once closed."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed or bool(self._waiting), timeout)
            return not self._closed

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Wake every waiter; they answer with what they know."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def wait(self, table_id: str, after: int, timeout: float, current: Callable[[], int]) -> bool:
        """Wait until ``table_id`` has an event above ``after``; ``current`` reads
        the last sequence number from the database (and raises for an unknown table)."""
        deadline = time.monotonic() + max(timeout, 0.0)
        with self._changed:
            self._waiting[table_id] += 1
        try:
            self._start_follower()
            seen = current()
            with self._changed:
                latest = max(self._latest.get(table_id, 0), seen)
                self._latest[table_id] = latest
                while self._latest[table_id] <= after and not self._closed:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        break
                    self._changed.wait(remaining)
                return self._latest[table_id] > after
        finally:
            with self._changed:
                self._waiting[table_id] -= 1
                if not self._waiting[table_id]:
                    del self._waiting[table_id]
                    self._latest.pop(table_id, None)
