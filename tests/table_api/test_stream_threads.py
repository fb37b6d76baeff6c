"""Streams that wait for a busy table wait on threads of their own: the requests of
other tables keep theirs (the pool's 40 threads were all busy for the slowest
commands under load, docs/api.md "Under load")."""

from __future__ import annotations

import socket
import sys
import time
import traceback
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from regelwerk.api.table_room import room_of
from regelwerk.api.table_stream import STREAM_THREADS
from regelwerk.table.service import TableService
from tests.table_api.live import Live


def _reads_waiting() -> int:
    """Threads inside ``TableService.events`` now (while the test holds the table's
    lock, each of them waits for it)."""
    code = TableService.events.__code__
    return sum(any(frame.f_code is code for frame, _ in traceback.walk_stack(top))
               for top in sys._current_frames().values())


def _until_reads_wait(count: int) -> None:
    """Until ``count`` stream reads wait for the lock (a readiness wait: a loaded
    machine takes its time, and the test asserts no timing)."""
    deadline = time.monotonic() + 60
    while _reads_waiting() < count:
        assert time.monotonic() < deadline, f"{_reads_waiting()} of {count} reads wait"
        time.sleep(0.01)


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
        with service._lock(busy["table_id"]):  # as if a command of the table were committing
            feed.announce(busy["table_id"], 10**6)  # every stream reads, and must wait
            _until_reads_wait(STREAM_THREADS)  # every thread the streams may take
            # Answered while the lock is still held: a request starved of threads
            # would wait for the lock's release (and time out here).
            answer = live.client.post(
                f"/api/v1/tables/{other['table_id']}/commands", timeout=60,
                headers={"Authorization": f"Bearer {other['token']}"},
                json={"type": "note", "text": "the other table goes on"})
            assert _reads_waiting() == STREAM_THREADS  # the others wait for a thread
        assert answer.status_code == 200, answer.text
