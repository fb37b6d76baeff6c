"""The table service: membership, tokens, commands, views, undo, export."""

from __future__ import annotations

import json

import pytest

from regelwerk.store import MemoryStore
from regelwerk.table.errors import InvalidCommand, NotAllowed, NotAuthorized
from regelwerk.table.service import TableService

from .conftest import Table, make_table

EZREN = {"level": 1, "perception": 5, "saves": {"fortitude": 4, "reflex": 5, "will": 6},
         "skills": {"Arcana": 7, "Society": 7}, "hp": 16, "max_hp": 16, "ac": 16}


def test_tokens_are_kept_only_as_hashes(pf2e: Table) -> None:
    creds = pf2e.service.create_table(name="X", system="w6", lang="de", gm_name="G")
    log = json.dumps([e.payload for e in pf2e.service._store.read(creds.table_id)])
    assert creds.token not in log
    assert pf2e.service.authenticate(creds.table_id, creds.token).role == "gm"
    with pytest.raises(NotAuthorized) as caught:
        pf2e.service.authenticate(creds.table_id, creds.token + "x")
    assert caught.value.code == "not_authorized"


def test_revoked_invitation_lets_nobody_join(pf2e: Table) -> None:
    invitation = pf2e.service.invite(pf2e.gm)
    pf2e.service.revoke(pf2e.gm, invitation.invitation_id)
    with pytest.raises(NotAuthorized):
        pf2e.service.join(pf2e.table_id, invitation.token, "Dora")
    with pytest.raises(NotAuthorized):
        pf2e.service.invite(pf2e.player)


def test_player_acts_only_for_own_characters(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.player, {"type": "add_character", "name": "Ezren",
                                       "sheet": EZREN})
    with pytest.raises(NotAuthorized):
        pf2e.service.execute(pf2e.other, {"type": "check", "character_id": "c1",
                                          "statistic": "will", "dc": 15})
    with pytest.raises(NotAllowed) as caught:
        pf2e.service.execute(pf2e.player, {"type": "add_character", "name": "Ork",
                                           "kind": "creature", "sheet": EZREN})
    assert caught.value.code == "not_allowed"


def test_refusal_in_the_tables_language() -> None:
    table = make_table("pf2e", "de")
    with pytest.raises(NotAllowed) as caught:
        table.service.execute(table.gm, {"type": "undo"})
    assert caught.value.message == "Es gibt nichts rückgängig zu machen."


def test_bad_commands_say_what_is_allowed(pf2e: Table) -> None:
    with pytest.raises(InvalidCommand) as caught:
        pf2e.service.execute(pf2e.gm, {"type": "fly"})
    assert "add_character" in caught.value.message
    with pytest.raises(InvalidCommand) as caught:
        pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "X",
                                       "sheet": {"hp": "lots"}})
    assert "hp" in caught.value.message


def test_check_records_dice_source_and_odds(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.player, {"type": "add_character", "name": "Ezren",
                                       "sheet": EZREN})
    result = pf2e.service.execute(pf2e.player, {"type": "check", "character_id": "c1",
                                                "statistic": "Arcana", "dc": 15})
    roll = result["events"][0]["payload"]["rolls"][0]
    assert roll["dice"][0]["sides"] == 20
    assert roll["source"]["sequence"] == result["sequence"]
    assert sum(roll["result"]["probabilities"].values()) == pytest.approx(1)
    assert roll["result"]["modifier"] == 7


def test_conditions_count_on_checks(pf2e: Table) -> None:
    sheet = dict(EZREN, conditions={"frightened": 2})
    pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "Ezren", "sheet": sheet})
    result = pf2e.service.execute(pf2e.gm, {"type": "check", "character_id": "c1",
                                            "statistic": "will", "dc": 15})
    # "Verängstigt ... Zustandsmalus in Höhe des Zustandswertes auf alle Würfe und SG"
    assert result["events"][0]["payload"]["rolls"][0]["result"]["modifier"] == 4


def test_secret_check_shows_the_player_nothing_but_that_it_happened(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.player, {"type": "add_character", "name": "Ezren",
                                       "sheet": EZREN})
    result = pf2e.service.execute(pf2e.player, {"type": "check", "character_id": "c1",
                                                "statistic": "Society", "dc": 20,
                                                "secret": True})
    assert result["events"][0]["payload"] == {"secret": True}
    seen = pf2e.service.events(pf2e.gm, result["sequence"] - 1)[0]
    assert "rolls" in seen["payload"]
    for viewer in (pf2e.player, pf2e.other):
        shown = pf2e.service.events(viewer, result["sequence"] - 1)[0]
        assert shown["kind"] == "check_rolled"
        assert shown["payload"] == {"secret": True}


def test_undo_appends_a_compensating_event(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "Ezren", "sheet": EZREN})
    before = pf2e.service.state(pf2e.gm)
    pf2e.service.execute(pf2e.gm, {"type": "update_character", "character_id": "c1",
                                   "name": "Ezren der Weise"})
    result = pf2e.service.execute(pf2e.gm, {"type": "undo"})
    after = pf2e.service.state(pf2e.gm)
    assert after["characters"] == before["characters"]
    assert result["events"][0]["kind"] == "undone"
    kinds = [e["kind"] for e in pf2e.service.events(pf2e.gm)]
    assert kinds[-2:] == ["character_changed", "undone"]


def test_hidden_creature_is_not_shown_to_players(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "Schattenwolf",
                                   "kind": "creature", "hidden": True, "sheet": EZREN})
    assert "c1" in pf2e.service.state(pf2e.gm)["characters"]
    assert pf2e.service.state(pf2e.player)["characters"] == {}
    assert "Schattenwolf" not in json.dumps(pf2e.service.events(pf2e.player))
    pf2e.service.execute(pf2e.gm, {"type": "reveal", "character_id": "c1"})
    shown = pf2e.service.state(pf2e.player)["characters"]["c1"]
    assert shown["name"] == "Schattenwolf"
    assert "sheet" not in shown
    assert shown["health"] == {"estimate": "unhurt"}


def test_export_and_import_replay_the_same_state(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "Ezren", "sheet": EZREN})
    text = pf2e.service.export(pf2e.gm)
    with pytest.raises(NotAuthorized):
        pf2e.service.export(pf2e.player)
    other = TableService(MemoryStore())
    creds = other.import_table(text)
    gm = other.authenticate(creds.table_id, creds.token)
    assert other.state(gm)["characters"] == pf2e.service.state(pf2e.gm)["characters"]


def test_players_do_not_see_a_creatures_sheet_in_events_either(pf2e: Table) -> None:
    pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "Oger", "kind": "creature",
                                   "sheet": dict(EZREN, ac=23)})
    event = pf2e.service.events(pf2e.player)[-1]
    assert event["payload"]["character"]["name"] == "Oger"
    assert "sheet" not in event["payload"]["character"]
    assert event["payload"]["character"]["health"] == {"estimate": "unhurt"}
    assert "sheet" in pf2e.service.events(pf2e.gm)[-1]["payload"]["character"]


def test_sheet_conditions_are_checked_and_named_canonically(pf2e: Table) -> None:
    result = pf2e.service.execute(pf2e.gm, {
        "type": "add_character", "name": "Ezren",
        "sheet": dict(EZREN, conditions={"Verängstigt": 2, "stunned": 1})})
    assert result["events"][0]["payload"]["character"]["conditions"] == {
        "frightened": 2, "stunned": 1}
    with pytest.raises(InvalidCommand) as caught:
        pf2e.service.execute(pf2e.gm, {"type": "add_character", "name": "X",
                                       "sheet": dict(EZREN, conditions={"grumpy": 1})})
    assert "grumpy" in caught.value.message


def test_invite_as_a_command_answers_the_token_once(pf2e: Table) -> None:
    answer = pf2e.service.execute(pf2e.gm, {"type": "invite"})
    token = answer["invitation"]["token"]
    creds = pf2e.service.join(pf2e.table_id, token, "Dora")
    assert pf2e.service.authenticate(pf2e.table_id, creds.token).name == "Dora"
    assert token not in json.dumps(pf2e.service.events(pf2e.gm))


def test_refused_settings_and_command_types_speak_the_table_language() -> None:
    table = make_table("pf2e", "de")
    with pytest.raises(InvalidCommand, match="unbekannter Befehlstyp 'fly': erlaubt sind"):
        table.service.execute(table.gm, {"type": "fly"})
    with pytest.raises(InvalidCommand, match="initiative_ties ist eines von foes_first"):
        table.service.execute(table.gm, {"type": "set_setting", "key": "initiative_ties",
                                         "value": "dice"})
    icelandic = make_table("w6", "is")
    with pytest.raises(InvalidCommand, match="óþekkt stilling 'colour'"):
        icelandic.service.execute(icelandic.gm, {"type": "set_setting", "key": "colour",
                                                 "value": 1})
