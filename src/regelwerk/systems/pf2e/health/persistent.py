"""Anhaltender Schaden running on a creature: "nimmst du den angegebenen Schaden jeweils
am Ende deines Zuges. Danach kannst du einen Einfachen Wurf gegen SG 15 ablegen, um
festzustellen, ob der Effekt des Anhaltenden Schadens zu Ende gegangen ist."

The damage goes through the creature's immunities, weaknesses and resistances and
then its hit points (dying, death) like any damage; a temporary immunity gained
after the effect began does not stop it ("Ein bereits wirkender Effekt [...] wird
durch diese nicht verhindert oder beendet").  Help that fits lowers the flat check to
DC 10 (assisted recovery, docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from regelwerk.systems.pf2e.damage.iwr import Applied, DamageInstance, Target, apply_damage
from regelwerk.systems.pf2e.health.health import (
    DEFAULT_RULES,
    Creature,
    HealthRules,
    Outcome,
    damage,
)

__all__ = ["ASSISTED_DC", "PERSISTENT_DC", "PersistentRound", "persistent_round"]

PERSISTENT_DC = 15
ASSISTED_DC = 10


@dataclass(frozen=True, slots=True)
class PersistentRound:
    """One end of turn: the damage after IWR, the creature after it, and the flat check
    (``ended``; ``None`` when the creature died and no check was made)."""

    applied: Applied
    outcome: Outcome
    dc: int
    ended: bool | None


def persistent_round(creature: Creature, target: Target, instance: DamageInstance,
                     natural: int, *, assisted: bool = False,
                     rules: HealthRules = DEFAULT_RULES) -> PersistentRound:
    """Take the persistent damage, then the flat check against DC 15 (10 assisted)."""
    running = replace(instance, ongoing=True)
    applied = apply_damage([running], Target(
        target.immunities, target.weaknesses, target.resistances,
        target.traits | creature.traits, target.temporary_immunities))[0]
    outcome = damage(creature, applied.amount, types=frozenset({instance.type}),
                     on_own_turn=True, rules=rules)
    dc = ASSISTED_DC if assisted else PERSISTENT_DC
    if outcome.creature.dead:
        return PersistentRound(applied, outcome, dc, None)
    return PersistentRound(applied, outcome, dc, natural >= dc)
