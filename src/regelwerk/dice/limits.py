"""Limits of the dice notation (length, dice, faces, nesting) and the dice counter of
one roll.  The cost budget of exact odds lives in ``regelwerk.budget`` (its bounds
are re-exported here for older imports)."""

from __future__ import annotations

from dataclasses import dataclass

from regelwerk.budget import MAX_SUPPORT, MAX_WORK, ROLL_ODDS_WORK
from regelwerk.errors import LimitExceeded, Number

__all__ = [
    "MAX_CONSTANT",
    "MAX_COUNT",
    "MAX_DICE",
    "MAX_EXPLODE_DEPTH",
    "MAX_EXPRESSION_LENGTH",
    "MAX_NESTING",
    "MAX_OPERATORS",
    "MAX_REPEAT",
    "MAX_SIDES",
    "MAX_SUPPORT",
    "MAX_WORK",
    "ROLL_ODDS_WORK",
    "RollBudget",
]

MAX_EXPRESSION_LENGTH = 1000
"""Characters in one expression."""
MAX_DICE = 1000
"""Dice rolled for one expression, rerolls and explosions counted."""
MAX_COUNT = 100_000
"""Dice in one term (``NdX``); more than ``MAX_DICE`` can only be asked for odds, and
the cost estimate of ``regelwerk.dice.cost`` decides whether those are answered."""
MAX_OPERATORS = 200
"""Binary operators in one expression."""
MAX_REPEAT = 100
"""Rolls of one repeat (``6#4d6kh3``)."""
MAX_SIDES = 10_000
"""Faces of one die."""
MAX_CONSTANT = 1_000_000
"""Largest integer constant."""
MAX_NESTING = 50
"""Parentheses and unary signs inside each other."""
MAX_EXPLODE_DEPTH = 100
"""Largest explosion depth for ``!…@N``."""


@dataclass(slots=True)
class RollBudget:
    """Counts the dice one evaluation rolls and stops runaway rerolls or explosions."""

    max_dice: int = MAX_DICE
    rolled: int = 0

    def spend(self, dice: int = 1) -> None:
        """Count ``dice`` more dice, or raise ``LimitExceeded``."""
        self.rolled += dice
        if self.rolled > self.max_dice:
            raise LimitExceeded(
                "too many dice: at most {max_dice} dice may be rolled for one expression, "
                "rerolls and explosions included", max_dice=Number(self.max_dice)
            )
