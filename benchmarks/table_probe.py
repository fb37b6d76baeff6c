"""Where a table command's time goes under load: ``regelwerk serve`` with timers.

    python -m benchmarks.table_load --seconds 30 --store sqlite --probe /tmp/probe

runs the server through this module (``python -m benchmarks.table_probe --port N``),
which wraps the table's code with timers before the app starts (nothing in
``regelwerk`` changes) and writes what it measured to ``$REGELWERK_PROBE_OUT`` when
the server stops.  Per command (``POST …/commands``): the time in the app (ASGI
call to the response's last byte), the wait for a thread of the pool and the hop
back to the event loop, the waits for the table's lock and the store's writer
lock, the commit (with its batch), the decision and the response's JSON.  Beside
them: every garbage collection (``gc.callbacks``), the event loop's stalls (a
task that sleeps 2 ms and notes how late it wakes), and the time the loop spent
feeding streams.  ``table_load`` joins these with each command's latency as the
client saw it (the clocks are the same: ``perf_counter`` is ``CLOCK_MONOTONIC``).
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

now = time.perf_counter

_record: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "probe_record", default=None)
_local = threading.local()

COMMANDS: list[dict[str, Any]] = []
COMMITS: list[tuple[float, float, int, float]] = []
"""(start, duration, batch size, writer-lock wait of the committing thread)."""
GCS: list[tuple[float, float, int, int, int, float]] = []
"""(start, duration, generation, collected, objects in the generation, CPU seconds)."""
CENSUS: list[list[tuple[str, int]]] = []
"""With ``REGELWERK_PROBE_CENSUS`` set: the commonest types in generation 2 at each
full collection (slow: it distorts the timings)."""
STALLS: list[tuple[float, float]] = []
"""(when the loop woke, how late): every lateness above 1 ms."""
CHECKPOINTS: list[tuple[float, float, list[int]]] = []
"""(start, duration, SQLite's answer: busy, WAL frames, frames copied) of each
checkpoint the SQLite store's own thread ran."""
STREAM_WORK: list[float] = [0.0, 0.0, 0.0]
"""Seconds on the loop: events_at_hand, frames, announce."""


def _add(key: str, value: float) -> None:
    record = _record.get() or getattr(_local, "record", None)
    if record is not None:
        record[key] = record.get(key, 0.0) + value


class _TimedLock:
    """A lock whose acquiring time counts toward the current command's ``key``."""

    def __init__(self, lock: Any, key: str) -> None:
        self._lock, self._key = lock, key

    def __enter__(self) -> Any:
        started = now()
        result = self._lock.__enter__()
        _add(self._key, now() - started)
        return result

    def __exit__(self, *exc: Any) -> Any:
        return self._lock.__exit__(*exc)

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        return bool(self._lock.acquire(blocking, timeout))

    def release(self) -> None:
        self._lock.release()


def _gc_callback(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _local.gc_objects = len(gc.get_objects(2)) if info["generation"] == 2 else 0
        if info["generation"] == 2 and os.environ.get("REGELWERK_PROBE_CENSUS"):
            from collections import Counter

            CENSUS.append(Counter(type(o).__name__ for o in gc.get_objects(2)).most_common(25))
        _local.gc_cpu = time.thread_time()
        _local.gc_started = now()
        return
    started = getattr(_local, "gc_started", None)
    if started is not None:
        GCS.append((started, now() - started, info["generation"], info["collected"],
                    _local.gc_objects, time.thread_time() - _local.gc_cpu))


async def _watch_loop() -> None:
    """Note how late a 2 ms sleep wakes: the loop's stalls."""
    while True:
        before = now()
        await asyncio.sleep(0.002)
        late = now() - before - 0.002
        if late > 0.001:
            STALLS.append((now(), late))


def _patch(owner: object, name: str, value: object) -> None:
    """Replace ``owner.name`` (typed loosely: these are timing wrappers)."""
    setattr(owner, name, value)


def install() -> None:
    """Wrap the table's code with the timers."""
    import anyio.to_thread
    from starlette import concurrency
    from starlette.responses import JSONResponse

    from regelwerk.api import table_auth, table_feed, table_stream
    from regelwerk.store import sqlite
    from regelwerk.table import service

    original_pool = concurrency.run_in_threadpool

    async def run_in_threadpool(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        record = _record.get()
        submitted = now()
        done: list[float] = []
        if record is not None:  # threads of the pool busy when this command asked
            record["pool_busy"] = max(record.get("pool_busy", 0.0), float(
                anyio.to_thread.current_default_thread_limiter().borrowed_tokens))

        def timed() -> Any:
            _add("pool_wait", now() - submitted)
            started = now()
            try:
                return func(*args, **kwargs)
            finally:
                done.append(now())
                _add("in_thread", now() - started)

        result = await original_pool(timed)
        if record is not None and done:
            record["hop_back"] = record.get("hop_back", 0.0) + now() - done[0]
        return result

    _patch(table_auth, "run_in_threadpool", run_in_threadpool)

    original_lock = service.TableService._lock

    def table_lock(self: Any, table_id: str) -> Any:
        return _TimedLock(original_lock(self, table_id), "table_lock")

    _patch(service.TableService, "_lock", table_lock)

    original_decide = vars(service)["decide"]

    def decide(*args: Any, **kwargs: Any) -> Any:
        started = now()
        try:
            return original_decide(*args, **kwargs)
        finally:
            _add("decide", now() - started)

    _patch(service, "decide", decide)

    original_execute = service.TableService.execute

    def execute(self: Any, viewer: Any, command: Any) -> Any:
        answer = original_execute(self, viewer, command)
        record = _record.get()
        if record is not None:
            record["table"] = viewer.table_id
            record["sequence"] = answer["sequence"]
        return answer

    _patch(service.TableService, "execute", execute)

    original_append = sqlite.SqliteStore._commit_append
    original_queued = sqlite.SqliteStore._commit_queued

    def commit_append(self: Any, *args: Any) -> None:
        if not isinstance(self._writer_lock, _TimedLock):
            self._writer_lock = _TimedLock(self._writer_lock, "writer_lock")
        started = now()
        try:
            original_append(self, *args)
        finally:
            _add("append", now() - started)

    def commit_queued(self: Any) -> None:
        batch = len(self._queue)
        started = now()
        try:
            original_queued(self)
        finally:
            took = now() - started
            _add("commit", took)
            record = _record.get()
            COMMITS.append((started, took, batch,
                            record.get("writer_lock", 0.0) if record else 0.0))

    _patch(sqlite.SqliteStore, "_commit_append", commit_append)
    _patch(sqlite.SqliteStore, "_commit_queued", commit_queued)

    from regelwerk.store import checkpoint

    class _TimedCheckpoints:
        """The checkpointer's connection, timing each checkpoint."""

        def __init__(self, connection: Any) -> None:
            self._connection = connection

        def execute(self, statement: str) -> Any:
            started = now()
            rows = self._connection.execute(statement).fetchall()
            CHECKPOINTS.append((started, now() - started, list(rows[0]) if rows else []))
            return _Rows(rows)

        def close(self) -> None:
            self._connection.close()

    class _Rows:
        def __init__(self, rows: list[Any]) -> None:
            self._rows = rows

        def fetchall(self) -> list[Any]:
            return self._rows

    original_checkpointer: Any = checkpoint.Checkpointer.__init__

    def checkpointer(self: Any, connect: Callable[[], Any], *args: Any) -> None:
        original_checkpointer(self, lambda: _TimedCheckpoints(connect()), *args)

    _patch(checkpoint.Checkpointer, "__init__", checkpointer)

    from regelwerk.store import sql

    original_sql_append = sql.SqlStore._commit_append

    def sql_commit_append(self: Any, *args: Any) -> None:
        started = now()
        try:
            original_sql_append(self, *args)
        finally:
            took = now() - started
            _add("append", took)
            COMMITS.append((started, took, 1, 0.0))

    if sql.SqlStore._commit_append is original_sql_append:
        _patch(sql.SqlStore, "_commit_append", sql_commit_append)
    from regelwerk.store import postgres

    original_pg_append = postgres.PostgresStore._commit_append  # psycopg's own appends

    def pg_commit_append(self: Any, *args: Any) -> None:
        started = now()
        try:
            original_pg_append(self, *args)
        finally:
            took = now() - started
            _add("append", took)
            COMMITS.append((started, took, 1, 0.0))

    _patch(postgres.PostgresStore, "_commit_append", pg_commit_append)

    original_at_hand = service.TableService.events_at_hand

    def events_at_hand(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = now()
        try:
            return original_at_hand(self, *args, **kwargs)
        finally:
            STREAM_WORK[0] += now() - started

    _patch(service.TableService, "events_at_hand", events_at_hand)

    original_frame = table_stream.frame

    def frame(event: dict[str, Any]) -> str:
        started = now()
        try:
            return original_frame(event)
        finally:
            STREAM_WORK[1] += now() - started

    _patch(table_stream, "frame", frame)

    original_announce = table_feed.EventFeed.announce

    def announce(self: Any, *args: Any, **kwargs: Any) -> None:
        started = now()
        try:
            original_announce(self, *args, **kwargs)
        finally:
            took = now() - started
            STREAM_WORK[2] += took
            _add("announce", took)

    _patch(table_feed.EventFeed, "announce", announce)

    original_render = JSONResponse.render

    def render(self: Any, content: Any) -> bytes:
        started = now()
        try:
            return original_render(self, content)
        finally:
            _add("json", now() - started)

    _patch(JSONResponse, "render", render)
    gc.callbacks.append(_gc_callback)


class ProbeApp:
    """The app, timing each ``POST …/commands`` from the ASGI call to its last byte."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._watching = False

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            async def dump_on_shutdown(message: Any) -> None:
                if message["type"] == "lifespan.shutdown.complete":
                    _dump()  # uvicorn re-raises SIGTERM afterwards: no atexit
                await send(message)

            await self.app(scope, receive, dump_on_shutdown)
            return
        if not self._watching and scope["type"] == "http":
            self._watching = True
            asyncio.get_running_loop().create_task(_watch_loop())
        if scope["type"] != "http" or scope["method"] != "POST" \
                or not scope["path"].endswith("/commands"):
            await self.app(scope, receive, send)
            return
        record: dict[str, Any] = {"arrived": now()}
        _record.set(record)

        async def timed_send(message: Any) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                record["answered"] = now()

        await self.app(scope, receive, timed_send)
        COMMANDS.append(record)


def create_app() -> Any:
    """The regelwerk app with the timers."""
    from regelwerk.api.app import create_app as regelwerk_app

    install()
    app = ProbeApp(regelwerk_app())
    thresholds = os.environ.get("REGELWERK_PROBE_GC")  # e.g. 10000,10,10: an experiment
    if thresholds:
        gc.set_threshold(*(int(x) for x in thresholds.split(",")))
    return app


def _dump() -> None:
    out = os.environ.get("REGELWERK_PROBE_OUT")
    if out:
        heap: dict[str, float] = {"tracked": len(gc.get_objects()),
                                  "frozen": gc.get_freeze_count()}
        started = now()
        gc.collect()
        heap["full_collection_ms"] = (now() - started) * 1e3
        with open(out, "w") as file:
            json.dump({"commands": COMMANDS, "commits": COMMITS, "gcs": GCS, "heap": heap,
                       "census": CENSUS, "stalls": STALLS, "checkpoints": CHECKPOINTS,
                       "stream_work": STREAM_WORK}, file)


def main(argv: list[str]) -> None:
    from regelwerk.api.server import serve

    port = int(argv[argv.index("--port") + 1])
    serve("127.0.0.1", port, app="benchmarks.table_probe:create_app")


if __name__ == "__main__":
    main(sys.argv[1:])
