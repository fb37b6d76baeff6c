"""The immutable syntax tree of a dice expression.

``str(node)`` gives the normalised notation, which is also the parse-cache key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BinaryOp",
    "Compare",
    "Dice",
    "Explode",
    "Expression",
    "Group",
    "Keep",
    "Negate",
    "Number",
    "Reroll",
    "Selector",
]

Compare = Literal["=", ">=", "<=", ">", "<"]
Operator = Literal["+", "-", "*", "/"]
KeepMode = Literal["kh", "kl", "dh", "dl"]


@dataclass(frozen=True, slots=True)
class Selector:
    """Which faces a reroll, explosion or success count applies to (``<3``, ``6``)."""

    compare: Compare
    value: int

    def matches(self, face: int) -> bool:
        """Whether ``face`` is selected."""
        v = self.value
        c = self.compare
        if c == "=":
            return face == v
        if c == ">=":
            return face >= v
        if c == "<=":
            return face <= v
        if c == ">":
            return face > v
        return face < v

    def __str__(self) -> str:
        return f"{'' if self.compare == '=' else self.compare}{self.value}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """``ro`` rerolls a selected face once; ``r``/``rr`` reroll until it no longer matches."""

    selector: Selector
    once: bool

    def __str__(self) -> str:
        return f"{'ro' if self.once else 'r'}{self.selector}"


@dataclass(frozen=True, slots=True)
class Explode:
    """A selected face adds another die; ``depth`` limits the explosions per die."""

    selector: Selector
    depth: int | None

    def __str__(self) -> str:
        return f"!{self.selector}" + ("" if self.depth is None else f"@{self.depth}")


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep or drop the highest or lowest ``n`` dice."""

    mode: KeepMode
    n: int

    def kept_count(self, dice: int) -> tuple[bool, int]:
        """``(highest, how many)``: which end of the sorted dice is kept, and how many."""
        n = min(self.n, dice)
        if self.mode == "kh":
            return True, n
        if self.mode == "kl":
            return False, n
        if self.mode == "dh":
            return False, dice - n
        return True, dice - n

    def __str__(self) -> str:
        return f"{self.mode}{self.n}"


@dataclass(frozen=True, slots=True)
class Number:
    """An integer constant."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Dice:
    """``NdX`` with its modifiers; the modifiers apply in the fixed order
    reroll, explode, minimum/maximum, keep/drop, count."""

    count: int
    sides: int
    percent: bool = False
    reroll: Reroll | None = None
    explode: Explode | None = None
    minimum: int | None = None
    maximum: int | None = None
    keep: Keep | None = None
    success: Selector | None = None
    label: str | None = None

    def __str__(self) -> str:
        parts = [f"{self.count}d{'%' if self.percent else self.sides}"]
        if self.reroll:
            parts.append(str(self.reroll))
        if self.explode:
            parts.append(str(self.explode))
        if self.minimum is not None:
            parts.append(f"mi{self.minimum}")
        if self.maximum is not None:
            parts.append(f"ma{self.maximum}")
        if self.keep:
            parts.append(str(self.keep))
        if self.success:
            sel = self.success
            parts.append(f"{sel.compare}{sel.value}")
        if self.label:
            parts.append(f"[{self.label}]")
        return "".join(parts)

    def clamp(self, face: int) -> int:
        """The face after the per-die minimum and maximum."""
        if self.minimum is not None and face < self.minimum:
            face = self.minimum
        if self.maximum is not None and face > self.maximum:
            face = self.maximum
        return face


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``left op right`` with ``/`` as integer division rounding down."""

    op: Operator
    left: Expression
    right: Expression

    def __str__(self) -> str:
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


Expression = Number | Dice | BinaryOp | Negate | Group
