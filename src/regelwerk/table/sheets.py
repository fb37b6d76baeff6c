"""Character and creature sheets per game system, validated with the protocol's
own field types (damage terms, defences, creature health, ranks, abilities).

``validate_sheet(system, data)`` gives the sheet as canonical JSON data or an
``InvalidCommand`` that says which field is wrong and what is allowed.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from regelwerk.errors import Message, RegelwerkError
from regelwerk.i18n import normalise_name
from regelwerk.protocol.fields import named
from regelwerk.systems.dnd5e.abilities import ABILITIES
from regelwerk.systems.pf2e.health.creature_model import CreatureFields, DefenceFields, TargetFields
from regelwerk.systems.pf2e.names import RANKS
from regelwerk.table.errors import InvalidCommand, again, invalid_fields

__all__ = ["DND5E_SKILLS", "PF2E_ABILITIES", "SHEETS", "TABLE_CONDITIONS", "canonical_conditions",
           "dnd5e_proficiency", "health_of", "validate_sheet"]

SHEET_CONFIG = ConfigDict(extra="forbid", frozen=True, strict=True)
Mod = Annotated[StrictInt, Field(ge=-50, le=100)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=60)]
HP = Annotated[StrictInt, Field(ge=0, le=1_000_000)]

TABLE_CONDITIONS = {"stunned": True, "paralyzed": False, "petrified": False,
                    "restrained": False, "grabbed": False, "immobilized": False}
"""Conditions the table tracks that the rules' condition data does not list (yet);
valued or not.  They count for the action budget and are passed by on checks."""

PF2E_ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
DND5E_SKILLS = {
    "acrobatics": "dexterity", "animal_handling": "wisdom", "arcana": "intelligence",
    "athletics": "strength", "deception": "charisma", "history": "intelligence",
    "insight": "wisdom", "intimidation": "charisma", "investigation": "intelligence",
    "medicine": "wisdom", "nature": "intelligence", "perception": "wisdom",
    "performance": "charisma", "persuasion": "charisma", "religion": "intelligence",
    "sleight_of_hand": "dexterity", "stealth": "dexterity", "survival": "wisdom",
}
"""The skills of 5e and the ability each uses."""


def dnd5e_proficiency(name: str) -> str | None:
    """The canonical name of a 5e proficiency: a skill (``stealth``), an ability
    (``dexterity``) or an ability's save (``dexterity_save``, ``Lipurð_save``); None
    for a name that is none of them."""
    key = normalise_name(name)
    if key in DND5E_SKILLS:
        return key
    save = key.endswith("_save")
    ability = ABILITIES.canonical(key.removesuffix("_save") if save else key)
    if ability is None:
        return None
    return f"{ability}_save" if save else ability


def _dnd5e_proficiencies(data: dict[str, Any]) -> None:
    """Proficiencies and expertise by their canonical names, or a refusal naming what
    is allowed (a misspelt skill would otherwise count as no proficiency at all)."""
    for field in ("proficiencies", "expertise"):
        canonical: list[str] = []
        for name in data[field]:
            found = dnd5e_proficiency(name)
            if found is None:
                raise InvalidCommand("unknown proficiency {name} in {field}: allowed are the "
                                     "skills ({skills}), an ability or an ability with _save "
                                     "(dexterity_save)", name=repr(name)[:40], field=field,
                                     skills=", ".join(DND5E_SKILLS))
            if found not in canonical:
                canonical.append(found)
        data[field] = canonical


class W6Sheet(BaseModel):
    """W6: Eigenschaften (dice), Fertigkeiten (points, 3 dice each), Hilfsmittel (dice)."""

    model_config = SHEET_CONFIG
    attributes: dict[Name, Annotated[StrictInt, Field(ge=0, le=1000)]] = Field(
        min_length=1, max_length=40)
    skills: dict[Name, Annotated[StrictInt, Field(ge=0, le=300)]] = Field(
        default_factory=dict, max_length=200)
    tools: dict[Name, Annotated[StrictInt, Field(ge=-1000, le=1000)]] = Field(
        default_factory=dict, max_length=100)


class Dnd5eSheet(BaseModel):
    """5e: ability scores, level, proficiencies and expertise, Lucky, hit points."""

    model_config = SHEET_CONFIG
    scores: dict[named(ABILITIES), Annotated[StrictInt, Field(ge=1, le=30)]]  # type: ignore[valid-type]
    level: Annotated[StrictInt, Field(ge=1, le=20)] = 1
    proficiencies: list[StrictStr] = Field(default_factory=list, max_length=60)
    expertise: list[StrictStr] = Field(default_factory=list, max_length=40)
    lucky: StrictBool = False
    hp: HP = 1
    max_hp: Annotated[StrictInt, Field(ge=1, le=1_000_000)] = 1
    ac: Annotated[StrictInt, Field(ge=0, le=60)] = 10


class StrikeSheet(BaseModel):
    """A Strike: its attack modifier and damage (dice notation, damage type, traits)."""

    model_config = SHEET_CONFIG
    name: Name
    modifier: Mod
    damage: StrictStr = Field("1d4", max_length=60)
    type: StrictStr = Field("bludgeoning", max_length=40)
    traits: list[StrictStr] = Field(default_factory=list, max_length=30)

    @property
    def agile(self) -> bool:
        """The agile trait lowers the multiple attack penalty."""
        return any(t.lower() in ("agile", "agil") for t in self.traits)


class Pf2eSheet(BaseModel):
    """PF2e: level, abilities, ranks, AC, saves, Perception, skills, HP, speeds,
    senses, immunities/weaknesses/resistances, Strikes, conditions."""

    model_config = SHEET_CONFIG
    level: Annotated[StrictInt, Field(ge=-1, le=30)] = 1
    abilities: dict[StrictStr, Mod] = Field(default_factory=dict, max_length=6)
    ranks: dict[StrictStr, named(RANKS)] = Field(default_factory=dict, max_length=60)  # type: ignore[valid-type]
    perception: Mod = 0
    ac: Annotated[StrictInt, Field(ge=0, le=100)] = 10
    saves: dict[StrictStr, Mod] = Field(default_factory=dict, max_length=3)
    skills: dict[StrictStr, Mod] = Field(default_factory=dict, max_length=40)
    hp: HP = 1
    max_hp: Annotated[StrictInt, Field(ge=1, le=1_000_000)] = 1
    speeds: dict[StrictStr, Annotated[StrictInt, Field(ge=0, le=1000)]] = Field(
        default_factory=dict, max_length=10)
    senses: list[StrictStr] = Field(default_factory=list, max_length=20)
    traits: list[StrictStr] = Field(default_factory=list, max_length=50)
    immunities: list[StrictStr] = Field(default_factory=list, max_length=50)
    weaknesses: list[DefenceFields] = Field(default_factory=list, max_length=50)
    resistances: list[DefenceFields] = Field(default_factory=list, max_length=50)
    strikes: list[StrikeSheet] = Field(default_factory=list, max_length=30)
    conditions: dict[StrictStr, Annotated[StrictInt, Field(ge=0, le=10)]] = Field(
        default_factory=dict, max_length=40)
    fast_healing: Annotated[StrictInt, Field(ge=0, le=10_000)] = 0
    regeneration: Annotated[StrictInt, Field(ge=0, le=10_000)] = 0
    regeneration_off_by: list[StrictStr] = Field(default_factory=list, max_length=20)
    dies_at_zero: StrictBool = False
    hero_points: Annotated[StrictInt, Field(ge=0, le=3)] = 0

    def target(self) -> TargetFields:
        """The defences as the protocol's target (checked by its rules)."""
        return TargetFields.model_validate(
            {"immunities": self.immunities, "traits": self.traits,
             "weaknesses": [w.model_dump(by_alias=True) for w in self.weaknesses],
             "resistances": [r.model_dump(by_alias=True) for r in self.resistances]})


SHEETS: dict[str, type[BaseModel]] = {"w6": W6Sheet, "dnd5e": Dnd5eSheet, "pf2e": Pf2eSheet}


def validate_sheet(system: str, data: dict[str, Any]) -> dict[str, Any]:
    """The sheet checked by its system's model, as JSON data."""
    model = SHEETS[system]
    try:
        sheet = model.model_validate(data)
        if isinstance(sheet, Pf2eSheet):
            sheet.target().target()
            for ability in sheet.abilities:
                if ability not in PF2E_ABILITIES:
                    raise InvalidCommand("unknown ability {ability}: allowed are {allowed}",
                                         ability=repr(ability)[:40],
                                         allowed=", ".join(PF2E_ABILITIES))
            if sheet.hp > sheet.max_hp:
                raise InvalidCommand("hp cannot exceed max_hp")
    except ValidationError as error:
        where = Message("{system} sheet", system=system)
        raise InvalidCommand(invalid_fields(None, where, error, model)) from None
    except RegelwerkError as error:
        if isinstance(error, InvalidCommand):
            raise
        raise InvalidCommand("{system} sheet: {problem}", system=system,
                             problem=again(error)) from None
    data = sheet.model_dump(mode="json", by_alias=True)
    if isinstance(sheet, Dnd5eSheet):
        _dnd5e_proficiencies(data)
    if isinstance(sheet, Pf2eSheet) and sheet.conditions:
        data["conditions"] = canonical_conditions(sheet.conditions)
    return data


def canonical_conditions(given: dict[str, int]) -> dict[str, int]:
    """Condition names checked and made canonical by the rules (English, German or
    Icelandic names); the table's own conditions pass as they are."""
    from regelwerk.table.rules import ask

    own = {normalise_name(n): v for n, v in given.items()
           if normalise_name(n) in TABLE_CONDITIONS}
    ruled = [{"name": n, "value": max(v, 1)} for n, v in given.items()
             if normalise_name(n) not in TABLE_CONDITIONS]
    try:
        answer = ask("pf2e", "conditions", {"gain": ruled}, "en") if ruled else {
            "conditions": {}}
    except RegelwerkError as error:
        raise InvalidCommand("conditions: {problem}", problem=again(error)) from None
    return {**answer["conditions"], **own}


def health_of(system: str, sheet: dict[str, Any]) -> dict[str, Any]:
    """The starting health of a character (PF2e: the protocol's creature fields)."""
    if system != "pf2e":
        return {"hp": sheet.get("hp", 0), "max_hp": sheet.get("max_hp", 1)}
    fields = CreatureFields.model_validate({
        "hp": sheet["hp"], "max_hp": sheet["max_hp"], "fast_healing": sheet["fast_healing"],
        "regeneration": sheet["regeneration"] > 0,
        "regeneration_amount": sheet["regeneration"],
        "regeneration_off_by": sheet["regeneration_off_by"],
        "dies_at_zero": sheet["dies_at_zero"], "hero_points": sheet["hero_points"]})
    fields.creature()
    return fields.model_dump(mode="json")
