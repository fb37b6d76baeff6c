"""The table's refusals over HTTP in the reader's language (issue 12): the language
of ``Accept-Language``, else the table's own; the machine-readable code stays."""

from __future__ import annotations

from collections.abc import Mapping

from regelwerk.i18n import translator
from tests.table_api.flows import TABLES, add_character, invite_and_join, new_table, send
from tests.table_api.live import Live, auth

NOTHING = "There is nothing to undo."
HEAL_DEAD = ("A dead creature cannot be healed: „Du kannst nicht auf mehr als 0 "
             "Trefferpunkte gebracht werden, solange du tot bist.“")


def _refused(live: Live, who: Mapping[str, object], command: Mapping[str, object],
             lang: str | None) -> tuple[int, dict[str, str]]:
    headers = auth(str(who["token"]))
    if lang is not None:
        headers["Accept-Language"] = lang
    response = live.client.post(f"{TABLES}/{who['table_id']}/commands", headers=headers,
                                json=command)
    body = response.json()
    assert body["ok"] is False
    error: dict[str, str] = body["error"]
    return response.status_code, error


def test_a_refusal_in_german_and_icelandic(live: Live) -> None:
    gm = new_table(live)  # a German table
    undo = {"type": "undo"}
    said = {lang: _refused(live, gm, undo, header)
            for lang, header in (("de", None), ("is", "is-IS,is;q=0.9"), ("en", "en"))}
    for lang, (status, error) in said.items():
        assert (status, error["code"]) == (422, "not_allowed")
        assert error["message"] == translator(lang)(NOTHING)
    assert len({error["message"] for _, error in said.values()}) == 3


def test_a_rules_refusal_follows_the_reader(live: Live) -> None:
    """The rules' own reason (healing the dead) is said in the reader's language, with
    the quote of the text: „Du kannst nicht auf mehr als 0 Trefferpunkte gebracht
    werden, solange du tot bist.“"""
    gm = new_table(live, lang="is")
    ezren = add_character(live, gm)
    send(live, gm, {"type": "damage", "character_id": ezren, "amount": 40,
                    "damage_type": "fire"})
    heal = {"type": "heal", "character_id": ezren, "amount": 5}
    for header, lang in ((None, "is"), ("de", "de")):
        status, error = _refused(live, gm, heal, header)
        assert (status, error["code"]) == (422, "not_allowed")
        assert error["message"] == translator(lang)(HEAL_DEAD)
    assert translator("is")(HEAL_DEAD) != translator("de")(HEAL_DEAD)


def test_a_malformed_command_says_what_is_allowed_in_the_readers_words(live: Live) -> None:
    gm = new_table(live)
    status, error = _refused(live, gm, {"type": "damage", "character_id": "c1"}, "is")
    assert (status, error["code"]) == (400, "invalid_request")
    assert error["message"].startswith("damage: sviðið 'damage_type': er nauðsynlegt; "
                                       "leyfileg svið eru character_id, amount")
    status, error = _refused(live, gm, {"type": "undo", "colour": 1}, "de")
    assert error["message"] == "undo: Feld 'colour': ist unbekannt"
    status, error = _refused(live, gm, {"type": "flee"}, None)
    assert error["message"].startswith("unbekannter Befehlstyp 'flee': erlaubt sind ")


def test_the_table_layer_errors_follow_the_reader_too(live: Live) -> None:
    """Not only refusals: a wrong token, a player exporting, a table that cannot be
    made (no table yet: English unless asked)."""
    gm = new_table(live, lang="is")
    state = live.client.get(f"{TABLES}/{gm['table_id']}/state",
                            headers=auth("not-a-token"))
    assert state.status_code == 401
    assert state.json()["error"]["message"] == translator("is")(
        "This token does not belong to a member of this table.")
    bad = live.client.post(TABLES, json={"name": "R", "system": "gurps", "lang": "de",
                                         "gm_name": "U"}, headers={"Accept-Language": "de"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"] == (
        "Die Anfrage passt nicht: system: muss eines von 'w6', 'dnd5e', 'pf2e' sein.")
    player_export = live.client.get(f"{TABLES}/{gm['table_id']}/export",
                                    headers=auth(invite_and_join(live, gm, "Jón")["token"]))
    assert player_export.status_code == 403
    assert player_export.json()["error"]["message"] == translator("is")(
        "only the game master may export the table")


def test_accept_language_is_ranked_by_quality(live: Live) -> None:
    """``Accept-Language`` is read as the web pages read it: by ``q``, ``q=0`` not
    wanted; a language it does not name leaves the table's."""
    from regelwerk.i18n import accepted

    assert accepted("fr-CH, de;q=0.5, is;q=0.9") == ["fr", "is", "de"]
    assert accepted("de;q=0, en") == ["en"]
    gm = new_table(live)  # German
    for header, lang in (("fr, de;q=0.5, is;q=0.9", "is"), ("is;q=0, en;q=0.1", "en"),
                         ("fr", "de")):
        _, error = _refused(live, gm, {"type": "undo"}, header)
        assert error["message"] == translator(lang)(NOTHING), header
