"""The exact distribution of one dice term, its operations in the written order.

The term is planned once:

- operations that select by value (``3``, ``>3``, ``<3``, …) act on each die on
  its own, so a table gives, for each value a die can have before an operation,
  the distribution of what that die (and the dice it explodes into) adds to the
  total; the pool is that per-die distribution to the power ``N``;
- keep/drop by rank (``kh3``, ``pl1``, ``((10d6kh5)kl2)kh1``) becomes one set of
  kept ranks; keeping the highest (or lowest) ``k`` is summed over the face of the
  ``k``-th kept die in closed form (binomial tails), never over tuples of dice;
- ``ra`` adds one die when any die is selected: ``all - none`` of the pool;
- an explosion by value, then a keep or drop of the highest or lowest: the pool of
  chains (``regelwerk.dice.exact_explode_keep``);
- anything else (explosions or rerolls by rank, mixed rank sets) follows every
  sorted outcome of the pool, for small pools only (``regelwerk.dice.exact_pool``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate, repeat
from math import comb, lcm

from regelwerk.dice import cost
from regelwerk.dice.exact_explode import one_face_sum
from regelwerk.dice.exact_explode_keep import explode_keep_distribution
from regelwerk.dice.exact_pool import TermOdds, pool_distribution
from regelwerk.dice.limits import MAX_EXPLODE_DEPTH
from regelwerk.dice.nodes import Dice, Operation
from regelwerk.dice.plan import (
    forward,
    kept_ranks,
    one_face_steps,
    route,
    selected_faces,
    tables_steps,
)
from regelwerk.dice.poly import Poly, add_into, binomial, multiply, power
from regelwerk.errors import translatable

__all__ = ["TermOdds", "term_distribution"]

_CUT_OFF_TARGET = Fraction(1, 10**12)
_NOTHING = Fraction(0)
"""No mass cut off (one immutable zero for every term)."""
_VALUE_OPS = frozenset({"k", "p", "rr", "ro", "e", "mi", "ma", "cs"})
Dist = tuple[Poly, int]
"""Weights and their denominator."""
_KEEPING = translatable("keeping {keep} of {dice} dice")


def _uniform(parts: list[Dist]) -> Dist:
    """Each part equally likely."""
    common = lcm(*(d for _, d in parts))
    out: Poly = {}
    for weights, den in parts:
        add_into(out, weights, common // den)
    return {k: out[k] for k in sorted(out) if out[k]}, common * len(parts)


class _Tables:
    """What a die adds to the total, from each value it may have before operation i."""

    def __init__(self, ops: tuple[Operation, ...], sides: int, dice: int,
                 spent: list[int]) -> None:
        self.ops = ops
        self.sides = sides
        self.counting = bool(ops) and ops[-1].name == "cs"
        self.memo: dict[tuple[int, int | None], Dist] = {}
        self.fresh_memo: dict[tuple[int, int], Dist] = {}
        self.depths: dict[int, int] = {}
        self.cut_off = _NOTHING
        for i, op in enumerate(ops):
            if op.name == "e":
                hits = sum(1 for f in range(1, sides + 1) if op.selects(f))
                depth = op.depth
                if depth is None:
                    p = Fraction(hits, sides)
                    depth = 0
                    while depth < MAX_EXPLODE_DEPTH and max(dice, 1) * p ** (depth + 1) > \
                            _CUT_OFF_TARGET:
                        depth += 1
                    self.cut_off = 1 - (1 - self.cut_off) * (1 - p ** (depth + 1)) ** dice
                self.depths[i] = depth
        if any(op.name in ("e", "ro", "rr") for op in ops):
            cost.check(tables_steps(ops, sides, dice)[0], translatable("exploding d{sides}"),
                       spent, sides=sides)

    def table(self, i: int, v: int | None) -> Dist:
        key = (i, v)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._table(i, v)
        return found

    def _table(self, i: int, v: int | None) -> Dist:
        if v is None:
            return {0: 1}, 1
        ops = self.ops
        if i == len(ops) or ops[i].name == "cs":
            if self.counting:
                return {1 if ops[-1].selects(v) else 0: 1}, 1
            return {v: 1}, 1
        op = ops[i]
        name = op.name
        nxt = i + 1
        if name == "k":
            return self.table(nxt, v if op.selects(v) else None)
        if name == "p":
            return self.table(nxt, None if op.selects(v) else v)
        if name == "mi":
            return self.table(nxt, max(v, op.selectors[-1].value))
        if name == "ma":
            return self.table(nxt, min(v, op.selectors[-1].value))
        faces = range(1, self.sides + 1)
        if name == "ro":
            if not op.selects(v):
                return self.table(nxt, v)
            return _uniform([self.table(nxt, f) for f in faces])
        if name == "rr":
            if not op.selects(v):
                return self.table(nxt, v)
            return _uniform([self.table(nxt, f) for f in faces if not op.selects(f)])
        assert name == "e"
        base = self.table(nxt, v)
        if not op.selects(v) or self.depths[i] == 0:
            return base
        chain, den = self.fresh(i, 1)
        return multiply(base[0], chain), base[1] * den

    def fresh(self, i: int, rounds: int) -> Dist:
        """A new die from the explosion at operation i, in round ``rounds``."""
        key = (i, rounds)
        found = self.fresh_memo.get(key)
        if found is not None:
            return found
        op = self.ops[i]
        parts: list[Dist] = []
        for f in range(1, self.sides + 1):
            base = self.table(i + 1, f)
            if op.selects(f) and rounds < self.depths[i]:
                chain, den = self.fresh(i, rounds + 1)
                base = multiply(base[0], chain), base[1] * den
            parts.append(base)
        found = self.fresh_memo[key] = _uniform(parts)
        return found

    def per_die(self) -> Dist:
        return _uniform([self.table(0, f) for f in range(1, self.sides + 1)])


def _top(items: list[tuple[int, Dist]], dice: int, keep: int) -> Dist:
    """Sum of what the ``keep`` first of ``dice`` dice add, the items sorted with the
    kept end first: ``(face weight, contribution of a kept die)``."""
    common = lcm(*(d for _, (_, d) in items))
    gains = [(w, {k: c * (common // d) for k, c in g.items()}) for w, (g, d) in items]
    total_weight = sum(w for w, _ in gains)
    result: Poly = {}
    above: Poly = {}
    below = total_weight
    for w_t, g_t in gains:
        below -= w_t
        at_most = below + w_t
        cur: Poly = {0: 1}
        g_powers: dict[int, Poly] = {}
        for j in range(keep):
            if j:
                if not above:
                    break
                cur = multiply(cur, above)
            rest = dice - j
            need = keep - j
            tail = at_most**rest - sum(comb(rest, m) * w_t**m * below ** (rest - m)
                                       for m in range(need))
            if not tail:
                continue
            g_pow = g_powers.get(need)
            if g_pow is None:
                g_pow = g_powers[need] = power(g_t, need)
            add_into(result, multiply(cur, g_pow), comb(dice, j) * tail)
        add_into(above, g_t, w_t)
    return {k: result[k] for k in sorted(result) if result[k]}, total_weight**dice * common**keep


def _top_plain(faces: Sequence[int], dice: int, keep: int) -> Dist:
    """``_top`` for plain faces ``1..s`` (each weight 1, a kept die adds its face),
    ``faces`` in kept-first order.  The dice above the threshold face are uniform
    over a run of faces, so multiplying by them is a sliding sum (prefix sums)."""
    count = len(faces)
    highest = faces[0] > faces[-1]
    if keep == 1:  # the highest (lowest) face t: (faces up to t)**N - (faces before t)**N
        power = [k**dice for k in range(count + 1)]  # every difference is above 0
        if highest:
            return {t: power[t] - power[t - 1] for t in range(1, count + 1)}, power[count]
        return ({t: power[count - t + 1] - power[count - t] for t in range(1, count + 1)},
                power[count])
    result: dict[int, int] = {}
    for i, t in enumerate(faces):
        below = count - 1 - i
        at_most = below + 1
        # the i faces kept before t are the run lo .. lo + i - 1; cur[x]: ways for j
        # dice among them to add up to j * lo + x (a dense list)
        lo = t + 1 if highest else t - i
        cur = [1]
        for j in range(keep):
            if j:
                if i == 0:
                    break
                # a window of i faces slid over cur: differences of its prefix sums,
                # padded so that every window is one subtraction
                padded = [*repeat(0, i), *accumulate(cur)]
                padded += repeat(padded[-1], i - 1)
                cur = [a - b for a, b in zip(padded[i:], padded, strict=False)]
            rest = dice - j
            need = keep - j
            tail = at_most**rest
            ways = 1
            for m in range(need):
                tail -= ways * below ** (rest - m)
                ways = ways * (rest - m) // (m + 1)
            if not tail:
                continue
            factor = comb(dice, j) * tail
            base = t * need + j * lo
            for x, c in enumerate(cur):
                if c:
                    key = base + x
                    result[key] = result.get(key, 0) + c * factor
    return {k: result[k] for k in sorted(result) if result[k]}, count**dice


def _plain_keep(node: Dice, spent: list[int]) -> TermOdds:
    """``NdXkhK``, ``klK``, ``phK``, ``plK`` with nothing else: the fast path."""
    op = node.ops[0]
    n, sides = node.count, node.sides
    sel = op.selectors[0]
    keep = min(sel.value, n) if op.name == "k" else n - min(sel.value, n)
    highest = (sel.kind == "h") == (op.name == "k")
    if keep == 0:
        return TermOdds({0: 1}, 1, _NOTHING)
    if keep == n:
        return TermOdds(*_pool(dict.fromkeys(range(1, sides + 1), 1), sides, n, spent),
                        _NOTHING)
    cost.check(cost.keep_cost(sides, keep, sides, n, sides.bit_length()),
               _KEEPING, spent, keep=keep, dice=n)
    faces = range(sides, 0, -1) if highest else range(1, sides + 1)
    return TermOdds(*_top_plain(faces, n, keep), _NOTHING)


def explosion_at_most_steps(node: Dice, upto: int) -> float:
    """An upper bound of the steps of ``explosion_at_most``."""
    n, sides = node.count, node.sides
    hits = selected_faces(node.ops[0], sides)
    size = max(0, upto - n) + 1
    most = size if hits else 0
    bits = (n + most) * sides.bit_length()
    return (cost.power_cost(n, sides, sides, sides.bit_length(), truncated=True)
            + most * size * (hits + 2) * (4 + bits // 60)
            + cost.multiply_cost(size, size, bits) + size * 8)


def explosion_at_most(node: Dice, upto: int, spent: list[int]) -> Dist | None:
    """The weights of ``NdXe…`` (one explosion by value, no depth limit, nothing else)
    for the totals up to ``upto`` only, exact without any cut-off (``None`` too when
    that would cost more than ``spent`` leaves).

    A die is ``U/s + (H/s) * die`` (U: faces that stand, H: faces that explode), so
    N dice are ``(U/s)**N * sum_m C(N+m-1, m) (H/s)**m``: m explosions among the N
    dice in all, a negative binomial count.  Every face adds at least 1, so only
    ``m`` up to ``upto`` matter.  ``None`` for any other term."""
    if len(node.ops) != 1 or node.ops[0].name != "e" or node.ops[0].depth is not None \
            or node.ops[0].by_rank or node.count == 0:
        return None
    op, sides, n = node.ops[0], node.sides, node.count
    if explosion_at_most_steps(node, upto) > spent[1] - spent[0]:
        return None
    stand = {f: 1 for f in range(1, sides + 1) if not op.selects(f)}
    hits = {f: 1 for f in range(1, sides + 1) if op.selects(f)}
    if not stand or upto < n:
        return {}, sides**n
    base = power(stand, n, upto)
    most = max(0, (upto - n * min(stand)) // min(hits)) if hits else 0
    # the explosions' part, sum_m C(n+m-1, m) * s**(most-m) * hits**m, up to ``upto``
    room = upto - n * min(stand)
    extra: Poly = {}
    hit_power: Poly = {0: 1}
    ways = 1  # C(n + m - 1, m)
    single = min(hits) if len(hits) == 1 else 0  # one exploding face: H**m is x**(f*m)
    for m in range(most + 1):
        add_into(extra, hit_power, ways * sides ** (most - m))
        ways = ways * (n + m) // (m + 1)
        if single:
            hit_power = {single * (m + 1): 1}
        else:
            hit_power = {k: c for k, c in multiply(hit_power, hits).items() if k <= room}
    result = {k: c for k, c in multiply(base, extra).items() if k <= upto}
    return {k: result[k] for k in sorted(result)}, sides ** (n + most)


def term_distribution(node: Dice, spent: list[int]) -> TermOdds:
    """The exact distribution of what a dice term adds to the total."""
    node = node.without_idle_rerolls()
    ops = node.ops
    n = node.count
    sides = node.sides
    way = route(node)
    if way == "empty":
        return TermOdds({0: 1}, 1, _NOTHING)
    if way == "plain":
        return TermOdds(*_pool(dict.fromkeys(range(1, sides + 1), 1), sides, n, spent),
                        _NOTHING)
    if way == "keep":
        return _plain_keep(node, spent)
    if way == "tables":
        ways = one_face_steps(node)
        if ways is not None and ways[1] < ways[0]:
            return TermOdds(*one_face_sum(node, spent))
        tables = _Tables(ops, sides, n, spent)
        weights, den = tables.per_die()
        return TermOdds(*_pool(weights, den, n, spent), tables.cut_off)
    if way == "pool":
        return pool_distribution(node, spent)
    if way == "explode_keep":
        return TermOdds(*explode_keep_distribution(node, spent))
    rank_at = [i for i, op in enumerate(ops) if op.by_rank or op.name == "ra"]
    first, last = rank_at[0], rank_at[-1]
    prefix, middle, suffix = ops[:first], ops[first : last + 1], ops[last + 1 :]
    state = forward(prefix, sides)
    if way == "ra":
        return _reroll_and_add(state, middle[0], suffix, node, spent)
    return _keep_plan(state, middle, suffix, node, spent)


def _pool(weights: Poly, den: int, n: int, spent: list[int]) -> Dist:
    if n == 1:
        return weights, den
    if set(weights) <= {0, 1}:
        cost.check(cost.binomial_cost(n, den.bit_length()), translatable("a success count"),
                   spent)
        return binomial(n, weights.get(1, 0), weights.get(0, 0)), den**n
    span = max(weights) - min(weights)
    cost.check(cost.power_cost(n, span, len(weights), den.bit_length()),
               translatable("{dice} dice"), spent, dice=n)
    return power(weights, n), den**n


def _keep_plan(state: dict[int | None, int], middle: tuple[Operation, ...],
               suffix: tuple[Operation, ...], node: Dice, spent: list[int]) -> TermOdds:
    n = node.count
    ranks = kept_ranks(middle, n)
    tables = _Tables(suffix, node.sides, n, spent)
    faces = sorted((v, w) for v, w in state.items() if v is not None)
    items = [(w, tables.table(0, v)) for v, w in faces]
    den_face = sum(w for _, w in faces)
    k = len(ranks)
    if k == 0:
        return TermOdds({0: 1}, 1, _NOTHING)
    if k == n:
        weights, den = _uniform_weighted(items)
        return TermOdds(*_pool(weights, den, n, spent), tables.cut_off)
    span = max(max(g) - min(g) for _, (g, _) in items) + 1
    if ranks == list(range(k)):
        cost.check(cost.keep_cost(len(items), k, span, n, den_face.bit_length()),
                   _KEEPING, spent, keep=k, dice=n)
        return TermOdds(*_top(items[::-1], n, k), tables.cut_off)
    assert ranks == list(range(n - k, n))  # plan.route: a run of ranks
    cost.check(cost.keep_cost(len(items), k, span, n, den_face.bit_length()),
               _KEEPING, spent, keep=k, dice=n)
    return TermOdds(*_top(items, n, k), tables.cut_off)


def _uniform_weighted(items: list[tuple[int, Dist]]) -> Dist:
    common = lcm(*(d for _, (_, d) in items))
    out: Poly = {}
    for w, (g, d) in items:
        add_into(out, g, w * (common // d))
    return {k: out[k] for k in sorted(out) if out[k]}, sum(w for w, _ in items) * common


def _reroll_and_add(state: dict[int | None, int], op: Operation,
                    suffix: tuple[Operation, ...], node: Dice, spent: list[int]) -> TermOdds:
    """``ra``: when any kept die is selected, one more die joins (then the rest)."""
    n = node.count
    tables = _Tables(suffix, node.sides, n + 1, spent)
    any_kept = op.by_rank
    hit: list[tuple[int, Dist]] = []
    miss: list[tuple[int, Dist]] = []
    for v, w in state.items():
        selected = v is not None and (any_kept or op.selects(v))
        (hit if selected else miss).append((w, tables.table(0, v)))
    den_face = sum(w for w, _ in hit + miss)
    common = lcm(*(d for _, (_, d) in hit + miss))
    fresh, fresh_den = _uniform([tables.table(0, f) for f in range(1, node.sides + 1)])
    every, _ = _uniform_weighted(hit + miss)
    none: Poly = {}
    for w, (g, d) in miss:
        add_into(none, g, w * (common // d))
    span = max(every) - min(every)
    cost.check(2 * cost.power_cost(n, span, len(every), (den_face * common).bit_length()),
               translatable("{dice} dice with ra"), spent, dice=n)
    all_n = power(every, n)
    none_n = power(none, n) if none else {}
    some = dict(all_n)
    add_into(some, none_n, -1)
    some = {k: v for k, v in some.items() if v}
    result = multiply(some, fresh) if some else {}
    add_into(result, none_n, fresh_den)
    den = (den_face * common) ** n * fresh_den
    return TermOdds({k: result[k] for k in sorted(result) if result[k]}, den, tables.cut_off)
