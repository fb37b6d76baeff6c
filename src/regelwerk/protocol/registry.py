"""The action registry: ``(system, action) -> handler`` with typed request models.

Each game system keeps one table ``ACTIONS`` in ``regelwerk/systems/<name>/actions.py``;
the registry finds them, so adding a system is adding a folder.  A system may keep
``COSTS`` (action name -> cost estimate) and ``ODDS_OPTIONAL`` (actions that roll and
may leave their odds out) in ``costs.py`` beside it; an action without an estimate
costs ``regelwerk.budget.FIXED`` (its fields bound its work).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from regelwerk.budget import FIXED, Cost
from regelwerk.dice.random_sources import RandomSource
from regelwerk.i18n import Translator

__all__ = ["Action", "Context", "registry"]


@dataclass(frozen=True, slots=True)
class Context:
    """What a handler may use besides its request: the dice and the language."""

    source: RandomSource
    t: Translator
    odds_omitted: str | None = None
    """Why a rolling action leaves its odds out (over the cost budget), or None."""


Handler = Callable[[Any, Context], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Action:
    """One protocol action: its request model and the handler that answers it."""

    system: str
    name: str
    model: type[BaseModel]
    handler: Handler
    summary: str
    example: Mapping[str, Any] | None = None
    cost: Callable[[Any], Cost] | None = None
    """The work of a validated request, estimated before any is done."""
    odds_optional: bool = False
    """Over the budget the action still answers, leaving its odds out."""

    def estimate(self, request: Any) -> Cost:
        """The cost of ``request`` (``FIXED`` for an action without an estimate)."""
        return FIXED if self.cost is None else self.cost(request)


@lru_cache(maxsize=1)
def registry() -> dict[str, dict[str, Action]]:
    """Every registered action by system and name."""
    import regelwerk.systems as systems

    table: dict[str, dict[str, Action]] = {}
    for info in sorted(pkgutil.iter_modules(systems.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"regelwerk.systems.{info.name}.actions")
        try:
            costs = importlib.import_module(f"regelwerk.systems.{info.name}.costs")
        except ModuleNotFoundError:
            costs = None
        estimates: Mapping[str, Callable[[Any], Cost]] = getattr(costs, "COSTS", {})
        optional: frozenset[str] = getattr(costs, "ODDS_OPTIONAL", frozenset())
        for action in module.ACTIONS:
            if action.cost is None and action.name in estimates:
                action = replace(action, cost=estimates[action.name],
                                 odds_optional=action.name in optional)
            table.setdefault(action.system, {})[action.name] = action
    return table
