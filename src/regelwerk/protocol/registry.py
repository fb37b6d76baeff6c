"""The action registry: ``(system, action) -> handler`` with typed request models.

Each game system keeps one table ``ACTIONS`` in ``regelwerk/systems/<name>/actions.py``;
the registry finds them, so adding a system is adding a folder.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel

from regelwerk.dice.random_sources import RandomSource
from regelwerk.i18n import Translator

__all__ = ["Action", "Context", "registry", "system_actions", "system_names"]


@dataclass(frozen=True, slots=True)
class Context:
    """What a handler may use besides its request: the dice and the language."""

    source: RandomSource
    t: Translator


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


@lru_cache(maxsize=1)
def system_names() -> tuple[str, ...]:
    """The game systems (one folder each), found without importing them."""
    import regelwerk.systems as systems

    return tuple(sorted(info.name for info in pkgutil.iter_modules(systems.__path__)
                        if info.ispkg))


@cache
def system_actions(system: str) -> dict[str, Action]:
    """The actions of one system; its rules are imported on this first use."""
    module = importlib.import_module(f"regelwerk.systems.{system}.actions")
    return {action.name: action for action in module.ACTIONS}


@lru_cache(maxsize=1)
def registry() -> dict[str, dict[str, Action]]:
    """Every registered action by system and name (imports every system)."""
    return {system: system_actions(system) for system in system_names()}
