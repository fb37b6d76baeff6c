"""Dice notation, rolling and exact distributions.

Three stages, three trees: ``parse`` makes an immutable syntax tree (cached by
its normalised text), ``roll`` makes a fresh result tree from dice of an
injected ``RandomSource``, and the renderers show it.  ``distribution`` gives
the exact distribution of any expression.
"""

from typing import TYPE_CHECKING, Any

from regelwerk.dice.limits import RollBudget
from regelwerk.dice.parser import clear_cache, parse
from regelwerk.dice.random_sources import (
    RandomSource,
    ScriptedRandomSource,
    SeededRandomSource,
    SystemRandomSource,
)
from regelwerk.dice.render import to_json, to_markdown, to_plain
from regelwerk.dice.results import Die, RollResult
from regelwerk.dice.roller import roll, roll_tree

if TYPE_CHECKING:
    from regelwerk.dice.exact import Exact, distribution, distribution_of, roll_chances


def __getattr__(name: str) -> Any:
    """Exact distributions load on first use (rolling does not need them)."""
    if name in ("Exact", "distribution", "distribution_of", "roll_chances"):
        from regelwerk.dice import exact

        return getattr(exact, name)
    raise AttributeError(f"module 'regelwerk.dice' has no attribute {name!r}")

__all__ = [
    "Die",
    "Exact",
    "RandomSource",
    "RollBudget",
    "RollResult",
    "ScriptedRandomSource",
    "SeededRandomSource",
    "SystemRandomSource",
    "clear_cache",
    "distribution",
    "distribution_of",
    "parse",
    "roll",
    "roll_chances",
    "roll_tree",
    "to_json",
    "to_markdown",
    "to_plain",
]
