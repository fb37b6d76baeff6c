"""The HTTP layer's own refusals (a wrong Host, a body that is not JSON or too
large, a path or method the API does not have) are in the protocol's error shape
and the reader's language: Accept-Language, else the language of the table in the
path, else English (docs/api.md, "Errors"; issue 12: "Bad input always gets a clear
error that says what is allowed")."""

from __future__ import annotations

from tests.table_api.flows import TABLES, assert_error, new_table
from tests.table_api.live import Live, auth


def test_a_body_that_is_not_json_is_refused_in_the_readers_or_the_tables_language(
    live: Live,
) -> None:
    gm = new_table(live, lang="is")
    commands = f"{TABLES}/{gm['table_id']}/commands"
    form = {**auth(gm["token"]), "Content-Type": "application/x-www-form-urlencoded"}
    icelandic = live.client.post(commands, content=b"a=b", headers=form)
    assert_error(icelandic, 415, "unsupported_media_type")
    assert icelandic.json()["error"]["message"] == (
        "meginmálið verður að vera application/json "
        "(gefið: application/x-www-form-urlencoded)")  # the table's language
    german = live.client.post(commands, content=b"a=b",
                              headers={**form, "Accept-Language": "de"})
    assert german.json()["error"]["message"] == (
        "der Inhalt muss application/json sein "
        "(angegeben: application/x-www-form-urlencoded)")  # the reader's choice first
    english = live.client.post(commands, content=b"a=b",
                               headers={**form, "Accept-Language": "en"})
    assert english.json()["error"]["message"] == (
        "the body must be application/json (got application/x-www-form-urlencoded)")


def test_a_body_too_large_and_a_foreign_host_in_german(live: Live) -> None:
    big = live.client.post(TABLES, content=b'{"name": "' + b"x" * (1 << 21) + b'"}',
                           headers={"Content-Type": "application/json",
                                    "Accept-Language": "de"})
    assert_error(big, 413, "body_too_large")
    assert big.json()["error"]["message"] == (
        "der Inhalt der Anfrage ist größer als 1.048.576 Bytes")  # German digits
    foreign = live.client.get(f"{TABLES}/x/state", headers={"Host": "evil.example",
                                                            "Accept-Language": "de"})
    assert_error(foreign, 400, "invalid_host")
    assert foreign.json()["error"]["message"].startswith(
        "dieser Server beantwortet nur Anfragen an ")


def test_unknown_paths_and_methods_of_the_api_answer_in_the_error_shape(live: Live) -> None:
    gm = new_table(live)  # German
    nothing = live.client.get(f"{TABLES}/{gm['table_id']}/nothing")
    assert_error(nothing, 404, "not_found")
    assert nothing.json()["error"]["message"] == (
        f"{TABLES}/{gm['table_id']}/nothing gibt es in der API nicht: ihre Endpunkte "
        "stehen unter /docs.")
    wrong = live.client.put(TABLES, headers={"Accept-Language": "is"})
    assert_error(wrong, 405, "method_not_allowed")
    assert wrong.headers["allow"] == "POST"
    assert "tekur ekki við PUT" in wrong.json()["error"]["message"]
    listed = live.client.get("/api/v1/nothing")
    assert_error(listed, 404, "not_found")
    assert "/docs" in listed.json()["error"]["message"]
    # pages outside the API keep their own answer
    assert live.client.get("/nothing-here").json() == {"detail": "Not Found"}


def test_a_body_that_is_not_an_object_says_so_without_an_empty_field_name(
    live: Live,
) -> None:
    gm = new_table(live)
    response = live.client.post(f"{TABLES}/{gm['table_id']}/commands", json=[1, 2],
                                headers={**auth(gm["token"]), "Accept-Language": "de"})
    assert_error(response, 400, "invalid_request")
    message = response.json()["error"]["message"]
    assert message.startswith("Die Anfrage passt nicht: ")
    assert ": :" not in message
