"""Waking the streams of a table when it has new events, without blocking the
event loop and without a thread per table.

A stream subscribes to its table and sleeps on an ``asyncio.Event``.  Two things
wake it: ``announce`` right after this process appended (the web pages' fast
path), and the store's ``watch``: the first subscriber of a table registers one
listener with the store, which calls it with the new last sequence number on
every append of this process and, through the store's follower (PostgreSQL's
LISTEN/NOTIFY, the poll of a shared SQLite file), of other processes.  The
listener hands the number to the event loop of each subscription, so an append
costs one call per stream, no database query.

Waking is only a hint: the stream then asks the service for its events, telling
it the number it was woken for (``Subscription.clear``): when the service's
cached state has reached it, the events come from memory; otherwise the
service reads the store.  A stream that was not woken for a heartbeat's time
reads the store, so even a lost hint costs at most a heartbeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

from regelwerk.errors import RegelwerkError
from regelwerk.store import EventStore

__all__ = ["EventFeed", "Subscription"]


class Subscription:
    """One stream's wake-up call, bound to the event loop it was made on.  Its
    fields are only touched on that loop."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self._loop = asyncio.get_running_loop()
        self._event = asyncio.Event()
        self._known = 0
        """The highest sequence number announced: the store has it."""
        self._stale = True
        """Whether the next read must ask the store (first read, a hint without a
        number, a heartbeat's silence)."""

    def wake(self, sequence: int | None = None) -> None:
        """Wake the stream (from any thread): the table reached ``sequence`` (None:
        it changed somehow)."""
        _wake_all([self], sequence)

    def _woken(self, sequence: int | None) -> None:
        if sequence is None:
            self._stale = True
        elif sequence > self._known:
            self._known = sequence
        self._event.set()

    def clear(self) -> int | None:
        """Forget earlier wake-ups; call before reading the events.  Answers the
        number the store is known to have reached (the service may answer from
        memory up to it), or None when the read must ask the store."""
        self._event.clear()
        stale, self._stale = self._stale, False
        return None if stale else self._known

    async def wait(self, timeout: float) -> bool:
        """Sleep until woken or ``timeout`` seconds passed; True if woken (else the
        next read asks the store)."""
        try:
            async with asyncio.timeout(timeout):
                await self._event.wait()
        except TimeoutError:
            self._stale = True
            return False
        return True


def _wake_all(subscriptions: list[Subscription], sequence: int | None) -> None:
    """Wake streams from any thread: one hand-over to each event loop, however
    many of its streams wake."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Subscription]] = {}
    for subscription in subscriptions:
        by_loop.setdefault(subscription._loop, []).append(subscription)
    try:
        running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    for loop, woken in by_loop.items():
        if loop is running:
            _woken(woken, sequence)
            continue
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to wake
            loop.call_soon_threadsafe(_woken, woken, sequence)


def _woken(subscriptions: list[Subscription], sequence: int | None) -> None:
    for subscription in subscriptions:
        subscription._woken(sequence)


class _Channel:
    """The subscriptions of one table and its listener with the store."""

    def __init__(self) -> None:
        self.subscribers: set[Subscription] = set()
        self.unwatch: Callable[[], None] | None = None
        self.woken = 0
        self.guard = threading.Lock()
        """Held while the listener is registered or removed."""
        self.gone = False


class EventFeed:
    """The subscriptions of every table, woken through one store listener per table."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._channels: dict[str, _Channel] = {}
        self._closed = threading.Event()

    @property
    def closed(self) -> bool:
        """True once the server is shutting down: streams end."""
        return self._closed.is_set()

    @contextlib.asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[Subscription]:
        """A subscription to ``table_id`` for the duration of the block; the table
        is watched before the block begins, so a read inside it misses nothing."""
        subscription = Subscription(table_id)
        with self._lock:
            channel = self._channels.get(table_id)
            if channel is None:
                channel = self._channels[table_id] = _Channel()
            channel.subscribers.add(subscription)
        try:
            if channel.unwatch is None and not self.closed:
                await run_in_threadpool(self._watch, table_id, channel)
            yield subscription
        finally:
            with self._lock:
                channel.subscribers.discard(subscription)
                last = not channel.subscribers and self._channels.get(table_id) is channel
                if last:
                    del self._channels[table_id]
            if last:
                self._unwatch(channel)

    def _watch(self, table_id: str, channel: _Channel) -> None:
        """Register the table's listener with the store (blocking: the store may
        start its follower).  A store that cannot watch now leaves the streams to
        their heartbeat reads; the next subscriber tries again."""
        with channel.guard:
            if channel.unwatch is not None or channel.gone:
                return
            with contextlib.suppress(RegelwerkError):
                channel.unwatch = self._store.watch(table_id, self._heard)

    @staticmethod
    def _unwatch(channel: _Channel) -> None:
        with channel.guard:
            channel.gone = True
            unwatch, channel.unwatch = channel.unwatch, None
        if unwatch is not None:
            unwatch()

    def _heard(self, table_id: str, sequence: int) -> None:
        """The store's listener: the table's log reached ``sequence``."""
        self.announce(table_id, sequence)

    def announce(self, table_id: str, sequence: int | None = None) -> None:
        """Wake the streams of ``table_id``: its log reached ``sequence`` (None: it
        changed).  A sequence number the streams were already woken for wakes
        nobody again, so an append that both this process announces and the
        store reports costs each stream one read."""
        with self._lock:
            channel = self._channels.get(table_id)
            if channel is None:
                return
            if sequence is not None:
                if sequence <= channel.woken:
                    return
                channel.woken = sequence
            subscribers = list(channel.subscribers)
        _wake_all(subscribers, sequence)

    def close(self) -> None:
        """Stop watching and wake every stream so that it ends."""
        self._closed.set()
        with self._lock:
            channels = list(self._channels.values())
        for channel in channels:
            self._unwatch(channel)
            _wake_all(list(channel.subscribers), None)
