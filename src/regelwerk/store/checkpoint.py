"""Checkpointing a SQLite WAL beside the writer instead of inside its commits.

SQLite's automatic checkpoint runs in the commit that takes the WAL past 1000
pages: that commit copies the pages into the database file and fsyncs it
while it holds the write lock, so every append queued behind it waits.  A
``Checkpointer`` runs ``PRAGMA wal_checkpoint(PASSIVE)`` on a connection and a
thread of its own instead, at most once every ``interval`` seconds while
appends happen (``wrote``).  A passive checkpoint takes no write lock: appends
go on while it copies, and it copies only what no reader still needs, so it
never waits for anyone.  Once a checkpoint has copied the whole WAL, the next
commit writes the WAL from its beginning again, so the file stays small.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable

__all__ = ["Checkpointer"]


class Checkpointer:
    """One thread that checkpoints the WAL after appends; started on the first."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], interval: float,
                 name: str) -> None:
        self._connect = connect
        self._interval = interval
        self._name = name
        self._wrote = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.checkpoints = 0
        """Checkpoints run so far (for tests and benchmarks)."""

    def wrote(self) -> None:
        """A commit added to the WAL: checkpoint soon (starts the thread once)."""
        self._wrote.set()
        if self._thread is None:
            with self._lock:
                if self._thread is None and not self._stop.is_set():
                    self._thread = threading.Thread(target=self._run, name=self._name,
                                                    daemon=True)
                    self._thread.start()

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        try:
            while not self._stop.is_set():
                if not self._wrote.wait(timeout=1.0):
                    continue
                if self._stop.wait(self._interval):  # let a few commits gather
                    break
                self._wrote.clear()
                try:
                    if connection is None:
                        connection = self._connect()
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    self.checkpoints += 1
                except sqlite3.Error:
                    self._wrote.set()  # busy or failing: try again after the interval
        finally:
            if connection is not None:
                connection.close()

    def close(self) -> None:
        """Stop the thread (a running checkpoint finishes first)."""
        with self._lock:
            self._stop.set()
            thread, self._thread = self._thread, None
        self._wrote.set()
        if thread is not None:
            thread.join(timeout=30)
