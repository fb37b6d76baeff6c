"""Exact odds of a roll procedure by running it on every possible sequence of faces.

A procedure is the very function that resolves a real roll from a ``RandomSource``;
``outcomes`` feeds it every sequence of faces it can ask for (each branch weighted
by its chance) and collects the exact distribution of its results.  So the rule is
written once, over an outcome, and the odds come from folding it over the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from regelwerk.budget import MAX_BRANCHES
from regelwerk.errors import LimitExceeded

__all__ = ["MAX_BRANCHES", "outcomes"]

T = TypeVar("T", bound=Hashable)


class _Exhausted(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Prefix:
    __slots__ = ("faces", "position")

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.position = 0

    def roll(self, sides: int) -> int:
        if self.position == len(self.faces):
            raise _Exhausted(sides)
        face = self.faces[self.position]
        self.position += 1
        return face


def outcomes(procedure: Callable[[_Prefix], T]) -> dict[T, Fraction]:
    """The exact distribution of ``procedure``'s result over all the dice it rolls.

    ``procedure`` must roll a bounded number of dice (every branch ends).
    """
    result: dict[T, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    tried = 0
    while stack:
        prefix, chance = stack.pop()
        tried += 1
        if tried > MAX_BRANCHES:
            raise LimitExceeded("too many dice outcomes to compute the odds exactly")
        try:
            value = procedure(_Prefix(prefix))
        except _Exhausted as need:
            share = chance / need.sides
            stack.extend(((*prefix, face), share) for face in range(need.sides, 0, -1))
            continue
        result[value] = result.get(value, Fraction(0)) + chance
    return result
