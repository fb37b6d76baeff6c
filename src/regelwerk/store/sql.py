"""The event store over SQL (SQLAlchemy Core), shared by SQLite and PostgreSQL.

An append is one transaction: a compare-and-set on the table's row in ``logs``
(``last_sequence`` from the expected number to the new one), then the events'
rows, keyed by (table, sequence).  Two appends after the same number cannot
both pass: the second finds ``last_sequence`` moved (PostgreSQL re-reads the
row it waited for; SQLite lets one writer in at a time), and the primary key
is the last line of defence.  The loser gets ``ConflictError`` and nothing of
it is written.  The dialect modules add the engine set-up and the follower that
tells ``wait`` about other processes' appends.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from sqlalchemy import Connection, Engine, select, update
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, ProgrammingError

from regelwerk.store import codec
from regelwerk.store.base import (
    ConflictError,
    InvalidEvent,
    NewEvent,
    StoredEvent,
    StoreUnavailable,
    TableInfo,
    UnknownTable,
)
from regelwerk.store.schema import events, logs
from regelwerk.store.watch import Listener, Watcher

__all__ = ["SqlStore"]


class SqlStore:
    """What SQLite and PostgreSQL stores share; subclasses set up engine and follower."""

    def __init__(
        self, engine: Engine, reader: Engine, writer_lock: AbstractContextManager[object]
    ) -> None:
        self._engine = engine
        """Transactions that write (SQLite: ``BEGIN IMMEDIATE``)."""
        self._reader = reader
        """Transactions that only read."""
        self._writer_lock = writer_lock
        """Held around writing transactions (SQLite: one writer at a time in this process)."""
        self._watcher = Watcher(self._start_follower)

    # -- hooks for the dialects -------------------------------------------------

    def _start_follower(self) -> None:
        """Make sure appends of other processes reach ``self._watcher``."""
        raise NotImplementedError

    def _durable(self, connection: Connection) -> None:
        """At the start of a writing transaction: make its commit wait for the disk."""

    def _announce(self, connection: Connection, table_id: str, sequence: int) -> None:
        """Inside an append's transaction: tell other processes (if the dialect can)."""

    # -- the contract -----------------------------------------------------------

    @contextmanager
    def _transaction(self, engine: Engine, *, writing: bool = False) -> Iterator[Connection]:
        try:
            with self._writer_lock if writing else nullcontext(), engine.begin() as connection:
                if writing:
                    self._durable(connection)
                yield connection
        except (IntegrityError, ProgrammingError, DataError):
            raise  # answered by the caller, or a bug to see whole
        except DBAPIError as error:  # unreachable, locked, broken connection or file
            raise StoreUnavailable(f"the event store is unavailable: {error.orig}") from error

    def create_table(self, table_id: str) -> None:
        codec.check_id("table id", table_id)
        try:
            with self._transaction(self._engine, writing=True) as connection:
                connection.execute(
                    logs.insert().values(table_id=table_id, last_sequence=0, created=codec.now())
                )
        except IntegrityError:
            raise ConflictError(f"a table with the id {table_id!r} exists") from None

    def append(
        self, table_id: str, expected_sequence: int, events_: Sequence[NewEvent]
    ) -> list[StoredEvent]:
        self._existing(table_id)
        codec.check_number("expected sequence", expected_sequence)
        rows = self._rows(table_id, expected_sequence, events_)
        if not rows or not 0 <= expected_sequence <= codec.MAX_SEQUENCE - len(rows):
            with self._transaction(self._reader) as connection:
                self._check_at(connection, table_id, expected_sequence)
            if rows:  # an impossible number that nevertheless matched
                raise ConflictError(f"no log reaches event {expected_sequence}")
            return []
        self._commit_append(table_id, expected_sequence, rows)
        self._watcher.note(table_id, rows[-1]["sequence"])
        return [codec.decode(**row) for row in rows]

    @staticmethod
    def _rows(table_id: str, expected: int, events_: Sequence[NewEvent]) -> list[dict[str, Any]]:
        """The events' rows after ``expected``, checked and encoded, with one time."""
        time = codec.now()
        return [
            {"table_id": table_id, "sequence": expected + i + 1, "kind": e.kind,
             "payload": e.payload, "actor": e.actor, "audience": e.audience, "time": time}
            for i, e in enumerate(codec.encode(events_))
        ]

    def _commit_append(self, table_id: str, expected: int, rows: list[dict[str, Any]]) -> None:
        """One append in its own transaction (SQLite overrides this to combine appends)."""
        try:
            with self._transaction(self._engine, writing=True) as connection:
                self._apply(connection, table_id, expected, rows)
        except IntegrityError:
            raise ConflictError(
                f"another append took event {expected + 1}: read and retry"
            ) from None

    def _apply(
        self, connection: Connection, table_id: str, expected: int, rows: list[dict[str, Any]]
    ) -> None:
        """Inside a writing transaction: move the log's head from ``expected`` past
        ``rows`` (or refuse) and insert them."""
        new_sequence = expected + len(rows)
        moved = connection.execute(
            update(logs)
            .where(logs.c.table_id == table_id, logs.c.last_sequence == expected)
            .values(last_sequence=new_sequence)
        )
        if moved.rowcount != 1:
            self._check_at(connection, table_id, expected)
            raise ConflictError(f"another append took event {expected + 1}: read and retry")
        connection.execute(events.insert(), rows)
        self._announce(connection, table_id, new_sequence)

    @staticmethod
    def _existing(table_id: str) -> str:
        """``table_id``, or ``UnknownTable`` when no table could have that id."""
        try:
            return codec.check_id("table id", table_id)
        except InvalidEvent:
            raise UnknownTable(f"there is no table {str(table_id)[:80]!r}") from None

    def _check_at(self, connection: Connection, table_id: str, expected: int) -> None:
        last = self._last(connection, table_id)
        if last != expected:
            raise ConflictError(f"the table is at event {last}, not {expected}: read and retry")

    def _last(self, connection: Connection, table_id: str) -> int:
        last = connection.execute(
            select(logs.c.last_sequence).where(logs.c.table_id == table_id)
        ).scalar_one_or_none()
        if last is None:
            raise UnknownTable(f"there is no table {table_id[:80]!r}")
        return int(last)

    def read(self, table_id: str, after: int = 0) -> list[StoredEvent]:
        self._existing(table_id)
        after = min(max(codec.check_number("after", after), 0), codec.MAX_SEQUENCE)
        with self._transaction(self._reader) as connection:
            rows = connection.execute(
                select(events.c.table_id, events.c.sequence, events.c.kind, events.c.payload,
                       events.c.actor, events.c.audience, events.c.time)
                .where(events.c.table_id == table_id, events.c.sequence > after)
                .order_by(events.c.sequence)
            ).all()
            if not rows:
                self._last(connection, table_id)
        return [codec.decode(*row) for row in rows]

    def last_sequence(self, table_id: str) -> int:
        self._existing(table_id)
        with self._transaction(self._reader) as connection:
            return self._last(connection, table_id)

    def tables(self) -> list[TableInfo]:
        with self._transaction(self._reader) as connection:
            rows = connection.execute(
                select(logs.c.table_id, logs.c.last_sequence, logs.c.created)
                .order_by(logs.c.table_id)
            ).all()
        return [TableInfo(table_id, int(last), created) for table_id, last, created in rows]

    def wait(self, table_id: str, after: int, timeout: float) -> bool:
        codec.check_number("after", after)
        return self._watcher.wait(table_id, after, timeout, lambda: self.last_sequence(table_id))

    def watch(self, table_id: str, listener: Listener) -> Callable[[], None]:
        return self._watcher.watch(table_id, listener)

    def close(self) -> None:
        self._watcher.close()
        self._stop_follower()
        for engine in dict.fromkeys((self._engine, self._reader)):
            _dispose_when_returned(engine)

    def _stop_follower(self) -> None:
        """End the follower thread, if one runs."""

    def _latest_of(self, table_ids: Sequence[str]) -> list[tuple[str, int]]:
        """Last sequence numbers of some tables (for followers catching up)."""
        if not table_ids:
            return []
        with self._transaction(self._reader) as connection:
            rows = connection.execute(
                select(logs.c.table_id, logs.c.last_sequence)
                .where(logs.c.table_id.in_(table_ids))
            ).all()
        return [(table_id, int(last)) for table_id, last in rows]


def _dispose_when_returned(engine: Engine, patience: float = 5.0) -> None:
    """Close the engine's connections once those in use came back (a read still running
    in another thread when the server stops), waiting at most ``patience`` seconds: a
    connection checked out at ``dispose`` is left to the garbage collector, unclosed."""
    checked_out = getattr(engine.pool, "checkedout", None)
    deadline = time.monotonic() + patience
    while callable(checked_out) and checked_out() > 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    engine.dispose()
