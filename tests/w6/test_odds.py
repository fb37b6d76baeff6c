"""W6 odds against a brute-force oracle over every face, and properties."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from regelwerk.dice import ScriptedRandomSource
from regelwerk.systems.w6 import Pool, advise, complex_probe, contest, probe
from regelwerk.systems.w6.advice import enumerate_splits
from regelwerk.systems.w6.probe import is_success


def brute_pass(dice: int, required: int) -> Fraction:
    outcomes = list(product(range(1, 7), repeat=dice))
    good = sum(1 for o in outcomes if sum(map(is_success, o)) >= required)
    return Fraction(good, len(outcomes))


def test_probe_odds_match_brute_force() -> None:
    for dice in range(0, 6):
        for required in range(1, 5):
            result = probe(Pool(dice), ScriptedRandomSource([1] * dice), required)
            assert result.probability == brute_pass(dice, required), (dice, required)


def test_complex_odds_match_brute_force() -> None:
    result = complex_probe(Pool(5), [3, 2], [1, 1], ScriptedRandomSource([1] * 5))
    outcomes = list(product(range(1, 7), repeat=5))
    good = sum(1 for o in outcomes
               if sum(map(is_success, o[:3])) >= 1 and sum(map(is_success, o[3:])) >= 1)
    assert result.probability == Fraction(good, len(outcomes))


def test_contest_odds_match_brute_force() -> None:
    result = contest(Pool(3), Pool(2), ScriptedRandomSource([1] * 5))
    outcomes = list(product(range(1, 7), repeat=5))
    wins = {"a": 0, "b": 0, "tie": 0}
    for o in outcomes:
        a, b = sum(map(is_success, o[:3])), sum(map(is_success, o[3:]))
        wins["a" if a > b else "b" if b > a else "tie"] += 1
    assert result.probabilities == {k: Fraction(v, len(outcomes)) for k, v in wins.items()}


@given(st.integers(0, 14), st.lists(st.integers(1, 4), min_size=2, max_size=4))
def test_advice_equals_plain_enumeration(dice: int, required: list[int]) -> None:
    advice = advise(dice, required)
    split, chance = enumerate_splits(dice, required)
    assert advice.probability == chance
    assert advice.split == split
    assert sum(advice.split) == dice


pools = st.builds(Pool, st.integers(0, 30), st.integers(0, 3), st.integers(-5, 5),
                  st.integers(0, 15), st.integers(0, 5))


@given(pools, st.integers(1, 6))
def test_probe_properties(pool: Pool, required: int) -> None:
    assert pool.dice >= 0
    result = probe(pool, ScriptedRandomSource([6] * pool.dice), required)
    assert 0 <= result.probability <= 1
    assert sum(p for _, p in result.quality_probabilities) == 1
    assert result.judgement.passed == (pool.dice >= required)


@given(pools, pools, st.sampled_from(["tie", "a", "b"]))
def test_contest_outcomes_sum_to_one(a: Pool, b: Pool, tie: str) -> None:
    result = contest(a, b, ScriptedRandomSource([3] * (a.dice + b.dice)), tie)  # type: ignore[arg-type]
    assert sum(result.probabilities.values()) == 1
    assert all(0 <= p <= 1 for p in result.probabilities.values())
