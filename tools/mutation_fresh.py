"""One mutant in a fresh interpreter: the mutated module is imported from the start.

A mutant of a module constant that survives in the forked worker may only have
survived because something took the constant's value at import time (a default
argument, a pydantic field, a table built from it), where re-binding the name
afterwards cannot reach. Here an import hook hands Python the mutated module the
first time anything imports it, so every such capture sees the mutant; then pytest
runs the given tests in the given order and stops at the first failure.

``python -m tools.mutation_fresh MUTANT.json TEST_ID...``: exit code 0 when every
test passed (survived), 1 when one failed (caught), anything else an error.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import types
from collections.abc import Sequence
from pathlib import Path

import pytest

from tools.mutants import Mutant, mutated_tree


class _MutatedLoader(importlib.machinery.SourceFileLoader):
    """Loads the module's mutated tree in place of its source (and its cached
    bytecode)."""

    def __init__(self, fullname: str, path: str, code: types.CodeType) -> None:
        super().__init__(fullname, path)
        self.code = code

    def get_code(self, fullname: str) -> types.CodeType:
        return self.code


class MutatedImport(importlib.abc.MetaPathFinder):
    """Finds the one mutated module; every other import goes on as usual."""

    def __init__(self, mutant: Mutant, source: str) -> None:
        self.mutant = mutant
        self.code = compile(mutated_tree(mutant, source), mutant.path, "exec")

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.mutant.module:
            return None
        loader = _MutatedLoader(fullname, self.mutant.path, self.code)
        return importlib.util.spec_from_file_location(fullname, self.mutant.path,
                                                      loader=loader)


class _Profile:
    """Loads the mutation runner's Hypothesis profile once the conftest has loaded
    its own."""

    def __init__(self, examples: int) -> None:
        self.examples = examples

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        # imported no earlier: pytest could not rewrite Hypothesis's asserts then
        from tools.mutation_plugin import _hypothesis_profile

        _hypothesis_profile(self.examples)


def main(arguments: list[str]) -> int:
    fields = json.loads(Path(arguments[0]).read_text(encoding="utf-8"))
    examples = int(fields.pop("examples", 25))
    mutant = Mutant(**fields)
    if mutant.module in sys.modules:
        return 3
    source = Path(mutant.path).read_text(encoding="utf-8")
    sys.meta_path.insert(0, MutatedImport(mutant, source))
    code = pytest.main(["-q", "-x", "-p", "no:cacheprovider",
                        *arguments[1:]], plugins=[_Profile(examples)])
    return 1 if code == pytest.ExitCode.TESTS_FAILED else int(code) and 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
