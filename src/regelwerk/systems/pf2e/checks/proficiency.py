"""Kompetenzbonus: "Besitzt du den Kompetenzgrad Ungeübt, ist dein Bonus +0 [...]
Andernfalls ist dein Bonus gleich der Stufe deines Charakters plus eine gewisse von
deinem Kompetenzgrad abhängige Zahl."
"""

from __future__ import annotations

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.names import RANKS

__all__ = ["MAX_LEVEL", "proficiency_bonus"]

MAX_LEVEL = 30
"""Creatures go up to level 25 and beyond; characters to 20."""


def proficiency_bonus(rank: str, level: int) -> int:
    """Untrained 0; trained level + 2; expert + 4; master + 6; legendary + 8."""
    if not -1 <= level <= MAX_LEVEL:
        raise RuleError("level {level} is outside −1 to {max_level}", code="out_of_range",
                        level=level, max_level=MAX_LEVEL)
    if rank == "untrained":
        return 0
    return level + RANKS.values[rank]
