"""The live log of a table page: Server-Sent Events of rendered log entries.

Each event the viewer may see goes out as an ``event: log`` message whose
``id`` is its sequence number and whose data is the entry's HTML; after each
batch an ``event: changed`` message tells the page's panels to reload.  A
reconnecting browser sends ``Last-Event-ID`` and gets what it missed; a page's
first connection names the last entry it shows (``?after=``).  The events come
from the service's per-viewer filter, so a secret never enters the stream.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from regelwerk.api.table_feed import EventFeed
from regelwerk.table.service import TableService, Viewer

__all__ = ["HEARTBEAT", "LIFETIME", "RETRY_MS", "html_stream", "message"]

HEARTBEAT = 15.0
RETRY_MS = 2000
LIFETIME = 300.0
"""Seconds a stream lasts before the server ends it and the browser reconnects with
``Last-Event-ID`` (so that no proxy holds a connection forever)."""


def message(event: str, data: str, sequence: int | None = None) -> str:
    """One SSE message; every line of ``data`` gets its own ``data:`` field."""
    head = f"id: {sequence}\n" if sequence is not None else ""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"{head}event: {event}\n{lines}\n"


def start_after(request: Request, after: int) -> int:
    """Where a stream starts: ``Last-Event-ID`` from a reconnect, else ``after``."""
    last = request.headers.get("last-event-id", "").strip()
    return int(last) if last.isdigit() else after


async def html_stream(request: Request, service: TableService, feed: EventFeed,
                      viewer: Viewer, after: int,
                      render: Callable[[list[dict[str, object]]], list[tuple[int, str]]],
                      heartbeat: float = HEARTBEAT,
                      lifetime: float = LIFETIME,
                      retry_ms: int = RETRY_MS) -> AsyncIterator[str]:
    """Rendered log entries after ``after``, then each new one as it happens, for
    ``lifetime`` seconds; the browser reconnects ``retry_ms`` after the end."""
    yield f": connected\nretry: {retry_ms}\n\n"
    ends = time.monotonic() + lifetime
    async with feed.subscribe(viewer.table_id) as subscription:
        while True:
            known = subscription.clear()  # memory answers up to it (see table_feed)
            events = await run_in_threadpool(service.events, viewer, after, known)
            fresh = [e for e in events if int(str(e["sequence"])) > after]
            if fresh:
                # Rendering reads the state (the store): in the thread pool too.
                for sequence, html in await run_in_threadpool(render, fresh):
                    yield message("log", html, sequence)
                after = int(str(fresh[-1]["sequence"]))
                yield message("changed", str(after))
            left = ends - time.monotonic()
            if feed.closed or left <= 0 or await request.is_disconnected():
                return
            if not await subscription.wait(min(heartbeat, left)) and not feed.closed:
                yield ": heartbeat\n\n"
