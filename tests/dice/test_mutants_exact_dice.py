"""One dice term's exact distribution (``regelwerk.dice.exact_dice``: keep by rank in
closed form, per-die tables, success counts, ``ra``) against rules written out
over the faces (``tests/dice/faces.py``, ``tests/oracle.py``): the cases its mutants
showed untested.  The rules are docs/notation.md's: "``kh3``: keep the three
highest", "``ra`` … when any die is selected, one more die joins (only one)",
"``cs`` … the term is the number of kept dice selected", "``@N`` allows at most N
rounds", and "Explosions without a depth limit are followed until the probability
cut off is at most 10⁻¹² (and at most 100 rounds)"."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from regelwerk.dice import cost, distribution, parse
from regelwerk.dice.exact import distribution_of, roll_chances_all
from regelwerk.dice.exact_dice import explosion_at_most, explosion_at_most_steps
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import tables_steps
from regelwerk.errors import LimitExceeded
from tests.dice.brute import Pool
from tests.dice.brute import odds as brute_odds
from tests.dice.faces import (
    capped_explosion,
    chain,
    chain_odds,
    chances,
    cut_off,
    highest,
    lowest,
    rolled,
    rounds_followed,
    summed,
)
from tests.oracle import Draw, outcomes


def exact(expression: str) -> dict[int, Fraction]:
    """regelwerk's exact distribution, as probabilities by total."""
    return dict(distribution(expression).distribution.items())


def _ro(draw: Draw, count: int, sides: int, matches: Callable[[int], bool]) -> list[int]:
    """``ro``: each selected die rerolled once, the new face stands."""
    return [draw(sides) if matches(f) else f for f in rolled(draw, count, sides)]


def _ra(draw: Draw, count: int, sides: int, matches: Callable[[int], bool]) -> list[int]:
    """``ra``: one more die when any die is selected."""
    faces = rolled(draw, count, sides)
    return [*faces, draw(sides)] if any(matches(f) for f in faces) else faces


RULES: dict[str, Callable[[Draw], int]] = {
    # keeping by rank on two-faced and one-faced dice (the first face is the kept end)
    "3d2kh2": lambda d: highest(rolled(d, 3, 2), 2),
    "3d2kl2": lambda d: lowest(rolled(d, 3, 2), 2),
    "4d2kh2": lambda d: highest(rolled(d, 4, 2), 2),
    "4d2kl3": lambda d: lowest(rolled(d, 4, 2), 3),
    "3d1kh2": lambda d: highest(rolled(d, 3, 1), 2),
    "5d3kh3": lambda d: highest(rolled(d, 5, 3), 3),
    "4d3pl2": lambda d: highest(rolled(d, 4, 3), 2),
    # two keeps by rank in a row: keep three, then drop the lowest of them
    "4d6kh3pl1": lambda d: highest(rolled(d, 4, 6), 2),
    "5d4kl4ph1": lambda d: lowest(rolled(d, 5, 4), 3),
    # a value operation, then keep by rank: none, one, some, all kept
    "4d6ro1kh0": lambda d: 0,
    "4d6ro1kh1": lambda d: highest(_ro(d, 4, 6, lambda f: f == 1), 1),
    "4d6ro1kh3": lambda d: highest(_ro(d, 4, 6, lambda f: f == 1), 3),
    "4d6ro1kl3": lambda d: lowest(_ro(d, 4, 6, lambda f: f == 1), 3),
    "4d4ro1kl1": lambda d: lowest(_ro(d, 4, 4, lambda f: f == 1), 1),
    "4d6ro1kh4": lambda d: sum(_ro(d, 4, 6, lambda f: f == 1)),
    "3d6mi2kh5": lambda d: sum(max(f, 2) for f in rolled(d, 3, 6)),
    "3d4kh2mi3": lambda d: sum(max(f, 3) for f in sorted(rolled(d, 3, 4))[1:]),
    # success counts: every die, no die, some dice; dice worth 0 or 2 are no count
    "3d6cs>=1": lambda d: len(rolled(d, 3, 6)),
    "3d6cs>6": lambda d: 0 * len(rolled(d, 3, 6)),
    "3d6cs>=5": lambda d: sum(1 for f in rolled(d, 3, 6) if f >= 5),
    "3d2k2": lambda d: sum(f for f in rolled(d, 3, 2) if f == 2),
    "4d3p1": lambda d: sum(f for f in rolled(d, 4, 3) if f != 1),
    # an explosion of no rounds: nothing explodes
    "2d6!@0": lambda d: sum(rolled(d, 2, 6)),
    "2d4ro1e4@0": lambda d: sum(_ro(d, 2, 4, lambda f: f == 1)),
    # reroll and add, then operations on every die, the new one too
    "2d6ra6": lambda d: sum(_ra(d, 2, 6, lambda f: f == 6)),
    "3d4ra1kh2": lambda d: highest(_ra(d, 3, 4, lambda f: f == 1), 2),
    "2d4ra4e4@1": lambda d: sum(f for die in _ra(d, 2, 4, lambda f: f == 4)
                                for f in ([die, d(4)] if die == 4 else [die])),
    "2d4ro1e4@2": lambda d: sum(f for die in _ro(d, 2, 4, lambda f: f == 1)
                                for f in [die] + (chain(d, 4, lambda f: f == 4, 1)
                                                  if die == 4 else [])),
}


@pytest.mark.parametrize("expression", sorted(RULES))
def test_a_term_against_its_rule_over_every_face(expression: str) -> None:
    odds = exact(expression)
    assert odds == outcomes(RULES[expression])
    assert distribution(expression).cut_off == 0


@pytest.mark.parametrize(("expression", "count", "sides", "faces"), [
    ("1d6!", 1, 6, {6}),
    ("3d6!", 3, 6, {6}),
    ("1d12!", 1, 12, {12}),   # 12**-11 is just above 1e-12: one round more
    ("1d10!", 1, 10, {10}),   # 10**-12 is not above 1e-12: no round more
    ("1d6e<3", 1, 6, {1, 2}),
    ("2d6e>4", 2, 6, {5, 6}),
    ("1d3e>=2", 1, 3, {2, 3}),
    ("1d5e>1", 1, 5, {2, 3, 4, 5}),  # (4/5)**101 is still above 1e-12: 100 rounds
])
def test_an_explosion_without_depth_is_cut_where_the_rule_says(expression: str, count: int,
                                                                sides: int,
                                                                faces: set[int]) -> None:
    odds = distribution(expression)
    assert odds.cut_off == cut_off(count, sides, len(faces))
    # the dice are followed that many rounds; the last die of a chain stands
    depth = rounds_followed(count, sides, len(faces))
    one = chain_odds(sides, faces.__contains__, depth)
    assert dict(odds.distribution.items()) == summed(one, count)


def test_the_longest_chain_of_an_unlimited_explosion() -> None:
    # d6 exploding on 6: 16 dice at most (6**-16 is the first chance below 1e-12)
    assert rounds_followed(1, 6, 1) == 15
    assert max(exact("1d6!")) == 16 * 6
    # (4/5)**101 > 1e-12: the 100 rounds of the limit, 101 dice at most
    assert rounds_followed(1, 5, 4) == 100


def test_two_explosions_of_one_term() -> None:
    # 1d6e6ro1e1@1: the six explodes (no limit), then ones are rerolled once, then a
    # one explodes once more
    odds = distribution("1d6e6ro1e1@1")
    assert odds.cut_off == cut_off(1, 6, 1)


def test_the_cut_off_of_an_explosion_after_ra_counts_the_die_it_may_add() -> None:
    # at most three dice explode: the cut-off is that of three dice
    assert distribution("2d6ra1e6").cut_off == cut_off(3, 6, 1)
    assert distribution("1d4ra1e4").cut_off == cut_off(2, 4, 1)


def _term(expression: str) -> Dice:
    node = parse(expression)
    assert isinstance(node, Dice)
    return node


@pytest.mark.parametrize("expression", ["1d6ro1", "2d6e6@2", "3d6cs>=5", "4d6ro1kh3",
                                        "4d6ro1kl3", "2d6ra6", "3d6rr1"])
def test_every_route_is_charged_to_the_budget(expression: str) -> None:
    with pytest.raises(LimitExceeded):
        distribution_of(parse(expression), limit=0)


def test_the_tables_cost_what_their_estimate_says() -> None:
    # "1d6ro1": one die, no power and no sum: the tables are all the work
    term = _term("1d6ro1")
    needed = tables_steps(term.ops, 6, 1)[0]
    odds = distribution_of(term, limit=needed).distribution
    assert dict(odds.items()) == outcomes(lambda d: sum(_ro(d, 1, 6, lambda f: f == 1)))
    with pytest.raises(LimitExceeded):
        distribution_of(term, limit=needed - 1)


def test_keeping_the_highest_of_many_dice_with_a_tie_at_the_threshold() -> None:
    # P(4d2kh2 = 3): exactly one 2 among four dice — 4 of 16
    assert exact("4d2kh2")[3] == Fraction(4, 16)
    # P(3d2kl2 = 3): exactly one 1 among three dice, the kept 1 and a 2 — 3 of 8
    assert exact("3d2kl2")[3] == Fraction(3, 8)


# -- the weights of exploding dice up to a total, exact (explosion_at_most) ----------

@pytest.mark.parametrize(("expression", "count", "sides", "faces"), [
    ("2d6e>=5", 2, 6, {5, 6}),
    ("1d4e2", 1, 4, {2}),
    ("3d4e1", 3, 4, {1}),
    ("2d3e<3", 2, 3, {1, 2}),
    ("2d6!", 2, 6, {6}),
])
@pytest.mark.parametrize("upto", [-1, 0, 1, 2, 3, 5, 9, 14])
def test_exploding_weights_up_to_a_total(expression: str, count: int, sides: int,
                                         faces: set[int], upto: int) -> None:
    found = explosion_at_most(_term(expression), upto, [0, 10**9])
    assert found is not None
    weights, den = found
    assert all(value <= upto and weight > 0 for value, weight in weights.items())
    odds = outcomes(capped_explosion(count, sides, faces.__contains__, max(upto, 0)))
    assert {v: Fraction(w, den) for v, w in weights.items()} == \
        {v: p for v, p in odds.items() if v <= upto}


@pytest.mark.parametrize("expression", ["2d6e6@3", "2d6eh1", "0d6!", "2d6e6kh1", "2d6kh1"])
def test_exploding_weights_only_for_one_explosion_without_depth(expression: str) -> None:
    assert explosion_at_most(_term(expression), 10, [0, 10**9]) is None


def test_exploding_weights_within_the_budget_only() -> None:
    term = _term("2d6e>=5")
    steps = int(explosion_at_most_steps(term, 12))
    assert explosion_at_most(term, 12, [0, steps]) is not None
    assert explosion_at_most(term, 12, [1, steps]) is None
    assert explosion_at_most(term, 12, [0, steps - 1]) is None
    assert explosion_at_most(term, 12, [5, steps + 5]) is not None


def test_a_rolls_chances_of_an_explosion_by_rank() -> None:
    # 2d4eh1: the highest die explodes; a new die explodes while it is the highest
    # (ties go to the earlier die, docs/notation.md)
    odds = brute_odds(Pool(2, 4).op("e", "h1"))
    totals = list(range(0, 20))
    assert roll_chances_all(parse("2d4eh1"), totals) == [chances(odds, t) for t in totals]


# -- the work each route charges: its estimate, written out from the route's rule ----

def _fits(expression: str, limit: int) -> bool:
    try:
        distribution_of(parse(expression), limit=limit)
    except LimitExceeded:
        return False
    return True


@pytest.mark.parametrize(("expression", "needed"), [
    # keep by rank over the six faces a die may show after ro1 (weights 1 and 7 of 36
    # each), three kept of four dice, each kept die adding its face (a span of 1)
    ("4d6ro1kh3", cost.keep_cost(6, 3, 1, 4, (36).bit_length())),
    ("4d6ro1kl3", cost.keep_cost(6, 3, 1, 4, (36).bit_length())),
    # ra: the power of one d6 (span 5, six weights of 6) twice, all and none selected
    ("2d6ra6", 2 * cost.power_cost(2, 5, 6, (6).bit_length())),
    # a success count: binomial counts of three dice, weights over 6
    ("3d6cs>=5", cost.binomial_cost(3, (6).bit_length())),
])
def test_a_route_charges_its_estimate(expression: str, needed: int) -> None:
    assert _fits(expression, needed)
    assert not _fits(expression, needed - 1)


@pytest.mark.parametrize(("expression", "upto"), [
    ("2d6e>=5", 10), ("3d4e1", 2), ("1d10e10", 40), ("2d6e7", 9),
    ("2d20e20", 12),                  # twenty faces: the power of two dice by squaring?
    ("1d3e3", 58), ("1d3e3", 59),     # weights of 118 and 120 bits: words of 60 bits
])
def test_the_bound_of_exploding_weights_written_out(expression: str, upto: int) -> None:
    # the standing faces' power up to the total (Miller's recurrence), then for each
    # of the `most` explosions a pass over the totals, the product, and the sums
    term = _term(expression)
    n, sides = term.count, term.sides
    hits = sum(1 for f in range(1, sides + 1) if term.ops[0].selects(f))
    size = max(0, upto - n) + 1
    most = size if hits else 0
    bits = (n + most) * sides.bit_length()
    expected = (cost.power_cost(n, sides, sides, sides.bit_length(), truncated=True)
                + most * size * (hits + 2) * (4 + bits // 60)
                + cost.multiply_cost(size, size, bits) + size * 8)
    assert explosion_at_most_steps(term, upto) == expected
