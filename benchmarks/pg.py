"""A throwaway PostgreSQL cluster for the load benchmark: Debian's PostgreSQL 15
binaries, a fresh data folder, loopback only, removed afterwards.

As root, ``initdb`` and ``pg_ctl`` run as the ``postgres`` user (they refuse to
run as root).  Durability settings stay at their defaults, so that the figures
are those of a real server."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["postgres_bindir", "throwaway_postgres"]


def postgres_bindir() -> Path:
    """The newest installed PostgreSQL's binaries (Debian's layout)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if not found:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    return found[-1].parent


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A running cluster's URL (``postgresql://postgres@127.0.0.1:PORT/postgres``)."""
    bindir = postgres_bindir()
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    base = Path(tempfile.mkdtemp(prefix="regelwerk-pg-"))
    if as_postgres:
        shutil.chown(base, "postgres", "postgres")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = base / "data"
    quiet = {"cwd": base, "check": True, "stdout": subprocess.DEVNULL,
             "stderr": subprocess.PIPE}
    try:
        subprocess.run([*as_postgres, str(bindir / "initdb"), "-D", str(data), "-U", "postgres",
                        "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"], **quiet)  # type: ignore[call-overload]
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {base} -c max_connections=300"
        subprocess.run([*as_postgres, str(bindir / "pg_ctl"), "-D", str(data), "-l",
                        str(base / "server.log"), "-o", options, "-w", "-t", "30", "start"],
                       **quiet)  # type: ignore[call-overload]
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run([*as_postgres, str(bindir / "pg_ctl"), "-D", str(data), "-m",
                            "fast", "-w", "stop"], **quiet)  # type: ignore[call-overload]
    finally:
        shutil.rmtree(base, ignore_errors=True)
