"""A conflicting append on PostgreSQL is answered 409 and retried by the client,
never lost or duplicated (issue 12, "Store": "appends are transactions keyed by
(table, sequence), a conflicting append is answered 409 and retried by the
client, never lost or duplicated")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from regelwerk.table import service
from tests.postgres import PostgresServer
from tests.table_api.flows import TABLES, assert_error, log_of, new_table, send
from tests.table_api.live import Live, auth, servers_on_one_database


@pytest.fixture
def two_servers(postgres_server: PostgresServer) -> Iterator[tuple[Live, Live]]:
    """Two servers, each with its own store and cached states, on one database."""
    url = postgres_server.create_database()
    try:
        with servers_on_one_database(url) as (one, two):
            yield one, two
    finally:
        postgres_server.drop_database(url)


def test_a_conflicting_append_is_409_and_the_retry_lands_once(
    two_servers: tuple[Live, Live], monkeypatch: pytest.MonkeyPatch,
) -> None:
    one, two = two_servers
    gm = new_table(one)
    seed = {"type": "add_seed", "seed": "from-the-first-server"}
    send(one, gm, {"type": "add_seed", "seed": "cached"})  # the first server's state
    send(two, gm, {"type": "add_seed", "seed": "from-the-second-server"})
    before = log_of(two, gm)
    # the first server decides on its cached state, which the second server's append
    # has left behind: the store refuses the append (sequence already taken); with
    # no retry left on the server, the client hears 409
    with monkeypatch.context() as patched:
        patched.setattr(service, "RETRIES", 1)
        refused = one.client.post(f"{TABLES}/{gm['table_id']}/commands", json=seed,
                                  headers=auth(gm["token"]))
    assert_error(refused, 409, "conflict")
    assert refused.headers["retry-after"] == "0"
    assert refused.json()["error"]["message"] == (
        "am Tisch ist gerade zu viel los; versuche es noch einmal")  # the table's language
    assert log_of(two, gm) == before  # nothing of it was written
    # the client sends it again: it lands once, after the second server's event
    again = send(one, gm, seed)
    after = log_of(two, gm)
    assert [e["sequence"] for e in after] == list(range(1, len(before) + 2))
    assert after[-1] == again["events"][0]
    assert after[-1]["payload"]["seed"] == "from-the-first-server"
    assert sum(e["payload"].get("seed") == "from-the-first-server" for e in after) == 1
