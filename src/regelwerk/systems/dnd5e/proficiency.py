"""Hæfnibónus (proficiency bonus): by level, added at most once, multiplied at most
once and divided at most once.

"Ekki er hægt að bæta bónusnum við sama kastið oftar en einu sinni." —
"Ef aðstæður segja til um að hæfnibónusnum sé bætt við oftar en einu sinni við kast
er hann eingöngu margfaldaður einu sinni og honum deilt einu sinni." —
"Hæfnibónusinn fyrir slíkt kast er 0, og margföldun á 0 gefur ávallt 0."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from regelwerk.errors import RuleError

__all__ = ["AppliedProficiency", "apply_proficiency", "proficiency_bonus"]

MAX_LEVEL = 20


def proficiency_bonus(level: int) -> int:
    """The SRD's table: +2 at levels 1–4, +3 at 5–8 … +6 at 17–20."""
    if not 1 <= level <= MAX_LEVEL:
        raise RuleError(
            "character level {level} is outside 1 to {max_level}", code="out_of_range",
            level=level, max_level=MAX_LEVEL
        )
    return 2 + (level - 1) // 4


@dataclass(frozen=True, slots=True)
class AppliedProficiency:
    """The proficiency bonus a roll gets, and why other grants were ignored."""

    value: int
    multiplier: Fraction | None
    divisor: Fraction | None
    ignored: tuple[tuple[str, str], ...]
    """``(what, reason code)``: ``no_proficiency``, ``multiplied_once``,
    ``divided_once`` or ``times_one``."""


def apply_proficiency(
    bonus: int, proficient: bool, multipliers: Sequence[Fraction] = ()
) -> AppliedProficiency:
    """The proficiency bonus for one roll.

    ``proficient`` may be granted by any number of rules: the bonus is added once.
    Of the ``multipliers``, one above 1 (the largest) and one below 1 (the smallest)
    apply, once each; the result is rounded down.  Without proficiency there is no
    bonus to multiply: the bonus is 0.
    """
    ignored: list[tuple[str, str]] = []
    for m in multipliers:
        if m <= 0:
            raise RuleError("a proficiency multiplier must be positive (got {m})",
                            code="out_of_range", m=m)
    if not proficient:
        for m in multipliers:
            ignored.append((f"×{m}", "no_proficiency"))
        return AppliedProficiency(0, None, None, tuple(ignored))
    ups = sorted((m for m in multipliers if m > 1), reverse=True)
    downs = sorted(m for m in multipliers if m < 1)
    for m in ups[1:]:
        ignored.append((f"×{m}", "multiplied_once"))
    for m in downs[1:]:
        ignored.append((f"×{m}", "divided_once"))
    for m in multipliers:
        if m == 1:
            ignored.append(("×1", "times_one"))
    multiplier = ups[0] if ups else None
    divisor = downs[0] if downs else None
    value = Fraction(bonus) * (multiplier or 1) * (divisor or 1)
    return AppliedProficiency(floor(value), multiplier, divisor, tuple(ignored))
