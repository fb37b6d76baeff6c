"""Hæfileikar (ability scores) and hæfileikabreytur (ability modifiers).

"Til að reikna hæfileikabreytu án þess að nota töfluna má draga 10 frá
hæfileikanum, deila útkomunni með 2 og námunda niður."
"""

from __future__ import annotations

from regelwerk.errors import RuleError
from regelwerk.protocol.names import NameTable

__all__ = ["ABILITIES", "MAX_SCORE", "MIN_SCORE", "ability_modifier"]

MIN_SCORE = 1
MAX_SCORE = 30
""""skrýmsli og guðlegar verur geta náð upp í 30" — and a score of 1 gives −5."""

ABILITIES: NameTable[str] = NameTable(
    "ability",
    {
        "strength": ("STR", ("Styrkur", "str", "Stärke", "ST")),
        "dexterity": ("DEX", ("Lipurð", "dex", "Geschicklichkeit", "GE")),
        "constitution": ("CON", ("Hreysti", "con", "Konstitution", "KO")),
        "intelligence": ("INT", ("Greind", "int", "Intelligenz", "IN")),
        "wisdom": ("WIS", ("Viska", "wis", "Weisheit", "WE")),
        "charisma": ("CHA", ("Þokki", "cha", "Charisma", "CH")),
    },
)
"""The six abilities by their English, Icelandic, short and German names."""


def ability_modifier(score: int) -> int:
    """The modifier of a score from 1 to 30: (score − 10) / 2, rounded down."""
    if not MIN_SCORE <= score <= MAX_SCORE:
        raise RuleError(
            "ability score {score} is outside 1 to 30: scores run from 1 (modifier −5) to 30 "
            "(modifier +10)",
            code="out_of_range", score=score,
        )
    return (score - 10) // 2
