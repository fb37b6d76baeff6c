"""The event stream over the real server: live events, resuming with
Last-Event-ID, heartbeats, and a clean end when the server shuts down."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.table_api.flows import (
    TABLES,
    invite_and_join,
    log_of,
    new_table,
    public_command,
    send,
)
from tests.table_api.live import Live, auth, stream
from tests.table_api.process import start, stop


def test_stream_opens_with_a_comment_then_replays_and_follows(live: Live) -> None:
    gm = new_table(live)
    player = invite_and_join(live, gm, "Jónas")
    before = log_of(live, gm)
    with stream(live, gm["table_id"], player["token"]) as events:
        first = next(events._lines)
        assert first.startswith(": connected")
        replayed = events.events(len(before))
        assert [e["sequence"] for e in replayed] == [e["sequence"] for e in before]
        result = send(live, gm, public_command())
        live_events = events.events(len(result["events"]))
        assert [e["sequence"] for e in live_events] == [e["sequence"] for e in result["events"]]
        assert live_events[-1]["sequence"] == result["sequence"]


def test_resume_with_last_event_id_neither_repeats_nor_skips(live: Live) -> None:
    gm = new_table(live)
    player = invite_and_join(live, gm, "Jónas")
    with stream(live, gm["table_id"], player["token"]) as events:
        send(live, gm, public_command())
        seen = events.events(len(log_of(live, player)))
    last = seen[-1]["sequence"]
    assert events.parser.last_id == str(last)
    # while the player is away, more happens
    for _ in range(3):
        send(live, gm, public_command())
    with stream(live, gm["table_id"], player["token"], last_event_id=last) as resumed:
        missed = log_of(live, player, after=last)
        again = resumed.events(len(missed))
        assert [e["sequence"] for e in again] == list(range(last + 1, last + 1 + len(missed)))
        assert again == missed
        send(live, player, public_command())
        assert resumed.events(1)[0]["sequence"] == missed[-1]["sequence"] + 1


def test_after_parameter_and_access_token_for_event_source(live: Live) -> None:
    gm = new_table(live)
    result = send(live, gm, public_command())
    url = f"{TABLES}/{gm['table_id']}/stream"
    params = {"after": result["sequence"] - 1, "access_token": gm["token"]}
    with live.client.stream("GET", url, params=params) as response:
        assert response.status_code == 200
        lines = response.iter_lines()
        assert next(lines).startswith(": connected")
        body = [next(lines) for _ in range(4)]
    assert f"id: {result['sequence']}" in body


def test_quiet_streams_get_heartbeats(live: Live) -> None:
    gm = new_table(live)
    with stream(live, gm["table_id"], gm["token"]) as events:
        events.events(len(log_of(live, gm)))
        # Quiet now: what comes next is a heartbeat (the fixture's come after 0.5 s of
        # silence; the client's read timeout bounds the wait), not a message.
        comments = events.parser.comments
        while events.parser.comments == comments:
            assert events.parser.feed(next(events._lines)) is None
        send(live, gm, public_command())
        events.events(1)
        assert events.parser.comments >= 2


def test_stream_needs_a_token(live: Live) -> None:
    gm = new_table(live)
    response = live.client.get(f"{TABLES}/{gm['table_id']}/stream")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_streams_end_cleanly_when_the_server_shuts_down(live: Live) -> None:
    gm = new_table(live)
    ended: list[Any] = []

    def read_to_the_end() -> None:
        with stream(live, gm["table_id"], gm["token"], timeout=20) as events:
            events.events(len(log_of(live, gm)))
            ready.set()
            ended.extend(events.rest())  # raises if the response is cut off

    ready = threading.Event()
    reader = threading.Thread(target=read_to_the_end)
    reader.start()
    assert ready.wait(10)
    started = time.monotonic()
    live.shut_down()
    reader.join(10)
    assert not reader.is_alive()
    assert time.monotonic() - started < 5
    assert [m.event for m in ended] == ["closing"]
    live.thread.join(10)
    assert not live.thread.is_alive()


def test_sigterm_ends_open_streams_of_regelwerk_serve(tmp_path: Path) -> None:
    """``regelwerk serve`` on SIGTERM: every open stream gets ``event: closing`` and a
    properly ended response, and the process exits promptly."""
    process, url = start(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    try:
        with httpx.Client(base_url=url, timeout=10) as client:
            gm = client.post(TABLES, json={"name": "R", "system": "w6", "lang": "de",
                                           "gm_name": "Ute"}).json()
            received: list[list[str]] = [[], []]
            opened = threading.Barrier(3)

            def follow(lines: list[str]) -> None:
                with client.stream("GET", f"{TABLES}/{gm['table_id']}/stream",
                                   headers=auth(gm["token"])) as response:
                    opened.wait(10)
                    lines.extend(response.iter_lines())  # raises if cut off

            readers = [threading.Thread(target=follow, args=(lines,)) for lines in received]
            for reader in readers:
                reader.start()
            opened.wait(10)
            time.sleep(0.3)
            started = time.monotonic()
            process.send_signal(signal.SIGTERM)
            for reader in readers:
                reader.join(10)
                assert not reader.is_alive()
            # uvicorn shuts down gracefully, then lets the signal end the process
            assert process.wait(10) in (0, -signal.SIGTERM)
            assert time.monotonic() - started < 5
    finally:
        stop(process)
    for lines in received:
        assert lines[0].startswith(": connected")
        assert "event: closing" in lines
