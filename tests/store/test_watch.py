"""``watch``: a listener per table, called with each new last sequence number, from
appends of this store and (SQLite's follower, PostgreSQL's LISTEN) of another
connection; what the table feed wakes streams with."""

from __future__ import annotations

import queue
import threading

from regelwerk.store import EventStore, NewEvent, open_store
from regelwerk.store.watch import Watcher

Heard = queue.Queue[tuple[str, int]]


def test_a_listener_hears_each_append_of_its_table_until_unwatched(store: EventStore) -> None:
    for name in ("t", "other"):
        store.create_table(name)
    heard: Heard = queue.Queue()
    unwatch = store.watch("t", lambda table, sequence: heard.put((table, sequence)))
    store.append("t", 0, [NewEvent("a", {}, "gm"), NewEvent("b", {}, "gm")])
    store.append("other", 0, [NewEvent("a", {}, "gm")])
    store.append("t", 2, [NewEvent("c", {}, "gm")])
    assert heard.get(timeout=5) == ("t", 2)
    assert heard.get(timeout=5) == ("t", 3)
    unwatch()
    store.append("t", 3, [NewEvent("d", {}, "gm")])
    assert heard.empty()


def test_a_listener_hears_an_append_through_another_connection(db_url: str) -> None:
    watching, writing = open_store(db_url), open_store(db_url)
    try:
        watching.create_table("t")
        watching.create_table("quiet")
        heard: Heard = queue.Queue()
        unwatch = watching.watch("t", lambda table, sequence: heard.put((table, sequence)))
        quiet: Heard = queue.Queue()
        watching.watch("quiet", lambda table, sequence: quiet.put((table, sequence)))
        writing.append("t", 0, [NewEvent("a", {}, "gm")])
        assert heard.get(timeout=10) == ("t", 1)
        writing.append("t", 1, [NewEvent("b", {}, "gm")])
        assert heard.get(timeout=10) == ("t", 2)
        assert quiet.empty()
        unwatch()
    finally:
        watching.close()
        writing.close()


def test_a_number_learnt_by_a_waiter_reaches_the_listeners_too() -> None:
    """A waiter's own read of the database may be the first to see a number: the
    listeners hear of it then, not never."""
    watcher = Watcher(lambda: None)
    heard: list[tuple[str, int]] = []
    watcher.watch("t", lambda table, sequence: heard.append((table, sequence)))
    assert watcher.wait("t", 0, 0.0, lambda: 7) is True
    watcher.note("t", 7)  # the follower reports it later: nobody hears it twice
    assert heard == [("t", 7)]


def test_an_append_wakes_the_waiters_of_its_table_only() -> None:
    watcher = Watcher(lambda: None)
    woke: dict[str, bool] = {}

    def wait(table_id: str) -> None:
        woke[table_id] = watcher.wait(table_id, 0, 0.5 if table_id == "b" else 10, lambda: 0)

    threads = [threading.Thread(target=wait, args=(name,)) for name in ("a", "b")]
    for thread in threads:
        thread.start()
    while len(watcher.waited()) < 2:
        threading.Event().wait(0.01)
    watcher.note("a", 1)
    for thread in threads:
        thread.join(10)
    assert woke == {"a": True, "b": False}
    assert watcher.waited() == []  # forgotten once nobody waits
