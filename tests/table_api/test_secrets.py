"""No byte of a secret reaches a player: every response a player gets and the
player's whole event stream are searched for every secret value the store holds
(the server's dice seed, token hashes, other members' tokens, the results, dice
and odds of secret checks, the hidden creature)."""

from __future__ import annotations

import contextlib
import json
import threading
from typing import Any

import httpx

from regelwerk.api.table_room import room_of
from tests.table_api.flows import EZREN, TABLES, add_character, invite_and_join, new_table
from tests.table_api.live import Live, auth


def _leaves(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [str(value)]


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _secret_values(live: Live, table_id: str, player_id: str) -> set[str]:
    """Distinctive values of every event the player may not see, read from the store."""
    service, _ = room_of(live.app).open()
    store = service._store
    always: set[str] = set()  # the server's own secrets, in whatever event
    hidden: set[str] = set()
    public: list[str] = []
    for event in store.read(table_id):
        payload = event.payload
        always.update(v for k, v in payload.items() if k in ("token_hash", "seed"))
        if "*" in event.audience or player_id in event.audience:
            public.append(_compact(payload))
            continue
        for roll in payload.get("rolls", []):
            hidden.add(_compact(roll["dice"]))
            for key in ("probabilities", "text"):
                if key in roll["result"]:
                    hidden.add(_compact(roll["result"][key]))
        hidden.update(leaf for leaf in _leaves(payload) if len(leaf) >= 12)
    # what a hidden event shares with a public one (the dice's public commitment,
    # a character's name, the names of degrees) is no secret
    shared = "\n".join(public)
    return always | {value for value in hidden if value not in shared}


def test_no_secret_reaches_a_player(live: Live) -> None:
    gm = new_table(live)
    bert = invite_and_join(live, gm, "Bert")
    cleo = invite_and_join(live, gm, "Cleo")
    table = f"{TABLES}/{gm['table_id']}"
    seen: list[str] = []  # every byte Bert receives

    def bert_calls(method: str, path: str, **kwargs: Any) -> httpx.Response:
        response = live.client.request(method, f"{table}{path}",
                                       headers=auth(bert["token"]), **kwargs)
        seen.append(response.text)
        return response

    streamed: list[str] = []
    ready = threading.Event()

    def follow() -> None:
        with contextlib.suppress(httpx.TransportError), live.client.stream(
                "GET", f"{table}/stream", headers=auth(bert["token"]),
                timeout=httpx.Timeout(20)) as response:
            for line in response.iter_lines():
                streamed.append(line)
                ready.set()
                if line.startswith("event: closing"):
                    return

    reader = threading.Thread(target=follow)
    reader.start()
    assert ready.wait(10)

    ezren = add_character(live, bert, "Ezren")
    wolf = live.client.post(f"{table}/characters", headers=auth(gm["token"]), json={
        "name": "Schattenwolf", "kind": "creature", "hidden": True,
        "sheet": dict(EZREN, skills={"Stealth": 9})})
    assert wolf.status_code == 201
    wolf_id = wolf.json()["events"][0]["payload"]["character"]["id"]
    # Bert's secret check: he learns that it happened, nothing more
    secret = bert_calls("POST", f"/characters/{ezren}/checks",
                        json={"statistic": "Society", "dc": 20, "secret": True})
    assert secret.status_code == 200, secret.text
    assert secret.json()["events"][0]["payload"] == {"secret": True}
    # the gm's secret checks for Bert's character and the hidden wolf
    for character, statistic in ((ezren, "Arcana"), (wolf_id, "Stealth")):
        rolled = live.client.post(f"{table}/characters/{character}/checks",
                                  headers=auth(gm["token"]),
                                  json={"statistic": statistic, "dc": 18, "secret": True})
        assert rolled.status_code == 200, rolled.text
        assert "rolls" in rolled.json()["events"][0]["payload"]
    # an encounter with the hidden wolf: initiative rolled, turns pass
    started = live.client.post(f"{table}/encounter", headers=auth(gm["token"]), json={
        "participants": [{"character_id": ezren}, {"character_id": wolf_id}]})
    assert started.status_code == 201, started.text
    for _ in range(3):
        turned = live.client.post(f"{table}/encounter/turn", headers=auth(gm["token"]))
        assert turned.status_code == 200, turned.text
    # a public check, so that Bert's stream has something ordinary too
    bert_calls("POST", f"/characters/{ezren}/checks", json={"statistic": "Arcana", "dc": 15})
    for path in ("/state", "/events", "/characters", "/encounter"):
        assert bert_calls("GET", path).status_code == 200
    refused = bert_calls("POST", f"/characters/{wolf_id}/checks",
                         json={"statistic": "Stealth", "dc": 10})
    assert refused.status_code == 400  # the hidden wolf does not exist for Bert
    assert "Schattenwolf" not in refused.text

    last = live.client.get(f"{table}/events", headers=auth(gm["token"])).json()["events"][-1]
    while not any(line == f"id: {last['sequence']}" for line in streamed):
        reader.join(0.05)
    secrets = _secret_values(live, gm["table_id"], bert["member_id"])
    secrets |= {gm["token"], cleo["token"], "Schattenwolf", "Stealth"}
    live.shut_down()  # the stream ends with its closing event
    reader.join(10)
    assert not reader.is_alive()

    assert len(secrets) > 10
    received = "\n".join(seen + streamed)
    assert f"id: {last['sequence']}" in received
    leaked = sorted(s for s in secrets if s in received)
    assert leaked == []
