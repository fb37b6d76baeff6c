"""The immutable syntax tree of a dice expression.

``str(node)`` gives the normalised notation.  Operations on dice and sets keep
the order they were written in (``Operation.level`` counts the parentheses a
written chain sits behind, so that ``((10d6kh5)kl2)kh1`` stays three steps).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

__all__ = [
    "BinaryOp",
    "Commented",
    "Dice",
    "Expression",
    "Group",
    "Labelled",
    "Negate",
    "Number",
    "Operation",
    "Repeat",
    "Selector",
    "SetOf",
]

SelectorKind = Literal["=", ">", "<", ">=", "<=", "h", "l"]
OperationName = Literal["k", "p", "rr", "ro", "ra", "e", "mi", "ma", "cs"]
Operator = Literal["+", "-", "*", "/", "//", "%", "==", "!=", "<", ">", "<=", ">="]
Value = int | Fraction

COMPARISONS = frozenset({"==", "!=", "<", ">", "<=", ">="})


@dataclass(frozen=True, slots=True)
class Selector:
    """Which dice or set items an operation applies to: ``h3``/``l3`` (the highest or
    lowest three), or a comparison with a value (``3``, ``>3``, ``<3``, ``>=3``, ``<=3``)."""

    kind: SelectorKind
    value: int

    @property
    def by_rank(self) -> bool:
        """Whether it selects by rank (``h``/``l``) rather than by value."""
        return self.kind in ("h", "l")

    def matches(self, face: Value) -> bool:
        """Whether a value selector selects ``face`` (never for ``h``/``l``)."""
        v = self.value
        k = self.kind
        if k == "=":
            return face == v
        if k == ">":
            return face > v
        if k == "<":
            return face < v
        if k == ">=":
            return face >= v
        if k == "<=":
            return face <= v
        return False

    def __str__(self) -> str:
        return f"{'' if self.kind == '=' else self.kind}{self.value}"


@dataclass(frozen=True, slots=True)
class Operation:
    """One written operation with its selectors (their union), e.g. ``kh3``,
    ``k1k2`` (merged: keep 1s and 2s), ``e6@3`` (explode on 6, at most 3 rounds)."""

    name: OperationName
    selectors: tuple[Selector, ...]
    depth: int | None = None
    level: int = 0

    def selects(self, face: Value) -> bool:
        """Whether any value selector selects ``face``."""
        selectors = self.selectors
        if len(selectors) == 1:
            return selectors[0].matches(face)
        return any(s.matches(face) for s in selectors)

    @property
    def by_rank(self) -> bool:
        """Whether any selector selects by rank (``h``/``l``)."""
        return any(s.by_rank for s in self.selectors)

    @property
    def picks_by_rank(self) -> bool:
        """Whether a rank selector picks any die (``h0``/``l0`` pick none)."""
        return any(s.by_rank and s.value > 0 for s in self.selectors)

    def __str__(self) -> str:
        depth = "" if self.depth is None else f"@{self.depth}"
        return "".join(f"{self.name}{s}" for s in self.selectors) + depth


def _render_ops(core: str, ops: tuple[Operation, ...]) -> str:
    levels = max((op.level for op in ops), default=0)
    text = "(" * levels + core
    level = 0
    for op in ops:
        while level < op.level:
            text += ")"
            level += 1
        text += str(op)
    return text + ")" * (levels - level)


@dataclass(frozen=True, slots=True)
class Number:
    """A constant: an integer or a decimal (kept exact as a fraction)."""

    value: Value
    text: str = ""

    def __str__(self) -> str:
        return self.text or str(self.value)


@dataclass(frozen=True, slots=True)
class Dice:
    """``NdX`` (``NWX``, ``d%``) and its operations, applied in the written order."""

    count: int
    sides: int
    percent: bool = False
    ops: tuple[Operation, ...] = ()
    label: str | None = None

    def __str__(self) -> str:
        core = f"{self.count}d{'%' if self.percent else self.sides}"
        text = _render_ops(core, self.ops)
        return f"{text} [{self.label}]" if self.label is not None else text

    def without_idle_rerolls(self) -> Dice:
        """The term without the rank selectors of ``rr`` that pick no die (``rrh0``,
        ``rrl0``, the only rank rerolls the parser lets through): they reroll nothing,
        so the odds are those of the term without them."""
        if not any(op.name == "rr" and op.by_rank for op in self.ops):
            return self
        ops: list[Operation] = []
        for op in self.ops:
            if op.name == "rr" and op.by_rank:
                by_value = tuple(s for s in op.selectors if not s.by_rank)
                if not by_value:
                    continue
                op = replace(op, selectors=by_value)
            ops.append(op)
        return replace(self, ops=tuple(ops))


@dataclass(frozen=True, slots=True)
class SetOf:
    """A set ``(a, b, c)`` (or one value in parentheses with operations,
    ``(1d20+5)kh1``); its value is the sum of the items it keeps."""

    items: tuple[Expression, ...]
    ops: tuple[Operation, ...] = ()
    is_set: bool = True

    def __str__(self) -> str:
        inner = ", ".join(map(str, self.items))
        if self.is_set and len(self.items) == 1:
            inner += ","
        return _render_ops(f"({inner})", self.ops)


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``left op right``: arithmetic (``/`` exact, ``//`` rounding down, ``%``
    modulo) or a comparison giving 1 or 0."""

    op: Operator
    left: Expression
    right: Expression

    def __str__(self) -> str:
        if self.op in COMPARISONS:
            return f"{self.left} {self.op} {self.right}"
        return f"{self.left}{self.op}{self.right}"


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus."""

    operand: Expression

    def __str__(self) -> str:
        return f"-{self.operand}"


@dataclass(frozen=True, slots=True)
class Group:
    """Parentheses, kept so that renderers can show them."""

    inner: Expression

    def __str__(self) -> str:
        return f"({self.inner})"


@dataclass(frozen=True, slots=True)
class Labelled:
    """An annotation on a term that is not a dice term: ``9 [fire]``."""

    inner: Expression
    label: str

    def __str__(self) -> str:
        return f"{self.inner} [{self.label}]"


@dataclass(frozen=True, slots=True)
class Repeat:
    """``6#4d6kh3``: the expression rolled ``times`` times, each total on its own."""

    times: int
    inner: Expression

    def __str__(self) -> str:
        return f"{self.times}#{self.inner}"


@dataclass(frozen=True, slots=True)
class Commented:
    """An expression followed by a comment: ``1d20+5 to hit the goblin``."""

    inner: Expression
    comment: str

    def __str__(self) -> str:
        return f"{self.inner} {self.comment}"


Expression = Number | Dice | SetOf | BinaryOp | Negate | Group | Labelled | Repeat | Commented
