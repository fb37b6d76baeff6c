"""Conditions gained and lost, pinned whole: the conditions after, death, the events in
order and the gains an immunity stopped, at the thresholds of dying and doomed."""

from __future__ import annotations

import pytest

from regelwerk.systems.pf2e.effects.condition_changes import (
    ConditionChanges,
    Gain,
    change_conditions,
    immune_to,
)

NONE: frozenset[str] = frozenset()


def test_immunity_to_the_condition_itself_goes_first() -> None:
    # "Wenn du Immunität gegen einen bestimmten Zustand [...] hast, dann kannst du von dem
    # Zustand [...] nicht betroffen werden."
    fear = Gain("frightened", 2, effect="Fluch", traits=frozenset({"fear"}))
    assert immune_to(fear, frozenset({"frightened", "fear", "curse"}), frozenset({"Fluch"})) \
        == "frightened"
    assert immune_to(Gain("frightened"), frozenset({"frightened"})) == "frightened"
    assert immune_to(Gain("frightened"), frozenset({"sickened"})) is None


def test_immunity_to_a_category_of_the_effect() -> None:
    # "Wenn du Immunität gegen Effekte einer bestimmten Kategorie hast (z.B. Todeseffekte,
    # Gifte oder Krankheiten), dann kann dich kein Effekt dieser Kategorie betreffen."
    both = Gain("sickened", traits=frozenset({"poison", "mental"}))
    # of two immune categories the first in alphabetical order is named
    assert immune_to(both, frozenset({"poison", "mental"})) == "mental"
    assert immune_to(both, frozenset({"poison"})) == "poison"
    assert immune_to(both, frozenset({"fire"})) is None
    # no category, no immunity by category, whatever the creature is immune to
    assert immune_to(Gain("sickened"), frozenset({"poison", "fire"})) is None
    # the category goes before a temporary immunity to the effect
    arsenic = Gain("sickened", effect="Arsen", traits=frozenset({"poison"}))
    assert immune_to(arsenic, frozenset({"poison"}), frozenset({"Arsen"})) == "poison"


def test_temporary_immunity_to_the_same_effect() -> None:
    # "Wenn dir ein Effekt Temporäre Immunität gewährt, bist du von wiederholtem Auftreten
    # des gleichen Effektes nicht betroffen, solange die Temporäre Immunität anhält."
    blind = Gain("blinded", effect="Blindheit verursachen")
    assert immune_to(blind, NONE, frozenset({"Blindheit verursachen"})) == \
        "Blindheit verursachen"
    assert immune_to(blind, NONE, frozenset({"Furcht"})) is None
    assert immune_to(blind, NONE, NONE) is None
    # a gain from no named effect is not stopped by a temporary immunity
    assert immune_to(Gain("blinded"), NONE, frozenset({"Blindheit verursachen"})) is None


def test_immunity_to_the_kind_of_effect_by_its_name() -> None:
    # "[...] oder eine Art von Effekt hast, dann kannst du [...] von Effekten dieser Art
    # nicht betroffen werden." — a curse named in German is a curse
    cursed = Gain("clumsy", effect="Fluch")
    assert immune_to(cursed, frozenset({"curse"})) == "curse"
    assert immune_to(cursed, frozenset({"disease"})) is None
    # the temporary immunity to the effect is named before the kind of effect
    assert immune_to(cursed, frozenset({"curse"}), frozenset({"Fluch"})) == "Fluch"


def test_an_immune_creature_is_not_affected_and_the_rest_still_applies() -> None:
    # "Du kannst dennoch das Ziel eines Effektes sein, gegen den du immun bist, der Effekt
    # wirkt dann aber nicht auf dich."
    result = change_conditions({"frightened": 1}, [Gain("frightened", 3),
                                                   Gain("sickened", 2),
                                                   Gain("clumsy", 1, effect="Fluch")],
                               immunities=frozenset({"frightened"}),
                               temporary_immunities=frozenset({"Fluch"}))
    assert result == ConditionChanges({"frightened": 1, "sickened": 2}, False, ("sickened",),
                                      (("frightened", "frightened"), ("clumsy", "Fluch")))


def test_a_condition_gained_again_keeps_the_higher_value() -> None:
    assert change_conditions({"frightened": 1}, [Gain("frightened", 2)]) == \
        ConditionChanges({"frightened": 2}, False, ("frightened",), ())
    assert change_conditions({"frightened": 3}, [Gain("frightened", 2)]) == \
        ConditionChanges({"frightened": 3}, False, ("frightened",), ())
    assert change_conditions({}, [Gain("prone")]) == ConditionChanges({"prone": 1}, False,
                                                                     ("prone",), ())


@pytest.mark.parametrize(("wounded", "dying"), [(0, 1), (1, 2), (2, 3)])
def test_gaining_dying_adds_wounded(wounded: int, dying: int) -> None:
    # "Solltest du den Zustand Verwundet besitzen und dann den Zustand Sterbend erhalten,
    # so steigt dein Zustandswert für Sterbend um deinen Zustandswert für Verwundet."
    before = {"wounded": wounded} if wounded else {}
    assert change_conditions(before, [Gain("dying", 1)]) == ConditionChanges(
        {**before, "dying": dying}, False, ("dying",), ())


def test_wounded_is_added_only_when_dying_begins() -> None:
    # already dying 1 (wounded 1 was added then): dying 2 from an effect keeps the higher
    # value, wounded is not added a second time
    assert change_conditions({"dying": 1, "wounded": 1}, [Gain("dying", 2)]) == \
        ConditionChanges({"dying": 2, "wounded": 1}, False, ("dying",), ())
    # other conditions are gained as they are, wounded or not
    assert change_conditions({"wounded": 2}, [Gain("frightened", 1)]) == \
        ConditionChanges({"wounded": 2, "frightened": 1}, False, ("frightened",), ())


def test_dying_4_kills_and_the_dead_lose_dying_and_doomed() -> None:
    # "Solltest du jemals Sterbend 4 erreichen, stirbst du" — "Wenn du stirbst, verlierst
    # du den Zustand Todgeweiht."
    assert change_conditions({"wounded": 3}, [Gain("dying", 1), Gain("frightened", 2)]) == \
        ConditionChanges({"wounded": 3}, True, ("dying", "dying_limit", "dead"), ())
    # the dead are no longer merely unconscious
    assert change_conditions({"wounded": 3, "unconscious": 1}, [Gain("dying", 1)]) == \
        ConditionChanges({"wounded": 3}, True, ("dying", "dying_limit", "dead"), ())
    # one less: alive at dying 3
    assert change_conditions({"wounded": 2}, [Gain("dying", 1)]) == \
        ConditionChanges({"wounded": 2, "dying": 3}, False, ("dying",), ())


@pytest.mark.parametrize(("doomed", "wounded", "dead"), [
    (1, 1, False), (1, 2, True), (2, 0, False), (2, 1, True), (3, 0, True)])
def test_doomed_lowers_the_dying_value_of_death(doomed: int, wounded: int,
                                                dead: bool) -> None:
    # "Der Zustandswert für Sterbend, bei dem du stirbst, wird um deinen Zustandswert für
    # Todgeweiht reduziert." — dying 1 + wounded against 4 − doomed
    before = {"doomed": doomed, **({"wounded": wounded} if wounded else {})}
    result = change_conditions(before, [Gain("dying", 1)])
    if dead:
        after = {"wounded": wounded} if wounded else {}
        assert result == ConditionChanges(after, True, ("dying", "dying_limit", "dead"), ())
    else:
        assert result == ConditionChanges({**before, "dying": 1 + wounded}, False,
                                          ("dying",), ())


def test_doomed_4_kills_at_once() -> None:
    # "Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst du
    # augenblicklich."
    assert change_conditions({"frightened": 1}, [Gain("doomed", 4), Gain("sickened", 1)]) \
        == ConditionChanges({"frightened": 1}, True, ("doomed", "doomed", "dead"), ())
    assert change_conditions({"doomed": 1}, [Gain("doomed", 3)]) == \
        ConditionChanges({"doomed": 3}, False, ("doomed",), ())


def test_gains_stopped_before_death_are_still_reported() -> None:
    result = change_conditions({"wounded": 3}, [Gain("frightened", 1),
                                                Gain("dying", 1), Gain("sickened", 1)],
                               immunities=frozenset({"frightened"}))
    assert result == ConditionChanges({"wounded": 3}, True, ("dying", "dying_limit", "dead"),
                                      (("frightened", "frightened"),))


@pytest.mark.parametrize(("before", "reason"), [
    ({"dying": 4}, "dying_limit"), ({"dying": 3, "doomed": 1}, "dying_limit"),
    ({"dying": 1, "doomed": 3}, "dying_limit"), ({"doomed": 4}, "doomed"),
    ({"doomed": 5, "wounded": 1}, "doomed")])
def test_a_creature_past_the_value_of_death_is_dead_whatever_it_gains(
        before: dict[str, int], reason: str) -> None:
    after = {k: v for k, v in before.items() if k not in ("dying", "doomed")}
    assert change_conditions(before, [Gain("frightened", 1)], ["wounded"]) == \
        ConditionChanges(after, True, (reason, "dead"), ())


@pytest.mark.parametrize("before", [{"dying": 3}, {"dying": 2, "doomed": 1},
                                    {"doomed": 3}, {"dying": 1, "doomed": 2}])
def test_one_below_the_value_of_death_is_alive(before: dict[str, int]) -> None:
    assert change_conditions(before) == ConditionChanges(before, False, (), ())


def test_losing_dying_gives_or_raises_wounded() -> None:
    # "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1
    # (solltest du bereits den Zustand Verwundet besitzen, steigt dein Zustandswert für
    # Verwundet um 1)."
    assert change_conditions({"dying": 2}, losses=["dying"]) == \
        ConditionChanges({"wounded": 1}, False, ("lost_dying", "wounded"), ())
    assert change_conditions({"dying": 1, "wounded": 2}, losses=["dying"]) == \
        ConditionChanges({"wounded": 3}, False, ("lost_dying", "wounded"), ())


def test_losing_other_conditions_and_conditions_not_held() -> None:
    assert change_conditions({"frightened": 2, "wounded": 1}, losses=["frightened"]) == \
        ConditionChanges({"wounded": 1}, False, ("lost_frightened",), ())
    assert change_conditions({"wounded": 1}, losses=["dying", "prone"]) == \
        ConditionChanges({"wounded": 1}, False, (), ())
    assert change_conditions({"wounded": 1, "dying": 1}, losses=["wounded"]) == \
        ConditionChanges({"dying": 1}, False, ("lost_wounded",), ())


def test_gains_come_before_losses() -> None:
    # gaining dying 1 with wounded 1 makes dying 2; losing it then raises wounded to 2
    assert change_conditions({"wounded": 1}, [Gain("dying", 1)], ["dying"]) == \
        ConditionChanges({"wounded": 2}, False, ("dying", "lost_dying", "wounded"), ())
