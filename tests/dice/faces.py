"""Rules written out over the faces, for the mutation tests of the exact odds
(``tests/dice/test_mutants_*.py``): plain Python over the faces ``draw`` gives
(``tests.oracle.outcomes`` tries every sequence); nothing here imports regelwerk.

The meaning is docs/notation.md's: ``kh``/``kl`` keep by rank, ``e`` adds one die
for each selected die and each new die may explode in turn (``@N``: at most N
rounds), ``ro`` rerolls once, ``rr`` until no longer selected, ``cs`` counts.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tests.oracle import Draw, outcomes

Faces = Callable[[int], bool]


def chances(odds: dict[int, Fraction], total: int) -> tuple[Fraction, Fraction]:
    """``(P(total or more), P(exactly total))`` of a whole distribution."""
    below = sum((p for v, p in odds.items() if v < total), Fraction(0))
    return 1 - below, odds.get(total, Fraction(0))


def rolled(draw: Draw, count: int, sides: int) -> list[int]:
    return [draw(sides) for _ in range(count)]


def highest(faces: list[int], keep: int) -> int:
    return sum(sorted(faces, reverse=True)[:keep]) if keep > 0 else 0


def lowest(faces: list[int], keep: int) -> int:
    return sum(sorted(faces)[:keep]) if keep > 0 else 0


def chain(draw: Draw, sides: int, explodes: Faces, depth: int) -> list[int]:
    """One die and the dice it explodes into: at most ``depth`` more."""
    faces = [draw(sides)]
    while explodes(faces[-1]) and len(faces) <= depth:
        faces.append(draw(sides))
    return faces


def capped_explosion(count: int, sides: int, explodes: Faces, cap: int
                     ) -> Callable[[Draw], int]:
    """``countdSIDES`` exploding without a depth limit, every total above ``cap``
    reported as ``cap + 1`` (faces are at least 1, so the sum only grows): the
    totals up to ``cap`` are exact."""

    def rule(draw: Draw) -> int:
        total = 0
        for _ in range(count):
            while True:
                face = draw(sides)
                total += face
                if total > cap:
                    return cap + 1
                if not explodes(face):
                    break
        return total

    return rule


def exploding_chances(count: int, sides: int, explodes: Faces, total: int
                      ) -> tuple[Fraction, Fraction]:
    """``(P(total or more), P(exactly total))`` of exploding dice, exact."""
    return chances(outcomes(capped_explosion(count, sides, explodes, max(total, 0))), total)


def cut_off(count: int, sides: int, hits: int) -> Fraction:
    """The mass an explosion without a depth limit leaves out (docs/notation.md:
    "followed until the probability cut off is at most 10⁻¹²"): the fewest rounds
    r with count * (hits/sides)**r at most 10**-12 ("at most 100 rounds": r at most
    101, the first die and 100 more), and each die's chain longer than that cut."""
    rounds = rounds_followed(count, sides, hits) + 1
    return 1 - (1 - Fraction(hits, sides) ** rounds) ** count


def chain_odds(sides: int, explodes: Faces, depth: int) -> dict[int, Fraction]:
    """What one die adds when it explodes at most ``depth`` times: each face, and for
    a face that explodes (with rounds left) the next die's chain on top."""
    weights = dict.fromkeys(range(1, sides + 1), 1)  # over sides ** (rounds + 1)
    whole = sides
    for _ in range(depth):  # one more round allowed: the exploding faces roll on
        longer: dict[int, int] = {}
        for face in range(1, sides + 1):
            rest = weights if explodes(face) else {0: whole}
            for value, w in rest.items():
                longer[face + value] = longer.get(face + value, 0) + w
        weights, whole = longer, whole * sides
    return {v: Fraction(w, whole) for v, w in sorted(weights.items())}


def summed(odds: dict[int, Fraction], count: int) -> dict[int, Fraction]:
    """The total of ``count`` independent values each with ``odds``."""
    total = {0: Fraction(1)}
    for _ in range(count):
        step: dict[int, Fraction] = {}
        for a, p in total.items():
            for b, q in odds.items():
                step[a + b] = step.get(a + b, Fraction(0)) + p * q
        total = step
    return dict(sorted(total.items()))


def rounds_followed(count: int, sides: int, hits: int) -> int:
    """The rounds of explosions an explosion without a depth limit is followed: one
    less than the dice of the longest chain (``cut_off``'s r)."""
    p = Fraction(hits, sides)
    rounds = 1
    while max(count, 1) * p**rounds > Fraction(1, 10**12) and rounds < 101:
        rounds += 1
    return rounds - 1
