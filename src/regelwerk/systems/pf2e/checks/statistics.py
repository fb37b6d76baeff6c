"""Wurfarten: the formula of each statistic, as a list of typed modifiers.

    Nahkampfangriff  = Stärke (or Geschicklichkeit with Finesse) + Kompetenz + …
    Fernkampfangriff = Geschicklichkeit + Kompetenz + …
    Zauberangriff    = Attribut für Zauber + Kompetenz + …;  Zauber-SG = 10 + the same
    Rüstungsklasse   = 10 + Geschicklichkeit (up to the armour's limit) + Kompetenz
                       + the armour's item bonus + …
    Wahrnehmung      = Weisheit + Kompetenz + …;  Wahrnehmungs-SG = 10 + the same
    Reflex / Wille / Zähigkeit = Geschicklichkeit / Weisheit / Konstitution + …
    Fertigkeit       = the skill's Schlüsselattribut + Kompetenz + …
    the SG of any statistic = 10 + its total modifier
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.modifiers import Modifier, Stacked, stack
from regelwerk.systems.pf2e.checks.proficiency import proficiency_bonus

__all__ = ["ABILITY_OF", "DC_BASE", "KINDS", "Armor", "Statistic", "statistic"]

DC_BASE = 10

Kind = Literal[
    "melee_attack", "ranged_attack", "spell_attack", "spell_dc", "armor_class",
    "perception", "perception_dc", "fortitude", "reflex", "will", "save_dc",
    "skill", "skill_dc",
]
KINDS: tuple[Kind, ...] = (
    "melee_attack", "ranged_attack", "spell_attack", "spell_dc", "armor_class",
    "perception", "perception_dc", "fortitude", "reflex", "will", "save_dc",
    "skill", "skill_dc",
)

ABILITY_OF: dict[str, str] = {
    "ranged_attack": "dex",
    "armor_class": "dex",
    "perception": "wis",
    "perception_dc": "wis",
    "fortitude": "con",
    "reflex": "dex",
    "will": "wis",
}
"""The ability each statistic uses (melee and spells and skills are chosen below)."""

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


@dataclass(frozen=True, slots=True)
class Armor:
    """The armour worn: its category (or unarmoured), Dex cap and item bonus to AC."""

    category: Literal["unarmored", "light", "medium", "heavy"] = "unarmored"
    dex_cap: int | None = None
    item_bonus: int = 0


@dataclass(frozen=True, slots=True)
class Statistic:
    """A statistic's modifier (or DC) with its stacked parts."""

    kind: str
    stacked: Stacked
    is_dc: bool

    @property
    def value(self) -> int:
        """The modifier, or 10 + the modifier for a DC or AC."""
        return (DC_BASE if self.is_dc else 0) + self.stacked.total


def _ability(kind: str, finesse: bool, ability: str | None,
             scores: Mapping[str, int]) -> tuple[str, int, str]:
    if kind == "melee_attack":
        if finesse and scores.get("dex", 0) > scores.get("str", 0):
            return "dex", scores.get("dex", 0), "dex (finesse)"
        return "str", scores.get("str", 0), "str"
    if kind in ABILITY_OF:
        key = ABILITY_OF[kind]
        return key, scores.get(key, 0), key
    if ability is None:
        what = {"spell_attack": "the spellcasting ability", "spell_dc": "the spellcasting "
                "ability", "skill": "the skill's key ability", "skill_dc": "the skill's key "
                "ability", "save_dc": "the save's ability"}[kind]
        raise RuleError("{kind} needs 'ability': {what} (str, dex, con, int, wis, cha)",
                        code="missing_field", kind=kind, what=what)
    return ability, scores.get(ability, 0), ability


def statistic(
    kind: str,
    abilities: Mapping[str, int],
    level: int,
    rank: str,
    *,
    ability: str | None = None,
    finesse: bool = False,
    armor: Armor | None = None,
    others: Sequence[Modifier] = (),
) -> Statistic:
    """The statistic ``kind`` from ability modifiers, level and proficiency rank.

    For the AC the Dexterity modifier is capped by the armour and the armour's item
    bonus counts; ``rank`` is the rank in the armour's category (or unarmoured).
    """
    if kind not in KINDS:
        raise RuleError("unknown statistic {kind!r}: allowed are {kinds}",
                        code="unknown_name", kind=kind, kinds=', '.join(KINDS))
    _, value, label = _ability(kind, finesse, ability, abilities)
    parts: list[Modifier] = []
    if kind == "armor_class" and armor is not None and armor.dex_cap is not None \
            and value > armor.dex_cap:
        parts.append(Modifier(armor.dex_cap, "ability",
                              f"{label} {value:+d}, armour cap {armor.dex_cap:+d}"))
    else:
        parts.append(Modifier(value, "ability", label))
    parts.append(Modifier(proficiency_bonus(rank, level), "proficiency", rank))
    if kind == "armor_class" and armor is not None and armor.item_bonus:
        parts.append(Modifier(armor.item_bonus, "item", f"armour ({armor.category})"))
    parts.extend(others)
    is_dc = kind in ("spell_dc", "armor_class", "perception_dc", "save_dc", "skill_dc")
    return Statistic(kind, stack(parts), is_dc)
