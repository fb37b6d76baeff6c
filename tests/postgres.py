"""A throwaway PostgreSQL server for the tests (Debian's ``postgresql`` package).

``PostgresServer.start()`` runs ``initdb`` and ``pg_ctl`` from the newest
``/usr/lib/postgresql/*/bin`` (as the ``postgres`` user when the tests run as
root) on a free port of 127.0.0.1, with its data in a fresh folder under the
system's temporary folder; ``stop()`` ends it and removes the folder.  fsync is
off: the tests check the store's transactions, not the disk.  Missing binaries
are an error that says how to install them, never a skip.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import psycopg

__all__ = ["PostgresMissing", "PostgresServer", "find_bindir"]

BINDIR_GLOB = "/usr/lib/postgresql/*/bin"


class PostgresMissing(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def find_bindir() -> Path:
    """The bin folder of the newest PostgreSQL installed (``REGELWERK_PG_BINDIR`` wins)."""
    configured = os.environ.get("REGELWERK_PG_BINDIR")
    candidates = [Path(configured)] if configured else sorted(
        (Path(p) for p in glob.glob(BINDIR_GLOB)),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
        reverse=True,
    )
    for bindir in candidates:
        if (bindir / "pg_ctl").exists() and (bindir / "initdb").exists():
            return bindir
    raise PostgresMissing(
        f"PostgreSQL server binaries (initdb, pg_ctl) not found in {configured or BINDIR_GLOB}; "
        "install them with `make system-deps` (apt-get install postgresql) or set "
        "REGELWERK_PG_BINDIR. The PostgreSQL store tests are never skipped."
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One running server; ``url()`` and ``create_database()`` name its databases."""

    def __init__(self, bindir: Path, base: Path, port: int) -> None:
        self.bindir = bindir
        self.base = base
        self.port = port

    @staticmethod
    def _as_postgres() -> list[str]:
        return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*self._as_postgres(), *command], cwd=self.base, capture_output=True, text=True,
            check=False,
        )
        if done.returncode != 0:
            log = self.base / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}{tail}"
            )

    @classmethod
    def start(cls) -> PostgresServer:
        bindir = find_bindir()
        base = Path(tempfile.mkdtemp(prefix="regelwerk-pg-"))
        if os.geteuid() == 0:
            shutil.chown(base, "postgres", "postgres")
        server = cls(bindir, base, 0)
        server._run(str(bindir / "initdb"), "-D", str(base / "data"), "-U", "postgres",
                    "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        for attempt in range(3):
            server.port = _free_port()
            try:
                server.start_again()
                return server
            except RuntimeError:
                if attempt == 2:
                    shutil.rmtree(base, ignore_errors=True)
                    raise
        raise AssertionError("unreachable")

    def start_again(self) -> None:
        """Start the server (again, after ``crash``) on its port; it recovers from its WAL."""
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.base} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=300")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.base / "data"), "-l",
                  str(self.base / "server.log"), "-o", options, "-w", "-t", "30", "start")

    def crash(self) -> None:
        """Stop at once, as after a crash: no checkpoint, connections cut."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.base / "data"),
                  "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"store_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Remove a database made by ``create_database`` (ending its connections)."""
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        try:
            self.crash()
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
