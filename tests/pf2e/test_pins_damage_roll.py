"""Schadenswürfe pinned whole: every field of a rolled damage, precision dice, critical
extras and half Strength, against faces typed in and the faces enumerated."""

from __future__ import annotations

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.damage.damage_roll import (
    DamageResult,
    DamageSpec,
    ability_damage,
    damage_distribution,
    roll_damage,
)
from tests.oracle import outcomes


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


@pytest.mark.parametrize(("strength", "half"), [
    (-3, -3), (-2, -2), (-1, -1), (0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_propulsive_adds_half_strength_rounded_down_when_positive(strength: int,
                                                                  half: int) -> None:
    # "Waffen mit der Eigenschaft Geschoss rechnen unter Umständen die Hälfte deines
    # Stärkemodifikators hinzu." — "Dabei wird grundsätzlich immer abgerundet"; a
    # negative modifier counts in full (docs/rulings.md, "PF2e: Strength on damage")
    assert ability_damage("propulsive", strength) == Modifier(half, "ability", "str (half)")
    assert ability_damage("unarmed", strength) == Modifier(strength, "ability", "str")


def test_precision_dice_add_to_the_total_and_are_reported() -> None:
    # "erhöht den Stichschaden um +1W6" — the dagger's 1W4 and the 1W6 precision
    spec = DamageSpec("1d4", (Modifier(2, "ability"),), precision="1d6")
    assert roll_damage(spec, faces(3, 5)) == DamageResult(3 + 5 + 2, (3, 5), 5, 0)
    assert dict(damage_distribution(spec).items()) == outcomes(lambda d: d(4) + d(6) + 2)


def test_a_critical_doubles_dice_precision_and_modifiers() -> None:
    # "würfelst du den Schaden ganz normal aus und rechnest alle passenden Modifikatoren,
    # Boni und Mali hinzu. Dann verdoppelst [...] du das Ergebnis" — precision included
    spec = DamageSpec("1d4", (Modifier(2, "ability"),), precision="1d6", critical=True)
    assert roll_damage(spec, faces(3, 5)) == DamageResult(2 * (3 + 5 + 2), (3, 5), 10, 0)
    assert dict(damage_distribution(spec).items()) == outcomes(
        lambda d: 2 * (d(4) + d(6) + 2))


def test_rolling_twice_rolls_precision_twice_and_doubles_modifiers() -> None:
    # "dass du alle Würfel zweimal wirfst und das Doppelte aller Modifikatoren, Boni und
    # Mali hinzurechnest, statt das Gesamtergebnis zu verdoppeln"
    spec = DamageSpec("1d4", (Modifier(2, "ability"),), precision="1d6", critical=True,
                      roll_twice=True)
    # the weapon dice twice, then the precision dice twice
    assert roll_damage(spec, faces(3, 1, 5, 2)) == DamageResult(3 + 1 + 5 + 2 + 4,
                                                                 (3, 1, 5, 2), 7, 0)
    assert dict(damage_distribution(spec).items()) == outcomes(
        lambda d: d(4) + d(4) + d(6) + d(6) + 4)


def test_no_critical_extra_without_a_critical() -> None:
    # "Vorteile, die du speziell durch einen Kritischen Treffer erlangst" — none on a hit
    spec = DamageSpec("1d8", critical_extra="1d10")
    assert roll_damage(spec, faces(5)) == DamageResult(5, (5,), 0, 0)
    plain_critical = DamageSpec("1d8", critical=True)
    assert roll_damage(plain_critical, faces(5)) == DamageResult(10, (5,), 0, 0)


def test_a_critical_extra_is_added_once_and_reported() -> None:
    # "[...] werden nicht verdoppelt – z.B. [...] der zusätzliche Würfel durch die
    # Waffeneigenschaft Tödlich."
    spec = DamageSpec("1d8", (Modifier(1, "ability"),), critical=True, critical_extra="1d10")
    assert roll_damage(spec, faces(5, 7)) == DamageResult(2 * (5 + 1) + 7, (5, 7), 0, 7)
    assert dict(damage_distribution(spec).items()) == outcomes(
        lambda d: 2 * (d(8) + 1) + d(10))


def test_the_critical_only_part_never_exceeds_the_minimum_of_one() -> None:
    # "verursacht der Angriff immer noch 1 Schadenspunkt": 2·(1 − 10) + 7 < 1, so 1 damage,
    # of which at most that 1 point came only from the critical hit
    spec = DamageSpec("1d8", (Modifier(-10, "untyped"),), critical=True,
                      critical_extra="1d10")
    assert roll_damage(spec, faces(1, 7)) == DamageResult(1, (1, 7), 0, 1)
    # 2·(8 − 10) + 1 = −3: still 1
    assert roll_damage(spec, faces(8, 1)) == DamageResult(1, (8, 1), 0, 1)
    # 2·(8 − 10) + 10 = 6: 6 points, all 6 of the extra die count as critical-only
    assert roll_damage(spec, faces(8, 10)) == DamageResult(6, (8, 10), 0, 6)
    assert dict(damage_distribution(spec).items()) == outcomes(
        lambda d: max(1, 2 * (d(8) - 10) + d(10)))


def test_rolling_twice_is_only_for_a_critical_hit() -> None:
    # "Der SL könnte auch erlauben, dass du alle Würfel zweimal wirfst [...] statt das
    # Gesamtergebnis zu verdoppeln" — on a plain hit there is nothing to double
    spec = DamageSpec("1d4", (Modifier(1, "ability"),), precision="1d6", roll_twice=True)
    assert roll_damage(spec, faces(3, 5)) == DamageResult(3 + 5 + 1, (3, 5), 5, 0)
    assert dict(damage_distribution(spec).items()) == outcomes(lambda d: d(4) + d(6) + 1)
