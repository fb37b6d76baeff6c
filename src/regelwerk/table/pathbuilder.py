"""A PF2e character from Pathbuilder 2e's JSON export ("Export JSON"), as a sheet.

The export is ``{"success": true, "build": {...}}`` with the character's ``level``,
``abilities`` (scores, or modifiers in newer builds), ``attributes`` (ancestry,
class and bonus hit points, speed), ``proficiencies`` (0, 2, 4, 6, 8 for
untrained to legendary, per save, Perception, skill), ``lores``, ``weapons``
(with Pathbuilder's own attack total, die, striking rune and damage bonus),
``acTotal`` and ``resistances``.  The statistics are computed with the rules'
``statistic`` action from the abilities, level and rank (the text's formula),
hit points by the Core Rulebook's formula.
"""

from __future__ import annotations

import re
from typing import Any

from regelwerk.systems.pf2e.health.creature_model import term
from regelwerk.table import rules
from regelwerk.table.errors import InvalidCommand

__all__ = ["from_pathbuilder"]

_RANKS = {0: "untrained", 2: "trained", 4: "expert", 6: "master", 8: "legendary"}
_SKILLS = {
    "acrobatics": "dex", "arcana": "int", "athletics": "str", "crafting": "int",
    "deception": "cha", "diplomacy": "cha", "intimidation": "cha", "medicine": "wis",
    "nature": "wis", "occultism": "int", "performance": "cha", "religion": "wis",
    "society": "int", "stealth": "dex", "survival": "wis", "thievery": "dex",
}
_SAVES = {"fortitude": "fortitude", "reflex": "reflex", "will": "will"}
_DAMAGE = {"S": "slashing", "P": "piercing", "B": "bludgeoning"}
_STRIKING = {"": 1, "striking": 2, "greaterstriking": 3, "majorstriking": 4}


def _modifier(value: Any) -> int:
    """An ability modifier from a score (10-based) or from a modifier (newer builds);
    values above 7 are scores (docs/rulings.md, "Table: Pathbuilder abilities")."""
    number = int(value)
    return (number - 10) // 2 if number > 7 else number


def _rank(build: dict[str, Any], key: str) -> str:
    value = int(build.get("proficiencies", {}).get(key, 0))
    if value not in _RANKS:
        raise InvalidCommand("Pathbuilder proficiency {key} is {value}: expected 0, 2, 4, 6 "
                             "or 8", key=key[:40], value=value)
    return _RANKS[value]


def _item(build: dict[str, Any], name: str) -> list[dict[str, Any]]:
    bonus = (build.get("mods") or {}).get(name, {}).get("Item Bonus", 0)
    return [{"value": int(bonus), "type": "item", "label": "item"}] if bonus else []


def _statistic(kind: str, abilities: dict[str, int], level: int, rank: str,
               ability: str | None = None, modifiers: list[dict[str, Any]] | None = None,
               ) -> int:
    fields: dict[str, Any] = {"kind": kind, "abilities": abilities, "level": level,
                              "rank": rank, "modifiers": modifiers or []}
    if ability is not None:
        fields["ability"] = ability
    return int(rules.ask("pf2e", "statistic", fields, "en")["value"])


def _strikes(build: dict[str, Any]) -> list[dict[str, Any]]:
    strikes = []
    for weapon in build.get("weapons") or []:
        dice = _STRIKING.get(str(weapon.get("str") or "").replace(" ", "").lower(), 1)
        die = str(weapon.get("die") or "d4")
        if not re.fullmatch(r"d\d+", die):
            raise InvalidCommand("weapon {name} has die {die}: expected d4, d6 …",
                                 name=repr(weapon.get("name"))[:60], die=repr(die)[:20])
        bonus = int(weapon.get("damageBonus") or 0)
        damage = f"{dice}{die}" + (f"{bonus:+d}" if bonus else "")
        kind = _DAMAGE.get(str(weapon.get("damageType")), term(str(weapon.get("damageType"))))
        strikes.append({"name": str(weapon.get("display") or weapon.get("name")),
                        "modifier": int(weapon["attack"]), "damage": damage, "type": kind,
                        "traits": []})
    return strikes


def _resistances(values: Any) -> list[dict[str, Any]]:
    if values is None:
        return []
    if isinstance(values, str):
        values = [v for v in values.split(",") if v.strip()]
    if not isinstance(values, list):
        raise TypeError("resistances must be a list or a comma-separated text")
    found = []
    for text in values or []:
        match = re.match(r"^\s*(.+?)\s+(\d+)\s*$", str(text))
        if match:
            found.append({"type": term(match[1]), "value": int(match[2])})
    return found


def from_pathbuilder(export: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The character's name and PF2e sheet; ``InvalidCommand`` names what is wrong."""
    build = export.get("build") if isinstance(export, dict) else None
    if not isinstance(build, dict):
        raise InvalidCommand("a Pathbuilder export is {shape} (Menu > Export > Export JSON)",
                             shape='{"success": true, "build": {...}}')
    try:
        level = int(build["level"])
        abilities = {k: _modifier(build["abilities"][k])
                     for k in ("str", "dex", "con", "int", "wis", "cha")}
        attributes = build.get("attributes") or {}
        saves = {name: _statistic(key, abilities, level, _rank(build, key))
                 for name, key in _SAVES.items()}
        skills = {name.capitalize(): _statistic("skill", abilities, level,
                                                _rank(build, name), ability,
                                                _item(build, name.capitalize()))
                  for name, ability in _SKILLS.items()}
        for lore, rank in build.get("lores") or []:
            skills[f"{lore} Lore"] = _statistic("skill", abilities, level,
                                                _RANKS.get(int(rank), "untrained"), "int")
        hp = int(attributes.get("ancestryhp", 0)) + int(attributes.get("bonushp", 0)) + level * (
            int(attributes.get("classhp", 0)) + int(attributes.get("bonushpPerLevel", 0))
            + abilities["con"])
        speed = int(attributes.get("speed", 25)) + int(attributes.get("speedBonus", 0))
        ac = int((build.get("acTotal") or {}).get("acTotal", 10))
        perception = _statistic("perception", abilities, level, _rank(build, "perception"),
                                modifiers=_item(build, "Perception"))
        strikes = _strikes(build)
        resistances = _resistances(build.get("resistances"))
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise InvalidCommand("the Pathbuilder export lacks or mistypes {what}",
                             what=str(error)[:80]) from None
    sheet = {"level": level, "abilities": abilities, "perception": perception, "ac": ac,
             "saves": saves, "skills": skills, "hp": max(hp, 1), "max_hp": max(hp, 1),
             "speeds": {"land": speed}, "strikes": strikes,
             "ranks": {key: _rank(build, key) for key in ("perception", *_SAVES)},
             "resistances": resistances}
    return str(build.get("name") or "Pathbuilder"), sheet
