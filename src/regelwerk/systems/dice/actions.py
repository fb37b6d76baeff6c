"""Protocol actions of the ``dice`` system: ``roll`` and ``distribution``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from regelwerk.budget import shorten
from regelwerk.dice import distribution_of, parse, roll_chances, roll_tree, to_json, to_plain
from regelwerk.dice.cost import ROLL_COST, STEPS_PER_UNIT, roll_cost
from regelwerk.dice.exact import roll_chances_all
from regelwerk.dice.nodes import Commented, Repeat
from regelwerk.dice.results import RollResult
from regelwerk.errors import LimitExceeded
from regelwerk.protocol.registry import Action, Context

__all__ = ["ACTIONS"]

_MODELS = "regelwerk.systems.dice.requests"


class Notated(Protocol):
    """A validated dice request: the pydantic model, or ``Written``."""

    @property
    def expression(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Written:
    """A dice request checked without its model: exactly one field, a string."""

    expression: str


def plain(fields: dict[str, Any]) -> Written | None:
    """``{"expression": "..."}`` (what the models accept unchanged); ``None`` for
    anything else, which the model validates and explains."""
    if len(fields) == 1:
        expression = fields.get("expression")
        if type(expression) is str:
            return Written(expression)
    return None


def roll_action(request: Notated, context: Context) -> dict[str, Any]:
    """Roll ``expression``; the odds of rolling this total or more come along."""
    tree = parse(request.expression)
    result = roll_tree(tree, context.source)
    rolled = RollResult(tree, result)
    response: dict[str, Any] = to_json(rolled)
    omitted = context.odds_omitted
    if omitted is None:
        cost = roll_cost(tree)
        if cost.units > ROLL_COST // STEPS_PER_UNIT:
            # decided before the work: a roll's own odds get a share of the budget
            quoted = "'" + shorten(str(tree)) + "'"
            omitted = context.t(
                "the exact odds of {what} are too costly to compute (about {cost} units of "
                "work, at most {limit}); use fewer or smaller dice",
                what=quoted, cost=context.t.number(cost.units),
                limit=context.t.number(ROLL_COST // STEPS_PER_UNIT))
    if omitted is not None:
        response["odds_omitted"] = omitted
    else:
        try:
            if "totals" in response:
                response["probabilities_at_least"] = [
                    float(c[0]) for c in roll_chances_all(tree, response["totals"], ROLL_COST)]
            else:
                at_least, exactly = roll_chances(tree, rolled.total, ROLL_COST)
                response["probability_at_least"] = float(at_least)
                response["probability"] = float(exactly)
        except LimitExceeded as error:
            response["odds_omitted"] = error.to_dict(context.t)["message"]
    response["text"] = context.t("Rolled {roll}", roll=to_plain(rolled))
    return response


def distribution_action(request: Notated, context: Context) -> dict[str, Any]:
    """The exact distribution, its mean and median, and any mass cut off."""
    tree = parse(request.expression)
    exact = distribution_of(tree)
    dist = exact.distribution
    response: dict[str, Any] = {
        "expression": exact.expression,
        # big-integer true division rounds correctly and needs no fractions
        "distribution": [[v, w / dist.denominator] for v, w in dist.weights.items()],
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
    Action("dice", "roll", f"{_MODELS}:RollRequest", roll_action, "Roll a dice expression.",
           {"system": "dice", "action": "roll", "expression": "2W6+3"}, plain=plain),
    Action("dice", "distribution", f"{_MODELS}:DistributionRequest", distribution_action,
           "The exact distribution of a dice expression.",
           {"system": "dice", "action": "distribution", "expression": "4d6kh3"}, plain=plain),
)
