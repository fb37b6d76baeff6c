"""PF2e checks pinned: the d20s rolled for fortune and misfortune, the hero point reroll
with both rolls kept, flat checks at DC 1/2 and 20/21, secret checks, every expected
value written out from the text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource
from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.checks import (
    Check,
    flat_check_dc,
    flat_check_needs_roll,
    natural_distribution,
    unknown_secret,
)
from regelwerk.systems.pf2e.checks.degrees import Adjustment, Degree

CF, F, S, CS = Degree.CRITICAL_FAILURE, Degree.FAILURE, Degree.SUCCESS, Degree.CRITICAL_SUCCESS


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


@pytest.mark.parametrize(("fortune", "misfortune", "rolled", "natural", "mode"), [
    (False, False, (7,), 7, "normal"), (True, False, (7, 13), 13, "fortune"),
    (False, True, (7, 13), 7, "misfortune"), (True, True, (7,), 7, "normal"),
    (True, False, (13, 7), 13, "fortune"), (False, True, (13, 7), 7, "misfortune")])
def test_fortune_rolls_twice_and_takes_the_higher(fortune: bool, misfortune: bool,
                                                  rolled: tuple[int, ...], natural: int,
                                                  mode: str) -> None:
    check = Check(5, 15, fortune, misfortune)
    assert check.mode == mode
    result = check.roll(faces(*rolled))
    assert result.first is None
    assert result.faces == rolled
    assert result.roll.faces == rolled
    assert result.roll.natural == natural
    assert result.roll.total == natural + 5


# "Gib 1 Heldenpunkt aus, um einen Wurf zu wiederholen. Du musst das neue Resultat
# behalten."
def test_hero_point_reroll_keeps_the_new_result() -> None:
    check = Check(5, 15, reroll_on=frozenset({F, CF}))
    rerolled = check.roll(faces(3, 2))
    assert rerolled.first is not None
    assert rerolled.first.natural == 3
    assert rerolled.first.result.degree is F
    assert rerolled.roll.natural == 2
    assert rerolled.roll.total == 7
    assert rerolled.roll.result.degree is F
    assert rerolled.faces == (3, 2)
    kept = check.roll(faces(10))
    assert kept.first is None
    assert kept.roll.result.degree is S
    misfortune = Check(5, 15, misfortune=True, reroll_on=frozenset({F}))
    both = misfortune.roll(faces(3, 18, 19, 12))
    assert both.faces == (3, 18, 19, 12)
    assert both.roll.natural == 12
    # "Dies ist ein Glückseffekt": no hero point reroll on a fortune roll
    with pytest.raises(RuleError, match="only one fortune effect") as refused:
        Check(5, 15, fortune=True, reroll_on=frozenset({F}))
    assert refused.value.code == "invalid_value"


def test_adjustments_reach_the_rolled_degree() -> None:
    check = Check(5, 15, adjustments=(Adjustment("evasion", to=CS, when=S),))
    assert check.roll(faces(10)).roll.result.degree is CS
    assert check.judge(10).degree is CS
    assert check.judge(9).degree is F
    assert check.single_odds()[CS] == Fraction(11, 20)


def test_natural_distributions() -> None:
    assert dict(natural_distribution("normal")) == dict.fromkeys(range(1, 21), Fraction(1, 20))
    higher = dict(natural_distribution("fortune"))
    lower = dict(natural_distribution("misfortune"))
    for face in range(1, 21):
        # the higher of two d20 is face: both ≤ face, not both ≤ face − 1
        assert higher[face] == Fraction(face**2 - (face - 1) ** 2, 400)
        assert lower[face] == Fraction((21 - face) ** 2 - (20 - face) ** 2, 400)


def test_flat_checks_at_their_boundaries() -> None:
    assert flat_check_needs_roll(0) is True
    assert flat_check_needs_roll(1) is True
    assert flat_check_needs_roll(2) is None
    assert flat_check_needs_roll(20) is None
    assert flat_check_needs_roll(21) is False
    assert flat_check_dc([11]) == 11
    assert flat_check_dc([5, 17, 11]) == 17
    with pytest.raises(RuleError, match="at least one DC") as missing:
        flat_check_dc([])
    assert missing.value.code == "missing_field"


# "dann kannst du keine Glücks- oder Unglückseffekte [...] auf den Wurf anwenden. Ausnahme:
# Wenn du über Glücks- oder Unglückseffekte verfügst, die automatisch angewendet werden,
# wendet der SL sie auch auf den verdeckten Wurf an."
def test_unknown_secret_checks_drop_chosen_effects() -> None:
    adjust = (Adjustment("a", steps=1),)
    check = Check(3, 15, False, True, adjust, frozenset({F}))
    assert unknown_secret(check) == (Check(3, 15, False, False, adjust, frozenset()),
                                     ("misfortune", "hero_point_reroll"))
    assert unknown_secret(check, automatic_misfortune=True) == (
        Check(3, 15, False, True, adjust, frozenset()), ("hero_point_reroll",))
    lucky = Check(3, 15, fortune=True)
    assert unknown_secret(lucky) == (Check(3, 15), ("fortune",))
    assert unknown_secret(lucky, automatic_fortune=True) == (lucky, ())
    assert unknown_secret(Check(3, 15), automatic_fortune=True) == (Check(3, 15), ())
