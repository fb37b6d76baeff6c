"""PostgreSQL appends through the psycopg driver itself, on connections of their own.

Every table command appends, and SQLAlchemy's statement machinery and its pool's
pre-ping (one more round trip per checkout) cost more than the statements.  The
appends run here as fixed statements on plain psycopg connections, kept in a
small pool; the schema, its migrations and every read stay with SQLAlchemy.

The transaction is the one ``SqlStore._apply`` describes: ``SET LOCAL
synchronous_commit TO on`` (acknowledged only once flushed), the compare-and-set
on ``logs``, the events' rows, and ``pg_notify`` sent at commit.  A connection
the server dropped while it sat idle fails at its first statement, before
anything is written: the append is tried once more on a new connection.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import psycopg
from psycopg import errors

from regelwerk.store.base import ConflictError, StoreUnavailable, UnknownTable

__all__ = ["Appender"]

_MOVE = "UPDATE logs SET last_sequence = %s WHERE table_id = %s AND last_sequence = %s"
_LAST = "SELECT last_sequence FROM logs WHERE table_id = %s"
_INSERT = ("INSERT INTO events (table_id, sequence, kind, payload, actor, audience, time) "
           "VALUES (%s, %s, %s, %s, %s, %s, %s)")
_NOTIFY = "SELECT pg_notify(%s, %s)"

Connection = psycopg.Connection[tuple[Any, ...]]


class _Stale(Exception):
    """A pooled connection failed before the transaction wrote anything."""


class Appender:
    """Appends on at most ``size`` psycopg connections at once (more wait up to
    ``timeout`` seconds, then get ``StoreUnavailable``)."""

    def __init__(self, conninfo: str, channel: str, size: int, timeout: float = 30.0) -> None:
        self._conninfo = conninfo
        self._channel = channel
        self._idle: list[Connection] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(size)
        self._timeout = timeout
        self._closed = False

    def append(self, table_id: str, expected: int, rows: list[dict[str, Any]]) -> None:
        """Move the log's head from ``expected`` past ``rows`` and insert them, in one
        durable transaction; ``ConflictError``/``UnknownTable`` refuse it whole."""
        if not self._slots.acquire(timeout=self._timeout):
            raise StoreUnavailable("the event store is busy: no database connection is free")
        try:
            connection, fresh = self._take()
            try:
                try:
                    self._transaction(connection, table_id, expected, rows, fresh)
                except _Stale:
                    connection.close()
                    connection, fresh = self._connect(), True
                    self._transaction(connection, table_id, expected, rows, fresh)
            finally:
                self._give(connection)  # a closed or broken one is dropped
        finally:
            self._slots.release()

    def _transaction(self, connection: Connection, table_id: str, expected: int,
                     rows: list[dict[str, Any]], fresh: bool) -> None:
        new_sequence = expected + len(rows)
        started = False
        try:
            with connection.transaction():
                connection.execute("SET LOCAL synchronous_commit TO on")
                started = True
                if connection.execute(_MOVE, (new_sequence, table_id, expected)).rowcount != 1:
                    row = connection.execute(_LAST, (table_id,)).fetchone()
                    if row is None:
                        raise UnknownTable(f"there is no table {table_id[:80]!r}")
                    if int(row[0]) != expected:
                        raise ConflictError(
                            f"the table is at event {row[0]}, not {expected}: read and retry")
                    raise ConflictError(
                        f"another append took event {expected + 1}: read and retry")
                with connection.cursor() as cursor:
                    cursor.executemany(_INSERT, [
                        (r["table_id"], r["sequence"], r["kind"], r["payload"], r["actor"],
                         r["audience"], r["time"]) for r in rows])
                connection.execute(_NOTIFY, (self._channel,
                                             json.dumps([table_id, new_sequence])))
        except errors.UniqueViolation:
            raise ConflictError(
                f"another append took event {expected + 1}: read and retry") from None
        except (psycopg.OperationalError, psycopg.InterfaceError) as error:
            if not fresh and not started:
                raise _Stale from error
            connection.close()
            unavailable = StoreUnavailable(f"the event store is unavailable: {error}")
            raise unavailable from error

    def _connect(self) -> Connection:
        try:
            return psycopg.connect(self._conninfo)
        except psycopg.Error as error:
            raise StoreUnavailable(f"the event store is unavailable: {error}") from None

    def _take(self) -> tuple[Connection, bool]:
        with self._lock:
            if self._closed:
                raise StoreUnavailable("the event store is closed")
            while self._idle:
                connection = self._idle.pop()
                if not connection.closed:
                    return connection, False
        return self._connect(), True

    def _give(self, connection: Connection) -> None:
        idle = connection.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        with self._lock:
            if idle and not connection.closed and not self._closed:
                self._idle.append(connection)
                return
        connection.close()

    def close(self) -> None:
        """Close the idle connections; those in use close when their append ends."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()
