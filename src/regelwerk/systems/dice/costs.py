"""Cost estimates of the dice actions (``regelwerk.budget``): the exact odds of the
expression, from its syntax tree (``regelwerk.dice.cost``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.budget import Cost
from regelwerk.dice import parse
from regelwerk.dice.cost import STEPS_PER_UNIT, odds_cost, odds_estimate, roll_cost

__all__ = ["COSTS", "ODDS_OPTIONAL"]


def expression(request: Any) -> Cost:
    """The exact odds of ``request.expression``."""
    return odds_cost(parse(request.expression))


def shown(request: Any) -> Cost:
    """The exact odds of ``request.expression`` and showing every value's chance: a
    true division of two big integers each, linear in their words (CPython shifts
    and divides once: 0.7 µs at 3,000 bits, 3.6 µs at 20,000, measured 2026-11-30;
    8 steps per word bounds it four times over)."""
    tree = parse(request.expression)
    cost = odds_cost(tree)
    _, span, bits = odds_estimate(tree)
    steps = span * (200 + 8 * (bits // 60 + 1))
    return Cost(cost.units + -(-steps // STEPS_PER_UNIT), cost.what)


def rolled(request: Any) -> Cost:
    """A roll's own odds of ``request.expression`` (``cost.roll_cost``: closed forms
    where they answer every total)."""
    return roll_cost(parse(request.expression))


COSTS: dict[str, Callable[[Any], Cost]] = {"roll": rolled, "distribution": shown}
ODDS_OPTIONAL = frozenset({"roll"})
"""A roll over the budget still rolls and says ``odds_omitted``."""
