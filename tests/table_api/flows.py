"""Steps of a table's life over HTTP, shared by the tests."""

from __future__ import annotations

import itertools
from typing import Any

import httpx

from tests.table_api.live import Live, auth

TABLES = "/api/v1/tables"

EZREN = {"level": 1, "perception": 5, "saves": {"fortitude": 4, "reflex": 5, "will": 6},
         "skills": {"Arcana": 7, "Society": 7}, "hp": 16, "max_hp": 16, "ac": 16}

_seeds = itertools.count(1)


def new_table(live: Live, **fields: Any) -> dict[str, Any]:
    body = {"name": "Runde", "system": "pf2e", "lang": "de", "gm_name": "Ute", **fields}
    response = live.client.post(TABLES, json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def invite_and_join(live: Live, gm: dict[str, Any], name: str) -> dict[str, Any]:
    invitation = live.client.post(f"{TABLES}/{gm['table_id']}/invitations",
                                  headers=auth(gm["token"]))
    assert invitation.status_code == 201, invitation.text
    joined = live.client.post(invitation.json()["join"],
                              json={"invitation": invitation.json()["token"], "name": name})
    assert joined.status_code == 201, joined.text
    data: dict[str, Any] = joined.json()
    return data


def assert_error(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body == {"ok": False, "error": {"code": code, "message": body["error"]["message"]}}
    assert body["error"]["message"]


def public_command() -> dict[str, Any]:
    """A command whose event everyone sees: a player's seed for the dice."""
    return {"type": "add_seed", "seed": f"seed-{next(_seeds)}"}


def send(live: Live, who: dict[str, Any], command: dict[str, Any],
         status: int = 200) -> dict[str, Any]:
    response = live.client.post(f"{TABLES}/{who['table_id']}/commands",
                                headers=auth(who["token"]), json=command)
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    return data


def add_character(live: Live, who: dict[str, Any], name: str = "Ezren",
                  **fields: Any) -> str:
    """Add a character through the characters resource; its id."""
    response = live.client.post(f"{TABLES}/{who['table_id']}/characters",
                                headers=auth(who["token"]),
                                json={"name": name, "sheet": EZREN, **fields})
    assert response.status_code == 201, response.text
    character: str = response.json()["events"][-1]["payload"]["character"]["id"]
    return character


def log_of(live: Live, who: dict[str, Any], after: int = 0) -> list[dict[str, Any]]:
    response = live.client.get(f"{TABLES}/{who['table_id']}/events",
                               params={"after": after}, headers=auth(who["token"]))
    assert response.status_code == 200, response.text
    events: list[dict[str, Any]] = response.json()["events"]
    return events
