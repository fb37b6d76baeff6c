"""Streams that wait for a busy table wait on threads of their own: the requests of
other tables keep theirs (the pool's 40 threads were all busy for the slowest
commands under load, docs/api.md "Under load")."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from regelwerk.api.table_room import room_of
from regelwerk.api.table_stream import STREAM_THREADS
from tests.table_api.live import Live


def _table(live: Live, name: str) -> dict[str, Any]:
    answer = live.client.post("/api/v1/tables", json={
        "name": name, "system": "pf2e", "lang": "en", "gm_name": "GM"})
    assert answer.status_code == 201
    created: dict[str, Any] = answer.json()
    return created


@contextmanager
def _raw_stream(live: Live, table_id: str, token: str) -> Iterator[socket.socket]:
    """A stream opened on a plain socket (until its first comment), not read further."""
    host, port = live.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(
            f"GET /api/v1/tables/{table_id}/stream HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
        received = b""
        while b": connected" not in received:
            chunk = connection.recv(4096)
            assert chunk, received
            received += chunk
        yield connection


def test_streams_waiting_for_a_busy_table_leave_the_requests_their_threads(live: Live) -> None:
    busy, other = _table(live, "Busy"), _table(live, "Other")
    opened = room_of(live.app).opened()
    assert opened is not None
    service, feed = opened
    with ExitStack() as streams:
        for _ in range(STREAM_THREADS + 5):
            streams.enter_context(_raw_stream(live, busy["table_id"], busy["token"]))
        time.sleep(0.3)  # their first reads are done
        with service._lock(busy["table_id"]):  # as if a command of the table were committing
            feed.announce(busy["table_id"], 10**6)  # every stream reads, and must wait
            time.sleep(0.3)
            started = time.monotonic()
            answer = live.client.post(
                f"/api/v1/tables/{other['table_id']}/commands", timeout=5,
                headers={"Authorization": f"Bearer {other['token']}"},
                json={"type": "note", "text": "the other table goes on"})
            took = time.monotonic() - started
        assert answer.status_code == 200, answer.text
        assert took < 3
