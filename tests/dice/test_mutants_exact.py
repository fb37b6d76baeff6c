"""``regelwerk.dice.exact`` (sums, operators, a roll's own chances) against rules
written out over the faces (``tests/dice/faces.py``, ``tests/oracle.py``): the
cases its mutants showed untested (docs/mutation.md).  The rules: "Totals are
exact: ``/`` gives a fraction … and only the final total is made whole, by
cutting toward zero" and "Explosions without a depth limit are followed until
the probability cut off is at most 10⁻¹²" (docs/notation.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import cost, distribution, parse
from regelwerk.dice.exact import distribution_of, roll_chances, roll_chances_all
from regelwerk.dice.exact_explode import explosion_chances
from regelwerk.dice.nodes import Dice
from regelwerk.errors import LimitExceeded
from tests.dice.faces import chances, cut_off, exploding_chances, highest, lowest, rolled
from tests.oracle import outcomes

BIG = 10**18 + 1
"""Beyond a float's 53 bits: a value read back through a float would lose its last 1."""


def exact(expression: str) -> dict[int, Fraction]:
    """regelwerk's exact distribution, as probabilities by total."""
    return dict(distribution(expression).distribution.items())


def test_totals_beyond_float_precision_stay_exact() -> None:
    # (1d2/2 + 10**18 + 1) * 1: the halves are cut toward zero only at the end
    odds = exact("(1d2/2 + 1000000*1000000*1000000 + 1) * 1")
    assert odds == outcomes(lambda d: int((Fraction(d(2), 2) + BIG) * 1))
    assert odds == {BIG: Fraction(1, 2), BIG + 1: Fraction(1, 2)}


@pytest.mark.parametrize(("expression", "rule"), [
    ("1d2/2+1", lambda d: int(Fraction(d(2), 2) + 1)),
    ("1d4/2+1", lambda d: int(Fraction(d(4), 2) + 1)),
    ("1d4/2-3", lambda d: int(Fraction(d(4), 2) - 3)),
    ("1d6/4+1d2", lambda d: int(Fraction(d(6), 4) + d(2))),
    ("3+1d4/2", lambda d: int(3 + Fraction(d(4), 2))),
])
def test_a_fraction_plus_a_whole_number(expression: str, rule: object) -> None:
    assert exact(expression) == outcomes(rule)  # type: ignore[arg-type]


def test_two_exploding_terms_each_count_their_cut_off() -> None:
    # each term is followed until what it leaves out is below 1e-12; the sum misses
    # a total when either term does
    six, four = cut_off(1, 6, 1), cut_off(1, 4, 1)
    assert six == Fraction(1, 6**16)
    assert four == Fraction(1, 4**20)
    assert distribution("1d6!").cut_off == six
    assert distribution("1d6!+1d4!").cut_off == 1 - (1 - six) * (1 - four)
    assert distribution("2d6!").cut_off == 1 - (1 - six) ** 2


def test_equal_exploding_terms_are_two_rolls_with_two_cut_offs() -> None:
    # equal terms are computed once, but each is rolled on its own
    six = cut_off(1, 6, 1)
    assert distribution("1d6!+1d6!").cut_off == 1 - (1 - six) ** 2
    assert distribution("(1d6!+1)*(1d6!+1)").cut_off == 1 - (1 - six) ** 2
    assert distribution("1d6!+1d4+1d6!+1d6!").cut_off == 1 - (1 - six) ** 3
    # the first 1d6! is computed after 1d4! has cut off its part: its own part is six
    four = cut_off(1, 4, 1)
    assert distribution("1d4!+1d6!+1d6!").cut_off == 1 - (1 - four) * (1 - six) ** 2
    assert distribution("1d6+1d6").cut_off == 0


def test_the_budget_of_a_sum_and_of_an_operator() -> None:
    # a sum of two dice and a product each cost something: no budget, no odds
    with pytest.raises(LimitExceeded):
        distribution_of(parse("1d6+1d4"), limit=0)
    with pytest.raises(LimitExceeded):
        distribution_of(parse("1d6*1d4"), limit=0)
    # exactly the budget the one product needs is enough, one step less is not
    needed = cost.combine_cost(6, 4)
    assert dict(distribution_of(parse("1d6*1d4"), limit=needed).distribution.items()) == \
        outcomes(lambda d: d(6) * d(4))
    with pytest.raises(LimitExceeded):
        distribution_of(parse("1d6*1d4"), limit=needed - 1)


# -- a roll's own chances: P(total or more), P(exactly total) ------------------------

RULES = {
    "3d6": lambda d: sum(rolled(d, 3, 6)),
    "(3d6)": lambda d: sum(rolled(d, 3, 6)),
    "1d6": lambda d: d(6),
    "3d6+2": lambda d: sum(rolled(d, 3, 6)) + 2,
    "3d6-2": lambda d: sum(rolled(d, 3, 6)) - 2,
    "2d6*2": lambda d: sum(rolled(d, 2, 6)) * 2,
    "2d6//2": lambda d: sum(rolled(d, 2, 6)) // 2,
    "2d6+1d4": lambda d: sum(rolled(d, 2, 6)) + d(4),
    "2d4+1d4": lambda d: sum(rolled(d, 2, 4)) + d(4),
    "1d6-1d4": lambda d: d(6) - d(4),
    "4d6kh3": lambda d: highest(rolled(d, 4, 6), 3),
    "4d6kh3+1": lambda d: highest(rolled(d, 4, 6), 3) + 1,
    "3d6kl1-2": lambda d: lowest(rolled(d, 3, 6), 1) - 2,
    "4d4kh2": lambda d: highest(rolled(d, 4, 4), 2),
    "3d4mi2+1": lambda d: sum(max(f, 2) for f in rolled(d, 3, 4)) + 1,
    "1d4/2": lambda d: int(Fraction(d(4), 2)),
    "(2d4+1)/2": lambda d: int(Fraction(sum(rolled(d, 2, 4)) + 1, 2)),
    "0d6+3": lambda d: 3,
}


@pytest.mark.parametrize("expression", sorted(RULES))
def test_a_rolls_chances_every_total(expression: str) -> None:
    odds = outcomes(RULES[expression])
    totals = list(range(min(odds) - 2, max(odds) + 3))
    expected = [chances(odds, t) for t in totals]
    tree = parse(expression)
    assert roll_chances_all(tree, totals) == expected
    assert [roll_chances(tree, t) for t in totals] == expected


@pytest.mark.parametrize(("expression", "count", "sides", "faces", "offset"), [
    ("2d6!", 2, 6, {6}, 0),
    ("2d6!+3", 2, 6, {6}, 3),
    ("2d6!-1", 2, 6, {6}, -1),
    ("3d4e1", 3, 4, {1}, 0),
    ("2d6e>=5", 2, 6, {5, 6}, 0),
    ("2d6e>=5+1", 2, 6, {5, 6}, 1),
    ("1d4e<3-2", 1, 4, {1, 2}, -2),
    ("1d4e2", 1, 4, {2}, 0),
    ("2d6e7", 2, 6, set(), 0),   # no face explodes
])
def test_a_rolls_chances_of_exploding_dice_are_exact(expression: str, count: int, sides: int,
                                                      faces: set[int], offset: int) -> None:
    # the chance of the rolled total needs only the totals below it: exact, no cut-off
    tree = parse(expression)
    totals = list(range(count - 2 + offset, count + 13 + offset))
    expected = [exploding_chances(count, sides, faces.__contains__, t - offset)
                for t in totals]
    assert roll_chances_all(tree, totals) == expected
    assert roll_chances(tree, count + offset) == (Fraction(1), expected[2][1])


@pytest.mark.parametrize(("expression", "rule"), [
    ("2d6ro6", lambda d: sum(f if f != 6 else d(6) for f in rolled(d, 2, 6))),
    ("2d4e4@1", lambda d: sum(f + (d(4) if f == 4 else 0) for f in rolled(d, 2, 4))),
    ("2d6k6", lambda d: sum(f for f in rolled(d, 2, 6) if f == 6)),
    ("0d6!", lambda d: 0),
    ("0d6!+2", lambda d: 2),
])
def test_a_rolls_chances_of_other_terms(expression: str, rule: object) -> None:
    # none of these is one explosion on one end face without a depth limit
    odds = outcomes(rule)  # type: ignore[arg-type]
    totals = list(range(min(odds) - 2, max(odds) + 3))
    assert roll_chances_all(parse(expression), totals) == [chances(odds, t) for t in totals]


def test_a_rolls_chance_after_ten_thousand_explosions_is_exact() -> None:
    # 1d2e1: a 1 explodes, a 2 stands; 10 001 is 9 999 ones and a 2
    assert roll_chances(parse("1d2e1"), 10_001) == (Fraction(1, 2**9999), Fraction(1, 2**10_000))


@pytest.mark.parametrize(("expression", "count", "sides", "faces", "offset", "total"), [
    ("1d2!+1", 1, 2, {2}, 1, 84),      # 41 twos and a 1: beyond the 40 dice followed
    ("1d4e2", 1, 4, {2}, 0, 50),       # 23 twos and a 4: beyond the 20 dice followed
    ("1d4e2-1", 1, 4, {2}, -1, 47),
])
def test_a_rolls_chance_beyond_the_rounds_the_distribution_follows(
        expression: str, count: int, sides: int, faces: set[int], offset: int,
        total: int) -> None:
    expected = exploding_chances(count, sides, faces.__contains__, total - offset)
    assert expected[1] > 0
    assert roll_chances(parse(expression), total) == expected
    assert distribution(expression).distribution.probability(total) == 0


def test_the_closed_form_of_explosions_stops_at_20000_binomial_terms() -> None:
    # MAX_TERMS: (explosions that fit + 1) × (dice + 1) terms at most; beyond, the
    # bounded algorithms answer
    one, two = parse("1d2e1"), parse("2d2e1")
    assert isinstance(one, Dice)
    assert isinstance(two, Dice)
    assert explosion_chances(one, 10_001) is not None  # 10 000 explosions: 20 000 terms
    assert explosion_chances(one, 10_002) is None      # 10 001 explosions: 20 002
    assert explosion_chances(two, 6669) is not None    # 6666 × 3 = 19 998 terms
    assert explosion_chances(two, 6670) is None        # 6667 × 3 = 20 001
