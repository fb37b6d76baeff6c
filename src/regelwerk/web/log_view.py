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
from regelwerk.web.event_text import Names, summary

__all__ = ["OPEN_KINDS", "LogEntry", "RollLine", "entry", "matches"]

OPEN_KINDS = frozenset({"check_rolled", "dice_rolled"})
"""Secret events whose kind the players may know: that a secret check was rolled
is itself open ("the player knows a secret check happened")."""


@dataclass(frozen=True, slots=True)
class RollLine:
    """One roll recorded in an event: its label, the dice and the rules' own text."""

    label: str
    faces: tuple[int, ...]
    total: int | None
    degree: str | None
    text: str
    chances: tuple[tuple[str, float], ...]
    """Each degree (or outcome) and its exact chance, as the rules answered."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    sequence: int
    kind: str
    label: str
    actor: str
    time: str
    """``HH:MM`` (UTC) of the event."""
    text: str
    rolls: tuple[RollLine, ...]
    roll: RollView | None
    """A plain dice roll (the dice notation), shown with its dice."""
    secret: bool
    """The event hides a secret from this viewer (a neutral notice)."""
    private: bool
    """Only some members see this event (the game master's view marks them)."""


def _roll_of(payload: Mapping[str, Any]) -> RollView | None:
    records = payload.get("rolls") or [{}]
    recorded = records[0].get("result") if isinstance(records[0], Mapping) else None
    for candidate in (payload, payload.get("roll"), recorded):
        if (isinstance(candidate, Mapping) and isinstance(candidate.get("total"), int)
                and isinstance(candidate.get("terms"), list) and "expression" in candidate):
            return view_of(dict(candidate), with_chart=False)
    return None


def _lines(payload: Mapping[str, Any]) -> tuple[RollLine, ...]:
    out = []
    for record in payload.get("rolls") or ():
        if not isinstance(record, Mapping):
            continue
        result = record.get("result") or {}
        chances = result.get("probabilities") or {}
        out.append(RollLine(
            label=str(record.get("label", "")),
            faces=tuple(int(d.get("face", 0)) for d in record.get("dice") or ()
                        if isinstance(d, Mapping)),
            total=result.get("total") if isinstance(result.get("total"), int) else None,
            degree=str(result["degree"]) if result.get("degree") else None,
            text=str(result.get("text", "")),
            chances=tuple((str(k), float(v)) for k, v in chances.items()
                          if isinstance(v, (int, float))),
        ))
    return tuple(out)


def entry(event: Mapping[str, Any], names: Names, t: Translator,
          labels: Mapping[str, str]) -> LogEntry:
    """The log entry of one (already filtered) event."""
    payload = event.get("payload") or {}
    if not isinstance(payload, Mapping):
        payload = {}
    kind = str(event.get("kind", ""))
    secret = payload.get("secret") is True and len(payload) == 1
    if secret and kind not in OPEN_KINDS:
        kind = "secret"  # not even what kind of secret it was
    time = str(event.get("time", ""))
    audience = event.get("audience")
    return LogEntry(
        sequence=int(event["sequence"]),
        kind=kind,
        label=labels.get(kind, kind.replace("_", " ")),
        actor=names.member(event.get("actor", "")),
        time=time[11:16] if len(time) >= 16 else "",
        text=summary(kind, payload, names, t, secret),
        rolls=() if secret or kind == "dice_rolled" else _lines(payload),
        roll=None if secret else _roll_of(payload),
        secret=secret,
        private=isinstance(audience, (list, tuple)) and list(audience) != ["*"],
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
                             *(r.text for r in item.rolls)]).lower()
        return all(word in haystack for word in words.lower().split())
    return True
