"""Hæfileikaköst, varnarköst and árásarköst (checks, saves, attacks), contests and
passive checks, on the same parts: a d20 roll and a breakdown of the modifier.

Checks and saves succeed when the total meets the DC, whatever the natural face.
An attack hits when the total meets the AC; a natural 20 always hits and is a
critical hit, a natural 1 always misses (docs/rulings.md, "5e: natural 20 and 1").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from regelwerk.dice.random_sources import RandomSource
from regelwerk.systems.dnd5e.d20 import D20Roll, Mode, natural_distribution, roll_d20

__all__ = [
    "PASSIVE_BASE",
    "AttackResult",
    "Modifier",
    "Roller",
    "attack_hits",
    "contest_odds",
    "passive_score",
    "success_chance",
]

PASSIVE_BASE = 10
PASSIVE_ADVANTAGE = 5


@dataclass(frozen=True, slots=True)
class Modifier:
    """One part of a roll's modifier, with where it came from."""

    label: str
    value: int


@dataclass(frozen=True, slots=True)
class Roller:
    """Who rolls: the parts of the modifier, the mode and Lucky."""

    modifiers: tuple[Modifier, ...]
    mode: Mode = "normal"
    lucky: bool = False

    @property
    def modifier(self) -> int:
        """The total modifier."""
        return sum(m.value for m in self.modifiers)

    def roll(self, source: RandomSource) -> D20Roll:
        """Roll the d20s."""
        return roll_d20(self.mode, self.lucky, source)

    def chance(self, test: Callable[[int], bool]) -> Fraction:
        """The exact chance that ``test(natural)`` holds."""
        return sum((p for face, p in natural_distribution(self.mode, self.lucky)
                    if test(face)), Fraction(0))


def success_chance(roller: Roller, dc: int) -> Fraction:
    """The chance that a check or save meets ``dc`` (no automatic success on 20)."""
    return roller.chance(lambda natural: natural + roller.modifier >= dc)


@dataclass(frozen=True, slots=True)
class AttackResult:
    """Whether an attack with this natural face and total hits, and if critically."""

    hit: bool
    critical: bool


def attack_hits(natural: int, total: int, ac: int) -> AttackResult:
    """A natural 20 hits critically, a natural 1 misses, otherwise total ≥ AC hits."""
    if natural == 20:
        return AttackResult(True, True)
    if natural == 1:
        return AttackResult(False, False)
    return AttackResult(total >= ac, False)


Side = Literal["a", "b", "tie"]


def contest_winner(a_total: int, b_total: int) -> Side:
    """The higher total wins; a tie leaves the situation as it was."""
    if a_total > b_total:
        return "a"
    if b_total > a_total:
        return "b"
    return "tie"


def contest_odds(a: Roller, b: Roller) -> dict[Side, Fraction]:
    """The exact chance of each outcome of a contest."""
    chances: dict[Side, Fraction] = {"a": Fraction(0), "b": Fraction(0), "tie": Fraction(0)}
    dist_b = natural_distribution(b.mode, b.lucky)
    for na, pa in natural_distribution(a.mode, a.lucky):
        for nb, pb in dist_b:
            chances[contest_winner(na + a.modifier, nb + b.modifier)] += pa * pb
    return chances


def passive_score(roller: Roller) -> int:
    """10 + all modifiers; +5 with advantage, −5 with disadvantage."""
    shift = {"advantage": PASSIVE_ADVANTAGE, "disadvantage": -PASSIVE_ADVANTAGE, "normal": 0}
    return PASSIVE_BASE + roller.modifier + shift[roller.mode]
