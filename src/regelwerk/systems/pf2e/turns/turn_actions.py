"""Protocol handlers for turn plans and reactions: the action economy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.refusals import refusing
from regelwerk.systems.pf2e.turns.economy import (
    Problem,
    Step,
    budget_for,
    plan_turn,
    respond,
)

Name = Annotated[StrictStr, Field(max_length=80)]


class StepFields(BaseModel):
    """One step of a planned turn."""

    model_config = MODEL_CONFIG
    name: Name
    cost: Literal[1, 2, 3, "reaction", "free", "exploration", "downtime"] = 1
    trigger: Name | None = None
    traits: list[Name] = Field(default_factory=list, max_length=20)
    subordinate: list[Name] = Field(default_factory=list, max_length=10)
    requires_next: Name | None = None
    disrupted: StrictBool = False
    minutes: Annotated[StrictInt, Field(ge=0, le=10**7)] = 0


class TurnRequest(BaseModel):
    """A planned turn and what the creature has."""

    model_config = MODEL_CONFIG
    steps: list[StepFields] = Field(max_length=50)
    quickened_for: list[Name] = Field(default_factory=list, max_length=10)
    slowed: Annotated[StrictInt, Field(ge=0, le=3)] = 0
    stunned: Annotated[StrictInt, Field(ge=0, le=3)] = 0
    cannot_act: StrictBool = False
    lose_quickened_first: StrictBool = True


def problem_text(p: Problem, name: str, t: Callable[..., str]) -> str:
    """What rule a step of the plan breaks, in the language of ``t``."""
    v = {"n": p.step + 1, "name": name, "detail": p.detail, "needed": p.needed,
         "left": p.left}
    texts = {
        "cannot_act": lambda: t("step {n} ({name}): a creature that cannot act uses no "
                                "actions, reactions or free actions", **v),
        "one_response_per_trigger": lambda: t("step {n} ({name}): only one response to "
                                              "the trigger {detail}", **v),
        "reaction_needs_trigger": lambda: t("step {n} ({name}): a reaction needs a trigger",
                                            **v),
        "no_reaction_left": lambda: t("step {n} ({name}): no reaction left this round", **v),
        "activity_needs_all_actions_at_once": lambda: t(
            "step {n} ({name}): the activity needs its {needed} actions at once, {left} "
            "left", **v),
        "no_action_left": lambda: t("step {n} ({name}): no action left", **v),
        "next_action_mismatch": lambda: t("step {n} ({name}): the next action must be "
                                          "{detail}", **v),
    }
    text = texts.get(p.code)
    return text() if text is not None else f"{p.step + 1} ({name}): {p.code}"


def turn_action(request: TurnRequest, context: Context) -> dict[str, Any]:
    """Check a planned turn against the action economy."""
    budget = budget_for(quickened_for=request.quickened_for, slowed=request.slowed,
                        stunned=request.stunned, cannot_act=request.cannot_act,
                        lose_quickened_first=request.lose_quickened_first)
    plan = plan_turn([Step(s.name, s.cost, s.trigger, frozenset(x.lower() for x in s.traits),
                           tuple(s.subordinate), s.requires_next, s.disrupted, s.minutes)
                      for s in request.steps], budget)
    t = context.t
    return {
        "valid": plan.valid,
        "problems": [{**asdict(p), "text": problem_text(p, request.steps[p.step].name, t)}
                     for p in plan.problems],
        "spent": list(plan.spent),
        "attack_penalties": list(plan.attack_penalties),
        "actions": budget.actions, "quickened": budget.quickened,
        "reactions": budget.reactions,
        "actions_left": plan.actions_left, "quickened_left": plan.quickened_left,
        "reactions_left": plan.reactions_left, "effects_lost": list(plan.effects_lost),
        "minutes": plan.minutes, "minutes_lost": plan.minutes_lost,
        "text": t("The turn is valid") if plan.valid else "; ".join(
            problem_text(p, request.steps[p.step].name, t) for p in plan.problems),
    }


class ReactionRequest(BaseModel):
    """A reaction or triggered free action the creature wants to use now."""

    model_config = MODEL_CONFIG
    trigger: Name
    cost: Literal["reaction", "free"] = "reaction"
    reactions_left: Annotated[StrictInt, Field(ge=0, le=5)] = 1
    answered: list[Name] = Field(default_factory=list, max_length=50)
    cannot_act: StrictBool = False


@refusing
def reaction_action(request: ReactionRequest, context: Context) -> dict[str, Any]:
    """Spend the reaction (or use a triggered free action), or be refused by the rule."""
    done = respond(request.trigger, request.cost, reactions_left=request.reactions_left,
                   answered=frozenset(request.answered), can_act=not request.cannot_act)
    return {"reactions_left": done.reactions_left, "answered": sorted(done.answered),
            "text": context.t("Used in answer to {trigger}; reactions left this round: "
                              "{left}", trigger=request.trigger, left=done.reactions_left)}
