"""5e and W6 at the table: checks, saves and contests logged; 5e initiative as a
Dexterity check; in W6 the game master sets the order."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk.table.errors import InvalidCommand, NotAllowed

from .conftest import make_table

LYRA: dict[str, Any] = {"scores": {"Styrkur": 8, "Lipurð": 16, "Hreysti": 12,
                                   "Greind": 14, "Viska": 10, "Þokki": 13},
                        "level": 5, "proficiencies": ["stealth", "dexterity_save"],
                        "expertise": ["stealth"], "lucky": True, "hp": 30, "max_hp": 30}
BRAK: dict[str, Any] = {"scores": {"strength": 18, "dexterity": 10, "constitution": 16,
                                   "intelligence": 8, "wisdom": 12, "charisma": 8},
                        "level": 3, "proficiencies": ["athletics"], "hp": 28, "max_hp": 28}
FINN: dict[str, Any] = {"attributes": {"GE": 8, "WA": 5}, "skills": {"Schlösser öffnen": 1},
                        "tools": {"Dietriche": 2}}
WACHE: dict[str, Any] = {"attributes": {"GE": 4, "WA": 7}}


def _roll(result: dict[str, Any]) -> dict[str, Any]:
    roll: dict[str, Any] = result["events"][0]["payload"]["rolls"][0]
    return roll


def test_5e_skill_check_with_expertise_and_lucky() -> None:
    table = make_table("dnd5e", "is")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Lyra", "sheet": LYRA})
    roll = _roll(s.execute(table.player, {"type": "check", "character_id": "c1",
                                          "statistic": "stealth", "dc": "meðal",
                                          "advantage": 1}))
    # Dex 16 (+3), proficiency +3 at level 5, doubled by expertise
    assert roll["result"]["modifier"] == 9
    assert roll["request"]["lucky"] is True
    assert roll["result"]["mode"] == "advantage"
    assert 0 < roll["result"]["probability"] < 1
    save = _roll(s.execute(table.player, {"type": "check", "character_id": "c1",
                                          "statistic": "dexterity_save", "dc": 15}))
    assert save["result"]["kind"] == "saving_throw"
    assert save["result"]["modifier"] == 6


def test_5e_contest_and_no_secret_checks() -> None:
    table = make_table("dnd5e")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Lyra", "sheet": LYRA})
    s.execute(table.gm, {"type": "add_character", "name": "Brak", "kind": "creature",
                         "sheet": BRAK})
    roll = _roll(s.execute(table.gm, {"type": "contest",
                                      "a": {"character_id": "c1", "statistic": "acrobatics"},
                                      "b": {"character_id": "c2", "statistic": "athletics"}}))
    assert roll["result"]["winner"] in ("a", "b", "tie")
    assert len(roll["dice"]) >= 2
    with pytest.raises(NotAllowed):
        s.execute(table.gm, {"type": "check", "character_id": "c1", "statistic": "stealth",
                             "secret": True})


def test_5e_initiative_is_a_dexterity_check_with_advantage() -> None:
    table = make_table("dnd5e")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Lyra", "sheet": LYRA})
    s.execute(table.gm, {"type": "add_character", "name": "Brak", "kind": "creature",
                         "sheet": BRAK})
    result = s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1", "advantage": 1}, {"character_id": "c2"}]})
    started = next(e for e in result["events"] if e["kind"] == "encounter_started")
    rolls = {r["label"]: r for r in started["payload"]["rolls"]}
    assert rolls["initiative Lyra"]["result"]["mode"] == "advantage"
    assert rolls["initiative Brak"]["request"]["ability"] == "dexterity"
    odds = rolls["initiative Brak"]["odds"]
    assert sum(p for _, p in odds) == pytest.approx(1)
    order = started["payload"]["encounter"]["order"]
    totals = [started["payload"]["encounter"]["participants"][c]["initiative"] for c in order]
    assert totals == sorted(totals, reverse=True)
    s.execute(table.gm, {"type": "end_turn"})
    assert s.state(table.gm)["encounter"]["active"] == order[1]


def test_w6_probe_with_skill_and_tools() -> None:
    table = make_table("w6", "de")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Finn", "sheet": FINN})
    roll = _roll(s.execute(table.player, {
        "type": "check", "character_id": "c1", "statistic": "ge", "skill": "Schlösser öffnen",
        "tools": ["Dietriche"], "difficulty": "herausfordernd"}))
    # "Finn führt die Probe also schließlich mit 7 Würfeln aus."
    assert roll["result"]["dice"] == 7
    assert len(roll["dice"]) == 7
    complex_roll = _roll(s.execute(table.player, {
        "type": "check", "character_id": "c1", "statistic": "GE", "split": [4, 4],
        "required": [1, 2]}))
    assert len(complex_roll["result"]["parts"]) == 2


def test_w6_contest_and_the_game_masters_order() -> None:
    table = make_table("w6", "de")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Finn", "sheet": FINN})
    s.execute(table.gm, {"type": "add_character", "name": "Wache", "kind": "creature",
                         "sheet": WACHE})
    roll = _roll(s.execute(table.gm, {"type": "contest",
                                      "a": {"character_id": "c1", "statistic": "GE"},
                                      "b": {"character_id": "c2", "statistic": "WA"}}))
    assert len(roll["dice"]) == 8 + 7
    with pytest.raises(InvalidCommand):
        s.execute(table.gm, {"type": "start_encounter", "participants": [
            {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}], "order": ["c2", "c1"]})
    assert s.state(table.gm)["encounter"]["active"] == "c2"
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2"]})
    s.execute(table.gm, {"type": "end_turn"})
    state = s.state(table.gm)["encounter"]
    assert (state["active"], state["round"]) == ("c1", 2)


def test_a_5e_check_without_a_dc_carries_the_exact_odds_of_its_total() -> None:
    table = make_table("dnd5e")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Lyra", "sheet": LYRA})
    roll = _roll(s.execute(table.player, {"type": "check", "character_id": "c1",
                                          "statistic": "stealth", "advantage": 1}))
    odds = {int(total): p for total, p in roll["odds"]}
    assert sum(odds.values()) == pytest.approx(1)
    assert min(odds) == 1 + 9
    assert roll["result"]["total"] in odds
    # advantage with Lucky: a natural 20 comes 1 − (19/20)² of the time, and a little
    # more from rerolled ones
    assert odds[29] > 1 - (19 / 20) ** 2
