"""The exact damage of Strikes against a target: the chances of a hit and a critical
hit times the damage distributions, after the target's immunities, weaknesses and
resistances, and the chance that a Strike or a turn of Strikes brings it to 0 HP."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from regelwerk.dice import distribution_of, parse
from regelwerk.odds.distribution import Distribution
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.damage.damage_roll import DamageSpec
from regelwerk.systems.pf2e.damage.iwr import DamageInstance, Target, apply_instance

__all__ = ["StrikeOdds", "applied_damage", "strike_odds", "turn_odds"]


def _dist(notation: str | None) -> dict[int, Fraction]:
    if not notation:
        return {0: Fraction(1)}
    return dict(distribution_of(parse(notation)).distribution.items())


def _twice(dist: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a, pa in dist.items():
        for b, pb in dist.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


def applied_damage(spec: DamageSpec, kind: str, traits: frozenset[str],
                   target: Target) -> Distribution:
    """The damage one hit deals after IWR, tracking the precision part of each total
    (precision immunity ignores only that part).  A critical hit on a creature immune
    to critical hits deals "anstelle des doppelten Schadens den normalen Schaden des
    Angriffs": the damage of a hit, without what only a critical hit grants."""
    if spec.critical and "critical_hits" in target.immunities:
        spec = DamageSpec(spec.dice, spec.modifiers, spec.precision, False, spec.roll_twice)
    base, precision, extra = _dist(spec.dice), _dist(spec.precision), _dist(
        spec.critical_extra if spec.critical else None)
    modifier = spec.stacked.total
    if spec.critical and spec.roll_twice:
        base, precision, modifier = _twice(base), _twice(precision), 2 * modifier
    factor = 2 if spec.critical and not spec.roll_twice else 1
    out: dict[int, Fraction] = {}
    for b, pb in base.items():
        for p, pp in precision.items():
            for e, pe in extra.items():
                total = max(1, factor * (b + p + modifier) + e)
                part = min(total, factor * p)
                instance = DamageInstance(total, kind, part, traits)
                amount = apply_instance(instance, target, spec.critical).amount
                out[amount] = out.get(amount, Fraction(0)) + pb * pp * pe
    return _to_distribution(out)


def _to_distribution(chances: dict[int, Fraction]) -> Distribution:
    denominator = lcm(*(p.denominator for p in chances.values()))
    return Distribution({v: int(p * denominator) for v, p in chances.items()}, denominator)


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """One Strike: the chance of each degree and the damage it deals (0 on a miss)."""

    degrees: dict[Degree, Fraction]
    damage: Distribution


def strike_odds(check: Check, spec: DamageSpec, kind: str, traits: frozenset[str],
                target: Target) -> StrikeOdds:
    """A Strike's damage: a miss deals none, a hit the damage, a critical hit double."""
    degrees = check.odds()
    hit = applied_damage(DamageSpec(spec.dice, spec.modifiers, spec.precision, False,
                                    spec.roll_twice, spec.critical_extra), kind, traits, target)
    crit = applied_damage(DamageSpec(spec.dice, spec.modifiers, spec.precision, True,
                                     spec.roll_twice, spec.critical_extra), kind, traits, target)
    chances: dict[int, Fraction] = {0: degrees[Degree.FAILURE] + degrees[Degree.CRITICAL_FAILURE]}
    for dist, weight in ((hit, degrees[Degree.SUCCESS]), (crit, degrees[Degree.CRITICAL_SUCCESS])):
        for value, p in dist.items():
            chances[value] = chances.get(value, Fraction(0)) + weight * p
    return StrikeOdds(degrees, _to_distribution({v: p for v, p in chances.items() if p}))


def turn_odds(strikes: Sequence[StrikeOdds]) -> Distribution:
    """The total damage of a turn of Strikes (each Strike independent)."""
    total = Distribution.constant(0)
    for strike in strikes:
        total = total + strike.damage
    return total
