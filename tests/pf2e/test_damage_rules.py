"""Schaden, Schadensarten, IWR, Gegenstände and Stürze, cited from the text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource, distribution
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.damage.damage_roll import (
    DamageSpec,
    ability_damage,
    damage_distribution,
    roll_damage,
)
from regelwerk.systems.pf2e.damage.damage_types import CATEGORY_OF, DAMAGE_TYPES
from regelwerk.systems.pf2e.damage.iwr import DamageInstance, Defence, Target, apply_damage
from regelwerk.systems.pf2e.damage.objects import Item, damage_item
from regelwerk.systems.pf2e.damage.strike_odds import applied_damage
from regelwerk.systems.pf2e.space.falling import fall_on_creature, falling_damage

MAGICAL = frozenset({"magical"})


def faces(*values: int) -> ScriptedRandomSource:
    return ScriptedRandomSource(values)


def test_at_least_one_damage() -> None:
    # "Sollten Abzüge den Schaden eines Angriffs auf 0 oder darunter reduzieren,
    # verursacht der Angriff immer noch 1 Schadenspunkt."
    spec = DamageSpec("1d4", (Modifier(-3, "status"), Modifier(-2, "untyped")))
    assert roll_damage(spec, faces(2)).total == 1
    assert damage_distribution(spec).items() == [(1, Fraction(1))]


def test_damage_modifiers_stack_as_for_checks() -> None:
    # "Wenn du jedoch mehr als einen Bonus der gleichen Art hast, dann rechnest du nur den
    # höchsten von ihnen hinzu. [...] es werden jedoch immer alle anfallenden
    # Kategorielosen Mali angewendet."
    spec = DamageSpec("1d8", (Modifier(2, "status"), Modifier(1, "status"),
                              Modifier(-1, "untyped"), Modifier(-1, "untyped")))
    assert roll_damage(spec, faces(5)).total == 5 + 2 - 2


def test_strength_by_kind_of_attack() -> None:
    # "Bei Nahkampfwaffen, Waffenlosen Angriffen und Wurfwaffen, ist es meistens dein
    # Stärkemodifikator [...] Waffen mit der Eigenschaft Geschoss rechnen unter Umständen
    # die Hälfte deines Stärkemodifikators hinzu. Zu Schaden, welcher durch Zauber,
    # Fernkampfwaffen [...] zugefügt wird, rechnest du normalerweise keinen
    # Attributsmodifikator hinzu."
    assert ability_damage("melee", 4) == Modifier(4, "ability", "str")
    assert ability_damage("thrown", 3) is not None
    half = ability_damage("propulsive", 3)
    assert half is not None
    assert half.value == 1
    negative = ability_damage("propulsive", -1)
    assert negative is not None
    assert negative.value == -1
    assert ability_damage("spell", 4) is None
    assert ability_damage("ranged", 4) is None


def test_critical_doubles_the_total_after_modifiers() -> None:
    # "würfelst du den Schaden ganz normal aus und rechnest alle passenden Modifikatoren,
    # Boni und Mali hinzu. Dann verdoppelst oder halbierst du das Ergebnis entsprechend."
    spec = DamageSpec("1d8", (Modifier(4, "ability"),), critical=True)
    assert roll_damage(spec, faces(5)).total == 18


def test_game_master_variant_rolls_the_dice_twice() -> None:
    # "Der SL könnte auch erlauben, dass du alle Würfel zweimal wirfst und das Doppelte
    # aller Modifikatoren, Boni und Mali hinzurechnest"
    spec = DamageSpec("1d8", (Modifier(4, "ability"),), critical=True, roll_twice=True)
    assert roll_damage(spec, faces(5, 2)).total == 5 + 2 + 8
    assert damage_distribution(spec) == distribution("2d8+8").distribution


def test_critical_only_extras_are_not_doubled() -> None:
    # "Vorteile, die du speziell durch einen Kritischen Treffer erlangst, werden nicht
    # verdoppelt – z.B. [...] der zusätzliche Würfel durch die Waffeneigenschaft Tödlich."
    spec = DamageSpec("1d8", (Modifier(4, "ability"),), critical=True, critical_extra="1d10")
    assert roll_damage(spec, faces(5, 7)).total == 18 + 7
    assert DamageSpec("1d8", critical=False, critical_extra="1d10") != spec
    assert roll_damage(DamageSpec("1d8", critical_extra="1d10"), faces(5)).total == 5


def test_rune_dice_are_the_weapon_dice() -> None:
    # "Diese zusätzlichen Würfel sind von der gleichen Art wie der Schadenswürfel der
    # Waffe." — a striking rune makes 1W8 into 2W8
    assert damage_distribution(DamageSpec("2d8")) == distribution("2d8").distribution


@pytest.mark.parametrize(("kind", "category"), [
    ("bludgeoning", "physical"), ("piercing", "physical"), ("slashing", "physical"),
    ("poison", "physical"), ("bleed", "physical"), ("fire", "energy"), ("force", "energy"),
    ("positive", "energy"), ("evil", "alignment"), ("mental", "mental")])
def test_damage_categories(kind: str, category: str) -> None:
    # "es handelt sich bei Giftschaden auch um Körperlichen Schaden" — "Eine weitere
    # besondere Art Körperlicher Schaden ist Blutungsschaden."
    assert CATEGORY_OF[kind] == category


def test_german_damage_type_names() -> None:
    assert DAMAGE_TYPES.canonical("Wuchtschaden") == "bludgeoning"
    assert DAMAGE_TYPES.canonical("Kälte") == "cold"


def test_fire_weakness_makes_2d6_into_2d6_plus_5() -> None:
    # "Wenn du z.B. 2W6 Feuerschaden nimmst und Schwäche gegen Feuer 5 hast, dann nimmst
    # du 2W6+5 Feuerschaden."
    target = Target(weaknesses=(Defence("fire", 5),))
    assert applied_damage(DamageSpec("2d6"), "fire", frozenset(), target) == \
        distribution("2d6+5").distribution


def test_only_the_highest_weakness() -> None:
    # "Wenn du mehr als eine Schwäche hast, die bei einem Angriff gleichermaßen wirksam
    # werden, zählt nur die anwendbare Schwäche mit dem höchsten Wert."
    target = Target(weaknesses=(Defence("slashing", 5), Defence("silver", 3)))
    (applied,) = apply_damage([DamageInstance(6, "slashing", traits=frozenset({"silver"}))],
                              target)
    assert applied.amount == 11
    assert [s.kind for s in applied.steps] == ["weakness", "ignored_weakness"]


def test_resistance_to_all_applies_to_each_type() -> None:
    # "Wenn dir ein Effekt 7 Punkte Hiebschaden und 4 Punkte Feuerschaden zufügt, würde
    # Resistenz 5 gegen alle Arten von Schaden den Hiebschaden auf 2 Punkte reduzieren und
    # den Feuerschaden ganz verhindern."
    target = Target(resistances=(Defence("all", 5),))
    applied = apply_damage([DamageInstance(7, "slashing"), DamageInstance(4, "fire")], target)
    assert [a.amount for a in applied] == [2, 0]


def test_non_magical_bludgeoning_resistance() -> None:
    # "Es würde aber normalen Schaden nehmen von deinem +1 Streitkolben (da er magisch
    # ist) oder von einem nichtmagischen Speer (da dieser Stichschaden zufügt)."
    target = Target(resistances=(Defence("bludgeoning", 5, MAGICAL),))
    mace, spear, club = apply_damage([DamageInstance(8, "bludgeoning", traits=MAGICAL),
                                      DamageInstance(8, "piercing"),
                                      DamageInstance(8, "bludgeoning")], target)
    assert (mace.amount, spear.amount, club.amount) == (8, 8, 3)


def test_silver_exception() -> None:
    # "Resistenz 10 gegen Körperlichen Schaden (außer Silber) jeden Körperlichen Schaden um
    # 10 reduzieren, es sei denn, der Schaden wurde mit einer silbernen Waffe zugefügt."
    target = Target(resistances=(Defence("physical", 10, frozenset({"silver"})),))
    plain, silver = apply_damage([DamageInstance(12, "slashing"),
                                  DamageInstance(12, "slashing", traits=frozenset({"silver"}))],
                                 target)
    assert (plain.amount, silver.amount) == (2, 12)


def test_only_the_highest_resistance_never_below_zero() -> None:
    # "(mit einem Minimum von 0 Schaden)" — "dann benutzt du nur die mit dem höheren Wert"
    target = Target(resistances=(Defence("fire", 3), Defence("energy", 10)))
    (applied,) = apply_damage([DamageInstance(6, "fire")], target)
    assert applied.amount == 0
    assert [s.kind for s in applied.steps] == ["resistance", "ignored_resistance"]


def test_rogue_precision_damage_and_precision_immunity() -> None:
    # "Ein Angriff mit einem nichtmagischen Dolch z.B., der durch den Hinterhältigen
    # Angriff eines Schurken 1W6 Präzisionsschaden zufügt, erhöht den Stichschaden um
    # +1W6. [...] würde eine Kreatur, die gegen Präzisionsschaden immun ist, die 1W6
    # Präzisionsschaden ignorieren, aber dennoch den normalen Schaden [...] nehmen."
    spec = DamageSpec("1d4", precision="1d6")
    immune = Target(immunities=frozenset({"precision"}))
    assert applied_damage(spec, "piercing", frozenset(), immune) == \
        distribution("1d4").distribution
    (applied,) = apply_damage([DamageInstance(7, "piercing", precision=4)], immune)
    assert applied.amount == 3


def test_ghost_resistance_applies_to_precision_too() -> None:
    # "kann eine Kreatur, die Resistenz gegen nichtmagischen Schaden hat, wie ein Geist
    # [...] ihre Resistenz nicht nur gegen den Schaden durch den Dolch anwenden, sondern
    # auch gegen den Präzisionsschaden"
    ghost = Target(resistances=(Defence("all", 5, MAGICAL),))
    (applied,) = apply_damage([DamageInstance(7, "piercing", precision=4)], ghost)
    assert applied.amount == 2


def test_stone_golem_and_nonlethal() -> None:
    # "Ein Steingolem z.B. ist immun gegen Nichttödlichen Schaden. [...] du kannst ihm so
    # keinen Schaden zufügen – außer deine Fäuste haben nicht die Kategorie Nichttödlich,
    # beispielsweise wenn du ein Mönch bist."
    golem = Target(immunities=frozenset({"nonlethal"}))
    fist, monk = apply_damage([DamageInstance(4, "bludgeoning",
                                              traits=frozenset({"nonlethal"})),
                               DamageInstance(4, "bludgeoning")], golem)
    assert (fist.amount, monk.amount) == (0, 4)


def test_immunity_to_a_type_a_category_or_a_trait() -> None:
    # "Wenn du Immunität gegen eine bestimmte Schadensart hast, dann kannst du allen
    # Schaden dieses Typs vollständig ignorieren." — a spell dealing fire and acid damage
    # still deals the acid damage to a creature immune to fire
    fire_immune = Target(immunities=frozenset({"fire"}))
    fire, acid = apply_damage([DamageInstance(6, "fire"), DamageInstance(6, "acid")],
                              fire_immune)
    assert (fire.amount, acid.amount) == (0, 6)
    # a trait matches only what names a trait: immunity to death effects
    death = DamageInstance(5, "negative", traits=frozenset({"death"}))
    assert apply_damage([death], Target(immunities=frozenset({"death"})))[0].amount == 0


def test_immunities_then_weaknesses_then_resistances() -> None:
    # "Immunitäten werden zuerst angewendet, dann Schwächen und zuletzt Resistenzen."
    target = Target(weaknesses=(Defence("cold", 3),), resistances=(Defence("all", 5),))
    (applied,) = apply_damage([DamageInstance(5, "cold")], target)
    assert applied.amount == 3
    assert [s.kind for s in applied.steps] == ["weakness", "resistance"]


def test_critical_hit_immunity_takes_normal_damage() -> None:
    # "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs."
    (applied,) = apply_damage([DamageInstance(18, "slashing")],
                              Target(immunities=frozenset({"critical_hits"})), critical=True)
    assert applied.amount == 9


def test_temporary_immunity_to_a_named_effect() -> None:
    # "Wenn jemand auf diese Kreatur Blindheit verursachen wirkt, bevor 1 Minute abgelaufen
    # ist, hat der Zauber keinen Effekt."
    target = Target(temporary_immunities=frozenset({"blindness"}))
    (applied,) = apply_damage([DamageInstance(5, "mental", effect="blindness")], target)
    assert applied.amount == 0


@pytest.mark.parametrize(("kind", "traits", "harmed"), [
    ("good", {"evil"}, True), ("good", {"good"}, False), ("good", set(), False),
    ("evil", {"good"}, True), ("chaotic", {"lawful"}, True), ("lawful", {"chaotic"}, True),
    ("lawful", {"evil"}, False)])
def test_alignment_damage_harms_only_the_opposed(kind: str, traits: set[str],
                                                 harmed: bool) -> None:
    # "Böser Schaden verletzt nur gute Kreaturen, Chaotischer Schaden verletzt nur
    # rechtschaffene Kreaturen, Guter Schaden verletzt nur böse Kreaturen und
    # Rechtschaffener Schaden verletzt nur chaotische Kreaturen."
    (applied,) = apply_damage([DamageInstance(6, kind)], Target(traits=frozenset(traits)))
    assert (applied.amount > 0) is harmed


def test_bleed_needs_a_living_target() -> None:
    # "Daher hat er keine Auswirkung auf nichtlebende Kreaturen"
    bleed = DamageInstance(3, "bleed")
    assert apply_damage([bleed], Target(traits=frozenset({"undead"})))[0].amount == 0
    assert apply_damage([bleed], Target(traits=frozenset({"construct"})))[0].amount == 0
    assert apply_damage([bleed], Target(traits=frozenset({"living"})))[0].amount == 3


def test_objects_hardness_broken_destroyed() -> None:
    # "Gegenstände besitzen den Spielwert Härte, der jeden Schaden [...] reduziert."
    item, taken = damage_item(Item(20, 20, hardness=5, broken_threshold=10), 12)
    assert (taken, item.hp, item.broken, item.destroyed) == (7, 13, False, False)
    item, _ = damage_item(item, 8)
    assert item.broken
    item, _ = damage_item(item, 100)
    assert item.destroyed


@pytest.mark.parametrize(("distance", "unit", "damage"), [
    (Fraction(9), "m", 15), (Fraction("1.5"), "m", 0), (Fraction("2.1"), "m", 3),
    (Fraction("2.4"), "m", 4), (Fraction(8), "ft", 4), (Fraction(450), "m", 750),
    (Fraction(600), "m", 750), (Fraction(1500), "ft", 750), (Fraction(5), "ft", 0)])
def test_falling(distance: Fraction, unit: str, damage: int) -> None:
    # "Wenn du mehr als 1,50 m stürzt, nimmst du beim Aufprall 1 Punkt Wuchtschaden für je
    # 0,60 m [...] Ein Sturz von mehr als 450 m wird dabei wie genau 450 m behandelt
    # (750 Schadenspunkte)."
    assert falling_damage(distance, unit) == damage  # type: ignore[arg-type]


def test_soft_surfaces_and_water() -> None:
    # "kannst du den Sturz behandeln, als wärest du 6 m weniger tief gestürzt, oder 9 m,
    # wenn du absichtlich ins Wasser eingetaucht bist. [...] Wenn du also in 3 m tiefes
    # Wasser stürzt, kannst du die gestürzte Entfernung als um 3 m weniger behandeln."
    assert falling_damage(Fraction(12), soft_surface=True) == 10
    assert falling_damage(Fraction(12), dived=True) == 5
    assert falling_damage(Fraction(12), soft_surface=True, water_depth=Fraction(3)) == 15
    assert falling_damage(Fraction(40), "ft", soft_surface=True) == 10


@pytest.mark.parametrize(("degree", "damage"), [
    (Degree.CRITICAL_SUCCESS, 0), (Degree.SUCCESS, 3), (Degree.FAILURE, 7),
    (Degree.CRITICAL_FAILURE, 15)])
def test_falling_on_a_creature(degree: Degree, damage: int) -> None:
    # "Kritischer Erfolg Die Kreatur nimmt keinen Schaden. Erfolg [...] einem Viertel [...]
    # Fehlschlag [...] der Hälfte [...] Kritischer Fehlschlag [...] in Höhe des Schadens"
    assert fall_on_creature(15, degree) == damage
