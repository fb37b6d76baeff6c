"""PostgreSQL appends on psycopg's own connections (``store/pg_append.py``): a
connection the server dropped while idle costs a retry, not an error; closing the
store closes them.  Conflicts, durability and LISTEN/NOTIFY are the contract's,
concurrency and durability tests' (they run on PostgreSQL too)."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from regelwerk.store import NewEvent
from regelwerk.store.postgres import PostgresStore
from tests.postgres import PostgresServer


@pytest.fixture
def store(postgres_server: PostgresServer) -> Iterator[PostgresStore]:
    url = postgres_server.create_database()
    opened = PostgresStore(url)
    yield opened
    opened.close()
    postgres_server.drop_database(url)


def test_an_append_on_a_connection_the_server_dropped_is_tried_again(
        store: PostgresStore, postgres_server: PostgresServer) -> None:
    store.create_table("t")
    store.append("t", 0, [NewEvent("first", {"n": 1}, "gm")])
    idle = list(store._appender._idle)
    assert idle
    with psycopg.connect(postgres_server.url(), autocommit=True) as admin:
        for connection in idle:  # what a restarted server or a proxy's timeout does
            admin.execute("SELECT pg_terminate_backend(%s)", (connection.info.backend_pid,))
    stored = store.append("t", 1, [NewEvent("second", {"n": 2}, "gm")])
    assert [e.sequence for e in stored] == [2]
    assert [(e.kind, e.payload) for e in store.read("t")] == [
        ("first", {"n": 1}), ("second", {"n": 2})]
    assert all(connection.closed for connection in idle)


def test_closing_the_store_closes_the_append_connections(store: PostgresStore) -> None:
    store.create_table("t")
    store.append("t", 0, [NewEvent("first", {}, "gm")])
    idle = list(store._appender._idle)
    store.close()
    assert idle
    assert all(connection.closed for connection in idle)
