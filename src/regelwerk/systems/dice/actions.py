"""Protocol actions of the ``dice`` system: ``roll`` and ``distribution``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, StrictStr

from regelwerk.dice import distribution_of, parse, roll_chances, roll_tree, to_json, to_plain
from regelwerk.dice.cost import ROLL_COST
from regelwerk.dice.nodes import Commented, Repeat
from regelwerk.dice.results import RollResult
from regelwerk.errors import LimitExceeded
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Action, Context

__all__ = ["ACTIONS"]

Notation = StrictStr


class RollRequest(BaseModel):
    """Roll a dice expression."""

    model_config = MODEL_CONFIG
    expression: Notation = Field(description="dice notation, e.g. 2W6+3 or 4d6kh3")


class DistributionRequest(BaseModel):
    """The exact distribution of a dice expression."""

    model_config = MODEL_CONFIG
    expression: Notation = Field(description="dice notation, e.g. 4d6kh3")


def roll_action(request: RollRequest, context: Context) -> dict[str, Any]:
    """Roll ``expression``; the odds of rolling this total or more come along."""
    tree = parse(request.expression)
    result = roll_tree(tree, context.source)
    rolled = RollResult(tree, result)
    response: dict[str, Any] = to_json(rolled)
    if context.odds_omitted is not None:
        response["odds_omitted"] = context.odds_omitted
    else:
        try:
            if "totals" in response:
                response["probabilities_at_least"] = [
                    float(roll_chances(tree, t, ROLL_COST)[0]) for t in response["totals"]]
            else:
                at_least, exactly = roll_chances(tree, rolled.total, ROLL_COST)
                response["probability_at_least"] = float(at_least)
                response["probability"] = float(exactly)
        except LimitExceeded as error:
            response["odds_omitted"] = error.to_dict(context.t)["message"]
    response["text"] = context.t("Rolled {roll}", roll=to_plain(rolled))
    return response


def distribution_action(request: DistributionRequest, context: Context) -> dict[str, Any]:
    """The exact distribution, its mean and median, and any mass cut off."""
    tree = parse(request.expression)
    exact = distribution_of(tree)
    dist = exact.distribution
    response: dict[str, Any] = {
        "expression": exact.expression,
        "distribution": [[v, float(p)] for v, p in dist.items()],
        "mean": float(exact.mean),
        "median": dist.median(),
        "cut_off": float(exact.cut_off),
    }
    core = tree.inner if isinstance(tree, Commented) else tree
    if isinstance(core, Repeat):
        response["repeat"] = core.times
    mean = context.t.number(float(f"{float(exact.mean):.4g}"))
    response["text"] = context.t(
        "{expression}: mean {mean}, from {low} to {high}",
        expression=exact.expression,
        mean=mean,
        low=dist.support[0],
        high=dist.support[-1],
    )
    return response


ACTIONS = (
    Action("dice", "roll", RollRequest, roll_action, "Roll a dice expression.",
           {"system": "dice", "action": "roll", "expression": "2W6+3"}),
    Action("dice", "distribution", DistributionRequest, distribution_action,
           "The exact distribution of a dice expression.",
           {"system": "dice", "action": "distribution", "expression": "4d6kh3"}),
)
