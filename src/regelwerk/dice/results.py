"""The result tree of one roll: a fresh tree per evaluation, mirroring the syntax
tree, in which every die remembers what happened to it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from regelwerk.dice.nodes import (
    BinaryOp,
    Commented,
    Dice,
    Expression,
    Group,
    Labelled,
    Negate,
    Number,
    Repeat,
    SetOf,
    Value,
)

__all__ = [
    "BinaryResult",
    "DiceResult",
    "Die",
    "GroupResult",
    "LabelledResult",
    "NegateResult",
    "NumberResult",
    "RepeatResult",
    "Result",
    "RollResult",
    "SetResult",
    "whole",
]


def whole(value: Value) -> int:
    """The whole-number total of a value: exact fractions are cut toward zero (as d20's
    ``int(total)``)."""
    return value if isinstance(value, int) else int(value)


class Die(NamedTuple):
    """One die as rolled.

    ``natural`` is the face shown, ``value`` the face after minimum/maximum.
    ``rerolled``: this face was replaced by a reroll and does not count.
    ``exploded``: this face added another die; ``from_explosion``: added by one.
    ``kept``: it counts towards the total (not dropped and not rerolled).
    """

    sides: int
    natural: int
    value: int
    kept: bool = True
    rerolled: bool = False
    exploded: bool = False
    from_explosion: bool = False
    success: bool | None = None
    order: int = 0
    """When this face was rolled within its term (0 = first)."""

    @property
    def dropped(self) -> bool:
        """Dropped by keep/drop (a rerolled face is not 'dropped')."""
        return not self.kept and not self.rerolled


class _Totalled:
    """``value`` is exact (a fraction after ``/``); ``total`` is its whole number."""

    __slots__ = ()
    value: Value

    @property
    def total(self) -> int:
        """The whole-number total (fractions cut toward zero)."""
        return whole(self.value)


@dataclass(frozen=True, slots=True)
class NumberResult(_Totalled):
    """A constant."""

    node: Number
    value: Value


@dataclass(frozen=True, slots=True)
class DiceResult(_Totalled):
    """A dice term: every die in rolling order and the term's total."""

    node: Dice
    dice: tuple[Die, ...]
    value: int


@dataclass(frozen=True, slots=True)
class BinaryResult(_Totalled):
    """``left op right``."""

    node: BinaryOp
    left: Result
    right: Result
    value: Value


@dataclass(frozen=True, slots=True)
class NegateResult(_Totalled):
    """Unary minus."""

    node: Negate
    operand: Result
    value: Value


@dataclass(frozen=True, slots=True)
class GroupResult(_Totalled):
    """Parentheses."""

    node: Group
    inner: Result
    value: Value


@dataclass(frozen=True, slots=True)
class SetResult(_Totalled):
    """A set: each item's result and whether it was kept."""

    node: SetOf
    items: tuple[Result, ...]
    kept: tuple[bool, ...]
    value: Value


@dataclass(frozen=True, slots=True)
class LabelledResult(_Totalled):
    """An annotated term."""

    node: Labelled
    inner: Result
    value: Value


@dataclass(frozen=True, slots=True)
class RepeatResult(_Totalled):
    """Each roll of a repeat; ``total`` is their sum."""

    node: Repeat
    rolls: tuple[Result, ...]
    value: Value


Result = (NumberResult | DiceResult | BinaryResult | NegateResult | GroupResult | SetResult
          | LabelledResult | RepeatResult)


@dataclass(frozen=True, slots=True)
class RollResult:
    """The outcome of rolling one expression: its syntax tree and the result tree."""

    syntax: Expression
    tree: Result

    @property
    def total(self) -> int:
        """The total of the roll (a whole number: fractions cut toward zero)."""
        return self.tree.total

    @property
    def comment(self) -> str | None:
        """The comment written after the expression, if any."""
        return self.syntax.comment if isinstance(self.syntax, Commented) else None

    @property
    def expression(self) -> str:
        """The normalised notation of what was rolled."""
        return str(self.syntax)

    def dice_terms(self) -> tuple[DiceResult, ...]:
        """Every dice term, left to right."""
        out: list[DiceResult] = []
        stack: list[Result] = [self.tree]
        while stack:
            node = stack.pop()
            if isinstance(node, DiceResult):
                out.append(node)
            elif isinstance(node, BinaryResult):
                stack.extend((node.right, node.left))
            elif isinstance(node, NegateResult):
                stack.append(node.operand)
            elif isinstance(node, GroupResult | LabelledResult):
                stack.append(node.inner)
            elif isinstance(node, SetResult):
                stack.extend(reversed(node.items))
            elif isinstance(node, RepeatResult):
                stack.extend(reversed(node.rolls))
        return tuple(out)

    @property
    def faces(self) -> tuple[int, ...]:
        """Every natural face rolled, in rolling order (rerolled and dropped included)."""
        return tuple(d.natural for term in self.dice_terms()
                     for d in sorted(term.dice, key=lambda d: d.order))
