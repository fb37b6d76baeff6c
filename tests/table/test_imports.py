"""PF2e creatures from stat blocks (German and English) and characters from
Pathbuilder 2e's JSON export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.table.errors import InvalidCommand
from regelwerk.table.pathbuilder import from_pathbuilder
from regelwerk.table.statblock import parse_statblock

from .conftest import make_table

FIXTURES = Path(__file__).parent / "fixtures"


def test_english_stat_block() -> None:
    name, sheet = parse_statblock((FIXTURES / "goblin_warrior.en.txt").read_text("utf-8"))
    assert name == "Goblin Warrior"
    assert (sheet["level"], sheet["perception"], sheet["ac"], sheet["hp"]) == (-1, 2, 16, 6)
    assert sheet["saves"] == {"fortitude": 5, "reflex": 7, "will": 3}
    assert sheet["skills"]["Stealth"] == 5
    assert sheet["abilities"] == {"str": 0, "dex": 3, "con": 1, "int": 0, "wis": -1,
                                  "cha": 1}
    assert sheet["speeds"] == {"land": 25}
    assert sheet["senses"] == ["darkvision"]
    dogslicer, shortbow = sheet["strikes"]
    assert (dogslicer["modifier"], dogslicer["damage"], dogslicer["type"]) == (
        8, "1d6", "slashing")
    assert "agile" in dogslicer["traits"]
    assert shortbow["type"] == "piercing"
    assert "ranged" in shortbow["traits"]


def test_german_stat_block() -> None:
    name, sheet = parse_statblock((FIXTURES / "troll.de.txt").read_text("utf-8"))
    assert name == "Troll"
    assert (sheet["level"], sheet["perception"], sheet["ac"], sheet["hp"]) == (5, 11, 20, 115)
    assert sheet["saves"] == {"fortitude": 17, "reflex": 11, "will": 7}
    assert sheet["skills"] == {"Athletics": 12, "Intimidation": 12}
    assert sheet["regeneration"] == 20
    assert sorted(sheet["regeneration_off_by"]) == ["acid", "fire"]
    assert sheet["weaknesses"] == [{"type": "fire", "value": 10}]
    # 9 m are 6 squares of 1,5 m: 30 feet
    assert sheet["speeds"] == {"land": 30}
    jaws, claw = sheet["strikes"]
    assert (jaws["name"], jaws["modifier"], jaws["damage"], jaws["type"]) == (
        "Kiefer", 14, "2d10+7", "piercing")
    assert claw["type"] == "slashing"


def test_a_stat_block_without_its_defences_says_what_is_missing() -> None:
    with pytest.raises(InvalidCommand) as caught:
        parse_statblock("Wolf Creature 1\nPerception +7")
    assert "AC" in caught.value.message
    assert "HP" in caught.value.message


def test_import_statblock_command_adds_a_hidden_creature_that_fights() -> None:
    table = make_table("pf2e", "de")
    s = table.service
    s.execute(table.gm, {"type": "import_statblock", "hidden": True,
                         "text": (FIXTURES / "troll.de.txt").read_text("utf-8")})
    troll = s.state(table.gm)["characters"]["c1"]
    assert troll["health"]["regeneration_amount"] == 20
    assert troll["hidden"] is True
    assert s.state(table.player)["characters"] == {}


def test_pathbuilder_export() -> None:
    export = json.loads((FIXTURES / "pathbuilder_amiri.json").read_text("utf-8"))
    name, sheet = from_pathbuilder(export)
    assert name == "Amiri Testfall"
    # Str 18 → +4, Con 16 → +3; level 3
    assert sheet["abilities"]["str"] == 4
    # HP: ancestry 8 + (class 12 + Con 3) × level 3
    assert sheet["hp"] == 8 + (12 + 3) * 3
    # Perception: Wis +1, expert (level + 4)
    assert sheet["perception"] == 1 + 3 + 4
    assert sheet["saves"] == {"fortitude": 3 + 7, "reflex": 2 + 5, "will": 1 + 7}
    # Athletics: Str +4, expert (+7), item bonus +1
    assert sheet["skills"]["Athletics"] == 12
    assert sheet["skills"]["Arcana"] == 0
    assert sheet["skills"]["Hunting Lore"] == 0 + 5
    assert sheet["ac"] == 20
    assert sheet["speeds"] == {"land": 30}
    greatsword, javelin = sheet["strikes"]
    assert (greatsword["modifier"], greatsword["damage"], greatsword["type"]) == (
        11, "2d12+4", "slashing")
    assert javelin["damage"] == "1d6+4"


def test_import_pathbuilder_command_belongs_to_the_player() -> None:
    table = make_table("pf2e")
    export = json.loads((FIXTURES / "pathbuilder_amiri.json").read_text("utf-8"))
    result = table.service.execute(table.player, {"type": "import_pathbuilder",
                                                  "export": export})
    character = result["events"][0]["payload"]["character"]
    assert character["owner"] == table.player.member_id
    assert character["health"]["hp"] == 53
    with pytest.raises(InvalidCommand):
        table.service.execute(table.player, {"type": "import_pathbuilder",
                                             "export": {"build": {"level": 1}}})


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(
    st.sampled_from(["Troll Kreatur 5", "AC 16; Fort +5", "RK 20; ZÄH +17", "HP 6",
                     "TP 115, Regeneration 20 (deaktiviert durch Feuer)",
                     "Perception +2; darkvision", "Wahrnehmung +11",
                     "Melee dogslicer +8 (agile), Damage 1d6 slashing",
                     "Nahkampf Kiefer +14, Schaden 2W10+7 Stich", "Speed 25 feet",
                     "Schwächen Feuer 10", "Resistances fire 5 (except cold iron)",
                     "Str +0, Dex +3, Con +1, Int +0, Wis -1, Cha +1"]),
    st.text(max_size=80)), max_size=12))
def test_any_text_is_read_or_refused_with_a_reason(lines: list[str]) -> None:
    refused: list[InvalidCommand] = []
    try:
        name, sheet = parse_statblock("\n".join(lines))
    except InvalidCommand as error:
        refused.append(error)
    if refused:
        assert refused[0].message
        return
    assert isinstance(name, str)
    assert {"ac", "hp", "perception"} <= set(sheet)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["build", "level", "abilities", "str", "dex", "con",
                                         "int", "wis", "cha", "weapons", "attack", "die",
                                         "lores", "attributes", "proficiencies", "acTotal",
                                         "resistances", "mods"]), inner, max_size=6),
                    max_leaves=20))
def test_any_pathbuilder_json_is_read_or_refused_with_a_reason(export: object) -> None:
    base = json.loads((FIXTURES / "pathbuilder_amiri.json").read_text("utf-8"))
    for candidate in (export, {"build": export}, {"build": {**base["build"], **(
            export if isinstance(export, dict) else {})}}):
        refused: list[InvalidCommand] = []
        try:
            from_pathbuilder(candidate)  # type: ignore[arg-type]
        except InvalidCommand as error:
            refused.append(error)
        assert all(r.message for r in refused)


def test_defences_on_the_hp_line_and_action_glyphs() -> None:
    _, sheet = parse_statblock((FIXTURES / "ghoul_stalker.en.txt").read_text("utf-8"))
    assert sheet["immunities"] == ["death_effects", "disease", "paralyzed", "poison",
                                   "unconscious"]
    assert sheet["resistances"] == [{"type": "physical", "value": 5, "except": ["silver"]}]
    assert sheet["speeds"] == {"land": 30, "burrow": 5}
    assert [s["name"] for s in sheet["strikes"]] == ["jaws", "claw"]
    assert sheet["senses"] == ["darkvision", "scent (imprecise) 30 feet"]


@pytest.mark.parametrize("line", ["PERCEPTION", "Wahrnehmung x", "AC", "RK ;", "HP", "TP ,"])
def test_a_label_without_its_number_is_refused_with_an_example(line: str) -> None:
    with pytest.raises(InvalidCommand) as refused:
        parse_statblock(f"Troll Kreatur 5\n{line}")
    assert "e.g." in refused.value.message
