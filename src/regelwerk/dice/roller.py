"""Rolling an expression: walks the syntax tree with a handler table and builds a
fresh result tree.  Dice come only from the injected ``RandomSource``.

Rolling order (this is the order in which given faces are consumed): dice terms
left to right; within a term, each die with its rerolls right after it, then the
explosions, breadth-first, each new die again with its rerolls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.dice.limits import RollBudget
from regelwerk.dice.nodes import BinaryOp, Dice, Expression, Group, Negate, Number
from regelwerk.dice.parser import parse
from regelwerk.dice.random_sources import RandomSource, SystemRandomSource
from regelwerk.dice.results import (
    BinaryResult,
    DiceResult,
    Die,
    GroupResult,
    NegateResult,
    NumberResult,
    Result,
    RollResult,
)
from regelwerk.errors import EvaluationError

__all__ = ["apply_operator", "roll", "roll_tree"]


def apply_operator(op: str, left: int, right: int) -> int:
    """``+ - * /`` on integers; ``/`` divides rounding down."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if right == 0:
        raise EvaluationError("division by zero: the divisor must not be 0")
    return left // right


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
        return GroupResult(node, inner, inner.total)

    def negate(self, node: Negate) -> Result:
        operand = self.evaluate(node.operand)
        return NegateResult(node, operand, -operand.total)

    def binary(self, node: BinaryOp) -> Result:
        left = self.evaluate(node.left)
        right = self.evaluate(node.right)
        return BinaryResult(node, left, right, apply_operator(node.op, left.total, right.total))

    def _faces(self, node: Dice, from_explosion: bool, out: list[list[int]]) -> int:
        """Roll one die with its rerolls; every face goes to ``out`` as
        ``[natural, rerolled, exploded, from_explosion]``; returns the index of the
        face that stands."""
        sides = node.sides
        budget = self.budget
        budget.spend()
        face = self.source.roll(sides)
        reroll = node.reroll
        flag = 1 if from_explosion else 0
        if reroll is not None:
            while reroll.selector.matches(face):
                out.append([face, 1, 0, flag])
                budget.spend()
                face = self.source.roll(sides)
                if reroll.once:
                    break
        out.append([face, 0, 0, flag])
        return len(out) - 1

    def dice(self, node: Dice) -> Result:
        rolled: list[list[int]] = []
        standing: list[int] = []
        for _ in range(node.count):
            standing.append(self._faces(node, False, rolled))
        explode = node.explode
        if explode is not None:
            depth_of = dict.fromkeys(standing, 0)
            position = 0
            while position < len(standing):
                index = standing[position]
                position += 1
                depth = depth_of[index]
                if not explode.selector.matches(rolled[index][0]):
                    continue
                if explode.depth is not None and depth >= explode.depth:
                    continue
                rolled[index][2] = 1
                new = self._faces(node, True, rolled)
                standing.append(new)
                depth_of[new] = depth + 1
        clamp = node.clamp
        values = {i: clamp(rolled[i][0]) for i in standing}
        kept = set(standing)
        if node.keep is not None:
            highest, n = node.keep.kept_count(len(standing))
            order = sorted(standing, key=values.__getitem__, reverse=highest)
            kept.difference_update(order[n:])
        success = node.success
        total = 0
        dice: list[Die] = []
        for i, (natural, rerolled, exploded, from_explosion) in enumerate(rolled):
            is_kept = i in kept
            value = values.get(i, clamp(natural))
            hit = None if success is None or rerolled else success.matches(value)
            if is_kept:
                total += (1 if hit else 0) if success is not None else value
            dice.append(Die(node.sides, natural, value, is_kept, bool(rerolled), bool(exploded),
                            bool(from_explosion), hit))
        return DiceResult(node, tuple(dice), total)


_HANDLERS: dict[type, Callable[[_Roller, Any], Result]] = {
    Number: _Roller.number,
    Dice: _Roller.dice,
    BinaryOp: _Roller.binary,
    Negate: _Roller.negate,
    Group: _Roller.group,
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
