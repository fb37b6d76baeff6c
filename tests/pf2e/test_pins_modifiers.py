"""Stacking of modifiers and the proficiency bonus pinned with whole results."""

from __future__ import annotations

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.modifiers import Ignored, Modifier, Stacked, stack
from regelwerk.systems.pf2e.checks.proficiency import MAX_LEVEL, proficiency_bonus


# "Hast du aber mehrere Boni der gleichen Art, dann darfst du nur den höchsten von ihnen
# auf deinen Wurf addieren" — "rechnest du nur den schlechtesten aller Mali der gleichen
# Art" — "Allerdings kannst du durch aus einen Bonus und einen Malus der gleichen Art
# hinzurechnen." — "rechnest du immer alle deine Kategorielosen Mali zusammen"
def test_stacking_by_type() -> None:
    rune1, rune2 = Modifier(1, "item", "+1 rune"), Modifier(2, "item", "+2 rune")
    bad_item = Modifier(-1, "item", "shoddy")
    frightened, sickened = Modifier(-1, "status", "frightened"), Modifier(-2, "status", "sick")
    map1, map2 = Modifier(-5, "untyped", "MAP"), Modifier(-2, "untyped", "range")
    cover = Modifier(2, "circumstance", "cover")
    result = stack([rune1, rune2, bad_item, frightened, sickened, map1, map2, cover])
    assert result == Stacked(
        2 - 1 - 2 - 5 - 2 + 2,
        (rune2, bad_item, sickened, map1, map2, cover),
        (Ignored(rune1, "highest_bonus", rune2), Ignored(frightened, "worst_penalty", sickened)))


def test_one_ability_modifier_and_first_among_equals() -> None:
    strength, dexterity = Modifier(3, "ability", "Str"), Modifier(4, "ability", "Dex")
    assert stack([strength, dexterity]) == Stacked(
        4, (dexterity,), (Ignored(strength, "one_ability", dexterity),))
    weak = Modifier(-1, "ability", "Str")
    assert stack([weak, Modifier(-2, "ability", "Dex")]).total == -1
    first, second = Modifier(2, "status", "a"), Modifier(2, "status", "b")
    assert stack([first, second]) == Stacked(2, (first,), (Ignored(second, "highest_bonus",
                                                                     first),))
    zero = Modifier(0, "proficiency", "untrained")
    assert stack([zero, Modifier(2, "proficiency", "trained")]).total == 2
    assert stack([]) == Stacked(0, (), ())
    for kind in ("proficiency", "item", "circumstance", "status"):
        assert stack([Modifier(1, kind), Modifier(3, kind),
                      Modifier(-1, kind), Modifier(-4, kind)]).total == -1


# "Besitzt du den Kompetenzgrad Ungeübt, ist dein Bonus +0 [...] Andernfalls ist dein Bonus
# gleich der Stufe deines Charakters plus eine gewisse von deinem Kompetenzgrad abhängige
# Zahl." — trained 2, expert 4, master 6, legendary 8
@pytest.mark.parametrize(("rank", "add"), [("trained", 2), ("expert", 4), ("master", 6),
                                           ("legendary", 8)])
@pytest.mark.parametrize("level", [-1, 0, 1, 20, 30])
def test_proficiency_bonus(rank: str, add: int, level: int) -> None:
    assert proficiency_bonus(rank, level) == level + add
    assert proficiency_bonus("untrained", level) == 0


@pytest.mark.parametrize("level", [-2, 31])
def test_levels_outside_are_refused(level: int) -> None:
    assert MAX_LEVEL == 30
    with pytest.raises(RuleError, match="outside −1 to 30") as refused:
        proficiency_bonus("trained", level)
    assert refused.value.code == "out_of_range"


def test_general_rules_of_play() -> None:
    from fractions import Fraction

    from regelwerk.systems.pf2e.checks.degrees import Degree
    from regelwerk.systems.pf2e.checks.general import (
        Effect,
        basic_save_damage,
        combine_multipliers,
        halve,
        winning_effect,
    )

    # "Dabei wird grundsätzlich immer abgerundet"
    assert [halve(v) for v in (0, 1, 6, 7)] == [0, 0, 3, 3]
    # "Dabei zählt jeder Multiplikator nach dem ersten als 1 weniger als sein eigentlicher
    # Wert" — doubling twice is ×3
    assert combine_multipliers([Fraction(2)]) == 2
    assert combine_multipliers([Fraction(2), Fraction(2)]) == 3
    assert combine_multipliers([Fraction(3), Fraction(2), Fraction(1)]) == 4
    for bad, code in (([], "missing_field"), ([Fraction(1, 2)], "out_of_range")):
        with pytest.raises(RuleError) as refused:
            combine_multipliers(bad)
        assert refused.value.code == code
    # basic saves: none, half, full, double
    assert [basic_save_damage(7, d) for d in (Degree.CRITICAL_SUCCESS, Degree.SUCCESS,
                                               Degree.FAILURE, Degree.CRITICAL_FAILURE)] == [
        0, 3, 7, 14]
    assert basic_save_damage(0, Degree.CRITICAL_FAILURE) == 0
    with pytest.raises(RuleError, match="must not be negative"):
        basic_save_damage(-1, Degree.FAILURE)
    # "Dabei zählt der höchste Grad der Effekte oder, wenn sie gleichen Grades sind, der
    # neueste."
    old, new, high = Effect("a", 3, 1), Effect("b", 3, 2), Effect("c", 4, 0)
    assert winning_effect([old, new]) == new
    assert winning_effect([new, old]) == new
    assert winning_effect([old, high, new]) == high
    with pytest.raises(RuleError, match="at least one effect"):
        winning_effect([])


SCORES = {"str": 4, "dex": 3, "con": 2, "int": 1, "wis": 0, "cha": -1}


# "Nahkampfangriff = Stärke (Geschicklichkeit mit Finesse) + Kompetenz", "Fernkampfangriff
# = Geschicklichkeit + Kompetenz", "Wahrnehmung = Weisheit", "Reflex / Wille / Zähigkeit =
# Geschicklichkeit / Weisheit / Konstitution"; any DC = 10 + the modifier; trained at
# level 3 adds 5
@pytest.mark.parametrize(("kind", "ability", "value"), [
    ("melee_attack", None, 4 + 5), ("ranged_attack", None, 3 + 5),
    ("perception", None, 0 + 5), ("perception_dc", None, 10 + 0 + 5),
    ("fortitude", None, 2 + 5), ("reflex", None, 3 + 5), ("will", None, 0 + 5),
    ("spell_attack", "cha", -1 + 5), ("spell_dc", "int", 10 + 1 + 5),
    ("skill", "int", 1 + 5), ("skill_dc", "dex", 10 + 3 + 5), ("save_dc", "con", 10 + 2 + 5),
    ("armor_class", None, 10 + 3 + 5)])
def test_statistic_formulas(kind: str, ability: str | None, value: int) -> None:
    from regelwerk.systems.pf2e.checks.statistics import statistic

    result = statistic(kind, SCORES, 3, "trained", ability=ability)
    assert result.value == value
    assert result.is_dc is (kind in ("spell_dc", "armor_class", "perception_dc", "save_dc",
                                     "skill_dc"))


def test_finesse_armour_cap_and_item_bonus() -> None:
    from regelwerk.systems.pf2e.checks.statistics import Armor, statistic

    nimble = {"str": 1, "dex": 3}
    assert statistic("melee_attack", nimble, 1, "trained", finesse=True).value == 3 + 3
    assert statistic("melee_attack", nimble, 1, "trained").value == 1 + 3
    even = {"str": 3, "dex": 3}
    assert statistic("melee_attack", even, 1, "trained", finesse=True).stacked.applied[
        0].label == "str"
    plate = Armor("heavy", dex_cap=0, item_bonus=6)
    ac = statistic("armor_class", {"dex": 3}, 1, "trained", armor=plate)
    assert ac.value == 10 + 0 + 3 + 6
    assert [m.value for m in ac.stacked.applied] == [0, 3, 6]
    capped = statistic("armor_class", {"dex": 2}, 1, "trained", armor=Armor("light", 2, 1))
    assert capped.value == 10 + 2 + 3 + 1
    assert capped.stacked.applied[0].label == "dex"
    bare = statistic("armor_class", {"dex": 2}, 1, "untrained", armor=Armor())
    assert bare.value == 12
    assert len(bare.stacked.applied) == 2
    with_bonus = statistic("reflex", {"dex": 2}, 1, "expert",
                           others=(Modifier(1, "status", "bless"),))
    assert with_bonus.value == 2 + 5 + 1


def test_statistic_refusals() -> None:
    from regelwerk.systems.pf2e.checks.statistics import statistic

    with pytest.raises(RuleError, match="unknown statistic") as unknown:
        statistic("luck", SCORES, 1, "trained")
    assert unknown.value.code == "unknown_name"
    for kind in ("spell_attack", "spell_dc", "skill", "skill_dc", "save_dc"):
        with pytest.raises(RuleError, match="needs 'ability'") as missing:
            statistic(kind, SCORES, 1, "trained")
        assert missing.value.code == "missing_field"


def test_a_zero_bonus_is_a_bonus() -> None:
    nothing, rune = Modifier(0, "item", "plain"), Modifier(2, "item", "rune")
    assert stack([nothing, rune]) == Stacked(2, (rune,), (Ignored(nothing, "highest_bonus",
                                                                    rune),))
    curse = Modifier(-1, "item", "cursed")
    assert stack([nothing, curse]) == Stacked(-1, (nothing, curse), ())


def test_abilities_not_given_count_zero() -> None:
    from regelwerk.systems.pf2e.checks.statistics import statistic

    assert statistic("reflex", {}, 1, "trained").value == 3
    assert statistic("skill", {}, 1, "trained", ability="int").value == 3
    assert statistic("melee_attack", {"dex": 2}, 1, "trained", finesse=True).value == 5
    assert statistic("melee_attack", {"str": -1}, 1, "trained", finesse=True).value == 3
    assert statistic("melee_attack", {"dex": -1}, 1, "trained", finesse=True).value == 3
    assert statistic("melee_attack", {}, 1, "trained").value == 3
