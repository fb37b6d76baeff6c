"""The mutation runner's one run of the unchanged code: which tests pass, how long each
takes, and which lines of the mutated modules each one runs.

coverage.py measures the lines (its C tracer, one dynamic context per test, set with
``switch_context``); a mutant is then tried only against the tests that ran one of its
lines (``Baseline.covering``), quickest first. A module constant is read wherever
its name is written, so its mutants get every test that ran a line of a module whose
source names it, and every test whose own module names it (a table that only
module-level code of the package builds, such as a name table or an example, runs no
line of its module in any test, yet a test may read it).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field

import coverage
import pytest
from _pytest.runner import runtestprotocol

from tools.mutants import Mutant


@dataclass
class Baseline:
    """The tests of one run and the lines each of them ran."""

    items: list[pytest.Item]
    passing: list[int] = field(default_factory=list)
    """Numbers (positions in ``items``) of the tests that passed."""
    seconds: dict[int, float] = field(default_factory=dict)
    lines: dict[str, dict[int, set[int]]] = field(default_factory=dict)
    """File → line → numbers of the passing tests that ran it."""
    sources: dict[str, str] = field(default_factory=dict)
    test_sources: dict[int, str] = field(default_factory=dict)
    """Number → the source of the test's own module (shared between its tests)."""
    _named: dict[str, set[int]] = field(default_factory=dict)

    def covering(self, mutant: Mutant, name: str = "") -> set[int]:
        """The passing tests that ran the mutant's lines; for a module constant
        ``name``, those that ran any line of a module whose source names it."""
        if name:
            word = re.compile(rf"\b{re.escape(name)}\b")
            found: set[int] = set()
            for path, source in self.sources.items():
                if path == mutant.path or word.search(source):
                    for tests in self.lines.get(path, {}).values():
                        found |= tests
            if name not in self._named:
                texts = {text for text in self.test_sources.values() if word.search(text)}
                self._named[name] = {n for n, text in self.test_sources.items()
                                     if text in texts}
            return found | self._named[name]
        ran = self.lines.get(mutant.path, {})
        found = set()
        for line in range(mutant.line, max(mutant.line, mutant.end_line) + 1):
            found |= ran.get(line, set())
        return found


def run_baseline(items: list[pytest.Item], sources: dict[str, str]) -> Baseline:
    """Runs every test once under coverage, each test in its own context."""
    files = sorted(sources)
    measure = coverage.Coverage(data_file=None, include=files, config_file=False,
                                branch=False)
    baseline = Baseline(items, sources=sources)
    texts: dict[str, str] = {}
    for number, item in enumerate(items):
        module = str(item.path)
        if module not in texts:
            texts[module] = item.path.read_text(encoding="utf-8") if item.path.is_file() else ""
        baseline.test_sources[number] = texts[module]
    measure.start()
    try:
        for number, item in enumerate(items):
            following = items[number + 1] if number + 1 < len(items) else None
            measure.switch_context(str(number))
            start = time.perf_counter()
            reports = runtestprotocol(item, log=False, nextitem=following)
            baseline.seconds[number] = time.perf_counter() - start
            if all(report.passed for report in reports):
                baseline.passing.append(number)
    finally:
        measure.stop()
    passing = set(baseline.passing)
    data = measure.get_data()
    canonical = {os.path.realpath(path): path for path in files}
    for measured in data.measured_files():
        path = canonical.get(os.path.realpath(measured))
        if path is None:
            continue
        by_line = baseline.lines.setdefault(path, {})
        for line, contexts in data.contexts_by_lineno(measured).items():
            tests = {int(c) for c in contexts if c.isdigit()} & passing
            if tests:
                by_line.setdefault(line, set()).update(tests)
    return baseline
