"""Real concurrency: threads and processes appending to one table with retry lose
and duplicate nothing; ``wait`` wakes for appends of this and other processes."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import psycopg
import pytest

from regelwerk.store import ConflictError, EventStore, NewEvent, open_store
from tests.postgres import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def worker(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.worker", *args], cwd=ROOT, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )


def append_with_retry(store: EventStore, table_id: str, worker: str, count: int,
                      conflicts: Counter[str]) -> None:
    for index in range(count):
        while True:
            last = store.last_sequence(table_id)
            try:
                store.append(table_id, last, [NewEvent("tick", {"worker": worker, "index": index},
                                                       worker),
                                              NewEvent("tock", {"worker": worker, "index": index},
                                                       worker)])
                break
            except ConflictError:
                conflicts[worker] += 1


def assert_each_once(store: EventStore, table_id: str, workers: list[str], count: int,
                     per_append: int) -> None:
    log = store.read(table_id)
    assert [e.sequence for e in log] == list(range(1, len(log) + 1))
    seen = Counter((e.kind, e.payload["worker"], e.payload["index"]) for e in log)
    kinds = ["tick", "tock"][:per_append]
    expected = Counter((kind, w, i) for w in workers for i in range(count) for kind in kinds)
    assert seen == expected
    if per_append == 2:  # the two events of one append are always neighbours
        for tick, tock in zip(log[::2], log[1::2], strict=True):
            assert (tick.kind, tock.kind) == ("tick", "tock")
            assert tick.payload == tock.payload


def test_many_threads_appending_with_retry_lose_and_duplicate_nothing(store: EventStore) -> None:
    store.create_table("t")
    workers = [f"w{n}" for n in range(12)]
    conflicts: Counter[str] = Counter()
    barrier = threading.Barrier(len(workers))

    def run(name: str) -> None:
        barrier.wait()
        append_with_retry(store, "t", name, 15, conflicts)

    threads = [threading.Thread(target=run, args=(name,)) for name in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert_each_once(store, "t", workers, 15, per_append=2)
    assert store.last_sequence("t") == 12 * 15 * 2


def test_racing_appends_after_the_same_number_have_exactly_one_winner(store: EventStore) -> None:
    store.create_table("t")
    racers = 8
    for round_ in range(10):
        expected = store.last_sequence("t")
        barrier = threading.Barrier(racers)
        outcome: dict[int, str] = {}

        def race(racer: int, expected: int = expected, barrier: threading.Barrier = barrier,
                 outcome: dict[int, str] = outcome) -> None:
            barrier.wait()
            try:
                store.append("t", expected, [NewEvent("won", {"racer": racer}, f"r{racer}"),
                                             NewEvent("and", {"racer": racer}, f"r{racer}")])
                outcome[racer] = "won"
            except ConflictError:
                outcome[racer] = "conflict"

        threads = [threading.Thread(target=race, args=(n,)) for n in range(racers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        winners = [racer for racer, result in outcome.items() if result == "won"]
        assert len(outcome) == racers
        assert len(winners) == 1, f"round {round_}: {outcome}"
        new = store.read("t", after=expected)
        assert [(e.sequence, e.payload["racer"]) for e in new] == [
            (expected + 1, winners[0]), (expected + 2, winners[0])]


def test_two_store_objects_on_one_database_see_each_others_conflicts(db_url: str) -> None:
    first, second = open_store(db_url), open_store(db_url)
    try:
        first.create_table("t")
        second.append("t", 0, [NewEvent("a", {}, "gm")])
        with pytest.raises(ConflictError):
            first.append("t", 0, [NewEvent("b", {}, "gm")])
        assert [e.kind for e in first.read("t")] == ["a"]
    finally:
        first.close()
        second.close()


def test_processes_appending_with_retry_lose_and_duplicate_nothing(db_store: EventStore,
                                                                    db_url: str) -> None:
    db_store.create_table("t")
    names = ["p0", "p1", "p2"]
    processes = [worker("append-retry", db_url, "t", name, "25") for name in names]
    conflicts: Counter[str] = Counter()
    append_with_retry(db_store, "t", "here", 25, conflicts)
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert out.split() == ["done"]
    log = db_store.read("t")
    assert [e.sequence for e in log] == list(range(1, len(log) + 1))
    ticks = Counter((e.payload["worker"], e.payload["index"]) for e in log if e.kind == "tick")
    assert ticks == Counter((w, i) for w in names for i in range(25)) + Counter(
        ("here", i) for i in range(25))
    assert len(log) == 3 * 25 + 2 * 25


def test_wait_answers_at_once_when_the_log_is_already_past(store: EventStore) -> None:
    store.create_table("t")
    store.append("t", 0, [NewEvent("a", {}, "gm")])
    assert store.wait("t", 0, 5.0) is True


def test_wait_times_out_without_a_new_event(store: EventStore) -> None:
    store.create_table("t")
    started = time.monotonic()
    assert store.wait("t", 0, 0.2) is False
    assert time.monotonic() - started >= 0.19
    assert store.wait("t", 0, 0) is False


def test_wait_wakes_for_an_append_of_another_thread(store: EventStore) -> None:
    store.create_table("t")
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(store.wait("t", 0, 30.0)))
    waiter.start()
    time.sleep(0.1)
    store.append("t", 0, [NewEvent("a", {}, "gm")])
    waiter.join(timeout=30)
    assert woke == [True]


def test_wait_wakes_for_an_append_through_another_connection(db_url: str) -> None:
    waiting, writing = open_store(db_url), open_store(db_url)
    try:
        waiting.create_table("t")
        woke: list[bool] = []
        waiter = threading.Thread(target=lambda: woke.append(waiting.wait("t", 0, 30.0)))
        waiter.start()
        time.sleep(0.2)
        writing.append("t", 0, [NewEvent("a", {}, "gm")])
        waiter.join(timeout=30)
        assert woke == [True]
        # a waiter for a later event is not woken by that one
        assert waiting.wait("t", 1, 0.2) is False
    finally:
        waiting.close()
        writing.close()


def test_wait_wakes_for_an_append_of_another_process(db_store: EventStore, db_url: str) -> None:
    db_store.create_table("t")
    db_store.append("t", 0, [NewEvent("a", {}, "gm")])
    process = worker("append-after", db_url, "t", "0.5")
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    started = time.monotonic()
    assert db_store.wait("t", 1, 30.0) is True
    waited = time.monotonic() - started
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert out.split() == ["2"]
    assert db_store.read("t", after=1)[0].kind == "late"
    assert waited < 25  # woken by the append, not by the timeout


def test_many_waiters_on_many_tables_each_wake_for_their_own(db_url: str) -> None:
    waiting, writing = open_store(db_url), open_store(db_url)
    try:
        for n in range(5):
            waiting.create_table(f"t{n}")
        results: dict[tuple[int, int], bool] = {}

        def wait(table: int, copy: int) -> None:
            results[table, copy] = waiting.wait(f"t{table}", 0, 1.5 if table % 2 else 30.0)

        threads = [threading.Thread(target=wait, args=(t, c)) for t in range(5) for c in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(0.2)
        for table in (0, 2, 4):
            writing.append(f"t{table}", 0, [NewEvent("a", {}, "gm")])
        for thread in threads:
            thread.join(timeout=30)
        assert results == {(t, c): t % 2 == 0 for t in range(5) for c in range(4)}
    finally:
        waiting.close()
        writing.close()


def test_close_releases_a_waiter(db_url: str) -> None:
    store = open_store(db_url)
    store.create_table("t")
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(store.wait("t", 0, 30.0)))
    waiter.start()
    time.sleep(0.2)
    started = time.monotonic()
    store.close()
    waiter.join(timeout=10)
    assert woke == [False]
    assert time.monotonic() - started < 9


def test_a_lost_listen_connection_is_made_again(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.create_database()
    waiting, writing = open_store(url), open_store(url)
    try:
        waiting.create_table("t")
        assert waiting.wait("t", 0, 0.05) is False  # the listener runs now
        database = url.rsplit("/", 1)[1]
        with psycopg.connect(postgres_server.url(), autocommit=True) as admin:
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND query LIKE 'LISTEN%%'", (database,)).fetchall()
        assert ended == [(True,)]
        # appended while the listener may still be away
        writing.append("t", 0, [NewEvent("a", {}, "gm")])
        assert waiting.wait("t", 0, 30.0) is True
        assert waiting.wait("t", 1, 0.05) is False
        time.sleep(0.5)  # listening again by now
        woke: list[bool] = []
        waiter = threading.Thread(target=lambda: woke.append(waiting.wait("t", 1, 30.0)))
        waiter.start()
        time.sleep(0.2)
        started = time.monotonic()
        writing.append("t", 1, [NewEvent("b", {}, "gm")])
        waiter.join(timeout=30)
        assert woke == [True]
        assert time.monotonic() - started < 20
    finally:
        waiting.close()
        writing.close()
