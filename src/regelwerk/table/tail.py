"""A table's latest events in memory, kept where the garbage collector does not look.

The service keeps each table's latest events so that streams and reconnecting
clients read them without asking the store.  As Python objects, an event is
about fifteen containers (its payload's dicts and lists); 256 events of each of
50 tables made some 200 000 of them, and every full collection of the garbage
collector walked them all while every thread waited: half a second of CPU per
collection on the shared machine, the tail of the table's command latency
(docs/api.md, "Under load").  Here each event is kept pickled, one ``bytes``
object that the collector never visits, and unpickled when it is read (about
10 µs).  Streams seldom read it: an event everyone sees alike goes to them
from the service's shared views.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Iterable
from itertools import islice

from regelwerk.store.base import StoredEvent

__all__ = ["Tail"]


class Tail:
    """The latest ``size`` events of one table, in order, without gaps."""

    __slots__ = ("_events", "_last")

    def __init__(self, size: int, events: Iterable[StoredEvent] = ()) -> None:
        self._events: deque[bytes] = deque(maxlen=size)
        self._last = 0
        for event in events:
            self.append(event)

    def append(self, event: StoredEvent) -> None:
        """Keep ``event``, the one after the last kept (the oldest leaves when full)."""
        if self._events and event.sequence != self._last + 1:
            raise ValueError(f"event {event.sequence} does not follow {self._last}")
        self._events.append(pickle.dumps(event, pickle.HIGHEST_PROTOCOL))
        self._last = event.sequence

    @property
    def first(self) -> int | None:
        """The sequence number of the oldest event kept; None while empty."""
        return self._last - len(self._events) + 1 if self._events else None

    def covers(self, after: int) -> bool:
        """Whether every kept-up event after ``after`` is here (none was dropped)."""
        first = self.first
        return first is not None and first <= after + 1

    def since(self, after: int) -> list[StoredEvent]:
        """The kept events with a sequence number above ``after``, in order."""
        first = self.first
        if first is None:
            return []
        start = max(after + 1 - first, 0)
        return [pickle.loads(kept) for kept in islice(self._events, start, None)]

    def __len__(self) -> int:
        return len(self._events)
