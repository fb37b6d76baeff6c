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
  syntax tree, each dice term by the route its work will take
  (``regelwerk.dice.plan``): an upper bound, so that an estimate within the budget
  is work within it; the checks during the work are a safety net only.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb, prod

from regelwerk.budget import BUDGET, Cost, shorten
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
from regelwerk.dice.plan import (
    closed_explosion_steps,
    dice_plus_constant,
    explode_keep_shape,
    explode_keep_steps,
    explosion_rounds,
    kept_ranks,
    one_face_steps,
    pool_steps,
    route,
    tables_steps,
)
from regelwerk.dice.poly import miller_steps, power_steps
from regelwerk.errors import LimitExceeded, Message
from regelwerk.errors import Number as Figure  # a number in a message (Number: a node)

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
    "roll_cost",
    "roll_route",
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


def power_cost(dice: int, span: int, terms: int, bits: int, *, truncated: bool = False) -> int:
    """``p ** dice``: Miller's recurrence (one small-by-big product per coefficient and
    term of ``p``, the coefficients ``dice * bits`` bits), or repeated squaring where
    that is cheaper (``poly.power`` takes the same choice); ``truncated``: only
    Miller's recurrence (a power up to a bound)."""
    if truncated:
        return miller_steps(dice, span, terms, bits)
    return power_steps(dice, span, terms, bits)[0]


def multiply_cost(size_a: int, size_b: int, bits: int) -> int:
    """Convolution of two weight lists (packed into big integers when large)."""
    if size_a * size_b <= 64:
        return size_a * size_b * 4
    words = _words((size_a + size_b) * bits)
    return int(words**1.6) + 4 * (size_a + size_b)


def combine_cost(size_a: int, size_b: int) -> int:
    """``a op b`` value pair by value pair (``*``, ``/``, ``%``, comparisons)."""
    return size_a * size_b * 40


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


_HUGE = 10**30


def check(cost: float, what: str, spent: list[int] | None = None, /, **values: object) -> None:
    """Raise ``LimitExceeded`` when ``cost`` (plus what ``spent[0]`` already holds) is
    beyond the budget (``spent[1]`` when given, else ``MAX_COST``); otherwise add it
    to ``spent[0]``.  ``what`` names the work, a template with ``values``."""
    cost = int(cost) if cost < _HUGE else _HUGE
    total = cost + (spent[0] if spent else 0)
    limit = spent[1] if spent is not None and len(spent) > 1 else MAX_COST
    if total > limit:
        raise LimitExceeded(
            "the exact odds of {what} are too costly to compute (about {cost} units of "
            "work, at most {limit}); use fewer or smaller dice",
            what=Message(what, **values), cost=Figure(_units(cost)),
            limit=Figure(_units(limit)),
        )
    if spent is not None:
        spent[0] = total


CEILING = BUDGET * 1000
"""Estimates beyond this many units are reported as this many (any cost beyond the
budget is refused alike; a number of a thousand digits tells nobody anything)."""


def _units(steps: float) -> int:
    """Steps in units of the budget (rounded up, at most ``CEILING``)."""
    if not steps < CEILING * STEPS_PER_UNIT:
        return CEILING
    return -(-int(steps) // STEPS_PER_UNIT)


def convolution_cost(span: int, bits: int) -> int:
    """Units of adding two independent distributions whose sum spans ``span`` values
    with a common denominator of ``bits`` bits."""
    return _units(multiply_cost(span, span, bits))


def _plain(n: int, sides: int) -> tuple[float, int, int]:
    face_bits = sides.bit_length()
    return power_cost(n, sides - 1, sides, face_bits), n * (sides - 1) + 1, n * face_bits


def _pool_of(n: int, span: int, bits: int, counting: bool) -> float:
    """Steps of ``n`` dice whose per-die weights span ``span`` values."""
    if n == 1:
        return span
    if counting:
        return binomial_cost(n, bits)
    return power_cost(n, span, span + 1, bits)


@lru_cache(maxsize=1024)
def term_steps(node: Dice) -> tuple[float, int, int]:
    """Steps (an upper bound), span of values and bits of the denominator of the exact
    odds of one dice term, by the route its computation takes (``plan.route``)."""
    node = node.without_idle_rerolls()
    n, sides, ops = node.count, node.sides, node.ops
    way = route(node)
    face_bits = sides.bit_length()
    if way == "empty":
        return 1, 1, 1
    if way == "plain":
        return _plain(n, sides)
    if way == "keep":
        op, sel = ops[0], ops[0].selectors[0]
        keep = min(sel.value, n) if op.name == "k" else n - min(sel.value, n)
        if keep in (0, n):
            return _plain(keep, sides)
        return keep_cost(sides, keep, sides, n, face_bits), keep * (sides - 1) + 1, n * face_bits
    if way == "explode_keep":
        shape = explode_keep_shape(node)
        assert shape is not None
        keeping, _, r = shape
        depth = explosion_rounds(ops[0], n, sides)
        span = r * (sides - 1) + 1 if keeping else n * (depth + 1) * sides + 1
        return explode_keep_steps(node), span, (depth + 1) * n * face_bits
    counting = ops[-1].name == "cs" and not any(op.name == "e" for op in ops)
    if way == "tables":
        ways = one_face_steps(node)
        if ways is not None:  # the cheaper of two ways (plan)
            power, quotient, count, bits = ways
            return min(power, quotient), count, bits
        own, span, bits = tables_steps(ops, sides, n)
        return own + _pool_of(n, span, bits, counting), n * span + 1, n * bits
    if way == "pool":
        rolled = n
        for op in ops:
            if op.name == "e":
                rolled += n * explosion_rounds(op, n, sides)
            elif op.name == "ra":
                rolled += 1
        bound = pool_steps(node)
        rerolls = 1 + sum(1 for op in ops if op.name in ("ro", "rr", "ra"))
        return bound, rolled * sides + 1, rolled * face_bits * rerolls
    rank_at = [i for i, op in enumerate(ops) if op.by_rank or op.name == "ra"]
    first, last = rank_at[0], rank_at[-1]
    prefix, suffix = ops[:first], ops[last + 1 :]
    table_steps, span, bits = tables_steps(suffix, sides, n + 1)
    steps: float = table_steps
    face_weight_bits = face_bits * (1 + sum(1 for op in prefix if op.name in ("ro", "rr")))
    steps += len(prefix) * sides * 20 + sides * 40
    bits += face_weight_bits
    if way == "ra":
        steps += 2 * _pool_of(n, span, bits, counting) + multiply_cost(n * span + 1, span, bits)
        return steps, (n + 1) * span + 1, (n + 1) * bits
    keep = len(kept_ranks(ops[first : last + 1], n))
    if keep in (0, n):
        return steps + _pool_of(keep, span, bits, counting), max(keep, 1) * span + 1, \
            n * bits
    steps += keep_cost(sides, keep, span, n, face_weight_bits)
    return steps, keep * span + 1, n * bits + keep * bits


def _dice_shape(node: Dice) -> tuple[float, int, int]:
    return term_steps(node)


def _shape(node: Expression) -> tuple[float, int, int]:
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
        steps = sum(p[0] for p in parts)
        span = sum(p[1] for p in parts) or 1
        bits = sum(p[2] for p in parts) or 1
        if node.ops and any(op.by_rank for op in node.ops):
            # sorted tuples of the items' values, folded item by item (exact_sets)
            tuples = 1.0
            for i, part in enumerate(parts, 1):
                tuples *= part[1]
                steps += tuples * (i + 4) * 40 * (1 + len(node.ops))
            span = prod(p[1] for p in parts)
        elif node.ops:
            total = 1
            for part in parts:
                steps += combine_cost(total, part[1])
                total += part[1]
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
    distribution of ``tree``: an upper bound of the work, before any of it."""
    steps, span, bits = _shape(tree)
    return _units(steps), span, bits


def _odds_of(tree: Expression) -> Message:
    """What a cost of ``tree`` pays for, in words for messages."""
    return Message("the exact odds of {expression}", expression=shorten(str(tree)))


@lru_cache(maxsize=1024)
def odds_cost(tree: Expression) -> Cost:
    """The estimated work of the exact distribution of ``tree`` (syntax trees are
    immutable: the estimate is remembered)."""
    return Cost(odds_estimate(tree)[0], _odds_of(tree))


@lru_cache(maxsize=1024)
def roll_route(tree: Expression) -> tuple[Cost, bool]:
    """The estimated work of a roll's own odds and whether the closed form answers
    every total (``True``) or only those whose closed form costs at most that
    estimate (``False``; the others come from the distribution): a term of dice
    exploding on one end face (plus a constant) is answered in closed form for any
    total it can roll (``plan.closed_explosion_steps``), so the whole distribution's
    estimate is not needed when that fits a roll's share; else the cheaper of the
    two; anything else costs its distribution."""
    found = dice_plus_constant(tree)
    steps = closed_explosion_steps(found[0]) if found is not None else None
    if steps is None:
        return odds_cost(tree), False
    closed = Cost(_units(steps), _odds_of(tree))
    if closed.units <= ROLL_COST // STEPS_PER_UNIT:
        return closed, True
    whole = odds_cost(tree)
    return (whole, False) if whole.units <= closed.units else (closed, True)


def roll_cost(tree: Expression) -> Cost:
    """The estimated work of a roll's own odds (``roll_route``)."""
    return roll_route(tree)[0]
