"""Zustände as data, pinned: what the table reads from ``conditions.json``, gaining a
condition at the value boundaries, and what conditions imply, as whole mappings."""

from __future__ import annotations

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.effects.conditions import (
    Condition,
    ConditionModifier,
    _load,
    gain,
    implied,
)


def test_the_table_reads_each_field_of_the_data() -> None:
    # read afresh (the table in use was read at import): each field as the text gives it
    table = _load()
    # "Du kannst nicht handeln. Du erleidest einen Zustandsmalus von –4 auf RK, Wahrnehmung
    # und Reflexwürfe. Du erhältst die Zustände Blind und Auf dem Falschen Fuß. [...]
    # erhältst den Zustand Liegend"
    assert table["unconscious"] == Condition(
        "unconscious", "Bewusstlos", "meðvitundarlaus", False, ("blinded", "off_guard", "prone"),
        (ConditionModifier("ac", "status", -4), ConditionModifier("perception", "status", -4),
         ConditionModifier("reflex", "status", -4)), None, False, True, ())
    # a penalty equal to the condition's value is written "value"
    assert table["frightened"] == Condition(
        "frightened", "Verängstigt", "hræddur", True, (),
        (ConditionModifier("check", "status", None), ConditionModifier("dc", "status", None)))
    # Verlangsamt: as many actions fewer as its value; Beschleunigt: one action more
    assert (table["slowed"].actions, table["slowed"].actions_by_value) == (None, True)
    assert (table["quickened"].actions, table["quickened"].actions_by_value) == (1, False)
    assert table["quickened"].cannot_act is False
    assert table["off_guard"].aliases == ("flat-footed", "auf dem falschen Fuss")
    assert table["off_guard"].modifiers == (ConditionModifier("ac", "circumstance", -2),)
    assert table["dying"].implies == ("unconscious",)


def test_gaining_a_valued_condition_needs_a_value_of_at_least_1() -> None:
    # "Todgeweiht besitzt stets einen Zustandswert." — a valued condition has a value
    assert gain({}, "frightened", 1) == {"frightened": 1}
    with pytest.raises(RuleError) as refused:
        gain({}, "frightened", 0)
    assert refused.value.code == "out_of_range"
    with pytest.raises(RuleError) as unknown:
        gain({}, "bewitched", 1)
    assert unknown.value.code == "unknown_name"


@pytest.mark.parametrize("value", [0, 1, 3])
def test_a_condition_without_a_value_is_simply_held(value: int) -> None:
    assert gain({"frightened": 2}, "prone", value) == {"frightened": 2, "prone": 1}


def test_gaining_again_keeps_the_higher_value() -> None:
    assert gain({"frightened": 2}, "frightened", 1) == {"frightened": 2}
    assert gain({"frightened": 2}, "frightened", 3) == {"frightened": 3}
    assert gain({"prone": 1}, "prone", 1) == {"prone": 1}


def test_implied_conditions_have_no_value_of_their_own() -> None:
    # "Während du diesen Zustand hast, besitzt du zugleich den Zustand Bewusstlos." — "Du
    # erhältst die Zustände Blind und Auf dem Falschen Fuß. [...] erhältst den Zustand
    # Liegend"; the implying condition keeps its value
    assert implied({"dying": 2}) == {"dying": 2, "unconscious": 1, "blinded": 1,
                                     "off_guard": 1, "prone": 1}
    assert implied({"frightened": 3}) == {"frightened": 3}
    # a condition held already keeps its value
    assert implied({"unconscious": 1, "prone": 1}) == {"unconscious": 1, "prone": 1,
                                                       "blinded": 1, "off_guard": 1}
