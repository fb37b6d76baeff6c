"""regelwerk: a rules engine for pen-and-paper role-playing games.

``resolve(request)`` answers any request of the rules protocol (see
``docs/protocol.md``); the dice engine is in ``regelwerk.dice`` and each game
system in ``regelwerk.systems``.
"""

from typing import TYPE_CHECKING, Any

from regelwerk.dice.random_sources import RandomSource, ScriptedRandomSource, SeededRandomSource
from regelwerk.errors import RegelwerkError

if TYPE_CHECKING:
    from regelwerk.odds import Distribution
    from regelwerk.protocol.resolve import resolve

    __version__: str


def __getattr__(name: str) -> Any:
    """Load the heavier parts (the protocol, distributions, the version) on first use,
    so that ``import regelwerk`` stays quick."""
    if name == "resolve":
        from regelwerk.protocol import resolve

        return resolve
    if name == "Distribution":
        from regelwerk.odds import Distribution

        return Distribution
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("regelwerk")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            return "0.0.0"
    raise AttributeError(f"module 'regelwerk' has no attribute {name!r}")

__all__ = [
    "Distribution",
    "RandomSource",
    "RegelwerkError",
    "ScriptedRandomSource",
    "SeededRandomSource",
    "__version__",
    "resolve",
]
