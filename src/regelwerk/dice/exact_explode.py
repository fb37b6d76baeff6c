"""Dice that explode on one face (``8d6!``, ``3d10e10``, ``4d6e1``) and nothing else:
a roll's own chances in closed form, exact, with no depth limit; and the whole
distribution to the depth limit as a quotient of polynomials (``one_face_sum``).

A die that explodes on face ``h`` of ``s`` adds ``h`` for every explosion and then
one of the ``s - 1`` faces that stand.  ``N`` dice with ``m`` explosions among them
(``C(N+m-1, m)`` ways to share them out) therefore total ``h*m`` plus ``N``
standing faces, each sequence of ``N + m`` faces having chance ``s**-(N+m)``.  The
standing faces are a run ``lo .. lo+s-2``, so the ways for their sum to be at most
``y`` is the inclusion-exclusion sum over how many of them exceed the run
(``sum_j (-1)**j C(N, j) C(y' - (s-1)*j, N)``).  Only ``m`` with ``h*m`` below the
total count, so the work is a few binomials, not a distribution.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from math import comb

from regelwerk.dice import cost
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import MAX_TERMS, explosion_rounds, one_face_steps, selected_faces
from regelwerk.dice.poly import Poly, power

__all__ = ["MAX_TERMS", "explosion_chances", "one_face_sum"]



def _at_most(n: int, width: int, y: int, row: list[int]) -> tuple[int, int]:
    """Ways for ``n >= 1`` dice with faces ``1..width`` to add up to at most ``y - 1``
    and to exactly ``y``, in one inclusion-exclusion sum: ``C(y', n)`` gives both
    ``C(y' - 1, n)`` and ``C(y' - 1, n - 1)`` (Pascal's rule), so one binomial per
    term; ``row[j]`` is ``C(n, j)``."""
    below = exactly = 0
    sign = 1
    for j in range(min(n, (y - n) // width) + 1) if y >= n else ():
        top = y - width * j  # >= n
        upto = comb(top, n)  # C(top, n) = C(top - 1, n) + C(top - 1, n - 1)
        at = upto * n // top
        ways = sign * row[j]
        below += ways * (upto - at)
        exactly += ways * at
        sign = -sign
    return below, exactly


def explosion_chances(node: Dice, total: int) -> tuple[Fraction, Fraction] | None:
    """``(P(total or more), P(exactly total))`` of ``node``'s dice, or ``None`` unless
    the term is ``NdS`` exploding on one end face (``1`` or ``S``) with nothing
    else and no depth limit."""
    ops = node.ops
    n, sides = node.count, node.sides
    if len(ops) != 1 or n <= 0 or sides < 2:
        return None
    op = ops[0]
    if op.name != "e" or op.depth is not None or op.by_rank:
        return None
    hits = [f for f in (1, sides) if op.selects(f)]
    if len(hits) != 1 or selected_faces(op, sides) != 1:
        return None
    h = hits[0]
    width = sides - 1
    lo = 2 if h == 1 else 1
    shift = n * (lo - 1)  # the standing faces as 1..width
    most = max(-1, (total - n * lo) // h)  # explosions that leave room for the dice
    if (most + 1) * (n + 1) > MAX_TERMS:
        return None
    row = [1]  # C(n, j) for the j the sums reach (most at m = 0)
    for j in range(1, min(n, max(0, total - shift - n) // width) + 1):
        row.append(row[-1] * (n - j + 1) // j)
    counts = [1]  # C(n + m - 1, m): m explosions shared out among the n dice
    for m in range(most):
        counts.append(counts[-1] * (n + m) // (m + 1))
    below = exactly = 0
    scale = 1  # s ** (most - m), m from the most explosions down
    for m in range(most, -1, -1):
        less, at = _at_most(n, width, total - h * m - shift, row)
        below += counts[m] * scale * less
        exactly += counts[m] * scale * at
        scale *= sides
    den = sides ** (n + max(most, 0))
    return Fraction(den - below, den), Fraction(exactly, den)


def one_face_sum(node: Dice, spent: list[int]) -> tuple[Poly, int, Fraction]:
    """Weights, denominator and cut-off of ``N`` dice exploding on one face ``h`` and
    nothing else (``plan.one_face_steps``: the quotient way, its bound charged first).

    One die, to the rounds ``d``, adds ``k * h`` and a face that stands (weight
    ``s**(d-k)``), or ``(d + 1) * h`` (weight 1): ``S(x) * sum_k s**(d-k) x**(h*k) +
    x**(h*(d+1))``, which is ``num / (s - x**h)`` with ``num = s**(d+1) * S(x) +
    x**(h*(d+1)) * (s - A(x))`` (a geometric sum).  So the ``N`` dice are
    ``num**N / (s - x**h)**N``: ``num**N`` by Miller's recurrence over its ``2 * s``
    terms, then ``N`` exact divisions by ``s - y`` (``y = x**h``) on each run of
    values ``h`` apart, from the top (the divisor's top weight is -1)."""
    ways = one_face_steps(node)
    assert ways is not None
    cost.check(ways[1], "'{term}'", spent, term=str(node))
    op, n, sides = node.ops[0], node.count, node.sides
    depth = explosion_rounds(op, n, sides)
    hit = sides if op.selects(sides) else next(f for f in range(1, sides) if op.selects(f))
    num: Poly = {f: sides ** (depth + 1) for f in range(1, sides + 1) if f != hit}
    top = hit * (depth + 1)
    num[top] = num.get(top, 0) + sides
    for f in range(1, sides + 1):
        num[top + f] = num.get(top + f, 0) - 1
    num = {k: v for k, v in num.items() if v}
    powered = power(num, n, upto=n * max(num))  # Miller's recurrence (signed weights)
    low, high = min(powered), max(powered)

    def divided(run: list[int]) -> list[int]:
        """``run / (s - y)``, exact, from the top: ``q[i-1] = s * q[i] - run[i]``."""
        found = list(accumulate(reversed(run[1:]), lambda q, c: sides * q - c, initial=0))
        return found[:0:-1]

    weights: Poly = {}
    for start in range(low, min(low + hit, high + 1)):
        run = [powered.get(v, 0) for v in range(start, high + 1, hit)]
        for _ in range(n):
            run = divided(run)
        for i, w in enumerate(run):
            if w:
                weights[start + hit * i] = w
    cut_off = Fraction(0)
    if op.depth is None:
        cut_off = 1 - (1 - Fraction(1, sides) ** (depth + 1)) ** n
    return dict(sorted(weights.items())), sides ** ((depth + 1) * n), cut_off
