"""SQLite's WAL is checkpointed by the store's own thread, never inside a commit,
and the thread stops with the store."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from regelwerk.store import NewEvent
from regelwerk.store.sqlite import SqliteStore


def _threads(name: str) -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith(name)]


def test_the_checkpoint_thread_copies_the_wal_and_stops_with_the_store(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite3"
    store = SqliteStore(path, checkpoint_interval=0.01)
    try:
        store.create_table("t")
        assert store._checkpointer.checkpoints == 0  # nothing appended: no thread yet
        assert not _threads("regelwerk-store-checkpoint:events.sqlite3")
        before = path.stat().st_size
        big = "x" * 50_000  # about 13 pages per event
        for n in range(4):
            store.append("t", n, [NewEvent("note", {"text": big}, "gm")])
        deadline = time.monotonic() + 60  # a loaded machine runs the thread late
        # the file grows during the checkpoint, and the count rises after it returns
        while ((path.stat().st_size < before + 4 * 50_000
                or store._checkpointer.checkpoints < 1) and time.monotonic() < deadline):
            time.sleep(0.01)
        # only a checkpoint moves pages from the WAL into the database file, and the
        # store's connections never checkpoint by themselves
        assert path.stat().st_size >= before + 4 * 50_000
        assert store._checkpointer.checkpoints >= 1
        assert store.settings()["wal_autocheckpoint"] == "0"
        assert len(_threads("regelwerk-store-checkpoint:events.sqlite3")) == 1
    finally:
        store.close()
    assert not _threads("regelwerk-store-checkpoint:events.sqlite3")
    with sqlite3.connect(path) as reader:  # everything is there after closing
        assert reader.execute("SELECT count(*) FROM events").fetchone() == (4,)


def test_appends_after_a_checkpoint_reuse_the_wal_from_its_start(tmp_path: Path) -> None:
    """The WAL file does not grow with the log: once a checkpoint has copied it,
    the next commits write it from the beginning again."""
    path = tmp_path / "events.sqlite3"
    store = SqliteStore(path, checkpoint_interval=0.005)
    try:
        store.create_table("t")
        wal = Path(f"{path}-wal")
        text = "y" * 40_000
        sizes = []
        for n in range(12):
            store.append("t", n, [NewEvent("note", {"text": text}, "gm")])
            done = store._checkpointer.checkpoints
            deadline = time.monotonic() + 30  # the next checkpoint, however late
            while store._checkpointer.checkpoints == done and time.monotonic() < deadline:
                time.sleep(0.005)
            sizes.append(wal.stat().st_size)
        assert max(sizes) < 6 * 40_000, sizes  # 12 appends of 40 kB: 480 kB if it grew
        assert [e.sequence for e in store.read("t")] == list(range(1, 13))
    finally:
        store.close()
