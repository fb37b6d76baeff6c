"""A Probe: roll the pool, count the 5s and 6s, compare with the required Erfolge.

"Als Erfolg gilt hierbei jeder Würfel, der eine Fünf oder eine Sechs zeigt. Wird
mit dem Würfelwurf mindestens die geforderte Anzahl von Erfolgen erreicht, so gilt
die Probe als gelungen [...]"
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from regelwerk.dice.random_sources import RandomSource
from regelwerk.odds.distribution import Distribution
from regelwerk.systems.w6.pool import Pool

__all__ = [
    "DEFAULT_REQUIRED",
    "Judgement",
    "PoolRoll",
    "Probe",
    "is_success",
    "judge",
    "probe",
    "roll_pool",
    "success_distribution",
]

DEFAULT_REQUIRED = 2
""""Grundsätzlich sind bei einer Probe zwei so genannte Erfolge gefordert"."""

SUCCESS_FACES = (5, 6)


def is_success(face: int) -> bool:
    """A die showing a five or a six is an Erfolg."""
    return face in SUCCESS_FACES


@dataclass(frozen=True, slots=True)
class Judgement:
    """Whether a roll with ``successes`` met ``required``, and its quality."""

    successes: int
    required: int

    @property
    def passed(self) -> bool:
        """At least the required Erfolge: the Probe is gelungen."""
        return self.successes >= self.required

    @property
    def quality(self) -> int:
        """Erfolge above (positive) or below (negative) those required."""
        return self.successes - self.required


def judge(successes: int, required: int) -> Judgement:
    """The verdict on a number of Erfolge."""
    return Judgement(successes, required)


def success_distribution(dice: int) -> Distribution:
    """The exact distribution of Erfolge on ``dice`` d6 (each succeeds with 1/3)."""
    return Distribution.binomial(max(0, dice), len(SUCCESS_FACES), 6)


def roll_pool(dice: int, source: RandomSource) -> tuple[int, ...]:
    """``dice`` faces of d6 from ``source`` (none for a pool of 0 or less)."""
    return tuple(source.roll(6) for _ in range(max(0, dice)))


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """Faces of one roll of a pool and the Erfolge it required."""

    faces: tuple[int, ...]
    required: int

    @property
    def dice(self) -> int:
        """Dice rolled."""
        return len(self.faces)

    @property
    def successes(self) -> int:
        """Dice showing 5 or 6."""
        return sum(1 for face in self.faces if is_success(face))

    @property
    def judgement(self) -> Judgement:
        """Passed or failed, and the quality."""
        return judge(self.successes, self.required)


@dataclass(frozen=True, slots=True)
class Probe(PoolRoll):
    """A rolled Probe with its exact odds before the dice."""

    pool: Pool
    probability: Fraction
    quality_probabilities: tuple[tuple[int, Fraction], ...]


def odds(dice: int, required: int) -> tuple[Fraction, tuple[tuple[int, Fraction], ...]]:
    """The chance of passing and of each quality, folding ``judge`` over the exact
    distribution of Erfolge."""
    dist = success_distribution(dice)
    passing = dist.probability_where(lambda s: judge(s, required).passed)
    qualities = tuple((judge(s, required).quality, p) for s, p in dist.items())
    return passing, qualities


def probe(pool: Pool, source: RandomSource, required: int = DEFAULT_REQUIRED) -> Probe:
    """Roll a Probe; ``required`` Erfolge (2 unless the game master asks for more)."""
    if required < 1:
        raise ValueError("at least one Erfolg must be required")
    passing, qualities = odds(pool.dice, required)
    return Probe(roll_pool(pool.dice, source), required, pool, passing, qualities)
