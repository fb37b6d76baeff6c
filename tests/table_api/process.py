"""``regelwerk serve`` as a subprocess on a free loopback port."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.table_api.live import free_port

REGELWERK = Path(sys.executable).parent / "regelwerk"


def start(database_url: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start the server on ``database_url``; its process and base URL once it answers."""
    port = free_port()
    env = {**os.environ, "REGELWERK_DATABASE_URL": database_url}
    process = subprocess.Popen([str(REGELWERK), "serve", "--port", str(port)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # readiness on a loaded machine (30 s ran out there)
    while True:
        try:
            if httpx.get(f"{url}/api/v1/actions", timeout=1).status_code == 200:
                return process, url
        except httpx.TransportError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            _, err = process.communicate()
            raise AssertionError(f"regelwerk serve did not start: {err.decode()[-2000:]}")
        time.sleep(0.1)


def stop(process: subprocess.Popen[bytes]) -> None:
    """End the server (SIGTERM, then SIGKILL if it lingers) and reap it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stderr:
        process.stderr.close()
