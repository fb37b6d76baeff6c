"""The event-stream parser that clients (tests, benchmark) read streams with."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from regelwerk.api.sse import ServerSentEvent, SseParser
from regelwerk.api.table_stream import frame


def feed_all(parser: SseParser, text: str) -> list[ServerSentEvent]:
    # splitlines, as httpx reads lines: stricter than the format's CR and LF
    return [m for line in [*text.splitlines(), ""] if (m := parser.feed(line)) is not None]


def test_messages_comments_ids_and_named_events() -> None:
    parser = SseParser()
    text = (": connected\nretry: 2000\n\nid: 4\ndata: {\"a\":\ndata: 1}\n\n"
            ": heartbeat\n\nevent: closing\ndata: {}\n\nevent: nothing\n\n")
    messages = feed_all(parser, text)
    assert messages == [ServerSentEvent("message", '{"a":\n1}', "4"),
                        ServerSentEvent("closing", "{}", "4")]
    assert parser.comments == 2
    assert parser.last_id == "4"


NAMES = st.text(alphabet=st.sampled_from("aäþ\n\r\x0b\x1c\x85\u2028\u2029\"\\:"),
                max_size=20)


@given(st.lists(st.dictionaries(st.text(max_size=8), NAMES | st.text(max_size=20),
                                max_size=3), max_size=5))
def test_frames_read_back_as_the_events_they_carry(payloads: list[dict[str, str]]) -> None:
    events = [{"sequence": n + 1, "kind": "k", "payload": p} for n, p in enumerate(payloads)]
    parser = SseParser()
    messages = feed_all(parser, "".join(frame(e) for e in events))
    assert [json.loads(m.data) for m in messages] == events
    assert [m.id for m in messages] == [str(e["sequence"]) for e in events]
