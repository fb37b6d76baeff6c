"""The event store's speed: append latency alone and under concurrent writers, and
how soon ``wait`` wakes, on SQLite and on PostgreSQL (a throwaway server).

    .venv/bin/python -m benchmarks.store          # prints a Markdown table

The figures in ``docs/store.md`` come from here.  The PostgreSQL server is the
tests' one (``tests/postgres.py``: fsync off), so its figures show the store's
own cost, not a disk's; SQLite's include the fsync of every commit.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.postgres import PostgresServer

from regelwerk.store import EventStore, NewEvent, open_store

PAYLOAD = {"roll": {"dice": [3, 5, 6], "odds": "0.4213", "text": "Würfelprobe ÞÆÐ"}}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


def sequential(store: EventStore, count: int = 200) -> list[float]:
    """One writer, one event per append."""
    store.create_table("seq")
    times = []
    for n in range(count):
        start = time.perf_counter()
        store.append("seq", n, [NewEvent("rolled", PAYLOAD, "gm")])
        times.append(time.perf_counter() - start)
    return times


def concurrent(store: EventStore, writers: int = 16, each: int = 40) -> tuple[float, list[float]]:
    """``writers`` threads, each on its own table; appends per second and latencies."""
    times: list[float] = []
    lock = threading.Lock()

    def write(table: str) -> None:
        store.create_table(table)
        mine = []
        for n in range(each):
            start = time.perf_counter()
            store.append(table, n, [NewEvent("rolled", PAYLOAD, "gm")])
            mine.append(time.perf_counter() - start)
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=write, args=(f"c{n}",)) for n in range(writers)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(times) / (time.perf_counter() - start), times


def wake_delays(waiting: EventStore, writing: EventStore, table: str,
                rounds: int = 30) -> list[float]:
    """From an append's return to the waiter's wake-up (waiter on ``waiting``)."""
    writing.create_table(table)
    delays = []
    for n in range(rounds):
        woke: list[float] = []
        ready = threading.Event()

        def wait(after: int = n, ready: threading.Event = ready, woke: list[float] = woke) -> None:
            ready.set()
            waiting.wait(table, after, 10.0)
            woke.append(time.perf_counter())

        thread = threading.Thread(target=wait)
        thread.start()
        ready.wait()
        time.sleep(0.03)  # let the waiter sleep on its condition
        writing.append(table, n, [NewEvent("tick", {}, "gm")])
        appended = time.perf_counter()
        thread.join()
        delays.append(woke[0] - appended)
    return delays


def row(name: str, what: str, values: list[float]) -> str:
    return (f"| {name} | {what} | {_ms(statistics.median(values))} | "
            f"{_ms(_quantile(values, 0.99))} | {_ms(max(values))} |")


def measure(name: str, url: Callable[[], str]) -> list[str]:
    rows = []
    store = open_store(url())
    try:
        rows.append(row(name, "append, one writer", sequential(store)))
        rate, times = concurrent(store)
        rows.append(row(name, f"append, 16 writers ({rate:,.0f}/s)", times))
        rows.append(row(name, "wake-up, same store", wake_delays(store, store, "same")))
    finally:
        store.close()
    shared = url()
    waiting, writing = open_store(shared), open_store(shared)
    try:
        rows.append(row(name, "wake-up, other connection", wake_delays(waiting, writing, "other")))
    finally:
        waiting.close()
        writing.close()
    return rows


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="regelwerk-bench-"))
    lines = ["| store | what | p50 | p99 | max |", "| --- | --- | --- | --- | --- |"]
    lines += measure("SQLite", lambda: f"sqlite:///{folder / 'bench.sqlite3'}")
    server = PostgresServer.start()
    try:
        database = server.create_database()
        lines += measure("PostgreSQL", lambda: database)
    finally:
        server.stop()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
