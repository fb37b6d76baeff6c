"""Game terms shown to a reader: the protocol's English snake_case names (damage
types, materials, modifier types, statistics, degrees, shapes …) in the reader's
language.  Conditions have their own table in the PF2e data."""

from __future__ import annotations

from regelwerk.errors import translatable
from regelwerk.i18n import Translator

__all__ = ["TERMS", "term"]

TERMS: dict[str, str] = {
    "bludgeoning": translatable("bludgeoning"),
    "piercing": translatable("piercing"),
    "slashing": translatable("slashing"),
    "poison": translatable("poison"),
    "bleed": translatable("bleed"),
    "acid": translatable("acid"),
    "cold": translatable("cold"),
    "electricity": translatable("electricity"),
    "fire": translatable("fire"),
    "sonic": translatable("sonic"),
    "positive": translatable("positive"),
    "negative": translatable("negative"),
    "force": translatable("force"),
    "chaotic": translatable("chaotic"),
    "evil": translatable("evil"),
    "good": translatable("good"),
    "lawful": translatable("lawful"),
    "mental": translatable("mental"),
    "physical": translatable("physical"),
    "energy": translatable("energy"),
    "alignment": translatable("alignment"),
    "all": translatable("all damage"),
    "precision": translatable("precision"),
    "magical": translatable("magical"),
    "nonlethal": translatable("nonlethal"),
    "critical_hits": translatable("critical hits"),
    "silver": translatable("silver"),
    "cold_iron": translatable("cold iron"),
    "adamantine": translatable("adamantine"),
    "mithral": translatable("mithral"),
    "orichalcum": translatable("orichalcum"),
    "darkwood": translatable("darkwood"),
    "death": translatable("death effects"),
    "ability": translatable("ability"),
    "proficiency": translatable("proficiency"),
    "item": translatable("item"),
    "circumstance": translatable("circumstance"),
    "status": translatable("status"),
    "untyped": translatable("untyped"),
    "critical_success": translatable("critical success"),
    "success": translatable("success"),
    "failure": translatable("failure"),
    "critical_failure": translatable("critical failure"),
    "melee_attack": translatable("melee attack"),
    "ranged_attack": translatable("ranged attack"),
    "spell_attack": translatable("spell attack"),
    "spell_dc": translatable("spell DC"),
    "armor_class": translatable("Armor Class"),
    "perception": translatable("Perception"),
    "perception_dc": translatable("Perception DC"),
    "fortitude": translatable("Fortitude"),
    "reflex": translatable("Reflex"),
    "will": translatable("Will"),
    "save_dc": translatable("save DC"),
    "skill": translatable("skill"),
    "skill_dc": translatable("skill DC"),
    "untrained": translatable("untrained"),
    "trained": translatable("trained"),
    "expert": translatable("expert"),
    "master": translatable("master"),
    "legendary": translatable("legendary"),
    "unarmored": translatable("unarmoured"),
    "light": translatable("light"),
    "medium": translatable("medium"),
    "heavy": translatable("heavy"),
    "burst": translatable("burst"),
    "emanation": translatable("emanation"),
    "cone": translatable("cone"),
    "line": translatable("line"),
    "observed": translatable("observed"),
    "hidden": translatable("hidden"),
    "undetected": translatable("undetected"),
    "unnoticed": translatable("unnoticed"),
    "a": translatable("A"),
    "b": translatable("B"),
    "tie": translatable("tie"),
}
"""Each term's English text, the message the catalogues translate."""


def term(t: Translator, name: str) -> str:
    """``name`` (a protocol name such as ``cold_iron``) in ``t``'s language; an
    unknown name is shown with spaces for underscores."""
    text = TERMS.get(name)
    return t(text) if text is not None else name.replace("_", " ")
