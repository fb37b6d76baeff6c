"""Run the benchmarks side by side with the named peers and write docs/benchmarks.md.

    python -m benchmarks            # everything (needs `make bench` for the peers)
"""

from __future__ import annotations

import datetime
import os
import platform
import sys
from pathlib import Path

from benchmarks.peers import clear_icepool, icepool_cases, load_d20
from benchmarks.timing import compare
from regelwerk.dice import SeededRandomSource, clear_cache, distribution, roll

# (regelwerk notation, d20 notation): d20 writes exploding sixes as e6
ROLLS = [("1d20+5", "1d20+5"), ("4d6kh3", "4d6kh3"), ("2d20kh1+5", "2d20kh1+5"),
         ("10d6", "10d6"), ("8d6!", "8d6e6")]
DISTRIBUTIONS = ["4d6kh3", "2d20kh1", "3d6", "10d6>=5", "40d6>=5", "8d10kh3"]


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs"


def bench_rolls() -> list[tuple[str, float, float | None]]:
    try:
        d20_roll, d20_clear = load_d20()
    except ImportError:
        d20_roll = None
        d20_clear = None
    source = SeededRandomSource(1)
    rows = []
    for expression, theirs_notation in ROLLS:
        ours_case = (lambda e=expression: roll(e, source), clear_cache)
        if d20_roll is None or d20_clear is None:
            rows.append((expression, compare([ours_case])[0], None))
            continue
        ours, theirs = compare([ours_case, (lambda e=theirs_notation: d20_roll(e), d20_clear)])
        rows.append((expression, ours, theirs))
    return rows


def bench_distributions() -> list[tuple[str, float, float]]:
    cases = icepool_cases()
    rows = []
    for expression in DISTRIBUTIONS:
        ours, theirs = compare(
            [(lambda e=expression: distribution(e), clear_cache), (cases[expression], clear_icepool)]
        )
        rows.append((expression, ours, theirs))
    return rows


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def main() -> int:
    from benchmarks.w6_advice import bench_advice

    sections: list[str] = []
    print("Parse and roll (every parse cache cleared before each call); ratio = d20 / regelwerk")
    lines = ["| expression | regelwerk | d20 | ratio (d20 / regelwerk) |", "| --- | --- | --- | --- |"]
    for expression, ours, theirs in bench_rolls():
        ratio = f"{theirs / ours:.2f}×" if theirs else "d20 not installed"
        print(f"  {expression:12} regelwerk {_us(ours):>12}  d20 {_us(theirs) if theirs else '-':>12}"
              f"  ratio {ratio}")
        lines.append(f"| `{expression}` | {_us(ours)} | {_us(theirs) if theirs else '-'} | {ratio} |")
    sections.append("## Parse and roll against avrae's d20\n\nTarget: at least as fast as d20 "
                    "(ratio ≥ 1).\n\n" + "\n".join(lines))
    print("Exact distributions (every cache cleared before each call); ratio = icepool / regelwerk")
    lines = ["| expression | regelwerk | icepool | ratio (icepool / regelwerk) |",
             "| --- | --- | --- | --- |"]
    for expression, ours, theirs in bench_distributions():
        print(f"  {expression:12} regelwerk {_us(ours):>12}  icepool {_us(theirs):>12}"
              f"  ratio {theirs / ours:.2f}×")
        lines.append(f"| `{expression}` | {_us(ours)} | {_us(theirs)} | {theirs / ours:.2f}× |")
    sections.append("## Exact distributions against icepool\n\nTarget: at least 3 times faster "
                    "(ratio ≥ 3).\n\n" + "\n".join(lines))
    sections.append(bench_advice())
    import icepool

    try:
        import importlib.metadata as md
        d20_version = md.version("d20")
    except Exception:
        d20_version = "not installed"
    header = (
        "# Benchmarks\n\n"
        "Measured by `make bench` (`python -m benchmarks`), side by side in one process run.\n"
        "Each figure is the best mean time per call over five rounds; before every timed call\n"
        "every cache is cleared (regelwerk's parse cache, d20's parse cache, icepool's function\n"
        "caches, binomial rows and evaluator caches).\n\n"
        f"- date: {datetime.date.today().isoformat()}\n"
        f"- machine: {machine()}\n"
        f"- peers: d20 {d20_version}, icepool {icepool.__version__}\n"
    )
    text = header + "\n" + "\n\n".join(sections) + "\n"
    Path(__file__).resolve().parent.parent.joinpath("docs", "benchmarks.md").write_text(text)
    print("written to docs/benchmarks.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
