"""The named peers: avrae's ``d20`` (parse and roll) and ``icepool`` (exact
distributions), with helpers that clear every cache they keep."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

__all__ = ["clear_icepool", "icepool_cases", "load_d20"]


def load_d20() -> tuple[Callable[[str], object], Callable[[], None]]:
    """``(roll, clear)`` for d20; raises ImportError when it is not installed."""
    import d20

    roller = d20.Roller()

    def clear() -> None:
        roller._parse_cache.clear()

    return roller.roll, clear


def clear_icepool() -> None:
    """Empty icepool's function caches, its binomial rows and its evaluators' caches."""
    import icepool
    import icepool.math

    icepool.math.comb_row_cache.clear()
    for name, module in list(sys.modules.items()):
        if not name.startswith("icepool") or module is None:
            continue
        for value in list(vars(module).values()):
            clear_cache = getattr(value, "cache_clear", None)
            if callable(clear_cache):
                clear_cache()
            if isinstance(value, icepool.MultisetEvaluator) and hasattr(value, "_cache"):
                del value._cache


def icepool_cases() -> dict[str, Callable[[], Any]]:
    """The icepool computations matching each regelwerk expression (fresh dice each call)."""
    import icepool

    d = icepool.d
    return {
        "4d6kh3": lambda: d(6).pool(4).highest(3).sum(),
        "2d20kh1": lambda: d(20).pool(2).highest(1).sum(),
        "3d6": lambda: 3 @ d(6),
        "10d6>=5": lambda: 10 @ (d(6) >= 5),
        "40d6>=5": lambda: 40 @ (d(6) >= 5),
        "8d10kh3": lambda: d(10).pool(8).highest(3).sum(),
    }
