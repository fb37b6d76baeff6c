"""Durability over HTTP: ``regelwerk serve`` on SQLite is killed with SIGKILL
while clients send commands; after a restart every acknowledged command's
events are in the log, exactly once, none half-written."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.table_api.flows import EZREN, TABLES
from tests.table_api.live import auth
from tests.table_api.process import start, stop


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def _member_tokens(url: str, players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    # the set-up's first requests wait for the new server's imports: generous on a busy machine
    with httpx.Client(base_url=url, timeout=30) as client:
        gm = client.post(TABLES, json={"name": "Ausdauer", "system": "pf2e", "lang": "de",
                                       "gm_name": "Ute"}).json()
        members = [gm]
        for n in range(players):
            invitation = client.post(f"{TABLES}/{gm['table_id']}/invitations",
                                     headers=auth(gm["token"])).json()
            members.append(client.post(invitation["join"], json={
                "invitation": invitation["token"], "name": f"P{n}"}).json())
        for n, member in enumerate(members):
            added = client.post(f"{TABLES}/{gm['table_id']}/characters",
                                headers=auth(member["token"]),
                                json={"name": f"Held {n}", "sheet": EZREN})
            assert added.status_code == 201, added.text
            member["character"] = added.json()["events"][0]["payload"]["character"]["id"]
    return gm, members


def check(member: dict[str, Any]) -> dict[str, Any]:
    return {"type": "check", "character_id": member["character"], "statistic": "Arcana",
            "dc": 15}


def _send_until_gone(url: str, member: dict[str, Any], acked: list[dict[str, Any]],
                     attempts: list[int]) -> None:
    """Send commands until the server is gone; keep every acknowledged answer."""
    with httpx.Client(base_url=url, timeout=5) as client:
        path = f"{TABLES}/{member['table_id']}/commands"
        while True:
            try:
                attempts[0] += 1
                response = client.post(path, headers=auth(member["token"]),
                                       json=check(member))
            except httpx.TransportError:
                return
            if response.status_code == 409:
                continue
            assert response.status_code == 200, response.text
            acked.append(response.json())


def test_sigkill_loses_no_acknowledged_command(tmp_path: Path) -> None:
    database = sqlite_url(tmp_path / "tables.db")
    process, url = start(database)
    try:
        gm, members = _member_tokens(url, players=3)
        acked: dict[str, list[dict[str, Any]]] = {m["member_id"]: [] for m in members}
        attempts = [0]
        senders = [threading.Thread(target=_send_until_gone,
                                    args=(url, m, acked[m["member_id"]], attempts))
                   for m in members]
        for sender in senders:
            sender.start()
        # 60 acknowledgements before the kill: a loaded machine takes longer than 20 s
        deadline = time.monotonic() + 120
        while sum(map(len, acked.values())) < 60 and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        for sender in senders:
            sender.join(15)
            assert not sender.is_alive()
    finally:
        stop(process)
    total = sum(map(len, acked.values()))
    assert total >= 60, f"only {total} commands were acknowledged before the kill"

    process, url = start(database)
    try:
        with httpx.Client(base_url=url, timeout=10) as client:
            for member in members:
                log = client.get(f"{TABLES}/{gm['table_id']}/events",
                                 headers=auth(member["token"]))
                assert log.status_code == 200, log.text
                events = log.json()["events"]
                numbers = [e["sequence"] for e in events]
                assert numbers == list(range(1, len(numbers) + 1)), "gaps or repeats"
                by_number = {e["sequence"]: e for e in events}
                for answer in acked[member["member_id"]]:
                    for event in answer["events"]:
                        assert by_number.get(event["sequence"]) == event
                    assert answer["sequence"] <= numbers[-1]
            state = client.get(f"{TABLES}/{gm['table_id']}/state", headers=auth(gm["token"]))
            assert state.status_code == 200, state.text
            # the table goes on where it stopped
            after = client.post(f"{TABLES}/{gm['table_id']}/commands",
                                headers=auth(gm["token"]), json=check(gm))
            assert after.status_code == 200, after.text
            assert after.json()["events"][0]["sequence"] == numbers[-1] + 1
    finally:
        stop(process)
    assert attempts[0] > total  # some commands were under way when the server died
