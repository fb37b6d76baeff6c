"""The cost of an expression's exact distribution, estimated from its syntax tree
before any odds are computed (``regelwerk.budget``).

Each node is summarised by the span of its values and the bits of its common
denominator; from those the work of every step of ``regelwerk.dice.exact`` is
bounded: keep/drop (faces × dice × kept dice × the totals kept), sums of many dice
(the big-integer products of the weights), explosions (outcomes × depth) and
rerolls, and the pairs an operator other than ``+`` combines.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from regelwerk.budget import Cost, shorten
from regelwerk.dice.exact import explosion_depth
from regelwerk.dice.nodes import BinaryOp, Dice, Expression, Group, Negate, Number

__all__ = ["convolution_cost", "odds_cost", "odds_estimate"]

_KRONECKER_SCALE = 1 << 16
"""Products of weights packed into integers above this many bits grow faster than
linearly (Karatsuba): their cost is scaled by ``(bits / scale) ** 0.6``."""


@dataclass(frozen=True, slots=True)
class _Shape:
    span: int  # values from lowest to highest (an upper bound of the support)
    bits: int  # bits of the common denominator
    units: int  # work to build it


def _product(span: int, bits: int) -> int:
    """Work of one packed big-integer product of ``span`` slots of ``bits`` bits."""
    size = span * (bits + 8)
    return size // 64 + int(size * (size / _KRONECKER_SCALE) ** 0.6) // 40 + span


def _sum_of(span: int, bits: int, times: int) -> tuple[int, int, int]:
    """Span, bits and work of the sum of ``times`` copies (binary powering)."""
    if times <= 1:
        return span, bits, span
    total_span = times * (span - 1) + 1
    total_bits = times * bits
    units = 0
    step = 1
    while step < times:  # every doubling and the final additions
        step *= 2
        part = min(step, times)
        units += 2 * _product(part * (span - 1) + 1, part * bits)
    return total_span, total_bits, units


def _dice(node: Dice) -> _Shape:
    sides = node.sides
    if node.count == 0:
        return _Shape(1, 1, 1)
    faces = sides
    bits = sides.bit_length()
    if node.reroll is not None:
        faces = sum(1 for f in range(1, sides + 1) if not node.reroll.selector.matches(f))
        bits = (sides * sides).bit_length() if node.reroll.once else max(1, faces).bit_length()
        faces = sides if node.reroll.once else max(1, faces)
    low = node.clamp(1) if node.success is None else 0
    high = node.clamp(sides) if node.success is None else 1
    gain = max(1, high - low + 1)
    setup = faces * 4
    n = node.count
    if node.keep is not None:
        _, kept = node.keep.kept_count(n)
        states = kept * kept * (gain - 1) // 2 + kept + 1
        weight_bits = n * bits
        units = faces * states * (n + 1) * (1 + weight_bits // 512)
        return _Shape(kept * (gain - 1) + 1, weight_bits, setup + units)
    if node.explode is None:
        if node.success is not None:
            return _Shape(n + 1, n * bits, setup + (n + 1) * (1 + n * bits // 64))
        span, total_bits, units = _sum_of(gain, bits, n)
        return _Shape(span, total_bits, setup + units)
    depth = explosion_depth(node)
    units = setup
    chain_span = gain
    for level in range(1, depth + 1):
        chain_span += gain
        units += _product(chain_span, level * bits) + chain_span * (1 + level * bits // 64)
    span, total_bits, repeat = _sum_of(chain_span, (depth + 1) * bits, n)
    return _Shape(span, total_bits, units + repeat)


def _shape(node: Expression) -> _Shape:
    if isinstance(node, Number):
        return _Shape(1, 1, 1)
    if isinstance(node, Dice):
        return _dice(node)
    if isinstance(node, Group):
        return _shape(node.inner)
    if isinstance(node, Negate):
        inner = _shape(node.operand)
        return _Shape(inner.span, inner.bits, inner.units + inner.span)
    if isinstance(node, BinaryOp):
        left, right = _shape(node.left), _shape(node.right)
        bits = left.bits + right.bits
        units = left.units + right.units
        if node.op == "+":
            span = left.span + right.span - 1
            units += _product(span, bits) + span
        else:
            pairs = left.span * right.span
            span = pairs
            units += pairs * (1 + bits // 64)
        return _Shape(span, bits, units)
    # a node this estimator does not know: count it as a full budget's worth
    return _Shape(1, 1, 1 << 40)  # pragma: no cover


def odds_estimate(tree: Expression) -> tuple[int, int, int]:
    """``(units of work, span of values, bits of the denominator)`` of the exact
    distribution of ``tree``."""
    shape = _shape(tree)
    return shape.units, shape.span, shape.bits


@lru_cache(maxsize=1024)
def odds_cost(tree: Expression) -> Cost:
    """The estimated work of the exact distribution of ``tree`` (syntax trees are
    immutable: the estimate is remembered)."""
    return Cost(_shape(tree).units, f"the exact odds of {shorten(str(tree))}")


def convolution_cost(span: int, bits: int) -> int:
    """Work of adding two independent distributions whose sum spans ``span`` values
    with a common denominator of ``bits`` bits."""
    return _product(span, bits) + span
