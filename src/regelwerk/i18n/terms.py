"""Game terms shown to a reader: the protocol's English snake_case names (damage
types, materials, modifier types, statistics, degrees, shapes …) in the reader's
language.  Conditions have their own table in the PF2e data."""

from __future__ import annotations

from regelwerk.errors import translatable
from regelwerk.i18n import Translator

__all__ = ["TERMS", "term"]

TERMS: dict[str, str] = {name: translatable(text) for name, text in {
    # damage types and categories (PF2e)
    "bludgeoning": "bludgeoning", "piercing": "piercing", "slashing": "slashing",
    "poison": "poison", "bleed": "bleed", "acid": "acid", "cold": "cold",
    "electricity": "electricity", "fire": "fire", "sonic": "sonic", "positive": "positive",
    "negative": "negative", "force": "force", "chaotic": "chaotic", "evil": "evil",
    "good": "good", "lawful": "lawful", "mental": "mental", "physical": "physical",
    "energy": "energy", "alignment": "alignment", "all": "all damage",
    "precision": "precision", "magical": "magical", "nonlethal": "nonlethal",
    "critical_hits": "critical hits", "silver": "silver", "cold_iron": "cold iron",
    "adamantine": "adamantine", "mithral": "mithral", "orichalcum": "orichalcum",
    "darkwood": "darkwood", "death": "death effects",
    # modifier types
    "ability": "ability", "proficiency": "proficiency", "item": "item",
    "circumstance": "circumstance", "status": "status", "untyped": "untyped",
    # degrees of success
    "critical_success": "critical success", "success": "success", "failure": "failure",
    "critical_failure": "critical failure",
    # statistics
    "melee_attack": "melee attack", "ranged_attack": "ranged attack",
    "spell_attack": "spell attack", "spell_dc": "spell DC", "armor_class": "Armor Class",
    "perception": "Perception", "perception_dc": "Perception DC", "fortitude": "Fortitude",
    "reflex": "Reflex", "will": "Will", "save_dc": "save DC", "skill": "skill",
    "skill_dc": "skill DC",
    # proficiency ranks
    "untrained": "untrained", "trained": "trained", "expert": "expert", "master": "master",
    "legendary": "legendary",
    # armour
    "unarmored": "unarmoured", "light": "light", "medium": "medium", "heavy": "heavy",
    # areas and detection
    "burst": "burst", "emanation": "emanation", "cone": "cone", "line": "line",
    "observed": "observed", "hidden": "hidden", "undetected": "undetected",
    "unnoticed": "unnoticed",
    # contests and ties
    "a": "A", "b": "B", "tie": "tie",
}.items()}
"""Each term's English text, the message the catalogues translate."""


def term(t: Translator, name: str) -> str:
    """``name`` (a protocol name such as ``cold_iron``) in ``t``'s language; an
    unknown name is shown with spaces for underscores."""
    text = TERMS.get(name)
    return t(text) if text is not None else name.replace("_", " ")
