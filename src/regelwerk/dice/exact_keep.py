"""A roll's own chances for keeping all dice but one (``4d6kh3``, ``2d20kl1``,
``3d6pl1``) or keeping one (``2d20kh1``), in closed form, exact.

Keeping one: the highest of ``N`` dice is at most ``t`` in ``t**N`` of ``S**N``
outcomes.  Dropping the lowest: the outcomes whose lowest face is ``t`` and whose
faces add up to ``y`` are those with every face in ``t..S`` less those with every
face in ``t+1..S``, each an inclusion-exclusion count of dice on a run of faces;
the kept sum is ``y - t``.  Dropping the highest is the mirror image (face ``f`` as
``S + 1 - f``).  A few binomials per face instead of a distribution.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from regelwerk.dice.nodes import Dice

__all__ = ["keep_chances"]


def _ways(n: int, width: int, y: int, exactly: bool) -> int:
    """Ways for ``n`` dice with faces ``1..width`` to add up to exactly (at most) ``y``."""
    if y < n or width < 1:
        return 0
    ways = 0
    for j in range(min(n, (y - n) // width) + 1):
        rest = y - width * j
        term = comb(n, j) * (comb(rest - 1, n - 1) if exactly else comb(rest, n))
        ways += -term if j % 2 else term
    return ways


def _above(n: int, sides: int, low: int, y: int, exactly: bool) -> int:
    """Ways for ``n`` dice with faces ``low..sides`` to add up to exactly (at most) ``y``."""
    return _ways(n, sides - low + 1, y - n * (low - 1), exactly)


def _drop_lowest(n: int, sides: int, x: int, exactly: bool) -> int:
    """Outcomes whose dice but the lowest add up to exactly (at most) ``x``."""
    ways = 0
    for low in range(1, sides + 1):
        ways += _above(n, sides, low, x + low, exactly) - \
            _above(n, sides, low + 1, x + low, exactly)
    return ways


def _shape(node: Dice) -> tuple[int, bool] | None:
    """``(kept dice, highest kept)`` of a plain keep or drop term, else ``None``."""
    if len(node.ops) != 1:
        return None
    op = node.ops[0]
    if op.name not in ("k", "p") or op.depth is not None or len(op.selectors) != 1:
        return None
    sel = op.selectors[0]
    if sel.kind not in ("h", "l") or not isinstance(sel.value, int):
        return None
    n = node.count
    keep = min(sel.value, n) if op.name == "k" else n - min(sel.value, n)
    return keep, (sel.kind == "h") == (op.name == "k")


def keep_chances(node: Dice, total: int) -> tuple[Fraction, Fraction] | None:
    """``(P(total or more), P(exactly total))`` of a term keeping one die or all but
    one (by rank, nothing else); ``None`` for any other term."""
    n, sides = node.count, node.sides
    shape = _shape(node)
    if shape is None or n < 2 or sides < 1:
        return None
    keep, highest = shape
    den = int(sides**n)
    if keep == 1:
        def at_most(t: int) -> int:  # ways for the kept die to show at most t
            t = max(0, min(t, sides))
            return int(t**n) if highest else den - int((sides - t) ** n)
        below, upto = at_most(total - 1), at_most(total)
        return 1 - Fraction(below, den), Fraction(upto - below, den)
    if keep != n - 1:
        return None
    if highest:  # the lowest die dropped
        below = _drop_lowest(n, sides, total - 1, exactly=False)
        return 1 - Fraction(below, den), Fraction(_drop_lowest(n, sides, total, True), den)
    # the highest dropped: faces mirrored, kept sum (n - 1) * (sides + 1) - total
    mirrored = (n - 1) * (sides + 1) - total
    at_least = _drop_lowest(n, sides, mirrored, exactly=False)
    return Fraction(at_least, den), Fraction(_drop_lowest(n, sides, mirrored, True), den)
