"""Two ``regelwerk serve`` processes on one SQLite file: a stream on one hears the
commands sent to the other (through the store's ``wait``), and commands sent to
both at once all land, each once, in one gap-free log."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx

from regelwerk.api.sse import SseParser
from tests.table_api.flows import EZREN, TABLES
from tests.table_api.live import auth
from tests.table_api.process import start, stop


def test_a_stream_hears_the_other_process_and_no_command_is_lost(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    first, first_url = start(database)
    second, second_url = start(database)
    try:
        one = httpx.Client(base_url=first_url, timeout=15)
        two = httpx.Client(base_url=second_url, timeout=15)
        gm = one.post(TABLES, json={"name": "R", "system": "pf2e", "lang": "de",
                                    "gm_name": "Ute"}).json()
        table = f"{TABLES}/{gm['table_id']}"
        added = two.post(f"{table}/characters", headers=auth(gm["token"]),
                         json={"name": "Ezren", "sheet": EZREN})
        assert added.status_code == 201, added.text
        check = {"type": "check", "character_id": "c1", "statistic": "Arcana", "dc": 15}
        heard: list[dict[str, Any]] = []
        with one.stream("GET", f"{table}/stream", headers=auth(gm["token"])) as stream:
            lines = stream.iter_lines()
            parser = SseParser()

            def next_event() -> dict[str, Any]:
                for line in lines:
                    message = parser.feed(line)
                    if message is not None:
                        event: dict[str, Any] = json.loads(message.data)
                        return event
                raise EOFError

            backlog = one.get(f"{table}/events", headers=auth(gm["token"])).json()["events"]
            for _ in backlog:
                next_event()
            # a command through the other process reaches this stream
            sent = two.post(f"{table}/commands", headers=auth(gm["token"]), json=check)
            assert sent.status_code == 200, sent.text
            heard.append(next_event())
            assert heard[0]["sequence"] == sent.json()["sequence"]

            # both processes at once: every acknowledged command lands once
            answers: list[httpx.Response] = []

            def send(client: httpx.Client) -> None:
                for _ in range(15):
                    answers.append(client.post(f"{table}/commands",
                                               headers=auth(gm["token"]), json=check))

            senders = [threading.Thread(target=send, args=(c,)) for c in (one, two)]
            for sender in senders:
                sender.start()
            for sender in senders:
                sender.join(60)
            acked = [a.json() for a in answers if a.status_code == 200]
            assert all(a.status_code in (200, 409) for a in answers)
            assert len(acked) >= 25
            for _ in range(len(acked)):
                heard.append(next_event())
        log = one.get(f"{table}/events", headers=auth(gm["token"])).json()["events"]
        numbers = [e["sequence"] for e in log]
        assert numbers == list(range(1, len(numbers) + 1))
        assert len(numbers) == len(backlog) + 1 + len(acked)
        by_number = {e["sequence"]: e for e in log}
        for answer in acked:
            assert by_number[answer["sequence"]] == answer["events"][0]
        assert [e["sequence"] for e in heard] == numbers[len(backlog):]
        one.close()
        two.close()
    finally:
        stop(first)
        stop(second)
