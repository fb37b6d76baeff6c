"""The dice package loads exact distributions on first use, and names nothing else."""

import pytest

import regelwerk.dice as dice


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nonsense'"):
        dice.nonsense  # noqa: B018
    assert not hasattr(dice, "nonsense")


def test_distribution_is_found_on_first_use() -> None:
    from fractions import Fraction

    odds = dice.distribution("1d2")
    assert (odds.expression, dict(odds.distribution.items())) == (
        "1d2", {1: Fraction(1, 2), 2: Fraction(1, 2)})
