"""Immunitäten, Schwächen und Resistenzen, applied to each damage instance.

"Immunitäten werden zuerst angewendet, dann Schwächen und zuletzt Resistenzen."
Every step is recorded, so that a table can see why the damage came out as it did.

A defence that names a damage type, a category or an alignment matches only damage
of that type ("Immunität, Schwäche oder Resistenz gegen eine bestimmte Gesinnung
betrifft nur Schaden des entsprechenden Typs"); the instance's traits match only what
is named as a trait or material (``magical``, ``silver``, an effect's name …).  Damage
of one type from one effect is one amount before weaknesses and resistances ("Immer
wenn du Schaden dieser Art nimmst").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from regelwerk.systems.pf2e.damage.damage_types import (
    ALIGNMENT_OPPOSITE,
    CATEGORY_OF,
    TYPE_TERMS,
)

__all__ = ["Applied", "DamageInstance", "Defence", "Step", "Target", "apply_damage",
           "apply_instance", "combine"]

NONLIVING = frozenset({"undead", "construct", "nonliving", "bloodless"})


@dataclass(frozen=True, slots=True)
class DamageInstance:
    """Damage of one type: ``precision`` is the part of ``amount`` that is precision
    damage; ``traits`` are the damage's materials, ``magical``, ``nonlethal`` and the
    effect's traits; ``effect`` names the effect (for temporary immunity);
    ``critical_only`` is the part of ``amount`` that only a critical hit grants (a
    deadly die); ``ongoing``: damage of an effect already running (persistent
    damage), which a later temporary immunity does not stop."""

    amount: int
    type: str
    precision: int = 0
    traits: frozenset[str] = frozenset()
    effect: str | None = None
    critical_only: int = 0
    ongoing: bool = False

    def terms(self) -> frozenset[str]:
        """Everything a defence can name to match this damage: its type, the type's
        category, ``all``, and its traits except those that name a type or category
        (a fire trait on the slashing part of a flaming Strike is not fire damage)."""
        return frozenset({self.type, CATEGORY_OF.get(self.type, self.type), "all",
                          *(self.traits - TYPE_TERMS)})


@dataclass(frozen=True, slots=True)
class Defence:
    """A weakness or resistance: a type, category, trait or ``all``, its value, and
    the terms that bypass it (``except``)."""

    type: str
    value: int
    exceptions: frozenset[str] = frozenset()

    def applies(self, instance: DamageInstance) -> bool:
        """It matches the damage and no exception does."""
        terms = instance.terms()
        if self.type == "precision":
            return instance.precision > 0 and not self.exceptions & terms
        return self.type in terms and not self.exceptions & terms


@dataclass(frozen=True, slots=True)
class Target:
    """What the target is immune, weak and resistant to, and its traits (``living``,
    ``undead``, ``construct``, its alignment …)."""

    immunities: frozenset[str] = frozenset()
    weaknesses: tuple[Defence, ...] = ()
    resistances: tuple[Defence, ...] = ()
    traits: frozenset[str] = frozenset()
    temporary_immunities: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Step:
    """One application: ``kind`` is ``no_effect``, ``temporary_immunity``,
    ``immunity``, ``critical_immunity``, ``precision_immunity``, ``weakness``,
    ``resistance``, ``ignored_weakness`` or ``ignored_resistance``; ``term`` what
    matched; ``value`` the weakness or resistance; ``amount`` the damage after it."""

    kind: str
    term: str
    value: int
    amount: int


@dataclass(frozen=True, slots=True)
class Applied:
    """One damage instance after immunities, weaknesses and resistances."""

    instance: DamageInstance
    amount: int
    steps: tuple[Step, ...] = field(default_factory=tuple)
    parts: int = 1
    """How many instances of the request were combined into this one."""


def _no_effect(instance: DamageInstance, target: Target) -> str | None:
    """Why this damage cannot harm this target at all, if so."""
    kind = instance.type
    if kind in ALIGNMENT_OPPOSITE and ALIGNMENT_OPPOSITE[kind] not in target.traits:
        return f"{kind} damage harms only {ALIGNMENT_OPPOSITE[kind]} creatures"
    if kind == "bleed" and target.traits & NONLIVING:
        return "bleed does not affect creatures that are not living"
    if kind == "positive" and not target.traits & {"undead", "negative_healing"}:
        return "positive damage harms only undead"
    if kind == "negative" and target.traits & ({"undead", "negative_healing"} | NONLIVING):
        return "negative damage harms only the living"
    return None


def _best(defences: Iterable[Defence], instance: DamageInstance) -> list[Defence]:
    return sorted((d for d in defences if d.applies(instance)), key=lambda d: -d.value)


def apply_instance(instance: DamageInstance, target: Target, critical: bool) -> Applied:
    """Immunities, then the highest weakness, then the highest resistance."""
    steps: list[Step] = []
    amount, precision = instance.amount, instance.precision
    reason = _no_effect(instance, target)
    if reason is not None:
        return Applied(instance, 0, (Step("no_effect", reason, 0, 0),))
    if (instance.effect is not None and instance.effect in target.temporary_immunities
            and not instance.ongoing):
        # "Ein bereits wirkender Effekt aus der gleichen Quelle wie die Temporäre
        # Immunität wird durch diese nicht verhindert oder beendet."
        return Applied(instance, 0, (Step("temporary_immunity", instance.effect, 0, 0),))
    immune = sorted(target.immunities & (instance.terms() - {"all"}))
    if immune:
        return Applied(instance, 0, (Step("immunity", immune[0], 0, 0),))
    if critical and "critical_hits" in target.immunities:
        # "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs":
        # the doubled part halved, without what only a critical hit grants
        amount, precision = (amount - instance.critical_only) // 2, precision // 2
        steps.append(Step("critical_immunity", "critical_hits", 0, amount))
    if precision and "precision" in target.immunities:
        amount -= precision
        precision = 0
        steps.append(Step("precision_immunity", "precision", 0, amount))
    current = DamageInstance(amount, instance.type, precision, instance.traits, instance.effect,
                             0, instance.ongoing)
    weaknesses = _best(target.weaknesses, current) if amount > 0 else []
    if weaknesses:
        amount += weaknesses[0].value
        steps.append(Step("weakness", weaknesses[0].type, weaknesses[0].value, amount))
        steps.extend(Step("ignored_weakness", w.type, w.value, amount) for w in weaknesses[1:])
    resistances = _best(target.resistances, current) if amount > 0 else []
    if resistances:
        best = resistances[0]
        reduce = min(best.value, precision) if best.type == "precision" else best.value
        amount = max(0, amount - reduce)
        steps.append(Step("resistance", best.type, best.value, amount))
        steps.extend(Step("ignored_resistance", r.type, r.value, amount)
                     for r in resistances[1:])
    return Applied(instance, amount, tuple(steps))


def combine(instances: Sequence[DamageInstance]) -> tuple[tuple[DamageInstance, int], ...]:
    """Damage of one type from one effect as one amount (with how many instances made
    it), in the order the types first appear; precision and critical-only parts add
    up.  Instances with other traits (a magical and a plain weapon) stay apart: their
    damage is not the same to a resistance with an exception (docs/rulings.md)."""
    merged: dict[tuple[str, str | None, frozenset[str], bool], tuple[DamageInstance, int]] = {}
    for i in instances:
        key = (i.type, i.effect, i.traits, i.ongoing)
        if key not in merged:
            merged[key] = (i, 1)
            continue
        a, n = merged[key]
        merged[key] = (DamageInstance(a.amount + i.amount, a.type, a.precision + i.precision,
                                      a.traits, a.effect,
                                      a.critical_only + i.critical_only, a.ongoing), n + 1)
    return tuple(merged.values())


def apply_damage(instances: Sequence[DamageInstance], target: Target,
                 critical: bool = False) -> tuple[Applied, ...]:
    """Each type on its own: resistance to all damage applies to each type separately
    ("kannst du die Resistenz gegen jede Schadensart einzeln anwenden"), and two
    instances of one type from one effect are one amount ("jede Schadensart einzeln")."""
    out = []
    for instance, parts in combine(instances):
        applied = apply_instance(instance, target, critical)
        out.append(Applied(applied.instance, applied.amount, applied.steps, parts))
    return tuple(out)
