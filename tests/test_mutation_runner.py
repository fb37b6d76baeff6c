"""The mutation runner itself (tools/mutation_plugin.py and its helpers), on tiny
modules whose mutants are known: every operator gives the mutant it should, and a run
sorts the mutants rightly into caught, survived and not run by any test."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

from tools.mutants import mutants, read_at_import
from tools.mutation_coverage import Baseline
from tools.mutation_fresh import MutatedImport

ROOT = Path(__file__).resolve().parent.parent

EVERY_OPERATOR = '''
def f(a, b, xs, flag):
    if a < b and not flag:
        a += 1
    return [a * b, a // b, a % b, a ** b, a & b, a ^ b, a << b, -a, a in xs, a is None, True]
'''


def test_each_operator_gives_its_one_mutant() -> None:
    returned = ("[a * b, a // b, a % b, a ** b, a & b, a ^ b, a << b, -a, a in xs, "
                "a is None, True]")
    assert [m.description for m in mutants("m", "m.py", EVERY_OPERATOR)] == [
        "boolean: `a < b and (not flag)` → `a < b or not flag`",
        "compare: `a < b` → `a <= b`",
        "unary: `not flag` → `not not flag`",
        "delete: `a += 1` → `pass`",
        "augment: `a += 1` → `a -= 1`",
        "number: `1` → `2`",
        "number: `1` → `0`",
        f"return: `return {returned}` → `return None`",
        "operator: `a * b` → `a / b`",
        "operator: `a // b` → `a / b`",
        "operator: `a % b` → `a // b`",
        "operator: `a ** b` → `a * b`",
        "operator: `a & b` → `a | b`",
        "operator: `a ^ b` → `a & b`",
        "operator: `a << b` → `a >> b`",
        "unary: `-a` → `+a`",
        "compare: `a in xs` → `a not in xs`",
        "compare: `a is None` → `a is not None`",
        "boolean: `True` → `False`",
    ]


def test_a_mutant_gets_the_tests_that_ran_one_of_its_lines() -> None:
    source = "LIMIT = 3\n\n\ndef f(x):\n    return (x\n            + LIMIT)\n"
    found = {m.description: m for m in mutants("m", "m.py", source)}
    baseline = Baseline(items=[], lines={"m.py": {5: {0}, 6: {1}}, "other.py": {9: {2}},
                                         "third.py": {1: {3}}},
                        sources={"m.py": source, "other.py": "from m import LIMIT",
                                 "third.py": "UNLIMITED = 1"})
    # the addition spans lines 5 and 6: a test that ran either ran it
    assert baseline.covering(found["operator: `x + LIMIT` → `x - LIMIT`"]) == {0, 1}
    # a constant: every test that ran a line of a module naming it, and no other
    assert baseline.covering(found["number: `3` → `4`"], "LIMIT") == {0, 1, 2}


def test_a_constant_also_gets_the_tests_whose_module_names_it() -> None:
    source = "TABLE = {'a': 3}\n"
    found = {m.description: m for m in mutants("m", "m.py", source)}
    # no test runs a line of m.py (module-level code runs at import); tests 4 and 5
    # come from a module that reads TABLE, test 6 from one that does not
    reads, other = "from m import TABLE\nassert TABLE['a'] == 3\n", "assert True\n"
    baseline = Baseline(items=[], lines={}, sources={"m.py": source},
                        test_sources={4: reads, 5: reads, 6: other})
    assert baseline.covering(found["number: `3` → `4`"], "TABLE") == {4, 5}
    assert baseline.covering(found["number: `3` → `4`"], "TABL") == set()


def test_reads_at_import_time_are_told_from_reads_in_function_bodies() -> None:
    assert not read_at_import("X", "def f():\n    return X\n")
    assert not read_at_import("X", "f = lambda: X\n")
    assert read_at_import("X", "TABLE = {X: 1}\n")
    assert read_at_import("X", "def f(a=X):\n    pass\n")
    assert read_at_import("X", "@cache(X)\ndef f():\n    pass\n")
    assert read_at_import("X", "class A:\n    a: Annotated[int, Field(le=X)]\n")
    assert not read_at_import("X", "def f(x=Y):\n    return X\n")


def test_a_fresh_import_sees_the_mutant_where_a_default_took_the_constant(
        tmp_path: Path) -> None:
    path = tmp_path / "fresh_target.py"
    path.write_text(TINY, encoding="utf-8")
    mutant = next(m for m in mutants("fresh_target", str(path), TINY)
                  if m.description == "number: `3` → `4`")
    finder = MutatedImport(mutant, TINY)
    sys.meta_path.insert(0, finder)
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module("fresh_target")
        assert module.capped(10) == 4
    finally:
        sys.meta_path.remove(finder)
        sys.path.remove(str(tmp_path))
        sys.modules.pop("fresh_target", None)


TINY = '''
LIMIT = 3


def passes(total, dc):
    return total >= dc


def capped(n, most=LIMIT):
    return min(n, most)


def unused(n):
    return n - 1


class Base:
    def __init__(self):
        self.ready = True


class Child(Base):
    def __init__(self):
        super().__init__()
'''

TINY_TESTS = '''
from tiny_rules import Child, capped, passes


def test_passes():
    assert passes(12, 10)
    assert not passes(5, 10)


def test_capped():
    assert capped(10) == 3
    assert capped(1) == 1


def test_child():
    assert Child().ready
'''


def test_a_run_sorts_caught_survived_and_untested_mutants(tmp_path: Path) -> None:
    folder = tmp_path.resolve()
    (folder / "tiny_rules.py").write_text(TINY, encoding="utf-8")
    (folder / "test_tiny.py").write_text(TINY_TESTS, encoding="utf-8")
    out = folder / "out.json"
    env = {**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}",
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tools.mutation_plugin",
                    "-p", "no:cacheprovider", f"--mutation-modules={folder / 'tiny_rules.py'}",
                    f"--mutation-out={out}", "--mutation-jobs=2", "test_tiny.py"],
                   cwd=folder, env=env, check=False, timeout=120, capture_output=True)
    report = json.loads(out.read_text(encoding="utf-8"))
    outcomes = {(m["function"], m["description"]): m["outcome"] for m in report["mutants"]}
    assert outcomes == {
        # the default took LIMIT at import: caught only in a fresh interpreter
        ("", "number: `3` → `4`"): "caught",
        ("", "number: `3` → `2`"): "caught",
        ("passes", "return: `return total >= dc` → `return None`"): "caught",
        # the test never tries total == dc
        ("passes", "compare: `total >= dc` → `total > dc`"): "survived",
        ("capped", "return: `return min(n, most)` → `return None`"): "caught",
        # no test runs unused(): not tried, and not counted as caught
        ("unused", "return: `return n - 1` → `return None`"): "no tests",
        ("unused", "operator: `n - 1` → `n + 1`"): "no tests",
        ("unused", "number: `1` → `2`"): "no tests",
        ("unused", "number: `1` → `0`"): "no tests",
        ("Base.__init__", "delete: `self.ready = True` → `pass`"): "caught",
        ("Base.__init__", "boolean: `True` → `False`"): "caught",
        # without super() the code cannot replace the method's: caught in a fresh import
        ("Child.__init__", "delete: `super().__init__()` → `pass`"): "caught",
    }
    assert report["complete"] is True
    assert report["passing_tests"] == 3

