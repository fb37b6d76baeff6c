"""The table is a layer above the rules, never below them (issue 12, "Layout":
"Rules modules never import the table or the store"; docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import regelwerk

SOURCE = Path(regelwerk.__file__).parent
RULES = ("dice", "odds", "protocol", "systems")
ABOVE = ("regelwerk.table", "regelwerk.store", "regelwerk.api", "regelwerk.web",
         "regelwerk.cli")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _above(name: str) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in ABOVE)


def test_rules_modules_import_neither_the_table_nor_the_store() -> None:
    modules = [p for package in RULES for p in (SOURCE / package).rglob("*.py")]
    modules += [SOURCE / "budget.py", SOURCE / "errors.py"]
    assert len(modules) > 100
    found = {f"{p.relative_to(SOURCE)}: {name}" for p in modules for name in _imports(p)
             if _above(name)}
    assert found == set()


def test_the_table_and_the_store_import_neither_http_nor_pages() -> None:
    modules = [*(SOURCE / "table").rglob("*.py"), *(SOURCE / "store").rglob("*.py")]
    found = {f"{p.relative_to(SOURCE)}: {name}" for p in modules for name in _imports(p)
             if name.startswith(("regelwerk.api", "regelwerk.web", "fastapi", "starlette"))}
    assert found == set()


def test_the_check_sees_an_import_from_above(tmp_path: Path) -> None:
    module = tmp_path / "rule.py"
    module.write_text("from regelwerk.table.state import State\nimport regelwerk.store.sqlite\n"
                      "from regelwerk import table\nfrom .x import y\n", "utf-8")
    assert {name for name in _imports(module) if _above(name)} == {
        "regelwerk.table.state", "regelwerk.table.state.State", "regelwerk.store.sqlite",
        "regelwerk.table"}
