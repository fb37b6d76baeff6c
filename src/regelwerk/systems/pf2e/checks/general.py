"""Gebräuche im Spiel: rounding, multiplying, duplicate effects, and basic saves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree

__all__ = ["Effect", "basic_save_damage", "combine_multipliers", "halve", "winning_effect"]


def halve(value: int) -> int:
    """"Dabei wird grundsätzlich immer abgerundet" — 7 halved is 3."""
    return value // 2


def combine_multipliers(multipliers: Sequence[Fraction]) -> Fraction:
    """"rechne alle Multiplikatoren zu einem einzelnen Multiplikator zusammen. Dabei
    zählt jeder Multiplikator nach dem ersten als 1 weniger als sein eigentlicher Wert"
    — doubling twice is ×3."""
    if not multipliers:
        raise RuleError("give at least one multiplier", code="missing_field")
    for m in multipliers:
        if m < 1:
            raise RuleError(
                "multiplier {m} is below 1: the rule combines multiplications (×2, ×3 …); "
                "halving is a separate rule", code="out_of_range", m=m)
    return 1 + sum((m - 1 for m in multipliers), Fraction(0))


def basic_save_damage(damage: int, degree: Degree) -> int:
    """Einfache Rettungswürfe: critical success none, success half (rounded down),
    failure full, critical failure double."""
    if damage < 0:
        raise RuleError("damage must not be negative", code="out_of_range")
    return {
        Degree.CRITICAL_SUCCESS: 0,
        Degree.SUCCESS: halve(damage),
        Degree.FAILURE: damage,
        Degree.CRITICAL_FAILURE: 2 * damage,
    }[degree]


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect affecting a creature: its name, its level (rank) and when it began
    (a larger ``order`` is newer)."""

    name: str
    level: int
    order: int


def winning_effect(effects: Sequence[Effect]) -> Effect:
    """"Wirst du von mehreren gleichen Ereignissen betroffen, so gilt nur eines davon.
    Dabei zählt der höchste Grad der Effekte oder, wenn sie gleichen Grades sind, der
    neueste." """
    if not effects:
        raise RuleError("give at least one effect", code="missing_field")
    return max(effects, key=lambda e: (e.level, e.order))
