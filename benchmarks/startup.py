"""Start-up: ``import regelwerk`` and ``regelwerk roll 1d20`` against d20 in its own
environment, each a fresh process, alternating, the median of 9 runs of each
process's CPU time (user and system: wall time on the shared machine measures the
other engineers' load as much as the start-up).  regelwerk's bytecode is compiled
first, as pip does for an installed package and Python on a first run (this
machine sets PYTHONDONTWRITEBYTECODE, so an editable checkout would otherwise
compile every module on every start; d20's environment was compiled by pip)."""

from __future__ import annotations

import compileall
import resource
import statistics
import subprocess
import sys
from pathlib import Path

import regelwerk
from benchmarks.peers import D20_PYTHON

__all__ = ["bench_startup"]

_BIN = Path(sys.executable).parent


def _run(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_startup() -> list[tuple[str, float]]:
    """Median CPU time of each command."""
    commands = {
        "python -c 'import regelwerk'": [sys.executable, "-c", "import regelwerk"],
        "regelwerk roll 1d20": [str(_BIN / "regelwerk"), "roll", "1d20"],
        "python -c 'import d20' (d20's environment)": [str(D20_PYTHON), "-c", "import d20"],
        "python -c \"import d20; d20.roll('1d20')\" (d20's environment)":
            [str(D20_PYTHON), "-c", "import d20; d20.roll('1d20')"],
    }
    compileall.compile_dir(Path(regelwerk.__file__).parent, quiet=1)
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for argv in commands.values():
        _run(argv)  # warm the file system caches
    for _ in range(9):
        for name, argv in commands.items():
            samples[name].append(_run(argv))
    return [(name, statistics.median(values)) for name, values in samples.items()]
