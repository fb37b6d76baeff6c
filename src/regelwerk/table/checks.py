"""What a check of a character's statistic asks the rules, per system: the sheet's
values, the character's conditions (PF2e) and the command's extras."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regelwerk.i18n import normalise_name
from regelwerk.systems.dnd5e.abilities import ABILITIES
from regelwerk.systems.dnd5e.d20 import natural_distribution
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.sheets import DND5E_SKILLS, TABLE_CONDITIONS, dnd5e_proficiency

if TYPE_CHECKING:
    from regelwerk.table.commands import Check, ContestSide
    from regelwerk.table.decide import Decision

__all__ = ["check_fields", "condition_modifiers", "contest_side", "dnd5e_odds", "pf2e_modifier"]

_PF2E_SAVES = ("fortitude", "reflex", "will")
_ABILITY_OF_SKILL = {
    "acrobatics": "dex", "arcana": "int", "athletics": "str", "crafting": "int",
    "deception": "cha", "diplomacy": "cha", "intimidation": "cha", "medicine": "wis",
    "nature": "wis", "occultism": "int", "performance": "cha", "religion": "wis",
    "society": "int", "stealth": "dex", "survival": "wis", "thievery": "dex",
}


def _find(names: dict[str, Any], wanted: str) -> str | None:
    key = normalise_name(wanted)
    for name in names:
        if normalise_name(name) == key:
            return name
    return None


def pf2e_modifier(d: Decision, character: dict[str, Any], statistic: str) -> tuple[int, str]:
    """The sheet's modifier of a PF2e statistic and the condition tag it takes."""
    sheet = character["sheet"]
    key = normalise_name(statistic)
    if key in ("perception", "wahrnehmung", "initiative"):
        return int(sheet["perception"]), "perception"
    if key in _PF2E_SAVES:
        if key not in sheet["saves"]:
            raise InvalidCommand(d.t("{name} has no {statistic} on its sheet.",
                                     name=character["name"], statistic=statistic))
        return int(sheet["saves"][key]), key
    name = _find(sheet["skills"], statistic)
    if name is None:
        allowed = ", ".join(["perception", *_PF2E_SAVES, *sheet["skills"]])
        raise InvalidCommand(d.t("{name} has no {statistic}: allowed are {allowed}.",
                                 name=character["name"], statistic=statistic,
                                 allowed=allowed))
    ability = _ABILITY_OF_SKILL.get(normalise_name(name), "")
    return int(sheet["skills"][name]), f"{ability}_skill" if ability else "skill"


def condition_modifiers(d: Decision, character: dict[str, Any],
                        tag: str) -> list[dict[str, Any]]:
    """The typed modifiers a character's conditions impose on a statistic (asked of
    the rules' ``conditions`` action, so only the worst status penalty counts later)."""
    current = {n: v for n, v in (character.get("conditions") or {}).items()
               if n not in TABLE_CONDITIONS}
    health = character.get("health") or {}
    for name in ("dying", "wounded", "doomed"):
        if health.get(name):
            current[name] = int(health[name])
    if health.get("unconscious"):
        current["unconscious"] = 1
    if not current:
        return []
    answer = d.ask("pf2e", "conditions", {
        "conditions": [{"name": n, "value": v} for n, v in sorted(current.items())],
        "statistic": tag})
    return [{"value": m["value"], "type": m["type"], "label": m["label"]}
            for m in [*answer["applied"], *answer["ignored"]]]


def _pf2e(d: Decision, character: dict[str, Any], c: Check) -> tuple[str, dict[str, Any]]:
    if c.dc is None or isinstance(c.dc, str):
        raise InvalidCommand(d.t("A PF2e check needs a DC (a number)."))
    if c.statistic in ("flat", "flat_check"):
        return "flat_check", {"dc": c.dc}
    base, tag = pf2e_modifier(d, character, c.statistic)
    modifiers = [{"value": base, "type": "untyped", "label": c.statistic},
                 *condition_modifiers(d, character, tag), *c.modifiers]
    return "check", {"modifiers": modifiers, "dc": c.dc, "secret": c.secret,
                     "fortune": c.fortune, "misfortune": c.misfortune}


def _dnd5e_roller(d: Decision, character: dict[str, Any], statistic: str, advantage: int,
                  disadvantage: int) -> tuple[str, dict[str, Any]]:
    sheet = character["sheet"]
    key = normalise_name(statistic)
    kind = "check"
    if key.endswith("_save"):
        kind, key = "save", key.removesuffix("_save")
    ability = ABILITIES.canonical(key)
    skill = None
    if ability is None and key in DND5E_SKILLS and kind == "check":
        skill, ability = key, DND5E_SKILLS[key]
    if ability is None or ability not in sheet["scores"]:
        raise InvalidCommand(d.t("{name} has no {statistic}: allowed are an ability, a "
                                 "skill or an ability with _save.",
                                 name=character["name"], statistic=statistic))
    label = skill or (f"{ability}_save" if kind == "save" else ability)
    # a sheet stored before proficiencies were made canonical may still say "Stealth"
    proficiencies = {dnd5e_proficiency(p) for p in sheet["proficiencies"]}
    expertise = {dnd5e_proficiency(p) for p in sheet["expertise"]}
    proficient = label in proficiencies or label in expertise
    fields: dict[str, Any] = {"score": sheet["scores"][ability], "ability": ability,
                              "proficient": proficient, "level": sheet["level"],
                              "advantage": advantage, "disadvantage": disadvantage,
                              "lucky": sheet["lucky"]}
    if label in expertise:
        fields["proficiency_multipliers"] = [2]
    return kind, fields


def _w6_pool(d: Decision, character: dict[str, Any], statistic: str, skill: str | None,
             tools: list[str], difficulty: int | str) -> dict[str, Any]:
    sheet = character["sheet"]
    attribute = _find(sheet["attributes"], statistic)
    if attribute is None:
        raise InvalidCommand(d.t("{name} has no {statistic}: allowed are {allowed}.",
                                 name=character["name"], statistic=statistic,
                                 allowed=", ".join(sheet["attributes"])))
    pool: dict[str, Any] = {"attribute": sheet["attributes"][attribute],
                            "attribute_name": attribute, "difficulty": difficulty}
    if skill is not None:
        found = _find(sheet["skills"], skill)
        if found is None:
            raise InvalidCommand(d.t("{name} has no {statistic}: allowed are {allowed}.",
                                     name=character["name"], statistic=skill,
                                     allowed=", ".join(sheet["skills"]) or "-"))
        pool.update(skill=sheet["skills"][found], skill_name=found)
    total = 0
    for tool in tools:
        found = _find(sheet["tools"], tool)
        if found is None:
            raise InvalidCommand(d.t("{name} has no {statistic}: allowed are {allowed}.",
                                     name=character["name"], statistic=tool,
                                     allowed=", ".join(sheet["tools"]) or "-"))
        total += sheet["tools"][found]
    pool["tools"] = total
    return pool


def dnd5e_odds(record: dict[str, Any]) -> list[list[float]]:
    """The exact distribution of a 5e roll's total (``[total, probability]``), from the
    rules' distribution of the natural d20 with its advantage and Lucky."""
    result = record["result"]
    lucky = bool(record["request"].get("lucky"))
    return [[natural + int(result["modifier"]), float(p)]
            for natural, p in natural_distribution(result["mode"], lucky)]


def check_fields(d: Decision, character: dict[str, Any],
                 c: Check) -> tuple[str, dict[str, Any]]:
    """The rules action and its fields for a check command."""
    system = d.state["system"]
    if system == "pf2e":
        return _pf2e(d, character, c)
    if system == "dnd5e":
        kind, fields = _dnd5e_roller(d, character, c.statistic, c.advantage, c.disadvantage)
        if c.dc is not None:
            fields["dc"] = c.dc
        return kind, fields
    pool = _w6_pool(d, character, c.statistic, c.skill, c.tools, c.difficulty)
    if c.split is not None:
        if not isinstance(c.required, list):
            raise InvalidCommand(d.t("A Komplexe Probe needs 'required' as a list, one per "
                                     "roll of the split."))
        return "complex_probe", {**pool, "split": c.split, "required": c.required}
    if isinstance(c.required, list):
        raise NotAllowed(d.t("A list of required successes needs a 'split'."))
    return "probe", {**pool, **({} if c.required is None else {"required": c.required})}


def contest_side(d: Decision, character: dict[str, Any], side: ContestSide) -> dict[str, Any]:
    """One side of a contest as the rules' request wants it."""
    if d.state["system"] == "dnd5e":
        _, fields = _dnd5e_roller(d, character, side.statistic, side.advantage,
                                  side.disadvantage)
        return fields
    return _w6_pool(d, character, side.statistic, side.skill, side.tools, side.difficulty)
