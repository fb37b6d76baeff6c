"""Conditions of death and dying from any effect, waking, time, rest and hero points,
pinned at their thresholds with the whole state (0/1/2 HP, 0/1 hero points, wakes_in
before/at/after the time, Perception DC−1/DC)."""

from __future__ import annotations

import pytest

from regelwerk.errors import NotAllowed, RuleError
from regelwerk.systems.pf2e.health.dying_conditions import (
    gain_condition,
    lose_condition,
    pass_time,
    rest,
    wake,
)
from regelwerk.systems.pf2e.health.health import Creature, Outcome
from regelwerk.systems.pf2e.health.hero_points import MAX_HERO_POINTS, HeroPoints

DOWN = Creature(hp=0, max_hp=10, unconscious=True)


def corpse(c: Creature) -> Creature:
    return Creature(hp=0, max_hp=c.max_hp, wounded=c.wounded, dead=True)


# "Solltest du den Zustand Verwundet besitzen und dann den Zustand Sterbend erhalten, so
# steigt dein Zustandswert für Sterbend um deinen Zustandswert für Verwundet."
@pytest.mark.parametrize(("wounded", "value", "dying"), [(0, 1, 1), (1, 1, 2), (1, 2, 3),
                                                         (0, 3, 3)])
def test_gaining_dying_adds_wounded(wounded: int, value: int, dying: int) -> None:
    c = Creature(hp=0, max_hp=10, wounded=wounded)
    assert gain_condition(c, "dying", value) == Outcome(
        Creature(hp=0, max_hp=10, wounded=wounded, dying=dying, unconscious=True), ("dying",))


# "Solltest du jemals Sterbend 4 erreichen, stirbst du."
@pytest.mark.parametrize(("wounded", "value"), [(0, 4), (1, 3), (2, 2)])
def test_gaining_dying_four_kills(wounded: int, value: int) -> None:
    c = Creature(hp=0, max_hp=10, wounded=wounded)
    assert gain_condition(c, "dying", value) == Outcome(corpse(c),
                                                        ("dying", "dying_limit", "dead"))


def test_gaining_a_condition_again_keeps_the_higher_value() -> None:
    c = Creature(hp=0, max_hp=10, dying=2, wounded=1, doomed=1, unconscious=True)
    assert gain_condition(c, "dying", 1) == Outcome(c, ("dying",))
    assert gain_condition(c, "wounded", 3) == Outcome(
        Creature(hp=0, max_hp=10, dying=2, wounded=3, doomed=1, unconscious=True),
        ("wounded",))
    assert gain_condition(c, "wounded", 1).creature == c
    assert gain_condition(c, "doomed", 1) == Outcome(c, ("doomed_gained",))
    # doomed 2 makes dying 2 the value of death
    assert gain_condition(c, "doomed", 2) == Outcome(
        corpse(c), ("doomed_gained", "dying_limit", "dead"))
    assert gain_condition(c, "dying", 3) == Outcome(corpse(c), ("dying", "dying_limit", "dead"))


# "Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst du
# augenblicklich."
@pytest.mark.parametrize(("doomed", "dies"), [(3, False), (4, True)])
def test_gaining_doomed_four_kills(doomed: int, dies: bool) -> None:
    c = Creature(hp=5, max_hp=10)
    outcome = gain_condition(c, "doomed", doomed)
    if dies:
        assert outcome == Outcome(corpse(c), ("doomed_gained", "doomed", "dead"))
    else:
        assert outcome == Outcome(Creature(hp=5, max_hp=10, doomed=3), ("doomed_gained",))


def test_gaining_unconscious() -> None:
    c = Creature(hp=5, max_hp=10)
    asleep = Creature(hp=5, max_hp=10, unconscious=True)
    assert gain_condition(c, "unconscious") == Outcome(
        asleep, ("unconscious", "prone", "dropped_items"))
    assert gain_condition(asleep, "unconscious") == Outcome(asleep, ())


def test_gaining_conditions_is_refused_when_it_cannot_be() -> None:
    with pytest.raises(NotAllowed) as refused:
        gain_condition(corpse(DOWN), "wounded")
    assert refused.value.reason == "dead_no_conditions"
    with pytest.raises(RuleError, match="at least 1") as wrong:
        gain_condition(DOWN, "wounded", 0)
    assert wrong.value.code == "out_of_range"
    gain_condition(DOWN, "wounded", 1)
    with pytest.raises(RuleError, match="allowed are dying") as unknown:
        gain_condition(DOWN, "frightened")
    assert unknown.value.code == "unknown_name"


# "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1"
def test_losing_conditions() -> None:
    c = Creature(hp=0, max_hp=10, dying=2, wounded=1, doomed=2, unconscious=True)
    assert lose_condition(c, "dying") == Outcome(
        Creature(hp=0, max_hp=10, wounded=2, doomed=2, unconscious=True),
        ("no_longer_dying", "wounded"))
    assert lose_condition(c, "wounded") == Outcome(
        Creature(hp=0, max_hp=10, dying=2, doomed=2, unconscious=True), ("wounded_ended",))
    assert lose_condition(c, "doomed") == Outcome(
        Creature(hp=0, max_hp=10, dying=2, wounded=1, unconscious=True), ("doomed_reduced",))
    healthy = Creature(hp=4, max_hp=10)
    for name in ("dying", "wounded", "doomed", "unconscious"):
        assert lose_condition(healthy, name) == Outcome(healthy, ())
    asleep = Creature(hp=1, max_hp=10, unconscious=True)
    assert lose_condition(asleep, "unconscious") == Outcome(Creature(hp=1, max_hp=10),
                                                            ("woke_up",))
    with pytest.raises(NotAllowed) as refused:
        lose_condition(DOWN, "unconscious")
    assert refused.value.reason == "wake_at_zero_hp"
    with pytest.raises(NotAllowed):
        lose_condition(corpse(DOWN), "wounded")
    with pytest.raises(RuleError, match="allowed are"):
        lose_condition(healthy, "sickened")


# "kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege auf 1 Trefferpunkt
# zurück und erwachst"
@pytest.mark.parametrize(("minutes", "outcome"), [
    (9, Outcome(Creature(hp=0, max_hp=10, unconscious=True, wakes_in=1),
                ("still_unconscious",))),
    (10, Outcome(Creature(hp=1, max_hp=10), ("returned_to_1_hp", "woke_up"))),
    (11, Outcome(Creature(hp=1, max_hp=10), ("returned_to_1_hp", "woke_up")))])
def test_time_brings_the_unconscious_back_to_one_hp(minutes: int, outcome: Outcome) -> None:
    c = Creature(hp=0, max_hp=10, unconscious=True, wakes_in=10)
    assert pass_time(c, minutes) == outcome


def test_time_does_not_wake_the_dying_the_awake_or_the_dead() -> None:
    dying = Creature(hp=0, max_hp=10, dying=1, unconscious=True, wakes_in=1)
    assert pass_time(dying, 60) == Outcome(dying, ())
    sleeping = Creature(hp=3, max_hp=10, unconscious=True, wakes_in=1)
    assert pass_time(sleeping, 60) == Outcome(sleeping, ())
    awake = Creature(hp=0, max_hp=10, wakes_in=1)
    assert pass_time(awake, 60) == Outcome(awake, ())
    assert pass_time(corpse(DOWN), 60) == Outcome(corpse(DOWN), ())
    with pytest.raises(RuleError, match="wakes_in") as missing:
        pass_time(DOWN, 10)
    assert missing.value.code == "missing_field"


@pytest.mark.parametrize(("perception", "woken"), [(14, False), (15, True), (16, True)])
def test_noise_wakes_at_the_dc(perception: int, woken: bool) -> None:
    c = Creature(hp=1, max_hp=10, unconscious=True)
    outcome = wake(c, "noise", perception_total=perception, noise_dc=15)
    if woken:
        assert outcome == Outcome(Creature(hp=1, max_hp=10), ("woke_up",))
    else:
        assert outcome == Outcome(c, ("still_asleep",))
    assert wake(c, "interact") == Outcome(Creature(hp=1, max_hp=10), ("woke_up",))


@pytest.mark.parametrize(("creature", "reason"), [
    (Creature(hp=0, max_hp=10, dying=1, unconscious=True), "wake_dying"),
    (Creature(hp=0, max_hp=10, unconscious=True), "wake_at_zero_hp"),
    (Creature(hp=2, max_hp=10), "wake_not_unconscious"),
    (Creature(hp=0, max_hp=10, dead=True), "dead_cannot_act")])
def test_who_cannot_be_woken(creature: Creature, reason: str) -> None:
    with pytest.raises(NotAllowed) as refused:
        wake(creature, "interact")
    assert refused.value.reason == reason


def test_noise_needs_its_numbers() -> None:
    c = Creature(hp=1, max_hp=10, unconscious=True)
    with pytest.raises(RuleError, match="Perception total"):
        wake(c, "noise", perception_total=15)
    with pytest.raises(RuleError, match="Perception total"):
        wake(c, "noise", noise_dc=15)


# "wenn du auf deine maximale Anzahl an Trefferpunkte zurückgebracht wirst und dich 10
# Minuten lang ausgeruht hast" — "Dein Zustandswert für Todgeweiht sinkt um 1 mit jeder
# Nacht, die du vollständig ruhen kannst"
def test_rest() -> None:
    full = Creature(hp=10, max_hp=10, wounded=2, doomed=2)
    assert rest(full, "10_minutes") == Outcome(Creature(hp=10, max_hp=10, doomed=2),
                                               ("wounded_ended",))
    short = Creature(hp=9, max_hp=10, wounded=2)
    assert rest(short, "10_minutes") == Outcome(short, ())
    assert rest(Creature(hp=10, max_hp=10), "10_minutes") == Outcome(Creature(hp=10, max_hp=10),
                                                                    ())
    assert rest(full, "night") == Outcome(Creature(hp=10, max_hp=10, wounded=2, doomed=1),
                                          ("doomed_reduced",))
    assert rest(short, "night") == Outcome(short, ())
    assert rest(corpse(full), "night") == Outcome(corpse(full), ("already_dead",))


# "Normalerweise bekommt jeder Charakter zu Beginn einer Spielsitzung 1 Heldenpunkt. [...]
# Du kannst über maximal 3 Heldenpunkte verfügen, doch am Ende der Spielsitzung verlierst
# du alle verbleibenden Heldenpunkte" — "Gib alle deine verbleibenden Heldenpunkte aus
# (mindestens 1), um den Tod zu vermeiden."
def test_hero_points_session() -> None:
    assert MAX_HERO_POINTS == 3
    assert HeroPoints() == HeroPoints(1)
    assert HeroPoints(0).start_session() == HeroPoints(1)
    assert HeroPoints(3).start_session() == HeroPoints(1)
    assert HeroPoints(1).award() == HeroPoints(2)
    assert HeroPoints(1).award(2) == HeroPoints(3)
    assert HeroPoints(2).award(2) == HeroPoints(3)
    assert HeroPoints(1).reroll() == HeroPoints(0)
    assert HeroPoints(3).reroll() == HeroPoints(2)
    assert HeroPoints(2).avoid_death() == (HeroPoints(0), 2)
    assert HeroPoints(1).avoid_death() == (HeroPoints(0), 1)
    assert HeroPoints(2).end_session() == HeroPoints(0)
    for event, after in [("start_session", 1), ("award", 3), ("reroll", 1),
                         ("avoid_death", 0), ("end_session", 0)]:
        assert HeroPoints(2).apply(event, 1) == HeroPoints(after)  # type: ignore[arg-type]


def test_hero_points_refusals_at_zero_and_bounds() -> None:
    for spend in (HeroPoints(0).reroll, HeroPoints(0).avoid_death):
        with pytest.raises(NotAllowed) as refused:
            spend()
        assert refused.value.reason == "no_hero_point"
    with pytest.raises(RuleError, match="at least 1"):
        HeroPoints(1).award(0)
    for points in (-1, 4):
        with pytest.raises(RuleError, match="from 0 to 3"):
            HeroPoints(points)
    assert HeroPoints(0).points == 0
    assert HeroPoints(3).points == 3


def test_gaining_dying_from_an_effect_adds_wounded_and_spends_no_hero_point() -> None:
    from regelwerk.systems.pf2e.health.health import HealthRules

    c = Creature(hp=0, max_hp=10, wounded=1, hero_points=1)
    # gaining dying always adds wounded, whatever the table's rule for further damage
    assert gain_condition(c, "dying", 1, rules=HealthRules(False)) == Outcome(
        Creature(hp=0, max_hp=10, wounded=1, dying=2, unconscious=True, hero_points=1),
        ("dying",))


def test_the_end_of_a_session_with_no_hero_point_left() -> None:
    assert HeroPoints(0).apply("end_session") == HeroPoints(0)
    assert HeroPoints(0).apply("start_session") == HeroPoints(1)
