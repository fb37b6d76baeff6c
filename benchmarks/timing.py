"""Timing side by side: contenders are measured in alternating rounds, so that
load on the machine falls on both alike; each keeps its best round."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

__all__ = ["Contender", "compare", "per_call"]

Contender = tuple[Callable[[], object], Callable[[], None]]
"""A function to time and the (untimed) clearing of its caches before every call."""


def _round(function: Callable[[], object], clear: Callable[[], None], calls: int) -> float:
    total = 0.0
    for _ in range(calls):
        clear()
        start = time.perf_counter()
        function()
        total += time.perf_counter() - start
    return total


def _calls_for(function: Callable[[], object], clear: Callable[[], None], budget: float) -> int:
    clear()
    function()  # warm up code paths (not caches: they are cleared before each call)
    calls = 1
    while _round(function, clear, calls) < budget and calls < 100_000:
        calls *= 2
    return calls


def compare(contenders: Sequence[Contender], *, budget: float = 0.05,
            rounds: int = 7) -> list[float]:
    """The best mean seconds per call of each contender over alternating rounds."""
    plan = [(f, c, _calls_for(f, c, budget)) for f, c in contenders]
    best = [float("inf")] * len(plan)
    for _ in range(rounds):
        for i, (function, clear, calls) in enumerate(plan):
            best[i] = min(best[i], _round(function, clear, calls) / calls)
    return best


def per_call(function: Callable[[], object], clear: Callable[[], None], *,
             budget: float = 0.05, rounds: int = 7) -> float:
    """The best mean seconds per call of one function."""
    return compare([(function, clear)], budget=budget, rounds=rounds)[0]
