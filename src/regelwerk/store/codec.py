"""How an event becomes a row and back: checked names, JSON text, UTC times.

Every store (memory included) goes through here, so that an event reads back the
same from each: payloads and audiences are kept as compact JSON text (keys in
the caller's order, unicode as is), which PostgreSQL's ``text`` and SQLite keep
byte for byte.  What JSON or UTF-8 cannot carry is refused with ``InvalidEvent``
before anything is written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from regelwerk.store.base import InvalidEvent, NewEvent, StoredEvent

__all__ = ["MAX_SEQUENCE", "EncodedEvent", "check_id", "check_number", "decode", "encode", "now"]

MAX_NAME = 256
"""Longest table id, kind, actor or audience entry, in characters."""
MAX_SEQUENCE = 2**62
"""No log grows past this; a larger number is never the last one (fits a bigint)."""


@dataclass(frozen=True, slots=True)
class EncodedEvent:
    """A new event ready for a row: its texts checked, payload and audience as JSON."""

    kind: str
    payload: str
    actor: str
    audience: str


def now() -> str:
    """The current UTC time, ISO 8601 with microseconds."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def check_id(what: str, value: object) -> str:
    """``value`` if it is a non-empty text of at most ``MAX_NAME`` characters that
    UTF-8 and PostgreSQL can keep (no NUL, no lone surrogate)."""
    if not isinstance(value, str) or not value:
        raise InvalidEvent(f"the {what} must be a non-empty text, not {value!r:.80}")
    if len(value) > MAX_NAME:
        raise InvalidEvent(f"the {what} is {len(value)} characters long; at most {MAX_NAME}")
    if "\x00" in value:
        raise InvalidEvent(f"the {what} contains a NUL character")
    _utf8(what, value)
    return value


def check_number(what: str, value: object) -> int:
    """``value`` if it is a whole number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidEvent(f"the {what} must be a whole number, not {value!r:.80}")
    return value


def _utf8(what: str, text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidEvent(f"the {what} is not valid unicode (a lone surrogate)") from None


def _json(what: str, value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise InvalidEvent(f"the {what} is not JSON: {error}") from None
    _utf8(what, text)
    return text


def encode(events: Sequence[NewEvent]) -> list[EncodedEvent]:
    """Check every event and render its payload and audience as JSON text."""
    encoded = []
    for event in events:
        if not isinstance(event.payload, dict):
            raise InvalidEvent(f"an event's payload must be an object, not {event.payload!r:.80}")
        audience = tuple(event.audience)
        if not audience:
            raise InvalidEvent('an audience names someone: ("*",), ("gm",) or member ids')
        for member in audience:
            check_id("audience entry", member)
        encoded.append(EncodedEvent(
            check_id("kind", event.kind),
            _json("payload", event.payload),
            check_id("actor", event.actor),
            _json("audience", list(audience)),
        ))
    return encoded


def decode(table_id: str, sequence: int, kind: str, payload: str, actor: str,
           audience: str, time: str) -> StoredEvent:
    """A stored event from a row's columns."""
    members: list[str] = json.loads(audience)
    content: dict[str, Any] = json.loads(payload)
    return StoredEvent(table_id, sequence, kind, content, actor, tuple(members), time)
