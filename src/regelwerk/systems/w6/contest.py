"""Konkurrierende Proben: two parties roll their own pools; more Erfolge wins.

"derjenige, der mehr Erfolge erreicht, gewinnt" — the text does not say what a
tie means; by default it is reported as a tie, and a table may give ties to
either side (docs/rulings.md, "W6: ties in a Konkurrierende Probe").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from regelwerk.dice.random_sources import RandomSource
from regelwerk.systems.w6.pool import Pool
from regelwerk.systems.w6.probe import is_success, roll_pool, success_distribution

__all__ = ["Contest", "Side", "TiePolicy", "contest", "contest_odds", "winner"]

Side = Literal["a", "b", "tie"]
TiePolicy = Literal["tie", "a", "b"]


def winner(a_successes: int, b_successes: int, tie: TiePolicy = "tie") -> Side:
    """Who wins with these Erfolge: more wins; a tie goes as the table decides."""
    if a_successes > b_successes:
        return "a"
    if b_successes > a_successes:
        return "b"
    return tie


def contest_odds(a: Pool, b: Pool, tie: TiePolicy = "tie") -> dict[Side, Fraction]:
    """The exact chance of each outcome, folding ``winner`` over both distributions:
    each count of a's Erfolge against the running total of b's below, equal and above
    (linear in the pools, not their product)."""
    weights_a = success_distribution(a.dice)
    weights_b = success_distribution(b.dice)
    wb = weights_b.weights
    total_b = weights_b.denominator
    below = 0  # weight of b's counts below a's count
    counts: dict[Side, int] = {"a": 0, "b": 0, "tie": 0}
    previous = 0
    for sa, wa in weights_a.weights.items():
        for sb in range(previous, sa):
            below += wb.get(sb, 0)
        previous = sa
        equal = wb.get(sa, 0)
        counts["a"] += wa * below
        counts[tie] += wa * equal
        counts["b"] += wa * (total_b - below - equal)
    denominator = weights_a.denominator * total_b
    return {side: Fraction(weight, denominator) for side, weight in counts.items()}


@dataclass(frozen=True, slots=True)
class Contest:
    """A rolled Konkurrierende Probe."""

    a: Pool
    b: Pool
    a_faces: tuple[int, ...]
    b_faces: tuple[int, ...]
    tie: TiePolicy
    probabilities: dict[Side, Fraction]

    @property
    def a_successes(self) -> int:
        """Erfolge of party a."""
        return sum(1 for face in self.a_faces if is_success(face))

    @property
    def b_successes(self) -> int:
        """Erfolge of party b."""
        return sum(1 for face in self.b_faces if is_success(face))

    @property
    def winner(self) -> Side:
        """``a``, ``b`` or ``tie``."""
        return winner(self.a_successes, self.b_successes, self.tie)


def contest(a: Pool, b: Pool, source: RandomSource, tie: TiePolicy = "tie") -> Contest:
    """Roll a Konkurrierende Probe; party a's dice are rolled first."""
    a_faces = roll_pool(a.dice, source)
    b_faces = roll_pool(b.dice, source)
    return Contest(a, b, a_faces, b_faces, tie, contest_odds(a, b, tie))
