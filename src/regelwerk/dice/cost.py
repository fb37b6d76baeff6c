"""Cost estimates of exact odds, one formula per operator, checked before the work
starts.  A unit is roughly one multiplication of a machine word inside a big
integer, or one step of the interpreter (about 5 ns of CPU on the benchmark
machine, calibrated per formula); ``MAX_COST`` units stay near 0.3 s of CPU,
well below a second (``docs/benchmarks.md``).

Every estimate takes the sizes the work will have (dice, faces, values, bits of
the weights) and raises ``LimitExceeded`` with the operator's name when its
bound would be passed.
"""

from __future__ import annotations

from math import comb

from regelwerk.errors import LimitExceeded, Message

__all__ = [
    "MAX_COST",
    "ROLL_COST",
    "binomial_cost",
    "check",
    "combine_cost",
    "explode_cost",
    "keep_cost",
    "multiply_cost",
    "multiset_cost",
    "power_cost",
]

MAX_COST = 60_000_000
"""Units one request's exact odds may spend."""
ROLL_COST = 3_000_000
"""The smaller budget for the odds that come with a roll, so that rolling stays quick."""


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
            what=Message(what, **values), cost=cost, limit=limit,
        )
    if spent is not None:
        spent[0] = total
