"""Rolling an expression: walks the syntax tree with a handler table and builds a
fresh result tree.  Dice come only from the injected ``RandomSource``.

Rolling order (this is the order in which given faces are consumed): dice terms
left to right; within a term, each die with its rerolls right after it, then the
explosions, breadth-first, each new die again with its rerolls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
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

    def _one_die(self, node: Dice, out: list[Die], from_explosion: bool) -> Die:
        """Roll one die with its rerolls; the discarded faces go to ``out``."""
        sides = node.sides
        self.budget.spend()
        face = self.source.roll(sides)
        reroll = node.reroll
        if reroll is not None:
            while reroll.selector.matches(face):
                out.append(Die(sides, face, node.clamp(face), kept=False, rerolled=True,
                               from_explosion=from_explosion))
                self.budget.spend()
                face = self.source.roll(sides)
                if reroll.once:
                    break
        return Die(sides, face, node.clamp(face), from_explosion=from_explosion)

    def dice(self, node: Dice) -> Result:
        rolled: list[Die] = []
        standing: list[int] = []  # indexes into rolled of the dice that count
        explode = node.explode
        queue: list[tuple[int, int]] = []  # (index, depth) of dice that may explode
        for _ in range(node.count):
            die = self._one_die(node, rolled, False)
            rolled.append(die)
            standing.append(len(rolled) - 1)
            queue.append((len(rolled) - 1, 0))
        if explode is not None:
            position = 0
            while position < len(queue):
                index, depth = queue[position]
                position += 1
                die = rolled[index]
                if not explode.selector.matches(die.natural):
                    continue
                if explode.depth is not None and depth >= explode.depth:
                    continue
                rolled[index] = replace(die, exploded=True)
                new = self._one_die(node, rolled, True)
                rolled.append(new)
                standing.append(len(rolled) - 1)
                queue.append((len(rolled) - 1, depth + 1))
        if node.keep is not None:
            highest, n = node.keep.kept_count(len(standing))
            order = sorted(standing, key=lambda i: rolled[i].value, reverse=highest)
            for i in order[n:]:
                rolled[i] = replace(rolled[i], kept=False)
        success = node.success
        total = 0
        for i in standing:
            die = rolled[i]
            if success is not None:
                hit = success.matches(die.value)
                rolled[i] = replace(die, success=hit)
                if die.kept and hit:
                    total += 1
            elif die.kept:
                total += die.value
        return DiceResult(node, tuple(rolled), total)


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
    return RollResult(str(tree), result, result.total)
