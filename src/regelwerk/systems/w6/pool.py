"""The dice pool of a Probe: Eigenschaft, Fertigkeit, Hilfsmittel and Erschwerung.

"Der Wert des Charakters in dieser Eigenschaft bestimmt die Anzahl der
sechsseitigen Würfel (W6) [...] Durch geeignete Fertigkeiten und Hilfsmittel kann
die Anzahl der Würfel für die konkrete Situation erhöht werden."
"""

from __future__ import annotations

from dataclasses import dataclass

from regelwerk.protocol.names import NameTable

__all__ = ["DICE_PER_SKILL_POINT", "DIFFICULTIES", "Pool"]

DICE_PER_SKILL_POINT = 3
"""Finn Nirmi's one point in "Schlösser öffnen" gives back 3 dice (docs/rulings.md)."""

DIFFICULTIES: NameTable[int] = NameTable(
    "difficulty",
    {
        "normal": (0, ("keine", "keine Erschwerung", "none")),
        "demanding": (3, ("anspruchsvoll",)),
        "challenging": (6, ("herausfordernd",)),
        "hard": (9, ("schwer",)),
        "very_hard": (12, ("sehr schwer",)),
        "nearly_impossible": (15, ("fast unmöglich", "almost impossible")),
    },
)
"""The suggested tiers of Erschwerung, in dice taken away."""


@dataclass(frozen=True, slots=True)
class Pool:
    """What makes up the dice of a Probe.

    ``attribute``: the value of the Eigenschaft; ``skill``: points in a fitting
    Fertigkeit; ``tools``: dice for Hilfsmittel, aid and circumstances (may be
    negative); ``difficulty``: the Erschwerung in dice (a tier's value);
    ``penalty``: further Abzüge the game master sums up.
    """

    attribute: int
    skill: int = 0
    tools: int = 0
    difficulty: int = 0
    penalty: int = 0
    attribute_name: str | None = None
    skill_name: str | None = None

    def __post_init__(self) -> None:
        for name in ("attribute", "skill", "difficulty", "penalty"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")

    @property
    def value(self) -> int:
        """Eigenschaft + 3 per Fertigkeit point + Hilfsmittel − Erschwerung − Abzüge
        (may be 0 or less)."""
        return (
            self.attribute
            + DICE_PER_SKILL_POINT * self.skill
            + self.tools
            - self.difficulty
            - self.penalty
        )

    @property
    def dice(self) -> int:
        """The dice rolled: a pool of 0 or less rolls none (docs/rulings.md)."""
        return max(0, self.value)

    def breakdown(self) -> tuple[tuple[str, int], ...]:
        """Each part of the pool with its dice, for explanations."""
        parts = [("attribute", self.attribute)]
        if self.skill:
            parts.append(("skill", DICE_PER_SKILL_POINT * self.skill))
        if self.tools:
            parts.append(("tools", self.tools))
        if self.difficulty:
            parts.append(("difficulty", -self.difficulty))
        if self.penalty:
            parts.append(("penalty", -self.penalty))
        return tuple(parts)
