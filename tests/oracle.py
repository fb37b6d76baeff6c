"""An oracle that shares nothing with the dice engine: the exact distribution of a
rule written out in a test as plain Python over the faces it draws.

``outcomes(rule)`` calls ``rule(draw)`` once for every sequence of faces ``draw``
could return, each with its exact probability, and adds up the probability of
every result.  ``draw(sides)`` gives the next face 1..sides.  No parser, roller or
distribution of regelwerk is used.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

Draw = Callable[[int], int]


class _Short(Exception):
    """The scripted faces ran out: the rule wants one more die of ``sides``."""

    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Script:
    """Faces given in advance, then a request for the next die."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.position = 0

    def draw(self, sides: int) -> int:
        if self.position == len(self.faces):
            raise _Short(sides)
        self.position += 1
        return self.faces[self.position - 1]


def outcomes(rule: Callable[[Draw], int], max_sequences: int = 200_000) -> dict[int, Fraction]:
    """The exact distribution of ``rule``'s result, sorted by result."""
    result: dict[int, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    seen = 0
    while stack:
        prefix, weight = stack.pop()
        seen += 1
        assert seen <= max_sequences, "rule too large for the oracle"
        try:
            total = rule(_Script(prefix).draw)
        except _Short as short:
            share = weight / short.sides
            stack.extend(((*prefix, face), share) for face in range(1, short.sides + 1))
            continue
        result[total] = result.get(total, Fraction(0)) + weight
    return dict(sorted(result.items()))


def roll(draw: Draw, count: int, sides: int) -> list[int]:
    """``count`` dice of ``sides`` faces."""
    return [draw(sides) for _ in range(count)]
