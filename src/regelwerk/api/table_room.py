"""The table room of an app: its event store, the table service over it and the
feed that wakes streams, opened on first use and closed with the app.

The store is the one ``REGELWERK_DATABASE_URL`` names, else the SQLite file in
the data folder (``open_store_from_env``, see docs/store.md); ``use_store`` hands
an app a store of its own.
"""

from __future__ import annotations

import asyncio
import gc
import signal
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from types import FrameType
from typing import Any

from fastapi import FastAPI, Request
from starlette.concurrency import run_in_threadpool

from regelwerk.api.table_feed import EventFeed
from regelwerk.store import EventStore, StoreUnavailable, open_store_from_env
from regelwerk.table.service import TableService

__all__ = ["TableRoom", "lifespan", "room", "room_of", "use_store"]


class TableRoom:
    """One store, one service and one feed, opened once."""

    def __init__(self, store: EventStore | None = None) -> None:
        self._store = store
        self._service: TableService | None = None
        self._feed: EventFeed | None = None
        self._lock = threading.Lock()
        self._closed = False

    def open(self) -> tuple[TableService, EventFeed]:
        """The service and feed, opening the store on the first call (blocking)."""
        with self._lock:
            if self._closed:
                raise StoreUnavailable("the server is shutting down")
            if self._service is None or self._feed is None:
                if self._store is None:
                    self._store = open_store_from_env()
                self._service = TableService(self._store)
                self._feed = EventFeed(self._store)
                self._service.command_types()  # the commands' modules, imported now
                gc.freeze()  # and the store's objects leave the collector's walk with them
            return self._service, self._feed

    def opened(self) -> tuple[TableService, EventFeed] | None:
        """The service and feed if the store is open already (never blocks)."""
        service, feed = self._service, self._feed
        return (service, feed) if service is not None and feed is not None else None

    def end_streams(self) -> None:
        """Wake every stream so that it ends (the server is shutting down)."""
        with self._lock:
            feed = self._feed
        if feed is not None:
            feed.close()

    def close(self) -> None:
        """End the streams and release the store."""
        self.end_streams()
        with self._lock:
            store, self._store = self._store, None
            self._service = self._feed = None
            self._closed = True
        if store is not None:
            store.close()


def room_of(app: FastAPI) -> TableRoom:
    """The app's table room (made on first use)."""
    state = app.state
    if not hasattr(state, "table_room"):
        state.table_room = TableRoom()
    table_room: TableRoom = state.table_room
    return table_room


def use_store(app: FastAPI, store: EventStore) -> TableRoom:
    """Give ``app`` a table room over ``store`` (before it serves)."""
    app.state.table_room = TableRoom(store)
    return app.state.table_room  # type: ignore[no-any-return]


async def room(request: Request) -> tuple[TableService, EventFeed]:
    """Dependency: the service and feed of the request's app (opening the store,
    the first time, in the thread pool)."""
    table_room = room_of(request.app)
    parts = table_room.opened()
    return parts if parts is not None else await run_in_threadpool(table_room.open)


def _end_streams_on_signals(table_room: TableRoom) -> Callable[[], None]:
    """Make SIGINT and SIGTERM end the event streams before the server's own
    handler runs; answers a function that puts the handlers back.

    uvicorn waits for open responses before it shuts down and tells the app only
    after they finished, and an event stream never finishes by itself: so the
    streams learn of the signal here (in the main thread, where the server
    installed its handlers; elsewhere nothing is changed)."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    installed: dict[int, tuple[Callable[[int, FrameType | None], Any], Any]] = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        previous = signal.getsignal(number)
        if not callable(previous):
            continue

        def handler(sig: int, frame: FrameType | None, previous: Any = previous) -> None:
            # no locks in a signal handler: the loop ends the streams next
            loop.call_soon_threadsafe(table_room.end_streams)
            previous(sig, frame)

        signal.signal(number, handler)
        installed[number] = (handler, previous)

    def restore() -> None:
        for number, (handler, previous) in installed.items():
            if signal.getsignal(number) is handler:
                signal.signal(number, previous)

    return restore


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """End the streams on a shutdown signal; close the table room when the app stops."""
    table_room = room_of(app)
    restore = _end_streams_on_signals(table_room)
    try:
        yield
    finally:
        restore()
        await run_in_threadpool(table_room.close)
