"""SQLite's group commit: appends queued while another commits go in together, each
in its savepoint; a refused one leaves the rest, a failed transaction writes none.

Failures are real SQLite errors, raised by triggers put into the test's database."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from regelwerk.errors import RegelwerkError
from regelwerk.store import ConflictError, NewEvent, StoreUnavailable
from regelwerk.store import sqlite as sqlite_module
from regelwerk.store.sqlite import SqliteStore
from tests.store.test_concurrency import append_with_retry, assert_each_once


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "events.sqlite3")
    yield opened
    opened.close()


def one_batch(store: SqliteStore, appends: list[Callable[[], object]]) -> list[object]:
    """Run ``appends`` on threads while the writer lock is held, so that they all
    queue up, then let them go: one group commit takes them all."""
    results: list[object] = [None] * len(appends)

    def run(index: int) -> None:
        try:
            results[index] = appends[index]()
        except RegelwerkError as error:
            results[index] = error

    with store._writer_lock:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(appends))]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 30
        while len(store._queue) < len(appends) and time.monotonic() < deadline:
            time.sleep(0.005)
        assert len(store._queue) == len(appends)
    for thread in threads:
        thread.join(timeout=30)
    return results


def add_trigger(store: SqliteStore, sql: str) -> None:
    with sqlite3.connect(store.path) as connection:
        connection.execute(sql)


def test_queued_appends_commit_together_and_a_refusal_spares_the_rest(store: SqliteStore) -> None:
    for name in ("a", "b", "c"):
        store.create_table(name)
    results = one_batch(store, [
        lambda: store.append("a", 0, [NewEvent("first", {}, "gm")]),
        lambda: store.append("b", 0, [NewEvent("first", {}, "gm"), NewEvent("second", {}, "gm")]),
        lambda: store.append("a", 0, [NewEvent("rival", {}, "gm")]),
        lambda: store.append("c", 5, [NewEvent("stale", {}, "gm")]),
        lambda: store.append("nowhere", 0, [NewEvent("lost", {}, "gm")]),
    ])
    assert [type(r).__name__ for r in results] == [
        "list", "list", "ConflictError", "ConflictError", "UnknownTable"]
    assert [e.kind for e in store.read("a")] == ["first"]
    assert [e.kind for e in store.read("b")] == ["first", "second"]
    assert store.read("c") == []


def test_a_statement_error_fails_the_whole_batch_and_writes_nothing(store: SqliteStore) -> None:
    for name in ("ok", "doomed"):
        store.create_table(name)
    add_trigger(store, "CREATE TRIGGER doom BEFORE INSERT ON events "
                       "WHEN NEW.table_id = 'doomed' BEGIN SELECT json('not json'); END")
    results = one_batch(store, [
        lambda: store.append("ok", 0, [NewEvent("innocent", {}, "gm")]),
        lambda: store.append("doomed", 0, [NewEvent("doomed", {}, "gm")]),
    ])
    assert all(isinstance(r, StoreUnavailable) for r in results), results
    assert "malformed JSON" in str(results[1])
    assert store.read("ok") == []
    assert store.last_sequence("doomed") == 0
    # the store carries on; the retry with the same expected number is safe
    assert [e.sequence for e in store.append("ok", 0, [NewEvent("again", {}, "gm")])] == [1]


def test_when_sqlite_rolls_the_transaction_back_nothing_of_the_batch_is_written(
    store: SqliteStore,
) -> None:
    for name in ("before", "doomed", "after"):
        store.create_table(name)
    add_trigger(store, "CREATE TRIGGER doom BEFORE INSERT ON events "
                       "WHEN NEW.table_id = 'doomed' BEGIN SELECT RAISE(ROLLBACK, 'doomed'); END")
    results = one_batch(store, [
        lambda: store.append("before", 0, [NewEvent("e", {}, "gm")]),
        lambda: store.append("doomed", 0, [NewEvent("e", {}, "gm")]),
        lambda: store.append("after", 0, [NewEvent("e", {}, "gm")]),
    ])
    # the queue's order is the threads' arrival order: whichever came after the
    # doomed append must not have been committed on its own either
    assert all(isinstance(r, StoreUnavailable) for r in results), results
    assert [store.last_sequence(t) for t in ("before", "doomed", "after")] == [0, 0, 0]
    assert [e.sequence for e in store.append("after", 0, [NewEvent("e", {}, "gm")])] == [1]


def test_more_queued_appends_than_one_batch_are_all_committed(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_module, "MAX_BATCH", 2)
    store.create_table("t")
    for name in ("x", "y", "z", "w", "v"):
        store.create_table(name)
    def appending(name: str) -> Callable[[], object]:
        return lambda: store.append(name, 0, [NewEvent("e", {}, "gm")])

    results = one_batch(store, [appending(name) for name in ("x", "y", "z", "w", "v")])
    assert all(isinstance(r, list) for r in results), results
    assert [store.last_sequence(n) for n in ("x", "y", "z", "w", "v")] == [1, 1, 1, 1, 1]
    workers = [f"w{n}" for n in range(10)]
    conflicts: Counter[str] = Counter()
    threads = [threading.Thread(target=append_with_retry, args=(store, "t", w, 10, conflicts))
               for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert_each_once(store, "t", workers, 10, per_append=2)


def test_a_conflict_in_a_batch_is_a_conflict_error(store: SqliteStore) -> None:
    store.create_table("t")
    store.append("t", 0, [NewEvent("e", {}, "gm")])
    with pytest.raises(ConflictError, match="at event 1, not 0"):
        store.append("t", 0, [NewEvent("e", {}, "gm")])
