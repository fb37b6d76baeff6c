"""Forms to commands and sheets, without a browser; the models are the table's own."""

from __future__ import annotations

import pytest

from regelwerk.i18n import translator
from regelwerk.table.decide import command_types
from regelwerk.web.encounter_pages import moved
from regelwerk.web.forms import FormError, command_from_form, fields_of
from regelwerk.web.sheet_form import SheetFormError, sheet_from_form


def test_a_check_form_becomes_a_typed_command() -> None:
    model = command_types()["check"]
    command = command_from_form("check", model, {
        "character_id": "c1", "statistic": "Athletics", "dc": "20", "secret": "true",
        "difficulty": "herausfordernd", "modifiers": ""})
    assert command == {"type": "check", "character_id": "c1", "statistic": "Athletics",
                       "dc": 20, "secret": True, "difficulty": "herausfordernd"}


def test_a_choice_keeps_the_models_type() -> None:
    # act's cost is 1, 2, 3, "reaction" or "free": "2" from a form is the number 2.
    command = command_from_form("act", command_types()["act"],
                                {"character_id": "c1", "name": "Stride", "cost": "2"})
    assert command["cost"] == 2
    reaction = command_from_form("act", command_types()["act"],
                                 {"character_id": "c1", "name": "Shield", "cost": "reaction"})
    assert reaction["cost"] == "reaction"


def test_every_command_has_a_form() -> None:
    for name, model in command_types().items():
        fields = fields_of(model)
        assert all(f.name != "type" for f in fields), name


def test_a_bad_number_names_its_field() -> None:
    with pytest.raises(FormError) as caught:
        command_from_form("heal", command_types()["heal"],
                          {"character_id": "c1", "amount": "viel"})
    assert caught.value.field == "amount"


def test_pf2e_sheet_from_plain_lines() -> None:
    sheet = sheet_from_form("pf2e", {
        "level": "3", "perception": "9", "ac": "19", "hp": "40", "will": "8",
        "skills": "Athletik +9\nStealth: 7",
        "strikes": "Kurzschwert +9 1d6 piercing agile finesse"})
    assert sheet["skills"] == {"Athletik": 9, "Stealth": 7}
    assert sheet["saves"] == {"will": 8}
    assert sheet["max_hp"] == 40
    assert sheet["strikes"] == [{"name": "Kurzschwert", "modifier": 9, "damage": "1d6",
                                 "type": "piercing", "traits": ["agile", "finesse"]}]


def test_a_line_that_does_not_read_is_quoted() -> None:
    with pytest.raises(SheetFormError, match="'Athletik'"):
        sheet_from_form("pf2e", {"skills": "Athletik"})
    with pytest.raises(SheetFormError, match="level"):
        sheet_from_form("pf2e", {"level": "drei"})


def test_w6_and_5e_sheets() -> None:
    assert sheet_from_form("w6", {"attributes": "GE: 8\nKK: 6", "skills": "Klettern 2"}) == {
        "attributes": {"GE": 8, "KK": 6}, "skills": {"Klettern": 2}, "tools": {}}
    five = sheet_from_form("dnd5e", {"strength": "14", "dexterity": "12", "level": "5",
                                     "proficiencies": "Athletics, dexterity save"})
    assert five["scores"] == {"strength": 14, "dexterity": 12}
    assert five["proficiencies"] == ["athletics", "dexterity_save"]


def test_moving_in_the_initiative_order() -> None:
    assert moved(["a", "b", "c"], "b", "up") == ["b", "a", "c"]
    assert moved(["a", "b", "c"], "b", "down") == ["a", "c", "b"]
    assert moved(["a", "b", "c"], "a", "up") == ["a", "b", "c"]
    assert moved(["a", "b", "c"], "x", "up") == ["a", "b", "c"]


def test_a_form_line_that_does_not_read_is_said_in_the_pages_language() -> None:
    with pytest.raises(SheetFormError) as caught:
        sheet_from_form("pf2e", {"level": "eins", "hp": "10"})
    assert caught.value.said(translator("de")) == "level: 'eins' ist keine ganze Zahl"
    assert caught.value.said(translator("is")) == "level: 'eins' er ekki heil tala"
