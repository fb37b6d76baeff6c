"""Whatever a client sends, the table API answers with a status below 500 and, for
a failure, the protocol's error shape."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.table_api.flows import TABLES, invite_and_join, new_table
from tests.table_api.live import Live, auth

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                 max_size=4),
    max_leaves=12,
)
KINDS = st.sampled_from(["check", "add_character", "start_encounter", "strike", "damage",
                         "undo", "invite", "revoke", "set_setting", "fly", ""])
COMMANDS = st.fixed_dictionaries({"type": KINDS}, optional={
    "character_id": st.sampled_from(["c1", "c2", "x" * 50, ""]),
    "statistic": st.text(max_size=10), "dc": JSON, "secret": JSON, "name": JSON,
    "sheet": JSON, "participants": JSON, "amount": JSON})
PATHS = st.sampled_from(["/commands", "/characters", "/characters/c1", "/characters/c1/checks",
                         "/encounter", "/encounter/turn", "/join", "/invitations",
                         "/invitations/i1", "/state", "/events", "/export"])
METHODS = st.sampled_from(["GET", "POST", "PATCH", "DELETE", "PUT"])


def assert_answered(status: int, text: str) -> None:
    assert status < 500, text
    if status >= 400 and status != 405:
        body = json.loads(text)
        assert body["ok"] is False
        assert set(body["error"]) == {"code", "message"}
        assert body["error"]["message"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS | JSON, path=PATHS, method=METHODS, as_player=st.booleans(),
       token=st.sampled_from(["member", "none", "junk"]))
def test_no_request_gets_a_server_error(shared_live: Live, command: Any, path: str,
                                        method: str, as_player: bool, token: str) -> None:
    live = shared_live
    if not hasattr(live, "members"):
        gm = new_table(live)
        live.members = (gm, invite_and_join(live, gm, "Bert"))  # type: ignore[attr-defined]
    gm, player = live.members  # type: ignore[attr-defined]
    who = player if as_player else gm
    headers = {"member": auth(who["token"]), "none": {}, "junk": auth("x")}[token]
    response = live.client.request(method, f"{TABLES}/{gm['table_id']}{path}",
                                   headers={**headers, "content-type": "application/json"},
                                   content=json.dumps(command))
    assert_answered(response.status_code, response.text)
