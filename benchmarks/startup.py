"""Start-up: ``import regelwerk`` and ``regelwerk roll 1d20`` against d20 in its own
environment, each a fresh process, alternating, the median of 9 runs."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.peers import D20_PYTHON

__all__ = ["bench_startup"]

_BIN = Path(sys.executable).parent


def _run(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def bench_startup() -> list[tuple[str, float]]:
    """Median wall time of each command."""
    commands = {
        "python -c 'import regelwerk'": [sys.executable, "-c", "import regelwerk"],
        "regelwerk roll 1d20": [str(_BIN / "regelwerk"), "roll", "1d20"],
        "python -c 'import d20' (d20's environment)": [str(D20_PYTHON), "-c", "import d20"],
        "python -c \"import d20; d20.roll('1d20')\" (d20's environment)":
            [str(D20_PYTHON), "-c", "import d20; d20.roll('1d20')"],
    }
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for argv in commands.values():
        _run(argv)  # warm the file system caches
    for _ in range(9):
        for name, argv in commands.items():
            samples[name].append(_run(argv))
    return [(name, statistics.median(values)) for name, values in samples.items()]
