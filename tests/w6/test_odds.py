"""W6 odds against a brute-force oracle over every face, and properties."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

from hypothesis import given
from hypothesis import strategies as st

from regelwerk.dice import ScriptedRandomSource
from regelwerk.systems.w6 import Pool, advise, complex_probe, contest, probe


def is_success(face: int) -> bool:
    # "Als Erfolg gilt hierbei jeder Würfel, der eine Fünf oder eine Sechs zeigt."
    return face >= 5


def exactly(dice: int, successes: int) -> Fraction:
    """Binomial: each die is an Erfolg with chance 2/6."""
    return comb(dice, successes) * Fraction(1, 3) ** successes * Fraction(2, 3) ** (
        dice - successes)


def at_least(dice: int, required: int) -> Fraction:
    return sum((exactly(dice, k) for k in range(required, dice + 1)), Fraction(0))


def splits(dice: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(dice,)]
    return [(first, *rest) for first in range(dice + 1) for rest in splits(dice - first,
                                                                            parts - 1)]


def split_chance(split: tuple[int, ...], required: list[int]) -> Fraction:
    chance = Fraction(1)
    for dice, needed in zip(split, required, strict=True):
        chance *= at_least(dice, needed)
    return chance


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
def test_advice_is_the_best_binding_split(dice: int, required: list[int]) -> None:
    # "auf die der Spieler die ihm zur Verfügung stehenden Würfel schon vor dem ersten Wurf
    # verbindlich aufteilen muss" — the advice is a split with the best chance of all
    advice = advise(dice, required)
    best = max(split_chance(s, required) for s in splits(dice, len(required)))
    assert advice.probability == best
    assert split_chance(advice.split, required) == best
    assert sum(advice.split) == dice


pools = st.builds(Pool, st.integers(0, 30), st.integers(0, 3), st.integers(-5, 5),
                  st.integers(0, 15), st.integers(0, 5))


@given(pools, st.integers(1, 6))
def test_probe_properties(pool: Pool, required: int) -> None:
    assert pool.dice >= 0
    result = probe(pool, ScriptedRandomSource([6] * pool.dice), required)
    assert result.probability == at_least(pool.dice, required)
    # "Die Anzahl der erreichten Erfolge kann dabei Aufschluss über die Qualität des
    # Gelingens geben" — quality: Erfolge above (or below) those required
    assert dict(result.quality_probabilities) == {
        k - required: exactly(pool.dice, k) for k in range(pool.dice + 1)}
    assert result.judgement.passed == (pool.dice >= required)


@given(pools, pools, st.sampled_from(["tie", "a", "b"]))
def test_contest_odds_match_binomials(a: Pool, b: Pool, tie: str) -> None:
    result = contest(a, b, ScriptedRandomSource([3] * (a.dice + b.dice)), tie)  # type: ignore[arg-type]
    # "derjenige, der mehr Erfolge erreicht, gewinnt"; ties go where the table says
    chances = {"a": Fraction(0), "b": Fraction(0), "tie": Fraction(0)}
    pa = [exactly(a.dice, i) for i in range(a.dice + 1)]
    pb = [exactly(b.dice, j) for j in range(b.dice + 1)]
    for i, p in enumerate(pa):
        for j, q in enumerate(pb):
            side = "a" if i > j else "b" if j > i else tie
            chances[side] += p * q
    assert result.probabilities == chances
