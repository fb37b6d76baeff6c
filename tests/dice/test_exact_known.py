"""Exact distributions: known values and rules written out over every face (tests/oracle.py)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from regelwerk.dice import distribution
from regelwerk.odds import Distribution
from tests.oracle import Draw, outcomes


@pytest.mark.parametrize(
    ("rerolled", "rule"),
    [("2d6r1", lambda d: d(5) + 1 + d(5) + 1), ("2d6r<3", lambda d: d(4) + 2 + d(4) + 2),
     ("3d4r>3", lambda d: d(3) + d(3) + d(3))],
)
def test_reroll_until_is_the_die_without_those_faces(rerolled: str,
                                                      rule: Callable[[Draw], int]) -> None:
    # rerolling until a face no longer matches leaves the other faces equally likely
    assert dict(distribution(rerolled).distribution.items()) == outcomes(rule)


def test_distribution_sums_to_one_and_mean() -> None:
    exact = distribution("4d6kh3")
    assert exact.distribution.mass == 1
    # 4d6 keep highest 3: mean 15869/1296 (a well known value)
    assert exact.mean == Fraction(15869, 1296)


def test_advantage_d20_mean() -> None:
    assert distribution("2d20kh1").mean == Fraction(553, 40)


def test_success_count_is_binomial() -> None:
    # each d6 shows 5 or 6 with chance 1/3
    exact = distribution("10d6cs>=5").distribution
    assert exact.probability(0) == Fraction(2, 3) ** 10
    assert exact.probability(10) == Fraction(1, 3) ** 10


def test_unlimited_explosion_reports_the_mass_cut_off() -> None:
    exact = distribution("1d6!")
    assert 0 < exact.cut_off < Fraction(1, 10**12)
    # the mean of an exploding d6 is 4.2; truncation moves it by less than 1e-9
    assert abs(exact.mean - Fraction(21, 5)) < Fraction(1, 10**9)
    assert exact.distribution.mass == 1


def test_explicit_depth_has_no_cut_off() -> None:
    exact = distribution("1d6!@1")
    assert exact.cut_off == 0
    assert exact.distribution.probability(12) == Fraction(1, 36)
    assert exact.distribution.probability(6) == 0


def test_large_pools_stay_exact_and_fast() -> None:
    exact = distribution("40d6cs>=5").distribution
    assert exact.mass == 1
    assert exact.probability(40) == Fraction(1, 3**40)
    kept = distribution("1000d6kh3").distribution
    assert kept.support[-1] == 18


def test_distribution_value_semantics() -> None:
    a = Distribution.die(6)
    assert a == Distribution.uniform(range(1, 7))
    assert hash(a) == hash(Distribution.uniform([1, 2, 3, 4, 5, 6]))
    assert (a + a).probability(7) == Fraction(1, 6)
    assert a.median() == 3
    assert a.at_least(5) == Fraction(1, 3)
    assert a.repeat(0) == Distribution.constant(0)
    with pytest.raises(ValueError, match="non-negative"):
        Distribution({1: 3}, 2)


def test_too_much_exact_arithmetic_is_refused_at_once() -> None:
    from regelwerk.errors import LimitExceeded

    with pytest.raises(LimitExceeded, match=r"about \d+ units of work, at most 5000000"):
        distribution("300d100")
