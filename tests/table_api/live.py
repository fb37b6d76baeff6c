"""The real HTTP server on a free loopback port, in a thread, and a client of
its event streams."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI

from regelwerk.api import create_app
from regelwerk.api.sse import ServerSentEvent, SseParser
from regelwerk.api.table_room import room_of, use_store
from regelwerk.store import open_store


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Live:
    """A running server: its base URL and a client bound to it."""

    url: str
    server: uvicorn.Server
    app: FastAPI
    thread: threading.Thread
    client: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.url, timeout=10)

    def shut_down(self) -> None:
        """What a shutdown signal does to ``regelwerk serve``: the streams end, then
        the server stops (signals reach only the main thread; this one is not)."""
        room_of(self.app).end_streams()
        self.server.should_exit = True


@contextmanager
def serving(app: FastAPI) -> Iterator[Live]:
    """Serve ``app`` on 127.0.0.1 until the block ends (then shut down as on SIGTERM)."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(),
                                           log_level="warning", timeout_graceful_shutdown=5))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # readiness on a loaded machine, not a timing
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        assert thread.is_alive(), "the server stopped while starting"
        time.sleep(0.02)
    live = Live(f"http://127.0.0.1:{server.config.port}", server, app, thread)
    try:
        yield live
    finally:
        live.client.close()
        live.shut_down()
        thread.join(15)
        assert not thread.is_alive(), "the server did not stop"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Stream:
    """An open event stream: read messages with ``next_message``."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        self.parser = SseParser()
        self._lines = response.iter_lines()

    def next_message(self) -> ServerSentEvent:
        """The next message (the read timeout of the client bounds the wait)."""
        for line in self._lines:
            message = self.parser.feed(line)
            if message is not None:
                return message
        raise EOFError("the stream ended")

    def events(self, count: int) -> list[dict[str, Any]]:
        """The next ``count`` data messages as JSON."""
        import json

        out: list[dict[str, Any]] = []
        while len(out) < count:
            message = self.next_message()
            assert message.event == "message", message
            out.append(json.loads(message.data))
        return out

    def rest(self) -> list[ServerSentEvent]:
        """Every message until the stream ends."""
        out: list[ServerSentEvent] = []
        for line in self._lines:
            message = self.parser.feed(line)
            if message is not None:
                out.append(message)
        return out


@contextmanager
def stream(live: Live, table_id: str, token: str, *, last_event_id: int | None = None,
           timeout: float = 10) -> Iterator[Stream]:
    """Open the viewer's event stream."""
    headers = auth(token)
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    with live.client.stream("GET", f"/api/v1/tables/{table_id}/stream", headers=headers,
                            timeout=httpx.Timeout(timeout)) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        yield Stream(response)


@contextmanager
def servers_on_one_database(url: str, count: int = 2,
                            heartbeat: float | None = None) -> Iterator[list[Live]]:
    """``count`` servers, each with its own store and cached states, on one database
    (``heartbeat``: the streams' heartbeat, if not the default)."""
    with ExitStack() as stack:
        lives = []
        for _ in range(count):
            app = create_app()
            use_store(app, open_store(url))
            if heartbeat is not None:
                app.state.table_heartbeat = heartbeat
            lives.append(stack.enter_context(serving(app)))
        yield lives
