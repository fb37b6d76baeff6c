"""Stürze: "Wenn du mehr als 1,50 m stürzt, nimmst du beim Aufprall 1 Punkt Wuchtschaden
für je 0,60 m, die du gestürzt bist. Ein Sturz von mehr als 450 m wird dabei wie genau
450 m behandelt (750 Schadenspunkte)."  Metres and feet are both exact: 1,50 m is
5 ft, 0,60 m is 2 ft, 6 m is 20 ft, 9 m is 30 ft, 450 m is 1 500 ft.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor
from typing import Literal

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree

__all__ = ["FEET_PER_METRE", "Grab", "fall_on_creature", "fall_rounds", "fallen_after",
           "falling_damage", "grab_an_edge"]

Unit = Literal["m", "ft"]
FEET_PER_METRE = Fraction(10, 3)
"""The book's conversion: 1,50 m per 5 ft square."""

_IN_FEET = {"min": Fraction(5), "per_point": Fraction(2), "max": Fraction(1500),
            "soft": Fraction(20), "dive": Fraction(30)}


def _feet(value: Fraction, unit: Unit) -> Fraction:
    return value * FEET_PER_METRE if unit == "m" else value


def falling_damage(distance: Fraction, unit: Unit = "m", *, soft_surface: bool = False,
                   dived: bool = False, water_depth: Fraction | None = None) -> int:
    """Bludgeoning damage for a fall (the faller is then prone).

    A soft surface such as water or snow counts 6 m less, 9 m when diving into water
    on purpose, never more than the water's depth; a fall beyond 450 m counts as 450 m
    first (docs/rulings.md, "PF2e: falling").
    """
    if distance < 0:
        raise RuleError("the distance fallen must not be negative", code="out_of_range")
    feet = min(_feet(distance, unit), _IN_FEET["max"])
    if soft_surface or dived:
        cut = _IN_FEET["dive"] if dived else _IN_FEET["soft"]
        if water_depth is not None:
            cut = min(cut, _feet(water_depth, unit))
        feet = max(Fraction(0), feet - cut)
    if feet <= _IN_FEET["min"]:
        return 0
    return floor(feet / _IN_FEET["per_point"])


def fall_on_creature(faller_damage: int, degree: Degree) -> int:
    """The creature landed on, after its Reflex save against DC 15: none, a quarter,
    half, or all of the faller's damage (rounded down)."""
    return {
        Degree.CRITICAL_SUCCESS: 0,
        Degree.SUCCESS: faller_damage // 4,
        Degree.FAILURE: faller_damage // 2,
        Degree.CRITICAL_FAILURE: faller_damage,
    }[degree]


_FIRST_ROUND = Fraction(500)  # 150 m
_LATER_ROUNDS = Fraction(1500)  # 450 m


def fall_rounds(distance: Fraction, unit: Unit = "m") -> int:
    """The round in which the faller lands: "In der ersten Runde stürzt du etwa 150 m
    und etwa 450 m in jeder weiteren Runde, bis du auf eine Oberfläche aufprallst." """
    feet = _feet(distance, unit)
    if feet <= _FIRST_ROUND:
        return 1
    return 1 + ceil((feet - _FIRST_ROUND) / _LATER_ROUNDS)


def fallen_after(rounds: int, unit: Unit = "m") -> Fraction:
    """How far a creature has fallen after ``rounds`` rounds of falling."""
    if rounds < 0:
        raise RuleError("rounds must not be negative", code="out_of_range")
    feet = Fraction(0) if rounds == 0 else _FIRST_ROUND + _LATER_ROUNDS * (rounds - 1)
    return feet if unit == "ft" else feet / FEET_PER_METRE


@dataclass(frozen=True, slots=True)
class Grab:
    """The fall after the Grab an Edge reaction: whether it stopped the fall, the
    damage, and the distance the damage counts."""

    stopped: bool
    damage: int
    counted: Fraction


def grab_an_edge(distance: Fraction, grabbed_at: Fraction, degree: Degree, unit: Unit = "m",
                 *, free_hand: bool = True) -> Grab:
    """"Du kannst als Reaktion die Aktion Halt ergreifen durchführen, um den Schaden
    durch einen Sturz zu verringern."  The text names the reaction only; its degrees
    are the Core Rulebook's (docs/rulings.md, "PF2e: Grab an Edge"): a critical success
    stops the fall at the edge, counted 9 m (30 ft) shorter; a success with a free hand
    stops it, counted 6 m (20 ft) shorter; a failure falls on; a critical failure falls
    on and takes 10 more bludgeoning for every 6 m (20 ft) fallen before the grab."""
    if not 0 <= grabbed_at <= distance:
        raise RuleError("the edge is grabbed somewhere along the fall: grabbed_at lies "
                        "between 0 and the distance", code="out_of_range")
    so_far = _feet(grabbed_at, unit)
    if degree == Degree.CRITICAL_SUCCESS or (degree == Degree.SUCCESS and free_hand):
        cut = _IN_FEET["dive"] if degree == Degree.CRITICAL_SUCCESS else _IN_FEET["soft"]
        counted = max(Fraction(0), so_far - cut)
        return Grab(True, falling_damage(counted, "ft"), counted)
    damage = falling_damage(distance, unit)
    if degree == Degree.CRITICAL_FAILURE and so_far >= _IN_FEET["soft"]:
        damage += 10 * floor(so_far / _IN_FEET["soft"])
    return Grab(False, damage, _feet(distance, unit))
