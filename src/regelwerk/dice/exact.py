"""Exact distributions of dice expressions.

Each node becomes exact weights over a common denominator; values are whole
numbers over a ``scale`` (so ``/`` and decimals stay exact), and the total is
cut toward zero at the end, as a roll's total is.  Dice terms come from
``regelwerk.dice.exact_dice``; sums of independent parts multiply polynomials;
``*``, ``/``, ``//``, ``%`` and comparisons go value pair by value pair.  Equal
sub-expressions are computed once per request.  Every step's cost is estimated
first (``regelwerk.dice.cost``).  Explosions without a depth limit are followed
until the probability cut off is at most 1e-12; ``Exact.cut_off`` reports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd, lcm
from typing import Any

from regelwerk.dice import cost
from regelwerk.dice.exact_dice import explosion_at_most, term_distribution
from regelwerk.dice.exact_explode import explosion_chances
from regelwerk.dice.exact_keep import keep_chances
from regelwerk.dice.exact_sets import set_distribution
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
from regelwerk.dice.parser import parse
from regelwerk.dice.plan import closed_explosion_steps, dice_plus_constant
from regelwerk.dice.poly import Poly, multiply
from regelwerk.dice.roller import apply_operator
from regelwerk.errors import EvaluationError, translatable
from regelwerk.odds.distribution import Distribution

__all__ = ["Exact", "Scaled", "distribution", "distribution_of", "roll_chances",
           "roll_chances_all"]


@dataclass(frozen=True, slots=True)
class Exact:
    """An expression's exact distribution and the mass cut off by explosion limits."""

    tree: Expression
    distribution: Distribution
    cut_off: Fraction

    @property
    def expression(self) -> str:
        """The expression in its normalised notation (rendered when asked for)."""
        return str(self.tree)

    @property
    def mean(self) -> Fraction:
        """The expected total."""
        return self.distribution.mean()


@dataclass(frozen=True, slots=True)
class Scaled:
    """``P(value = key / scale) = weight / denominator``."""

    weights: Poly
    denominator: int
    scale: int = 1

    def values(self) -> dict[Value, int]:
        """Weights by exact value."""
        if self.scale == 1:
            out: dict[Value, int] = {}
            for k, w in self.weights.items():
                out[k] = w
            return out
        return {_value(k, self.scale): w for k, w in self.weights.items()}

    def rescaled(self, scale: int) -> Poly:
        factor = scale // self.scale
        if factor == 1:
            return self.weights
        return {k * factor: w for k, w in self.weights.items()}


_NOTHING = Fraction(0)
"""No mass cut off (fractions are immutable: one zero serves every request)."""


def _value(key: int, scale: int) -> Value:
    return key // scale if key % scale == 0 else Fraction(key, scale)


def from_values(values: dict[Value, int], denominator: int) -> Scaled:
    """Weights by exact value into a scaled distribution (the least common scale)."""
    scale = 1
    for v in values:
        if isinstance(v, Fraction):
            scale = lcm(scale, v.denominator)
    weights: Poly = {}
    for v, w in values.items():
        if w:
            key = int(v * scale)
            weights[key] = weights.get(key, 0) + w
    return Scaled({k: weights[k] for k in sorted(weights)}, denominator, scale)


def _reduced(weights: Poly, denominator: int, scale: int) -> Scaled:
    common = 0
    for w in weights.values():
        common = gcd(common, w)
        if common == 1:
            break
    common = gcd(common, denominator)
    if common > 1:
        weights = {k: w // common for k, w in weights.items()}
        denominator //= common
    return Scaled(weights, denominator, scale)


class _Evaluator:
    __slots__ = ("cut_mass", "cuts", "memo", "spent")

    def __init__(self, limit: int) -> None:
        self.cut_mass = _NOTHING
        self.memo: dict[Expression, Scaled] = {}
        self.cuts: dict[Expression, Fraction] = {}
        self.spent = [0, limit]

    def evaluate(self, node: Expression) -> Scaled:
        found = self.memo.get(node)
        if found is None:
            before = self.cut_mass
            handler: Callable[[_Evaluator, Any], Scaled] = _HANDLERS[type(node)]
            found = self.memo[node] = handler(self, node)
            # the part of the cut-off this node added (an unchanged mass is the same object)
            if self.cut_mass is not before and self.cut_mass != before:
                self.cuts[node] = 1 - (1 - self.cut_mass) / (1 - before)
        elif node in self.cuts:  # an equal term is rolled on its own: its cut-off again
            self.cut_mass = 1 - (1 - self.cut_mass) * (1 - self.cuts[node])
        return found

    def whole(self, tree: Expression) -> Scaled:
        """``evaluate`` of the whole tree, which no other node repeats: not memoised."""
        handler: Callable[[_Evaluator, Any], Scaled] = _HANDLERS[type(tree)]
        return handler(self, tree)

    def number(self, node: Number) -> Scaled:
        return from_values({node.value: 1}, 1)

    def inner(self, node: Group | Labelled | Commented | Repeat) -> Scaled:
        return self.evaluate(node.inner)

    def negate(self, node: Negate) -> Scaled:
        d = self.evaluate(node.operand)
        return Scaled({-k: d.weights[k] for k in reversed(d.weights)}, d.denominator, d.scale)

    def dice(self, node: Dice) -> Scaled:
        odds = term_distribution(node, self.spent)
        if odds.cut_off:
            self.cut_mass = 1 - (1 - self.cut_mass) * (1 - odds.cut_off)
        return _reduced(odds.weights, odds.denominator, 1)

    def set_of(self, node: SetOf) -> Scaled:
        parts = [self.evaluate(item) for item in node.items]
        if not node.ops:
            total = from_values({0: 1}, 1)
            for part in parts:
                total = self.add(total, part)
            return total
        values, den = set_distribution(node.ops, [(p.values(), p.denominator) for p in parts],
                                       self.spent)
        return from_values(values, den)

    def add(self, left: Scaled, right: Scaled) -> Scaled:
        if right.scale == left.scale and len(right.weights) == 1 and right.denominator == 1:
            ((shift, _),) = right.weights.items()
            return Scaled({k + shift: w for k, w in left.weights.items()}, left.denominator,
                          left.scale)
        scale = lcm(left.scale, right.scale)
        a, b = left.rescaled(scale), right.rescaled(scale)
        bits = (left.denominator * right.denominator).bit_length()
        cost.check(cost.multiply_cost(len(a), len(b), bits), translatable("a sum"), self.spent)
        return _reduced(multiply(a, b), left.denominator * right.denominator, scale)

    def binary(self, node: BinaryOp) -> Scaled:
        left = self.evaluate(node.left)
        right = self.evaluate(node.right)
        op = node.op
        if op == "+":
            return self.add(left, right)
        if op == "-":
            negated = Scaled({-k: right.weights[k] for k in reversed(right.weights)},
                             right.denominator, right.scale)
            return self.add(left, negated)
        if op in ("/", "//", "%") and 0 in right.weights:
            raise EvaluationError("division by zero: the divisor of '{operator}' can be 0",
                                  operator=op)
        cost.check(cost.combine_cost(len(left.weights), len(right.weights)), "'{operator}'",
                   self.spent, operator=op)
        out: dict[Value, int] = {}
        b_values = right.values()
        for a, wa in left.values().items():
            for b, wb in b_values.items():
                v = apply_operator(op, a, b)
                out[v] = out.get(v, 0) + wa * wb
        return from_values(out, left.denominator * right.denominator)


_HANDLERS: dict[type, Callable[[_Evaluator, Any], Scaled]] = {
    Number: _Evaluator.number,
    Dice: _Evaluator.dice,
    BinaryOp: _Evaluator.binary,
    Negate: _Evaluator.negate,
    Group: _Evaluator.inner,
    Labelled: _Evaluator.inner,
    Commented: _Evaluator.inner,
    Repeat: _Evaluator.inner,
    SetOf: _Evaluator.set_of,
}


def _whole(d: Scaled) -> Distribution:
    if d.scale == 1:
        return Distribution._trusted(d.weights, d.denominator)
    out: dict[int, int] = {}
    for k, w in d.weights.items():
        v = int(Fraction(k, d.scale))
        out[v] = out.get(v, 0) + w
    return Distribution(out, d.denominator)


def distribution_of(tree: Expression, limit: int = cost.MAX_COST) -> Exact:
    """The exact distribution of a parsed expression's total (of each roll, for a
    repeat); ``LimitExceeded`` when its estimated cost is beyond ``limit``."""
    evaluator = _Evaluator(limit)
    dist = evaluator.whole(tree)
    return Exact(tree, _whole(dist), evaluator.cut_mass)


def distribution(expression: str) -> Exact:
    """Parse ``expression`` and compute the exact distribution of its total."""
    return distribution_of(parse(expression))


_CLOSED_FORM_DICE = 60
"""Up to this many dice the closed form of ``NdX`` answers a roll's chances; beyond,
its binomials cost more than the power of the die."""


def roll_chances(tree: Expression, total: int, limit: int = cost.MAX_COST) -> tuple[
        Fraction, Fraction]:
    """``(P(total or more), P(exactly total))`` for a rolled total.  Exploding dice
    need only the totals below the rolled one, so their chances are exact (no
    cut-off) where that costs no more than the whole distribution; anything else
    comes from the whole distribution."""
    return roll_chances_all(tree, [total], limit)[0]


def roll_chances_all(tree: Expression, totals: list[int], limit: int = cost.MAX_COST
                     ) -> list[tuple[Fraction, Fraction]]:
    """``roll_chances`` of several totals of one expression (the rolls of a repeat):
    the distribution is computed once."""
    found = dice_plus_constant(tree)
    out: list[tuple[Fraction, Fraction]] = []
    scaled: Scaled | None = None
    for total in totals:
        if found is not None:
            term, offset = found
            if not term.ops and 0 < term.count <= _CLOSED_FORM_DICE:
                out.append(_plain_sum_chances(term.count, term.sides, total - offset))
                continue
            closed = None
            estimate, any_total = cost.roll_route(tree)
            here = closed_explosion_steps(term, total - offset)
            if here is not None and (
                    any_total or here <= estimate.units * cost.STEPS_PER_UNIT):
                closed = explosion_chances(term, total - offset)
            if closed is None:
                closed = keep_chances(term, total - offset)
            if closed is not None:
                out.append(closed)
                continue
            allowed = int(min(limit, cost.term_steps(term)[0]))
            below = explosion_at_most(term, total - offset, [0, allowed])
            if below is not None:
                weights, den = below
                less = sum(w for v, w in weights.items() if v < total - offset)
                out.append((1 - Fraction(less, den),
                            Fraction(weights.get(total - offset, 0), den)))
                continue
        if scaled is None:
            scaled = _Evaluator(limit).whole(tree)
        if scaled.scale == 1:
            weights = scaled.weights
            at_least = sum(w for v, w in weights.items() if v >= total)
            out.append((Fraction(at_least, scaled.denominator),
                        Fraction(weights.get(total, 0), scaled.denominator)))
        else:
            dist = _whole(scaled)
            out.append((dist.at_least(total), dist.probability(total)))
    return out


def _plain_sum_chances(n: int, sides: int, total: int) -> tuple[Fraction, Fraction]:
    """``NdX`` in closed form: the ways to reach at most (exactly) ``t`` with ``n`` dice
    are sums of binomials over how many dice exceed their faces (inclusion-exclusion)."""
    def at_most(t: int) -> int:
        ways = 0
        for j in range(min(n, max(0, t - n) // sides) + 1):
            ways += (-1) ** j * comb(n, j) * comb(t - sides * j, n)
        return ways

    den = sides**n
    below = at_most(total - 1) if total - 1 >= n else 0
    upto = at_most(total) if total >= n else 0
    return 1 - Fraction(below, den), Fraction(upto - below, den)
