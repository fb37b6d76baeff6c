"""Browser tests: the real server (uvicorn on a free port, in a thread) and
Debian's Chromium driven by Playwright (never a browser download)."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import expect

from regelwerk.api import create_app
from regelwerk.api.table_room import use_store
from regelwerk.store.memory import MemoryStore

CHROMIUM = Path("/usr/lib/chromium/chromium")
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS_ENV = "REGELWERK_SCREENSHOTS"
"""Where the screenshots go: a folder named by this variable (``make screenshots``
names docs/screenshots, which the README shows), else a fresh temporary folder, so
that ``make test`` leaves the working tree as it found it."""
STREAM_LIFETIME = 3.0
STREAM_RETRY_MS = 300
EXPECT_TIMEOUT_MS = 15_000
"""How long an ``expect`` waits for what the page should come to show (Playwright's
default is 5 s): a change that reaches a page through the stream is three requests
(the command, the panels, a section), and on the shared two cores at a load of 25
that chain took longer than 5 s. A page that is right ends the wait at once; one that
never gets there still fails."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium; ``make test`` installs it (``make system-deps``)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make system-deps` (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


Message = MutableMapping[str, Any]
Asgi = Callable[[Message, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                Awaitable[None]]


@dataclass
class Hold:
    """One answer held back after the server made it (a slow network): ``made`` is
    set when it is ready, and it leaves when ``release`` is set (or after 10 s)."""

    path: str
    made: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)


class HoldBack:
    """ASGI middleware: the next answer to a path that holds ``Hold.path`` waits
    before it is sent, so that a test can make the browser get an answer late,
    after newer news reached it through the stream."""

    def __init__(self, app: Asgi) -> None:
        self.app = app
        self.holds: list[Hold] = []
        self.lock = threading.Lock()

    @contextmanager
    def hold(self, path: str) -> Iterator[Hold]:
        held = Hold(path)
        with self.lock:
            self.holds.append(held)
        try:
            yield held
        finally:
            held.release.set()
            with self.lock:
                if held in self.holds:
                    self.holds.remove(held)

    def _take(self, path: str) -> Hold | None:
        with self.lock:
            for held in self.holds:
                if held.path in path:
                    self.holds.remove(held)
                    return held
        return None

    async def __call__(self, scope: Message, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        held = self._take(str(scope.get("path", ""))) if scope["type"] == "http" else None
        if held is None:
            await self.app(scope, receive, send)
            return

        async def late(message: Message) -> None:
            if message["type"] == "http.response.start":
                held.made.set()
                deadline = time.monotonic() + 10
                while not held.release.is_set() and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
            await send(message)
        await self.app(scope, receive, late)


@dataclass(frozen=True)
class Served:
    url: str
    store: MemoryStore
    """The tables' store, for reading what the server keeps (the secrets to look for)."""
    network: HoldBack
    """Holds an answer back on its way to the browser (``network.hold(path)``)."""


@pytest.fixture(scope="session")
def served() -> Iterator[Served]:
    """The app served by uvicorn on 127.0.0.1, as ``make run`` serves it."""
    port = _free_port()
    app = create_app()
    store = MemoryStore()
    use_store(app, store)
    # Streams end every few seconds, so every browser test reconnects with
    # Last-Event-ID again and again (and must neither miss nor repeat an entry).
    app.state.web_stream_lifetime = STREAM_LIFETIME
    # ... and come back soon (a page waits this long between two connections).
    app.state.web_stream_retry_ms = STREAM_RETRY_MS
    network = HoldBack(app)
    config = uvicorn.Config(network, host="127.0.0.1", port=port, log_level="warning",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # readiness on a loaded machine, not a timing
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.02)
    yield Served(f"http://127.0.0.1:{port}", store, network)
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def server_url(served: Served) -> str:
    return served.url


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests leave their screenshots of the main pages at both widths:
    ``$REGELWERK_SCREENSHOTS`` (relative to the checkout) when set, else a temporary
    folder of this test session."""
    chosen = os.environ.get(SCREENSHOTS_ENV, "").strip()
    if not chosen:
        return tmp_path_factory.mktemp("screenshots")
    folder = Path(chosen) if Path(chosen).is_absolute() else ROOT / chosen
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives the browser runs on one pytest-xdist worker (`make test`
    runs with ``--dist loadgroup``): one browser and one served table app for all of
    them, while the other worker takes the rest of the suite."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("browser"))
