"""PF2e hit points, dying and death pinned at every threshold, asserting the whole
state (alive and not dying, the values of dying, wounded, doomed, hero points) and
the events.  Every expected state is written out from the quoted sentence of
chapter 9, not computed by the code under test."""

from __future__ import annotations

import pytest

from regelwerk.errors import NotAllowed
from regelwerk.systems.pf2e.health.health import (
    Creature,
    HealthRules,
    Outcome,
    damage,
    doomed_check,
    end_turn,
    gain_temp_hp,
    heal,
    heroic_recovery,
    recover,
    settle,
    start_turn,
)

PC = Creature(hp=10, max_hp=10)
KNOCKED_OUT = ("knocked_out", "prone", "dropped_items", "initiative_moves")
CRITICAL_SUCCESS, SUCCESS, FAILURE, CRITICAL_FAILURE = 3, 2, 1, 0


def dead(c: Creature) -> Creature:
    """What death leaves: 0 HP and no dying, doomed, temporary HP or unconsciousness."""
    return Creature(hp=0, max_hp=c.max_hp, wounded=c.wounded, dead=True,
                    hero_points=c.hero_points, traits=c.traits, dies_at_zero=c.dies_at_zero,
                    regeneration=c.regeneration, regeneration_amount=c.regeneration_amount,
                    regeneration_off=c.regeneration_off,
                    regeneration_off_by=c.regeneration_off_by, fast_healing=c.fast_healing)


# "Wenn du Schaden nimmst, reduzierst du deine aktuellen Trefferpunkte um eine Anzahl, die
# dem genommenen Schaden entspricht." — 1 HP left is still standing.
@pytest.mark.parametrize(("amount", "hp"), [(0, 10), (1, 9), (8, 2), (9, 1)])
def test_damage_that_leaves_hit_points_changes_only_them(amount: int, hp: int) -> None:
    assert damage(PC, amount) == Outcome(Creature(hp=hp, max_hp=10), ())


# "Du erhältst den Zustand Sterbend 1. Sollte der Effekt, der dich ausgeschaltet hat, ein
# Kritischer Erfolg des Angreifers [...] sein, erhältst du stattdessen den Zustand Sterbend 2."
@pytest.mark.parametrize(("critical", "dying"), [(False, 1), (True, 2)])
def test_reaching_zero_hp_knocks_out_and_gives_dying(critical: bool, dying: int) -> None:
    outcome = damage(PC, 10, critical=critical)
    assert outcome == Outcome(Creature(hp=0, max_hp=10, dying=dying, unconscious=True),
                              (*KNOCKED_OUT, "dying"))


# "Solltest du den Zustand Verwundet besitzen, so erhöhe deinen Zustandswert für Sterbend
# um deinen Zustandswert für Verwundet." and "Solltest du jemals Sterbend 4 erreichen,
# stirbst du."
@pytest.mark.parametrize(("wounded", "critical", "dying"),
                         [(1, False, 2), (2, False, 3), (1, True, 3)])
def test_wounded_adds_to_dying_below_four(wounded: int, critical: bool, dying: int) -> None:
    c = Creature(hp=5, max_hp=10, wounded=wounded)
    outcome = damage(c, 5, critical=critical)
    assert outcome == Outcome(Creature(hp=0, max_hp=10, wounded=wounded, dying=dying,
                                       unconscious=True), (*KNOCKED_OUT, "dying"))


@pytest.mark.parametrize(("wounded", "critical"), [(3, False), (2, True), (3, True)])
def test_dying_four_kills(wounded: int, critical: bool) -> None:
    c = Creature(hp=5, max_hp=10, wounded=wounded)
    outcome = damage(c, 5, critical=critical)
    assert outcome == Outcome(dead(c), (*KNOCKED_OUT, "dying", "dying_limit", "dead"))


# "Gib alle deine verbleibenden Heldenpunkte aus (mindestens 1), um den Tod zu vermeiden.
# [...] Du verlierst den Zustand Sterbend komplett und bist stabil bei 0 Trefferpunkten. Du
# erhältst nicht den Zustand Verwundet" — and with 0 hero points death is not avoided.
@pytest.mark.parametrize("hero_points", [1, 2, 3])
def test_hero_points_avoid_death_on_damage(hero_points: int) -> None:
    c = Creature(hp=0, max_hp=10, dying=3, wounded=1, unconscious=True,
                 hero_points=hero_points)
    outcome = damage(c, 1, avoid_death=True)
    assert outcome == Outcome(Creature(hp=0, max_hp=10, wounded=1, unconscious=True),
                              ("hero_points_spent", "stabilized"))
    assert not outcome.creature.dead
    assert outcome.creature.dying == 0


def test_zero_hero_points_do_not_avoid_death() -> None:
    c = Creature(hp=0, max_hp=10, dying=3, unconscious=True, hero_points=0)
    assert damage(c, 1, avoid_death=True) == Outcome(dead(c), ("dying", "dying_limit", "dead"))


def test_hero_points_kept_unless_asked_to_avoid_death() -> None:
    c = Creature(hp=0, max_hp=10, dying=1, unconscious=True, hero_points=1)
    assert damage(c, 1) == Outcome(
        Creature(hp=0, max_hp=10, dying=2, unconscious=True, hero_points=1), ("dying",))


# "Wenn du Schaden nimmst, wenn du bereits den Zustand Sterbend hast, erhöhst du deinen
# Zustandswert für Sterbend um 1 (bzw. um 2 [...]). Wenn du den Zustand Verwundet hast,
# vergiss nicht, deinen Zustandswert für Sterbend um deinen Zustandswert für Verwundet zu
# erhöhen." — the ruling's variant adds wounded only on gaining dying.
@pytest.mark.parametrize(("rules", "dying"), [(HealthRules(), 3), (HealthRules(False), 2)])
def test_further_damage_while_dying(rules: HealthRules, dying: int) -> None:
    c = Creature(hp=0, max_hp=10, dying=1, wounded=1, unconscious=True)
    assert damage(c, 3, rules=rules) == Outcome(
        Creature(hp=0, max_hp=10, dying=dying, wounded=1, unconscious=True), ("dying",))


def test_damage_at_zero_hp_but_not_dying_gives_dying_without_knock_out() -> None:
    c = Creature(hp=0, max_hp=10, unconscious=True, wakes_in=10)
    assert damage(c, 2) == Outcome(
        Creature(hp=0, max_hp=10, dying=1, unconscious=True, wakes_in=10), ("dying",))


# "Du stirbst augenblicklich, wenn du jemals mehr Schaden auf einmal nimmst als das
# Doppelte deiner maximalen Trefferpunkte."
@pytest.mark.parametrize(("amount", "dies"), [(19, False), (20, False), (21, True)])
def test_massive_damage_boundary(amount: int, dies: bool) -> None:
    outcome = damage(PC, amount)
    if dies:
        assert outcome == Outcome(dead(PC), ("massive_damage", "dead"))
    else:
        assert outcome.creature == Creature(hp=0, max_hp=10, dying=1, unconscious=True)


# "Wenn du Schaden nimmst, reduzierst du zuerst deine Temporären Trefferpunkte."
@pytest.mark.parametrize(("amount", "temp", "hp"), [(2, 1, 10), (3, 0, 10), (4, 0, 9)])
def test_temporary_hit_points_absorb_first(amount: int, temp: int, hp: int) -> None:
    c = Creature(hp=10, max_hp=10, temp_hp=3)
    assert damage(c, amount) == Outcome(Creature(hp=hp, max_hp=10, temp_hp=temp),
                                        ("temp_hp_absorbed",))


# "Sollte der Schaden aus einem Nichttödlichen Angriff [...] resultieren, so erhältst du bei
# 0 Trefferpunkten nicht den Zustand Sterbend, sondern nur den Zustand Bewusstlos."
def test_nonlethal_damage_knocks_out_without_dying() -> None:
    assert damage(PC, 12, nonlethal=True) == Outcome(
        Creature(hp=0, max_hp=10, unconscious=True), (*KNOCKED_OUT, "unconscious"))


# "Die meisten Kreaturen sterben, wenn sie 0 Trefferpunkte erreichen [...] es sei denn, der
# Angriff war nichttödlich. In diesem Fall sind sie stattdessen eine signifikante Zeit lang
# K.O."
def test_foes_die_at_zero_unless_nonlethal() -> None:
    foe = Creature(hp=4, max_hp=10, dies_at_zero=True)
    assert damage(foe, 3) == Outcome(Creature(hp=1, max_hp=10, dies_at_zero=True), ())
    assert damage(foe, 4) == Outcome(dead(foe), ("killed", "dead"))
    assert damage(foe, 4, nonlethal=True) == Outcome(
        Creature(hp=0, max_hp=10, dies_at_zero=True, unconscious=True),
        ("knocked_out", "prone", "dropped_items", "unconscious"))


# "Untote und Konstruktkreaturen sind bei 0 Trefferpunkten zerstört."
@pytest.mark.parametrize("trait", ["undead", "construct"])
def test_undead_and_constructs_are_destroyed(trait: str) -> None:
    c = Creature(hp=4, max_hp=10, traits=frozenset({trait}))
    assert damage(c, 3).creature == Creature(hp=1, max_hp=10, traits=frozenset({trait}))
    assert damage(c, 4, nonlethal=True) == Outcome(dead(c), ("destroyed", "dead"))


# "Wenn du durch einen Todeseffekt auf 0 Trefferpunkte gebracht wirst, bist du auf der
# Stelle tot"
def test_death_effect_kills_at_zero_only() -> None:
    assert damage(PC, 9, death_effect=True) == Outcome(Creature(hp=1, max_hp=10), ())
    assert damage(PC, 10, death_effect=True) == Outcome(dead(PC), ("death_effect", "dead"))


def test_the_dead_take_no_damage() -> None:
    corpse = dead(PC)
    assert damage(corpse, 5) == Outcome(corpse, ("already_dead",))


def test_damage_that_leaves_hit_points_wakes_the_unconscious() -> None:
    c = Creature(hp=5, max_hp=10, unconscious=True)
    assert damage(c, 4) == Outcome(Creature(hp=1, max_hp=10), ("woke_up",))


# "Kritischer Erfolg Dein Zustandswert für Sterbend sinkt um 2. Erfolg [...] sinkt um 1.
# Fehlschlag [...] steigt um 1. Kritischer Fehlschlag [...] steigt um 2."
@pytest.mark.parametrize(("dying", "degree", "after"), [
    (3, CRITICAL_SUCCESS, 1), (3, SUCCESS, 2), (1, FAILURE, 2), (1, CRITICAL_FAILURE, 3),
    (2, FAILURE, 3)])
def test_recovery_check_moves_dying(dying: int, degree: int, after: int) -> None:
    c = Creature(hp=0, max_hp=10, dying=dying, unconscious=True)
    outcome = recover(c, degree)
    assert outcome.creature == Creature(hp=0, max_hp=10, dying=after, unconscious=True)
    assert outcome.events == (("dying_reduced",) if after < dying else ("dying_increased",))


# "Verlierst du den Zustand Sterbend und besitzt noch nicht den Zustand Verwundet, so
# erhältst du Verwundet 1. [...] so steigt dein Zustandswert für Verwundet um 1."
@pytest.mark.parametrize(("dying", "degree", "wounded"), [
    (1, SUCCESS, 0), (1, CRITICAL_SUCCESS, 0), (2, CRITICAL_SUCCESS, 1)])
def test_recovery_to_zero_ends_dying_and_adds_wounded(dying: int, degree: int,
                                                      wounded: int) -> None:
    c = Creature(hp=0, max_hp=10, dying=dying, wounded=wounded, unconscious=True)
    assert recover(c, degree) == Outcome(
        Creature(hp=0, max_hp=10, wounded=wounded + 1, unconscious=True),
        ("dying_reduced", "no_longer_dying", "wounded"))


@pytest.mark.parametrize(("dying", "degree"), [(3, FAILURE), (2, CRITICAL_FAILURE),
                                               (3, CRITICAL_FAILURE)])
def test_recovery_failure_to_four_kills(dying: int, degree: int) -> None:
    c = Creature(hp=0, max_hp=10, dying=dying, unconscious=True)
    assert recover(c, degree) == Outcome(dead(c), ("dying_increased", "dying_limit", "dead"))


@pytest.mark.parametrize(("hero_points", "survives"), [(0, False), (1, True)])
def test_recovery_failure_and_hero_points(hero_points: int, survives: bool) -> None:
    c = Creature(hp=0, max_hp=10, dying=3, wounded=2, unconscious=True,
                 hero_points=hero_points)
    outcome = recover(c, FAILURE, avoid_death=True)
    if survives:
        assert outcome == Outcome(Creature(hp=0, max_hp=10, wounded=2, unconscious=True),
                                  ("hero_points_spent", "stabilized"))
    else:
        assert outcome == Outcome(dead(c), ("dying_increased", "dying_limit", "dead"))


def test_hero_points_are_not_spent_on_a_recovery_success() -> None:
    c = Creature(hp=0, max_hp=10, dying=2, unconscious=True, hero_points=1)
    assert recover(c, SUCCESS, avoid_death=True).creature == Creature(
        hp=0, max_hp=10, dying=1, unconscious=True, hero_points=1)


# "Wenn du den Zustand Sterbend hast, musst du jeweils zu Beginn deines Zuges einen
# Einfachen Wurf ablegen" — only the dying roll it.
def test_recovery_only_while_dying() -> None:
    with pytest.raises(NotAllowed) as refused:
        recover(Creature(hp=0, max_hp=10, unconscious=True), SUCCESS)
    assert refused.value.reason == "recovery_not_dying"
    with pytest.raises(NotAllowed) as refused:
        recover(dead(PC), SUCCESS)
    assert refused.value.reason == "dead_cannot_act"


# Heroic recovery: "Wenn du mindestens einen Heldenpunkt hast [...] um dich bei 0 TP zu
# stabilisieren."
def test_heroic_recovery_needs_one_hero_point() -> None:
    dying = Creature(hp=0, max_hp=10, dying=2, wounded=1, unconscious=True, hero_points=1)
    assert heroic_recovery(dying) == Outcome(
        Creature(hp=0, max_hp=10, wounded=1, unconscious=True),
        ("hero_points_spent", "stabilized"))
    with pytest.raises(NotAllowed) as refused:
        heroic_recovery(Creature(hp=0, max_hp=10, dying=2, unconscious=True))
    assert refused.value.reason == "heroic_recovery_no_hero_point"
    with pytest.raises(NotAllowed) as refused:
        heroic_recovery(Creature(hp=0, max_hp=10, hero_points=1))
    assert refused.value.reason == "heroic_recovery_not_dying"


# Healing: "Wenn du geheilt wirst, erhältst du Trefferpunkte in Höhe der geheilten Anzahl
# zurück, aber nicht über deine maximalen Trefferpunkte hinaus."
@pytest.mark.parametrize(("amount", "hp"), [(0, 7), (1, 8), (3, 10), (4, 10)])
def test_heal_up_to_the_maximum(amount: int, hp: int) -> None:
    c = Creature(hp=7, max_hp=10, wounded=1)
    assert heal(c, amount) == Outcome(Creature(hp=hp, max_hp=10, wounded=1),
                                      ("healed",) if amount else ())


def test_healing_the_dying_ends_dying_adds_wounded_and_wakes() -> None:
    c = Creature(hp=0, max_hp=10, dying=2, wounded=1, unconscious=True, wakes_in=5)
    assert heal(c, 1) == Outcome(Creature(hp=1, max_hp=10, wounded=2),
                                 ("healed", "no_longer_dying", "wounded", "woke_up"))


def test_healing_zero_leaves_the_dying_dying() -> None:
    c = Creature(hp=0, max_hp=10, dying=2, unconscious=True, wakes_in=5)
    assert heal(c, 0) == Outcome(c, ())


# "Der Zustand Verwundet endet, wenn dir jemand mittels Wunden versorgen Trefferpunkte
# zurückgibt"
def test_treat_wounds_ends_wounded_and_natural_rest_keeps_sleeping() -> None:
    c = Creature(hp=0, max_hp=10, wounded=2, unconscious=True)
    assert heal(c, 3, treat_wounds=True) == Outcome(
        Creature(hp=3, max_hp=10), ("healed", "woke_up", "wounded_ended"))
    assert heal(c, 3, natural_rest=True) == Outcome(
        Creature(hp=3, max_hp=10, wounded=2, unconscious=True), ("healed",))


def test_the_dead_cannot_be_healed() -> None:
    with pytest.raises(NotAllowed) as refused:
        heal(dead(PC), 5)
    assert refused.value.reason == "heal_dead"


# Doomed: "Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst
# du augenblicklich."
@pytest.mark.parametrize(("doomed", "dying", "reason"), [
    (3, 0, None), (4, 0, "doomed"), (5, 0, "doomed"), (1, 2, None), (1, 3, "dying_limit"),
    (2, 2, "dying_limit"), (0, 3, None)])
def test_doomed_check(doomed: int, dying: int, reason: str | None) -> None:
    c = Creature(hp=0, max_hp=10, doomed=doomed, dying=dying, unconscious=dying > 0)
    outcome = doomed_check(c)
    if reason is None:
        assert outcome == Outcome(c, ())
    else:
        assert outcome == Outcome(dead(c), (reason, "dead"))
    assert settle(dead(c)) == Outcome(dead(c), ())


def test_doomed_lowers_the_dying_value_of_death() -> None:
    c = Creature(hp=2, max_hp=10, doomed=1, wounded=1)
    assert damage(c, 2).creature == Creature(hp=0, max_hp=10, doomed=1, wounded=1, dying=2,
                                             unconscious=True)
    c = Creature(hp=2, max_hp=10, doomed=1, wounded=2)
    assert damage(c, 2) == Outcome(dead(c), (*KNOCKED_OUT, "dying", "dying_limit", "dead"))
    c = Creature(hp=2, max_hp=10, doomed=1)
    assert damage(c, 2, critical=True).creature == Creature(
        hp=0, max_hp=10, doomed=1, dying=2, unconscious=True)


# "Solange ihre Regeneration aktiv ist, steigt ihr Zustandswert für Sterbend niemals über 3
# hinaus. Sollte sie Schaden der unter Regeneration aufgeführten Art nehmen, wird ihre
# Regeneration aber bis zum Ende ihres nächsten Zuges deaktiviert"
def test_regeneration_caps_dying_at_three() -> None:
    troll = Creature(hp=0, max_hp=10, dying=2, wounded=2, unconscious=True, regeneration=True,
                     regeneration_amount=5, regeneration_off_by=frozenset({"fire"}))
    assert damage(troll, 1, critical=True).creature == Creature(
        hp=0, max_hp=10, dying=3, wounded=2, unconscious=True, regeneration=True,
        regeneration_amount=5, regeneration_off_by=frozenset({"fire"}))
    assert recover(troll, CRITICAL_FAILURE).creature.dying == 3
    burnt = damage(troll, 1, types=frozenset({"fire"}))
    assert burnt.events == ("regeneration_off", "dying", "dying_limit", "dead")
    assert burnt.creature.dead
    assert burnt.creature.regeneration_off == 1


@pytest.mark.parametrize(("own_turn", "turns"), [(False, 1), (True, 2)])
def test_regeneration_off_until_the_end_of_its_next_turn(own_turn: bool, turns: int) -> None:
    troll = Creature(hp=10, max_hp=20, regeneration=True, regeneration_amount=5,
                     regeneration_off_by=frozenset({"acid"}))
    hit = damage(troll, 2, types=frozenset({"acid", "slashing"}), on_own_turn=own_turn)
    assert hit.creature.regeneration_off == turns
    assert hit.creature.hp == 8
    assert hit.events == ("regeneration_off",)
    assert start_turn(hit.creature) == Outcome(hit.creature, ())
    ended = end_turn(hit.creature)
    assert ended.creature.regeneration_off == turns - 1
    assert ended.events == (() if turns > 1 else ("regeneration_on",))
    assert damage(troll, 2, types=frozenset({"fire"})).creature.regeneration_off == 0
    assert end_turn(troll) == Outcome(troll, ())


# "Eine Kreatur mit einer dieser Fähigkeiten erlangt die genannte Anzahl an Trefferpunkten
# jede Runde zu Beginn ihres Zuges zurück."
def test_fast_healing_and_regeneration_at_the_start_of_the_turn() -> None:
    c = Creature(hp=3, max_hp=20, fast_healing=2, regeneration=True, regeneration_amount=5)
    assert start_turn(c) == Outcome(Creature(hp=10, max_hp=20, fast_healing=2,
                                             regeneration=True, regeneration_amount=5),
                                    ("healed",))
    off = Creature(hp=3, max_hp=20, fast_healing=2, regeneration=True, regeneration_amount=5,
                   regeneration_off=1)
    assert start_turn(off).creature.hp == 5
    assert start_turn(Creature(hp=3, max_hp=20)) == Outcome(Creature(hp=3, max_hp=20), ())
    corpse = dead(Creature(hp=0, max_hp=20, fast_healing=2))
    assert start_turn(corpse) == Outcome(corpse, ())


# "Du kannst aber Temporäre Trefferpunkte immer nur aus einer Quelle gleichzeitig haben"
def test_temporary_hit_points_from_one_source() -> None:
    c = Creature(hp=5, max_hp=10, temp_hp=4)
    assert gain_temp_hp(c, 6) == Outcome(Creature(hp=5, max_hp=10, temp_hp=6),
                                         ("temp_hp_gained",))
    assert gain_temp_hp(c, 6, keep=True) == Outcome(c, ("temp_hp_kept",))
    bare = Creature(hp=5, max_hp=10)
    assert gain_temp_hp(bare, 6, keep=True) == Outcome(
        Creature(hp=5, max_hp=10, temp_hp=6), ("temp_hp_gained",))
    with pytest.raises(NotAllowed):
        gain_temp_hp(dead(c), 3)


# "nimmst du den angegebenen Schaden jeweils am Ende deines Zuges. Danach kannst du einen
# Einfachen Wurf gegen SG 15 ablegen" — help lowers it to DC 10 (docs/rulings.md)
@pytest.mark.parametrize(("natural", "assisted", "ended"), [
    (14, False, False), (15, False, True), (16, False, True), (9, True, False),
    (10, True, True)])
def test_persistent_damage_then_the_flat_check(natural: int, assisted: bool,
                                               ended: bool) -> None:
    from regelwerk.systems.pf2e.damage.iwr import DamageInstance, Defence, Target
    from regelwerk.systems.pf2e.health.persistent import (
        ASSISTED_DC,
        PERSISTENT_DC,
        persistent_round,
    )

    assert (PERSISTENT_DC, ASSISTED_DC) == (15, 10)
    burning = DamageInstance(5, "fire", effect="alchemist_fire")
    target = Target(resistances=(Defence("fire", 2),),
                    temporary_immunities=frozenset({"alchemist_fire"}))
    c = Creature(hp=10, max_hp=10)
    done = persistent_round(c, target, burning, natural, assisted=assisted)
    assert done.applied.amount == 3
    assert done.applied.instance.ongoing is True
    assert done.outcome == Outcome(Creature(hp=7, max_hp=10), ())
    assert done.dc == (10 if assisted else 15)
    assert done.ended is ended


def test_persistent_damage_that_kills_makes_no_check() -> None:
    from regelwerk.systems.pf2e.damage.iwr import DamageInstance, Target
    from regelwerk.systems.pf2e.health.persistent import persistent_round

    undead = Creature(hp=3, max_hp=10, traits=frozenset({"undead"}))
    done = persistent_round(undead, Target(), DamageInstance(4, "positive"), 20)
    assert done.ended is None
    assert done.outcome.creature.dead
    # the creature's own traits decide whom the damage harms: positive spares the living
    living = persistent_round(Creature(hp=3, max_hp=10), Target(),
                              DamageInstance(4, "positive"), 20)
    assert living.applied.amount == 0
    assert living.outcome == Outcome(Creature(hp=3, max_hp=10), ())
    assert living.ended is True
    # a troll's regeneration is switched off by the persistent fire, on its own turn
    troll = Creature(hp=10, max_hp=10, regeneration=True, regeneration_amount=5,
                     regeneration_off_by=frozenset({"fire"}))
    burnt = persistent_round(troll, Target(), DamageInstance(2, "fire"), 1)
    assert burnt.outcome.creature.regeneration_off == 2
    assert burnt.ended is False


def test_no_damage_changes_nothing() -> None:
    asleep = Creature(hp=5, max_hp=10, unconscious=True)
    assert damage(asleep, 0) == Outcome(asleep, ())
    dying = Creature(hp=0, max_hp=10, dying=1, unconscious=True)
    assert damage(dying, 0) == Outcome(dying, ())


def test_gaining_dying_adds_wounded_under_either_rule() -> None:
    # "Solltest du den Zustand Verwundet besitzen, so erhöhe deinen Zustandswert für Sterbend
    # um deinen Zustandswert für Verwundet." — whatever the table rules for further damage
    c = Creature(hp=3, max_hp=10, wounded=1)
    assert damage(c, 3, rules=HealthRules(False)).creature == Creature(
        hp=0, max_hp=10, wounded=1, dying=2, unconscious=True)


def test_healing_to_one_hp_wakes_and_ends_the_wait() -> None:
    c = Creature(hp=0, max_hp=10, unconscious=True, wakes_in=10)
    assert heal(c, 1) == Outcome(Creature(hp=1, max_hp=10), ("healed", "woke_up"))
    assert heal(c, 0) == Outcome(c, ())


def test_start_of_turn_heals_one_point_and_wakes_no_one_without_healing() -> None:
    assert start_turn(Creature(hp=3, max_hp=10, fast_healing=1)) == Outcome(
        Creature(hp=4, max_hp=10, fast_healing=1), ("healed",))
    asleep = Creature(hp=5, max_hp=10, unconscious=True)
    assert start_turn(asleep) == Outcome(asleep, ())
