"""Komplexe Proben: the pool is split bindingly before rolling into at least two
rolls, each with its own required Erfolge; the whole succeeds only if every roll does.

"Der Würfelabzug bezieht sich auf die Gesamtzahl der Würfel und findet vor der
Verteilung der Würfel auf die einzelnen Würfelwürfe statt." — "Eine Komplexe Probe
ist in jedem Fall regelgerecht auszuwürfeln [...] und kann nicht durch ein
schlichtes Abziehen von Würfeln zu einem einzigen Würfelwurf vereinfacht werden."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod

from regelwerk.dice.random_sources import RandomSource
from regelwerk.errors import Number, RuleError
from regelwerk.systems.w6.pool import Pool
from regelwerk.systems.w6.probe import PoolRoll, odds, roll_pool

__all__ = ["MIN_PARTS", "ComplexProbe", "Part", "check_split", "complex_probe"]

MIN_PARTS = 2
"""A Komplexe Probe has at least two separate rolls."""


@dataclass(frozen=True, slots=True)
class Part(PoolRoll):
    """One roll of a Komplexe Probe, with its chance of passing."""

    probability: Fraction


@dataclass(frozen=True, slots=True)
class ComplexProbe:
    """A rolled Komplexe Probe: every roll's result and the chance that all pass."""

    pool: Pool
    parts: tuple[Part, ...]
    probability: Fraction

    @property
    def passed(self) -> bool:
        """Vollständig gelungen: every roll got its required Erfolge."""
        return all(part.judgement.passed for part in self.parts)


def check_split(pool: Pool, split: Sequence[int], required: Sequence[int]) -> None:
    """Refuse a split that is not a binding division of exactly the pool."""
    if len(split) < MIN_PARTS:
        raise RuleError(
            "a complex probe needs at least {min_parts} rolls; the split has {count} (it "
            "cannot be reduced to a single roll)",
            code="invalid_split", min_parts=Number(MIN_PARTS), count=Number(len(split)),
        )
    if len(required) != len(split):
        raise RuleError(
            "give the required successes for each roll: {count} rolls, {count2} requirements",
            code="invalid_split", count=Number(len(split)), count2=Number(len(required)),
        )
    if any(part < 0 for part in split):
        raise RuleError("each roll of the split needs 0 or more dice", code="invalid_split")
    if any(r < 1 for r in required):
        raise RuleError("each roll must require at least 1 success", code="invalid_split")
    if sum(split) != pool.dice:
        raise RuleError(
            "the split must use exactly the pool of {dice} dice (after the difficulty); it "
            "uses {sum}",
            code="invalid_split", dice=Number(pool.dice), sum=Number(sum(split)),
        )


def complex_probe(
    pool: Pool, split: Sequence[int], required: Sequence[int], source: RandomSource
) -> ComplexProbe:
    """Roll a Komplexe Probe with a binding ``split`` of the pool; the first part's
    dice are rolled first."""
    check_split(pool, split, required)
    parts = []
    for dice, need in zip(split, required, strict=True):
        chance, _ = odds(dice, need)
        parts.append(Part(roll_pool(dice, source), need, chance))
    return ComplexProbe(pool, tuple(parts), prod((p.probability for p in parts), start=Fraction(1)))
