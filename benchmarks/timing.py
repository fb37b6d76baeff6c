"""Timing side by side: contenders are measured in alternating rounds, so that
load on the machine falls on both alike; each reports the median of its rounds, in
CPU time of the process (wall time on the shared machine counts the other
engineers' load too)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

__all__ = ["Contender", "compare", "median_call"]

Contender = tuple[Callable[[], object], Callable[[], None]]
"""A function to time and the (untimed) clearing of its caches before every call."""

ROUNDS = 7


def _round(function: Callable[[], object], clear: Callable[[], None], calls: int) -> float:
    total = 0.0
    for _ in range(calls):
        clear()
        start = time.process_time()
        function()
        total += time.process_time() - start
    return total / calls


def _calls_for(function: Callable[[], object], clear: Callable[[], None], budget: float) -> int:
    calls = 1
    while calls < 10_000:
        if _round(function, clear, calls) * calls >= budget:
            break
        calls *= 4
    return calls


def compare(contenders: Sequence[Contender], *, budget: float = 0.03,
            rounds: int = ROUNDS, cap: float = 4.0) -> list[tuple[float, int]]:
    """``(median seconds per call, rounds)`` of each contender over alternating rounds;
    a contender whose single call takes longer than ``cap`` seconds is timed once."""
    plan = []
    for function, clear in contenders:
        clear()
        start = time.process_time()
        function()  # warm up code paths (not caches: they are cleared before each call)
        first = time.process_time() - start
        plan.append((function, clear, 0 if first > cap else _calls_for(function, clear, budget),
                     first))
    samples: list[list[float]] = [[] for _ in plan]
    for _ in range(rounds):
        for i, (function, clear, calls, first) in enumerate(plan):
            if calls == 0:
                if not samples[i]:
                    samples[i].append(first)
                continue
            samples[i].append(_round(function, clear, calls))
    return [(statistics.median(s), len(s)) for s in samples]


def median_call(function: Callable[[], object], clear: Callable[[], None]) -> float:
    """The median seconds per call of one function."""
    return compare([(function, clear)])[0][0]
