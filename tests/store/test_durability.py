"""Durability: an appending process is killed with SIGKILL mid-stream; after reopening,
every acknowledged event is there and no append is half-written.  For PostgreSQL the
server itself is also crashed (immediate stop) under the appender and restarted."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from regelwerk.store import EventStore, NewEvent, StoreUnavailable, open_store
from regelwerk.store.sqlite import SqliteStore
from tests.postgres import PostgresServer
from tests.store.worker import BLOB

ROOT = Path(__file__).resolve().parents[2]
BATCH = 3


def start_appender(url: str, table_id: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.worker", "append-loop", url, table_id, str(BATCH)],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )


def acknowledged_until(process: subprocess.Popen[str], count: int, then: object) -> list[int]:
    """Read acknowledgements until ``count`` arrived, call ``then()`` (the crash),
    and collect every acknowledgement printed before the process ended."""
    assert process.stdout is not None
    acks: list[int] = []
    deadline = time.monotonic() + 120
    while len(acks) < count and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        acks.append(int(line))
    assert len(acks) >= count, "the appender stopped before it was killed"
    then()  # type: ignore[operator]
    rest, _ = process.communicate(timeout=60)
    acks.extend(int(line) for line in rest.split())
    return acks


def assert_whole(store: EventStore, table_id: str, acks: list[int]) -> None:
    log = store.read(table_id)
    last = store.last_sequence(table_id)
    assert [e.sequence for e in log] == list(range(1, last + 1)), "gaps in the log"
    assert max(acks) <= last, f"acknowledged {max(acks)} but only {last} survived"
    assert last % BATCH == 0, f"an append was half-written: {last} events"
    for start in range(0, last, BATCH):
        batch = log[start:start + BATCH]
        assert [e.payload["index"] for e in batch] == list(range(BATCH))
        assert {e.payload["after"] for e in batch} == {start}
        assert all(e.payload["blob"] == BLOB for e in batch)
        assert len({e.time for e in batch}) == 1


def test_sigkill_of_an_appending_process_keeps_every_acknowledged_event(db_url: str) -> None:
    store = open_store(db_url)
    store.create_table("t")
    store.close()
    acks: list[int] = []
    for round_ in range(3):
        process = start_appender(db_url, "t")
        acks += acknowledged_until(process, 40 + 7 * round_, lambda p=process: p.send_signal(
            signal.SIGKILL))
        assert process.returncode == -signal.SIGKILL
        reopened = open_store(db_url)
        try:
            assert_whole(reopened, "t", acks)
        finally:
            reopened.close()
    assert acks == sorted(acks)
    assert len(set(acks)) == len(acks)


def test_a_killed_sqlite_writer_leaves_a_sound_file(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite3"
    store = SqliteStore(path)
    store.create_table("t")
    store.close()
    process = start_appender(f"sqlite:///{path}", "t")
    acks = acknowledged_until(process, 30, lambda: process.send_signal(signal.SIGKILL))
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert check.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    reopened = SqliteStore(path)
    try:
        assert_whole(reopened, "t", acks)
    finally:
        reopened.close()


def test_sqlite_commits_are_synchronous_full_in_wal_mode(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "events.sqlite3")
    try:
        assert store.settings() == {"journal_mode": "wal", "synchronous": "2",
                                    "foreign_keys": "1", "wal_autocheckpoint": "0"}
    finally:
        store.close()


def test_a_crashed_postgresql_server_keeps_every_acknowledged_event() -> None:
    server = PostgresServer.start()  # its own server: this test crashes it
    try:
        url = server.create_database()
        store = open_store(url)
        store.create_table("t")
        store.create_table("here")
        process = start_appender(url, "t")
        acks = acknowledged_until(process, 40, server.crash)
        assert process.returncode not in (0, None)  # its server went away
        with pytest.raises(StoreUnavailable):
            store.append("here", 0, [NewEvent("lost", {}, "gm")])
        server.start_again()
        reopened = open_store(url)
        try:
            assert_whole(reopened, "t", acks)
        finally:
            reopened.close()
        # the store that saw the crash connects again by itself
        assert store.last_sequence("here") == 0
        assert [e.sequence for e in store.append("here", 0, [NewEvent("kept", {}, "gm")])] == [1]
        store.close()
    finally:
        server.stop()


def test_the_appender_really_appends(tmp_path: Path) -> None:
    """The worker used above writes what the checks expect (a guard for the guard)."""
    url = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    store = open_store(url)
    store.create_table("t")
    process = start_appender(url, "t")
    acks = acknowledged_until(process, 5, process.terminate)
    assert acks[:5] == [3, 6, 9, 12, 15]
    assert_whole(store, "t", acks)
    store.close()
