"""Tables, invitations, joining and the errors of the table API, over the real server."""

from __future__ import annotations

from regelwerk.api.table_room import room_of
from tests.table_api.flows import TABLES, assert_error, invite_and_join, new_table
from tests.table_api.live import Live, auth


def test_gm_creates_invites_and_a_player_joins(live: Live) -> None:
    gm = new_table(live)
    assert gm["ok"] is True
    assert set(gm) == {"ok", "table_id", "member_id", "token"}
    player = invite_and_join(live, gm, "Jónas")
    assert player["table_id"] == gm["table_id"]
    assert player["member_id"] != gm["member_id"]
    assert player["token"] != gm["token"]
    state = live.client.get(f"{TABLES}/{gm['table_id']}/state", headers=auth(player["token"]))
    assert state.status_code == 200
    assert state.json()["viewer"] == {"member_id": player["member_id"], "role": "player",
                                      "name": "Jónas"}
    gm_state = live.client.get(f"{TABLES}/{gm['table_id']}/state", headers=auth(gm["token"]))
    assert gm_state.json()["viewer"]["role"] == "gm"


def test_a_revoked_invitation_no_longer_admits(live: Live) -> None:
    gm = new_table(live)
    table = f"{TABLES}/{gm['table_id']}"
    invitation = live.client.post(f"{table}/invitations", headers=auth(gm["token"])).json()
    revoked = live.client.delete(f"{table}/invitations/{invitation['invitation_id']}",
                                 headers=auth(gm["token"]))
    assert revoked.status_code == 200
    assert revoked.json() == {"ok": True}
    joined = live.client.post(f"{table}/join",
                              json={"invitation": invitation["token"], "name": "Zu spät"})
    assert joined.status_code in (401, 403, 404, 422)
    assert joined.json()["ok"] is False


def test_only_the_gm_invites(live: Live) -> None:
    gm = new_table(live)
    player = invite_and_join(live, gm, "Jónas")
    response = live.client.post(f"{TABLES}/{gm['table_id']}/invitations",
                                headers=auth(player["token"]))
    assert_error(response, 403, "not_authorized")


def test_missing_wrong_and_foreign_tokens_are_401(live: Live) -> None:
    gm = new_table(live)
    other = new_table(live)
    state = f"{TABLES}/{gm['table_id']}/state"
    missing = live.client.get(state)
    assert_error(missing, 401, "not_authenticated")
    assert missing.headers["www-authenticate"] == "Bearer"
    assert_error(live.client.get(state, headers=auth("not-a-token")), 401, "not_authenticated")
    assert_error(live.client.get(state, headers={"Authorization": f"Basic {gm['token']}"}),
                 401, "not_authenticated")
    # a token of another table does not open this one
    assert_error(live.client.get(state, headers=auth(other["token"])), 401,
                 "not_authenticated")


def test_unknown_table_is_404(live: Live) -> None:
    gm = new_table(live)
    nowhere = f"{TABLES}/t_nothing_here"
    for response in (
        live.client.get(f"{nowhere}/state", headers=auth(gm["token"])),
        live.client.get(f"{nowhere}/stream", headers=auth(gm["token"])),
        live.client.post(f"{nowhere}/commands", headers=auth(gm["token"]),
                         json={"type": "add_seed", "seed": "x"}),
        live.client.post(f"{nowhere}/join", json={"invitation": "x", "name": "Ada"}),
    ):
        assert_error(response, 404, "unknown_table")
        assert response.json()["error"]["message"] == "There is no table here."
    german = live.client.get(f"{nowhere}/state", headers={**auth(gm["token"]),
                                                          "Accept-Language": "de"})
    assert german.json()["error"]["message"] == "Hier gibt es keinen Tisch."


def test_malformed_bodies(live: Live) -> None:
    bad_json = live.client.post(TABLES, content=b"{oops",
                                headers={"content-type": "application/json"})
    assert_error(bad_json, 400, "invalid_json")
    form = live.client.post(TABLES, content=b"name=x",
                            headers={"content-type": "application/x-www-form-urlencoded"})
    assert_error(form, 415, "unsupported_media_type")
    big = live.client.post(TABLES, content=b'{"name": "' + b"x" * (1 << 21) + b'"}',
                           headers={"content-type": "application/json"})
    assert_error(big, 413, "body_too_large")
    unknown_system = live.client.post(TABLES, json={"name": "x", "system": "gurps",
                                                    "gm_name": "Ute"})
    assert_error(unknown_system, 400, "invalid_request")
    assert "system" in unknown_system.json()["error"]["message"]
    extra = live.client.post(TABLES, json={"name": "x", "system": "w6", "gm_name": "U",
                                           "colour": "red"})
    assert_error(extra, 400, "invalid_request")


def test_errors_speak_the_readers_language(live: Live) -> None:
    gm = new_table(live)
    state = f"{TABLES}/{gm['table_id']}/state"
    unasked = live.client.get(state).json()["error"]["message"]
    english = live.client.get(state, headers={"Accept-Language": "en-GB"})
    german = live.client.get(state, headers={"Accept-Language": "de-DE,de;q=0.9"})
    icelandic = live.client.get(state, headers={"Accept-Language": "is"})
    assert len({english.json()["error"]["message"], german.json()["error"]["message"],
                icelandic.json()["error"]["message"]}) == 3
    assert unasked == german.json()["error"]["message"]  # the table's language (de)


def test_every_table_endpoint_is_documented_with_errors(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    paths = {p: v for p, v in spec["paths"].items() if p.startswith(TABLES)}
    assert {f"{TABLES}", f"{TABLES}/{{table_id}}/invitations",
            f"{TABLES}/{{table_id}}/invitations/{{invitation_id}}",
            f"{TABLES}/{{table_id}}/join", f"{TABLES}/{{table_id}}/commands",
            f"{TABLES}/{{table_id}}/state", f"{TABLES}/{{table_id}}/events",
            f"{TABLES}/{{table_id}}/stream"} <= set(paths)
    for path, operations in paths.items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            assert codes & {"200", "201"}, (path, method)
            assert codes & {"400", "401", "404"}, (path, method)
            for code, answer in operation["responses"].items():
                if code.startswith("4"):
                    example = answer["content"]["application/json"]["example"]
                    assert example["ok"] is False, (path, method, code)
    assert "TableError" in str(spec["components"]) or "ErrorResponse" in str(spec)
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    create = spec["paths"][TABLES]["post"]
    assert "example" in str(create["requestBody"]) or "examples" in str(spec["components"])


def test_an_overlong_table_id_is_a_malformed_request(live: Live) -> None:
    gm = new_table(live)
    response = live.client.get(f"{TABLES}/{'x' * 100}/state", headers=auth(gm["token"]))
    assert_error(response, 400, "invalid_request")
    assert "table_id" in response.json()["error"]["message"]


def test_after_the_store_closed_requests_are_503_not_a_new_store(live: Live) -> None:
    gm = new_table(live)
    room_of(live.app).close()
    response = live.client.get(f"{TABLES}/{gm['table_id']}/state", headers=auth(gm["token"]))
    assert_error(response, 503, "store_unavailable")
    assert response.headers["retry-after"] == "1"
