"""How the exact odds of one dice term are computed (its *route*), decided from the
term alone, and an upper bound of that route's work in steps (``regelwerk.dice.cost``),
so that the estimate before any work and the work itself follow the same plan.

Routes, cheapest first:

- ``empty``: no dice;
- ``plain``: ``NdX``, a power of one die;
- ``keep``: ``NdXkhK`` and the like, one keep/drop by rank and nothing else;
- ``tables``: only operations that select by value: a die's table, then a power;
- ``ranks``: value operations, then keep/drop by rank keeping a run of ranks, then
  value operations;
- ``ra``: value operations, then one ``ra``, then value operations;
- ``explode_keep``: one explosion by value, then one keep or drop of the highest or
  lowest ``R`` (``regelwerk.dice.exact_explode_keep``);
- ``pool``: anything else follows every sorted outcome (``regelwerk.dice.exact_pool``),
  whose bound counts the outcomes round by round (a float upper bound).
"""

from __future__ import annotations

from math import ceil, comb, exp, inf, lgamma, log, log2

from regelwerk.dice.limits import MAX_DICE, MAX_EXPLODE_DEPTH
from regelwerk.dice.nodes import BinaryOp, Commented, Dice, Expression, Group, Number, Operation
from regelwerk.dice.poly import power_steps

__all__ = [
    "MAX_STATES",
    "MAX_TERMS",
    "closed_explosion_steps",
    "dice_plus_constant",
    "explode_keep_shape",
    "explode_keep_steps",
    "explosion_rounds",
    "forward",
    "kept_ranks",
    "multisets",
    "one_face_explosion",
    "one_face_steps",
    "one_face_table_steps",
    "pool_steps",
    "route",
    "selected_faces",
    "selected_ranges",
    "tables_steps",
]

MAX_STATES = 200_000
"""Sorted outcomes the fallback may hold at once."""
MAX_TERMS = 20_000
"""Terms of a roll's closed form of exploding dice (``exact_explode.explosion_chances``)
beyond which the bounded algorithms answer."""
_CUT_OFF = 10**12
_FORWARD_WORK = 200_000
"""Faces × operations up to which the route looks at the values a die can have."""
BRANCH_STEPS = 700
"""Steps of one sorted outcome of the fallback (exact fractions, a sorted tuple)."""
DIE_STEPS = 40
"""Steps per die of one sorted outcome."""


def selected_ranges(op: Operation, sides: int) -> list[tuple[int, int]]:
    """The faces ``1..sides`` the value selectors of ``op`` select, as disjoint runs
    ``(low, high)`` in order (without walking the faces)."""
    ranges: list[tuple[int, int]] = []
    for s in op.selectors:
        v, kind = s.value, s.kind
        if kind == "=":
            lo, hi = v, v
        elif kind in (">", ">="):
            lo, hi = (v + 1 if kind == ">" else v), sides
        elif kind in ("<", "<="):
            lo, hi = 1, (v - 1 if kind == "<" else v)
        else:
            continue
        lo, hi = max(lo, 1), min(hi, sides)
        if lo <= hi:
            ranges.append((lo, hi))
    runs: list[tuple[int, int]] = []
    end = 0
    for lo, hi in sorted(ranges):
        lo = max(lo, end + 1)
        if lo <= hi:
            runs.append((lo, hi))
            end = hi
    return runs


def selected_faces(op: Operation, sides: int) -> int:
    """How many of the faces ``1..sides`` the value selectors of ``op`` select (the
    union of their ranges, without walking the faces)."""
    return sum(hi - lo + 1 for lo, hi in selected_ranges(op, sides))


def forward(ops: tuple[Operation, ...], sides: int) -> dict[int | None, int]:
    """The value distribution of one die after value operations without explosions
    (``None``: dropped); weights over ``sides`` times the reroll denominators."""
    state: dict[int | None, int] = dict.fromkeys(range(1, sides + 1), 1)
    for op in ops:
        name = op.name
        new: dict[int | None, int] = {}
        if name in ("ro", "rr"):
            faces = [f for f in range(1, sides + 1) if name == "ro" or not op.selects(f)]
            m = len(faces)
            for v, w in state.items():
                if v is not None and op.selects(v):
                    for f in faces:
                        new[f] = new.get(f, 0) + w
                else:
                    new[v] = new.get(v, 0) + w * m
        else:
            for v, w in state.items():
                u = v
                if v is not None:
                    if (name == "k" and not op.selects(v)) or (name == "p" and op.selects(v)):
                        u = None
                    elif name == "mi":
                        u = max(v, op.selectors[-1].value)
                    elif name == "ma":
                        u = min(v, op.selectors[-1].value)
                new[u] = new.get(u, 0) + w
        state = new
    return state


def kept_ranks(ops: tuple[Operation, ...], dice: int) -> list[int]:
    """The ranks (0 = highest) that keep/drop by rank leave kept."""
    ranks = list(range(dice))
    for op in ops:
        chosen: set[int] = set()
        for s in op.selectors:
            top = s.kind == "h"
            chosen.update(ranks[: s.value] if top else ranks[max(0, len(ranks) - s.value) :])
        ranks = [r for r in ranks if (r in chosen) == (op.name == "k")]
    return ranks


def route(node: Dice) -> str:
    """The way the exact odds of ``node`` are computed (see the module)."""
    ops, n, sides = node.ops, node.count, node.sides
    if n == 0:
        return "empty"
    if not ops:
        return "plain"
    if len(ops) == 1 and ops[0].name in ("k", "p") and len(ops[0].selectors) == 1 \
            and ops[0].by_rank:
        return "keep"
    rank_at = [i for i, op in enumerate(ops) if op.by_rank or op.name == "ra"]
    if not rank_at:
        return "tables"
    if explode_keep_shape(node) is not None:
        return "explode_keep"
    first, last = rank_at[0], rank_at[-1]
    prefix, middle = ops[:first], ops[first : last + 1]
    if any(op.name == "e" for op in prefix) or len(prefix) * sides > _FORWARD_WORK:
        return "pool"
    if len(middle) == 1 and middle[0].name == "ra":
        return "ra"
    if not all(op.name in ("k", "p") and all(s.by_rank for s in op.selectors)
               for op in middle):
        return "pool"
    if any(op.name in ("k", "p") for op in prefix) and None in forward(prefix, sides):
        return "pool"
    if any({s.kind for s in op.selectors} >= {"h", "l"} for op in middle):
        # a union of highest and lowest: equal faces are one die to both selectors
        # (each takes the earliest of a tie, as d20 does), so the kept count depends on
        # the faces and not on ranks alone
        return "pool"
    ranks = kept_ranks(middle, n)
    k = len(ranks)
    if k in (0, n) or ranks == list(range(k)) or ranks == list(range(n - k, n)):
        return "ranks"
    return "pool"


def explode_keep_shape(node: Dice) -> tuple[bool, bool, int] | None:
    """``(keeping, from the top, R)`` of ``NdX`` exploding by value and then keeping
    or dropping the highest or lowest ``R >= 1`` (``4d6!kh3``, ``3d6e1pl1``), else
    ``None``."""
    ops = node.ops
    if len(ops) != 2 or node.count < 1:
        return None
    explode, keep = ops
    if explode.name != "e" or explode.by_rank or keep.name not in ("k", "p") \
            or len(keep.selectors) != 1 or not keep.by_rank:
        return None
    selector = keep.selectors[0]
    if selector.value < 1:
        return None
    return keep.name == "k", selector.kind == "h", selector.value


def _product_steps(size_a: int, size_b: int, bits: int, both_big: bool = False) -> float:
    """An upper bound of one ``poly.multiply`` of weight lists of at most ``size_a`` and
    ``size_b`` values whose products have ``bits`` bits, by the way it takes: value
    by value when small or thin (a dict update per pair; a big weight times a small
    one, or ``both_big``: Karatsuba, about 3.4 * words**1.6 steps measured), else
    packed into big integers (packing each value, the product, unpacking each
    value); with the grid cell's own work around it."""
    words = bits // 60 + 1
    small = min(size_a * size_b, max(64, 4 * max(size_a, size_b)))
    steps = small * (30 + words + (4 * words**1.6 if both_big else 0))
    if size_a * size_b > 64 and min(size_a, size_b) > 4:
        packed = max(size_a, size_b) * words  # the longer number, in words
        steps = max(steps, 4 * packed**1.6 + 120 * (size_a + size_b))
    return steps + 300


def explode_keep_steps(node: Dice) -> float:
    """An upper bound of the steps of ``exact_explode_keep``, per threshold face (and
    one beyond them all), each pair of grid cells one ``poly.multiply``: the chain's
    rounds (while the exploding faces lie beyond the threshold, at most ``R``; else
    ``d + 1``), each a grid times a die; the powers of the chains without near dice
    (``R + 1`` cells, by squaring), those with near dice (``(R - 1) * (R + 1)``
    cells, weights of at most ``R - 1`` chains; only pairs of cells below ``R``
    near dice multiply) up to ``R - 1``, and their products.  A chain shows a
    threshold that does not explode at most once (its last die).
    A keep tracks sums of near dice: ``w`` faces beyond the threshold give weight
    lists of ``(R - 1) * w + 1`` values; thresholds are summed in groups of ``w`` up
    to twice as many, each group at its largest ``w``."""
    shape = explode_keep_shape(node)
    if shape is None:
        return inf
    keeping, top, r = shape
    op, n, sides = node.ops[0], node.count, node.sides
    depth = explosion_rounds(op, n, sides)
    hits = selected_faces(op, sides)
    if hits:  # thresholds with w >= edge near faces have every exploding face near
        lowest = next(f for f in range(1, sides + 1) if op.selects(f))
        highest = next(f for f in range(sides, 0, -1) if op.selects(f))
        edge = sides - lowest + 1 if top else highest
    else:
        edge = 0
    cells = r * (r + 1)
    chain_bits = (depth + 1) * sides.bit_length() + 8
    bits = (depth + 1) * n * sides.bit_length() + n.bit_length() + 8
    most = min(r - 1, n)
    hit_cells, die_cells = min(3, hits), min(3, sides)
    far = n * (depth + 1) * sides + 1

    def threshold(w: int, equal: int, long: bool) -> float:
        """Steps of one threshold with ``w`` near faces, where one chain has at most
        ``equal`` dice showing the threshold (none beyond every face; one, its last,
        unless the threshold explodes; else up to ``R`` counted)."""
        short = not long and w >= edge  # every exploding face near: short chains
        rounds = min(r, depth + 1) if short else depth + 1
        die = max(w, 1) if keeping else sides
        steps = 0.0
        for k in range(rounds):
            size = min(k, r - 1) * w + 1 if keeping else k * sides + 1
            run_cells = 1 if hits <= 1 else min(cells, (k + 1) * (k + 2) // 2)
            steps += run_cells * (die_cells + hit_cells) * _product_steps(size, die,
                                                                          chain_bits)
        # a drop tracks the sum of the other dice: of one die per chain when the
        # chains are short (the exploding faces are near), else of whole chains
        others = n * sides + 1 if short else far
        near = (r - 1) * w + 1 if keeping else others
        rest = 1 if keeping else others
        counts = min(r, equal * max(1, r - 1)) + 1  # dice at the threshold, 0 .. R
        rest_cells = min(r, equal * n) + 1
        near_cells = max(1, (r - 1) * counts)
        # cell pairs of near chains that stay below R near dice (the others skipped)
        near_pairs = (r - 1) * (r - 2) // 2 * counts**2
        # the powers of the chains without near dice by squaring: the products grow
        # geometrically (each multiplies numbers of at most half the last size), so
        # all of them cost less than two products of the largest size
        return steps + rest_cells**2 * (2 * _product_steps(rest, rest, bits, True)
                                        + most * _product_steps(rest, rest, bits)) \
            + most * (near_pairs * _product_steps(near, near, most * chain_bits + 8)
                      + near_cells**2 * 20) \
            + (most + 1) * near_cells * rest_cells * _product_steps(near, rest, bits) \
            + (most + 1) * cells * near * (30 + bits // 60) + 8000

    # the thresholds have 0 .. sides - 1 near faces, one each, and beyond them all,
    # sides; those that explode are counted again, each run at its most near faces
    total = threshold(sides, 0, False) + 30_000
    for lo, hi in selected_ranges(op, sides):
        total += (hi - lo + 1) * threshold(sides - lo if top else hi - 1, r, True)
    low = 0
    while low < sides:
        high = min(sides - 1, max(low, 2 * low), edge - 1 if low < edge else sides - 1)
        total += (high - low + 1) * threshold(high, 1, False)
        low = high + 1
    return total


def explosion_rounds(op: Operation, dice: int, sides: int) -> int:
    """Rounds of explosions the odds follow: the depth, else until at most 1e-12 of
    the chance is left (for value selectors; rank selectors: the most allowed)."""
    if op.depth is not None:
        return op.depth
    hits = selected_faces(op, sides)
    if all(s.by_rank for s in op.selectors):
        # a die explodes while it ranks among the c highest (lowest) unexploded: the
        # sum of those c ranks strictly rises (falls) round by round, ties going to the
        # earlier die
        rank = sum(s.value for s in op.selectors)
        return min(MAX_EXPLODE_DEPTH, rank * (sides - 1) + 1)
    if op.by_rank:
        return MAX_EXPLODE_DEPTH
    if hits == 0:
        return 0
    if hits >= sides:
        return MAX_EXPLODE_DEPTH
    n = max(dice, 1)

    def enough(d: int) -> bool:  # n * (hits/s)**(d+1) <= 1e-12, exactly
        return bool(n * hits ** (d + 1) * _CUT_OFF <= sides ** (d + 1))

    # the smallest such d (at most the limit): guessed by logarithms, then checked
    d = max(0, min(MAX_EXPLODE_DEPTH, ceil(log(n * _CUT_OFF) / log(sides / hits)) - 1))
    while d > 0 and enough(d - 1):
        d -= 1
    while d < MAX_EXPLODE_DEPTH and not enough(d):
        d += 1
    return d


def one_face_explosion(ops: tuple[Operation, ...], sides: int, dice: int
                       ) -> tuple[int, int, int, int] | None:
    """``(span, values, h, d)`` of what one die adds when the term only explodes on
    one face ``h`` (``8d6!``, ``50d10!``), to the rounds ``d``, else ``None``: ``k * h``
    plus a face that stands (``k`` up to ``d``), or ``(d + 1) * h``; at most
    ``(d + 1) * (sides - 1) + 1`` values (the per-die tables' bound is coarser)."""
    if len(ops) != 1 or ops[0].name != "e" or ops[0].by_rank or sides < 2:
        return None
    op = ops[0]
    if selected_faces(op, sides) != 1:
        return None
    hit = sides if op.selects(sides) else next(f for f in range(1, sides) if op.selects(f))
    depth = explosion_rounds(op, dice, sides)
    low = 2 if hit == 1 else 1
    high = max(depth * hit + (sides - 1 if hit == sides else sides), (depth + 1) * hit)
    return high - low, (depth + 1) * (sides - 1) + 1, hit, depth


def dice_plus_constant(tree: Expression) -> tuple[Dice, int] | None:
    """``(term, c)`` when the expression is one dice term plus or minus a whole constant."""
    while isinstance(tree, Commented | Group):
        tree = tree.inner
    if isinstance(tree, Dice):
        return tree, 0
    if isinstance(tree, BinaryOp) and tree.op in ("+", "-") and isinstance(tree.left, Dice) \
            and isinstance(tree.right, Number) and isinstance(tree.right.value, int):
        return tree.left, tree.right.value if tree.op == "+" else -tree.right.value
    return None


def closed_explosion_steps(node: Dice, total: int | None = None) -> float | None:
    """An upper bound of the steps of a roll's own chances in closed form
    (``exact_explode.explosion_chances``) for the term's ``total``, or, without one,
    for every total the roll can have; ``None`` when the form does not answer: ``N``
    dice exploding on one end face ``h`` (no depth, nothing else) roll at most
    ``MAX_DICE`` dice, so at most ``(MAX_DICE * s) // h`` explosions fit below any
    total; per count of explosions one inclusion-exclusion sum of at most ``N + 1``
    binomials."""
    ops, n, sides = node.ops, node.count, node.sides
    if len(ops) != 1 or n <= 0 or sides < 2:
        return None
    op = ops[0]
    if op.name != "e" or op.depth is not None or op.by_rank:
        return None
    if selected_faces(op, sides) != 1 or not (op.selects(1) or op.selects(sides)):
        return None
    hit = sides if op.selects(sides) else 1
    low = 2 if hit == 1 else 1
    most = (MAX_DICE * sides) // hit if total is None else max(0, (total - n * low) // hit)
    terms = (most + 1) * (n + 1)
    if terms > MAX_TERMS:
        return None
    words = ((n + most) * sides.bit_length()) // 60 + 1  # s**(N + most), the largest
    return terms * (60 + 3 * words) + (most + n) * 20 + 2000


def one_face_table_steps(sides: int, depth: int) -> int:
    """``tables_steps`` of one explosion on one face to the rounds ``depth`` (the
    same formula, without finding the rounds again)."""
    face_bits = sides.bit_length()
    span = (1 + sides) * (depth + 1)
    bits = face_bits * (depth + 1)
    steps = (1 + (depth + 1) * sides) * (span * 4 + span * (2 + _words(bits))) + sides * 4
    per_die = span + sides - 1
    return steps + sides * per_die * (2 + _words(bits + face_bits))


def one_face_steps(node: Dice) -> tuple[float, float, int, int] | None:
    """``(power, quotient, span, bits)``: upper bounds of the steps of the two ways to
    the sum of ``N`` dice exploding on one face (``one_face_explosion``; ``N >= 2``),
    the values of the sum and the bits of its denominator; else ``None``.
    *power*: one die's table to the power ``N`` (``poly.power``).
    *quotient* (``exact_explode.one_face_sum``): the numerator of one die's weights
    as a fraction of polynomials, ``s**(d+1) * S + x**(h*(d+1)) * (s - A)`` over
    ``s - x**h`` (``S``: faces that stand, ``A``: all), to the power ``N`` by
    Miller's recurrence (``2 * s`` terms instead of ``(d + 1) * (s - 1)``), then
    ``N`` exact divisions by ``s - x**h``, a product and a difference per value
    (measured 260 ns at 40 words, load average 20, 2026-11-30: 30 + words steps
    bounds it)."""
    n, sides = node.count, node.sides
    single = one_face_explosion(node.ops, sides, n) if n >= 2 else None
    if single is None:
        return None
    die_span, values, hit, depth = single
    own = one_face_table_steps(sides, depth)
    bits = (sides ** (depth + 1)).bit_length()  # one die's weights: over s**(d+1)
    power = own + power_steps(n, die_span, values, bits)[0]
    face_bits = sides.bit_length()
    num_span = (depth + 1) * sides + sides
    num_bits = ((depth + 1) + 1) * face_bits + 2
    words = n * num_bits // 60 + 1  # the weights of num**N and of its quotients
    # Miller's recurrence: a product and a sum per value and term (30 + words steps
    # each, measured like the divisions)
    miller = (n * num_span + 1) * 2 * sides * (30 + words)
    count = n * die_span + 1  # values of the sum
    divisions = n * (count + n * hit) * (30 + words)
    return power, miller + divisions + 50 * sides + 20_000, count, n * bits


def _words(bits: int) -> int:
    return bits // 60 + 1


def tables_steps(ops: tuple[Operation, ...], sides: int, dice: int) -> tuple[int, int, int]:
    """``(steps, span, bits)`` of the per-die tables of value operations: what one die
    adds, from each value it may have before each operation (``exact_dice._Tables``),
    and the span of values and bits of the weights of one die's contribution."""
    face_bits = sides.bit_length()
    span, bits, steps = 1, 0, 0
    for op in reversed(ops):
        name = op.name
        if name in ("ro", "rr"):
            bits += face_bits
            chosen = selected_faces(op, sides)
            span = span + sides - 1
            steps += chosen * sides * (span + 4) * (2 + _words(bits))
        elif name == "e":
            depth = explosion_rounds(op, dice, sides)
            below = span
            span = (span + sides) * (depth + 1)
            bits = (bits + face_bits) * (depth + 1)
            product = below * span * 4 if below * span <= 64 or below <= 4 else \
                int(_words((below + span) * bits) ** 1.6) + 4 * (below + span)
            steps += (selected_faces(op, sides) + (depth + 1) * sides) * (
                product + span * (2 + _words(bits)))
        elif name == "cs":
            span = 1
        steps += sides * 4
    # one die: every face, each adding one of ``span`` values from its own
    counting = bool(ops) and ops[-1].name == "cs"
    if counting:  # successes: 0 or 1 per die, more when dice explode
        per_die = span + 1 if any(op.name == "e" for op in ops) else 2
    else:
        per_die = span + sides - 1
    return steps + sides * per_die * (2 + _words(bits + face_bits)), per_die, bits + face_bits


def multisets(dice: float, faces: float) -> float:
    """Sorted outcomes of ``dice`` dice with ``faces`` faces (a float, ``inf`` when huge)."""
    if dice <= 0:
        return 1.0
    if faces <= 0:
        return 0.0
    if dice + faces < 1000:
        return float(comb(int(dice + faces - 1), int(dice)))
    found = lgamma(dice + faces) - lgamma(dice + 1) - lgamma(faces)
    return exp(found) if found < 700 else inf


def _distinct(low: int, high: int, faces: int) -> float:
    """Sorted outcomes of ``low`` to ``high`` dice, each a face and kept or not."""
    total = 0.0
    for m in range(low, high + 1):
        total += multisets(m, 2 * faces)
        if total > MAX_STATES * 10:
            return inf
    return total


def pool_steps(node: Dice) -> float:
    """An upper bound of the fallback's steps: the sorted outcomes it creates, op by op,
    never merged except within the count of distinct outcomes; ``inf`` when the
    outcomes could pass ``MAX_STATES``."""
    n, sides = node.count, node.sides
    words = 1.0
    bits = n * sides.bit_length()
    states = multisets(n, sides)
    dice = n
    work = states * (BRANCH_STEPS + DIE_STEPS * dice)
    for op in node.ops:
        if states > MAX_STATES:
            return inf
        sort = len(op.selectors) * dice * (log2(dice) + 1) * 8
        rank = sum(s.value for s in op.selectors if s.by_rank)
        reach = dice if any(not s.by_rank for s in op.selectors) else min(dice, rank)
        name = op.name
        if name in ("k", "p", "mi", "ma", "cs"):
            work += states * (BRANCH_STEPS + DIE_STEPS * dice + sort) * words
        elif name in ("ro", "rr"):
            faces = sides if name == "ro" else sides - selected_faces(op, sides)
            branches = states * multisets(reach, faces)
            bits += reach * sides.bit_length()
            words = _size(bits)
            work += branches * (BRANCH_STEPS + DIE_STEPS * dice) * words + states * sort
            states = min(branches, _distinct(n, dice, sides))
        elif name == "ra":
            branches = states * sides
            dice += 1
            work += branches * (BRANCH_STEPS + DIE_STEPS * dice) * words + states * sort
            states = min(branches, _distinct(n, dice, sides))
        else:
            found = _explode_steps(op, states, dice, reach, sides, bits)
            if found is None:
                return inf
            steps, states, dice, bits = found
            words = _size(bits)
            work += steps
    return work


def _size(bits: int) -> float:
    """How much more than a small one an exact fraction of ``bits`` bits costs."""
    return 1 + bits / 256


def _explode_steps(op: Operation, states: float, dice: int, reach: int, sides: int,
                   bits: int) -> tuple[float, float, int, int] | None:
    """Steps, outcomes afterwards, most dice and weight size of one explosion of the
    fallback, counted round by round by how many dice explode in each outcome."""
    rounds = explosion_rounds(op, dice, sides)
    hits = selected_faces(op, sides)
    by_value = not op.by_rank
    # outcomes by the number of dice that explode in the coming round
    todo = {c: min(states, multisets(c, hits) * multisets(dice - c, 2 * sides - hits))
            for c in range(reach + 1)} if by_value else {reach: states}
    work, ended = 0.0, 0.0
    sort = len(op.selectors) * (log2(dice + 1) + 1) * 8
    for r in range(rounds + 1):
        size = dice + r * reach
        per = (BRANCH_STEPS + DIE_STEPS * size + sort * size) * _size(bits)
        nxt: dict[int, float] = {}
        for c, count in todo.items():
            if not count:
                continue
            if c == 0 or r == rounds:
                ended += count
                work += count * per
                continue
            branches = count * multisets(c, sides)
            work += branches * per
            if by_value:
                for c2 in range(c + 1):
                    ways = count * multisets(c2, hits) * multisets(c - c2, sides - hits)
                    if c2:
                        nxt[c2] = nxt.get(c2, 0.0) + ways
                    else:
                        ended += ways
            else:
                # with one die selected, the chain goes on only while each new die
                # passes the one before (ties go to the earlier die): after r rounds
                # the die to pass shows at least r + 1 (or at most sides - r)
                passed = min(r + 1, sides) if c == 1 else 0
                going = count * (multisets(c, sides) - multisets(c, passed))
                nxt[c] = nxt.get(c, 0.0) + going
                ended += branches - going
        if sum(nxt.values()) > MAX_STATES or work == inf:
            return None
        todo = nxt
        bits += reach * sides.bit_length()
        if not todo:
            break
    if by_value:
        # afterwards: the exploding faces rolled (any number), and at most ``dice``
        # others (a face each, kept or not)
        ended = min(ended, multisets(reach * (rounds + 1), hits + 1)
                    * multisets(dice, 2 * sides + 1))
    dice += rounds * reach
    if ended > MAX_STATES:
        return None
    return work, ended, dice, bits
