"""The PostgreSQL event store: for hosted tables and several server processes.

Appends run at READ COMMITTED (on psycopg itself: ``pg_append``): the
compare-and-set ``UPDATE logs ... WHERE last_sequence = expected`` locks the
table's row, so a second append after the same number waits for the first,
re-reads the row, finds it moved and is refused with ``ConflictError``; the
(table, sequence) primary key backs this up.  Each append also calls
``pg_notify`` inside its transaction, so the notice goes out exactly when the
events are committed; one follower thread per store LISTENs and wakes this
process's waiters.
"""

from __future__ import annotations

import json
import threading
from contextlib import nullcontext
from typing import Any

import psycopg
from sqlalchemy import URL, Connection, create_engine, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from regelwerk.store import migrate
from regelwerk.store.base import StoreUnavailable
from regelwerk.store.pg_append import Appender
from regelwerk.store.sql import SqlStore

__all__ = ["CHANNEL", "PostgresStore", "engine_url"]

CHANNEL = "regelwerk_events"
"""The NOTIFY channel; each payload is the JSON ``[table_id, last_sequence]``."""

SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")


def engine_url(url: str | URL) -> URL:
    """The SQLAlchemy URL (driver psycopg 3) of a ``postgresql://`` URL."""
    parsed = make_url(url)
    if parsed.drivername not in SCHEMES:
        raise ValueError(
            f"not a PostgreSQL URL: {parsed.drivername}:// (use postgresql://user@host/db)"
        )
    return parsed.set(drivername="postgresql+psycopg")


class PostgresStore(SqlStore):
    """An event store in the PostgreSQL database that ``url`` names."""

    def __init__(self, url: str | URL, *, pool_size: int = 10, max_overflow: int = 20) -> None:
        self.url = engine_url(url)
        engine = create_engine(
            self.url, pool_size=pool_size, max_overflow=max_overflow, pool_pre_ping=True
        )
        try:
            migrate.upgrade(engine)
        except DBAPIError as error:
            engine.dispose()
            raise StoreUnavailable(
                f"cannot open the event store {self.url.render_as_string()}: {error.orig}"
            ) from None
        except BaseException:
            engine.dispose()
            raise
        super().__init__(engine, engine, nullcontext())
        self._conninfo = self.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        self._appender = Appender(self._conninfo, CHANNEL, pool_size + max_overflow)
        """Appends: psycopg itself (``pg_append``); SQLAlchemy keeps schema and reads."""
        self._follower: threading.Thread | None = None
        self._follower_lock = threading.Lock()
        self._stop = threading.Event()

    def _commit_append(self, table_id: str, expected: int, rows: list[dict[str, Any]]) -> None:
        self._appender.append(table_id, expected, rows)

    def close(self) -> None:
        self._appender.close()
        super().close()

    def _durable(self, connection: Connection) -> None:
        # whatever the server's default, an acknowledged append is flushed to its WAL
        connection.exec_driver_sql("SET LOCAL synchronous_commit TO on")

    def _announce(self, connection: Connection, table_id: str, sequence: int) -> None:
        connection.execute(select(func.pg_notify(CHANNEL, json.dumps([table_id, sequence]))))

    def _listen(self) -> psycopg.Connection[tuple[object, ...]]:
        listener = psycopg.connect(self._conninfo, autocommit=True)
        listener.execute(f"LISTEN {CHANNEL}")
        return listener

    def _start_follower(self) -> None:
        with self._follower_lock:
            if self._follower is not None or self._stop.is_set():
                return
            try:
                listener = self._listen()
            except psycopg.Error as error:
                raise StoreUnavailable(f"cannot listen for new events: {error}") from None
            self._follower = threading.Thread(
                target=self._follow, args=(listener,), name="regelwerk-store-listener",
                daemon=True,
            )
            self._follower.start()

    def _follow(self, listener: psycopg.Connection[tuple[object, ...]]) -> None:
        """Report every notice to the watcher; after a lost connection, listen
        again and catch up with the waited tables from the database."""
        pause = 0.1
        while not self._stop.is_set():
            try:
                for notice in listener.notifies(timeout=1.0):
                    self._heard(notice.payload)
                    if self._stop.is_set():
                        break
                pause = 0.1
                continue
            except psycopg.Error:
                listener.close()
            while not self._stop.wait(pause):
                pause = min(pause * 2, 5.0)
                try:
                    listener = self._listen()
                except psycopg.Error:
                    continue
                try:
                    for table_id, last in self._latest_of(self._watcher.waited()):
                        self._watcher.note(table_id, last)
                except StoreUnavailable:
                    pass  # listening again; the waiters' timeouts cover the rest
                break
        listener.close()

    def _heard(self, payload: str) -> None:
        try:
            table_id, sequence = json.loads(payload)
        except (ValueError, TypeError):
            return  # a wake-up (empty) or a stranger's notice
        if isinstance(table_id, str) and isinstance(sequence, int):
            self._watcher.note(table_id, sequence)

    def _stop_follower(self) -> None:
        with self._follower_lock:
            self._stop.set()
            follower, self._follower = self._follower, None
        if follower is None:
            return
        try:  # wake the listener at once instead of after its timeout
            with self._engine.begin() as connection:
                connection.execute(select(func.pg_notify(CHANNEL, "")))
        except DBAPIError:
            pass
        follower.join(timeout=5)
