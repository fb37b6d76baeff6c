"""The route of a dice term's exact odds (``regelwerk.dice.plan``), checked against
oracles written out here: faces counted one by one, one die's values followed by
brute force with exact fractions, ranks kept on dice of distinct faces, and the
explosion depth rule of the module ("the depth, else until less than 1e-12 of the
chance is left"). No oracle calls the code under test."""

from __future__ import annotations

from fractions import Fraction
from math import comb, exp, inf, lgamma, log, log2

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

@settings(max_examples=30)
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


@settings(max_examples=30)
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


def test_forward_of_one_value_operation() -> None:
    """A d4 through mi2 alone: 1 and 2 both become 2; through k>2: 1 and 2 dropped."""
    assert forward((_op("mi", ("=", 2)),), 4) == {2: 2, 3: 1, 4: 1}
    assert forward((_op("ma", ("=", 2)),), 4) == {1: 1, 2: 3}
    assert forward((_op("k", (">", 2)),), 4) == {None: 2, 3: 1, 4: 1}
    assert forward((_op("p", (">", 2)),), 4) == {1: 1, 2: 1, None: 2}
    assert forward((_op("ro", ("=", 4)),), 4) == {1: 5, 2: 5, 3: 5, 4: 1}
    assert forward((_op("rr", ("=", 4)),), 4) == {1: 4, 2: 4, 3: 4}
    assert forward((), 3) == {1: 1, 2: 1, 3: 1}


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


@settings(max_examples=30)
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
    ("4d6ro1kh3ph1", "pool"), ("4d6ro1ph1pl1", "pool"), ("4d6ro1kh2ph1", "pool"),
    ("4d6k>2kh3", "pool"), ("4d6p1kh3", "pool"),
    ("4d6ra6", "ra"), ("4d6ro1ra6", "ra"), ("4d6ra6kh3", "pool"), ("4d6ra6!", "ra"),
    ("4d6!kh3", "explode_keep"), ("4d6!>5kh1", "explode_keep"), ("4d6!pl1", "explode_keep"),
    ("4d6r1!kh3", "pool"), ("(4d6!kh3)kh2", "pool"), ("4d6!kh1kl1", "pool"),
    ("4d6!kh0", "pool"), ("4d6kh1kl1", "pool"),
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


def test_faces_times_operations_one_over_200000() -> None:
    """489 operations before the rank on a d409: 200,001, one over the limit."""
    rerolls = tuple(_op("ro" if i % 2 else "rr", ("=", 1)) for i in range(489))
    assert 489 * 409 == 200_001
    assert route(Dice(1, 409, ops=(*rerolls, _op("k", ("h", 1))))) == "pool"
    assert route(Dice(1, 409, ops=(*rerolls[:488], _op("k", ("h", 1))))) == "ranks"


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


@settings(max_examples=30)
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
    depths = [_pool(f"(4d6!@{d}kh3)kh3") for d in (1, 2, 3)]
    assert depths == sorted(depths)
    assert len(set(depths)) == 3
    assert _pool("(3d6!@2kh3)kh3") < _pool("(4d6!@2kh3)kh3") < _pool("(5d6!@2kh3)kh3")


def _ms(dice: int, faces: int) -> float:
    """Sorted outcomes of a few dice, as a float."""
    if dice <= 0:
        return 1.0
    return float(comb(dice + faces - 1, dice)) if faces > 0 else 0.0


def _explosion(states: float, dice: int, reach: int, sides: int, hits: int, rounds: int,
               by_value: bool, selectors: int, bits: int) -> tuple[float, float, int, int]:
    """One explosion of the fallback, by its rule: outcomes are counted round by round
    by how many of their dice explode in the coming round (by value: c of the dice
    show an exploding face, the others any of 2 × faces − hits kinds); an outcome
    whose dice stop, or that reaches the last round, ends; one that goes on branches
    into the faces of its c new dice, of which c2 explode again (by rank: one die
    goes on while it passes the face the round needs). Each outcome costs 700 steps,
    40 and a sort per die, times (1 + bits / 256). Afterwards (by value) the outcomes
    are at most those of the exploding faces rolled and the other dice."""
    todo = ({c: min(states, _ms(c, hits) * _ms(dice - c, 2 * sides - hits))
             for c in range(reach + 1)} if by_value else {reach: states})
    work, ended = 0.0, 0.0
    sort = selectors * (log2(dice + 1) + 1) * 8
    for r in range(rounds + 1):
        size = dice + r * reach
        per = (700 + 40 * size + sort * size) * (1 + bits / 256)
        following: dict[int, float] = {}
        for c, count in todo.items():
            if not count:
                continue
            if c == 0 or r == rounds:
                ended += count
                work += count * per
                continue
            branches = count * _ms(c, sides)
            work += branches * per
            if by_value:
                for again in range(c + 1):
                    ways = count * _ms(again, hits) * _ms(c - again, sides - hits)
                    if again:
                        following[again] = following.get(again, 0.0) + ways
                    else:
                        ended += ways
            else:
                passed = min(r + 1, sides) if c == 1 else 0
                going = count * (_ms(c, sides) - _ms(c, passed))
                following[c] = following.get(c, 0.0) + going
                ended += branches - going
        todo = following
        bits += reach * sides.bit_length()
        if not todo:
            break
    if by_value:
        ended = min(ended, _ms(reach * (rounds + 1), hits + 1) * _ms(dice, 2 * sides + 1))
    return work, ended, dice + rounds * reach, bits


@pytest.mark.parametrize(("text", "dice", "sides", "reach", "hits", "rounds", "by_value"), [
    ("3d6!@2kh1kl1", 3, 6, 3, 1, 2, True),
    ("2d6!>=5@3kh1kl1", 2, 6, 2, 2, 3, True),
    ("2d4!<2@1kh1kl1", 2, 4, 2, 1, 1, True),
    ("3d6!kh1kl1", 3, 6, 3, 1, 16, True),
    ("3d6eh1@2kh1kl1", 3, 6, 1, 0, 2, False),
    ("2d6eh1@4kh1kl1", 2, 6, 1, 0, 4, False),
    ("3d6eh2@1kh1kl1", 3, 6, 2, 0, 1, False),
])
def test_the_fallback_of_explosions(text: str, dice: int, sides: int, reach: int, hits: int,
                                    rounds: int, by_value: bool) -> None:
    states = _ms(dice, sides)
    bits = dice * sides.bit_length()
    start = states * (700 + 40 * dice)
    steps, after, most, bits = _explosion(states, dice, reach, sides, hits, rounds, by_value,
                                          1, bits)
    keep = after * (700 + 40 * most + _sort(2, most)) * (1 + bits / 256)
    assert _pool(text) == pytest.approx(start + steps + keep, rel=1e-12)


def test_multisets_from_a_thousand_on_come_from_log_gamma() -> None:
    """Below dice + faces = 1000 the count is exact; from 1000 on it is
    exp(lgamma(dice + faces) − lgamma(dice + 1) − lgamma(faces))."""
    assert multisets(1, 998) == 998.0
    assert multisets(1, 999) == exp(lgamma(1000) - lgamma(2) - lgamma(999)) != 999.0
    assert multisets(2, 998) == exp(lgamma(1000) - lgamma(3) - lgamma(998))


def test_the_fallback_of_rerolls_merges_into_distinct_outcomes() -> None:
    """4d20ro1kh3ph1: 8,855 outcomes branch into 8,855² and merge into the
    C(43, 4) = 123,410 outcomes of four dice of a face and kept or not; 6d20ro1kh1kl1:
    more than two million distinct outcomes, so the branches stand (beyond 200,000:
    infinite)."""
    start = 8855 * (700 + 40 * 4)
    reroll = 8855 * 8855 * _outcome(4, 40) + 8855 * _sort(1, 4)
    keeps = 2 * 123410 * (860 + _sort(1, 4)) * (1 + 40 / 256)
    assert _pool("4d20ro1kh3ph1") == pytest.approx(start + reroll + keeps, rel=1e-12)
    assert _pool("6d20ro1kh1kl1") == inf


def test_the_fallback_of_reroll_and_add_after_a_reroll() -> None:
    """4d6ro1ra6kh3: the reroll leaves 1,365 outcomes of weights of 24 bits; ra adds
    a die to each (8,190), which merge into at most 1,365 + C(16, 5) = 5,733."""
    start = 126 * (700 + 40 * 4)
    reroll = 126 * 126 * _outcome(4, 24) + 126 * _sort(1, 4)
    added = 1365 * 6 * _outcome(5, 24) + 1365 * _sort(1, 4)
    keep = 5733 * (700 + 40 * 5 + _sort(1, 5)) * (1 + 24 / 256)
    assert _pool("4d6ro1ra6kh3") == pytest.approx(start + reroll + added + keep, rel=1e-12)
