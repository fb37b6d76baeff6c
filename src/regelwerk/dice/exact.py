"""Exact distributions of dice expressions.

Each dice term becomes an exact ``Distribution``; independent terms combine value
pair by value pair.  Keep/drop and success counting use dynamic programming over
faces (``regelwerk.odds.pool``).  Exploding dice are computed to a depth limit:
the one written in the expression, or else the smallest depth whose cut-off mass
is below 1e-12; ``Exact.cut_off`` reports that mass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from regelwerk.budget import MAX_WORK
from regelwerk.dice.limits import MAX_EXPLODE_DEPTH
from regelwerk.dice.nodes import BinaryOp, Dice, Expression, Group, Negate, Number
from regelwerk.dice.parser import parse
from regelwerk.dice.roller import apply_operator
from regelwerk.errors import EvaluationError
from regelwerk.odds.distribution import Distribution
from regelwerk.odds.pool import keep_pool

__all__ = ["Exact", "distribution", "distribution_of", "explosion_depth", "face_distribution"]

_CUT_OFF_TARGET = Fraction(1, 10**12)


@dataclass(frozen=True, slots=True)
class Exact:
    """An expression's exact distribution and the mass cut off by explosion limits."""

    expression: str
    distribution: Distribution
    cut_off: Fraction

    @property
    def mean(self) -> Fraction:
        """The expected total."""
        return self.distribution.mean()


def face_distribution(node: Dice) -> Distribution:
    """The natural face of one die after its rerolls (before minimum/maximum)."""
    sides = node.sides
    reroll = node.reroll
    if reroll is None:
        return Distribution.die(sides)
    selected = [f for f in range(1, sides + 1) if reroll.selector.matches(f)]
    if reroll.once:
        # P(f) = [f not selected]/s + (|S|/s) * (1/s)
        return Distribution(
            {f: (0 if f in selected else sides) + len(selected) for f in range(1, sides + 1)},
            sides * sides,
        )
    return Distribution({f: 1 for f in range(1, sides + 1) if f not in selected})


def _contribution(node: Dice) -> Callable[[int], int]:
    success = node.success
    if success is None:
        return node.clamp
    return lambda face: 1 if success.matches(node.clamp(face)) else 0


def _default_depth(p_explode: Fraction, dice: int) -> int:
    depth = 0
    while depth < MAX_EXPLODE_DEPTH and dice * p_explode ** (depth + 1) > _CUT_OFF_TARGET:
        depth += 1
    return depth


def explosion_depth(node: Dice) -> int:
    """How deep the exact odds follow the explosions of ``node`` (0 without them)."""
    explode = node.explode
    if explode is None:
        return 0
    if explode.depth is not None:
        return explode.depth
    faces = face_distribution(node)
    goes = sum(w for f, w in faces.weights.items() if explode.selector.matches(f))
    return _default_depth(Fraction(goes, faces.denominator), node.count)


class _Evaluator:
    __slots__ = ("kept_mass", "work")

    def __init__(self, work: int) -> None:
        self.kept_mass = Fraction(1)
        self.work = work

    def evaluate(self, node: Expression) -> Distribution:
        handler: Callable[[_Evaluator, Any], Distribution] = _HANDLERS[type(node)]
        return handler(self, node)

    def number(self, node: Number) -> Distribution:
        return Distribution.constant(node.value)

    def group(self, node: Group) -> Distribution:
        return self.evaluate(node.inner)

    def negate(self, node: Negate) -> Distribution:
        return self.evaluate(node.operand).map(int.__neg__)

    def binary(self, node: BinaryOp) -> Distribution:
        left = self.evaluate(node.left)
        right = self.evaluate(node.right)
        if node.op == "/" and right.probability(0):
            raise EvaluationError("division by zero: the divisor can be 0")
        if node.op == "+":
            return left + right
        op = node.op
        return left.combine(right, lambda a, b: apply_operator(op, a, b))

    def dice(self, node: Dice) -> Distribution:
        faces = face_distribution(node)
        gain = _contribution(node)
        if node.count == 0:
            return Distribution.constant(0)
        if node.keep is not None:
            # minimum/maximum never reorder faces, so keeping the highest natural faces
            # keeps the highest values
            highest, n = node.keep.kept_count(node.count)
            return keep_pool(faces, node.count, n, highest=highest, contribution=gain)
        if node.explode is None:
            if node.success is not None:
                hits = faces.map(gain)
                return Distribution.binomial(node.count, hits.weights.get(1, 0), hits.denominator)
            return faces.map(gain).repeat(node.count, self.work)
        return self._exploding(node, faces, gain).repeat(node.count, self.work)

    def _exploding(
        self, node: Dice, faces: Distribution, gain: Callable[[int], int]
    ) -> Distribution:
        explode = node.explode
        assert explode is not None
        selector = explode.selector
        stays = Distribution(
            {f: w for f, w in faces.weights.items() if not selector.matches(f)}, faces.denominator
        ).map(gain)
        goes = Distribution(
            {f: w for f, w in faces.weights.items() if selector.matches(f)}, faces.denominator
        ).map(gain)
        p_explode = goes.mass
        depth = explode.depth
        if depth is None:
            depth = _default_depth(p_explode, node.count)
            self.kept_mass *= (1 - p_explode ** (depth + 1)) ** node.count
        chain = faces.map(gain)  # a die at the depth limit explodes no further
        for _ in range(depth):
            chain = stays.mixed(goes + chain)
        return chain


_HANDLERS: dict[type, Callable[[_Evaluator, Any], Distribution]] = {
    Number: _Evaluator.number,
    Dice: _Evaluator.dice,
    BinaryOp: _Evaluator.binary,
    Negate: _Evaluator.negate,
    Group: _Evaluator.group,
}


def distribution_of(tree: Expression, work: int = MAX_WORK) -> Exact:
    """The exact distribution of a parsed expression; ``work`` bounds the exact
    arithmetic (``LimitExceeded`` beyond it)."""
    from regelwerk.budget import require
    from regelwerk.dice.cost import odds_cost  # it reads explosion depths from here

    require(odds_cost(tree))
    evaluator = _Evaluator(work)
    dist = evaluator.evaluate(tree)
    return Exact(str(tree), dist, 1 - evaluator.kept_mass)


def distribution(expression: str) -> Exact:
    """Parse ``expression`` and compute the exact distribution of its total."""
    return distribution_of(parse(expression))
