"""Angriffswürfe: the multiple attack penalty, the range penalty and nonlethal attacks."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.modifiers import Modifier

__all__ = [
    "MAX_INCREMENTS",
    "multiple_attack_penalty",
    "nonlethal_penalty",
    "range_penalty",
]

MAX_INCREMENTS = 6


def multiple_attack_penalty(attack_number: int, agile: bool = False,
                            on_own_turn: bool = True) -> int:
    """"Malus für mehrfache Angriffe": none for the first attack action of a turn, −5
    for the second, −10 for the third and later (−4/−8 with an agile weapon), decided
    by the weapon of this attack; none for a reaction on another creature's turn."""
    if attack_number < 1:
        raise RuleError("attacks are counted from 1", code="out_of_range")
    if not on_own_turn or attack_number == 1:
        return 0
    if attack_number == 2:
        return -4 if agile else -5
    return -8 if agile else -10


def range_penalty(increment: Fraction, distance: Fraction) -> int:
    """"−2 pro angebrochener zusätzlicher Entfernungseinheit über der ersten hinaus",
    up to six increments; beyond them the attack is not possible."""
    if increment <= 0:
        raise RuleError("the range increment must be positive", code="out_of_range")
    if distance < 0:
        raise RuleError("the distance must not be negative", code="out_of_range")
    increments = max(1, ceil(distance / increment))
    if increments > MAX_INCREMENTS:
        raise RuleError(
            "the target is {float:g} away, beyond six range increments ({float2:g}): it cannot "
            "be attacked",
            code="out_of_range", float=float(distance), float2=float(increment * MAX_INCREMENTS),
        )
    return -2 * (increments - 1)


def nonlethal_penalty(nonlethal_attack: bool, nonlethal_weapon: bool) -> Modifier | None:
    """A −2 circumstance penalty when the attack's intent and the weapon's nonlethal
    trait differ."""
    if nonlethal_attack == nonlethal_weapon:
        return None
    label = "nonlethal attack with a lethal weapon" if nonlethal_attack else (
        "lethal attack with a nonlethal weapon")
    return Modifier(-2, "circumstance", label)
