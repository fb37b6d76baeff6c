"""The Server-Sent Events stream of one viewer at a table.

The stream opens with a comment (so the headers reach the client at once) and
a ``retry`` hint, then sends every event the viewer may see, each as::

    id: 17
    data: {"sequence": 17, "kind": "...", ...}

and a comment line as heartbeat when nothing happened for a while.  A client
that reconnects sends ``Last-Event-ID`` (browsers do it by themselves) and
gets every event after it, none twice.  When the server shuts down the stream
sends ``event: closing`` and ends; the client reconnects to another process
or later and resumes.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import anyio.to_thread
import orjson
from anyio import CapacityLimiter
from anyio.lowlevel import RunVar

from regelwerk.api.table_feed import EventFeed
from regelwerk.table.service import TableService, Viewer

__all__ = ["HEARTBEAT", "event_stream", "frame"]

HEARTBEAT = 15.0
"""Seconds of silence before a heartbeat comment."""

RETRY_MS = 2000
"""The reconnection delay a client is asked to use."""

STREAM_THREADS = 40
"""Threads the streams' reads may take at once, beside the requests' own 40: a read
that must wait for its table's lock (a command committing) waits on a thread, and
streams waiting behind a slow commit must not take every thread that commands of
other tables need (measured: all 40 busy for the slowest commands under load)."""

_LIMITER: RunVar[CapacityLimiter] = RunVar("regelwerk_stream_threads")


def _stream_threads() -> CapacityLimiter:
    """The streams' own limit on threads, one per event loop."""
    try:
        return _LIMITER.get()
    except LookupError:
        limiter = CapacityLimiter(STREAM_THREADS)
        _LIMITER.set(limiter)
        return limiter


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028",
                              "\u2029": "\\u2029"})
"""Characters that some clients take for line ends (Python's ``splitlines``, which
httpx reads lines with) and that JSON may leave raw: written as escapes."""


def frame(event: dict[str, Any]) -> str:
    """One event as an SSE message: its sequence number is the message id."""
    try:  # compact, non-ASCII as it is, as json.dumps(ensure_ascii=False) writes it
        data = orjson.dumps(event, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # an integer beyond 64 bits
        data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    return f"id: {event['sequence']}\ndata: {data.translate(_LINE_BREAKS)}\n\n"


async def event_stream(service: TableService, feed: EventFeed, viewer: Viewer,
                       after: int, heartbeat: float = HEARTBEAT) -> AsyncIterator[str]:
    """Every event after ``after`` as the viewer sees it, then each new one."""
    yield f": connected to table {viewer.table_id}\nretry: {RETRY_MS}\n\n"
    async with feed.subscribe(viewer.table_id) as subscription:
        while True:
            known = subscription.clear()
            # from the service's memory on the event loop when that cannot block,
            # else (the table busy, or the store to ask) in the thread pool
            events = service.events_at_hand(viewer, after, known, shared=True)
            if events is None:
                events = await anyio.to_thread.run_sync(
                    partial(service.events, viewer, after, known, shared=True),
                    limiter=_stream_threads())
            fresh = [event for event in events if int(event["sequence"]) > after]
            if fresh:  # one write for a batch
                yield "".join(frame(event) for event in fresh)
                after = int(fresh[-1]["sequence"])
            if feed.closed:
                yield "event: closing\ndata: {}\n\n"
                return
            if not await subscription.wait(heartbeat) and not feed.closed:
                yield ": heartbeat\n\n"
