"""Keeping the highest *and* the lowest in one operator (``4d6kh1kl1``, d20's union
of selectors): a die is kept once even when both selectors take it, which happens
when faces tie.  d20 sorts the kept dice by value (stable: equal faces stay in
rolling order) and takes the first N of the descending resp. ascending order, so
on a tie both selectors take the earliest die: ``2d2kh1kl1`` rolling 2, 2 is 2,
not 4.  The oracle below writes that rule out and enumerates every face."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource, clear_cache, roll
from regelwerk.dice.exact import distribution


def _kept_total(faces: tuple[int, ...], high: int, low: int) -> int:
    order = list(range(len(faces)))
    by_high = sorted(order, key=lambda i: faces[i], reverse=True)[:high]
    by_low = sorted(order, key=lambda i: faces[i])[:low]
    return sum(faces[i] for i in set(by_high) | set(by_low))


def _oracle(dice: int, sides: int, high: int, low: int) -> dict[int, Fraction]:
    counts = Counter(_kept_total(f, high, low)
                     for f in itertools.product(range(1, sides + 1), repeat=dice))
    return {total: Fraction(n, sides**dice) for total, n in counts.items()}


@pytest.mark.parametrize(("dice", "sides", "high", "low"), [
    (2, 2, 1, 1), (3, 3, 1, 1), (4, 3, 2, 1), (3, 4, 1, 2), (4, 4, 2, 2), (5, 2, 1, 1)])
def test_highest_and_lowest_share_a_tied_die(dice: int, sides: int, high: int,
                                             low: int) -> None:
    clear_cache()
    expression = f"{dice}d{sides}kh{high}kl{low}"
    expected = _oracle(dice, sides, high, low)
    assert dict(distribution(expression).distribution.items()) == expected
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        assert roll(expression, ScriptedRandomSource(faces)).total == \
            _kept_total(faces, high, low), faces


def test_two_equal_dice_are_one_die_to_both_selectors() -> None:
    assert roll("2d2kh1kl1", ScriptedRandomSource([2, 2])).total == 2
    assert roll("2d2kh1kl1", ScriptedRandomSource([1, 2])).total == 3
    # rerolling 1s (until none) leaves two 2s: kept once
    assert dict(distribution("2d2r1kh1kl1").distribution.items()) == {2: Fraction(1)}
