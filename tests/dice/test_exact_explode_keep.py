"""Exploding dice kept or dropped by rank (``4d6!kh3``), exact, against the brute-force
oracle of ``tests/dice/brute.py`` (every face sequence).

The rules, as d20 reads them and docs/notation.md writes them: "`e` (or `!`) |
explode: each selected die adds one more die, which may explode in turn; ... `@N`
allows at most N rounds"; "Selections look at kept dice only, by their current
value; `hN`/`lN` pick by rank" — the dice an explosion adds are kept dice of the
pool, so ``kh3`` ranks them too.  Without ``@N``: "Explosions without a depth limit
are followed until the probability cut off is at most 10⁻¹² (and at most 100 rounds);
that mass is reported as `cut_off`"."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.budget import BUDGET
from regelwerk.dice import parse
from regelwerk.dice.cost import ROLL_COST, STEPS_PER_UNIT, odds_estimate
from regelwerk.dice.exact import distribution_of
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import explosion_rounds, route
from tests.dice.brute import Pool, odds


def _ours(text: str) -> dict[int, Fraction]:
    tree = parse(text)
    assert isinstance(tree, Dice)
    assert route(tree) == "explode_keep"
    dist = distribution_of(tree, 10**30).distribution
    return {v: Fraction(w, dist.denominator) for v, w in dist.weights.items()}


def _oracle(pool: Pool) -> dict[int, Fraction]:
    return {v: p for v, p in odds(pool).items() if p}


@pytest.mark.parametrize(("n", "sides", "hit", "depth", "name", "selector"), [
    (4, 4, "4", 1, "k", "h3"),      # the stat roll, exploding, on d4s
    (3, 6, "6", 2, "k", "h2"),
    (3, 4, "4", 3, "k", "l2"),      # keep the lowest: exploded dice are high
    (3, 4, "4", 2, "p", "h1"),      # a drop ranks the added dice too
    (3, 4, "4", 2, "p", "l1"),
    (2, 4, ">=3", 2, "k", "h3"),    # more kept than rolled: the added dice fill up
    (2, 4, "1", 3, "p", "l3"),      # dropping more than rolled may drop all
    (3, 3, "1", 2, "k", "h2"),      # exploding on the lowest face
    (2, 5, "<=2", 2, "k", "l1"),
    (1, 4, "4", 3, "p", "h2"),
    (3, 4, ">2", 1, "k", "h1"),
    (2, 6, "7", 2, "k", "h1"),      # no face explodes
])
def test_explode_then_keep_matches_every_face_sequence(
        n: int, sides: int, hit: str, depth: int, name: str, selector: str) -> None:
    pool = Pool(n, sides).op(f"e@{depth}", hit).op(name, selector)
    assert _ours(pool.text) == _oracle(pool)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 2), st.integers(2, 4), st.sampled_from(["=", ">", "<"]),
       st.integers(1, 4), st.integers(0, 2), st.sampled_from(["k", "p"]),
       st.sampled_from(["h", "l"]), st.integers(1, 4))
def test_any_small_explode_then_keep_matches_the_oracle(
        n: int, sides: int, kind: str, value: int, depth: int, name: str, end: str,
        count: int) -> None:
    hit = f"{'' if kind == '=' else kind}{value}"
    pool = Pool(n, sides).op(f"e@{depth}", hit).op(name, f"{end}{count}")
    probe = parse(f"1d{sides}e{hit}@1")
    assert isinstance(probe, Dice)
    if all(probe.ops[0].selects(f) for f in range(1, sides + 1)):
        return  # every face explodes: the parser asks for a depth, which is given here
    assert _ours(pool.text) == _oracle(pool)


def test_without_a_depth_the_rounds_leave_less_than_1e_12() -> None:
    """``4d6!kh3`` is ``4d6!@d kh3`` with the rounds ``d`` the docs define; the mass
    cut off is the chance that some die's chain would go on."""
    tree = parse("4d6!kh3")
    assert isinstance(tree, Dice)
    depth = explosion_rounds(tree.ops[0], 4, 6)
    assert 4 * Fraction(1, 6) ** (depth + 1) <= Fraction(1, 10**12) \
        < 4 * Fraction(1, 6) ** depth
    exact = distribution_of(tree)
    assert _ours("4d6!kh3") == _ours(f"4d6!@{depth}kh3")
    assert exact.cut_off == 1 - (1 - Fraction(1, 6) ** (depth + 1)) ** 4
    assert 0 < exact.cut_off < Fraction(1, 10**12)


def test_the_stat_roll_exploding_is_known_by_hand() -> None:
    """``4d6!@1kh3``: at most one round.  The lowest total, 3, needs three 1s and no
    die above 1 (a 6 would add a die and be kept): only 1,1,1,1 — 1/1296."""
    ours = _ours("4d6!@1kh3")
    assert ours[3] == Fraction(1, 6**4)
    assert sum(ours.values()) == 1
    assert max(ours) == 18  # three sixes kept of at most eight dice


@pytest.mark.parametrize("text", ["4d6!kh3", "3d6!kh2", "6d10!kh3", "10d6!kh3", "2d20!kl1"])
def test_the_named_terms_are_within_the_budget(text: str) -> None:
    assert odds_estimate(parse(text))[0] <= BUDGET
    answer = resolve({"system": "dice", "action": "distribution", "expression": text})
    assert answer["ok"], answer
    assert answer["cut_off"] < 1e-12
    assert abs(sum(p for _, p in answer["distribution"]) - 1) < 1e-9


@pytest.mark.parametrize("text", ["4d6!kh3", "3d6!kh2", "6d10!kh3", "2d10!kh1+5"])
def test_a_roll_of_exploding_kept_dice_comes_with_its_odds(text: str) -> None:
    assert odds_estimate(parse(text))[0] * STEPS_PER_UNIT <= ROLL_COST
    rolled = resolve({"system": "dice", "action": "roll", "expression": text, "seed": 5})
    assert rolled["ok"], rolled
    assert 0 < rolled["probability"] <= rolled["probability_at_least"] <= 1
