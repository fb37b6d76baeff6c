"""A whole table over HTTP: characters, checks, who may act for whom, state,
events, export and the OpenAPI schema of commands."""

from __future__ import annotations

import json

from tests.table_api.flows import (
    EZREN,
    TABLES,
    add_character,
    assert_error,
    invite_and_join,
    log_of,
    new_table,
    send,
)
from tests.table_api.live import Live, auth


def test_players_act_only_for_their_own_characters_the_gm_for_all(live: Live) -> None:
    gm = new_table(live)
    bert = invite_and_join(live, gm, "Bert")
    cleo = invite_and_join(live, gm, "Cleo")
    ezren = add_character(live, bert, "Ezren")
    table = f"{TABLES}/{gm['table_id']}"
    check = {"statistic": "Arcana", "dc": 15}
    # Cleo may not roll for Bert's character, by either path
    refused = live.client.post(f"{table}/characters/{ezren}/checks", json=check,
                               headers=auth(cleo["token"]))
    assert_error(refused, 403, "not_authorized")
    refused = live.client.post(f"{table}/commands", headers=auth(cleo["token"]),
                               json={"type": "check", "character_id": ezren, **check})
    assert_error(refused, 403, "not_authorized")
    renamed = live.client.patch(f"{table}/characters/{ezren}", json={"name": "Dieb"},
                                headers=auth(cleo["token"]))
    assert_error(renamed, 403, "not_authorized")
    # Bert may, and so may the game master
    for who in (bert, gm):
        rolled = live.client.post(f"{table}/characters/{ezren}/checks", json=check,
                                  headers=auth(who["token"]))
        assert rolled.status_code == 200, rolled.text
        event = rolled.json()["events"][0]
        assert event["kind"] == "check_rolled"
        roll = event["payload"]["rolls"][0]
        assert roll["result"]["modifier"] == 7
        assert roll["dice"][0]["sides"] == 20
        assert sum(roll["result"]["probabilities"].values()) == 1
    # the log has none of the refused commands
    kinds = [e["kind"] for e in log_of(live, gm)]
    assert kinds.count("check_rolled") == 2
    assert "character_changed" not in kinds


def test_characters_resource_and_state(live: Live) -> None:
    gm = new_table(live)
    bert = invite_and_join(live, gm, "Bert")
    ezren = add_character(live, bert, "Ezren")
    table = f"{TABLES}/{gm['table_id']}"
    listed = live.client.get(f"{table}/characters", headers=auth(bert["token"])).json()
    assert listed["characters"][ezren]["name"] == "Ezren"
    assert listed["characters"][ezren]["owner"] == bert["member_id"]
    changed = live.client.patch(f"{table}/characters/{ezren}", headers=auth(bert["token"]),
                                json={"name": "Ezren der Weise"})
    assert changed.status_code == 200, changed.text
    state = live.client.get(f"{table}/state", headers=auth(gm["token"])).json()
    assert state["state"]["characters"][ezren]["name"] == "Ezren der Weise"
    assert state["state"]["sequence"] == log_of(live, gm)[-1]["sequence"]
    removed = live.client.delete(f"{table}/characters/{ezren}", headers=auth(bert["token"]))
    assert removed.status_code == 200, removed.text
    listed = live.client.get(f"{table}/characters", headers=auth(gm["token"])).json()
    assert listed["characters"] == {}
    encounter = live.client.get(f"{table}/encounter", headers=auth(bert["token"]))
    assert encounter.json() == {"ok": True, "encounter": None}


def test_refusals_carry_the_rules_reason_in_the_tables_language(live: Live) -> None:
    gm = new_table(live, lang="de")
    undo = live.client.post(f"{TABLES}/{gm['table_id']}/commands", json={"type": "undo"},
                            headers=auth(gm["token"]))
    assert_error(undo, 422, "not_allowed")
    assert undo.json()["error"]["message"] == "Es gibt nichts rückgängig zu machen."
    unknown = live.client.post(f"{TABLES}/{gm['table_id']}/commands", json={"type": "fly"},
                               headers=auth(gm["token"]))
    assert_error(unknown, 400, "invalid_request")
    assert "add_character" in unknown.json()["error"]["message"]
    not_object = live.client.post(f"{TABLES}/{gm['table_id']}/commands", json=[1, 2],
                                  headers=auth(gm["token"]))
    assert_error(not_object, 400, "invalid_request")
    bad_sheet = live.client.post(f"{TABLES}/{gm['table_id']}/characters",
                                 headers=auth(gm["token"]),
                                 json={"name": "X", "sheet": {"hp": "viel"}})
    assert bad_sheet.status_code == 400
    assert "hp" in bad_sheet.json()["error"]["message"]


def test_events_after_a_sequence_number_and_export(live: Live) -> None:
    gm = new_table(live)
    bert = invite_and_join(live, gm, "Bert")
    add_character(live, bert)
    everything = log_of(live, bert)
    assert [e["sequence"] for e in everything] == list(range(1, len(everything) + 1))
    assert log_of(live, bert, after=3) == everything[3:]
    assert log_of(live, bert, after=len(everything)) == []
    bad = live.client.get(f"{TABLES}/{gm['table_id']}/events", params={"after": "x"},
                          headers=auth(bert["token"]))
    assert_error(bad, 400, "invalid_request")
    negative = live.client.get(f"{TABLES}/{gm['table_id']}/events", params={"after": -1},
                               headers=auth(bert["token"]))
    assert_error(negative, 400, "invalid_request")
    exported = live.client.get(f"{TABLES}/{gm['table_id']}/export", headers=auth(gm["token"]))
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in exported.text.splitlines()]
    assert len(lines) == len(everything)
    assert_error(live.client.get(f"{TABLES}/{gm['table_id']}/export",
                                 headers=auth(bert["token"])), 403, "not_authorized")


def test_a_command_answers_its_events_and_the_sequence(live: Live) -> None:
    gm = new_table(live)
    before = log_of(live, gm)[-1]["sequence"]
    answer = send(live, gm, {"type": "add_character", "name": "Ork", "kind": "creature",
                             "sheet": EZREN})
    assert answer["ok"] is True
    assert answer["sequence"] == before + 1
    assert [e["sequence"] for e in answer["events"]] == [before + 1]


def test_openapi_names_every_command_with_examples(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    body = spec["paths"][f"{TABLES}/{{table_id}}/commands"]["post"]["requestBody"]
    content = body["content"]["application/json"]
    kinds = {variant["properties"]["type"]["const"] for variant in content["schema"]["oneOf"]}
    assert {"add_character", "check", "undo", "invite", "revoke"} <= kinds
    assert "$ref" not in json.dumps(content["schema"]).replace("#/components", "")
    assert content["examples"]["secret_check"]["value"]["secret"] is True
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if path.startswith(TABLES) and method in ("post", "patch") \
                    and "requestBody" in operation:
                media = operation["requestBody"]["content"]["application/json"]
                assert "example" in media or "examples" in media or \
                    "$ref" in media.get("schema", {}), (path, method)


def test_an_encounter_over_its_resource(live: Live) -> None:
    gm = new_table(live)
    bert = invite_and_join(live, gm, "Bert")
    ezren = add_character(live, bert, "Ezren")
    orc = send(live, gm, {"type": "add_character", "name": "Ork", "kind": "creature",
                          "sheet": EZREN})["events"][0]["payload"]["character"]["id"]
    table = f"{TABLES}/{gm['table_id']}"
    body = {"participants": [{"character_id": ezren}, {"character_id": orc}]}
    refused = live.client.post(f"{table}/encounter", json=body, headers=auth(bert["token"]))
    assert_error(refused, 403, "not_authorized")
    started = live.client.post(f"{table}/encounter", json=body, headers=auth(gm["token"]))
    assert started.status_code == 201, started.text
    seen = live.client.get(f"{table}/encounter", headers=auth(bert["token"])).json()
    assert seen["encounter"] is not None
    assert set(seen["encounter"]["participants"]) == {ezren, orc}
    turned = live.client.post(f"{table}/encounter/turn", headers=auth(gm["token"]))
    assert turned.status_code == 200, turned.text
    ended = live.client.delete(f"{table}/encounter", headers=auth(gm["token"]))
    assert ended.status_code == 200, ended.text
    assert live.client.get(f"{table}/encounter",
                           headers=auth(gm["token"])).json()["encounter"] is None


def test_huge_sequence_numbers_are_refused_or_bounded(live: Live) -> None:
    gm = new_table(live)
    huge = live.client.get(f"{TABLES}/{gm['table_id']}/events", params={"after": 10**30},
                           headers=auth(gm["token"]))
    assert_error(huge, 400, "invalid_request")
    url = f"{TABLES}/{gm['table_id']}/stream"
    for resume in (b"9" * 40, "²".encode(), b"-3", b"abc"):
        headers = [(b"authorization", f"Bearer {gm['token']}".encode()),
                   (b"last-event-id", resume)]
        with live.client.stream("GET", url, headers=headers) as response:
            assert response.status_code == 200
            assert next(response.iter_lines()).startswith(": connected")
