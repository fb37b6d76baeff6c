"""Store work in a separate process, for the tests across processes.

    python -m tests.store.worker append-loop URL TABLE BATCH
        append BATCH events at a time forever; print each acknowledged last sequence
    python -m tests.store.worker append-retry URL TABLE WORKER COUNT
        append COUNT single events, retrying on conflict; print "done"
    python -m tests.store.worker append-after URL TABLE DELAY
        print "ready", sleep DELAY seconds, append one event, print its sequence
    python -m tests.store.worker open URL
        open the store (running its migrations) and print the tables
"""

from __future__ import annotations

import sys
import time

from regelwerk.store import ConflictError, EventStore, NewEvent, open_store

BLOB = "Würfel ÞÆÐ 🎲 " * 50


def batch_event(sequence: int, batch: int, index: int) -> NewEvent:
    """The ``index``-th event of the append that starts after ``sequence``."""
    return NewEvent("rolled", {"after": sequence, "index": index, "of": batch, "blob": BLOB},
                    "gm", ("*",))


def append_loop(store: EventStore, table_id: str, batch: int) -> None:
    last = store.last_sequence(table_id)
    while True:
        stored = store.append(table_id, last, [batch_event(last, batch, i) for i in range(batch)])
        last = stored[-1].sequence
        print(last, flush=True)


def append_retry(store: EventStore, table_id: str, worker: str, count: int) -> None:
    for index in range(count):
        while True:
            last = store.last_sequence(table_id)
            try:
                store.append(table_id, last, [NewEvent("tick", {"worker": worker, "index": index},
                                                       worker)])
                break
            except ConflictError:
                continue
    print("done", flush=True)


def main(argv: list[str]) -> None:
    command, url, *rest = argv
    store = open_store(url)
    try:
        if command == "append-loop":
            append_loop(store, rest[0], int(rest[1]))
        elif command == "append-retry":
            append_retry(store, rest[0], rest[1], int(rest[2]))
        elif command == "append-after":
            print("ready", flush=True)
            time.sleep(float(rest[1]))
            last = store.last_sequence(rest[0])
            stored = store.append(rest[0], last, [NewEvent("late", {}, "gm")])
            print(stored[-1].sequence, flush=True)
        elif command == "open":
            print(len(store.tables()), flush=True)
        else:
            raise SystemExit(f"unknown command {command}")
    finally:
        store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
