"""Waking ``wait`` callers and ``watch`` listeners when a table's log grows, in this
process or another.

A ``Watcher`` keeps, for each table someone waits on or watches, the highest
sequence number heard of.  Appends in this process report to it directly; a
follower thread (SQLite: a poll of ``PRAGMA data_version``; PostgreSQL:
``LISTEN``) reports appends of other processes.  A waiter registers first, then
reads the database once, then sleeps on its table's condition: any append
after its read is reported by the follower, so no wake-up is lost and nobody
polls per waiter.  Each table has its own condition, so an append wakes only
the waiters of its table; a listener is called (outside the lock) once per new
highest number, however many streams it serves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["Listener", "Watcher"]

Listener = Callable[[str, int], None]
"""Called with a table id and its new last sequence number, from the thread that
learnt of it (an appender or the follower): it must be quick and thread-safe."""


class _Watched:
    """One table's waiters and listeners, and the highest number heard of."""

    __slots__ = ("changed", "latest", "listeners", "waiters")

    def __init__(self, lock: threading.Lock) -> None:
        self.changed = threading.Condition(lock)
        self.latest = 0
        self.waiters = 0
        self.listeners: list[Listener] = []


class Watcher:
    """The latest sequence number per waited-on or watched table."""

    def __init__(self, start_follower: Callable[[], None]) -> None:
        self._start_follower = start_follower
        self._lock = threading.Lock()
        self._busy = threading.Condition(self._lock)
        """Notified when a table is first watched and on closing (the follower idles on it)."""
        self._tables: dict[str, _Watched] = {}
        self._closed = False

    def note(self, table_id: str, sequence: int) -> None:
        """The log of ``table_id`` reached ``sequence``; wake its waiters and listeners."""
        with self._lock:
            watched = self._tables.get(table_id)
            if watched is None or sequence <= watched.latest:
                return
            watched.latest = sequence
            watched.changed.notify_all()
            listeners = list(watched.listeners)
        for listener in listeners:
            listener(table_id, sequence)

    def waited(self) -> list[str]:
        """The tables someone waits on or watches now."""
        with self._lock:
            return list(self._tables)

    def idle(self, timeout: float) -> bool:
        """Block while nobody waits or watches (up to ``timeout``); False once closed."""
        with self._busy:
            self._busy.wait_for(lambda: self._closed or bool(self._tables), timeout)
            return not self._closed

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Wake every waiter; they answer with what they know."""
        with self._lock:
            self._closed = True
            self._busy.notify_all()
            for watched in self._tables.values():
                watched.changed.notify_all()

    def _enter(self, table_id: str) -> _Watched:
        """The table's entry (made if new); hold the lock."""
        watched = self._tables.get(table_id)
        if watched is None:
            watched = self._tables[table_id] = _Watched(self._lock)
            self._busy.notify_all()
        return watched

    def _leave(self, table_id: str, watched: _Watched) -> None:
        """Forget the table once nobody waits or watches; hold the lock."""
        if not watched.waiters and not watched.listeners \
                and self._tables.get(table_id) is watched:
            del self._tables[table_id]

    def watch(self, table_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` on each new last sequence number of ``table_id`` (also
        another process's) until the answered function is called.  Events appended
        before this call are not reported: read them after watching."""
        with self._lock:
            watched = self._enter(table_id)
            watched.listeners.append(listener)

        def unwatch() -> None:
            with self._lock:
                if listener in watched.listeners:
                    watched.listeners.remove(listener)
                self._leave(table_id, watched)

        try:
            self._start_follower()
        except BaseException:
            unwatch()
            raise
        return unwatch

    def wait(self, table_id: str, after: int, timeout: float, current: Callable[[], int]) -> bool:
        """Wait until ``table_id`` has an event above ``after``; ``current`` reads
        the last sequence number from the database (and raises for an unknown table)."""
        deadline = time.monotonic() + max(timeout, 0.0)
        with self._lock:
            watched = self._enter(table_id)
            watched.waiters += 1
        try:
            self._start_follower()
            self.note(table_id, current())  # listeners hear of it too
            with self._lock:
                while watched.latest <= after and not self._closed:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        break
                    watched.changed.wait(remaining)
                return watched.latest > after
        finally:
            with self._lock:
                watched.waiters -= 1
                self._leave(table_id, watched)
