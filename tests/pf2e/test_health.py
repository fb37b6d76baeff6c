"""Trefferpunkte, Heilung und Sterben, cited from the text, with properties."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.errors import NotAllowed
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.damage.damage_roll import DamageSpec
from regelwerk.systems.pf2e.damage.iwr import Target
from regelwerk.systems.pf2e.damage.strike_odds import strike_odds
from regelwerk.systems.pf2e.health.health import (
    Creature,
    HealthRules,
    damage,
    end_turn,
    heal,
    heroic_recovery,
    recover,
    start_turn,
)

PC = Creature(hp=10, max_hp=30, hero_points=1)


def test_damage_and_healing_never_above_the_maximum() -> None:
    # "Wenn du geheilt wirst, erhältst du Trefferpunkte in Höhe der geheilten Anzahl zurück,
    # aber nicht über deine maximalen Trefferpunkte hinaus."
    assert damage(PC, 4).creature.hp == 6
    assert heal(PC, 50).creature.hp == 30


def test_knocked_out_pc_gets_dying_1_or_2_plus_wounded() -> None:
    # "Du erhältst den Zustand Sterbend 1. Sollte der Effekt, der dich ausgeschaltet hat,
    # ein Kritischer Erfolg des Angreifers [...] sein, erhältst du stattdessen den Zustand
    # Sterbend 2. Solltest du den Zustand Verwundet besitzen, so erhöhe deinen Zustandswert
    # für Sterbend um deinen Zustandswert für Verwundet."
    out = damage(PC, 12)
    assert (out.creature.hp, out.creature.dying, out.creature.unconscious) == (0, 1, True)
    assert out.events == ("knocked_out", "prone", "dropped_items", "initiative_moves", "dying")
    assert damage(PC, 12, critical=True).creature.dying == 2
    assert damage(replace(PC, wounded=2), 12).creature.dying == 3


def test_no_negative_hit_points() -> None:
    # "Kreaturen können nicht auf weniger als 0 Trefferpunkte reduziert werden"
    assert damage(PC, 25).creature.hp == 0


def test_nonlethal_knocks_out_without_dying() -> None:
    # "Sollte der Schaden aus einem Nichttödlichen Angriff oder Effekt resultieren, so
    # erhältst du bei 0 Trefferpunkten nicht den Zustand Sterbend, sondern nur den Zustand
    # Bewusstlos."
    out = damage(PC, 12, nonlethal=True)
    assert (out.creature.dying, out.creature.unconscious) == (0, True)


def test_most_foes_die_at_zero_unless_nonlethal() -> None:
    # "Die meisten Kreaturen sterben, wenn sie 0 Trefferpunkte erreichen [...] es sei denn,
    # der Angriff war nichttödlich."
    foe = Creature(hp=5, max_hp=20, dies_at_zero=True)
    assert damage(foe, 5).creature.dead
    assert not damage(foe, 5, nonlethal=True).creature.dead


def test_further_damage_while_dying() -> None:
    # "Wenn du Schaden nimmst, wenn du bereits den Zustand Sterbend hast, erhöhst du deinen
    # Zustandswert für Sterbend um 1 (bzw. um 2, falls der Schaden durch einen Kritischen
    # Treffer [...] zustande kam). Wenn du den Zustand Verwundet hast, vergiss nicht,
    # deinen Zustandswert für Sterbend um deinen Zustandswert für Verwundet zu erhöhen."
    down = damage(PC, 12).creature
    assert damage(down, 3).creature.dying == 2
    assert damage(down, 3, critical=True).creature.dying == 3
    wounded = replace(down, wounded=1, dying=1)
    assert damage(wounded, 1).creature.dying == 3
    variant = HealthRules(wounded_on_further_damage=False)
    assert damage(wounded, 1, rules=variant).creature.dying == 2


def test_recovery_check_results() -> None:
    # "Kritischer Erfolg: [...] um 2 reduziert. Erfolg: [...] um 1 reduziert. Fehlschlag:
    # [...] um 1 erhöht. Kritischer Fehlschlag: [...] um 2 erhöht."
    dying2 = replace(PC, hp=0, dying=2, unconscious=True)
    assert recover(dying2, 3).creature.dying == 0
    assert recover(dying2, 2).creature.dying == 1
    assert recover(dying2, 1).creature.dying == 3
    assert recover(dying2, 0).creature.dead


def test_death_at_dying_4_reduced_by_doomed() -> None:
    # "Solltest du jemals Sterbend 4 erreichen, stirbst du." — "Der Zustandswert für
    # Sterbend, bei dem du stirbst, wird um deinen Zustandswert für Todgeweiht reduziert."
    assert damage(replace(PC, hp=0, dying=3, unconscious=True), 1).creature.dead
    doomed = replace(PC, doomed=2)
    out = damage(doomed, 12, critical=True)
    assert out.creature.dead
    assert out.creature.doomed == 0  # "Wenn du stirbst, verlierst du den Zustand Todgeweiht."


def test_losing_dying_gives_wounded() -> None:
    # "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1
    # (solltest du bereits den Zustand Verwundet besitzen, steigt dein Zustandswert für
    # Verwundet um 1)."
    dying = replace(PC, hp=0, dying=1, wounded=1, unconscious=True)
    out = recover(dying, 2)
    assert (out.creature.dying, out.creature.wounded, out.creature.unconscious) == (0, 2, True)


def test_healing_ends_dying_and_unconscious() -> None:
    # "Du verlierst den Zustand Sterbend automatisch und erwachst, solltest du jemals 1
    # Trefferpunkt oder mehr besitzen."
    out = heal(replace(PC, hp=0, dying=2, unconscious=True), 3)
    assert (out.creature.dying, out.creature.unconscious, out.creature.wounded) == (0, False, 1)


def test_heroic_recovery_and_avoiding_death() -> None:
    # "alle deine verbleibenden Heldenpunkte ausgeben, um dich bei 0 TP zu stabilisieren.
    # Du verlierst den Zustand Sterbend. [...] erhältst du nicht den Zustand Verwundet"
    dying = replace(PC, hp=0, dying=3, unconscious=True, hero_points=2)
    out = heroic_recovery(dying)
    assert (out.creature.dying, out.creature.wounded, out.creature.hero_points) == (0, 0, 0)
    saved = damage(dying, 5, avoid_death=True)
    assert not saved.creature.dead
    assert "stabilized" in saved.events
    assert recover(dying, 0, avoid_death=True).creature.dying == 0


def test_unconscious_wakes_on_damage_that_leaves_hp() -> None:
    # "Du erleidest Schaden, sofern dieser dich nicht auf 0 Trefferpunkte reduziert."
    asleep = replace(PC, unconscious=True)
    assert not damage(asleep, 2).creature.unconscious
    # "Du erlangst Heilung (natürliche Heilung durch Ausruhen ausgenommen)."
    assert heal(asleep, 2, natural_rest=True).creature.unconscious
    assert not heal(asleep, 2).creature.unconscious


def test_ways_to_wake_up() -> None:
    # "Jemand nutzt die Handlung Interaktion, um dich wachzurütteln." — "kannst du
    # automatisch zu Beginn deines Zuges einen Wahrnehmungswurf gegen den SG des Lärms
    # ablegen [...] bei Erfolg erwachst du." — a dying creature at 0 HP cannot wake
    from regelwerk.systems.pf2e.health.dying_conditions import wake

    asleep = replace(PC, unconscious=True)
    assert not wake(asleep, "shaken").creature.unconscious
    assert wake(asleep, "noise", perception_total=14, noise_dc=15).events == ("still_asleep",)
    assert not wake(asleep, "noise", perception_total=15, noise_dc=15).creature.unconscious
    dying = replace(PC, hp=0, dying=1, unconscious=True)
    with pytest.raises(NotAllowed):
        wake(dying, "shaken")


def test_wounded_and_doomed_end_with_rest() -> None:
    # "wenn du auf deine maximale Anzahl an Trefferpunkte zurückgebracht wirst und dich 10
    # Minuten lang ausgeruht hast" — "Dein Zustandswert für Todgeweiht sinkt um 1 mit jeder
    # Nacht, die du vollständig ruhen kannst."
    from regelwerk.systems.pf2e.health.dying_conditions import rest

    assert rest(replace(PC, hp=30, wounded=2), "10_minutes").creature.wounded == 0
    assert rest(replace(PC, wounded=2), "10_minutes").creature.wounded == 2
    assert rest(replace(PC, doomed=2), "night").creature.doomed == 1


def test_wounded_ends_with_treat_wounds() -> None:
    # "Der Zustand Verwundet endet, wenn dir jemand mittels Wunden versorgen Trefferpunkte
    # zurückgibt"
    assert heal(replace(PC, wounded=2), 4, treat_wounds=True).creature.wounded == 0


def test_death_effects_and_massive_damage() -> None:
    # "Wenn du durch einen Todeseffekt auf 0 Trefferpunkte gebracht wirst, bist du auf der
    # Stelle tot" — "Du stirbst augenblicklich, wenn du jemals mehr Schaden auf einmal
    # nimmst als das Doppelte deiner maximalen Trefferpunkte."
    assert damage(PC, 10, death_effect=True).creature.dead
    assert damage(PC, 61).creature.dead
    assert not damage(replace(PC, hp=30), 60).creature.dead


def test_the_dead_stay_at_zero() -> None:
    # "Du kannst nicht auf mehr als 0 Trefferpunkte gebracht werden, solange du tot bist."
    dead = damage(PC, 61).creature
    assert dead.hp == 0
    with pytest.raises(NotAllowed):
        heal(dead, 10)


def test_temporary_hit_points() -> None:
    # "Wenn du Schaden nimmst, reduzierst du zuerst deine Temporären Trefferpunkte. [...]
    # Temporäre Trefferpunkte kannst du nicht durch Heilung zurückgewinnen"
    shielded = replace(PC, temp_hp=5)
    out = damage(shielded, 7)
    assert (out.creature.temp_hp, out.creature.hp) == (0, 8)
    assert heal(replace(shielded, temp_hp=2), 5).creature.temp_hp == 2
    # "musst du wählen, ob du jene behältst, die du schon hast [...] oder ob du die neuen
    # Temporären Trefferpunkte [...] erlangst."
    base = {"hp": 10, "max_hp": 30, "temp_hp": 3}
    kept = resolve({"system": "pf2e", "action": "gain_temp_hp", "creature": base, "amount": 5,
                    "keep": True})
    replaced = resolve({"system": "pf2e", "action": "gain_temp_hp", "creature": base,
                        "amount": 5})
    assert (kept["creature"]["temp_hp"], replaced["creature"]["temp_hp"]) == (3, 5)


def test_dying_at_the_doomed_limit_is_answered_as_death() -> None:
    # "Der Zustandswert für Sterbend, bei dem du stirbst, wird um deinen Zustandswert für
    # Todgeweiht reduziert." — a creature at that value is dead, not a bad request
    response = resolve({"system": "pf2e", "action": "damage_creature", "amount": 1,
                        "creature": {"hp": 0, "max_hp": 10, "dying": 2, "doomed": 2}})
    assert response["ok"]
    assert response["creature"]["dead"]
    assert response["events"] == ["dying_limit", "dead"]


def test_fast_healing_and_regeneration() -> None:
    # "erlangt die genannte Anzahl an Trefferpunkten jede Runde zu Beginn ihres Zuges
    # zurück. [...] Solange ihre Regeneration aktiv ist, steigt ihr Zustandswert für
    # Sterbend niemals über 3 hinaus. Sollte sie Schaden der unter Regeneration aufgeführten
    # Art nehmen, wird ihre Regeneration aber bis zum Ende ihres nächsten Zuges deaktiviert"
    troll = Creature(hp=0, max_hp=60, dying=3, unconscious=True, regeneration=True,
                     regeneration_amount=10, regeneration_off_by=frozenset({"fire"}))
    assert damage(troll, 5, critical=True).creature.dying == 3
    burned = damage(troll, 5, types=frozenset({"fire"}))
    assert burned.creature.dead
    assert start_turn(troll).creature.hp == 10
    off = damage(replace(troll, hp=30, dying=0, unconscious=False), 5,
                 types=frozenset({"fire"})).creature
    assert start_turn(off).creature.hp == off.hp
    assert end_turn(off).creature.regenerating
    assert start_turn(replace(PC, fast_healing=3)).creature.hp == 13


def test_strike_odds_match_brute_force() -> None:
    # d20 times the d6: every outcome by hand
    check = Check(5, 15)
    spec = DamageSpec("1d6", (Modifier(1, "ability"),), critical_extra="1d4")
    odds = strike_odds(check, spec, "slashing", frozenset(), Target())
    expected: dict[int, Fraction] = {}
    for d20, d6, d4 in product(range(1, 21), range(1, 7), range(1, 5)):
        total = d20 + 5
        step = 3 if total >= 25 else 2 if total >= 15 else 0 if total <= 5 else 1
        step = max(0, min(3, step + (1 if d20 == 20 else -1 if d20 == 1 else 0)))
        amount = 0 if step < 2 else (d6 + 1 if step == 2 else 2 * (d6 + 1) + d4)
        expected[amount] = expected.get(amount, Fraction(0)) + Fraction(1, 20 * 6 * 4)
    assert dict(odds.damage.items()) == expected


creatures = st.builds(
    Creature, hp=st.integers(0, 40), max_hp=st.just(40), temp_hp=st.integers(0, 10),
    dying=st.integers(0, 3), wounded=st.integers(0, 3), doomed=st.integers(0, 2),
    hero_points=st.integers(0, 3), dies_at_zero=st.booleans()).filter(
        lambda c: c.dying < c.death_at and (c.dying == 0 or c.hp == 0))


@given(creatures, st.lists(st.tuples(st.sampled_from(["damage", "heal", "recover"]),
                                     st.integers(0, 50), st.booleans(), st.integers(0, 3)),
                           max_size=12))
def test_hp_never_negative_and_dying_below_death(creature: Creature,
                                                 steps: list[tuple[str, int, bool, int]]) -> None:
    for kind, amount, flag, degree in steps:
        before = creature
        try:
            if kind == "damage":
                creature = damage(creature, amount, critical=flag).creature
            elif kind == "heal":
                creature = heal(creature, amount).creature
            else:
                creature = recover(creature, degree, avoid_death=flag).creature
        except NotAllowed:
            assert creature == before  # a refusal changes nothing
        if before.dying and creature.dying and not creature.dead:
            # "wounded only grows while dying"
            assert creature.wounded >= before.wounded
        assert 0 <= creature.hp <= creature.max_hp
        assert creature.dead or creature.dying < creature.death_at
        assert not creature.dead or creature.hp == 0
