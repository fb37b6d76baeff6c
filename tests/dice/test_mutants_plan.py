"""The route of a dice term's exact odds (``regelwerk.dice.plan``), checked against
oracles written out here: faces counted one by one, one die's values followed by
brute force with exact fractions, ranks kept on dice of distinct faces, and the
explosion depth rule of the module ("the depth, else until less than 1e-12 of the
chance is left"). No oracle calls the code under test."""

from __future__ import annotations

from fractions import Fraction
from math import comb, inf, log, log2

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.dice import parse
from regelwerk.dice.nodes import Dice, Operation, Selector
from regelwerk.dice.plan import (
    explosion_rounds,
    forward,
    kept_ranks,
    multisets,
    pool_steps,
    route,
    selected_faces,
)

VALUE_KINDS = ("=", ">", "<", ">=", "<=")


def _matches(kind: str, value: int, face: int) -> bool:
    """A value selector, as docs/notation.md describes it."""
    return {"=": face == value, ">": face > value, "<": face < value,
            ">=": face >= value, "<=": face <= value}.get(kind, False)


def _selected(selectors: list[tuple[str, int]], face: int) -> bool:
    return any(_matches(kind, value, face) for kind, value in selectors)


def _op(name: str, *selectors: tuple[str, int], depth: int | None = None) -> Operation:
    return Operation(name, tuple(Selector(k, v) for k, v in selectors), depth)  # type: ignore[arg-type]


selector_lists = st.lists(
    st.tuples(st.sampled_from((*VALUE_KINDS, "h", "l")), st.integers(-1, 14)),
    min_size=1, max_size=4)


# -- selected_faces: how many faces the value selectors select -----------------------

@settings(max_examples=60)
@given(selector_lists, st.integers(1, 12))
def test_selected_faces_counts_the_faces_one_by_one(
        selectors: list[tuple[str, int]], sides: int) -> None:
    expected = sum(1 for f in range(1, sides + 1) if _selected(selectors, f))
    assert selected_faces(_op("k", *selectors), sides) == expected


@pytest.mark.parametrize(("selectors", "sides", "expected"), [
    ([("=", 6)], 6, 1), ([("=", 7)], 6, 0), ([("=", 0)], 6, 0), ([("=", 1)], 1, 1),
    ([(">", 5)], 6, 1), ([(">", 6)], 6, 0), ([(">", 0)], 6, 6), ([(">=", 6)], 6, 1),
    ([(">=", 1)], 6, 6), ([(">=", 7)], 6, 0), ([("<", 2)], 6, 1), ([("<", 1)], 6, 0),
    ([("<", 7)], 6, 6), ([("<=", 1)], 6, 1), ([("<=", 0)], 6, 0), ([("<=", 9)], 6, 6),
    ([(">=", 3), ("<=", 4)], 6, 6), ([(">=", 4), ("<=", 3)], 6, 6),
    ([(">=", 5), ("<=", 2)], 6, 4), ([(">", 4), ("=", 5)], 6, 2),
    ([("=", 2), ("=", 2)], 6, 1), ([("=", 2), ("=", 3)], 6, 2), ([("=", 3), ("=", 2)], 6, 2),
    ([("<=", 3), (">=", 3)], 6, 6), ([("<=", 4), ("<=", 2)], 6, 4),
    ([("h", 3)], 6, 0), ([("h", 3), ("=", 1)], 6, 1),
])
def test_selected_faces_at_the_edges(selectors: list[tuple[str, int]], sides: int,
                                     expected: int) -> None:
    assert selected_faces(_op("k", *selectors), sides) == expected


# -- forward: one die's values through value operations ------------------------------

def _one_die(ops: list[tuple[str, list[tuple[str, int]]]],
             sides: int) -> dict[int | None, Fraction]:
    """One die's value (None: dropped) with its chance: ro rerolls once (any face),
    rr rerolls until a face it does not select (each such face equally likely)."""
    chances: dict[int | None, Fraction] = {f: Fraction(1, sides) for f in range(1, sides + 1)}
    for name, sels in ops:
        new: dict[int | None, Fraction] = {}
        for value, p in chances.items():
            outcomes: list[tuple[int | None, Fraction]]
            if value is None:
                outcomes = [(None, p)]
            elif name == "ro" and _selected(sels, value):
                outcomes = [(f, p / sides) for f in range(1, sides + 1)]
            elif name == "rr" and _selected(sels, value):
                stops = [f for f in range(1, sides + 1) if not _selected(sels, f)]
                outcomes = [(f, p / len(stops)) for f in stops]
            elif name == "k":
                outcomes = [(value if _selected(sels, value) else None, p)]
            elif name == "p":
                outcomes = [(None if _selected(sels, value) else value, p)]
            elif name == "mi":
                outcomes = [(max(value, sels[-1][1]), p)]
            elif name == "ma":
                outcomes = [(min(value, sels[-1][1]), p)]
            else:
                outcomes = [(value, p)]
            for v, q in outcomes:
                new[v] = new.get(v, Fraction(0)) + q
        chances = new
    return chances


value_ops = st.lists(st.one_of(
    st.tuples(st.sampled_from(("ro", "rr", "k", "p")),
              st.lists(st.tuples(st.sampled_from(VALUE_KINDS), st.integers(0, 9)),
                       min_size=1, max_size=2)),
    st.tuples(st.sampled_from(("mi", "ma")),
              st.lists(st.tuples(st.just("="), st.integers(1, 9)), min_size=1, max_size=1)),
), max_size=4)


@settings(max_examples=60)
@given(value_ops, st.integers(1, 8))
def test_forward_follows_one_die_through_its_value_operations(
        ops: list[tuple[str, list[tuple[str, int]]]], sides: int) -> None:
    ops = [(name, sels) for name, sels in ops
           if name != "rr" or not all(_selected(sels, f) for f in range(1, sides + 1))]
    chances = _one_die(ops, sides)
    denominator = sides
    for name, sels in ops:
        if name == "ro":
            denominator *= sides
        elif name == "rr":
            denominator *= sum(1 for f in range(1, sides + 1) if not _selected(sels, f))
    weights = forward(tuple(_op(name, *sels) for name, sels in ops), sides)
    assert {v: Fraction(w, denominator) for v, w in weights.items() if w} == \
        {v: p for v, p in chances.items() if p}
    assert sum(weights.values()) == denominator


def test_forward_of_a_known_chain() -> None:
    """1d4ro1 then rr4 then mi2 then p3 (weights over 4 × 4 × 3 = 48): 1 comes back
    as any face; a 4 is rolled again until 1–3; mi2 lifts 1 to 2; 3 is dropped."""
    ops = (_op("ro", ("=", 1)), _op("rr", ("=", 4)), _op("mi", ("=", 2)), _op("p", ("=", 3)))
    # after ro1: 1: 1, 2: 5, 3: 5, 4: 5 (over 16); after rr4 (over 48) each of 1..3
    # keeps 3 times its weight and gains the 4's 5: 1: 8, 2: 20, 3: 20
    assert forward(ops, 4) == {2: (1 * 3 + 5) + (5 * 3 + 5), None: 5 * 3 + 5}


# -- kept_ranks: keep/drop by rank ----------------------------------------------------

def _kept_by_faces(ops: list[tuple[str, list[tuple[str, int]]]], dice: int) -> list[int]:
    """Dice of distinct faces (die r shows dice - r, so that it has rank r), kept and
    dropped as d20 does: each selector picks among the dice still kept."""
    faces = {r: dice - r for r in range(dice)}
    kept = set(faces)
    for name, sels in ops:
        chosen: set[int] = set()
        for kind, count in sels:
            live = sorted(kept, key=lambda r: faces[r], reverse=kind == "h")
            chosen.update(live[:count])
        kept = kept & chosen if name == "k" else kept - chosen
    return sorted(kept)


rank_ops = st.lists(st.tuples(
    st.sampled_from(("k", "p")),
    st.lists(st.tuples(st.sampled_from(("h", "l")), st.integers(0, 7)), min_size=1, max_size=2),
), min_size=1, max_size=3)


@settings(max_examples=60)
@given(rank_ops, st.integers(0, 7))
def test_kept_ranks_are_those_dice_of_distinct_faces_keep(
        ops: list[tuple[str, list[tuple[str, int]]]], dice: int) -> None:
    assert kept_ranks(tuple(_op(n, *s) for n, s in ops), dice) == _kept_by_faces(ops, dice)


@pytest.mark.parametrize(("ops", "dice", "expected"), [
    ([("k", [("h", 3)])], 4, [0, 1, 2]), ([("k", [("l", 1)])], 4, [3]),
    ([("p", [("l", 1)])], 4, [0, 1, 2]), ([("p", [("h", 1)])], 4, [1, 2, 3]),
    ([("k", [("h", 5)])], 4, [0, 1, 2, 3]), ([("p", [("l", 5)])], 4, []),
    ([("k", [("h", 0)])], 4, []), ([("k", [("h", 1), ("l", 1)])], 4, [0, 3]),
    ([("k", [("h", 3)]), ("p", [("l", 1)])], 4, [0, 1]),
    ([("k", [("h", 3)]), ("p", [("h", 1)])], 4, [1, 2]),
])
def test_kept_ranks_at_the_edges(ops: list[tuple[str, list[tuple[str, int]]]], dice: int,
                                 expected: list[int]) -> None:
    assert kept_ranks(tuple(_op(n, *s) for n, s in ops), dice) == expected


# -- route ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "way"), [
    ("0d6", "empty"), ("0d6kh1", "empty"), ("1d6", "plain"), ("3d6", "plain"),
    ("4d6kh3", "keep"), ("4d6pl1", "keep"), ("4d6kl1", "keep"), ("4d6ph1", "keep"),
    ("4d6kh3kl1", "pool"),  # one keep with two selectors: a union of highest and lowest
    ("4d6k>3", "tables"), ("4d6p1", "tables"), ("8d6!", "tables"), ("4d6ro1", "tables"),
    ("4d6rr1cs>=5", "tables"), ("4d6mi2ma5", "tables"),
    ("4d6ro1kh3", "ranks"), ("4d6ro1kl3", "ranks"), ("4d6mi2kh1", "ranks"),
    ("4d6ro1kh4", "ranks"), ("4d6ro1kh0", "ranks"), ("4d6ro1kh3pl1", "ranks"),
    ("4d6ro1pl1", "ranks"), ("4d6ro1ph1", "ranks"), ("4d6kh3ro1", "ranks"),
    ("4d6kh3!", "ranks"), ("4d6p>6kh3", "ranks"),
    ("4d6ro1kh3ph1", "pool"), ("4d6ro1ph1pl1", "pool"),
    ("4d6k>2kh3", "pool"), ("4d6p1kh3", "pool"),
    ("4d6ra6", "ra"), ("4d6ro1ra6", "ra"), ("4d6ra6kh3", "pool"), ("4d6ra6!", "ra"),
    ("4d6!kh3", "pool"), ("4d6!>5kh1", "pool"), ("4d6kh1kl1", "pool"),
    ("4d6kh3k>5", "pool"), ("4d6ro1kh2ro1", "ranks"),
    ("4d6roh1", "pool"), ("4d6eh1", "pool"), ("4d6cs>5", "tables"), ("4d6kh3cs>5", "ranks"),
])
def test_each_term_takes_its_route(text: str, way: str) -> None:
    """The module's list: empty, plain, one keep by rank, value operations only,
    value operations around a run of ranks, one ra, else every sorted outcome."""
    tree = parse(text)
    assert isinstance(tree, Dice)
    assert route(tree) == way


def _chain(count: int, then: Operation) -> Dice:
    rerolls = tuple(_op("ro" if i % 2 else "rr", ("=", 1)) for i in range(count))
    return Dice(1, 10_000, ops=(*rerolls, then))


def test_route_looks_at_values_up_to_200000_faces_times_operations() -> None:
    """Up to faces × operations before the rank = 200,000 the route follows a die's
    values; one operation more and it takes every sorted outcome."""
    keep = _op("k", ("h", 1))
    assert route(_chain(20, keep)) == "ranks"
    assert route(_chain(21, keep)) == "pool"


def test_a_keep_by_value_that_keeps_every_face_leaves_the_ranks() -> None:
    """k<=6 on a d6 drops no die, so the ranks that follow see every die."""
    keep_all = _op("k", ("<=", 6))
    assert route(Dice(4, 6, ops=(keep_all, _op("k", ("h", 3))))) == "ranks"
    assert route(Dice(4, 6, ops=(_op("k", ("<=", 5)), _op("k", ("h", 3))))) == "pool"


def test_two_ra_operations_take_every_sorted_outcome() -> None:
    assert route(Dice(4, 6, ops=(_op("ra", ("=", 6)),))) == "ra"
    assert route(Dice(4, 6, ops=(_op("ra", ("=", 6)), _op("ra", ("=", 5))))) == "pool"
    assert route(Dice(4, 6, ops=(_op("ra", ("=", 6)), _op("k", ("h", 2))))) == "pool"


# -- explosion_rounds ------------------------------------------------------------------

def _rounds_by_the_rule(dice: int, hits: int, sides: int) -> int:
    """The first round d after which less than 1e-12 of the chance is left for any of
    max(dice, 1) dice to explode again: n · (hits / sides)^(d+1) ≤ 1e-12; at most 100."""
    n = max(dice, 1)
    for d in range(101):
        if Fraction(n * hits ** (d + 1), sides ** (d + 1)) <= Fraction(1, 10**12):
            return d
    return 100


@settings(max_examples=50)
@given(st.integers(0, 50), st.integers(2, 30), st.data())
def test_explosion_rounds_by_value_follow_the_rule(dice: int, sides: int,
                                                   data: st.DataObject) -> None:
    low = data.draw(st.integers(2, sides + 1))
    hits = sides - low + 1
    op = _op("e", (">=", low))
    assert explosion_rounds(op, dice, sides) == _rounds_by_the_rule(dice, max(hits, 0), sides)


@pytest.mark.parametrize(("op", "dice", "sides", "expected"), [
    (_op("e", ("=", 6), depth=3), 4, 6, 3),
    (_op("e", ("=", 6), depth=0), 4, 6, 0),
    (_op("e", ("h", 1)), 4, 6, 6),  # rank 1: 1 · (6 − 1) + 1
    (_op("e", ("h", 2)), 4, 6, 11),
    (_op("e", ("h", 1), ("l", 2)), 4, 6, 16),
    (_op("e", ("h", 30)), 4, 6, 100),
    (_op("e", ("h", 1)), 4, 1, 1),
    (_op("e", ("h", 1), ("=", 6)), 4, 6, 100),  # a rank and a value: the most allowed
    (_op("e", (">", 6)), 4, 6, 0),
    (_op("e", ("=", 7)), 4, 6, 0),
    (_op("e", ("=", 2)), 1, 2, 39),  # (1/2)^40 ≤ 1e-12 < (1/2)^39
    (_op("e", ("=", 2)), 0, 2, 39),
    (_op("e", ("=", 2)), 2, 2, 40),
    (_op("e", ("=", 10)), 1, 10, 11),  # (1/10)^12 ≤ 1e-12: exactly at the edge
    (_op("e", ("=", 10)), 2, 10, 12),
    (_op("e", (">=", 2)), 1, 1000, 100),  # 999/1000 a round: the cap
])
def test_explosion_rounds_at_the_edges(op: Operation, dice: int, sides: int,
                                       expected: int) -> None:
    assert explosion_rounds(op, dice, sides) == expected


# -- multisets: sorted outcomes of dice ------------------------------------------------

@pytest.mark.parametrize(("dice", "faces"), [
    (1, 1), (1, 6), (3, 6), (4, 20), (10, 10), (500, 499), (2, 997), (997, 2), (0, 5),
])
def test_multisets_count_sorted_outcomes(dice: int, faces: int) -> None:
    """(dice + faces − 1 choose dice): exact below a thousand."""
    assert multisets(dice, faces) == float(comb(dice + faces - 1, dice))


@pytest.mark.parametrize(("dice", "faces"), [
    (500, 500), (999, 1), (1, 999), (600, 401), (1000, 3), (2000, 50), (60, 1000),
])
def test_multisets_of_many_dice_are_near_the_count(dice: int, faces: int) -> None:
    assert multisets(dice, faces) == pytest.approx(float(comb(dice + faces - 1, dice)),
                                                   rel=1e-9)


def test_multisets_of_nothing_and_beyond_a_float() -> None:
    assert multisets(0, 0) == 1.0
    assert multisets(-1, 6) == 1.0
    assert multisets(1, 0) == 0.0
    assert multisets(3, -2) == 0.0
    assert multisets(1, 1) == 1.0


def _pair_with_log(low: float, high: float) -> tuple[int, int]:
    """Dice and faces (both over 500) whose count's natural log is in [low, high)."""
    for dice in range(500, 2000):
        for faces in range(500, 2000):
            found = log(comb(dice + faces - 1, dice))
            if found >= high:
                break
            if found >= low:
                return dice, faces
    raise AssertionError("no pair")


def test_multisets_beyond_e_to_the_700_are_infinite() -> None:
    below = _pair_with_log(699.0, 699.9)
    above = _pair_with_log(700.1, 701.0)
    assert multisets(*below) == pytest.approx(float(comb(sum(below) - 1, below[0])), rel=1e-9)
    assert multisets(*above) == float("inf")


# -- pool_steps: the fallback's bound, written out from its rule -------------------------
# Each sorted outcome costs 700 steps and 40 a die, times (1 + bits / 256) for its
# weights; an operation sorts its selectors × dice × (log2(dice) + 1) × 8; a reroll
# branches each outcome into the sorted outcomes of the dice it may reroll, which
# then merge into at most the distinct outcomes of the pool (a face and kept or not).

def _outcome(dice: int, bits: int) -> float:
    return (700 + 40 * dice) * (1 + bits / 256)


def _sort(selectors: int, dice: int) -> float:
    return selectors * dice * (log2(dice) + 1) * 8


def _pool(text: str) -> float:
    tree = parse(text)
    assert isinstance(tree, Dice)
    assert route(tree) == "pool"
    return pool_steps(tree)


def test_the_fallback_of_keeping_by_rank() -> None:
    """4d6kh1kl1: 126 sorted outcomes of 4d6, then one keep of two selectors."""
    start = 126 * (700 + 40 * 4)
    assert _pool("4d6kh1kl1") == start + 126 * (700 + 40 * 4 + _sort(2, 4))
    assert _pool("4d6mi2kh3ph1") == start + 3 * 126 * (860 + _sort(1, 4))


def test_the_fallback_of_rerolls() -> None:
    """4d6ro1kh3ph1: each of the 126 outcomes branches into the 126 of four rerolled
    dice (ro may reroll every die; its faces are all six), which merge into the
    C(15, 4) = 1365 outcomes of four dice of a face and kept or not."""
    start = 126 * (700 + 40 * 4)
    reroll = 126 * 126 * _outcome(4, 24) + 126 * _sort(1, 4)
    keeps = 2 * 1365 * (860 + _sort(1, 4)) * (1 + 24 / 256)
    assert _pool("4d6ro1kh3ph1") == pytest.approx(start + reroll + keeps, rel=1e-12)
    # rr1: the rerolled dice show one of five faces, C(8, 4) = 70 sorted outcomes
    reroll = 126 * 70 * _outcome(4, 24) + 126 * _sort(1, 4)
    keeps = 2 * 1365 * (860 + _sort(1, 4)) * (1 + 24 / 256)
    assert _pool("4d6rr1kh3ph1") == pytest.approx(start + reroll + keeps, rel=1e-12)
    # rerolling the lowest die: one die's 6 faces per outcome, 126 × 6 = 756 outcomes
    assert _pool("4d6rol1kh3ph1") == pytest.approx(
        start + 756 * _outcome(4, 15) + 126 * _sort(1, 4)
        + 2 * 756 * (860 + _sort(1, 4)) * (1 + 15 / 256), rel=1e-12)


def test_the_fallback_of_reroll_and_add() -> None:
    """4d6ra6kh3: 126 outcomes × 6 faces of the added die; the pool has five dice."""
    start = 126 * (700 + 40 * 4)
    added = 756 * (700 + 40 * 5) + 126 * _sort(1, 4)
    assert _pool("4d6ra6kh3") == pytest.approx(
        start + added + 756 * (700 + 40 * 5 + _sort(1, 5)), rel=1e-12)


def test_the_fallback_beyond_200000_outcomes_is_infinite() -> None:
    assert _pool("30d20kh1kl1") == inf  # C(49, 30) outcomes before the keep
    assert _pool("9d6kh1kl1") < inf  # C(14, 9) = 2002
    assert _pool("4d6eh1") == inf  # explosions by rank may go on for 16 rounds


def test_the_fallback_of_explosions_grows_with_depth_and_dice() -> None:
    depths = [_pool(f"4d6!@{d}kh3") for d in (1, 2, 3)]
    assert depths == sorted(depths)
    assert len(set(depths)) == 3
    assert _pool("3d6!@2kh3") < _pool("4d6!@2kh3") < _pool("5d6!@2kh3")
