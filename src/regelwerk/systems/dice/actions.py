"""Protocol actions of the ``dice`` system: ``roll`` and ``distribution``."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field, StrictStr

from regelwerk.dice import distribution_of, parse, roll_tree, to_json, to_plain
from regelwerk.dice.exact import Exact
from regelwerk.dice.nodes import Expression
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


_REMEMBERED_VALUES = 2_000
"""Odds of rolls with at most this many values are remembered for the next roll."""


class _Odds:
    """``P(X = v)`` and ``P(X >= v)`` of a distribution, for reading one total."""

    __slots__ = ("at_least", "exactly")

    def __init__(self, exact: Exact) -> None:
        weights = exact.distribution.weights
        denominator = exact.distribution.denominator
        self.exactly = {v: w / denominator for v, w in weights.items()}
        self.at_least: dict[int, float] = {}
        running = 0
        for value in sorted(weights, reverse=True):
            running += weights[value]
            self.at_least[value] = running / denominator

    def read(self, total: int) -> tuple[float, float]:
        """``(P(X >= total), P(X = total))``."""
        chance = self.at_least.get(total)
        if chance is None:  # a total the distribution never reaches exactly
            chance = next((self.at_least[v] for v in sorted(self.at_least) if v >= total),
                          0.0)
        return chance, self.exactly.get(total, 0.0)


@lru_cache(maxsize=512)
def _small_odds(tree: Expression) -> _Odds | None:
    exact = distribution_of(tree)
    return _Odds(exact) if len(exact.distribution.support) <= _REMEMBERED_VALUES else None


def _roll_odds(tree: Expression) -> _Odds:
    """The exact odds of a roll: those of small distributions (common rolls) are
    remembered (syntax trees and distributions are immutable), large ones computed
    each time."""
    remembered = _small_odds(tree)
    return remembered if remembered is not None else _Odds(distribution_of(tree))


def roll_action(request: RollRequest, context: Context) -> dict[str, Any]:
    """Roll ``expression``; the odds of rolling this total or more come along."""
    tree = parse(request.expression)
    result = roll_tree(tree, context.source)
    rolled = RollResult(tree, result)
    response: dict[str, Any] = to_json(rolled)
    odds = None
    if context.odds_omitted is None:
        try:
            odds = _roll_odds(tree)
        except LimitExceeded as error:
            response["odds_omitted"] = error.message
    else:
        response["odds_omitted"] = context.odds_omitted
    if odds is not None:
        response["probability_at_least"], response["probability"] = odds.read(rolled.total)
    response["text"] = context.t("Rolled {roll}", roll=to_plain(rolled))
    return response


def distribution_action(request: DistributionRequest, context: Context) -> dict[str, Any]:
    """The exact distribution, its mean and median, and any mass cut off."""
    exact = distribution_of(parse(request.expression))
    dist = exact.distribution
    response: dict[str, Any] = {
        "expression": exact.expression,
        "distribution": [[v, float(p)] for v, p in dist.items()],
        "mean": float(exact.mean),
        "median": dist.median(),
        "cut_off": float(exact.cut_off),
    }
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
