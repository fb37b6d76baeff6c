"""Cost estimates of exact odds, one formula per operator, counted against the one
cost budget of ``regelwerk.budget``.

A *step* is roughly one multiplication of a machine word inside a big integer, or
one step of the interpreter (about 5 ns of CPU on the benchmark machine, calibrated
per formula); ``STEPS_PER_UNIT`` steps make one unit of the budget, so that a
request's exact odds stop at ``BUDGET`` units (``MAX_COST`` steps, near 0.3 s of CPU,
well below a second; ``docs/benchmarks.md``).

Two uses:

- during the work, ``check`` takes each operator's estimate, from the sizes the work
  will have (dice, faces, values, bits of the weights), before that step runs, and
  raises ``LimitExceeded`` with the operator's name when the request's steps would
  pass the budget;
- before any work, ``odds_cost`` (the protocol's estimate of a dice request) and
  ``odds_estimate`` (damage of other systems) bound the whole expression from its
  syntax tree: the formulas where a term's way of computing is known from its shape,
  else the whole budget, which the checks during the work then hold.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from regelwerk.budget import BUDGET, Cost, shorten
from regelwerk.dice.limits import MAX_EXPLODE_DEPTH
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
)
from regelwerk.errors import LimitExceeded, Message

__all__ = [
    "MAX_COST",
    "ROLL_COST",
    "STEPS_PER_UNIT",
    "binomial_cost",
    "check",
    "combine_cost",
    "convolution_cost",
    "explode_cost",
    "keep_cost",
    "multiply_cost",
    "multiset_cost",
    "odds_cost",
    "odds_estimate",
    "power_cost",
]

STEPS_PER_UNIT = 12
"""Steps of these formulas (about 5 ns each) in one unit of ``regelwerk.budget``
(50–150 ns each)."""
MAX_COST = BUDGET * STEPS_PER_UNIT
"""Steps one request's exact odds may spend: the budget."""
ROLL_COST = MAX_COST // 20
"""The share of the budget for the odds that come with a roll, so that rolling stays
quick (beyond it the roll rolls and says why its odds are left out)."""


def _words(bits: int) -> int:
    return bits // 60 + 1


def power_cost(dice: int, span: int, terms: int, bits: int) -> int:
    """``p ** dice`` by Miller's recurrence: one small-by-big product per coefficient
    and term of ``p``; the coefficients grow to ``dice * bits`` bits."""
    return (dice * span + 1) * terms * (4 + _words(dice * bits))


def multiply_cost(size_a: int, size_b: int, bits: int) -> int:
    """Convolution of two weight lists (packed into big integers when large)."""
    if size_a * size_b <= 64:
        return size_a * size_b * 4
    words = _words((size_a + size_b) * bits)
    return int(words**1.6) + 4 * (size_a + size_b)


def combine_cost(size_a: int, size_b: int) -> int:
    """``a op b`` value pair by value pair (``*``, ``/``, ``%``, comparisons)."""
    return size_a * size_b * 20


def keep_cost(faces: int, keep: int, span: int, dice: int, bits: int) -> int:
    """Keep/drop by rank over sorted outcomes: per threshold face and kept count one
    product by the faces above it, and one binomial tail."""
    kept_span = keep * span + 1
    return 4 * (faces * keep * (kept_span * 4 + keep * _words(dice * bits) + kept_span)
                 + faces * dice)


def binomial_cost(dice: int, bits: int) -> int:
    """Binomial counts (``cs``): a few big products per count."""
    return dice * (200 + 30 * _words(dice * bits))


def explode_cost(depth: int, faces: int, values: int) -> int:
    """Per-die chains of explosions: one mixture per face and round."""
    return depth * faces * values * 8


def multiset_cost(dice: int, faces: int, operations: int) -> int:
    """The fallback that follows every sorted outcome of the pool through each operation."""
    return comb(dice + faces - 1, dice) * (operations + 1) * (dice + 4) * 10


def check(cost: int, what: str, spent: list[int] | None = None, /, **values: object) -> None:
    """Raise ``LimitExceeded`` when ``cost`` (plus what ``spent[0]`` already holds) is
    beyond the budget (``spent[1]`` when given, else ``MAX_COST``); otherwise add it
    to ``spent[0]``.  ``what`` names the work, a template with ``values``."""
    total = cost + (spent[0] if spent else 0)
    limit = spent[1] if spent is not None and len(spent) > 1 else MAX_COST
    if total > limit:
        raise LimitExceeded(
            "the exact odds of {what} are too costly to compute (about {cost} units of "
            "work, at most {limit}); use fewer or smaller dice",
            what=Message(what, **values), cost=_units(cost), limit=_units(limit),
        )
    if spent is not None:
        spent[0] = total


def _units(steps: int) -> int:
    """Steps in units of the budget (rounded up)."""
    return -(-steps // STEPS_PER_UNIT)


def convolution_cost(span: int, bits: int) -> int:
    """Units of adding two independent distributions whose sum spans ``span`` values
    with a common denominator of ``bits`` bits."""
    return _units(multiply_cost(span, span, bits))


_CUT_OFF = 10**12
"""Explosions without a depth are followed until less than 1e-12 is left."""


def _explosion_depth(n: int, sides: int, exploding: int, depth: int | None) -> int:
    """How deep the odds follow the explosions of one term (an upper bound)."""
    if depth is not None:
        return depth
    if exploding == 0:
        return 0
    d = 0
    # while n * (exploding / sides) ** (d + 1) is above the cut-off
    while d < MAX_EXPLODE_DEPTH and n * exploding ** (d + 1) * _CUT_OFF > sides ** (d + 1):
        d += 1
    return d


def _dice_shape(node: Dice) -> tuple[int, int, int]:
    """Steps (an upper bound), span of values and bits of the denominator of a term."""
    n, sides = node.count, node.sides
    if n == 0:
        return 1, 1, 1
    face_bits = sides.bit_length()
    if not node.ops:
        return power_cost(n, sides - 1, sides, face_bits), n * (sides - 1) + 1, n * face_bits
    rounds, added, rerolled = 1, 1, 1
    for op in node.ops:
        if op.name == "e":
            exploding = sum(1 for f in range(1, sides + 1) if op.selects(f))
            rounds += _explosion_depth(n, sides, exploding, op.depth)
        elif op.name == "ra":
            added += len(op.selectors)
        elif op.name in ("rr", "ro"):
            rerolled = 2
    per_die = sides * rounds * added
    die_bits = face_bits * rounds * added * rerolled
    # the way of computing depends on the operations: the costliest ones bound it
    # (the sorted outcomes of the small-pool fallback, a power, keep/drop by rank),
    # and the checks during the work hold it within the budget
    if n * per_die > 10**6:
        return MAX_COST, n * per_die + 1, n * die_bits
    # the sorted-outcome fallback (Fraction arithmetic, measured) follows every round of
    # explosions, with chances whose size grows round by round: its work grows with the
    # cube of the rounds
    steps = (multiset_cost(n, sides, len(node.ops)) * 64 * rounds**3
             + power_cost(n, per_die, per_die, die_bits)
             + keep_cost(per_die, n, per_die, n, die_bits))
    return min(steps, MAX_COST), n * per_die + 1, n * die_bits


def _shape(node: Expression) -> tuple[int, int, int]:
    if isinstance(node, Number):
        return 0, 1, 1
    if isinstance(node, Dice):
        return _dice_shape(node)
    if isinstance(node, Group | Labelled | Commented | Repeat):
        return _shape(node.inner)
    if isinstance(node, Negate):
        steps, span, bits = _shape(node.operand)
        return steps + span, span, bits
    if isinstance(node, SetOf):
        parts = [_shape(item) for item in node.items]
        steps = sum(p[0] for p in parts) + (MAX_COST if node.ops else 0)
        span = sum(p[1] for p in parts) or 1
        bits = sum(p[2] for p in parts) or 1
        return steps + multiply_cost(span, span, bits), span, bits
    if isinstance(node, BinaryOp):
        (s1, a, b1), (s2, b, b2) = _shape(node.left), _shape(node.right)
        bits = b1 + b2
        if node.op in ("+", "-"):
            return s1 + s2 + multiply_cost(a, b, bits), a + b - 1, bits
        return s1 + s2 + combine_cost(a, b), a * b, bits
    return MAX_COST, 1, 1  # pragma: no cover - every node is handled above


def odds_estimate(tree: Expression) -> tuple[int, int, int]:
    """``(units of work, span of values, bits of the denominator)`` of the exact
    distribution of ``tree``; the work is at most the budget, as the checks during
    the work hold it there."""
    steps, span, bits = _shape(tree)
    return min(_units(steps), BUDGET), span, bits


@lru_cache(maxsize=1024)
def odds_cost(tree: Expression) -> Cost:
    """The estimated work of the exact distribution of ``tree`` (syntax trees are
    immutable: the estimate is remembered)."""
    return Cost(odds_estimate(tree)[0], f"the exact odds of {shorten(str(tree))}")
