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
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from regelwerk.budget import FIXED, Cost
from regelwerk.dice.random_sources import RandomSource
from regelwerk.i18n import Translator

if TYPE_CHECKING:  # pydantic loads with the first request model that is needed
    from pydantic import BaseModel

__all__ = ["Action", "Context", "registry", "system_actions", "system_names"]


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
    """One protocol action: its request model and the handler that answers it.

    ``schema`` is the request model, or ``"module:Name"`` where it is imported on
    first use (``model``); ``plain`` accepts the common well-formed request without
    the model (``None`` for anything else, which the model then validates), so that
    a command such as ``regelwerk roll`` starts without loading pydantic."""

    system: str
    name: str
    schema: type[BaseModel] | str
    handler: Handler
    summary: str
    example: Mapping[str, Any] | None = None
    cost: Callable[[Any], Cost] | None = None
    """The work of a validated request, estimated before any is done."""
    odds_optional: bool = False
    """Over the budget the action still answers, leaving its odds out."""
    plain: Callable[[dict[str, Any]], Any | None] | None = None
    """The validated request of a well-formed request, or ``None`` (then ``model``
    decides): it accepts only what ``model`` accepts, with the same values."""

    @property
    def model(self) -> type[BaseModel]:
        """The request model (pydantic), imported here when given by name."""
        if isinstance(self.schema, str):
            module, _, name = self.schema.partition(":")
            found: type[BaseModel] = getattr(importlib.import_module(module), name)
            return found
        return self.schema

    def estimate(self, request: Any) -> Cost:
        """The cost of ``request`` (``FIXED`` for an action without an estimate)."""
        return FIXED if self.cost is None else self.cost(request)


@lru_cache(maxsize=1)
def system_names() -> tuple[str, ...]:
    """The game systems (one folder each), found without importing them."""
    import regelwerk.systems as systems

    return tuple(sorted(info.name for info in pkgutil.iter_modules(systems.__path__)
                        if info.ispkg))


@cache
def system_actions(system: str) -> dict[str, Action]:
    """The actions of one system, with their cost estimates; its rules are imported
    on this first use."""
    module = importlib.import_module(f"regelwerk.systems.{system}.actions")
    try:
        costs = importlib.import_module(f"regelwerk.systems.{system}.costs")
    except ModuleNotFoundError:
        costs = None
    estimates: Mapping[str, Callable[[Any], Cost]] = getattr(costs, "COSTS", {})
    optional: frozenset[str] = getattr(costs, "ODDS_OPTIONAL", frozenset())
    table: dict[str, Action] = {}
    for action in module.ACTIONS:
        if action.cost is None and action.name in estimates:
            action = replace(action, cost=estimates[action.name],
                             odds_optional=action.name in optional)
        table[action.name] = action
    return table


@lru_cache(maxsize=1)
def registry() -> dict[str, dict[str, Action]]:
    """Every registered action by system and name (imports every system)."""
    return {system: system_actions(system) for system in system_names()}
