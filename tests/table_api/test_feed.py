"""The feed that wakes streams: one store listener per watched table, streams read
from the service's memory.  Each stream gets every event of its own table exactly
once while many tables append at the same time, and an append through another
server on the same PostgreSQL database (LISTEN/NOTIFY) reaches a stream."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from tests.postgres import PostgresServer
from tests.table_api.flows import invite_and_join, log_of, new_table, public_command, send
from tests.table_api.live import Live, Stream, servers_on_one_database, stream


def test_each_stream_gets_its_tables_events_once_while_tables_append_together(
    live: Live,
) -> None:
    tables = [new_table(live) for _ in range(5)]
    players = [invite_and_join(live, gm, "Ada") for gm in tables]
    commands_each = 4
    with ExitStack() as stack:
        streams: list[tuple[dict[str, Any], Stream]] = []
        for gm, player in zip(tables, players, strict=True):
            for member in (gm, player):
                opened = stack.enter_context(stream(live, gm["table_id"], member["token"]))
                streams.append((member, opened))
        backlog = {gm["table_id"]: len(log_of(live, gm)) for gm in tables}
        for member, opened in streams:  # the streams are live once they sent the backlog
            opened.events(backlog[member["table_id"]])

        def play(member: dict[str, Any]) -> None:
            for _ in range(commands_each):
                send(live, member, public_command())

        senders = [threading.Thread(target=play, args=(member,))
                   for member in [*tables, *players]]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(30)
        for member, opened in streams:
            table_id = member["table_id"]
            heard = opened.events(2 * commands_each)
            log = log_of(live, member, after=backlog[table_id])
            assert [e["sequence"] for e in heard] == [e["sequence"] for e in log]
            assert heard == log  # the same view of each event, none of another table


@pytest.fixture
def two_servers(postgres_server: PostgresServer) -> Iterator[tuple[Live, Live]]:
    """Two servers, each with its own store, on one PostgreSQL database."""
    url = postgres_server.create_database()
    try:  # heartbeat: a wake-up, not a heartbeat's re-read
        with servers_on_one_database(url, heartbeat=30.0) as (one, two):
            yield one, two
    finally:
        postgres_server.drop_database(url)


def test_a_command_through_another_server_wakes_a_stream_on_postgresql(
    two_servers: tuple[Live, Live],
) -> None:
    one, two = two_servers
    gm = new_table(one)
    with stream(one, gm["table_id"], gm["token"], timeout=10) as opened:
        backlog = opened.events(len(log_of(one, gm)))
        for _ in range(3):
            sent = send(two, gm, public_command())
            [heard] = opened.events(1)  # woken by the other server's NOTIFY
            assert heard == sent["events"][0]
    # the first server's cached state caught up: it decides on the news
    assert send(one, gm, public_command())["sequence"] == len(backlog) + 4
