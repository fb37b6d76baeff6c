"""Immunitäten, Schwächen und Resistenzen, applied to each damage instance.

"Immunitäten werden zuerst angewendet, dann Schwächen und zuletzt Resistenzen."
Every step is recorded, so that a table can see why the damage came out as it did.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from regelwerk.systems.pf2e.damage.damage_types import ALIGNMENT_OPPOSITE, CATEGORY_OF

__all__ = ["Applied", "DamageInstance", "Defence", "Step", "Target", "apply_damage"]

NONLIVING = frozenset({"undead", "construct", "nonliving", "bloodless"})


@dataclass(frozen=True, slots=True)
class DamageInstance:
    """Damage of one type: ``precision`` is the part of ``amount`` that is precision
    damage; ``traits`` are the damage's materials, ``magical``, ``nonlethal`` and the
    effect's traits; ``effect`` names the effect (for temporary immunity)."""

    amount: int
    type: str
    precision: int = 0
    traits: frozenset[str] = frozenset()
    effect: str | None = None

    def terms(self) -> frozenset[str]:
        """Everything a defence can name to match this damage."""
        return frozenset({self.type, CATEGORY_OF.get(self.type, self.type), "all",
                          *self.traits})


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
    if instance.effect is not None and instance.effect in target.temporary_immunities:
        return Applied(instance, 0, (Step("temporary_immunity", instance.effect, 0, 0),))
    immune = sorted(target.immunities & (instance.terms() - {"all"}))
    if immune:
        return Applied(instance, 0, (Step("immunity", immune[0], 0, 0),))
    if critical and "critical_hits" in target.immunities:
        # "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs"
        amount, precision = amount // 2, precision // 2
        steps.append(Step("critical_immunity", "critical_hits", 0, amount))
    if precision and "precision" in target.immunities:
        amount -= precision
        precision = 0
        steps.append(Step("precision_immunity", "precision", 0, amount))
    current = DamageInstance(amount, instance.type, precision, instance.traits, instance.effect)
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


def apply_damage(instances: Sequence[DamageInstance], target: Target,
                 critical: bool = False) -> tuple[Applied, ...]:
    """Each instance on its own: resistance to all damage applies to each type
    separately ("kannst du die Resistenz gegen jede Schadensart einzeln anwenden")."""
    return tuple(apply_instance(i, target, critical) for i in instances)
