"""Attack penalties at their boundaries and the exact damage of Strikes against the
rule written out here over every d20 and damage face (tests/oracle.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.attacks import (
    MAX_INCREMENTS,
    multiple_attack_penalty,
    nonlethal_penalty,
    range_penalty,
)
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.damage.damage_roll import DamageSpec
from regelwerk.systems.pf2e.damage.iwr import Defence, Target
from regelwerk.systems.pf2e.damage.strike_odds import strike_odds, turn_odds
from tests.oracle import Draw, outcomes


# "Tabelle - Malus für mehrfache Angriffe: Erster Keiner Keiner / Zweiter -5 -4 / Dritter
# und Folgende -10 -8" — "wird nur während deines Zuges angewendet"
@pytest.mark.parametrize(("number", "agile", "penalty"), [
    (1, False, 0), (1, True, 0), (2, False, -5), (2, True, -4), (3, False, -10),
    (3, True, -8), (4, False, -10), (7, True, -8)])
def test_multiple_attack_penalty(number: int, agile: bool, penalty: int) -> None:
    assert multiple_attack_penalty(number, agile) == penalty
    assert multiple_attack_penalty(number, agile, on_own_turn=False) == 0


def test_attacks_are_counted_from_one() -> None:
    with pytest.raises(RuleError, match="counted from 1") as refused:
        multiple_attack_penalty(0)
    assert refused.value.code == "out_of_range"


# "Die Entfernungseinheit einer Armbrust ist 36 m. [...] weiter als 36 m, aber weniger als
# 72 m [...] −2 [...] jenseits von 180 m, aber nicht weiter entfernt als 216 m, bei der dein
# Entfernungsmalus –10 beträgt."
@pytest.mark.parametrize(("distance", "penalty"), [
    (0, 0), (36, 0), (Fraction(721, 20), -2), (72, -2), (73, -4), (108, -4), (180, -8),
    (181, -10), (216, -10)])
def test_range_penalty(distance: Fraction, penalty: int) -> None:
    assert range_penalty(Fraction(36), Fraction(distance)) == penalty


def test_beyond_six_increments_no_attack() -> None:
    assert MAX_INCREMENTS == 6
    with pytest.raises(RuleError, match="beyond six range increments") as refused:
        range_penalty(Fraction(36), Fraction(217))
    assert refused.value.code == "out_of_range"
    with pytest.raises(RuleError, match="must be positive"):
        range_penalty(Fraction(0), Fraction(5))
    # any positive increment, even below 1 m: 1 m is two increments of 0,50 m
    assert range_penalty(Fraction(1, 2), Fraction(1)) == -2
    with pytest.raises(RuleError, match="must not be negative"):
        range_penalty(Fraction(36), Fraction(-1))


def test_nonlethal_penalty_when_intent_and_weapon_differ() -> None:
    assert nonlethal_penalty(False, False) is None
    assert nonlethal_penalty(True, True) is None
    assert nonlethal_penalty(True, False) == Modifier(-2, "circumstance",
                                                      "nonlethal attack with a lethal weapon")
    assert nonlethal_penalty(False, True) == Modifier(-2, "circumstance",
                                                      "lethal attack with a nonlethal weapon")


def _degree(natural: int, total: int, dc: int) -> int:
    step = 3 if total >= dc + 10 else 2 if total >= dc else 0 if total <= dc - 10 else 1
    step += 1 if natural == 20 else -1 if natural == 1 else 0
    return max(0, min(3, step))


# A miss deals nothing, a hit the damage, a critical hit double ("verdoppelst [...] das
# Ergebnis"); "verursacht der Angriff immer noch 1 Schadenspunkt" after doubling
# (docs/rulings.md, "PF2e: at least 1 damage, and doubling"); a resistance lowers it to
# a minimum of 0.
@pytest.mark.parametrize(("modifier", "bonus", "resistance"), [(7, 2, 0), (12, 1, 3), (0, -1, 0)])
def test_strike_damage_over_every_face(modifier: int, bonus: int, resistance: int) -> None:
    target = Target(resistances=(Defence("slashing", resistance),) if resistance else ())
    spec = DamageSpec("1d6", (Modifier(bonus, "status", "bless"),))

    def strike(draw: Draw) -> int:
        natural = draw(20)
        degree = _degree(natural, natural + modifier, 18)
        if degree < 2:
            return 0
        rolled = draw(6) + bonus
        hit = max(1, rolled * 2 if degree == 3 else rolled)
        return max(0, hit - resistance)

    odds = strike_odds(Check(modifier, 18), spec, "slashing", frozenset(), target)
    assert dict(odds.damage.items()) == outcomes(strike)
    assert odds.degrees == Check(modifier, 18).odds()
    two = turn_odds([odds, odds])
    single = outcomes(strike)
    expected: dict[int, Fraction] = {}
    for a, pa in single.items():
        for b, pb in single.items():
            expected[a + b] = expected.get(a + b, Fraction(0)) + pa * pb
    assert dict(two.items()) == dict(sorted(expected.items()))
    assert Degree.SUCCESS in odds.degrees


def test_critical_immunity_and_rolling_twice_over_every_face() -> None:
    from regelwerk.systems.pf2e.damage.strike_odds import applied_damage

    bonus = (Modifier(2, "status", "bless"),)
    # "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs": no
    # doubling and no critical-only die
    immune = Target(immunities=frozenset({"critical_hits"}))
    spec = DamageSpec("1d6", bonus, critical=True, critical_extra="1d4")
    assert dict(applied_damage(spec, "slashing", frozenset(), immune).items()) == outcomes(
        lambda d: d(6) + 2)
    # the game master's variant: every die rolled twice, every modifier twice
    twice = DamageSpec("1d4", bonus, precision="1d2", critical=True, roll_twice=True)
    assert dict(applied_damage(twice, "slashing", frozenset(), Target()).items()) == outcomes(
        lambda d: d(4) + d(4) + d(2) + d(2) + 4)
