"""Immunities, weaknesses and resistances pinned with the whole applied result (amount
and every recorded step), at the boundaries (0 and 1 damage, resistance equal to the
damage) and for each rule that says whom a damage type can harm."""

from __future__ import annotations

import pytest

from regelwerk.systems.pf2e.damage.iwr import (
    Applied,
    DamageInstance,
    Defence,
    Step,
    Target,
    apply_damage,
    apply_instance,
    combine,
)

LIVING = Target(traits=frozenset({"living"}))
UNDEAD = Target(traits=frozenset({"undead"}))


def amount(instance: DamageInstance, target: Target, critical: bool = False) -> int:
    return apply_instance(instance, target, critical).amount


# "Positiven Energieschaden [...], der untote Körper verfallen lässt" — "Negativer
# Energieschaden, der Lebende dahinrafft"
@pytest.mark.parametrize(("kind", "target", "harmed"), [
    ("positive", LIVING, False), ("positive", UNDEAD, True),
    ("positive", Target(traits=frozenset({"negative_healing"})), True),
    ("negative", LIVING, True), ("negative", UNDEAD, False),
    ("negative", Target(traits=frozenset({"construct"})), False),
    ("negative", Target(traits=frozenset({"negative_healing"})), False),
    ("bleed", LIVING, True), ("bleed", Target(traits=frozenset({"construct"})), False),
    ("bleed", Target(traits=frozenset({"bloodless"})), False),
    ("bleed", UNDEAD, False)])
def test_whom_positive_negative_and_bleed_damage_harm(kind: str, target: Target,
                                                      harmed: bool) -> None:
    applied = apply_instance(DamageInstance(6, kind), target, False)
    assert applied.amount == (6 if harmed else 0)
    if harmed:
        assert applied.steps == ()
    else:
        assert [s.kind for s in applied.steps] == ["no_effect"]
        assert (applied.steps[0].value, applied.steps[0].amount) == (0, 0)


# "Böser Schaden verletzt nur gute Kreaturen, Chaotischer Schaden verletzt nur
# rechtschaffene Kreaturen, Guter Schaden verletzt nur böse Kreaturen und Rechtschaffener
# Schaden verletzt nur chaotische Kreaturen."
@pytest.mark.parametrize(("kind", "harms", "spares"), [
    ("evil", "good", "evil"), ("good", "evil", "good"), ("chaotic", "lawful", "chaotic"),
    ("lawful", "chaotic", "lawful")])
def test_alignment_damage(kind: str, harms: str, spares: str) -> None:
    assert amount(DamageInstance(5, kind), Target(traits=frozenset({harms}))) == 5
    assert amount(DamageInstance(5, kind), Target(traits=frozenset({spares}))) == 0
    assert amount(DamageInstance(5, kind), LIVING) == 0


# "Immunitäten werden zuerst angewendet, dann Schwächen und zuletzt Resistenzen."
def test_immunity_to_a_type_or_a_category_and_never_to_all() -> None:
    fire = DamageInstance(8, "fire")
    assert apply_instance(fire, Target(immunities=frozenset({"fire"})), False) == Applied(
        fire, 0, (Step("immunity", "fire", 0, 0),))
    assert apply_instance(fire, Target(immunities=frozenset({"energy"})), False) == Applied(
        fire, 0, (Step("immunity", "energy", 0, 0),))
    assert amount(fire, Target(immunities=frozenset({"all"}))) == 8
    assert amount(fire, Target(immunities=frozenset({"cold"}))) == 8


# "Ein bereits wirkender Effekt aus der gleichen Quelle wie die Temporäre Immunität wird
# durch diese nicht verhindert oder beendet."
def test_temporary_immunity_spares_ongoing_damage() -> None:
    target = Target(temporary_immunities=frozenset({"breath"}))
    new = DamageInstance(9, "fire", effect="breath")
    assert apply_instance(new, target, False) == Applied(
        new, 0, (Step("temporary_immunity", "breath", 0, 0),))
    assert amount(DamageInstance(9, "fire", effect="breath", ongoing=True), target) == 9
    assert amount(DamageInstance(9, "fire", effect="other"), target) == 9
    assert amount(DamageInstance(9, "fire"), target) == 9


# "nimmt sie anstelle des doppelten Schadens den normalen Schaden des Angriffs" — the
# deadly die (critical only) is left out, precision halved with the rest.
def test_critical_immunity_halves_the_doubled_damage() -> None:
    hit = DamageInstance(21, "slashing", precision=6, critical_only=5)
    immune = Target(immunities=frozenset({"critical_hits"}))
    assert apply_instance(hit, immune, True) == Applied(
        hit, 8, (Step("critical_immunity", "critical_hits", 0, 8),))
    assert amount(hit, immune, critical=False) == 21
    assert amount(hit, Target(), critical=True) == 21
    both = Target(immunities=frozenset({"critical_hits", "precision"}))
    assert apply_instance(hit, both, True) == Applied(
        hit, 5, (Step("critical_immunity", "critical_hits", 0, 8),
                 Step("precision_immunity", "precision", 0, 5)))


# "Manche Kreaturen sind immun gegen Präzisionsschaden [...] ignorieren, aber dennoch den
# normalen Schaden"
def test_precision_immunity_removes_only_precision() -> None:
    stab = DamageInstance(7, "piercing", precision=4)
    immune = Target(immunities=frozenset({"precision"}))
    assert apply_instance(stab, immune, False) == Applied(
        stab, 3, (Step("precision_immunity", "precision", 0, 3),))
    assert apply_instance(DamageInstance(7, "piercing"), immune, False).steps == ()


# "Immer wenn du Schaden dieser Art nimmst, musst du den Schaden um den Wert der Schwäche
# erhöhen." — "zählt nur die anwendbare Schwäche mit dem höchsten Wert"; no damage, no
# weakness.
def test_weakness_highest_only_and_not_on_zero_damage() -> None:
    target = Target(weaknesses=(Defence("slashing", 3), Defence("cold_iron", 5)))
    cut = DamageInstance(4, "slashing", traits=frozenset({"cold_iron"}))
    assert apply_instance(cut, target, False) == Applied(
        cut, 9, (Step("weakness", "cold_iron", 5, 9), Step("ignored_weakness", "slashing", 3, 9)))
    assert apply_instance(DamageInstance(1, "slashing"), target, False) == Applied(
        DamageInstance(1, "slashing"), 4, (Step("weakness", "slashing", 3, 4),))
    assert apply_instance(DamageInstance(0, "slashing"), target, False) == Applied(
        DamageInstance(0, "slashing"), 0, ())
    immune = Target(immunities=frozenset({"slashing"}), weaknesses=(Defence("slashing", 3),))
    assert amount(DamageInstance(4, "slashing"), immune) == 0


# "den Schaden um den Wert deiner Resistenz reduzieren (mit einem Minimum von 0 Schaden)"
@pytest.mark.parametrize(("damage", "left"), [(4, 0), (5, 0), (6, 1), (1, 0)])
def test_resistance_to_a_minimum_of_zero(damage: int, left: int) -> None:
    target = Target(resistances=(Defence("fire", 5), Defence("energy", 2)))
    fire = DamageInstance(damage, "fire")
    assert apply_instance(fire, target, False) == Applied(
        fire, left, (Step("resistance", "fire", 5, left),
                     Step("ignored_resistance", "energy", 2, left)))


def test_weakness_then_resistance() -> None:
    target = Target(weaknesses=(Defence("fire", 2),), resistances=(Defence("all", 3),))
    fire = DamageInstance(4, "fire")
    assert apply_instance(fire, target, False) == Applied(
        fire, 3, (Step("weakness", "fire", 2, 6), Step("resistance", "all", 3, 3)))


# "würde Resistenz 10 gegen Körperlichen Schaden (außer Silber) jeden Körperlichen Schaden
# um 10 reduzieren, es sei denn, der Schaden wurde mit einer silbernen Waffe zugefügt"
def test_resistance_exceptions() -> None:
    target = Target(resistances=(Defence("physical", 10, frozenset({"silver"})),))
    assert amount(DamageInstance(12, "slashing"), target) == 2
    assert amount(DamageInstance(12, "slashing", traits=frozenset({"silver"})), target) == 12
    assert amount(DamageInstance(12, "fire"), target) == 12
    weak = Target(weaknesses=(Defence("physical", 4, frozenset({"magical"})),))
    assert amount(DamageInstance(3, "bludgeoning"), weak) == 7
    assert amount(DamageInstance(3, "bludgeoning", traits=frozenset({"magical"})), weak) == 3


# Precision: a resistance to precision reduces only the precision part; a weakness to
# precision applies only when there is precision damage.
def test_resistance_and_weakness_to_precision() -> None:
    resist = Target(resistances=(Defence("precision", 5),))
    stab = DamageInstance(9, "piercing", precision=3)
    assert apply_instance(stab, resist, False) == Applied(
        stab, 6, (Step("resistance", "precision", 5, 6),))
    assert amount(DamageInstance(9, "piercing", precision=7), resist) == 4
    assert amount(DamageInstance(9, "piercing"), resist) == 9
    weak = Target(weaknesses=(Defence("precision", 2),))
    assert amount(stab, weak) == 11
    assert amount(DamageInstance(9, "piercing"), weak) == 9
    guarded = Target(resistances=(Defence("precision", 5, frozenset({"magical"})),))
    assert amount(DamageInstance(9, "piercing", precision=3, traits=frozenset({"magical"})),
                  guarded) == 9


def test_a_trait_named_like_a_type_is_not_that_type() -> None:
    # a flaming rune's fire trait on the slashing part is not fire damage
    target = Target(resistances=(Defence("fire", 5),), weaknesses=(Defence("energy", 1),))
    assert amount(DamageInstance(6, "slashing", traits=frozenset({"fire", "energy"})),
                  target) == 6
    assert amount(DamageInstance(6, "slashing", traits=frozenset({"ghost_touch"})),
                  Target(resistances=(Defence("ghost_touch", 2),))) == 4


# "jede Schadensart einzeln": one type of one effect is one amount; others stay apart.
def test_combine_one_type_of_one_effect() -> None:
    a = DamageInstance(3, "fire", precision=1, effect="bomb", critical_only=1)
    b = DamageInstance(4, "fire", precision=2, effect="bomb", critical_only=2)
    c = DamageInstance(5, "fire", effect="bomb", traits=frozenset({"magical"}))
    d = DamageInstance(2, "cold", effect="bomb")
    e = DamageInstance(6, "fire", effect="bomb", ongoing=True)
    # one named effect's damage of one type is one amount, whatever traits its parts
    # name ("jede Schadensart einzeln"); damage already running stays apart
    assert combine([a, d, b, c, e]) == (
        (DamageInstance(12, "fire", 3, frozenset({"magical"}), "bomb", 3), 3), (d, 1), (e, 1))
    resist = Target(resistances=(Defence("fire", 5),))
    applied = apply_damage([a, b, d], resist)
    assert [(x.amount, x.parts) for x in applied] == [(2, 2), (2, 1)]
    assert applied[0].steps == (Step("resistance", "fire", 5, 2),)
    assert apply_damage([a], Target(immunities=frozenset({"critical_hits"})), critical=True)[
        0].amount == 1


def test_more_boundaries_of_immunity_weakness_and_resistance() -> None:
    fire = DamageInstance(8, "fire")
    # two immunities match: the first by name is recorded
    both = Target(immunities=frozenset({"fire", "energy"}))
    assert apply_instance(fire, both, False).steps == (Step("immunity", "energy", 0, 0),)
    # odd amounts halve rounding down
    hit = DamageInstance(21, "slashing", precision=5, critical_only=4)
    halved = apply_instance(hit, Target(immunities=frozenset({"critical_hits"})), True)
    assert halved.amount == 8
    assert isinstance(halved.amount, int)
    both_halves = apply_instance(hit, Target(
        immunities=frozenset({"critical_hits"}), weaknesses=(Defence("precision", 3),)), True)
    assert both_halves.amount == 8 + 3
    # immune to precision: a precision resistance then has nothing to reduce
    stab = DamageInstance(7, "piercing", precision=4)
    guarded = Target(immunities=frozenset({"precision"}), resistances=(Defence("precision", 5),))
    assert apply_instance(stab, guarded, False) == Applied(
        stab, 3, (Step("precision_immunity", "precision", 0, 3),))
    # one point of precision is precision damage
    assert amount(DamageInstance(5, "piercing", precision=1),
                  Target(weaknesses=(Defence("precision", 2),))) == 7
    # no damage: no resistance step either
    nothing = DamageInstance(0, "fire")
    assert apply_instance(nothing, Target(resistances=(Defence("fire", 5),)), False) == Applied(
        nothing, 0, ())
