"""Stürze: "Wenn du mehr als 1,50 m stürzt, nimmst du beim Aufprall 1 Punkt Wuchtschaden
für je 0,60 m, die du gestürzt bist. Ein Sturz von mehr als 450 m wird dabei wie genau
450 m behandelt (750 Schadenspunkte)."  Metres and feet are both exact: 1,50 m is
5 ft, 0,60 m is 2 ft, 6 m is 20 ft, 9 m is 30 ft, 450 m is 1 500 ft.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Literal

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree

__all__ = ["FEET_PER_METRE", "fall_on_creature", "falling_damage"]

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
