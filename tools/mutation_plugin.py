"""A pytest plugin that runs the mutants of some modules against the collected tests.

``python -m pytest -p tools.mutation_plugin --mutation-modules=a.py,b.py
--mutation-out=out.json tests/x`` collects ``tests/x`` once and runs every test
once, recording which functions of the mutated modules each test calls and how
long it takes. Then, for each mutant, it forks: the child swaps the code of the
one changed function (``__code__`` of every function object made from it, so
decorated functions, methods, properties, validators and ``from x import f``
copies all see the change; a module constant is re-bound wherever it was
imported by name, in the package and in the tests; one captured at import time, as
in a pydantic annotation, keeps its old value there), clears the ``lru_cache`` of
the package, and runs only the tests that call that function, quickest first,
stopping at the first failure. The parent
keeps ``--mutation-jobs`` children running and kills one that passes
``--mutation-timeout`` seconds, or whose test runs past 5 s + 10 times its first
run (a caught mutant: it hangs). Tests that need the
real HTTP server (fixture ``server``) run in another process, where no mutant
is, and are left out.
"""

from __future__ import annotations

import ast
import functools
import gc
import json
import os
import signal
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import runtestprotocol
from hypothesis import HealthCheck, settings

from tools.mutants import Mutant, module_level_value, mutants, mutated_tree

OUT_OF_PROCESS = {"server", "postgres_server"}
HUNG = 4
"""A child's exit code when one test ran far longer than in the first run."""
KILLED_BY = 10
"""A child's exit code: 0 survived, 1 caught, 3 not applied, KILLED_BY + i caught by
its i-th test (that test goes first for the next mutants of the same function)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mutation")
    group.addoption("--mutation-modules", default="", help="comma-separated module files")
    group.addoption("--mutation-out", default=".mutation/out.json")
    group.addoption("--mutation-jobs", type=int, default=2)
    group.addoption("--mutation-timeout", type=float, default=30.0)
    group.addoption("--mutation-examples", type=int, default=25,
                    help="Hypothesis examples per property in a mutant (the default "
                         "profile's count is for make test)")
    group.addoption("--mutation-slow", type=float, default=10.0,
                    help="tests slower than this many seconds in the first run are left "
                         "out of the mutants' runs (listed in the report)")
    group.addoption("--mutation-stop-at", type=float, default=0.0,
                    help="Unix time after which no more mutants are started")


def _module_name(path: Path) -> str:
    parts = path.resolve().with_suffix("").parts
    return ".".join(parts[parts.index("regelwerk"):])


def _outer(qualname: str) -> str:
    return qualname.split(".<locals>.")[0]


def _baseline(items: list[pytest.Item], files: set[str]
              ) -> tuple[list[pytest.Item], dict[tuple[str, str], set[int]], dict[int, float]]:
    """Runs every test once: which pass, what each calls, how long each takes."""
    calls: dict[tuple[str, str], set[int]] = {}
    seconds: dict[int, float] = {}
    passing: list[pytest.Item] = []
    current: set[tuple[str, str]] = set()

    def tracer(frame: types.FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if code.co_filename in files:
            current.add((code.co_filename, _outer(code.co_qualname)))

    for number, item in enumerate(items):
        current.clear()
        following = items[number + 1] if number + 1 < len(items) else None
        start = time.perf_counter()
        sys.settrace(tracer)
        try:
            reports = runtestprotocol(item, log=False, nextitem=following)
        finally:
            sys.settrace(None)
        seconds[number] = time.perf_counter() - start
        if all(report.passed or report.skipped for report in reports) and not any(
                report.skipped for report in reports):
            passing.append(item)
            for key in current:
                calls.setdefault(key, set()).add(number)
    return passing, calls, seconds


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


def _clear_caches() -> None:
    for thing in gc.get_objects():
        if isinstance(thing, functools._lru_cache_wrapper):
            wrapped = getattr(thing, "__wrapped__", None)
            if getattr(wrapped, "__module__", "").startswith("regelwerk"):
                thing.cache_clear()


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
            if getattr(other, "__name__", "").startswith(("regelwerk", "tests")) and (
                    getattr(other, name, None) is old):
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


def _child(mutant: Mutant, source: str, tests: list[pytest.Item],
           functions: dict[tuple[str, str, int], list[types.FunctionType]],
           budgets: list[float]) -> int:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        _apply(mutant, source, functions)
        _clear_caches()
    except Exception:
        return 3
    signal.signal(signal.SIGALRM, _hung)
    for number, item in enumerate(tests):
        following = tests[number + 1] if number + 1 < len(tests) else None
        signal.setitimer(signal.ITIMER_REAL, budgets[number])
        reports = runtestprotocol(item, log=False, nextitem=following)
        signal.setitimer(signal.ITIMER_REAL, 0)
        if any(report.failed for report in reports):
            return KILLED_BY + number if number < 200 else 1
    return 0


def _run(session: pytest.Session, out: Path) -> dict[str, Any]:
    config = session.config
    settings.register_profile("mutation", max_examples=config.getoption("mutation_examples"),
                              deadline=None, suppress_health_check=list(HealthCheck))
    settings.load_profile("mutation")
    paths = [Path(p).resolve() for p in config.getoption("mutation_modules").split(",") if p]
    files = {str(p) for p in paths}
    items = [i for i in session.items if not OUT_OF_PROCESS & set(getattr(i, "fixturenames", ()))]
    started = time.perf_counter()
    passing, calls, seconds = _baseline(items, files)
    baseline = time.perf_counter() - started
    slow_limit = config.getoption("mutation_slow")
    slow = [i for n, i in enumerate(items) if seconds[n] > slow_limit]
    passing = [i for i in passing if i not in slow]
    index = {id(item): number for number, item in enumerate(items)}
    functions = _functions(files)
    sources = {str(p): p.read_text(encoding="utf-8") for p in paths}
    every: list[Mutant] = []
    for path in paths:
        every.extend(mutants(_module_name(path), str(path), sources[str(path)]))
    results: list[dict[str, Any]] = []
    planned: dict[str, int] = {}
    for mutant in every:
        planned[mutant.module] = planned.get(mutant.module, 0) + 1
    stop_at = config.getoption("mutation_stop_at")

    def save(complete: bool) -> dict[str, Any]:
        slowest = sorted(range(len(items)), key=lambda n: -seconds[n])[:10]
        report = {"modules": [_module_name(p) for p in paths], "planned": planned,
                  "left_out_slow": [i.nodeid for i in slow],
                  "failing_tests": [i.nodeid for i in items if i not in passing and i not in slow],
                  "complete": complete, "tests": len(items),
                  "slowest_tests": [[items[n].nodeid, round(seconds[n], 2)] for n in slowest],
                  "passing_tests": len(passing), "baseline_seconds": round(baseline, 1),
                  "seconds": round(time.perf_counter() - started, 1), "mutants": results}
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
        return report

    jobs = max(1, config.getoption("mutation_jobs"))
    limit = config.getoption("mutation_timeout")
    running: dict[int, tuple[Mutant, float, list[pytest.Item]]] = {}
    killers: dict[tuple[str, str], pytest.Item] = {}

    def finish(pid: int, status: int | None) -> None:
        mutant, _, tests = running.pop(pid)
        code = os.waitstatus_to_exitcode(status) if status is not None else None
        if code is not None and KILLED_BY <= code < KILLED_BY + len(tests):
            killers[mutant.path, mutant.outer] = tests[code - KILLED_BY]
        outcomes = {0: "survived", 1: "caught", 2: "error", 3: "error", HUNG: "timeout",
                    None: "timeout"}
        outcome = outcomes.get(code, "caught")
        results.append({"module": mutant.module, "line": mutant.line, "function": mutant.function,
                        "kind": mutant.kind, "description": mutant.description,
                        "context": mutant.context, "key": mutant.key, "outcome": outcome})

    def reap(block: bool) -> None:
        while running:
            pid, status = os.waitpid(-1, 0 if block else os.WNOHANG)
            if pid == 0:
                break
            if pid in running:
                finish(pid, status)
                block = False
        now = time.monotonic()
        for pid, (_, deadline, _tests) in list(running.items()):
            if now > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                finish(pid, None)

    complete, reported = True, 0
    for mutant in every:
        if stop_at and time.time() > stop_at:
            complete = False
            break
        key = (mutant.path, mutant.outer)
        # a module constant may be read by any test (a table the tests look up)
        numbers = calls.get(key, set()) if mutant.outer else set(range(len(items)))
        killer = killers.get(key)
        tests = sorted((i for i in passing if index[id(i)] in numbers),
                       key=lambda i: (i is not killer, seconds[index[id(i)]]))
        if not tests:
            results.append({"module": mutant.module, "line": mutant.line,
                            "function": mutant.function, "kind": mutant.kind,
                            "description": mutant.description, "key": mutant.key,
                            "context": mutant.context, "outcome": "no tests"})
            continue
        while len(running) >= jobs:
            reap(False)
            if len(running) >= jobs:
                time.sleep(0.005)
        budgets = [5 + 10 * seconds[index[id(i)]] for i in tests]
        pid = os.fork()
        if pid == 0:
            code = 2
            try:
                code = _child(mutant, sources[mutant.path], tests, functions, budgets)
            finally:
                os._exit(code)
        running[pid] = (mutant, time.monotonic() + limit + sum(budgets), tests)
        if len(results) >= reported + 50:
            reported = len(results)
            save(False)
            print(f"mutation: {len(results)}/{len(every)} done", file=sys.stderr, flush=True)
    while running:
        reap(False)
        time.sleep(0.005)
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
