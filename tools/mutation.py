"""Mutation testing of the rules code: ``make mutation`` (not part of ``make test``).

``python -m tools.mutation run`` mutates every module of ``dice/``, ``odds/`` and
``systems/`` (see ``tools/mutants.py`` for what a mutant is) and runs each
group's own test folders against every mutant through ``tools/mutation_plugin.py``
(one pytest process per group, forked children in parallel). ``--only TEXT``
limits the run to the modules whose path contains TEXT. Results of each module
are kept in ``.mutation/results.json`` (a later run of a module replaces its
earlier one); ``python -m tools.mutation report`` writes ``docs/mutation.md``
from them and from ``tools/mutation_equivalents.tsv``, the survivors accepted as
equivalent (module, function, mutant, one-line reason, tab-separated).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

from tools.mutants import mutants as make_mutants

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "regelwerk"
RESULTS = ROOT / ".mutation" / "results.json"
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.tsv"
REPORT = ROOT / "docs" / "mutation.md"
CAUGHT = ("caught", "timeout")

GROUPS: dict[str, list[str]] = {
    # group: module folders under src/regelwerk
    "dice": ["dice", "systems/dice"],
    "odds": ["odds"],
    "w6": ["systems/w6"],
    "dnd5e": ["systems/dnd5e"],
    "pf2e": ["systems/pf2e"],
}
TESTS = ["tests/dice", "tests/w6", "tests/dnd5e", "tests/pf2e", "tests/test_protocol.py"]
"""The tests tried against the mutants (each mutant gets those that ran its lines)."""


def _modules(folders: list[str], only: str) -> list[Path]:
    found: list[Path] = []
    for folder in folders:
        for path in sorted((SOURCE / folder).rglob("*.py")):
            if any(part in str(path.relative_to(SOURCE)) for part in only.split(",")):
                found.append(path)
    return found


def _whole(module: Path) -> bool:
    """Whether the kept results have every mutant of the module."""
    results = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
    name = ".".join(module.relative_to(SOURCE.parent).with_suffix("").parts)
    kept = results.get(name)
    return kept is not None and len(kept["mutants"]) >= kept.get("planned", 0)


def run(groups: list[str], only: str, jobs: int, timeout: float, minutes: float,
        resume: bool = False) -> None:
    """Runs the modules of the groups in one pytest process (its forked workers run
    the mutants) and merges their results into ``.mutation/results.json``; with
    ``resume``, only the modules without whole results."""
    stop_at = time.time() + 60 * minutes if minutes else 0.0
    modules = [path for group in groups for path in _modules(GROUPS[group], only)
               if not (resume and _whole(path))]
    if not modules:
        return
    # one file per run, so that runs of other modules can go on at the same time
    label = "+".join(groups) if not only else f"{len(modules)} modules matching {only}"
    label += " (resumed)" if resume else ""
    out = RESULTS.parent / f"run-{zlib.crc32(label.encode()):08x}.json"
    started = time.monotonic()
    load = os.getloadavg()
    used_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [sys.executable, "-m", "pytest", "-p", "tools.mutation_plugin", "-q",
               "-p", "no:cacheprovider", f"--mutation-modules={','.join(map(str, modules))}",
               f"--mutation-out={out}", f"--mutation-jobs={jobs}",
               f"--mutation-timeout={timeout}", f"--mutation-stop-at={stop_at}", *TESTS]
    out.unlink(missing_ok=True)
    try:
        # pytest says 5, "no tests ran", as the plugin reports no test of its own
        code = subprocess.run(command, cwd=ROOT, check=False,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}).returncode
        if code not in (0, 5):
            raise SystemExit(f"mutation run failed with exit code {code}")
    finally:
        if out.exists():
            # read now: another run may have written its modules meanwhile
            results: dict[str, Any] = (json.loads(RESULTS.read_text(encoding="utf-8"))
                                       if RESULTS.exists() else {})
            report = json.loads(out.read_text(encoding="utf-8"))
            _merge(results, report, label)
            seconds = round(time.monotonic() - started)
            after = os.getloadavg()
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (used.ru_utime + used.ru_stime) - (used_before.ru_utime
                                                     + used_before.ru_stime)
            results["_seconds_" + label] = (
                f"{len(report['mutants'])} mutants of {len(modules)} modules in {seconds} s "
                f"wall time, {cpu:.0f} s CPU time of all its processes ({report['jobs']} "
                f"workers; the first run of {report['tests']} tests took "
                f"{report['baseline_seconds']} s of it; load average {load[0]:.1f} at the "
                f"start, {after[0]:.1f} / {after[1]:.1f} / {after[2]:.1f} at the end)")
            RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False),
                               encoding="utf-8")
    print(f"mutation: {len(modules)} modules in {time.monotonic() - started:.0f} s",
          flush=True)


def _merge(results: dict[str, Any], report: dict[str, Any], group: str) -> None:
    """A module's results replace its earlier ones once at least one mutant ran, unless
    this run is partial (stopped by ``--minutes``) and the earlier one was whole."""
    for module in report["modules"]:
        ran = [m for m in report["mutants"] if m["module"] == module]
        planned = report["planned"].get(module, len(ran))
        earlier = results.get(module)
        whole_before = earlier is not None and len(earlier["mutants"]) >= earlier.get(
            "planned", len(earlier["mutants"]))
        if ran and (len(ran) >= planned or not whole_before):
            results[module] = {"mutants": ran, "group": group,
                               "planned": report["planned"].get(module, len(ran))}


def layer(module: str) -> str:
    """``protocol`` for the request models and handlers above the rules (the targets of
    issue 17 are for the rules); ``rules`` for the rest."""
    name = module.rsplit(".", 1)[-1]
    protocol = (name == "actions" or name.endswith("_actions") or name.endswith("model")
                or name in ("refusals", "names", "__init__"))
    return "protocol" if protocol else "rules"


def _all_modules() -> list[str]:
    names = []
    for folders in GROUPS.values():
        for path in _modules(folders, ""):
            parts = path.relative_to(SOURCE.parent).with_suffix("").parts
            names.append(".".join(parts))
    return sorted(set(names))


def _equivalents() -> dict[str, str]:
    accepted: dict[str, str] = {}
    if EQUIVALENTS.exists():
        for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                module, function, description, reason = line.split("\t")
                accepted[f"{module}\t{function}\t{description}"] = reason
    return accepted


def _stale(accepted: dict[str, str]) -> list[str]:
    """The accepted equivalents whose module, function and mutant no longer exist."""
    keys: set[str] = set()
    for name in _all_modules():
        path = SOURCE.parent.joinpath(*name.split(".")).with_suffix(".py")
        keys.update(m.key for m in make_mutants(name, str(path),
                                                path.read_text(encoding="utf-8")))
    return sorted(key for key in accepted if key not in keys)


def report() -> None:
    """Writes ``docs/mutation.md`` from the kept results."""
    results: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8"))
    accepted = _equivalents()
    rows: list[str] = []
    equivalent: list[str] = []
    survivors: list[str] = []
    totals = [0, 0, 0, 0]
    for module in sorted(k for k in results if not k.startswith("_")):
        mutants = results[module]["mutants"]
        caught = sum(1 for m in mutants if m["outcome"] in CAUGHT)
        same = [m for m in mutants if m["outcome"] not in CAUGHT and m["key"] in accepted]
        left = [m for m in mutants if m["outcome"] not in CAUGHT and m["key"] not in accepted]
        untested = sum(1 for m in left if m["outcome"] == "no tests")
        real = len(mutants) - len(same)
        share = f"{100 * caught / real:.1f} %" if real else "–"
        planned = results[module].get("planned", len(mutants))
        if planned > len(mutants):
            share += f" (partial: {len(mutants)} of {planned} run)"
        rows.append(f"| `{module.removeprefix('regelwerk.')}` | {layer(module)} | "
                    f"{len(mutants)} | {caught} | {len(same)} | {len(left)} | {untested} | "
                    f"{share} |")
        totals = [totals[0] + len(mutants), totals[1] + caught, totals[2] + len(same),
                  totals[3] + untested]
        for m in same:
            name = module.removeprefix("regelwerk.")
            equivalent.append(f"- `{name}` `{m['function'] or '<module>'}`"
                              f" {m['description']}: {accepted[m['key']]}")
        for m in left:
            survivors.append(f"- `{module.removeprefix('regelwerk.')}:{m['line']}` "
                             f"`{m['function'] or '<module>'}` {m['description']} "
                             f"({m['outcome']}) in `{m.get('context', '')}`")
    not_run = sorted(name for name in _all_modules() if name not in results)
    stale = _stale(accepted)
    for name in not_run:
        path = SOURCE.parent.joinpath(*name.split(".")).with_suffix(".py")
        count = len(make_mutants(name, str(path), path.read_text(encoding="utf-8")))
        figures = "0 | | | | | –" if count == 0 else f"not run ({count}) | | | | |"
        rows.append(f"| `{name.removeprefix('regelwerk.')}` | {layer(name)} | {figures} |")
    real_total = totals[0] - totals[2]
    seconds = {k.removeprefix("_seconds_"): v for k, v in results.items() if k.startswith("_")}
    text = [
        "# Mutation testing", "",
        "Written by `python -m tools.mutation report` (run by `make mutation`); not by hand.",
        "How it works: `tools/mutation.py`, `tools/mutation_plugin.py`, `tools/mutants.py`.", "",
        "Caught: some test failed, or the mutant hung past its timeout. Equivalent: a survivor",
        "that behaves like the original for every input the rules allow, listed below with its",
        "reason (`tools/mutation_equivalents.tsv`). Share: caught / (mutants − equivalent).",
        "Of them no test: survivors on lines that no test runs (not tried at all).",
        "Each module's figures come from its latest run, against the tests and the code as",
        "they were when that run began; tests added since are not counted until it runs again.",
        "",
        "| module | layer | mutants | caught | equivalent | survived | of them no test "
        "| caught share |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |", *rows,
        f"| **all** | | {totals[0]} | {totals[1]} | {totals[2]} | {real_total - totals[1]} | "
        f"{totals[3]} | {100 * totals[1] / max(real_total, 1):.1f} % |", "",
        "How a run goes: the tests of `dice/`, `w6/`, `dnd5e/`, `pf2e/` and",
        "`tests/test_protocol.py` are collected once and run once under coverage.py, one",
        "dynamic context a test, which gives each test's time and the lines it runs. Each",
        "mutant then runs in a child forked from that process (nothing is imported again):",
        "only the tests that ran one of its lines, the one that caught a mutant of the same",
        "line or function first, then quickest first, stopping at the first failure; each",
        "test may take 2 s + 10 times its first run before the mutant counts as hanging",
        "(caught). A mutant on lines no test runs is not tried and counts as a survivor",
        "(\"no tests\" below). Workers: one a core.", "",
        "A module constant's mutant gets the tests that ran a line of a module naming it",
        "and the tests whose own module names it; it is re-bound wherever the name was",
        "imported; if it",
        "survives that and some module reads the name at import time (a default",
        "argument, a pydantic field, a table built from it), it runs again in a fresh",
        "interpreter that imports the mutated module from the start",
        "(`tools/mutation_fresh.py`), so that those values see it too.",
        "Left out: tests that need the real HTTP server (another process, without the",
        "mutant) and tests slower than 10 s in the first run; Hypothesis properties run 25",
        "examples per mutant. The issue's targets (95 % in `systems/` and `odds/`, 90 % in",
        "`dice/`) are for the rules layer; the protocol layer (request models and",
        "handlers) is measured too. \"not run\": no figures yet.", "",
        "Why a runner of our own: mutmut 3 (3.8.1 is the newest on PyPI) leaves decorated",
        "functions unmutated, `@property` and validators included, and module-level code",
        "(boxed/mutmut issues 387 and 558; decorated classes are mutated since PR 539), and",
        "much of the rules code is frozen dataclasses with properties and pydantic",
        "validators. cosmic-ray (8.7.0) rewrites the file and runs a whole test command per",
        "mutant, which for about 5 500 mutants is hours here, not half an hour.", "",
        "Time of each run (`nice -n 19` on the shared 2-core machine; the load average",
        "counts every engineer's work): "
        + (", ".join(f"{k}: {v}" for k, v in sorted(seconds.items())) or "–") + ".", "",
        "## Survivors accepted as equivalent", "", *(equivalent or ["None."]), "",
        "## Survivors not yet caught", "", *(survivors or ["None."]), "",
        *(["## Equivalents that name no mutant any more", "",
            "The code changed under them: fix or remove these lines of "
            "`tools/mutation_equivalents.tsv`.", "",
            *("- `{}` `{}` {}".format(*key.split("\t")) for key in stale), ""]
          if stale else []),
    ]
    REPORT.write_text("\n".join(text), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("command", choices=["run", "report", "merge"],
                        help="merge: add the result files given with --file to the results")
    parser.add_argument("--file", action="append", default=[])
    parser.add_argument("--group", action="append", choices=sorted(GROUPS))
    parser.add_argument("--only", default="",
                        help="only modules whose path contains this (or one of these, "
                             "comma-separated)")
    parser.add_argument("--jobs", type=int, default=0, help="workers (0: one a core)")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--resume", action="store_true",
                        help="only the modules whose kept results are not whole")
    parser.add_argument("--minutes", type=float, default=0.0,
                        help="start no mutant after this many minutes (0: no limit)")
    arguments = parser.parse_args()
    if arguments.command == "merge":
        results = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        for name in arguments.file:
            merged = json.loads(Path(name).read_text(encoding="utf-8"))
            _merge(results, merged, Path(name).stem.split("-")[0])
            results[f"_seconds_{Path(name).stem} (merged)"] = (
                f"{len(merged['mutants'])} mutants in {merged['seconds']} s wall time"
                f"{'' if merged['complete'] else ' (stopped before the end)'}, "
                f"{merged.get('workers_cpu_seconds', '?')} s CPU time of the workers "
                f"(the first run of {merged['tests']} tests took "
                f"{merged['baseline_seconds']} s of it)")
        RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    if arguments.command == "run":
        run(arguments.group or list(GROUPS), arguments.only, arguments.jobs, arguments.timeout,
            arguments.minutes, arguments.resume)
    report()


if __name__ == "__main__":
    main()
