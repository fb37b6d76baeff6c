"""Rolling an expression: walks the syntax tree with a handler table and builds a
fresh result tree.  Dice come only from the injected ``RandomSource``.

Terms are rolled left to right (a set's items in order); each dice term as
``regelwerk.dice.operations`` describes.  Arithmetic is exact: ``/`` gives a
fraction, and only the final total is cut toward zero.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from regelwerk.dice.limits import RollBudget
from regelwerk.dice.nodes import (
    BinaryOp,
    Commented,
    Dice,
    Expression,
    Group,
    Labelled,
    Negate,
    Number,
    Operation,
    Repeat,
    SetOf,
    Value,
)
from regelwerk.dice.operations import roll_dice
from regelwerk.dice.parser import parse
from regelwerk.dice.random_sources import RandomSource, SystemRandomSource
from regelwerk.dice.results import (
    BinaryResult,
    DiceResult,
    GroupResult,
    LabelledResult,
    NegateResult,
    NumberResult,
    RepeatResult,
    Result,
    RollResult,
    SetResult,
)
from regelwerk.errors import EvaluationError

__all__ = ["apply_operator", "keep_items", "roll", "roll_tree"]


def _exact(value: Fraction) -> Value:
    return value.numerator if value.denominator == 1 else value


def apply_operator(op: str, left: Value, right: Value) -> Value:
    """``+ - * / // %`` and the comparisons (1 or 0) on exact values."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op in ("/", "//", "%"):
        if right == 0:
            raise EvaluationError("division by zero: the divisor of '{operator}' must not be 0",
                                  operator=op)
        if op == "/":
            return _exact(Fraction(left) / right)
        if op == "//":
            return int(left // right)
        remainder = left % right
        return _exact(remainder) if isinstance(remainder, Fraction) else remainder
    if op == "==":
        return int(left == right)
    if op == "!=":
        return int(left != right)
    if op == "<":
        return int(left < right)
    if op == ">":
        return int(left > right)
    if op == "<=":
        return int(left <= right)
    return int(left >= right)


def keep_items(ops: tuple[Operation, ...], values: list[Value]) -> list[bool]:
    """Which items of a set stay kept after its keep (k) and drop (p) operations."""
    kept = [True] * len(values)
    for op in ops:
        chosen: set[int] = set()
        for selector in op.selectors:
            live = [i for i in range(len(values)) if kept[i]]
            if selector.kind == "h":
                live.sort(key=lambda i: values[i], reverse=True)
                chosen.update(live[: selector.value])
            elif selector.kind == "l":
                live.sort(key=lambda i: values[i])
                chosen.update(live[: selector.value])
            else:
                chosen.update(i for i in live if selector.matches(values[i]))
        for i in range(len(values)):
            if kept[i] and ((i not in chosen) if op.name == "k" else (i in chosen)):
                kept[i] = False
    return kept


class _Roller:
    __slots__ = ("budget", "source")

    def __init__(self, source: RandomSource, budget: RollBudget) -> None:
        self.source = source
        self.budget = budget

    def evaluate(self, node: Expression) -> Result:
        handler: Callable[[_Roller, Any], Result] = _HANDLERS[type(node)]
        return handler(self, node)

    def number(self, node: Number) -> Result:
        return NumberResult(node, node.value)

    def group(self, node: Group) -> Result:
        inner = self.evaluate(node.inner)
        return GroupResult(node, inner, inner.value)

    def labelled(self, node: Labelled) -> Result:
        inner = self.evaluate(node.inner)
        return LabelledResult(node, inner, inner.value)

    def commented(self, node: Commented) -> Result:
        return self.evaluate(node.inner)

    def repeat(self, node: Repeat) -> Result:
        rolls = tuple(self.evaluate(node.inner) for _ in range(node.times))
        return RepeatResult(node, rolls, sum(r.total for r in rolls))

    def negate(self, node: Negate) -> Result:
        operand = self.evaluate(node.operand)
        return NegateResult(node, operand, -operand.value)

    def binary(self, node: BinaryOp) -> Result:
        left = self.evaluate(node.left)
        right = self.evaluate(node.right)
        return BinaryResult(node, left, right, apply_operator(node.op, left.value, right.value))

    def set_of(self, node: SetOf) -> Result:
        items = tuple(self.evaluate(item) for item in node.items)
        values = [item.value for item in items]
        kept = keep_items(node.ops, values)
        total: Value = sum((v for v, k in zip(values, kept, strict=True) if k), 0)
        return SetResult(node, items, tuple(kept), total)

    def dice(self, node: Dice) -> Result:
        dice, total = roll_dice(node, self.source, self.budget)
        return DiceResult(node, dice, total)


_HANDLERS: dict[type, Callable[[_Roller, Any], Result]] = {
    Number: _Roller.number,
    Dice: _Roller.dice,
    BinaryOp: _Roller.binary,
    Negate: _Roller.negate,
    Group: _Roller.group,
    SetOf: _Roller.set_of,
    Labelled: _Roller.labelled,
    Commented: _Roller.commented,
    Repeat: _Roller.repeat,
}


def roll_tree(
    tree: Expression, source: RandomSource | None = None, budget: RollBudget | None = None
) -> Result:
    """Roll a parsed expression; returns the result tree."""
    roller = _Roller(source or SystemRandomSource(), budget or RollBudget())
    return roller.evaluate(tree)


def roll(
    expression: str, source: RandomSource | None = None, budget: RollBudget | None = None
) -> RollResult:
    """Parse and roll ``expression`` with dice from ``source`` (secure by default)."""
    tree = parse(expression)
    result = roll_tree(tree, source, budget)
    return RollResult(tree, result)
