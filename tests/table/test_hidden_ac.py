"""A Strike at a creature does not tell players its AC: the attack roll in the
event comes to them without the check's DC and its text, with its chances only
while ``hidden_ac_odds`` is on (docs/rulings.md, "Table: Strike odds against a
hidden AC": "the AC itself never reaches the player's browser")."""

from __future__ import annotations

from typing import Any

from .conftest import Table, make_table
from .pf2e_sheets import GOBLIN, VALEROS

AC = 23  # a value found nowhere else in a Strike's roll


def _table() -> Table:
    table = make_table("pf2e", "de", fixed="hidden-ac")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros", "sheet": VALEROS})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": dict(GOBLIN, ac=AC, hp=200, max_hp=200)})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2"]})
    return table


def _attack(events: list[dict[str, Any]]) -> dict[str, Any]:
    payload = next(e["payload"] for e in events if e["kind"] == "strike_rolled")
    roll: dict[str, Any] = payload["rolls"][0]
    return roll


def test_players_get_the_attack_roll_without_the_creatures_ac() -> None:
    table = _table()
    s = table.service
    answer = s.execute(table.player, {"type": "strike", "character_id": "c1",
                                      "target_id": "c2", "strike": "Longsword"})
    gm_view = _attack(s.events(table.gm))
    for roll in (_attack(answer["events"]), _attack(s.events(table.player)),
                 _attack(s.events(table.other))):
        assert "dc" not in roll["request"]
        assert "dc" not in roll["result"]
        assert "text" not in roll["result"]
        assert set(roll["result"]["probabilities"]) == {
            "critical_success", "success", "failure", "critical_failure"}
        assert roll["result"]["degree"] == gm_view["result"]["degree"]  # the roll is open
        assert roll["dice"] == gm_view["dice"]
    gm = _attack(s.events(table.gm))
    assert (gm["request"]["dc"], gm["result"]["dc"]) == (AC, AC)
    assert f"SG {AC}" in gm["result"]["text"]
    # without the odds against a hidden AC, not even the chances
    s.execute(table.gm, {"type": "set_setting", "key": "hidden_ac_odds", "value": False})
    assert "probabilities" not in _attack(s.events(table.player))["result"]
    assert "probabilities" in _attack(s.events(table.gm))["result"]


def test_a_characters_ac_stays_open_to_players() -> None:
    table = _table()
    s = table.service
    s.execute(table.gm, {"type": "end_turn"})  # the goblin's turn
    s.execute(table.gm, {"type": "strike", "character_id": "c2", "target_id": "c1",
                         "strike": "Dogslicer"})
    roll = _attack(s.events(table.other))
    assert roll["request"]["dc"] == VALEROS["ac"]
    assert f"SG {VALEROS['ac']}" in roll["result"]["text"]
