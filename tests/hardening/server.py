"""A real regelwerk HTTP server in a subprocess on a free loopback port, for tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx


def free_port() -> int:
    with closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running server: its port, its process and its log."""

    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text("utf-8", errors="replace")

    def client(self, **options: object) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **options)  # type: ignore[arg-type]

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)


@contextmanager
def running(*args: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """``regelwerk serve`` with ``args`` and extra environment ``env``."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        log_path = Path(folder) / "server.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [sys.executable, "-c", "from regelwerk.cli.main import main; main()", "serve",
                 "--port", str(port), *args],
                stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
            server = Server(port, process, log_path)
            try:
                deadline = time.monotonic() + 90  # generous: a loaded machine starts slowly
                while True:
                    try:
                        if httpx.get(f"{server.url}/healthz", timeout=1).status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError(f"the server did not start:\n{server.log()}")
                    time.sleep(0.1)
                yield server
            finally:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(10)
