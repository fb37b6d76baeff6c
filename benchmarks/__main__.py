"""Run the benchmarks side by side with the named peers and write docs/benchmarks.md.

    make bench      # installs the peers, then runs `python -m benchmarks`
"""

from __future__ import annotations

import datetime
import importlib.metadata
import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path

from benchmarks.peers import clear_icepool, icepool_cases, load_d20
from benchmarks.report import write_document
from benchmarks.timing import Contender, compare
from benchmarks.w6_advice import bench_advice
from regelwerk.dice import SeededRandomSource, clear_cache, distribution, roll

# (regelwerk notation, d20 notation): d20 writes exploding sixes as e6
ROLLS = [("1d20+5", "1d20+5"), ("4d6kh3", "4d6kh3"), ("2d20kh1+5", "2d20kh1+5"),
         ("10d6", "10d6"), ("8d6!", "8d6e6")]
DISTRIBUTIONS = ["4d6kh3", "2d20kh1", "3d6", "10d6>=5", "40d6>=5", "8d10kh3"]

Row = tuple[str, float, float]


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs"


def _call(function: Callable[[str], object], expression: str) -> Callable[[], object]:
    return lambda: function(expression)


def bench_rolls() -> list[Row]:
    """regelwerk against d20, parse and roll, every parse cache cleared."""
    d20_roll, d20_clear = load_d20()
    source = SeededRandomSource(1)
    rows = []
    for expression, theirs in ROLLS:
        ours_case: Contender = (_call(lambda e: roll(e, source), expression), clear_cache)
        ours, other = compare([ours_case, (_call(d20_roll, theirs), d20_clear)])
        rows.append((expression, ours, other))
    return rows


def bench_distributions() -> list[Row]:
    """regelwerk against icepool, exact distributions, every cache cleared."""
    cases = icepool_cases()
    rows = []
    for expression in DISTRIBUTIONS:
        ours, other = compare([(_call(distribution, expression), clear_cache),
                               (cases[expression], clear_icepool)])
        rows.append((expression, ours, other))
    return rows


def _table(rows: list[Row], peer: str) -> str:
    lines = [f"| expression | regelwerk | {peer} | ratio ({peer} / regelwerk) |",
             "| --- | --- | --- | --- |"]
    for expression, ours, other in rows:
        print(f"  {expression:12} regelwerk {_us(ours):>12}  {peer} {_us(other):>12}"
              f"  ratio {other / ours:.2f}×")
        lines.append(f"| `{expression}` | {_us(ours)} | {_us(other)} | {other / ours:.2f}× |")
    return "\n".join(lines)


def machine() -> str:
    """CPU, cores and Python version."""
    cpu = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main() -> int:
    """Run everything and write docs/benchmarks.md."""
    print("Parse and roll, ratio = d20 / regelwerk (target >= 1)")
    rolls = _table(bench_rolls(), "d20")
    print("Exact distributions, ratio = icepool / regelwerk (target >= 3)")
    dists = _table(bench_distributions(), "icepool")
    advice = bench_advice()
    versions = ", ".join(f"{name} {importlib.metadata.version(name)}"
                         for name in ("d20", "icepool", "lark"))
    text = (
        "# Benchmarks\n\n"
        "Measured by `make bench` (`python -m benchmarks`), side by side in one process run.\n"
        "Contenders are timed in alternating rounds and each keeps its best mean time per\n"
        "call; before every timed call every cache is cleared (regelwerk's parse cache,\n"
        "d20's parse cache, icepool's function caches, binomial rows and evaluator caches).\n"
        "regelwerk rolls with its seeded source (SHA-256); d20 uses Python's `random`.\n\n"
        f"- date: {datetime.date.today().isoformat()}\n"
        f"- machine: {machine()}\n"
        f"- versions: {versions}\n\n"
        "## Parse and roll against avrae's d20\n\nTarget: at least as fast as d20 "
        f"(ratio ≥ 1).\n\n{rolls}\n\n"
        "## Exact distributions against icepool\n\nTarget: at least 3 times faster "
        f"(ratio ≥ 3).\n\n{dists}\n\n{advice}\n"
    )
    write_document(text, kept=("Table API under load",))  # benchmarks/table_load.py
    print("written to docs/benchmarks.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
