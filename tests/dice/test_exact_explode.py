"""A roll's own chances of dice exploding on one face, in closed form
(``regelwerk.dice.exact_explode``), against a plain convolution of what one die
adds.  The rule, as d20 reads ``e``: "Explode: roll another die for each die
matching the selector" (docs/notation.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.budget import BUDGET
from regelwerk.dice import parse
from regelwerk.dice.cost import ROLL_COST, STEPS_PER_UNIT, odds_cost, odds_estimate, roll_cost
from regelwerk.dice.exact import roll_chances
from regelwerk.dice.exact_explode import explosion_chances, one_face_sum
from regelwerk.dice.limits import MAX_DICE
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import (
    closed_explosion_steps,
    explosion_rounds,
    one_face_steps,
    one_face_table_steps,
    tables_steps,
)


def _term(expression: str) -> Dice:
    node = parse(expression)
    assert isinstance(node, Dice)
    return node


def _one_die(sides: int, hit: int, upto: int) -> dict[int, Fraction]:
    """What one die adds, every value up to ``upto`` exactly: ``k`` explosions on
    ``hit`` (each ``1/sides``), then a face that stands."""
    out: dict[int, Fraction] = {}
    k = 0
    while hit * k < upto:
        for face in range(1, sides + 1):
            if face != hit and hit * k + face <= upto:
                value = hit * k + face  # exploding on 1, values of several k meet
                out[value] = out.get(value, Fraction(0)) + Fraction(1, sides ** (k + 1))
        k += 1
    return out


def _oracle(n: int, sides: int, hit: int, total: int) -> tuple[Fraction, Fraction]:
    die = _one_die(sides, hit, total)
    sums = {0: Fraction(1)}
    for _ in range(n):
        step: dict[int, Fraction] = {}
        for a, p in sums.items():
            for b, q in die.items():
                if a + b <= total:
                    step[a + b] = step.get(a + b, Fraction(0)) + p * q
        sums = step
    below = sum((p for v, p in sums.items() if v < total), Fraction(0))
    return 1 - below, sums.get(total, Fraction(0))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(2, 8), st.booleans(), st.integers(0, 30))
def test_closed_form_matches_the_convolution(n: int, sides: int, high: bool,
                                             total: int) -> None:
    hit = sides if high else 1
    expression = f"{n}d{sides}e{hit}"
    assert explosion_chances(_term(expression), total) == _oracle(n, sides, hit, total)


def test_only_one_end_face_and_nothing_else() -> None:
    for expression in ("4d6e3", "4d6e>4", "4d6!kh3", "4d6e6e1", "3d6"):
        assert explosion_chances(_term(expression), 12) is None
    assert explosion_chances(_term("4d6e>5"), 12) is not None  # only the 6 explodes


def _brute_sum(n: int, sides: int, hit: int, depth: int) -> dict[int, Fraction]:
    """Every face sequence of ``n`` dice exploding on ``hit`` for at most ``depth``
    rounds: "`@N` allows at most N rounds" (docs/notation.md)."""
    chain: dict[int, Fraction] = {}
    for k in range(depth + 1):  # k explosions, then a face that stands (or any, at d)
        for face in range(1, sides + 1):
            if k < depth and face == hit:
                continue
            value = hit * k + face
            chain[value] = chain.get(value, Fraction(0)) + Fraction(1, sides ** (k + 1))
    sums = {0: Fraction(1)}
    for _ in range(n):
        step: dict[int, Fraction] = {}
        for a, p in sums.items():
            for b, q in chain.items():
                step[a + b] = step.get(a + b, Fraction(0)) + p * q
        sums = step
    return sums


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.integers(2, 8), st.booleans(), st.integers(0, 5))
def test_the_quotient_of_polynomials_is_the_sum_of_the_chains(
        n: int, sides: int, high: bool, depth: int) -> None:
    hit = sides if high else 1
    node = _term(f"{n}d{sides}e{hit}@{depth}")
    weights, den, cut_off = one_face_sum(node, [0, 10**30])
    assert {v: Fraction(w, den) for v, w in weights.items()} == \
        {v: p for v, p in _brute_sum(n, sides, hit, depth).items() if p}
    assert cut_off == 0


def test_without_a_depth_the_quotient_follows_the_documented_rounds() -> None:
    """``3d6!`` is ``3d6!@d`` with ``d`` the rounds that leave at most 1e-12 beyond:
    "Explosions without a depth limit are followed until the probability cut off is
    at most 10⁻¹² (and at most 100 rounds)" (docs/notation.md)."""
    node = _term("3d6!")
    depth = explosion_rounds(node.ops[0], 3, 6)
    assert 3 * Fraction(1, 6) ** (depth + 1) <= Fraction(1, 10**12) < 3 * Fraction(1, 6) ** depth
    weights, den, cut_off = one_face_sum(node, [0, 10**30])
    assert {v: Fraction(w, den) for v, w in weights.items()} == _brute_sum(3, 6, 6, depth)
    assert cut_off == 1 - (1 - Fraction(1, 6) ** (depth + 1)) ** 3 < Fraction(1, 10**12)


def test_fifty_exploding_d10_are_answered_the_quotient_way_within_the_budget() -> None:
    node = _term("50d10!")
    ways = one_face_steps(node)
    assert ways is not None
    assert ways[1] < ways[0]  # the cheaper way is taken
    assert odds_estimate(node)[0] <= BUDGET
    answer = resolve({"system": "dice", "action": "distribution", "expression": "50d10!"})
    assert answer["ok"], answer
    assert answer["cut_off"] < 1e-12
    assert answer["mean"] == pytest.approx(50 * 5.5 / 0.9, rel=1e-9)  # 5.5 per face, 1/(1-0.1)


@pytest.mark.parametrize("expression", ["8d6!", "50d10!", "3d6e1", "2d20!@3", "4d6e3"])
def test_one_face_table_steps_are_the_tables_steps(expression: str) -> None:
    node = _term(expression)
    depth = explosion_rounds(node.ops[0], node.count, node.sides)
    assert one_face_table_steps(node.sides, depth) == \
        tables_steps(node.ops, node.sides, node.count)[0]


def test_a_roll_of_exploding_dice_is_estimated_by_its_closed_form() -> None:
    """The closed form answers every total ``8d6!`` can roll (at most 1000 dice, so at
    most 6000), so the roll's estimate is the closed form's, not the distribution's."""
    node = _term("8d6!")
    steps = closed_explosion_steps(node)
    assert steps is not None
    assert explosion_chances(node, MAX_DICE * 6) is not None
    assert roll_cost(node).units * STEPS_PER_UNIT >= steps
    assert roll_cost(node).units * STEPS_PER_UNIT <= ROLL_COST
    rolled = resolve({"system": "dice", "action": "roll", "expression": "8d6!+2", "seed": 1})
    assert 0 < rolled["probability"] <= rolled["probability_at_least"] <= 1


@pytest.mark.parametrize("expression", ["40d6!", "3d6e1", "8d6!@3", "8d6e5", "4d6!kh3"])
def test_other_rolls_are_estimated_by_their_distribution(expression: str) -> None:
    """Many dice (the closed form could grow past its terms), explosions on a face
    inside the die, with a depth, or kept: the roll's odds may need the distribution."""
    node = parse(expression)
    assert roll_cost(node) == odds_cost(node)


def test_a_roll_takes_the_closed_form_only_within_its_estimate() -> None:
    """``15d6!``: the closed form for every total it can roll would pass a roll's
    share, its distribution does not, so the roll is estimated by the distribution;
    a usual total still comes from the closed form (exact, no depth), an absurd one
    (5000: 830 explosions) from the distribution (the depth limit leaves it 0)."""
    node = _term("15d6!")
    worst = closed_explosion_steps(node)
    assert worst is not None
    assert worst > ROLL_COST
    assert roll_cost(node) == odds_cost(node)
    assert roll_cost(node).units * STEPS_PER_UNIT <= ROLL_COST
    usual = roll_chances(node, 60)
    assert usual == explosion_chances(node, 60)
    absurd = closed_explosion_steps(node, 5000)
    assert absurd is not None
    assert absurd > roll_cost(node).units * STEPS_PER_UNIT
    closed = explosion_chances(node, 5000)
    assert closed is not None
    assert closed[0] > 0
    assert roll_chances(node, 5000) == (Fraction(0), Fraction(0))
