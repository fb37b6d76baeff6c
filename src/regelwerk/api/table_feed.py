"""Waking the streams of a table when it has new events, without blocking the
event loop.

A stream subscribes to its table and sleeps on an ``asyncio.Event``.  Two things
wake it: ``announce`` right after this process appended (the fast path), and one
watcher thread per table with subscribers, which blocks in the store's ``wait``
and so also learns of events another process appended (PostgreSQL's
LISTEN/NOTIFY, a shared SQLite file).  Waking is only a hint: the stream then
reads its events from the store, so a spurious wake costs a read and a missed
one at most a heartbeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

from regelwerk.store import EventStore

__all__ = ["EventFeed", "Subscription"]

_WATCH_SLICE = 1.0
"""Seconds a watcher blocks in ``store.wait`` before it checks for subscribers."""


class Subscription:
    """One stream's wake-up call, bound to the event loop it was made on."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self._loop = asyncio.get_running_loop()
        self._event = asyncio.Event()

    def wake(self) -> None:
        """Wake the stream (from any thread)."""
        try:
            on_loop = asyncio.get_running_loop() is self._loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            self._event.set()
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to wake
            self._loop.call_soon_threadsafe(self._event.set)

    def clear(self) -> None:
        """Forget earlier wake-ups; call before reading the events."""
        self._event.clear()

    async def wait(self, timeout: float) -> bool:
        """Sleep until woken or ``timeout`` seconds passed; True if woken."""
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except TimeoutError:
            return False
        return True


class EventFeed:
    """The subscriptions of every table, and a watcher thread per watched table."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscription]] = {}
        self._watchers: dict[str, threading.Thread] = {}
        self._woken: dict[str, int] = {}
        self._closed = threading.Event()

    @property
    def closed(self) -> bool:
        """True once the server is shutting down: streams end."""
        return self._closed.is_set()

    @contextlib.contextmanager
    def subscribe(self, table_id: str) -> Iterator[Subscription]:
        """A subscription to ``table_id`` for the duration of the block."""
        subscription = Subscription(table_id)
        with self._lock:
            self._subscribers.setdefault(table_id, set()).add(subscription)
            if table_id not in self._watchers and not self.closed:
                watcher = threading.Thread(target=self._watch, args=(table_id,),
                                           name=f"regelwerk-feed-{table_id}", daemon=True)
                self._watchers[table_id] = watcher
                watcher.start()
        try:
            yield subscription
        finally:
            with self._lock:
                subscribers = self._subscribers.get(table_id, set())
                subscribers.discard(subscription)

    def announce(self, table_id: str, sequence: int | None = None) -> None:
        """Wake the streams of ``table_id``: its log reached ``sequence`` (None: it
        changed).  A sequence number the streams were already woken for wakes
        nobody again, so an append that both this process announces and the
        watcher hears of costs each stream one read."""
        with self._lock:
            if sequence is not None:
                if sequence <= self._woken.get(table_id, 0):
                    return
                self._woken[table_id] = sequence
            subscribers = list(self._subscribers.get(table_id, ()))
        for subscription in subscribers:
            subscription.wake()

    def close(self) -> None:
        """Stop watching and wake every stream so that it ends."""
        self._closed.set()
        with self._lock:
            everyone = [s for group in self._subscribers.values() for s in group]
        for subscription in everyone:
            subscription.wake()

    def _watching(self, table_id: str) -> bool:
        with self._lock:
            if self.closed or not self._subscribers.get(table_id):
                self._watchers.pop(table_id, None)
                self._subscribers.pop(table_id, None)
                self._woken.pop(table_id, None)
                return False
            return True

    def _watch(self, table_id: str) -> None:
        """Block in the store's wait; wake the table's streams on every new event.

        The last sequence number is read *before* the streams are woken, so an
        event appended after a woken stream's read always ends a later wait."""
        try:
            last = self._store.last_sequence(table_id)
            self.announce(table_id)
            while self._watching(table_id):
                if self._store.wait(table_id, last, _WATCH_SLICE):
                    last = self._store.last_sequence(table_id)
                    self.announce(table_id, last)
        except Exception:  # a vanished table or a closed store: the streams poll on
            with self._lock:
                self._watchers.pop(table_id, None)
