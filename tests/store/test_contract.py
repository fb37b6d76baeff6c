"""The event store contract (``regelwerk.store.base``), against memory, SQLite and
PostgreSQL alike: order, gap-free numbers, conflicts, round-trips, unknown tables."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regelwerk.errors import RegelwerkError
from regelwerk.store import (
    ConflictError,
    EventStore,
    InvalidEvent,
    MemoryStore,
    NewEvent,
    StoredEvent,
    UnknownTable,
    open_store,
)


def event(n: int, actor: str = "gm", audience: tuple[str, ...] = ("*",)) -> NewEvent:
    return NewEvent("noted", {"n": n}, actor, audience)


def test_a_new_table_has_an_empty_log(store: EventStore) -> None:
    store.create_table("t")
    assert store.read("t") == []
    assert store.last_sequence("t") == 0


def test_appends_are_numbered_from_one_without_gaps_in_order(store: EventStore) -> None:
    store.create_table("t")
    first = store.append("t", 0, [event(1), event(2), event(3)])
    second = store.append("t", 3, [event(4)])
    third = store.append("t", 4, [event(5), event(6)])
    log = store.read("t")
    assert [e.sequence for e in log] == [1, 2, 3, 4, 5, 6]
    assert [e.payload["n"] for e in log] == [1, 2, 3, 4, 5, 6]
    assert log == first + second + third
    assert store.last_sequence("t") == 6


def test_read_after_gives_only_later_events(store: EventStore) -> None:
    store.create_table("t")
    store.append("t", 0, [event(n) for n in range(1, 8)])
    assert [e.sequence for e in store.read("t", after=4)] == [5, 6, 7]
    assert store.read("t", after=7) == []
    assert store.read("t", after=99) == []
    assert [e.sequence for e in store.read("t", after=-3)] == list(range(1, 8))


def test_one_append_shares_its_time_and_records_it_in_utc(store: EventStore) -> None:
    store.create_table("t")
    before = datetime.now(UTC)
    stored = store.append("t", 0, [event(1), event(2)])
    times = {e.time for e in stored}
    assert len(times) == 1
    moment = datetime.fromisoformat(times.pop())
    assert moment.utcoffset() == timedelta(0)
    assert before <= moment <= datetime.now(UTC)


def test_tables_are_separate_logs(store: EventStore) -> None:
    store.create_table("a")
    store.create_table("b")
    store.append("a", 0, [event(1), event(2)])
    store.append("b", 0, [event(10)])
    assert [e.payload["n"] for e in store.read("a")] == [1, 2]
    assert [(e.table_id, e.sequence, e.payload["n"]) for e in store.read("b")] == [("b", 1, 10)]


def test_tables_lists_every_log_with_its_head(store: EventStore) -> None:
    assert store.tables() == []
    store.create_table("zeta")
    store.create_table("alpha")
    store.append("zeta", 0, [event(1), event(2)])
    listed = store.tables()
    assert [(t.table_id, t.last_sequence) for t in listed] == [("alpha", 0), ("zeta", 2)]
    assert all(datetime.fromisoformat(t.created).utcoffset() is not None for t in listed)


def test_creating_an_existing_table_is_a_conflict(store: EventStore) -> None:
    store.create_table("t")
    store.append("t", 0, [event(1)])
    with pytest.raises(ConflictError) as refused:
        store.create_table("t")
    assert refused.value.code == "conflict"
    assert store.last_sequence("t") == 1


@pytest.mark.parametrize("expected", [0, 1, 3, -1])
def test_a_stale_or_future_expected_sequence_is_refused_whole(
    store: EventStore, expected: int
) -> None:
    store.create_table("t")
    store.append("t", 0, [event(1), event(2)])
    with pytest.raises(ConflictError) as refused:
        store.append("t", expected, [event(3), event(4)])
    assert refused.value.code == "conflict"
    assert "2" in refused.value.message
    assert [e.payload["n"] for e in store.read("t")] == [1, 2]


@pytest.mark.parametrize("expected", [2**62, 2**70, -(2**70)])
def test_a_number_no_log_reaches_is_a_conflict(store: EventStore, expected: int) -> None:
    store.create_table("t")
    with pytest.raises(ConflictError):
        store.append("t", expected, [event(1)])
    with pytest.raises(ConflictError):
        store.append("t", expected, [])
    assert store.read("t", after=expected) == []
    if expected > 0:
        assert store.wait("t", expected, 0) is False


@pytest.mark.parametrize("number", [True, 1.0, "1", None], ids=repr)
def test_a_sequence_number_must_be_a_whole_number(store: EventStore, number: object) -> None:
    store.create_table("t")
    store.append("t", 0, [event(1)])
    calls: list[Callable[[], object]] = [
        lambda: store.append("t", number, [event(2)]),  # type: ignore[arg-type]
        lambda: store.read("t", number),  # type: ignore[arg-type]
        lambda: store.wait("t", number, 0),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(InvalidEvent, match="whole number"):
            call()
    assert store.last_sequence("t") == 1


def test_an_empty_append_writes_nothing_but_still_checks_the_sequence(store: EventStore) -> None:
    store.create_table("t")
    store.append("t", 0, [event(1)])
    assert store.append("t", 1, []) == []
    with pytest.raises(ConflictError):
        store.append("t", 0, [])
    assert store.last_sequence("t") == 1


@pytest.mark.parametrize("table_id", ["nope", "", "x" * 300, "nul\x00", "\ud800"])
def test_an_unknown_table_is_named_as_such_everywhere(store: EventStore, table_id: str) -> None:
    store.create_table("t")
    calls: list[Callable[[], object]] = [
        lambda: store.read(table_id),
        lambda: store.last_sequence(table_id),
        lambda: store.append(table_id, 0, [event(1)]),
        lambda: store.wait(table_id, 0, 0.01),
    ]
    for call in calls:
        with pytest.raises(UnknownTable) as refused:
            call()
        assert refused.value.code == "unknown_table"


@pytest.mark.parametrize(
    "table_id", ["", "x" * 257, "nul\x00", "half \ud800 surrogate"], ids=repr
)
def test_a_table_id_the_store_cannot_keep_is_refused(store: EventStore, table_id: str) -> None:
    with pytest.raises(InvalidEvent) as refused:
        store.create_table(table_id)
    assert refused.value.code == "invalid_event"
    assert store.tables() == []


INVALID = {
    "nan": NewEvent("k", {"x": math.nan}, "gm"),
    "infinity": NewEvent("k", {"x": math.inf}, "gm"),
    "set": NewEvent("k", {"x": {1, 2}}, "gm"),
    "bytes": NewEvent("k", {"x": b"raw"}, "gm"),
    "not an object": NewEvent("k", [1, 2], "gm"),  # type: ignore[arg-type]
    "surrogate": NewEvent("k", {"x": "\udc80"}, "gm"),
    "empty kind": NewEvent("", {}, "gm"),
    "NUL in kind": NewEvent("a\x00b", {}, "gm"),
    "empty actor": NewEvent("k", {}, ""),
    "no audience": NewEvent("k", {}, "gm", ()),
    "audience not text": NewEvent("k", {}, "gm", (7,)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("bad", INVALID.values(), ids=INVALID.keys())
def test_an_event_the_store_cannot_keep_is_refused_and_nothing_written(
    store: EventStore, bad: NewEvent
) -> None:
    store.create_table("t")
    with pytest.raises(InvalidEvent) as refused:
        store.append("t", 0, [event(1), bad])
    assert refused.value.code == "invalid_event"
    assert store.read("t") == []
    store.append("t", 0, [event(1)])  # the log is usable afterwards


def test_unicode_audience_and_actor_round_trip(store: EventStore) -> None:
    store.create_table("borð-ÞÆ")
    stored = store.append("borð-ÞÆ", 0, [
        NewEvent("geheimer Wurf", {"Würfel": [3, 5], "text": "Þú kastar 🎲\u0000\n\t\"'\\"},
                 "Spielleiterin", ("gm",)),
        NewEvent("ávarp", {"leikmenn": ["Jón", "Guðrún"]}, "jón", ("jón", "guðrún")),
    ])
    assert store.read("borð-ÞÆ") == stored
    assert stored[0].payload == {"Würfel": [3, 5], "text": "Þú kastar 🎲\u0000\n\t\"'\\"}
    assert stored[0].audience == ("gm",)
    assert stored[1].actor == "jón"
    assert stored[1].audience == ("jón", "guðrún")


def test_payload_key_order_survives(store: EventStore) -> None:
    store.create_table("t")
    payload = {"zulu": 1, "alpha": {"y": 2, "b": 3}, "mike": [3, 2, 1]}
    [read] = [*store.append("t", 0, [NewEvent("k", payload, "gm")])]
    assert list(store.read("t")[0].payload) == ["zulu", "alpha", "mike"]
    assert list(store.read("t")[0].payload["alpha"]) == ["y", "b"]
    assert read.payload == payload


def test_a_big_payload_round_trips(store: EventStore) -> None:
    store.create_table("t")
    big = {"map": "".join(chr(0x20 + (i * 7919) % 0x2000) for i in range(1_000_000)),
           "cells": list(range(100_000))}
    store.append("t", 0, [NewEvent("map drawn", big, "gm")])
    assert store.read("t")[0].payload == big


def test_a_stored_event_is_a_copy_of_what_came_in(store: EventStore) -> None:
    store.create_table("t")
    payload: dict[str, Any] = {"list": [1, 2], "tuple": (3, 4)}
    [stored] = store.append("t", 0, [NewEvent("k", payload, "gm", ["gm"])])  # type: ignore[arg-type]
    payload["list"].append(99)
    assert stored.payload == {"list": [1, 2], "tuple": [3, 4]}
    assert store.read("t")[0].payload == {"list": [1, 2], "tuple": [3, 4]}
    assert stored.audience == ("gm",)


texts = st.text(st.characters(exclude_categories=["Cs"]))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
names = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
                min_size=1, max_size=20)


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(payloads=st.lists(st.dictionaries(texts, json_values, max_size=5), min_size=1,
                         max_size=4),
       kind=names, actor=names, audience=st.lists(names, min_size=1, max_size=3))
def test_any_json_payload_reads_back_equal(
    store: EventStore, payloads: list[dict[str, Any]], kind: str, actor: str,
    audience: list[str],
) -> None:
    table_id = f"t{store.tables().__len__()}"
    store.create_table(table_id)
    new = [NewEvent(kind, payload, actor, tuple(audience)) for payload in payloads]
    stored = store.append(table_id, 0, new)
    read = store.read(table_id)
    assert read == stored
    assert [e.payload for e in read] == payloads
    assert all(e.kind == kind and e.actor == actor and e.audience == tuple(audience)
               for e in read)
    assert all(isinstance(e, StoredEvent) for e in read)


operations = st.lists(
    st.tuples(st.sampled_from(["a", "b", "missing"]), st.integers(-1, 2), st.integers(0, 3)),
    min_size=1, max_size=25,
)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(plan=operations)
def test_every_store_answers_like_the_memory_store(
    store: EventStore, plan: list[tuple[str, int, int]]
) -> None:
    """Random appends (some stale, some ahead, some to no table): each store gives the
    same answers and ends with the same logs as the memory store, times aside."""
    prefix = f"r{len(store.tables())}-"
    model = MemoryStore()
    for name in ("a", "b"):
        store.create_table(prefix + name)
        model.create_table(prefix + name)

    def outcome(target: EventStore, table: str, offset: int, count: int) -> object:
        try:
            last = target.last_sequence(prefix + table) if table != "missing" else 0
            stored = target.append(prefix + table, last + offset,
                                   [NewEvent(f"k{i}", {"i": i, "offset": offset}, "gm")
                                    for i in range(count)])
        except RegelwerkError as error:
            return error.code
        return [(e.sequence, e.kind) for e in stored]

    for table, offset, count in plan:
        assert outcome(store, table, offset, count) == outcome(model, table, offset, count)

    def logs(target: EventStore) -> object:
        return [[(e.sequence, e.kind, e.payload, e.actor, e.audience)
                 for e in target.read(prefix + name)] for name in ("a", "b")]

    assert logs(store) == logs(model)


def test_closing_twice_is_harmless(store_url: str) -> None:
    opened = open_store(store_url)
    opened.create_table("t")
    assert opened.wait("t", 0, 0.01) is False  # a follower runs, if the store has one
    opened.close()
    opened.close()
