"""Schadenswürfe: dice plus modifiers stacked by type, at least 1, doubled on a
critical hit, with extras that only a critical hit grants left undoubled.

"Sollten Abzüge den Schaden eines Angriffs auf 0 oder darunter reduzieren, verursacht
der Angriff immer noch 1 Schadenspunkt." — "würfelst du den Schaden ganz normal aus
und rechnest alle passenden Modifikatoren, Boni und Mali hinzu. Dann verdoppelst oder
halbierst du das Ergebnis" — "Der SL könnte auch erlauben, dass du alle Würfel zweimal
wirfst und das Doppelte aller Modifikatoren [...] hinzurechnest" — "Vorteile, die du
speziell durch einen Kritischen Treffer erlangst, werden nicht verdoppelt".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from regelwerk.dice import distribution_of, parse, roll_tree
from regelwerk.dice.random_sources import RandomSource
from regelwerk.dice.results import RollResult
from regelwerk.odds.distribution import Distribution
from regelwerk.systems.pf2e.checks.modifiers import Modifier, Stacked, stack

__all__ = ["AttackKind", "DamageResult", "DamageSpec", "ability_damage", "damage_distribution",
           "roll_damage"]

AttackKind = Literal["melee", "unarmed", "thrown", "propulsive", "ranged", "spell"]


def ability_damage(kind: AttackKind, strength: int) -> Modifier | None:
    """Strength to damage: full for melee, unarmed and thrown; half (rounded down) for
    propulsive weapons when positive, full when negative; none for ranged and spells
    (docs/rulings.md, "PF2e: Strength on damage")."""
    if kind in ("melee", "unarmed", "thrown"):
        return Modifier(strength, "ability", "str")
    if kind == "propulsive":
        return Modifier(strength // 2 if strength > 0 else strength, "ability", "str (half)")
    return None


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """A damage roll: ``dice`` (weapon or spell dice, runes' extra dice included),
    ``precision`` dice added to the same type, ``modifiers``, ``critical`` (doubled),
    ``roll_twice`` (the game master's variant for criticals) and ``critical_extra``
    (dice only a critical hit grants, such as a deadly die, not doubled)."""

    dice: str
    modifiers: tuple[Modifier, ...] = ()
    precision: str | None = None
    critical: bool = False
    roll_twice: bool = False
    critical_extra: str | None = None

    @property
    def stacked(self) -> Stacked:
        """The modifiers stacked by type, as for checks."""
        return stack(self.modifiers)


@dataclass(frozen=True, slots=True)
class DamageResult:
    """A rolled damage: the total, every face, the precision part of the total and the
    part only a critical hit grants."""

    total: int
    faces: tuple[int, ...]
    precision: int
    critical_only: int = 0


def _roll(notation: str, source: RandomSource) -> tuple[int, tuple[int, ...]]:
    tree = parse(notation)
    result = roll_tree(tree, source)
    return result.total, RollResult(tree, result).faces


def roll_damage(spec: DamageSpec, source: RandomSource) -> DamageResult:
    """Roll: the dice (twice with the variant), then precision, then critical extras."""
    modifier = spec.stacked.total
    times = 2 if spec.critical and spec.roll_twice else 1
    faces: list[int] = []
    dice = precision = 0
    for _ in range(times):
        value, rolled = _roll(spec.dice, source)
        dice += value
        faces.extend(rolled)
    if spec.precision:
        for _ in range(times):
            value, rolled = _roll(spec.precision, source)
            precision += value
            faces.extend(rolled)
    total = dice + precision + times * modifier
    if spec.critical and not spec.roll_twice:
        total, precision = 2 * total, 2 * precision
    extra = 0
    if spec.critical and spec.critical_extra:
        extra, rolled = _roll(spec.critical_extra, source)
        total += extra
        faces.extend(rolled)
    final = max(1, total)
    return DamageResult(final, tuple(faces), precision, min(extra, final))


def damage_distribution(spec: DamageSpec) -> Distribution:
    """The exact distribution of the total, the same steps over exact distributions."""
    base = distribution_of(parse(spec.dice)).distribution
    if spec.precision:
        base = base + distribution_of(parse(spec.precision)).distribution
    modifier = spec.stacked.total
    if spec.critical and spec.roll_twice:
        total = (base + base).map(lambda v: v + 2 * modifier)
    elif spec.critical:
        total = base.map(lambda v: 2 * (v + modifier))
    else:
        total = base.map(lambda v: v + modifier)
    if spec.critical and spec.critical_extra:
        total = total + distribution_of(parse(spec.critical_extra)).distribution
    return total.map(lambda v: max(1, v))
