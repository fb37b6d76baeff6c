"""The SQLite event store: one file, no set-up, the default.

Every connection runs in WAL mode with ``synchronous=FULL``, so a commit is on
disk (the WAL fsynced) before ``append`` returns.  Writes begin with
``BEGIN IMMEDIATE``, taking SQLite's one writer lock up front: appends from
threads and from other processes queue on the busy timeout instead of failing
half-way, and readers carry on beside them.  ``wait`` learns of other
processes' appends from one follower thread per store that polls
``PRAGMA data_version`` (a counter SQLite bumps when another connection
commits) every ``poll_interval`` seconds while someone waits.

No commit checkpoints the WAL into the database file (``wal_autocheckpoint``
is off on this store's connections): SQLite's automatic checkpoint runs inside
the commit that crosses 1000 pages, copying the pages and fsyncing the file
while every queued append waits.  A checkpoint thread per store does it
instead, at most every ``checkpoint_interval`` seconds after appends, as
``PASSIVE`` checkpoints beside the writer; the WAL starts over from its
beginning once a checkpoint has copied it all.  Durability is the WAL's
fsync at each commit, as before.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Connection, create_engine, event
from sqlalchemy.exc import DBAPIError

from regelwerk.errors import RegelwerkError
from regelwerk.store import migrate
from regelwerk.store.base import ConflictError, StoreUnavailable, UnknownTable
from regelwerk.store.checkpoint import Checkpointer
from regelwerk.store.sql import SqlStore

__all__ = ["SqliteStore"]

BEGIN = "regelwerk_begin"
"""Execution option: how a transaction begins (IMMEDIATE, DEFERRED or NONE)."""


def _on_connect(connection: sqlite3.Connection, _record: Any) -> None:
    connection.isolation_level = None  # SQLAlchemy's begin hook below says BEGIN
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON",
                   "wal_autocheckpoint=0"):  # the checkpoint thread's work
        connection.execute(f"PRAGMA {pragma}").close()


def _on_begin(connection: Connection) -> None:
    mode = connection.get_execution_options().get(BEGIN, "IMMEDIATE")
    if mode != "NONE":
        connection.exec_driver_sql(f"BEGIN {mode}")


_LAST = "SELECT last_sequence FROM logs WHERE table_id = ?"
"""A table's last sequence number (the follower's query, on the driver directly)."""

_MOVE = ("UPDATE logs SET last_sequence = ? WHERE table_id = ? AND last_sequence = ?")
_INSERT = ("INSERT INTO events (table_id, sequence, kind, payload, actor, audience, time) "
           "VALUES (:table_id, :sequence, :kind, :payload, :actor, :audience, :time)")


def _apply_rows(writer: sqlite3.Connection, table_id: str, expected: int,
                rows: list[dict[str, Any]]) -> None:
    """Inside the writer's transaction: move the log's head from ``expected`` past
    ``rows`` (or refuse) and insert them (as ``SqlStore._apply``, on the driver)."""
    if writer.execute(_MOVE, (expected + len(rows), table_id, expected)).rowcount != 1:
        row = writer.execute(_LAST, (table_id,)).fetchone()
        if row is None:
            raise UnknownTable(f"there is no table {table_id[:80]!r}")
        if int(row[0]) != expected:
            raise ConflictError(
                f"the table is at event {row[0]}, not {expected}: read and retry")
        raise ConflictError(f"another append took event {expected + 1}: read and retry")
    writer.executemany(_INSERT, rows)


MAX_BATCH = 256
"""Most appends that one SQLite transaction (and its one fsync) commits together."""


@dataclass(eq=False)
class _Queued:
    """An append waiting for the next group commit, and how it went."""

    table_id: str
    expected: int
    rows: list[dict[str, Any]]
    done: bool = False
    refusal: RegelwerkError | None = None


def _unavailable(error: Exception) -> StoreUnavailable:
    if isinstance(error, StoreUnavailable):
        return error
    reason = error.orig if isinstance(error, DBAPIError) else error
    unavailable = StoreUnavailable(f"the event store is unavailable: {reason}")
    unavailable.__cause__ = error
    return unavailable


class SqliteStore(SqlStore):
    """An event store in the SQLite file ``path`` (made with its folder if missing)."""

    def __init__(
        self, path: str | Path, *, poll_interval: float = 0.02, busy_timeout: float = 30.0,
        checkpoint_interval: float = 0.5,
    ) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreUnavailable(
                f"cannot make the data folder {self.path.parent}: {error}"
            ) from None
        engine = create_engine(
            URL.create("sqlite+pysqlite", database=str(self.path)),
            connect_args={"timeout": busy_timeout},
            pool_size=8,
            max_overflow=24,
        )
        event.listen(engine, "connect", _on_connect)
        event.listen(engine, "begin", _on_begin)
        try:
            migrate.upgrade(engine)
        except DBAPIError as error:
            engine.dispose()
            raise StoreUnavailable(
                f"cannot open the event store {self.path}: {error.orig}"
            ) from None
        except BaseException:
            engine.dispose()
            raise
        super().__init__(
            engine, engine.execution_options(**{BEGIN: "DEFERRED"}), threading.Lock()
        )
        self._queue: list[_Queued] = []
        self._queue_lock = threading.Lock()
        self._poll_interval = poll_interval
        self._busy_timeout = busy_timeout
        try:
            self._writer: sqlite3.Connection | None = self._connect()
            _on_connect(self._writer, None)
        except sqlite3.Error as error:
            engine.dispose()
            raise StoreUnavailable(f"cannot open the event store {self.path}: {error}") from None
        """The connection that commits the appends, used under the writer lock only."""
        self._follower: threading.Thread | None = None
        self._follower_lock = threading.Lock()
        self._stop = threading.Event()
        self._checkpointer = Checkpointer(self._connect, checkpoint_interval,
                                          f"regelwerk-store-checkpoint:{self.path.name}")

    def _commit_append(self, table_id: str, expected: int, rows: list[dict[str, Any]]) -> None:
        """Group commit: queue the append, then take the writer lock; whoever holds
        it commits every queued append in one transaction, each in a savepoint, so
        one fsync acknowledges them all and a refused one leaves the others be."""
        mine = _Queued(table_id, expected, rows)
        with self._queue_lock:
            self._queue.append(mine)
        with self._writer_lock:
            while not mine.done:  # more than MAX_BATCH may be queued before it
                self._commit_queued()
        if mine.refusal is not None:
            raise mine.refusal

    def _commit_queued(self) -> None:
        with self._queue_lock:
            batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
        committed = False
        failure: StoreUnavailable | None = None
        writer = self._writer
        try:
            if writer is None:
                raise StoreUnavailable("the event store is closed")
            writer.execute("BEGIN IMMEDIATE")
            try:
                for queued in batch:
                    queued.refusal = self._apply_queued(writer, queued)
                    if not writer.in_transaction:  # SQLite rolled it all back
                        raise StoreUnavailable("the batch's transaction was rolled back")
                writer.execute("COMMIT")
            except BaseException:
                if writer.in_transaction:
                    writer.execute("ROLLBACK")
                raise
            committed = True
        except Exception as error:  # the transaction failed: nothing of the batch is written
            failure = _unavailable(error)
        finally:
            for queued in batch:
                if not committed and queued.refusal is None:
                    # one exception object per waiting thread: each raises its own
                    queued.refusal = StoreUnavailable(
                        failure.message if failure else "the append was interrupted")
                    queued.refusal.__cause__ = failure
                queued.done = True
        if committed:
            self._checkpointer.wrote()
        for queued in batch:
            if queued.refusal is None:
                self._watcher.note(queued.table_id, queued.rows[-1]["sequence"])

    @staticmethod
    def _apply_queued(writer: sqlite3.Connection, queued: _Queued) -> RegelwerkError | None:
        """One queued append in its savepoint; its refusal, if any.  Any other error
        (disk, corruption) escapes and fails the whole batch: nothing is written.
        The driver's own calls: this is every command's path, SQLAlchemy's
        statement machinery would cost more than the rest of the append."""
        writer.execute("SAVEPOINT append")
        try:
            _apply_rows(writer, queued.table_id, queued.expected, queued.rows)
        except BaseException as error:
            if not writer.in_transaction:  # SQLite ended the whole transaction
                raise
            writer.execute("ROLLBACK TO append")
            writer.execute("RELEASE append")
            if isinstance(error, ConflictError | UnknownTable):
                return error
            if isinstance(error, sqlite3.IntegrityError):  # the key: another took it
                return ConflictError(
                    f"another append took event {queued.expected + 1}: read and retry")
            raise
        writer.execute("RELEASE append")
        return None

    def settings(self) -> dict[str, str]:
        """The journal mode, synchronous level and foreign keys of the connection that
        commits the appends."""
        with self._writer_lock:
            if self._writer is None:
                raise StoreUnavailable("the event store is closed")
            return {pragma: str(self._writer.execute(f"PRAGMA {pragma}").fetchone()[0])
                    for pragma in ("journal_mode", "synchronous", "foreign_keys",
                                   "wal_autocheckpoint")}

    def close(self) -> None:
        self._checkpointer.close()
        super().close()
        with self._writer_lock:
            writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()

    def _start_follower(self) -> None:
        with self._follower_lock:
            if self._follower is not None or self._stop.is_set():
                return
            try:  # the follower's own connection, in autocommit: each query sees the latest
                connection = self._connect()
                version = self._data_version(connection)
            except sqlite3.Error as error:
                raise StoreUnavailable(f"the event store is unavailable: {error}") from None
            self._follower = threading.Thread(
                target=self._follow, args=(connection, version),
                name=f"regelwerk-store-follower:{self.path.name}", daemon=True,
            )
            self._follower.start()

    def _connect(self) -> sqlite3.Connection:
        """A connection of the driver's own, in autocommit (transactions are begun
        explicitly), usable from any thread that holds it alone."""
        return sqlite3.connect(self.path, timeout=self._busy_timeout, isolation_level=None,
                               check_same_thread=False)

    @staticmethod
    def _data_version(connection: sqlite3.Connection) -> int:
        return int(connection.execute("PRAGMA data_version").fetchone()[0])

    def _follow(self, connection: sqlite3.Connection, version: int) -> None:
        """Poll while someone waits; on another connection's commit, report the
        waited tables' last numbers.  The version is read before the tables, so
        a commit between the two is caught by the next poll.  The driver's own
        calls, no SQLAlchemy: a poll costs microseconds."""
        try:
            while self._watcher.idle(1.0) and not self._stop.wait(self._poll_interval):
                try:
                    now = self._data_version(connection)
                    if now == version:
                        continue
                    latest = [(table_id, row[0]) for table_id in self._watcher.waited()
                              for row in connection.execute(_LAST, (table_id,))]
                except sqlite3.Error:
                    continue  # keep the old version: the next poll tries again
                version = now
                for table_id, last in latest:
                    self._watcher.note(table_id, int(last))
        finally:
            connection.close()

    def _stop_follower(self) -> None:
        with self._follower_lock:
            self._stop.set()
            follower, self._follower = self._follower, None
        if follower is not None:
            follower.join(timeout=5)
