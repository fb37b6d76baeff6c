"""Exact distributions (regelwerk.odds.Distribution) against sums and counts written out
here: plain loops over every face, binomial coefficients from their definition."""

from __future__ import annotations

from fractions import Fraction
from math import factorial

import pytest

from regelwerk.errors import LimitExceeded
from regelwerk.odds import Distribution
from tests.oracle import outcomes, roll


def ways_of_sums(dice: int, sides: int) -> dict[int, int]:
    """How many face sequences make each sum, by adding one die at a time."""
    counts = {0: 1}
    for _ in range(dice):
        step: dict[int, int] = {}
        for total, n in counts.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + n
        counts = step
    return counts


@pytest.mark.parametrize("times", [0, 1, 2, 3, 5])
def test_repeat_of_a_d6_is_the_sum_of_every_face(times: int) -> None:
    assert dict(Distribution.die(6).repeat(times).items()) == outcomes(
        lambda d: sum(roll(d, times, 6)))


@pytest.mark.parametrize(("dice", "sides"), [(3, 100), (2, 1000), (9, 20)])
def test_large_sums_take_the_packed_path_and_stay_exact(dice: int, sides: int) -> None:
    total = Distribution.die(sides).repeat(dice)
    assert total.denominator == sides**dice
    assert total.weights == ways_of_sums(dice, sides)


def test_sum_of_different_dice() -> None:
    two = Distribution.die(4) + Distribution.die(10)
    assert dict(two.items()) == outcomes(lambda d: d(4) + d(10))
    big = Distribution.die(200) + Distribution.die(3)
    assert dict(big.items()) == outcomes(lambda d: d(200) + d(3))


def test_reading_a_distribution_at_its_boundaries() -> None:
    d6 = Distribution.die(6)
    assert d6.at_least(1) == 1
    assert d6.at_least(6) == Fraction(1, 6)
    assert d6.at_least(7) == 0
    assert d6.at_least(0) == 1
    assert d6.probability(0) == 0
    assert d6.probability(6) == Fraction(1, 6)
    assert d6.probability_where(lambda v: v % 2 == 0) == Fraction(1, 2)
    assert d6.mean() == Fraction(7, 2)
    assert d6.support == (1, 2, 3, 4, 5, 6)
    assert d6.mass == 1
    # the smallest value v with P(X ≤ v) ≥ 1/2
    assert d6.median() == 3
    assert Distribution({1: 1, 2: 1}).median() == 1
    assert Distribution({1: 1, 2: 2}).median() == 2
    assert Distribution({1: 1, 2: 1, 3: 2}).median() == 2
    assert Distribution.constant(-4).median() == -4


def test_binomial_from_its_definition() -> None:
    def choose(n: int, k: int) -> int:
        return factorial(n) // (factorial(k) * factorial(n - k))

    b = Distribution.binomial(5, 2, 6)
    assert b.denominator == 6**5
    assert b.weights == {k: choose(5, k) * 2**k * 4 ** (5 - k) for k in range(6)}
    assert Distribution.binomial(0, 2, 6) == Distribution.constant(0)
    assert Distribution.binomial(3, 6, 6) == Distribution.constant(3)


def test_map_combine_and_mixed() -> None:
    d6 = Distribution.die(6)
    assert dict(d6.map(lambda v: v // 2).items()) == outcomes(lambda d: d(6) // 2)
    assert dict(d6.combine(Distribution.die(4), max).items()) == outcomes(
        lambda d: max(d(6), d(4)))
    half = Distribution({1: 1}, 2)
    other = Distribution({1: 1, 2: 1}, 4)
    mixed = half.mixed(other)
    assert dict(mixed.items()) == {1: Fraction(3, 4), 2: Fraction(1, 4)}
    assert mixed.mass == 1
    assert Distribution({3: 1}, 4).mass == Fraction(1, 4)


def test_construction_and_equality() -> None:
    assert Distribution.uniform([1, 1, 2]).items() == [(1, Fraction(2, 3)), (2, Fraction(1, 3))]
    assert Distribution({2: 0, 1: 3}, 3).weights == {1: 3}
    assert Distribution({5: 2, 1: 2}) == Distribution({1: 1, 5: 1})
    assert Distribution({5: 2, 1: 2}) != Distribution({1: 1, 5: 2})
    assert hash(Distribution({1: 2}, 4)) == hash(Distribution({1: 1}, 2))
    assert Distribution.die(2) != "d2"
    for weights, denominator in [({1: 3}, 2), ({1: -1, 2: 2}, 2), ({1: 1}, 0)]:
        with pytest.raises(ValueError, match="non-negative"):
            Distribution(weights, denominator)
    assert Distribution({1: 2}, 2).mass == 1


def test_repeat_refuses_too_much_work_before_doing_it() -> None:
    with pytest.raises(LimitExceeded, match="too large to compute exactly"):
        Distribution.die(1000).repeat(1000)
    assert Distribution.die(1000).repeat(1) == Distribution.die(1000)
    # two d6: 2·5 + 1 values of 2·3 bits each
    two = Distribution.die(6) + Distribution.die(6)
    assert Distribution.die(6).repeat(2, work=11 * 2 * 3) == two
    with pytest.raises(LimitExceeded):
        Distribution.die(6).repeat(2, work=11 * 2 * 3 - 1)


def plain_sum(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return dict(sorted(out.items()))


def test_heavy_weights_do_not_spill_into_the_next_value() -> None:
    # nine values each, one of them with a weight of 2^20: the sum at 0 weighs 2^40
    heavy = {0: 2**20, **dict.fromkeys(range(1, 9), 1)}
    other = {0: 2**20 + 3, **dict.fromkeys(range(2, 10), 5)}
    total = Distribution(heavy) + Distribution(other)
    assert total.weights == plain_sum(heavy, other)
    assert total.denominator == sum(heavy.values()) * sum(other.values())
    shifted = Distribution({v + 7: w for v, w in heavy.items()}) + Distribution(
        {v - 3: w for v, w in other.items()})
    assert shifted.weights == {v + 4: w for v, w in plain_sum(heavy, other).items()}


def test_sums_beyond_the_span_limit_are_refused() -> None:
    # the packed sum holds span_a · span_b ≤ 4 · 200 000² slots
    def spread(top: int) -> Distribution:
        return Distribution({**dict.fromkeys(range(8), 1), top: 1})

    wide = spread(399_999)
    assert (wide + wide).support[-1] == 2 * 399_999
    with pytest.raises(LimitExceeded, match="too large to compute exactly"):
        spread(400_000) + wide


def test_combining_at_most_a_million_pairs() -> None:
    thousand = Distribution.uniform(range(1000))
    assert thousand.combine(thousand, lambda a, b: 0) == Distribution.constant(0)
    with pytest.raises(LimitExceeded, match="at most 1000000 value pairs"):
        thousand.combine(Distribution.uniform(range(1001)), lambda a, b: 0)


def test_denominators_and_representation() -> None:
    assert Distribution.uniform([1, 1, 2]).denominator == 3
    assert Distribution.uniform([4]).denominator == 1
    with pytest.raises(ValueError, match="non-negative"):
        Distribution({}, 0)
    assert (Distribution.die(2) == "d2") is False
    assert repr(Distribution({1: 1, 2: 3})) == "Distribution({1: 1/4, 2: 3/4})"


def test_outcomes_of_a_roll_procedure_and_its_branch_limit() -> None:
    from regelwerk.odds.enumerate import MAX_BRANCHES
    from regelwerk.odds.enumerate import outcomes as procedure_outcomes

    assert procedure_outcomes(lambda source: source.roll(2) + source.roll(3)) == outcomes(
        lambda d: d(2) + d(3))
    # reroll a 1 once: the second die is asked for only on a 1
    assert procedure_outcomes(lambda s: (lambda f: s.roll(4) if f == 1 else f)(s.roll(4))) == {
        1: Fraction(1, 16), 2: Fraction(5, 16), 3: Fraction(5, 16), 4: Fraction(5, 16)}
    assert procedure_outcomes(lambda source: 7) == {7: 1}
    # one die of k faces tries k + 1 sequences (the empty one and each face)
    assert MAX_BRANCHES == 200_000
    assert len(procedure_outcomes(lambda source: source.roll(MAX_BRANCHES - 1))) == (
        MAX_BRANCHES - 1)
    with pytest.raises(LimitExceeded, match="too many dice outcomes"):
        procedure_outcomes(lambda source: source.roll(MAX_BRANCHES))


def test_repeat_checks_its_work_only_for_two_or_more() -> None:
    # one copy is the distribution itself, whatever the work bound
    assert Distribution.die(1000).repeat(1, work=5) == Distribution.die(1000)
    # a constant: one value of one bit per copy
    assert Distribution.constant(5).repeat(2, work=2) == Distribution.constant(10)
    with pytest.raises(LimitExceeded):
        Distribution.constant(5).repeat(2, work=1)


def test_keeping_too_many_of_too_many_dice_is_refused_at_once() -> None:
    from regelwerk.dice import distribution

    # 100 faces · 1000 dice · 101 kept is far above what is computed exactly
    with pytest.raises(LimitExceeded) as refused:
        distribution("1000d100kh101")
    assert refused.value.code == "limit_exceeded"
