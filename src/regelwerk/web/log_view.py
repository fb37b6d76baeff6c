"""Events of the table's log as the page shows them.

The service has already filtered every event for the viewer (a secret the
viewer may not see arrives as a neutral notice with its sequence number);
this module only chooses words for them: who, when, what, and the dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk.i18n import Translator
from regelwerk.web.dice_view import RollView, view_of

__all__ = ["LogEntry", "entry", "matches"]

_SKIP = {"text", "secret", "terms", "faces", "total", "expression", "roll",
         "probability", "probability_at_least"}


@dataclass(frozen=True, slots=True)
class LogEntry:
    sequence: int
    kind: str
    label: str
    actor: str
    time: str
    """``HH:MM`` (UTC) of the event."""
    text: str
    roll: RollView | None
    secret: bool
    """The event hides a secret from this viewer (a neutral notice)."""
    private: bool
    """Only some members see this event (the game master's view marks them)."""
    details: tuple[tuple[str, str], ...]


def _roll_of(payload: Mapping[str, Any]) -> RollView | None:
    for candidate in (payload, payload.get("roll")):
        if (isinstance(candidate, Mapping) and isinstance(candidate.get("total"), int)
                and isinstance(candidate.get("terms"), list) and "expression" in candidate):
            return view_of(dict(candidate), with_chart=False)
    return None


def _short(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, (int, float, str)):
        return str(value)[:120]
    if isinstance(value, list) and all(isinstance(v, (int, str)) for v in value):
        return ", ".join(map(str, value))[:120]
    return ""


def entry(event: Mapping[str, Any], names: Mapping[str, str], t: Translator,
          labels: Mapping[str, str]) -> LogEntry:
    """The log entry of one (already filtered) event."""
    payload = event.get("payload") or {}
    if not isinstance(payload, Mapping):
        payload = {}
    kind = str(event.get("kind", ""))
    secret = bool(payload.get("secret")) and len(payload) <= 2
    time = str(event.get("time", ""))
    audience = event.get("audience")
    details = tuple(
        (key, shown) for key, value in payload.items()
        if key not in _SKIP and (shown := _short(value))
    )
    actor = str(event.get("actor", ""))
    return LogEntry(
        sequence=int(event["sequence"]),
        kind=kind,
        label=labels.get(kind, kind.replace("_", " ")),
        actor=names.get(actor, actor),
        time=time[11:16] if len(time) >= 16 else "",
        text=t("A secret, for the game master's eyes only.") if secret
        else str(payload.get("text", "")),
        roll=None if secret else _roll_of(payload),
        secret=secret,
        private=isinstance(audience, (list, tuple)) and list(audience) != ["*"],
        details=() if secret else details,
    )


def matches(item: LogEntry, kinds: Iterable[str], actor: str, words: str) -> bool:
    """Whether ``item`` passes the log's filter (empty parts pass everything)."""
    chosen = [k for k in kinds if k]
    if chosen and item.kind not in chosen:
        return False
    if actor and item.actor != actor:
        return False
    if words:
        haystack = " ".join([item.label, item.text, item.actor,
                             *(f"{k} {v}" for k, v in item.details)]).lower()
        return all(word in haystack for word in words.lower().split())
    return True
