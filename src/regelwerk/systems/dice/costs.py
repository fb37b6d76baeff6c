"""Cost estimates of the dice actions (``regelwerk.budget``): the exact odds of the
expression, from its syntax tree (``regelwerk.dice.cost``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.budget import Cost
from regelwerk.dice import parse
from regelwerk.dice.cost import STEPS_PER_UNIT, odds_cost, odds_estimate

__all__ = ["COSTS", "ODDS_OPTIONAL"]


def expression(request: Any) -> Cost:
    """The exact odds of ``request.expression``."""
    return odds_cost(parse(request.expression))


def shown(request: Any) -> Cost:
    """The exact odds of ``request.expression`` and showing every value's chance: a
    division of two big integers each (their size squared, in words)."""
    tree = parse(request.expression)
    cost = odds_cost(tree)
    _, span, bits = odds_estimate(tree)
    steps = span * (200 + (bits // 60 + 1) ** 2)
    return Cost(cost.units + -(-steps // STEPS_PER_UNIT), cost.what)


COSTS: dict[str, Callable[[Any], Cost]] = {"roll": expression, "distribution": shown}
ODDS_OPTIONAL = frozenset({"roll"})
"""A roll over the budget still rolls and says ``odds_omitted``."""
