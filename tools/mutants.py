"""The mutants of one module: small wrong versions of its rules, found on the AST.

Each mutant changes one thing inside a function (or in a module-level constant):

- ``compare``: ``<`` ↔ ``<=``, ``>`` ↔ ``>=``, ``==`` ↔ ``!=``, ``in`` ↔ ``not in``,
  ``is`` ↔ ``is not``;
- ``operator``: ``+`` ↔ ``-``, ``*`` ↔ ``/``, ``//`` → ``/``, ``%`` → ``//``,
  ``**`` → ``*``, ``&`` ↔ ``|``, ``^`` → ``&``, ``<<`` ↔ ``>>`` (also in ``x += y``);
- ``unary``: ``not x`` → ``not not x``, ``-x`` → ``+x``;
- ``boolean``: ``and`` ↔ ``or``, ``True`` ↔ ``False``;
- ``number``: an integer constant ``n`` → ``n + 1`` and ``n - 1``;
- ``return``: ``return x`` → ``return None``;
- ``delete``: a statement that acts (a call, ``x += y``, an assignment to an
  attribute, an item or a name already bound, ``raise``, ``break``, ``continue``)
  → ``pass``.

Docstrings, annotations, decorators, default values, strings and f-strings are
left alone (and ``strict=True`` of ``zip``, an assertion rather than a rule), and so
are module names that are not upper-case constants (type
aliases) and the protocol's ``ACTIONS`` table, and so is a line that ends with
``# pragma: no mutate``. A mutant is found again in a fresh parse of the same
source by its walk position, so a forked worker can rebuild it without anything
but the source text.
"""

from __future__ import annotations

import ast
import copy
from dataclasses import dataclass

COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
OPERATOR: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitAnd,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift,
}
NO_MUTATE = "# pragma: no mutate"


@dataclass(frozen=True)
class Mutant:
    """One wrong version of a module: where it is and what it changes."""

    module: str
    path: str
    site: int
    variant: int
    line: int
    kind: str
    description: str
    function: str
    outer: str
    outer_line: int
    context: str = ""
    """The source line, for a reader of the report."""
    end_line: int = 0
    """The last line of the changed node: a test that ran any line from ``line`` to
    here ran the mutated code."""

    @property
    def key(self) -> str:
        """What names this mutant across edits elsewhere in the module."""
        return f"{self.module}\t{self.function or '<module>'}\t{self.description}"


@dataclass
class _Context:
    function: str = ""
    outer: str = ""
    outer_line: int = 0
    bound: frozenset[str] = frozenset()


def _first_line(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> int:
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def _is_docstring(statement: ast.stmt) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str | type(Ellipsis)))


def _assigned_names(body: list[ast.stmt]) -> list[tuple[int, str]]:
    names: list[tuple[int, str]] = []
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.append((node.lineno, node.id))
    return names


NOT_RULES = frozenset({"ACTIONS", "__all__"})
TYPE_MAKERS = frozenset({"int_or_named", "Field", "TypeVar", "NewType"})
"""Calls that make a request field's type: pydantic reads them once, at import."""
"""Module names that hold no rule: the protocol's action table (with its examples)."""


def _rule_constant(statement: ast.Assign | ast.AnnAssign) -> bool:
    """A module constant of the rules (``DYING_MAX = 4``, a table of tiers): an
    upper-case name.  Type aliases and the action table are not mutated; what an
    import-time expression captured (a pydantic annotation) would not see a mutant."""
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    value = statement.value
    if isinstance(value, ast.Subscript) or (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id in TYPE_MAKERS):
        return False
    return all(isinstance(t, ast.Name) and t.id.isupper() and t.id not in NOT_RULES
               for t in targets)


class _Walker:
    """Visits the nodes that can be mutated, always in the same order."""

    def __init__(self, source: str) -> None:
        self.lines = source.splitlines()
        self.sites: list[tuple[ast.AST, _Context, list[ast.stmt] | None, int]] = []

    def skipped(self, node: ast.AST) -> bool:
        line = getattr(node, "lineno", 0)
        return 0 < line <= len(self.lines) and self.lines[line - 1].rstrip().endswith(NO_MUTATE)

    def module(self, tree: ast.Module) -> None:
        for statement in tree.body:
            if isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is not None:
                if not self.skipped(statement) and _rule_constant(statement):
                    self.expression(statement.value, _Context())
            elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.definition(statement, "", _Context())

    def definition(self, node: ast.stmt, prefix: str, context: _Context) -> None:
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    self.definition(statement, f"{prefix}{node.name}.", context)
            return
        assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        name = f"{prefix}{node.name}"
        inner = _Context(function=name, outer=context.outer or name,
                         outer_line=context.outer_line or _first_line(node))
        self.body(node.body, inner, _assigned_names(node.body), f"{name}.<locals>.")

    def body(self, body: list[ast.stmt], context: _Context,
             assigned: list[tuple[int, str]], local_prefix: str) -> None:
        for index, statement in enumerate(body):
            if (index == 0 and _is_docstring(statement)) or self.skipped(statement):
                continue
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.definition(statement, local_prefix, context)
                continue
            bound = frozenset(n for line, n in assigned if line < statement.lineno)
            here = _Context(context.function, context.outer, context.outer_line, bound)
            if isinstance(statement, ast.Return) or self.deletable(statement, here):
                self.sites.append((statement, here, body, index))
            for field, value in ast.iter_fields(statement):
                if field in ("annotation", "type_comment"):
                    continue
                if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                    self.body(value, context, assigned, local_prefix)
                elif isinstance(value, list):
                    for item in value:
                        if isinstance(item, ast.ExceptHandler):
                            self.body(item.body, context, assigned, local_prefix)
                        elif isinstance(item, ast.match_case):
                            self.expression(item.guard, here)
                            self.body(item.body, context, assigned, local_prefix)
                        elif isinstance(item, ast.AST):
                            self.expression(item, here)
                elif isinstance(value, ast.AST):
                    self.expression(value, here)

    def deletable(self, statement: ast.stmt, context: _Context) -> bool:
        if isinstance(statement, ast.Expr):
            return not isinstance(statement.value, ast.Constant)
        if isinstance(statement, ast.AugAssign | ast.Raise | ast.Break | ast.Continue):
            return True
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if isinstance(statement, ast.AnnAssign) and statement.value is None:
                return False
            return all(not isinstance(t, ast.Name) or t.id in context.bound for t in targets)
        return False

    def expression(self, node: ast.AST | None, context: _Context) -> None:
        if node is None or isinstance(node, ast.JoinedStr) or self.skipped(node):
            return
        if isinstance(node, ast.Lambda):
            self.expression(node.body, context)
            return
        if isinstance(node, ast.Compare | ast.BinOp | ast.UnaryOp | ast.BoolOp | ast.Constant):
            self.sites.append((node, context, None, 0))
        for field, value in ast.iter_fields(node):
            if field == "annotation" or (isinstance(node, ast.keyword) and node.arg == "strict"):
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    self.expression(child, context)


def _variants(node: ast.AST, in_body: bool) -> list[tuple[str, str]]:
    """(kind, replacement text) of every mutation of one site."""
    if in_body:
        if isinstance(node, ast.Return):
            return [("return", "return None")] if node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None) else []
        return [("delete", "pass")]
    if isinstance(node, ast.Compare):
        return [("compare", f"{i}") for i, op in enumerate(node.ops) if type(op) in COMPARE]
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATOR:
        return [("operator", "")]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
        return [("unary", "")]
    if isinstance(node, ast.BoolOp):
        return [("boolean", "")]
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return [("boolean", "")]
        if isinstance(node.value, int):
            return [("number", "+1"), ("number", "-1")]
    return []


def _apply(node: ast.AST, kind: str, how: str, body: list[ast.stmt] | None,
           index: int) -> ast.AST:
    """Change the tree in place; returns the node that now stands at the site."""
    if kind == "delete" and body is not None:
        body[index] = ast.copy_location(ast.Pass(), body[index])
        return body[index]
    if kind == "return" and isinstance(node, ast.Return):
        node.value = ast.copy_location(ast.Constant(None), node)
        return node
    if kind == "compare" and isinstance(node, ast.Compare):
        position = int(how)
        node.ops[position] = COMPARE[type(node.ops[position])]()
    elif kind == "operator" and isinstance(node, ast.BinOp):
        node.op = OPERATOR[type(node.op)]()
    elif kind == "unary" and isinstance(node, ast.UnaryOp):
        if isinstance(node.op, ast.Not):
            node.operand = ast.copy_location(ast.UnaryOp(ast.Not(), node.operand), node)
        else:
            node.op = ast.UAdd()
    elif kind == "boolean" and isinstance(node, ast.BoolOp):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "boolean" and isinstance(node, ast.Constant):
        node.value = not node.value
    elif kind == "number" and isinstance(node, ast.Constant) and isinstance(node.value, int):
        node.value = node.value + (1 if how == "+1" else -1)
    return node


def _sites(source: str, tree: ast.Module) -> list[tuple[ast.AST, _Context, list[ast.stmt] | None,
                                                       int]]:
    walker = _Walker(source)
    walker.module(tree)
    return walker.sites


def mutants(module: str, path: str, source: str) -> list[Mutant]:
    """Every mutant of the module at ``path``."""
    tree = ast.parse(source)
    lines = source.splitlines()
    found: list[Mutant] = []
    seen: dict[tuple[str, str], int] = {}
    for site, (node, context, body, _index) in enumerate(_sites(source, tree)):
        before = ast.unparse(node).splitlines()[0]
        variants = _variants(node, body is not None)
        if body is not None and isinstance(node, ast.AugAssign) and type(node.op) in OPERATOR:
            variants = [*variants, ("augment", "")]
        for variant, (kind, how) in enumerate(variants):
            after = "pass" if kind == "delete" else ast.unparse(
                _changed_copy(node, kind, how)).splitlines()[0]
            description = f"{kind}: `{before}` → `{after}`"
            count = seen[context.function, description] = seen.get(
                (context.function, description), 0) + 1
            if count > 1:
                description = f"{description} #{count}"
            line = getattr(node, "lineno", 0)
            found.append(Mutant(module, path, site, variant, line, kind, description,
                                context.function, context.outer, context.outer_line,
                                lines[line - 1].strip()[:90] if line else "",
                                getattr(node, "end_lineno", None) or line))
    return found


def _changed_copy(node: ast.AST, kind: str, how: str) -> ast.AST:
    """A copy of the node with the change made (the tree is left alone)."""
    clone = copy.deepcopy(node)
    if kind == "augment" and isinstance(clone, ast.AugAssign):
        clone.op = OPERATOR[type(clone.op)]()
        return clone
    return _apply(clone, kind, how, None, 0)


def _rebuild(tree: ast.Module, source: str, site: int, variant: int) -> ast.AST | None:
    node, _context, body, index = _sites(source, tree)[site]
    variants = _variants(node, body is not None)
    if body is not None and isinstance(node, ast.AugAssign) and type(node.op) in OPERATOR:
        variants = [*variants, ("augment", "")]
    kind, how = variants[variant]
    if kind == "augment" and isinstance(node, ast.AugAssign):
        node.op = OPERATOR[type(node.op)]()
        return node
    return _apply(node, kind, how, body, index)


def mutated_tree(mutant: Mutant, source: str) -> ast.Module:
    """A fresh tree of ``source`` with ``mutant`` applied."""
    tree = ast.parse(source)
    _rebuild(tree, source, mutant.site, mutant.variant)
    ast.fix_missing_locations(tree)
    return tree


def module_level_value(mutant: Mutant, source: str) -> tuple[str, ast.expr] | None:
    """For a mutant of a module constant: the name and its mutated expression."""
    tree = mutated_tree(mutant, source)
    for statement in tree.body:
        if statement.lineno <= mutant.line <= (statement.end_lineno or statement.lineno):
            if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
                return statement.targets[0].id, statement.value
            if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                    and statement.value is not None):
                return statement.target.id, statement.value
    return None


def read_at_import(name: str, source: str) -> bool:
    """Whether the module's code reads ``name`` while it is imported: at module or
    class level (a table built from it, a pydantic field), in a default argument, a
    decorator or an annotation. Reads inside function bodies happen later, through the
    module's globals, where re-binding the name reaches them."""

    def reads(node: ast.AST, in_body: bool) -> bool:
        if isinstance(node, ast.Name):
            return not in_body and node.id == name and isinstance(node.ctx, ast.Load)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            arguments = node.args
            at_import: list[ast.AST] = [*arguments.defaults,
                                        *(d for d in arguments.kw_defaults if d is not None)]
            if not isinstance(node, ast.Lambda):
                at_import += [*node.decorator_list, *(a.annotation for a in (
                    *arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                    arguments.vararg, arguments.kwarg) if a is not None and a.annotation)]
                if node.returns is not None:
                    at_import.append(node.returns)
                body: list[ast.AST] = list(node.body)
            else:
                body = [node.body]
            return (any(reads(part, in_body) for part in at_import)
                    or any(reads(part, True) for part in body))
        return any(reads(child, in_body) for child in ast.iter_child_nodes(node))

    return reads(ast.parse(source), False)
