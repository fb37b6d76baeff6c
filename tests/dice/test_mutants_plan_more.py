"""More of the route and the step bounds of ``regelwerk.dice.plan`` (issue 17): the
estimate functions' exact values for small terms, from the formulas their docstrings
and docs/limits.md write out (re-derived here, never taken from the module), the
routes terms take by the rule of the module's docstring, and the edges (depths,
thresholds, terms a shortcut does not answer)."""

from __future__ import annotations

from math import comb, inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.dice import parse
from regelwerk.dice.limits import MAX_DICE, MAX_EXPLODE_DEPTH
from regelwerk.dice.nodes import Dice, Operation, Selector
from regelwerk.dice.plan import (
    MAX_STATES,
    _product_steps,
    closed_explosion_steps,
    explode_keep_shape,
    explode_keep_steps,
    explosion_rounds,
    multisets,
    one_face_explosion,
    one_face_steps,
    pool_steps,
    route,
    selected_ranges,
)


def _op(name: str, *selectors: tuple[str, int], depth: int | None = None) -> Operation:
    return Operation(name, tuple(Selector(k, v) for k, v in selectors), depth)  # type: ignore[arg-type]


def _dice(count: int, sides: int, *ops: Operation) -> Dice:
    return Dice(count, sides, ops=ops)


def _term(text: str) -> Dice:
    node = parse(text)
    assert isinstance(node, Dice)
    return node


def _words(bits: int) -> int:
    """Machine words of ``bits`` bits, 60 bits a word, at least one."""
    return bits // 60 + 1


# -- _product_steps: one multiplication of weight lists ------------------------------

def _product(a: int, b: int, bits: int, both_big: bool = False) -> float:
    """The docstring's bound: value by value (a dict update per pair, at most
    ``max(64, 4 * longer)`` of them), each ``30 + words`` (plus Karatsuba's
    ``4 * words**1.6`` for two big weights); packed when more than 64 pairs and both
    longer than 4: ``4 * (longer * words)**1.6 + 120 * (a + b)``; 300 around it."""
    w = _words(bits)
    pairs = min(a * b, max(64, 4 * max(a, b)))
    by_value = pairs * (30 + w + (4 * w**1.6 if both_big else 0))
    if a * b > 64 and min(a, b) > 4:
        by_value = max(by_value, 4 * (max(a, b) * w) ** 1.6 + 120 * (a + b))
    return by_value + 300


@pytest.mark.parametrize(("a", "b", "bits", "both_big", "expected"), [
    (2, 3, 0, False, 6 * 31 + 300),
    (2, 3, 59, False, 6 * 31 + 300),
    (2, 3, 60, False, 6 * 32 + 300),
    (2, 3, 120, False, 6 * 33 + 300),
    (2, 3, 130, False, 6 * 33 + 300),
    (2, 3, 0, True, 6 * 35 + 300),
    (20, 1, 0, False, 20 * 31 + 300),
    (20, 3, 0, False, 60 * 31 + 300),
    (8, 8, 0, False, 64 * 31 + 300),
    (4, 17, 0, False, 68 * 31 + 300),
    (17, 4, 0, False, 68 * 31 + 300),
    (30, 3, 0, False, 90 * 31 + 300),
    (1, 100, 0, False, 100 * 31 + 300),
])
def test_product_steps_small_values(a: int, b: int, bits: int, both_big: bool,
                                    expected: int) -> None:
    assert _product_steps(a, b, bits, both_big) == expected


@pytest.mark.parametrize(("a", "b", "bits", "both_big"), [
    (2, 3, 60, True), (2, 3, 600, True), (10, 10, 0, False), (5, 13, 0, False),
    (13, 5, 0, False), (9, 9, 0, False), (5, 5, 0, False), (6, 11, 0, False),
    (50, 50, 900, False), (50, 50, 900, True), (40, 3, 300, True), (7, 200, 59, False),
    (100, 5, 2000, False), (5, 100, 2000, True), (1, 1, 0, False), (64, 1, 61, True),
    (5, 13, 120, True), (13, 5, 300, True), (6, 40, 600, True),
])
def test_product_steps_by_the_formula(a: int, b: int, bits: int, both_big: bool) -> None:
    assert _product_steps(a, b, bits, both_big) == pytest.approx(_product(a, b, bits, both_big),
                                                                 rel=1e-12)


def test_product_steps_packed_when_many_pairs_of_long_lists() -> None:
    """10 x 10 values: 100 pairs, both longer than 4: packed (4 * 10**1.6 + 2400)."""
    assert _product_steps(10, 10, 0) == pytest.approx(4 * 10**1.6 + 120 * 20 + 300)
    assert _product_steps(5, 13, 0) == pytest.approx(4 * 13**1.6 + 120 * 18 + 300)


@settings(max_examples=60)
@given(st.integers(1, 80), st.integers(1, 80), st.integers(0, 3000), st.booleans())
def test_product_steps_any(a: int, b: int, bits: int, both_big: bool) -> None:
    assert _product_steps(a, b, bits, both_big) == pytest.approx(_product(a, b, bits, both_big),
                                                                 rel=1e-12)


# -- closed_explosion_steps: the closed form of one end face -------------------------

def _closed(n: int, sides: int, hit: int, total: int | None) -> float | None:
    """``most`` explosions: ``(MAX_DICE * s) // h`` without a total, else those below
    it (``(total - N * low) // h``, ``low`` the least face that stands); per count one
    sum of ``N + 1`` terms of ``60 + 3 * words`` steps (``s**(N + most)`` the largest),
    ``20`` per die and explosion, 2000 around it; ``None`` beyond ``MAX_TERMS``."""
    low = 2 if hit == 1 else 1
    most = (MAX_DICE * sides) // hit if total is None else max(0, (total - n * low) // hit)
    terms = (most + 1) * (n + 1)
    if terms > 20_000:
        return None
    words = ((n + most) * sides.bit_length()) // 60 + 1
    return terms * (60 + 3 * words) + (most + n) * 20 + 2000


def test_closed_explosion_steps_written_out() -> None:
    """``3d6!`` below 20: (20 - 3) // 6 = 2 explosions, 3 * 4 terms of 63 steps."""
    assert closed_explosion_steps(_term("3d6!"), 20) == 12 * 63 + 5 * 20 + 2000
    # every total: MAX_DICE explosions, (1001 * 4) terms, s**1003 is 51 words
    assert closed_explosion_steps(_term("3d6!")) == 4004 * (60 + 3 * 51) + 1003 * 20 + 2000


@pytest.mark.parametrize(("text", "hit", "totals"), [
    ("3d6!", 6, [None, 0, 3, 8, 9, 20, 21, 100, 400, 2000]),
    ("1d6!", 6, [None, 1, 7, 50, 1000]),
    ("2d4e1", 1, [1, 4, 5, 9, 10, 200]),
    ("10d20!", 20, [None, 10, 30, 31, 500, 4000]),
    ("5d10e1", 1, [10, 11, 40, 300]),
    ("12d3!", 3, [None, 30, 100, 5000]),
    ("19d2!", 2, [19, 100, 2000]),
])
def test_closed_explosion_steps_by_the_formula(text: str, hit: int,
                                               totals: list[int | None]) -> None:
    node = _term(text)
    for total in totals:
        assert closed_explosion_steps(node, total) == _closed(node.count, node.sides, hit,
                                                              total), total


@pytest.mark.parametrize("node", [
    _dice(3, 6, _op("e", ("=", 3))),                 # a middle face
    _dice(3, 6, _op("e", (">=", 5))),                # two faces
    _dice(3, 6, _op("e", ("<=", 2))),                # two faces at the low end
    _dice(3, 6, _op("e", ("=", 6), depth=3)),        # a depth
    _dice(3, 6, _op("e", ("h", 1))),                 # by rank
    _dice(3, 6, _op("e", ("=", 6)), _op("k", ("h", 2))),
    _dice(0, 6, _op("e", ("=", 6))),
    _dice(3, 1, _op("e", ("=", 1))),                 # one face: nothing stands
    _dice(3, 6, _op("r", ("=", 6))),
])
def test_closed_explosion_steps_does_not_answer(node: Dice) -> None:
    assert closed_explosion_steps(node) is None
    assert closed_explosion_steps(node, 30) is None


def test_closed_explosion_steps_beyond_max_terms() -> None:
    """``20d2!``: 2001 counts of explosions times 21 terms is beyond 20 000."""
    assert closed_explosion_steps(_term("20d2!")) is None
    assert closed_explosion_steps(_term("20d2!"), 60) == _closed(20, 2, 2, 60)


# -- one_face_explosion and one_face_steps -------------------------------------------

@pytest.mark.parametrize(("node", "expected"), [
    # 6s explode twice at most: 1..5, 6 + 1..5, 12 + 1..5, 18: 1..18
    (_dice(2, 6, _op("e", ("=", 6), depth=2)), (17, 16, 6, 2)),
    # 1s explode: 2..6, 1 + 2..6, 2 + 1..6 (the last stands): 2..8
    (_dice(2, 6, _op("e", ("=", 1), depth=2)), (6, 16, 1, 2)),
    (_dice(2, 6, _op("e", ("<", 2), depth=2)), (6, 16, 1, 2)),
    # 3s explode once: 1..6 or 3 + 1..6: 1..9
    (_dice(2, 6, _op("e", ("=", 3), depth=1)), (8, 11, 3, 1)),
    (_dice(2, 6, _op("e", ("=", 3), depth=0)), (5, 6, 3, 0)),
    (_dice(2, 4, _op("e", (">", 3), depth=3)), (15, 13, 4, 3)),
])
def test_one_face_explosion_written_out(node: Dice, expected: tuple[int, int, int, int]) -> None:
    assert one_face_explosion(node.ops, node.sides, node.count) == expected


@pytest.mark.parametrize("node", [
    _dice(2, 1, _op("e", ("=", 1), depth=2)),
    _dice(2, 6, _op("e", (">=", 5), depth=2)),
    _dice(2, 6, _op("e", ("h", 1), depth=2)),
    _dice(2, 6, _op("r", ("=", 6))),
    _dice(2, 6, _op("e", ("=", 6)), _op("k", ("h", 1))),
])
def test_one_face_explosion_other_terms(node: Dice) -> None:
    assert one_face_explosion(node.ops, node.sides, node.count) is None
    assert one_face_steps(node) is None


def _quotient(n: int, sides: int, hit: int, depth: int) -> tuple[float, int, int]:
    """The docstring's *quotient*: Miller's recurrence over ``(d + 2) * s`` values of
    the numerator, ``2 * s`` terms each, then ``N`` divisions; ``30 + words`` a step,
    the numerator's weights ``N * ((d + 2) * face bits + 2)`` bits."""
    face_bits = sides.bit_length()
    w = n * ((depth + 2) * face_bits + 2) // 60 + 1
    low = 2 if hit == 1 else 1
    high = max(depth * hit + (sides - 1 if hit == sides else sides), (depth + 1) * hit)
    count = n * (high - low) + 1
    miller = (n * (depth + 2) * sides + 1) * 2 * sides * (30 + w)
    divisions = n * (count + n * hit) * (30 + w)
    return miller + divisions + 50 * sides + 20_000, count, n * (sides ** (depth + 1)).bit_length()


def test_one_face_steps_quotient_written_out() -> None:
    """``2d6!@2``: 24 values of the numerator, 1 word; 35 values of the sum."""
    _, quotient, count, bits = one_face_steps(_dice(2, 6, _op("e", ("=", 6), depth=2))) \
        or (0, 0, 0, 0)
    assert (quotient, count, bits) == (49 * 12 * 31 + 2 * 47 * 31 + 300 + 20_000, 35, 16)


@pytest.mark.parametrize(("n", "sides", "face", "depth"), [
    (2, 6, 6, 2), (2, 6, 1, 2), (3, 6, 3, 1), (27, 10, 10, 3), (30, 10, 10, 3),
    (26, 10, 10, 3), (50, 20, 20, 5), (8, 6, 6, 4), (4, 8, 1, 6), (13, 12, 5, 2),
    (100, 6, 6, 10), (61, 2, 2, 7),
])
def test_one_face_steps_quotient_by_the_formula(n: int, sides: int, face: int,
                                                depth: int) -> None:
    node = _dice(n, sides, _op("e", ("=", face), depth=depth))
    found = one_face_steps(node)
    assert found is not None
    assert found[1:] == _quotient(n, sides, face, depth)


# -- explosion_rounds: the depth rule ------------------------------------------------

def _rounds(n: int, hits: int, sides: int) -> int:
    """The least ``d`` with ``n * (hits / s)**(d + 1) <= 1e-12`` (exactly), at most
    the limit."""
    d = 0
    while d < MAX_EXPLODE_DEPTH and n * hits ** (d + 1) * 10**12 > sides ** (d + 1):
        d += 1
    return d


@pytest.mark.parametrize(("n", "hits", "sides"), [
    (1, 1, 6), (3, 1, 6), (1000, 1, 6), (1, 5, 6), (10, 9, 10), (1, 1, 2), (7, 1, 2),
    (1, 1, 10**6), (5, 1, 10**6), (1, 1, 10**12), (2, 1, 10**12), (1, 1, 10**13),
    (1, 99, 100), (1000, 99, 100), (1, 1, 1000), (1, 1, 1001), (1, 1, 999),
    (1, 1, 100), (10, 1, 100), (100, 1, 10), (3, 2, 3), (1, 1, 4), (4, 1, 4),
    (8, 5, 100_000),  # the logarithms guess 3 (float rounding), 2 suffice (beyond MAX_SIDES)
    (10**5, 1, 10**17 - 1),  # they guess 0 (s rounds up to 1e17 as a float), 1 is needed
])
def test_explosion_rounds_is_the_least_depth(n: int, hits: int, sides: int) -> None:
    op = _op("e", ("<=", hits))
    assert explosion_rounds(op, n, sides) == _rounds(n, hits, sides)


@settings(max_examples=80)
@given(st.integers(0, 1000), st.integers(2, 10**7), st.data())
def test_explosion_rounds_any(n: int, sides: int, data: st.DataObject) -> None:
    hits = data.draw(st.integers(1, min(sides - 1, 50)))
    op = _op("e", (">", sides - hits))
    assert explosion_rounds(op, n, sides) == _rounds(max(n, 1), hits, sides)


def test_explosion_rounds_edges() -> None:
    assert explosion_rounds(_op("e", (">=", 1)), 3, 6) == MAX_EXPLODE_DEPTH
    assert explosion_rounds(_op("e", ("<=", 9)), 3, 6) == MAX_EXPLODE_DEPTH
    assert explosion_rounds(_op("e", ("=", 7)), 3, 6) == 0
    assert explosion_rounds(_op("e", ("=", 6), depth=4), 3, 6) == 4
    assert explosion_rounds(_op("e", ("=", 6), depth=0), 3, 6) == 0
    # by rank: the sum of the ranks rises at most (s - 1) times, plus one round
    assert explosion_rounds(_op("e", ("h", 1)), 3, 6) == 6
    assert explosion_rounds(_op("e", ("h", 2)), 3, 6) == 11
    assert explosion_rounds(_op("e", ("h", 30)), 3, 6) == MAX_EXPLODE_DEPTH
    assert explosion_rounds(_op("e", ("h", 1), ("=", 6)), 3, 6) == MAX_EXPLODE_DEPTH


# -- routes --------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("4d6kh3kh2", "ranks"),       # keeping a run of the highest: ranks
    ("4d6kl3kl2", "ranks"),
    ("4d6ph1ph1", "ranks"),
    ("4d6kh3kl2", "pool"),        # ranks 1 and 2 of 4: not a run from an end
    ("4d6kh1kl1", "pool"),        # a union of highest and lowest: ties decide
    ("4d6kh1kh1", "ranks"),
    ("4d6kh4ph4", "ranks"),       # none kept
    ("3d6!kh2", "explode_keep"),
    ("3d6!kh2kh1", "pool"),
    ("3d6kh2", "keep"),
    ("3d6k>2", "tables"),
    ("3d6ra6", "ra"),
    ("0d6kh2", "empty"),
    ("3d6", "plain"),
])
def test_route_by_the_rule(text: str, expected: str) -> None:
    assert route(_term(text)) == expected


def test_explode_keep_shape_edges() -> None:
    assert explode_keep_shape(_dice(0, 6, _op("e", ("=", 6)), _op("k", ("h", 1)))) is None
    assert explode_keep_shape(_dice(1, 6, _op("e", ("=", 6)), _op("k", ("h", 1)))) == \
        (True, True, 1)
    assert explode_keep_shape(_dice(3, 6, _op("e", ("=", 6)), _op("p", ("l", 2)))) == \
        (False, False, 2)
    assert explode_keep_shape(_dice(3, 6, _op("e", ("=", 6)), _op("k", ("h", 0)))) is None


@pytest.mark.parametrize(("selectors", "sides", "expected"), [
    ([(">", 0)], 6, [(1, 6)]), ([(">=", 0)], 6, [(1, 6)]), ([("<", 9)], 6, [(1, 6)]),
    ([("<=", 0)], 6, []), ([(">", 6)], 6, []), ([("=", 0)], 6, []),
    ([("<", 3), (">", 4)], 6, [(1, 2), (5, 6)]), ([(">", 2), ("<", 3)], 6, [(1, 2), (3, 6)]),
    ([("=", 1), ("=", 2)], 6, [(1, 1), (2, 2)]), ([("<=", 2), ("=", 2)], 6, [(1, 2)]),
    ([("<=", 3), (">=", 2)], 6, [(1, 3), (4, 6)]), ([("=", 1)], 1, [(1, 1)]),
    ([("<", 1)], 6, []), ([("h", 2), ("=", 3)], 6, [(3, 3)]),
])
def test_selected_ranges_runs(selectors: list[tuple[str, int]], sides: int,
                              expected: list[tuple[int, int]]) -> None:
    assert selected_ranges(_op("k", *selectors), sides) == expected


def test_multisets_edges() -> None:
    assert multisets(0, 0) == 1.0
    assert multisets(2, 0) == 0.0
    assert multisets(3, 1) == 1.0
    assert multisets(3, 6) == comb(8, 3)
    assert multisets(10**6, 10**6) == inf
    assert MAX_STATES == 200_000


# -- explode_keep_steps: the bound of exploding, then keeping the highest or lowest R --

def _explode_keep(n: int, sides: int, exploding: list[int], keeping: bool, top: bool, r: int,
                  depth: int) -> float:
    """The docstring of ``explode_keep_steps``, term by term: per threshold face (and
    one beyond them all) the chain's rounds, each a grid of at most ``r * (r + 1)``
    cells times a die; the powers of the chains without near dice by squaring (two
    products of the largest size, plus ``R - 1`` products), those with near dice
    (pairs of cells below ``R`` near dice) and their products; 8000 per threshold."""
    face_bits = sides.bit_length()
    hits = len(exploding)
    # thresholds with at least ``edge`` near faces have every exploding face near
    edge = 0 if not exploding else sides - min(exploding) + 1 if top else max(exploding)
    chain_bits = (depth + 1) * face_bits + 8
    bits = (depth + 1) * n * face_bits + n.bit_length() + 8
    most = min(r - 1, n)
    grid = r * (r + 1)
    per_cell = min(3, sides) + min(3, hits)

    def one(w: int, equal: int, long: bool) -> float:
        short = w >= edge and not long
        rounds = min(r, depth + 1) if short else depth + 1
        chain = 0.0
        for k in range(rounds):
            if keeping:
                size, die = min(k, r - 1) * w + 1, max(w, 1)
            else:
                size, die = k * sides + 1, sides
            run = min(grid, (k + 1) * (k + 2) // 2) if hits > 1 else 1
            chain += run * per_cell * _product(size, die, chain_bits)
        others = n * sides + 1 if short else n * (depth + 1) * sides + 1
        near, rest = ((r - 1) * w + 1, 1) if keeping else (others, others)
        counts = min(r, equal * max(1, r - 1)) + 1
        rest_cells = min(r, equal * n) + 1
        near_cells = max(1, (r - 1) * counts)
        near_pairs = (r - 1) * (r - 2) // 2 * counts**2
        powers = rest_cells**2 * (2 * _product(rest, rest, bits, True)
                                  + most * _product(rest, rest, bits))
        near_powers = most * (near_pairs * _product(near, near, most * chain_bits + 8)
                              + near_cells**2 * 20)
        products = (most + 1) * near_cells * rest_cells * _product(near, rest, bits)
        return chain + powers + near_powers + products \
            + (most + 1) * grid * near * (30 + bits // 60) + 8000

    total = one(sides, 0, False) + 30_000
    runs: list[list[int]] = []
    for f in sorted(exploding):
        if runs and runs[-1][-1] == f - 1:
            runs[-1].append(f)
        else:
            runs.append([f])
    for run in runs:
        total += len(run) * one(sides - run[0] if top else run[-1] - 1, r, True)
    # thresholds with 0 .. sides - 1 near faces, in groups up to twice as many, each
    # at its largest count, the groups broken at the edge
    low = 0
    while low < sides:
        high = min(sides - 1, max(low, 2 * low))
        if low < edge:
            high = min(high, edge - 1)
        total += (high - low + 1) * one(high, 1, False)
        low = high + 1
    return total


def _faces(kind: str, value: int, sides: int) -> list[int]:
    return [f for f in range(1, sides + 1)
            if {"=": f == value, ">": f > value, "<": f < value, ">=": f >= value,
                "<=": f <= value}[kind]]


EXPLODE_KEEP = [
    # n, sides, (kind, value), depth, keep op, (h/l, R)
    (4, 6, ("=", 6), 2, "k", ("h", 3)),
    (4, 6, ("=", 6), 2, "k", ("l", 3)),
    (3, 6, ("=", 1), 3, "p", ("l", 1)),
    (3, 6, ("=", 1), 3, "p", ("h", 1)),
    (2, 20, (">=", 19), 4, "k", ("l", 1)),
    (2, 20, (">=", 19), 4, "k", ("h", 1)),
    (5, 8, (">", 6), 2, "k", ("h", 2)),
    (5, 8, ("<=", 2), 2, "p", ("h", 2)),
    (5, 8, ("<=", 2), 2, "k", ("l", 4)),
    (3, 10, ("=", 10), 1, "k", ("h", 3)),
    (6, 6, (">=", 4), 3, "p", ("l", 3)),
    (6, 6, (">=", 4), 3, "k", ("h", 5)),
    (3, 4, ("=", 4), 0, "k", ("h", 2)),
    (3, 12, ("=", 7), 2, "k", ("h", 2)),
    (3, 12, ("=", 7), 2, "p", ("l", 2)),
    (2, 6, ("=", 9), 2, "k", ("h", 1)),       # no face explodes
    (1, 6, ("=", 6), 5, "k", ("h", 1)),
    (2, 100, (">", 90), 1, "k", ("h", 2)),
    (7, 3, ("=", 3), 2, "p", ("h", 6)),
    # bit counts at a word's edge (60 bits): chain bits 60 (13 rounds of 4-bit faces),
    # weights of 59 bits, and near chains' bits of 60 (2 chains) or 59 (3)
    (2, 10, ("=", 10), 12, "k", ("h", 1)),
    (1, 20, ("=", 20), 9, "k", ("h", 1)),
    (2, 10, ("=", 10), 10, "k", ("h", 2)),
    (3, 6, ("=", 6), 2, "k", ("h", 4)),
    (2, 6, ("=", 6), 5, "k", ("h", 3)),
]


@pytest.mark.parametrize(("n", "sides", "exploding", "depth", "keep", "selector"), EXPLODE_KEEP)
def test_explode_keep_steps_by_the_formula(n: int, sides: int, exploding: tuple[str, int],
                                           depth: int, keep: str,
                                           selector: tuple[str, int]) -> None:
    node = _dice(n, sides, _op("e", exploding, depth=depth), _op(keep, selector))
    expected = _explode_keep(n, sides, _faces(*exploding, sides), keep == "k",
                             selector[0] == "h", selector[1], depth)
    assert explode_keep_steps(node) == pytest.approx(expected, rel=1e-12)


def test_explode_keep_steps_without_depth_follows_the_rounds() -> None:
    node = _term("4d6!kh3")
    expected = _explode_keep(4, 6, [6], True, True, 3, _rounds(4, 1, 6))
    assert explode_keep_steps(node) == pytest.approx(expected, rel=1e-12)


def test_explode_keep_steps_of_other_terms() -> None:
    assert explode_keep_steps(_term("4d6kh3")) == inf
    assert explode_keep_steps(_term("4d6!kh3kl1")) == inf


def test_pool_steps_of_outcomes_past_the_limit_mid_explosion() -> None:
    """``1d4!>=3`` without a depth: half the faces explode for dozens of rounds, and the
    outcomes still exploding pass ``MAX_STATES`` on the way ("inf when the outcomes
    could pass MAX_STATES"), even though the steps so far are finite."""
    assert pool_steps(_dice(1, 4, _op("e", (">=", 3)))) == inf
    assert pool_steps(_dice(1, 4, _op("e", (">=", 3), depth=3))) < inf
