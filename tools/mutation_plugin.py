"""A pytest plugin that runs the mutants of some modules against the collected tests.

``python -m pytest -p tools.mutation_plugin --mutation-modules=a.py,b.py
--mutation-out=out.json tests/x`` collects the tests once and runs every test once
under coverage (``tools/mutation_coverage.py``): which pass, how long each takes,
which lines of the mutated modules each runs. Then, for each mutant, it forks (the
process has imported everything already): the child swaps the code of the one
changed function (``__code__`` of every function object made from it, so decorated
functions, methods, properties, validators and ``from x import f`` copies all see
the change; a module constant is re-bound wherever it was imported by name, in the
package and in the tests), clears the package's ``lru_cache``s, and runs only the
tests that ran the mutated lines, the test that caught a mutant of the same line or
function first, then quickest first, stopping at the first failure. A constant's
mutant that survives this, where some module of the package reads the name at
import time (a default argument, a pydantic field, a table built from it), is tried
again in a fresh interpreter that imports the mutated module from the start
(``tools/mutation_fresh.py``), where those values see it too. A mutant on
lines that no test runs is not tried ("no tests": a survivor). The parent keeps
``--mutation-jobs`` children running (default: the number of cores) and stops one
whose test runs past 2 s + 10 times its baseline time (caught: it hangs). Tests that
need the real HTTP server (fixture ``server``) run in another process, where no
mutant is, and are left out.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import gc
import json
import os
import signal
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import runtestprotocol

from tools.mutants import Mutant, module_level_value, mutants, mutated_tree, read_at_import
from tools.mutation_coverage import run_baseline

OUT_OF_PROCESS = {"server", "postgres_server"}
HUNG = 4
"""A child's exit code when one test ran far longer than in the first run."""
FRESH_CAUGHT = 5
"""A child's exit code when a constant's mutant was caught in a fresh interpreter."""
FRESH_START = 30.0
"""Seconds allowed for a fresh interpreter to start and collect its tests."""
KILLED_BY = 10
"""A child's exit code: 0 survived, 1 caught, 3 not applied, KILLED_BY + i caught by
its i-th test (that test goes first for the next mutants of the same function)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mutation")
    group.addoption("--mutation-modules", default="", help="comma-separated module files")
    group.addoption("--mutation-out", default=".mutation/out.json")
    group.addoption("--mutation-jobs", type=int, default=0,
                    help="workers (0: the number of cores)")
    group.addoption("--mutation-timeout", type=float, default=30.0)
    group.addoption("--mutation-examples", type=int, default=25,
                    help="Hypothesis examples per property in a mutant (the default "
                         "profile's count is for make test)")
    group.addoption("--mutation-slow", type=float, default=10.0,
                    help="tests slower than this many seconds in the first run are left "
                         "out of the mutants' runs (listed in the report)")
    group.addoption("--mutation-stop-at", type=float, default=0.0,
                    help="Unix time after which no more mutants are started")


def _hypothesis_profile(examples: int) -> None:
    """Fewer examples a property for the mutants (when the tests use Hypothesis)."""
    if "hypothesis" in sys.modules:
        from hypothesis import HealthCheck, settings

        # the same examples in every run, and no failing example of a mutant kept
        settings.register_profile("mutation", max_examples=examples, deadline=None,
                                  suppress_health_check=list(HealthCheck),
                                  derandomize=True, database=None)
        settings.load_profile("mutation")


def _module_name(path: Path) -> str:
    """``regelwerk.x.y`` for a module of the package; a module elsewhere (as in the
    runner's own tests) by its file's name."""
    parts = path.resolve().with_suffix("").parts
    return ".".join(parts[parts.index("regelwerk"):]) if "regelwerk" in parts else path.stem


def _functions(files: set[str]) -> dict[tuple[str, str, int], list[types.FunctionType]]:
    found: dict[tuple[str, str, int], list[types.FunctionType]] = {}
    for thing in gc.get_objects():
        if isinstance(thing, types.FunctionType) and thing.__code__.co_filename in files:
            code = thing.__code__
            found.setdefault((code.co_filename, code.co_qualname, code.co_firstlineno),
                             []).append(thing)
    return found


def _find_code(code: types.CodeType, qualname: str, line: int) -> types.CodeType | None:
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            if constant.co_qualname == qualname and constant.co_firstlineno == line:
                return constant
            inner = _find_code(constant, qualname, line)
            if inner is not None:
                return inner
    return None


def _caches() -> list[functools._lru_cache_wrapper[Any]]:
    """The package's ``lru_cache``s (found once, in the parent)."""
    found = []
    for thing in gc.get_objects():
        if isinstance(thing, functools._lru_cache_wrapper):
            wrapped = getattr(thing, "__wrapped__", None)
            if getattr(wrapped, "__module__", "").startswith("regelwerk"):
                found.append(thing)
    return found


def _apply(mutant: Mutant, source: str,
           functions: dict[tuple[str, str, int], list[types.FunctionType]]) -> None:
    """Puts the mutant into this (forked) process."""
    if not mutant.outer:
        found = module_level_value(mutant, source)
        if found is None:
            raise LookupError("no module constant at the mutant's line")
        name, expression = found
        module = sys.modules[mutant.module]
        old = getattr(module, name)
        new = eval(compile(ast.Expression(expression), mutant.path, "eval"), vars(module))
        for other in list(sys.modules.values()):
            if (other is module or getattr(other, "__name__", "").startswith(
                    ("regelwerk", "tests"))) and getattr(other, name, None) is old:
                setattr(other, name, new)
        return
    code = compile(mutated_tree(mutant, source), mutant.path, "exec")
    changed = _find_code(code, mutant.outer, mutant.outer_line)
    targets = functions.get((mutant.path, mutant.outer, mutant.outer_line), [])
    if changed is None or not targets:
        raise LookupError(f"function {mutant.outer} not found")
    for function in targets:
        function.__code__ = changed


def _hung(signum: int, frame: object) -> None:
    os._exit(HUNG)


def _fresh(mutant: Mutant, tests: list[pytest.Item], examples: int, seconds: float) -> int:
    """The child's exit code for a constant's mutant run in a fresh interpreter."""
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"regelwerk-mutant-{os.getpid()}.json"
    fields = {**dataclasses.asdict(mutant), "examples": examples}
    out.write_text(json.dumps(fields), encoding="utf-8")
    try:
        code = subprocess.run([sys.executable, "-m", "tools.mutation_fresh", str(out),
                               *(item.nodeid for item in tests)], check=False,
                              timeout=seconds, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    except subprocess.TimeoutExpired:
        return HUNG
    finally:
        out.unlink(missing_ok=True)
    return {0: 0, 1: FRESH_CAUGHT}.get(code, 3)


def _child(mutant: Mutant, source: str, tests: list[pytest.Item],
           functions: dict[tuple[str, str, int], list[types.FunctionType]],
           budgets: list[float], caches: list[functools._lru_cache_wrapper[Any]],
           examples: int, fresh: bool) -> int:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        _apply(mutant, source, functions)
        for cache in caches:
            cache.cache_clear()
    except Exception:
        # e.g. a code object with other free variables (a deleted ``super()`` call)
        # cannot take a function's place: the mutated module is imported afresh
        return _fresh(mutant, tests, examples, FRESH_START + sum(budgets))
    signal.signal(signal.SIGALRM, _hung)
    for number, item in enumerate(tests):
        following = tests[number + 1] if number + 1 < len(tests) else None
        signal.setitimer(signal.ITIMER_REAL, budgets[number])
        reports = runtestprotocol(item, log=False, nextitem=following)
        signal.setitimer(signal.ITIMER_REAL, 0)
        if any(report.failed for report in reports):
            return KILLED_BY + number if number < 200 else 1
    if fresh:
        return _fresh(mutant, tests, examples, FRESH_START + sum(budgets))
    return 0


def _constant_name(mutant: Mutant, source: str) -> str:
    found = module_level_value(mutant, source)
    return found[0] if found else "?"


def _package_sources(sources: dict[str, str]) -> list[str]:
    """The sources of the mutated modules and of every module of their package (a
    module outside the mutated ones may take a constant at import)."""
    texts = dict(sources)
    for path in sources:
        parts = Path(path).parts
        if "regelwerk" in parts:
            package = Path(*parts[:parts.index("regelwerk") + 1])
            for other in package.rglob("*.py"):
                texts.setdefault(str(other), other.read_text(encoding="utf-8"))
            break
    return list(texts.values())


OUTCOMES = {0: "survived", 1: "caught", 2: "error", 3: "error", HUNG: "timeout",
            FRESH_CAUGHT: "caught", None: "timeout"}


def _run(session: pytest.Session, out: Path) -> dict[str, Any]:
    config = session.config
    examples = config.getoption("mutation_examples")
    _hypothesis_profile(examples)
    paths = [Path(p).resolve() for p in config.getoption("mutation_modules").split(",") if p]
    sources = {str(p): p.read_text(encoding="utf-8") for p in paths}
    items = [i for i in session.items if not OUT_OF_PROCESS & set(getattr(i, "fixturenames", ()))]
    started = time.perf_counter()
    base = run_baseline(items, sources)
    baseline = time.perf_counter() - started
    seconds = base.seconds
    slow_limit = config.getoption("mutation_slow")
    slow = {n for n in range(len(items)) if seconds[n] > slow_limit}
    passing = set(base.passing) - slow
    functions = _functions(set(sources))
    caches = _caches()
    every: list[Mutant] = []
    for path in paths:
        every.extend(mutants(_module_name(path), str(path), sources[str(path)]))
    results: list[dict[str, Any]] = []
    planned: dict[str, int] = {}
    for mutant in every:
        planned[mutant.module] = planned.get(mutant.module, 0) + 1
    stop_at = config.getoption("mutation_stop_at")
    jobs = max(1, config.getoption("mutation_jobs") or os.cpu_count() or 1)

    def save(complete: bool) -> dict[str, Any]:
        slowest = sorted(range(len(items)), key=lambda n: -seconds[n])[:10]
        report = {"modules": [_module_name(p) for p in paths], "planned": planned,
                  "left_out_slow": [items[n].nodeid for n in sorted(slow)],
                  "failing_tests": [items[n].nodeid for n in range(len(items))
                                    if n not in base.passing and n not in slow],
                  "complete": complete, "tests": len(items), "jobs": jobs,
                  "slowest_tests": [[items[n].nodeid, round(seconds[n], 2)] for n in slowest],
                  "passing_tests": len(passing), "baseline_seconds": round(baseline, 1),
                  "seconds": round(time.perf_counter() - started, 1),
                  "workers_cpu_seconds": round(cpu[0], 1), "mutants": results}
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
        return report

    limit = config.getoption("mutation_timeout")
    running: dict[int, tuple[Mutant, float, list[pytest.Item], float]] = {}
    killers: dict[tuple[str, str | int], pytest.Item] = {}

    cpu = [0.0]

    def record(mutant: Mutant, outcome: str, tests: int, took: float = 0.0,
               used: float = 0.0) -> None:
        results.append({"module": mutant.module, "line": mutant.line,
                        "function": mutant.function, "kind": mutant.kind,
                        "description": mutant.description, "context": mutant.context,
                        "key": mutant.key, "outcome": outcome, "tests": tests,
                        "seconds": round(took, 2), "cpu_seconds": round(used, 2)})
        cpu[0] += used

    def finish(pid: int, status: int | None, used: float = 0.0) -> None:
        mutant, _, tests, began = running.pop(pid)
        code = os.waitstatus_to_exitcode(status) if status is not None else None
        if code is not None and KILLED_BY <= code < KILLED_BY + len(tests):
            killers[mutant.path, mutant.outer] = tests[code - KILLED_BY]
            killers[mutant.path, mutant.line] = tests[code - KILLED_BY]
        record(mutant, OUTCOMES.get(code, "caught"), len(tests), time.monotonic() - began,
               used)

    def reap() -> None:
        while running:
            pid, status, usage = os.wait4(-1, os.WNOHANG)
            if pid == 0:
                break
            if pid in running:
                finish(pid, status, usage.ru_utime + usage.ru_stime)
        now = time.monotonic()
        for pid, (_, deadline, _tests, _began) in list(running.items()):
            if now > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                finish(pid, None)

    package = _package_sources(sources)
    captured: dict[str, bool] = {}
    # the children share the parent's objects: keep the collector off their pages
    gc.collect()
    gc.freeze()
    complete, reported = True, 0
    for mutant in every:
        if stop_at and time.time() > stop_at:
            complete = False
            break
        name = "" if mutant.outer else _constant_name(mutant, sources[mutant.path])
        if name and name not in captured:
            captured[name] = name == "?" or any(read_at_import(name, text)
                                                 for text in package)
        fresh = bool(name) and captured.get(name, True)
        numbers = base.covering(mutant, name) & passing
        line_killer = killers.get((mutant.path, mutant.line))
        killer = killers.get((mutant.path, mutant.outer))
        order = sorted(numbers, key=lambda n: (items[n] is not line_killer,
                                               items[n] is not killer, seconds[n]))
        tests = [items[n] for n in order]
        if not tests:
            record(mutant, "no tests", 0)
            continue
        while len(running) >= jobs:
            reap()
            if len(running) >= jobs:
                time.sleep(0.005)
        budgets = [2 + 10 * seconds[n] for n in order]
        pid = os.fork()
        if pid == 0:
            code = 2
            try:
                code = _child(mutant, sources[mutant.path], tests, functions, budgets,
                              caches, examples, fresh)
            finally:
                os._exit(code)
        # room for a fresh interpreter (a constant read at import, or a mutant that
        # cannot be swapped in); each test's own time limit stops a hanging one sooner
        extra = 2 * FRESH_START + sum(budgets)
        now = time.monotonic()
        running[pid] = (mutant, now + limit + sum(budgets) + extra, tests, now)
        if len(results) >= reported + 100:
            reported = len(results)
            save(False)
            print(f"mutation: {len(results)}/{len(every)} done", file=sys.stderr, flush=True)
    while running:
        reap()
        time.sleep(0.005)
    gc.unfreeze()
    return save(complete)


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool:
    if session.config.getoption("collectonly"):
        return False
    report = _run(session, Path(session.config.getoption("mutation_out")))
    caught = sum(1 for m in report["mutants"] if m["outcome"] in ("caught", "timeout"))
    print(f"\nmutation: {caught}/{len(report['mutants'])} caught in {report['seconds']} s"
          f" ({', '.join(report['modules'])})")
    return True
