"""The one cost budget: every action estimates its work from its inputs before it
computes, and work beyond the budget is refused at once.

A cost is counted in *units of work*: roughly one elementary step of exact
arithmetic (one table entry of a dynamic programme, one value pair of a
convolution, 64 bits of a big-integer product).  ``BUDGET`` units take well under
one second of CPU on the reference machine (``docs/limits.md`` lists the
calibration; ``benchmarks/costs.py`` measures the most expensive accepted request
of every action).

Rules code calls ``require`` (odds-only work: over the budget raises
``LimitExceeded`` naming the budget and the cost) or ``affordable`` (a roll that
rolls anyway and leaves its odds out, saying why).
"""

from __future__ import annotations

from dataclasses import dataclass

from regelwerk.errors import LimitExceeded, Message, Number

__all__ = [
    "BUDGET",
    "FIXED",
    "MAX_BRANCHES",
    "MAX_SUPPORT",
    "MAX_WORK",
    "ROLL_ODDS_WORK",
    "SHOWN",
    "Cost",
    "affordable",
    "require",
    "shorten",
]

SHOWN = 80
"""Characters of any input that a message shows."""


def shorten(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, for messages."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


BUDGET = 5_000_000
"""Units of work one request may cost.  One unit took 50–150 ns of CPU on the
reference machine, so an accepted request costs at most about 0.75 s."""

MAX_BRANCHES = 200_000
"""Face sequences one enumeration of a roll procedure may try (``odds.enumerate``)."""
MAX_SUPPORT = 200_000
"""Distinct values or value pairs an exact distribution may work through."""
MAX_WORK = 20_000_000
"""Bits of exact weights (values times bits per weight) one distribution may build."""
ROLL_ODDS_WORK = MAX_WORK
"""The exact-arithmetic bound for the odds that come with a roll (the same bound:
whether a roll's odds are computed is decided by ``BUDGET``)."""


@dataclass(frozen=True, slots=True)
class Cost:
    """The estimated work of one request and what makes it up: ``what`` is a
    translatable ``Message`` (``Message("the odds of a pool of {dice} dice",
    dice=Number(dice))``), so that a refusal is said in the reader's language."""

    units: int
    what: Message

    def __add__(self, other: Cost) -> Cost:
        what = other.what if not self.units else self.what if not other.units else (
            Message("{first}; {then}", first=self.what, then=other.what))
        return Cost(self.units + other.units, what)

    @property
    def affordable(self) -> bool:
        """Whether the work fits the budget."""
        return self.units <= BUDGET

    def reason(self) -> Message:
        """Why the work is refused: the budget and the cost, a translatable template
        with its values (``LimitExceeded(cost.reason())``, ``reason().render(t)``)."""
        return Message(
            "{what} would cost {units} units of work; the budget is {budget} units per "
            "request (docs/limits.md)",
            what=self.what, units=Number(self.units), budget=Number(BUDGET))


FIXED = Cost(10_000, Message("this request"))
"""The cost of an action whose work is bounded by its field limits alone (checked by
``benchmarks/costs.py`` and ``tests/test_budget.py`` at those limits)."""


def affordable(cost: Cost) -> bool:
    """Whether ``cost`` fits the budget."""
    return cost.units <= BUDGET


def require(cost: Cost) -> None:
    """Raise ``LimitExceeded`` (naming the budget and the cost) unless ``cost`` fits."""
    if cost.units > BUDGET:
        raise LimitExceeded(cost.reason())
