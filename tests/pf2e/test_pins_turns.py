"""A turn's actions, reactions and free actions pinned: the budget at 0/1/2/3 actions
lost, each spend and refusal with the whole plan written out from the text."""

from __future__ import annotations

import pytest

from regelwerk.errors import NotAllowed
from regelwerk.i18n import translator
from regelwerk.systems.pf2e.refusals import refusal_text
from regelwerk.systems.pf2e.turns.economy import (
    ACTIONS_PER_TURN,
    Budget,
    Plan,
    Problem,
    Responded,
    Step,
    budget_for,
    plan_turn,
    respond,
)


# "Während einer Begegnung erhältst du zu Beginn deines Zuges 3 Aktionen"; slowed and
# stunned take actions away; quickened adds one limited action, lost first (haste)
@pytest.mark.parametrize(("quickened", "lost", "first", "budget"), [
    ((), 0, True, Budget(3, 0, frozenset(), 1)),
    ((), 1, True, Budget(2, 0, frozenset(), 1)),
    ((), 3, True, Budget(0, 0, frozenset(), 1)),
    ((), 4, True, Budget(0, 0, frozenset(), 1)),
    (("Strike",), 0, True, Budget(3, 1, frozenset({"Strike"}), 1)),
    (("Strike",), 1, True, Budget(3, 0, frozenset(), 1)),
    (("Strike",), 2, True, Budget(2, 0, frozenset(), 1)),
    (("Strike",), 1, False, Budget(2, 1, frozenset({"Strike"}), 1)),
    (("Strike",), 3, False, Budget(0, 1, frozenset({"Strike"}), 1)),
    (("Strike",), 4, False, Budget(0, 0, frozenset(), 1))])
def test_budget_for(quickened: tuple[str, ...], lost: int, first: bool,
                    budget: Budget) -> None:
    assert ACTIONS_PER_TURN == 3
    assert budget_for(quickened_for=quickened, slowed=lost,
                      lose_quickened_first=first) == budget
    assert budget_for(quickened_for=quickened, stunned=lost,
                      lose_quickened_first=first) == budget


def test_a_creature_that_cannot_act_gets_nothing() -> None:
    # "Wenn du nicht handeln darfst, erhältst du zu Beginn deines Zuges keine Aktionen oder
    # Reaktionen zurück."
    assert budget_for(cannot_act=True, quickened_for=("Stride",)) == Budget(
        0, 0, frozenset(), 0, can_act=False)
    plan = plan_turn([Step("Stride"), Step("Search", "exploration", minutes=10)],
                     budget_for(cannot_act=True))
    assert plan.problems == (Problem("cannot_act", 0),)
    assert plan.spent == ("none", "10 min")
    with pytest.raises(NotAllowed) as refused:
        respond("enemy moves", can_act=False)
    assert refused.value.reason == "cannot_act"


def test_three_strikes_with_their_penalties() -> None:
    plan = plan_turn([Step("Strike"), Step("Strike", traits=frozenset({"agile"})),
                      Step("Strike")])
    assert plan == Plan((), ("1 action", "1 action", "1 action"), (0, -4, -10), 0, 0, 1)
    assert plan.valid


def test_out_of_actions_and_activities_at_once() -> None:
    # "Du musst alle Aktionen einer Aktivität auf einmal aufwenden"
    plan = plan_turn([Step("Stride"), Step("Sudden Charge", 2), Step("Raise a Shield")])
    assert plan.problems == (Problem("no_action_left", 2, "needs 1, 0 left", 1, 0),)
    assert plan.spent == ("1 action", "2 actions", "none")
    assert plan.actions_left == 0
    late = plan_turn([Step("Stride"), Step("Stride"), Step("Sudden Charge", 2)])
    assert late.problems == (Problem("activity_needs_all_actions_at_once", 2,
                                     "needs 2, 1 left", 2, 1),)
    assert late.actions_left == 1
    three = plan_turn([Step("Spell", 3)])
    assert (three.spent, three.actions_left, three.valid) == (("3 actions",), 0, True)


def test_quickened_action_only_for_what_grants_it() -> None:
    budget = budget_for(quickened_for=("Stride",))
    plan = plan_turn([Step("Stride"), Step("Strike"), Step("Stride"), Step("Stride")], budget)
    assert plan.spent == ("quickened", "1 action", "1 action", "1 action")
    assert (plan.actions_left, plan.quickened_left) == (0, 0)
    assert plan.valid
    # a two-action activity cannot use the quickened action
    two = plan_turn([Step("Stride", 2)], budget)
    assert (two.spent, two.quickened_left, two.actions_left) == (("2 actions",), 1, 1)


# "In einer Begegnung erhältst du jede Runde 1 Reaktion" — "Als Antwort auf einen bestimmten
# Auslöser kannst du jedoch immer nur eine solche Handlung einsetzen."
def test_reactions_and_triggers_in_a_plan() -> None:
    plan = plan_turn([Step("Shield Block", "reaction", trigger="hit"),
                      Step("Attack of Opportunity", "reaction", trigger="moves"),
                      Step("Free", "free", trigger="hit"), Step("Nudge", "reaction")])
    assert plan.problems == (Problem("no_reaction_left", 1),
                             Problem("one_response_per_trigger", 2, "hit"),
                             Problem("reaction_needs_trigger", 3),
                             Problem("no_reaction_left", 3))
    # a reaction that is not there is not spent: the plan never goes below none left
    assert plan.spent == ("reaction", "none", "free", "none")
    assert plan.reactions_left == 0
    attack = plan_turn([Step("Attack of Opportunity", "reaction", trigger="moves",
                             traits=frozenset({"attack"})), Step("Strike")])
    assert attack.attack_penalties == (0, 0)


def test_respond() -> None:
    assert respond("moves") == Responded(0, frozenset({"moves"}))
    assert respond("falls", "free", reactions_left=0) == Responded(0, frozenset({"falls"}))
    with pytest.raises(NotAllowed) as spent:
        respond("moves", reactions_left=0)
    assert spent.value.reason == "reaction_spent"
    with pytest.raises(NotAllowed) as answered:
        respond("moves", "free", answered=frozenset({"moves"}))
    assert answered.value.reason == "trigger_answered"


def test_a_trigger_with_braces_is_said_as_it_is() -> None:
    # "you can use only one such action in response to a given trigger": the trigger's
    # own words (braces too) are a value, never part of the message's template
    with pytest.raises(NotAllowed) as answered:
        respond("{x} moves", "free", answered=frozenset({"{x} moves"}))
    assert str(answered.value) == "the trigger '{x} moves' was already answered"
    german = answered.value.to_dict(translator("de"))["message"]
    assert "'{x} moves'" in german
    assert "{x} moves" in refusal_text(translator("de"), answered.value)


def test_next_action_and_disrupted_steps() -> None:
    plan = plan_turn([Step("Aim", requires_next="Strike"), Step("Strike"),
                      Step("Aim", requires_next="Strike"), Step("Stride")],
                     Budget(actions=4))
    assert plan.problems == (Problem("next_action_mismatch", 2, "Strike"),)
    last = plan_turn([Step("Aim", requires_next="Strike")])
    assert last.problems == (Problem("next_action_mismatch", 0, "Strike"),)
    wrapped = plan_turn([Step("Aim", requires_next="Strike"),
                         Step("Strike", subordinate=("Strike",))])
    assert wrapped.problems == (Problem("next_action_mismatch", 0, "Strike"),)
    lost = plan_turn([Step("Search", "exploration", minutes=10),
                      Step("Repair", "downtime", disrupted=True, minutes=60)])
    assert (lost.minutes, lost.minutes_lost, lost.effects_lost) == (70, 60, (1,))
    assert lost.spent == ("10 min", "60 min")
    odd = plan_turn([Step("Odd", 4)])  # type: ignore[arg-type]
    assert odd.problems == (Problem("unknown_cost", 0),)
    assert odd.attack_penalties == (None,)


def test_more_boundaries_of_a_turn() -> None:
    from regelwerk.systems.pf2e.turns.economy import REACTIONS_PER_ROUND

    assert REACTIONS_PER_ROUND == 1
    agile = frozenset({"agile"})
    plan = plan_turn([Step("Strike", traits=agile)] * 3)
    assert plan.attack_penalties == (0, -4, -8)
    # an activity whose subordinate actions are Strikes is an attack
    flurry = plan_turn([Step("Flurry of Blows", 1, subordinate=("Strike", "Strike")),
                        Step("Strike")])
    assert flurry.attack_penalties == (0, -5)
    frozen = plan_turn([Step("Strike"), Step("Stride")], budget_for(cannot_act=True))
    assert frozen.attack_penalties == (None, None)
    assert Step("Shield Block", "reaction").actions == 0
    assert Step("Stride", 2).actions == 2
    assert budget_for(quickened_for=("Strike",), slowed=5, lose_quickened_first=False) == (
        Budget(0, 0, frozenset(), 1))
