"""Rolling the d20: meðbyr (advantage), mótbyr (disadvantage) and the halfling's
heillastjarna (Lucky).

"Ef aðstæður veita þér bæði meðbyr og mótbyr er litið á sem svo að þú hafir
hvorugt, og kastar eingöngu einum d20." — "þá færðu eingöngu að kasta öðrum
teningnum aftur, að eigin vali."
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from regelwerk.dice.random_sources import RandomSource
from regelwerk.odds.enumerate import outcomes

__all__ = ["D20Roll", "Mode", "mode_for", "natural_distribution", "roll_d20"]

Mode = Literal["advantage", "disadvantage", "normal"]


def mode_for(advantage: int, disadvantage: int) -> Mode:
    """However many sources grant each, at most one extra d20; any advantage and any
    disadvantage together cancel to a single d20."""
    if advantage < 0 or disadvantage < 0:
        raise ValueError("sources of advantage and disadvantage are counted from 0")
    if advantage and disadvantage:
        return "normal"
    if advantage:
        return "advantage"
    if disadvantage:
        return "disadvantage"
    return "normal"


@dataclass(frozen=True, slots=True)
class D20Roll:
    """The d20s of one roll: every face in rolling order, which was rerolled, and the
    natural face that counts."""

    mode: Mode
    faces: tuple[int, ...]
    rerolled: int | None
    """Index in ``faces`` of the natural 1 that Lucky rerolled, if any."""
    natural: int

    @property
    def kept(self) -> int:
        """Index in ``faces`` of the die that counts."""
        standing = [i for i in range(len(self.faces)) if i != self.rerolled]
        for i in standing:
            if self.faces[i] == self.natural:
                return i
        raise AssertionError("the natural face is one of the standing dice")  # pragma: no cover


def roll_d20(mode: Mode, lucky: bool, source: RandomSource) -> D20Roll:
    """Roll one d20 (two with advantage or disadvantage).  With Lucky, one natural 1
    (the first, if two) is rerolled before the higher or lower die is chosen, and
    the new face stands."""
    count = 1 if mode == "normal" else 2
    faces = [source.roll(20) for _ in range(count)]
    standing = list(faces)
    rerolled = None
    if lucky and 1 in standing:
        rerolled = standing.index(1)
        new = source.roll(20)
        faces.append(new)
        standing[rerolled] = new
    if mode == "advantage":
        natural = max(standing)
    elif mode == "disadvantage":
        natural = min(standing)
    else:
        natural = standing[0]
    return D20Roll(mode, tuple(faces), rerolled, natural)


@lru_cache(maxsize=8)
def natural_distribution(mode: Mode, lucky: bool) -> tuple[tuple[int, Fraction], ...]:
    """The exact chance of each natural face, from ``roll_d20`` itself."""
    dist = outcomes(lambda source: roll_d20(mode, lucky, source).natural)
    return tuple(sorted(dist.items()))
