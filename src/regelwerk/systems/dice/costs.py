"""Cost estimates of the dice actions (``regelwerk.budget``): the exact odds of the
expression, from its syntax tree (``regelwerk.dice.cost``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.budget import Cost
from regelwerk.dice import parse
from regelwerk.dice.cost import odds_cost

__all__ = ["COSTS", "ODDS_OPTIONAL"]


def expression(request: Any) -> Cost:
    """The exact odds of ``request.expression``."""
    return odds_cost(parse(request.expression))


COSTS: dict[str, Callable[[Any], Cost]] = {"roll": expression, "distribution": expression}
ODDS_OPTIONAL = frozenset({"roll"})
"""A roll over the budget still rolls and says ``odds_omitted``."""
