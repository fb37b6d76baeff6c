"""5e proficiencies and expertise on a sheet count however they are spelt
("Stealth", "Sleight of Hand", "Lipurð_save") and a name that is no skill, ability
or save is refused with what is allowed, never ignored (a misspelt skill silently
dropped the proficiency bonus)."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk.i18n import translator
from regelwerk.table.errors import InvalidCommand
from regelwerk.table.sheets import dnd5e_proficiency, validate_sheet

from .conftest import make_table

SCORES = {"Styrkur": 8, "Lipurð": 16, "Hreysti": 12, "Greind": 14, "Viska": 10, "Þokki": 13}


def _modifier(sheet: dict[str, Any], statistic: str) -> int:
    table = make_table("dnd5e", "is")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Lyra", "sheet": sheet})
    answer = s.execute(table.player, {"type": "check", "character_id": "c1",
                                      "statistic": statistic, "dc": 15})
    modifier: int = answer["events"][0]["payload"]["rolls"][0]["result"]["modifier"]
    return modifier


def test_proficiencies_count_in_any_spelling() -> None:
    """"Persónur hafa hæfnibónus (e. proficiency bonus) sem bætt er við sum d20 köst"
    and "tvöfaldar sérhæfing þrjótsins (e. rogue) hæfnibónusinn á ákveðnum
    hæfileikaköstum": level 5 gives +3, expertise +6, Dexterity 16 gives +3."""
    sheet = {"scores": SCORES, "level": 5, "proficiencies": ["Stealth", "Lipurð_save"],
             "expertise": ["Sleight of Hand"]}
    assert _modifier(sheet, "Stealth") == 3 + 3
    assert _modifier(sheet, "sleight_of_hand") == 3 + 6
    assert _modifier(sheet, "dexterity_save") == 3 + 3
    assert _modifier(sheet, "Lipurð") == 3  # an ability check by its Icelandic name
    assert _modifier(sheet, "acrobatics") == 3  # not proficient
    checked = validate_sheet("dnd5e", sheet)
    assert checked["proficiencies"] == ["stealth", "dexterity_save"]
    assert checked["expertise"] == ["sleight_of_hand"]


def test_an_unknown_proficiency_is_refused_with_what_is_allowed() -> None:
    with pytest.raises(InvalidCommand) as refused:
        validate_sheet("dnd5e", {"scores": SCORES, "proficiencies": ["Stelth"]})
    message = refused.value.message
    assert message.startswith("unknown proficiency 'Stelth' in proficiencies: allowed are "
                               "the skills (acrobatics, ")
    assert message.endswith("an ability or an ability with _save (dexterity_save)")
    table = make_table("dnd5e", "de")
    with pytest.raises(InvalidCommand) as german:
        table.service.execute(table.player, {"type": "add_character", "name": "Lyra",
                                             "sheet": {"scores": SCORES,
                                                       "expertise": ["Kochen"]}})
    said = german.value.to_dict(translator("de"))["message"]  # as the API says it
    assert said.startswith("unbekannte Übung 'Kochen' in expertise: erlaubt sind die "
                           "Fertigkeiten (acrobatics, ")


@pytest.mark.parametrize(("name", "canonical"), [
    ("stealth", "stealth"), ("Animal Handling", "animal_handling"),
    ("DEX_save", "dexterity_save"), ("Þokki", "charisma"), ("strength save", "strength_save"),
    ("cooking", None), ("_save", None)])
def test_the_canonical_name_of_a_proficiency(name: str, canonical: str | None) -> None:
    assert dnd5e_proficiency(name) == canonical
