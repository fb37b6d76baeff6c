"""The service's memory of each table's latest events (``table.tail``): the same
events as the store, in order, kept where the garbage collector does not walk."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.store.base import StoredEvent
from regelwerk.table import service as service_module
from regelwerk.table.tail import Tail

from .conftest import make_table

SHEET = {"level": 1, "perception": 5, "saves": {"fortitude": 4, "reflex": 5, "will": 6},
         "skills": {"Arcana": 7}, "hp": 16, "max_hp": 16, "ac": 16}


def _event(sequence: int) -> StoredEvent:
    return StoredEvent("t", sequence, "check_rolled",
                       {"rolls": [{"dice": [{"sides": 20, "face": sequence % 20 + 1}]}],
                        "text": "Ä ∑ 🎲"}, "m1", ("gm",), "2026-11-30T12:00:00.000001+00:00")


@settings(max_examples=40, deadline=None)
@given(count=st.integers(0, 30), size=st.integers(1, 12), after=st.integers(0, 35))
def test_the_tail_answers_the_latest_events_as_they_were(count: int, size: int,
                                                         after: int) -> None:
    events = [_event(n) for n in range(1, count + 1)]
    tail = Tail(size, events)
    kept = events[-size:] if events else []
    assert len(tail) == len(kept)
    assert tail.first == (kept[0].sequence if kept else None)
    assert tail.covers(after) == (bool(kept) and kept[0].sequence <= after + 1)
    if tail.covers(after):
        assert tail.since(after) == [e for e in kept if e.sequence > after]


def test_the_tail_refuses_a_gap_and_keeps_nothing_the_collector_walks() -> None:
    tail = Tail(4, [_event(1), _event(2)])
    with pytest.raises(ValueError, match="does not follow 2"):
        tail.append(_event(4))
    assert tail.since(0) == [_event(1), _event(2)]
    assert not any(gc.is_tracked(kept) for kept in gc.get_referents(tail._events))


def test_streams_read_the_same_events_from_memory_as_from_the_store(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads inside the tail come from memory, reads before it from the store, and
    the shared views of the latest events stay few; each answer is the store's."""
    monkeypatch.setattr(service_module, "TAIL", 6)
    table = make_table("pf2e")
    service = table.service
    service.execute(table.player, {"type": "add_character", "name": "Ezren", "sheet": SHEET})
    for n in range(20):  # renames everyone sees, and notes for the game master alone
        service.execute(table.gm, {"type": "note", "text": f"Note {n}"} if n % 5 == 0 else
                        {"type": "update_character", "character_id": "c1", "name": f"E{n}"})
    last = service.state(table.gm)["sequence"]
    reads: list[int] = []
    original = table.store.read

    def read(table_id: str, after: int = 0) -> list[StoredEvent]:
        reads.append(after)
        return original(table_id, after)

    monkeypatch.setattr(table.store, "read", read)
    for viewer in (table.gm, table.player, table.other):
        for after in (0, last - 12, last - 6, last - 2, last):
            from_memory = service.events(viewer, after, known=last, shared=True)
            assert from_memory == service.events(viewer, after), (viewer.role, after)
            at_hand = service.events_at_hand(viewer, after, last, shared=True)
            assert at_hand == (from_memory if after >= last - 6 else None)
    assert set(reads) >= {0, last - 12}
    assert len(service._shared[table.table_id]) <= 2 * service_module.SHARED_VIEWS


def test_undo_snapshots_of_an_unchanged_part_are_one_object_and_undo_still_restores() -> None:
    """Undo keeps what each of the latest commands changed; commands that leave the
    characters as they were share one snapshot of them, and undoing each of a run
    of renames still puts back the name before it."""
    table = make_table("pf2e")
    service = table.service
    service.execute(table.gm, {"type": "add_character", "name": "Ezren", "sheet": SHEET})
    for _ in range(3):  # rolls leave the characters as they were
        service.execute(table.gm, {"type": "roll", "expression": "1d6"})
    for name in ("Ezren I", "Ezren II"):
        service.execute(table.gm, {"type": "update_character", "character_id": "c1",
                                   "name": name})
    stack = service._states[table.table_id]["undo"]
    befores = [entry["before"]["characters"] for entry in stack[-5:]]
    assert all(b is befores[0] for b in befores[:4])  # before each roll and the 1st rename
    assert befores[4] is not befores[3]
    assert befores[4]["c1"]["name"] == "Ezren I"
    names = []
    for _ in range(2):
        service.execute(table.gm, {"type": "undo"})
        names.append(service.state(table.gm)["characters"]["c1"]["name"])
    assert names == ["Ezren I", "Ezren"]
