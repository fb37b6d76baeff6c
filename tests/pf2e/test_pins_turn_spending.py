"""Turn plans pinned whole where a step spends nothing: an unknown cost, a Strike with
no action left, a reaction Strike without a reaction; only Strikes that happen count
toward the multiple attack penalty."""

from __future__ import annotations

from regelwerk.systems.pf2e.turns.economy import Budget, Plan, Problem, Step, plan_turn

ATTACK = frozenset({"attack"})


def test_a_step_of_unknown_cost_spends_nothing() -> None:
    plan = plan_turn([Step("Tanz", 7), Step("Stride")])  # type: ignore[arg-type]
    assert plan == Plan((Problem("unknown_cost", 0),), ("none", "1 action"), (None, None),
                        2, 0, 1)


def test_a_strike_without_an_action_left_does_not_count() -> None:
    # "Wenn du zum zweiten Mal innerhalb eines Zuges eine Offensivaktion durchführst,
    # erhältst du einen Malus von –5" — a Strike the turn has no action for is not made
    plan = plan_turn([Step("Strike"), Step("Strike")], Budget(actions=1))
    assert plan == Plan((Problem("no_action_left", 1, "needs 1, 0 left", 1, 0),),
                        ("1 action", "none"), (0, None), 0, 0, 1)


def test_steps_that_are_no_attack_have_no_penalty() -> None:
    plan = plan_turn([Step("Stride"), Step("Strike"), Step("Interact")])
    assert plan == Plan((), ("1 action", "1 action", "1 action"), (None, 0, None), 0, 0, 1)


def test_a_reaction_strike_without_a_reaction_left_is_not_made() -> None:
    # "In einer Begegnung erhältst du jede Runde 1 Reaktion": none left, no Strike; one
    # that is made is outside the turn's count (its penalty is 0)
    opportunity = Step("Attack of Opportunity", "reaction", trigger="moves", traits=ATTACK)
    plan = plan_turn([Step("Stride"), opportunity], Budget(reactions=0))
    assert plan == Plan((Problem("no_reaction_left", 1),), ("1 action", "none"),
                        (None, None), 2, 0, 0)
    made = plan_turn([Step("Stride"), opportunity])
    assert made == Plan((), ("1 action", "reaction"), (None, 0), 2, 0, 0)
