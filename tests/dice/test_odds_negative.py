"""Sums of distributions whose values lie below 0 (a penalty larger than the dice), by
the packed way of adding, against every pair of values added by hand."""

from __future__ import annotations

from regelwerk.odds import Distribution


def test_sums_of_values_below_zero_on_both_sides() -> None:
    # 2d6 − 10 and 1d10 − 20: 11 · 10 pairs, more than are added pair by pair
    low = {s - 10: 6 - abs(s - 7) for s in range(2, 13)}
    lower = {f - 20: 1 for f in range(1, 11)}
    expected: dict[int, int] = {}
    for x, wx in low.items():
        for y, wy in lower.items():
            expected[x + y] = expected.get(x + y, 0) + wx * wy
    total = Distribution(low) + Distribution(lower)
    assert total.weights == expected
    assert min(total.weights) == -27
    assert max(total.weights) == -8
    assert total.denominator == 36 * 10
