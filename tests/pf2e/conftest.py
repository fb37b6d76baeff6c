"""The real HTTP server for the pf2e tests that send a request through every
transport."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The real HTTP server (``regelwerk serve``) on a free port."""
    port = _free_port()
    script = "from regelwerk.cli.main import main; main()"
    process = subprocess.Popen([sys.executable, "-c", script, "serve", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # readiness on a loaded machine, not a timing
        while True:
            try:
                if httpx.get(f"{url}/api/v1/actions", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the HTTP server did not start")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
