"""The action registry: ``(system, action) -> handler`` with typed request models.

Each game system keeps one table ``ACTIONS`` in ``regelwerk/systems/<name>/actions.py``;
the registry finds them, so adding a system is adding a folder.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from regelwerk.dice.random_sources import RandomSource
from regelwerk.i18n import Translator

__all__ = ["Action", "Context", "registry"]


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
def registry() -> dict[str, dict[str, Action]]:
    """Every registered action by system and name."""
    import regelwerk.systems as systems

    table: dict[str, dict[str, Action]] = {}
    for info in sorted(pkgutil.iter_modules(systems.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"regelwerk.systems.{info.name}.actions")
        for action in module.ACTIONS:
            table.setdefault(action.system, {})[action.name] = action
    return table
