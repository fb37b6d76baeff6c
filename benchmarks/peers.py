"""The named peers: avrae's ``d20`` (run in its own virtual environment, on its own
lark-parser 0.9, in a subprocess) and ``icepool`` (exact distributions, in this
process, with every cache it keeps cleared before each call)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["D20_PYTHON", "clear_icepool", "d20_rolls", "d20_version", "icepool_cases"]

D20_PYTHON = Path(__file__).resolve().parent.parent / ".bench-d20" / "bin" / "python"
"""d20's own environment, built by ``make bench`` (pip install d20==1.1.2)."""


def d20_rolls(expressions: list[str]) -> dict[str, float]:
    """Median seconds per ``d20.roll`` of each expression, measured in d20's process."""
    script = Path(__file__).resolve().parent / "d20_peer.py"
    done = subprocess.run([str(D20_PYTHON), str(script), *expressions], check=True,
                          capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def d20_version() -> str:
    """d20's and lark-parser's versions in d20's environment."""
    code = ("import importlib.metadata as m; "
            "print(m.version('d20'), m.version('lark-parser'))")
    done = subprocess.run([str(D20_PYTHON), "-c", code], check=True, capture_output=True,
                          text=True)
    d20, lark = done.stdout.split()
    return f"d20 {d20} (lark-parser {lark}, own environment)"


def clear_icepool() -> None:
    """Empty icepool's function caches, its binomial rows and its evaluators' and
    pools' caches."""
    import icepool
    import icepool.math

    icepool.math.comb_row_cache.clear()
    icepool.Pool.clear_cache()  # the pools' sources (a cache on a class, not a module's)
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
    """The icepool computations matching each regelwerk expression, in icepool's fast
    natural forms (fresh dice each call)."""
    import icepool

    d = icepool.d
    return {
        "4d6kh3": lambda: d(6).highest(4, 3),
        "2d20kh1": lambda: d(20).highest(2, 1),
        "3d6": lambda: 3 @ d(6),
        "10d6cs>=5": lambda: 10 @ (d(6) >= 5),
        "40d6cs>=5": lambda: 40 @ (d(6) >= 5),
        "8d10kh3": lambda: d(10).highest(8, 3),
    }
