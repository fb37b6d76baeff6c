"""The rules protocol: request validation, the action registry and ``resolve``."""

from regelwerk.protocol.registry import Action, Context, registry
from regelwerk.protocol.resolve import resolve

__all__ = ["Action", "Context", "registry", "resolve"]
