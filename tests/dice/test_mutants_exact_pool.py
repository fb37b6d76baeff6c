"""The small-pool fallback (``regelwerk.dice.exact_pool``: every sorted outcome) against
rules written out over the faces (``tests/dice/brute.py`` and ``tests/oracle.py``,
sharing no code with regelwerk): the cases its mutants showed untested.  The rules
(docs/notation.md): "``mi``: each kept die counts at least N", "``ma``: … at most
N", "``hN``/``lN`` pick by rank, ties going to the die rolled first", "Expressions
that cannot finish are refused before rolling", and "Explosions without a depth limit
are followed until the probability cut off is at most 10⁻¹²"."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice import cost, distribution, parse
from regelwerk.dice.exact import distribution_of
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import pool_steps, route
from regelwerk.errors import LimitExceeded
from tests.dice.brute import Pool
from tests.dice.brute import odds as brute_odds
from tests.dice.faces import chain
from tests.oracle import outcomes


def exact(expression: str) -> dict[int, Fraction]:
    """regelwerk's exact distribution, as probabilities by total."""
    return dict(distribution(expression).distribution.items())


def _term(expression: str) -> Dice:
    node = parse(expression)
    assert isinstance(node, Dice)
    return node


CASES = {
    # value operations where a union of highest and lowest sends the term here
    "3d4mi2kh1kl1": Pool(3, 4).op("mi", "2").op("k", "h1", "l1"),
    "3d4ma3kh1kl1": Pool(3, 4).op("ma", "3").op("k", "h1", "l1"),
    "3d4kh1kl1mi3": Pool(3, 4).op("k", "h1", "l1").op("mi", "3"),
    "3d4kh1kl1ma2": Pool(3, 4).op("k", "h1", "l1").op("ma", "2"),
    "3d4kh1kl1cs>=3": Pool(3, 4).op("k", "h1", "l1").op("cs", ">=3"),
    "3d4ro1kh1kl1": Pool(3, 4).op("ro", "1").op("k", "h1", "l1"),
    "3d4kh1kl1ra4": Pool(3, 4).op("k", "h1", "l1").op("ra", "4"),
    "3d4kh1kl1ra1": Pool(3, 4).op("k", "h1", "l1").op("ra", "1"),
    "3d4kh1kl1rr1": Pool(3, 4).op("k", "h1", "l1").op("rr", "1"),
    "3d4kh1kl1p2": Pool(3, 4).op("k", "h1", "l1").op("p", "2"),
    # explosions by rank, and before a keep by rank
    "2d4eh1": Pool(2, 4).op("e", "h1"),
    "3d3el1": Pool(3, 3).op("e", "l1"),
    "(2d4e4@2kh2)kh1": Pool(2, 4).op("e@2", "4").op("k", "h2").op("k", "h1"),
    "(2d4e4@1kl2)kl1": Pool(2, 4).op("e@1", "4").op("k", "l2").op("k", "l1"),
    "(2d4e4@2kh2)pl1": Pool(2, 4).op("e@2", "4").op("k", "h2").op("p", "l1"),
    "3d3ro3kh1kl1": Pool(3, 3).op("ro", "3").op("k", "h1", "l1"),
    # a second explosion: the dice that exploded in the first may explode again
    "2d3e3@1kh2e3@1": Pool(2, 3).op("e@1", "3").op("k", "h2").op("e@1", "3"),
}


@pytest.mark.parametrize("expression", sorted(CASES))
def test_a_pool_against_its_rule_over_every_face(expression: str) -> None:
    assert route(_term(expression)) == "pool"
    assert exact(expression) == brute_odds(CASES[expression])
    assert distribution(expression).cut_off == 0


def test_a_pool_explosion_without_depth_is_cut_at_most_1e_12() -> None:
    # 1d3!kl1: one die at a time explodes; the outcome still exploding after k rounds
    # has chance 3**-(k+1), followed until that is at most 1e-12: 3**-26 (3**-25 is not)
    assert Fraction(1, 3**25) > Fraction(1, 10**12) > Fraction(1, 3**26)
    odds = distribution("1d3!kl1")
    assert odds.cut_off == Fraction(1, 3**26)
    # the lowest of the chain's dice; the chain's last die stands
    assert dict(odds.distribution.items()) == outcomes(
        lambda d: min(chain(d, 3, lambda f: f == 3, 25)))
    # after 11 rounds the chance still exploding is exactly 10**-12: at most 1e-12, so
    # the chain stops there (docs/notation.md: the fewest rounds with N * p**(d+1) <= 1e-12),
    # on the pool route (parentheses) as on the route of explosions kept by rank
    assert distribution("(1d10!kh1)kl1").cut_off == Fraction(1, 10**12)
    assert distribution("1d10!kl1").cut_off == Fraction(1, 10**12)


def test_a_pool_explosion_that_never_ends_is_refused() -> None:
    # rerolling every face below 6 leaves only 6, and every 6 explodes
    with pytest.raises(LimitExceeded, match="endless"):
        distribution("2d6rr<6!kh1")
    # rerolling every face above 1 leaves only 1, and every 1 explodes
    with pytest.raises(LimitExceeded, match="endless"):
        distribution("2d6rr>1e1kh1")


@pytest.mark.parametrize(("expression", "odds"), [
    ("2d6!kh1", None),                   # sixes explode, the other faces stand
    ("2d6rr>1!kh1", {1: Fraction(1)}),   # only 1 stays, and 1 never explodes
    ("2d6rr<5e5kh1", None),               # 5 and 6 stay, and 6 does not explode
])
def test_a_pool_explosion_with_a_face_that_stands_is_answered(
        expression: str, odds: dict[int, Fraction] | None) -> None:
    found = distribution(expression)
    assert found.distribution.mass == 1
    if odds is not None:
        assert dict(found.distribution.items()) == odds


def test_the_bound_of_the_pool_is_checked_before_the_work() -> None:
    tree = _term("3d6ro1kh1kl1")
    bound = int(pool_steps(tree))
    assert distribution_of(tree, limit=bound).distribution.mass == 1
    with pytest.raises(LimitExceeded):
        distribution_of(tree, limit=bound - 1)


def test_the_pool_charges_each_sorted_outcome_it_follows() -> None:
    # 3d4kh1kl1: the C(6, 3) = 20 sorted outcomes of three d4, each 700 steps and 40 a
    # die (BRANCH_STEPS, DIE_STEPS) when rolled and again when kept; then the product
    # with 1d100, 40 steps a pair of values, must fit in what is left
    charged = 2 * 20 * (700 + 40 * 3)
    values = len(brute_odds(Pool(3, 4).op("k", "h1", "l1")))
    needed = charged + cost.combine_cost(values, 100)
    tree = parse("3d4kh1kl1*1d100")
    assert distribution_of(tree, limit=needed).distribution.mass == 1
    with pytest.raises(LimitExceeded):
        distribution_of(tree, limit=needed - 1)
