"""The mutation runner's mutants (tools/mutants.py): which changes it makes, and that
each mutant compiles and changes exactly what it says."""

from __future__ import annotations

import ast

from tools.mutants import mutants, mutated_tree

SOURCE = '''
LIMIT = 4
Alias = int


def judge(total: int, dc: int = 10) -> bool:
    """Docstring left alone."""
    if total >= dc and not total < 0:
        return True
    return False


class Keeper:
    @property
    def value(self) -> int:
        count = 0
        count += 1
        for a, b in zip([1], [2], strict=True):
            count = a - b
        return count  # pragma: no mutate
'''


def test_the_kinds_of_mutants() -> None:
    found = mutants("m", "m.py", SOURCE)
    described = {(m.function, m.description) for m in found}
    assert ("judge", "compare: `total >= dc` → `total > dc`") in described
    assert ("judge", "boolean: `total >= dc and (not total < 0)` → "
                     "`total >= dc or not total < 0`") in described
    assert ("judge", "unary: `not total < 0` → `not not total < 0`") in described
    assert ("judge", "boolean: `True` → `False`") in described
    assert ("", "number: `4` → `5`") in described
    assert ("", "number: `4` → `3`") in described
    assert ("Keeper.value", "augment: `count += 1` → `count -= 1`") in described
    assert ("Keeper.value", "delete: `count += 1` → `pass`") in described
    assert ("Keeper.value", "delete: `count = a - b` → `pass`") in described
    assert ("Keeper.value", "operator: `a - b` → `a + b`") in described
    # no mutant of the docstring, the default, the alias, zip's strict or the pragma line
    assert not [m for m in found if m.line in (3, 6, 7)]
    assert not [m for m in found if "strict" in m.description or "return count" in
                m.description]
    assert {m.outer for m in found if m.function == "Keeper.value"} == {"Keeper.value"}
    # a decorated function starts at its decorator, as its code object does
    assert {m.outer_line for m in found if m.function == "Keeper.value"} == {14}


def test_every_mutant_compiles_and_differs() -> None:
    original = ast.dump(ast.parse(SOURCE))
    for mutant in mutants("m", "m.py", SOURCE):
        tree = mutated_tree(mutant, SOURCE)
        compile(tree, "m.py", "exec")
        assert ast.dump(tree) != original, mutant.description


MODULE = '''
import functools
from dataclasses import dataclass


def logged(function):
    @functools.wraps(function)
    def wrapper(*args):
        return function(*args)
    return wrapper


@logged
def double(x: int) -> int:
    return x * 2


@dataclass(frozen=True)
class Pool:
    dice: int

    @property
    def halved(self) -> int:
        return self.dice // 2

    def more(self) -> int:
        return self.dice + 1
'''


def test_a_mutant_reaches_decorated_functions_properties_and_dataclass_methods(
        tmp_path, monkeypatch) -> None:
    import importlib
    import sys
    from pathlib import Path

    from tools.mutation_plugin import _apply, _functions

    path = Path(tmp_path) / "mutant_target.py"
    path.write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("mutant_target")
    try:
        found = {m.description: m for m in mutants("mutant_target", str(path), MODULE)}
        functions = _functions({str(path)})
        wrapped = module.double
        _apply(found["operator: `x * 2` → `x / 2`"], MODULE, functions)
        assert wrapped(8) == 4
        _apply(found["operator: `self.dice // 2` → `self.dice / 2`"], MODULE, functions)
        assert module.Pool(5).halved == 2.5
        _apply(found["operator: `self.dice + 1` → `self.dice - 1`"], MODULE, functions)
        assert module.Pool(5).more() == 4
    finally:
        sys.modules.pop("mutant_target", None)
