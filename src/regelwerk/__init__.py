"""regelwerk: a rules engine for pen-and-paper role-playing games.

``resolve(request)`` answers any request of the rules protocol (see
``docs/protocol.md``); the dice engine is in ``regelwerk.dice`` and each game
system in ``regelwerk.systems``.
"""

from importlib.metadata import PackageNotFoundError, version

from regelwerk.dice import RandomSource, ScriptedRandomSource, SeededRandomSource
from regelwerk.errors import RegelwerkError
from regelwerk.odds import Distribution
from regelwerk.protocol import resolve

try:
    __version__ = version("regelwerk")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "Distribution",
    "RandomSource",
    "RegelwerkError",
    "ScriptedRandomSource",
    "SeededRandomSource",
    "__version__",
    "resolve",
]
