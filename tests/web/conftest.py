"""Browser tests: the real server (uvicorn on a free port, in a thread) and
Debian's Chromium driven by Playwright (never a browser download)."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn

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


@dataclass(frozen=True)
class Served:
    url: str
    store: MemoryStore
    """The tables' store, for reading what the server keeps (the secrets to look for)."""


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
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.02)
    yield Served(f"http://127.0.0.1:{port}", store)
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
