"""Reading a Server-Sent Events stream: an incremental parser of its lines
(the WHATWG event-stream format), for clients of the table's stream."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ServerSentEvent", "SseParser"]


@dataclass(frozen=True, slots=True)
class ServerSentEvent:
    """One dispatched message: its type (``message`` unless named), data and id."""

    event: str
    data: str
    id: str | None


class SseParser:
    """Feed it lines (without their line break); it returns finished messages.

    Comments (lines starting with ``:``) are counted in ``comments``; the last
    id seen is kept in ``last_id`` (what a reconnecting client sends as
    ``Last-Event-ID``)."""

    def __init__(self) -> None:
        self.last_id: str | None = None
        self.comments = 0
        self._event = ""
        self._data: list[str] = []

    def feed(self, line: str) -> ServerSentEvent | None:
        """Take one line; a message when the line ends one."""
        if not line:
            if not self._data:  # nothing to dispatch (the format's rule)
                self._event = ""
                return None
            event = ServerSentEvent(self._event or "message", "\n".join(self._data),
                                    self.last_id)
            self._event, self._data = "", []
            return event
        if line.startswith(":"):
            self.comments += 1
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id" and "\0" not in value:
            self.last_id = value
        return None
