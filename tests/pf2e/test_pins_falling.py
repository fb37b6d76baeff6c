"""Falling pinned at its boundaries: "Wenn du mehr als 1,50 m stürzt, nimmst du beim
Aufprall 1 Punkt Wuchtschaden für je 0,60 m, die du gestürzt bist. Ein Sturz von mehr
als 450 m wird dabei wie genau 450 m behandelt (750 Schadenspunkte)." — 1,50 m is 5 ft,
0,60 m is 2 ft."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.space.falling import (
    FEET_PER_METRE,
    Grab,
    fall_on_creature,
    fall_rounds,
    fallen_after,
    falling_damage,
    grab_an_edge,
)

CF, F, S, CS = Degree.CRITICAL_FAILURE, Degree.FAILURE, Degree.SUCCESS, Degree.CRITICAL_SUCCESS


@pytest.mark.parametrize(("metres", "damage"), [
    (Fraction(0), 0), (Fraction(3, 2), 0), (Fraction(9, 5), 3), (Fraction(3), 5),
    (Fraction(6), 10), (Fraction(450), 750), (Fraction(451), 750), (Fraction(1000), 750)])
def test_falling_damage_in_metres(metres: Fraction, damage: int) -> None:
    assert falling_damage(metres) == damage


@pytest.mark.parametrize(("feet", "damage"), [
    (5, 0), (6, 3), (7, 3), (8, 4), (20, 10), (1500, 750), (1501, 750), (1502, 750),
    (1503, 750)])
def test_falling_damage_in_feet(feet: int, damage: int) -> None:
    assert Fraction(10, 3) == FEET_PER_METRE
    assert falling_damage(Fraction(feet), "ft") == damage


# docs/rulings.md, "PF2e: falling": water or snow counts 6 m less, 9 m when diving in on
# purpose, never more than the water's depth
def test_soft_surfaces_and_diving() -> None:
    assert falling_damage(Fraction(12), soft_surface=True) == 10
    assert falling_damage(Fraction(12), dived=True) == 5
    assert falling_damage(Fraction(12), dived=True, soft_surface=True) == 5
    assert falling_damage(Fraction(12), soft_surface=True, water_depth=Fraction(3)) == 15
    assert falling_damage(Fraction(6), soft_surface=True) == 0
    assert falling_damage(Fraction(3), dived=True) == 0
    assert falling_damage(Fraction(12), water_depth=Fraction(3)) == 20
    with pytest.raises(RuleError, match="must not be negative") as refused:
        falling_damage(Fraction(-1))
    assert refused.value.code == "out_of_range"


def test_landing_on_a_creature() -> None:
    assert [fall_on_creature(30, d) for d in (CS, S, F, CF)] == [0, 7, 15, 30]


# "In der ersten Runde stürzt du etwa 150 m und etwa 450 m in jeder weiteren Runde"
@pytest.mark.parametrize(("metres", "rounds"), [
    (Fraction(1), 1), (Fraction(150), 1), (Fraction(151), 2), (Fraction(600), 2),
    (Fraction(601), 3), (Fraction(1050), 3)])
def test_rounds_of_falling(metres: Fraction, rounds: int) -> None:
    assert fall_rounds(metres) == rounds
    assert fall_rounds(metres * FEET_PER_METRE, "ft") == rounds


def test_fallen_after_rounds() -> None:
    assert fallen_after(0) == 0
    assert fallen_after(1) == 150
    assert fallen_after(2) == 600
    assert fallen_after(3, "ft") == 3500
    with pytest.raises(RuleError, match="must not be negative"):
        fallen_after(-1)


# docs/rulings.md, "PF2e: Grab an Edge": a critical success stops the fall counted 9 m
# shorter, a success with a free hand 6 m shorter; a failure falls on; a critical failure
# falls on and takes 10 more for every 6 m fallen before the grab.
def test_grab_an_edge() -> None:
    assert grab_an_edge(Fraction(30), Fraction(12), CS) == Grab(True, 5, Fraction(10))
    assert grab_an_edge(Fraction(30), Fraction(12), S) == Grab(True, 10, Fraction(20))
    assert grab_an_edge(Fraction(30), Fraction(12), S, free_hand=False) == Grab(
        False, 50, Fraction(100))
    assert grab_an_edge(Fraction(30), Fraction(12), F) == Grab(False, 50, Fraction(100))
    assert grab_an_edge(Fraction(30), Fraction(12), CF) == Grab(False, 70, Fraction(100))
    assert grab_an_edge(Fraction(30), Fraction(6), CF) == Grab(False, 60, Fraction(100))
    assert grab_an_edge(Fraction(30), Fraction(5), CF) == Grab(False, 50, Fraction(100))
    assert grab_an_edge(Fraction(30), Fraction(3), CS) == Grab(True, 0, Fraction(0))
    for at in (Fraction(-1), Fraction(31)):
        with pytest.raises(RuleError, match="between 0 and the distance"):
            grab_an_edge(Fraction(30), at, S)
    assert grab_an_edge(Fraction(30), Fraction(30), S).stopped
    assert grab_an_edge(Fraction(30), Fraction(0), S) == Grab(True, 0, Fraction(0))
