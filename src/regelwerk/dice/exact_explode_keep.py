"""Exact odds of dice that explode by value and are then kept or dropped by rank
(``4d6!kh3``, ``6d10!kh3``, ``3d6e1pl1``), in d20's meaning: every die an explosion
adds joins the pool, and the keep or drop ranks all of them.

Each of the ``N`` dice starts a *chain*: ``k`` exploding faces, then a face that
stands; at the explosion depth ``d`` (``@d``, or the rounds of
``plan.explosion_rounds`` that leave at most 1e-12 of the chance beyond), the
``d``-th new die shows any face and explodes no more.  Chains are independent and
alike, so the pool is ``N`` independent chains.

Keeping (dropping) ``R`` dice from one end is decided by the threshold ``t``, the
value of the ``R``-th die from that end: ``a < R`` dice lie beyond ``t`` (*near*),
and at least ``R - a`` show ``t``.  For each ``t`` every chain is a small
polynomial in (near dice, dice showing ``t`` up to ``R``, a tracked sum): for a keep
the sum of the near dice (the kept ones are those and ``R - a`` times ``t``), for a
drop the sum of the other dice (the dropped ``R - a`` times ``t`` taken off).  The
pool is the ``N``-th power, and since more than ``R - 1`` near dice end the
threshold, ``P**N = sum_{j<R} C(N, j) X**j B**(N-j)`` with ``X`` the chains holding
near dice and ``B`` the others: a few products of small polynomials per face, never
a tuple of dice (the dynamic programming over sorted outcomes, for chains).  A pool
of fewer than ``R`` dice keeps (drops) them all: the threshold beyond every face.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from regelwerk.dice import cost
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import explode_keep_shape, explode_keep_steps, explosion_rounds
from regelwerk.dice.poly import Poly, add_into, multiply

__all__ = ["explode_keep_distribution"]

Grid = dict[tuple[int, int], Poly]
"""(near dice, dice showing the threshold up to ``R``) -> weights by tracked sum."""
_ONE: Grid = {(0, 0): {0: 1}}


def _times(a: Grid, b: Grid, r: int) -> Grid:
    """The product, without terms of ``r`` or more near dice."""
    out: Grid = {}
    for (near_a, equal_a), p in a.items():
        for (near_b, equal_b), q in b.items():
            near = near_a + near_b
            if near >= r:
                continue
            key = (near, min(equal_a + equal_b, r))
            product = multiply(p, q)
            found = out.get(key)
            if found is None:
                out[key] = product
            else:
                add_into(found, product)
    return out


def _scaled_into(target: Grid, grid: Grid, factor: int) -> None:
    for key, poly in grid.items():
        add_into(target.setdefault(key, {}), poly, factor)


def _power(grid: Grid, n: int, r: int) -> Grid:
    result: Grid = _ONE
    base = grid
    while n:
        if n & 1:
            result = _times(result, base, r)
        n >>= 1
        if n:
            base = _times(base, base, r)
    return result


class _Pool:
    """One term's chains, kept (dropped) ``r`` from the top (bottom)."""

    def __init__(self, node: Dice) -> None:
        shape = explode_keep_shape(node)
        assert shape is not None
        self.keeping, self.top, self.r = shape
        op = node.ops[0]
        self.n, self.sides = node.count, node.sides
        self.depth = explosion_rounds(op, node.count, node.sides)
        faces = range(1, self.sides + 1)
        self.hits = [f for f in faces if op.selects(f)]
        self.stands = [f for f in faces if not op.selects(f)]
        self.faces = list(faces)

    def _die(self, faces: list[int], t: int) -> Grid:
        """One die showing one of ``faces`` (weight 1 each), against threshold ``t``."""
        grid: Grid = {}
        for f in faces:
            if (f > t) if self.top else (f < t):
                key, tracked = (1, 0), (f if self.keeping else 0)
            elif f == t:
                key, tracked = (0, 1), (0 if self.keeping else t)
            else:
                key, tracked = (0, 0), (0 if self.keeping else f)
            if key[0] < self.r:
                poly = grid.setdefault(key, {})
                poly[tracked] = poly.get(tracked, 0) + 1
        return grid

    def chain(self, t: int) -> Grid:
        """One chain: ``k < d`` exploding faces and one that stands (weight
        ``s**(d-k)``), or ``d`` exploding faces and any face (weight 1)."""
        r, depth = self.r, self.depth
        hit, stand, every = (self._die(self.hits, t), self._die(self.stands, t),
                             self._die(self.faces, t))
        out: Grid = {}
        run = _ONE
        for k in range(depth + 1):
            if not run:
                break
            last = k == depth
            _scaled_into(out, _times(run, every if last else stand, r),
                         1 if last else self.sides ** (depth - k))
            if not last:
                run = _times(run, hit, r)
        return out

    def kept(self, t: int, result: Poly) -> None:
        """Add the outcomes whose ``r``-th die from the kept (dropped) end shows ``t``
        (``t`` beyond every face: pools of fewer than ``r`` dice)."""
        r, n = self.r, self.n
        chain = self.chain(t)
        rest: Grid = {k: p for k, p in chain.items() if k[0] == 0}
        near: Grid = {k: p for k, p in chain.items() if k[0] > 0}
        real = 1 <= t <= self.sides
        most = min(r - 1, n)
        lows = _power(rest, n - most, r)
        rests = [lows]  # rests[i] = rest ** (n - most + i)
        for _ in range(most):
            rests.append(_times(rests[-1], rest, r))
        power = _ONE
        for j in range(most + 1):
            if j:
                power = _times(power, near, r)
            if not power:
                break
            ways = comb(n, j)
            for (a, e), poly in _times(power, rests[most - j], r).items():
                if real and a + e < r:
                    continue
                shift = (r - a) * t if self.keeping else -(r - a) * t
                if not real:
                    shift = 0
                for y, w in poly.items():
                    result[y + shift] = result.get(y + shift, 0) + w * ways


def explode_keep_distribution(node: Dice, spent: list[int]) -> tuple[Poly, int, Fraction]:
    """Weights, denominator and the chance cut off by the explosion depth of a term
    that explodes by value and then keeps or drops by rank (``plan.route``:
    ``explode_keep``); the estimate of ``plan.explode_keep_steps`` is charged first."""
    cost.check(explode_keep_steps(node), "'{term}'", spent, term=str(node))
    pool = _Pool(node)
    result: Poly = {}
    beyond = 0 if pool.top else pool.sides + 1
    for t in [*pool.faces, beyond]:
        pool.kept(t, result)
    den = pool.sides ** ((pool.depth + 1) * pool.n)
    cut_off = Fraction(0)
    if node.ops[0].depth is None and pool.hits:
        # the chance that some chain would go on past the depth (docs/notation.md)
        p = Fraction(len(pool.hits), pool.sides)
        cut_off = 1 - (1 - p ** (pool.depth + 1)) ** pool.n
    return {k: result[k] for k in sorted(result) if result[k]}, den, cut_off
