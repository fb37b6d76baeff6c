"""A table's log as JSON Lines: one event per line, in order; and back.

The export holds every event (the game master's file), but a dice seed that is
not revealed yet is left out: its ``seed_secret`` event keeps its place with
``{"epoch": n, "seed": null, "redacted": true}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from regelwerk.i18n import translator
from regelwerk.store.base import StoredEvent
from regelwerk.table.errors import InvalidCommand
from regelwerk.table.state import State

__all__ = ["event_json", "export_lines", "parse_lines"]


def event_json(event: StoredEvent) -> dict[str, Any]:
    """An event as a JSON object."""
    return {"table_id": event.table_id, "sequence": event.sequence, "kind": event.kind,
            "payload": event.payload, "actor": event.actor,
            "audience": list(event.audience), "time": event.time}


def export_lines(events: Iterable[StoredEvent], state: State) -> str:
    """JSON Lines of ``events``; unrevealed seeds redacted."""
    revealed = {r["epoch"] for r in state["fair"]["revealed"]}
    lines = []
    for event in events:
        data = event_json(event)
        if event.kind == "seed_secret" and event.payload["epoch"] not in revealed:
            data["payload"] = {"epoch": event.payload["epoch"], "seed": None,
                               "redacted": True}
        lines.append(json.dumps(data, ensure_ascii=False, sort_keys=True))
    return "\n".join(lines) + "\n"


_FIELDS = ("table_id", "sequence", "kind", "payload", "actor", "audience", "time")


def parse_lines(text: str, t: Callable[..., str] | None = None) -> list[StoredEvent]:
    """Events from JSON Lines; ``InvalidCommand`` names the first bad line, in the
    language of ``t`` (a translator; English without one)."""
    t = t or translator("en")
    events: list[StoredEvent] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            raise InvalidCommand(t("line {number} is not JSON", number=number)) from None
        if not isinstance(data, dict):
            raise InvalidCommand(t("line {number} is not an exported event: an event is a "
                                   "JSON object with {fields}", number=number,
                                   fields=", ".join(_FIELDS)))
        missing = [f for f in _FIELDS if f not in data]
        if missing:
            raise InvalidCommand(t("line {number} is not an exported event: it lacks "
                                   "{fields}", number=number, fields=", ".join(missing)))
        try:
            event = StoredEvent(str(data["table_id"]), int(data["sequence"]),
                                str(data["kind"]), dict(data["payload"]), str(data["actor"]),
                                tuple(str(a) for a in data["audience"]), str(data["time"]))
        except (ValueError, TypeError):
            raise InvalidCommand(t("line {number} is not an exported event: sequence is a "
                                   "number, payload an object, audience a list",
                                   number=number)) from None
        if event.sequence != len(events) + 1:
            raise InvalidCommand(t("line {number}: event {sequence} does not follow "
                                   "{previous} (sequence numbers run from 1 without gaps)",
                                   number=number, sequence=event.sequence,
                                   previous=len(events)))
        events.append(event)
    if not events:
        raise InvalidCommand(t("the file holds no events"))
    return events
