"""A table's state is the fold of its events: ``fold(events)``; ``apply`` adds one.

The state is plain JSON data, so replaying a log gives the same state byte for
byte (``canonical``).  Each event kind has one fold function, registered with
``@folds(kind)``; they only copy what the event says into the state (the
decisions were made before, by the deciders).

Events of game commands carry ``command`` (the sequence number of the first
event of their command); before such a command the state remembers what it
changes (the characters and the encounter; the battle map when the command
changes it), so that ``undone`` can put it back (a compensating event: the log
is never rewritten).
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Iterable
from typing import Any, Protocol

__all__ = ["UNDO_DEPTH", "Event", "apply", "canonical", "fold", "folds", "initial", "kinds"]

UNDO_DEPTH = 20
"""How many commands back ``undo`` can go."""
UNDOABLE_PARTS = ("characters", "encounter")
MAP_KINDS = frozenset({"map_set", "token_placed"})
"""Events that change the battle map: a command's first of them remembers the map
as it was (so that undo puts it back); other commands do not copy it."""
NO_MAP: dict[str, Any] = {"map": None, "tokens": {}}

State = dict[str, Any]


class Event(Protocol):
    """What the fold reads of an event (``StoredEvent`` has it)."""

    @property
    def sequence(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def payload(self) -> dict[str, Any]: ...
    @property
    def actor(self) -> str: ...
    @property
    def time(self) -> str: ...
    @property
    def audience(self) -> tuple[str, ...]: ...


Fold = Callable[[State, Event], None]
_FOLDS: dict[str, Fold] = {}


def folds(kind: str) -> Callable[[Fold], Fold]:
    """Register the fold function of an event kind."""
    def register(function: Fold) -> Fold:
        _FOLDS[kind] = function
        return function
    return register


def initial() -> State:
    """The state before the first event."""
    return {
        "table_id": "", "name": "", "system": "", "lang": "en", "sequence": 0,
        "created": "", "settings": {}, "members": {}, "credentials": {}, "invitations": {},
        "characters": {}, "encounter": None, "session": 1, "counters": {},
        "fair": {"epoch": 0, "seed_hash": None, "seed": None, "player_seeds": [],
                 "revealed": []},
        "undo": [],
    }


def copy(value: Any) -> Any:
    """A deep copy of JSON data (pickle copies plain data fastest)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def copy_dict(value: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a JSON object."""
    copied: dict[str, Any] = copy(value)
    return copied


def _snapshot(value: Any, latest: Any) -> Any:
    """A copy of ``value`` for undo; the latest snapshot itself when ``value`` has not
    changed since (the same pickle, so the same types and the same shape: a check
    leaves the characters as they were).  Snapshots are never changed in place, so
    sharing one spares the copy, and the garbage collector's walk over it."""
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    if latest is not None and pickle.dumps(latest, pickle.HIGHEST_PROTOCOL) == data:
        return latest
    return pickle.loads(data)


def _remember(state: State, event: Event) -> None:
    command = event.payload.get("command")
    if command is None:
        return
    stack: list[dict[str, Any]] = state["undo"]
    if not stack or stack[-1]["command"] != command:
        latest = stack[-1]["before"] if stack else {}
        stack.append({"command": command, "sequences": [], "gm_only": True,
                      "before": {part: _snapshot(state[part], latest.get(part))
                                 for part in UNDOABLE_PARTS}})
        del stack[:-UNDO_DEPTH]
    if event.kind in MAP_KINDS and "battle_map" not in stack[-1]["before"]:
        stack[-1]["before"]["battle_map"] = copy(state.get("battle_map") or NO_MAP)
    stack[-1]["sequences"].append(event.sequence)
    if tuple(event.audience) != ("gm",):
        stack[-1]["gm_only"] = False


def _loaded() -> dict[str, Fold]:
    """Every fold function (their modules register them when first imported)."""
    import regelwerk.table.dice_commands
    import regelwerk.table.encounter_folds
    import regelwerk.table.folds  # noqa: F401

    return _FOLDS


def kinds() -> frozenset[str]:
    """Every event kind a state folds."""
    return frozenset(_loaded())


def apply(state: State, event: Event, *, remember: bool = True) -> None:
    """Fold one event into ``state`` (in place); ``remember=False`` skips keeping
    what undo would put back (for a decider's scratch copy)."""
    if event.sequence != state["sequence"] + 1:
        raise ValueError(f"event {event.sequence} does not follow {state['sequence']}")
    if remember:
        _remember(state, event)
    function = _FOLDS.get(event.kind) or _loaded().get(event.kind)
    if function is None:
        raise ValueError(f"unknown event kind {event.kind!r}")
    function(state, event)
    state["sequence"] = event.sequence


def fold(events: Iterable[Event]) -> State:
    """The state after ``events``, from the beginning."""
    state = initial()
    for event in events:
        apply(state, event)
    return state


def canonical(state: State) -> str:
    """The state as canonical JSON (sorted keys): equal states give equal bytes."""
    return json.dumps(state, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def next_id(state: State, kind: str, prefix: str) -> str:
    """The id the next ``kind`` gets (counted in ``counters`` by its fold)."""
    return f"{prefix}{state['counters'].get(kind, 0) + 1}"


def count(state: State, kind: str) -> None:
    """Count one more ``kind`` (called by folds that create one)."""
    state["counters"][kind] = state["counters"].get(kind, 0) + 1
