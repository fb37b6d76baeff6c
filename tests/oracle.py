"""A brute-force oracle: every sequence of faces the roller could consume, with
its exact probability, by running the real roller on scripted prefixes."""

from __future__ import annotations

from fractions import Fraction

from regelwerk.dice import parse, roll_tree


class _Need(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _PrefixSource:
    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.position = 0

    def roll(self, sides: int) -> int:
        if self.position >= len(self.faces):
            raise _Need(sides)
        face = self.faces[self.position]
        self.position += 1
        return face


def brute_force(expression: str, max_sequences: int = 200_000) -> dict[int, Fraction]:
    """The exact distribution of ``expression`` by enumerating face sequences."""
    tree = parse(expression)
    result: dict[int, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    seen = 0
    while stack:
        prefix, weight = stack.pop()
        seen += 1
        assert seen <= max_sequences, "expression too large for the oracle"
        try:
            total = roll_tree(tree, _PrefixSource(prefix)).total
        except _Need as need:
            share = weight / need.sides
            stack.extend(((*prefix, f), share) for f in range(1, need.sides + 1))
            continue
        result[total] = result.get(total, Fraction(0)) + weight
    return dict(sorted(result.items()))
