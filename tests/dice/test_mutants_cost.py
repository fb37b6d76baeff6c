"""The cost model of exact odds (``regelwerk.dice.cost``), each formula written out
here from its documented rule (docs/limits.md, "The cost budget": steps of about
5 ns, 12 steps a unit; ``+``/``-`` the packed big-integer product, ``*``, ``/``,
``%`` and comparisons every pair of values, keep/drop by rank faces × kept dice ×
kept totals, ``cs`` binomial counts, explosions faces × depth × values, the
fallback every sorted outcome) and checked at the budget's edge: exactly at the
limit is allowed, one step over is refused."""

from __future__ import annotations

from math import comb

import pytest

from regelwerk.budget import BUDGET
from regelwerk.dice import parse
from regelwerk.dice.cost import (
    MAX_COST,
    ROLL_COST,
    STEPS_PER_UNIT,
    binomial_cost,
    check,
    combine_cost,
    convolution_cost,
    explode_cost,
    keep_cost,
    multiply_cost,
    multiset_cost,
    odds_cost,
    odds_estimate,
    power_cost,
    term_steps,
)
from regelwerk.dice.nodes import Dice
from regelwerk.dice.plan import one_face_steps, tables_steps
from regelwerk.errors import LimitExceeded


def words(bits: int) -> int:
    """Machine words of a number of ``bits`` bits, 60 bits a word, at least one."""
    return bits // 60 + 1


def miller(dice: int, span: int, terms: int, bits: int) -> int:
    """Miller's recurrence for a power: one small-by-big product (14 steps and a step
    a word) per coefficient and term; the coefficients have ``dice * bits`` bits."""
    return (dice * span + 1) * terms * (14 + words(dice * bits))


def units(steps: int) -> int:
    """Steps in units of the budget, rounded up."""
    return -(-steps // 12)


def product(a: int, b: int, bits: int) -> int:
    """``+``: pair by pair (4 steps a pair) up to 64 pairs, else one packed
    big-integer product (Karatsuba, words ** 1.6) and packing each value."""
    return a * b * 4 if a * b <= 64 else int(words((a + b) * bits) ** 1.6) + 4 * (a + b)


def keeping(faces: int, keep: int, span: int, dice: int, bits: int) -> int:
    """Keep/drop by rank: per threshold face and kept count one product by the
    faces above it (kept totals × 4 + words), and one binomial tail per face."""
    totals = keep * span + 1
    return 4 * (faces * keep * (totals * 4 + keep * words(dice * bits) + totals) + faces * dice)


def test_the_budget_in_steps() -> None:
    assert STEPS_PER_UNIT == 12
    assert MAX_COST == 5_000_000 * 12 == BUDGET * 12
    assert ROLL_COST == 3_000_000  # a twentieth of the budget
    assert isinstance(ROLL_COST, int)
    check(ROLL_COST, "x")  # runs the module, so that its constants are tried


@pytest.mark.parametrize(("a", "b", "bits", "expected"), [
    (1, 1, 5, 4), (8, 8, 100, 256), (64, 1, 3, 256), (1, 64, 3, 256),
    (5, 13, 10, int(words(18 * 10) ** 1.6) + 4 * 18),   # 65 pairs: packed
    (65, 1, 10, int(words(66 * 10) ** 1.6) + 4 * 66),
    (100, 100, 64, int(words(200 * 64) ** 1.6) + 4 * 200),
    (300, 7, 1000, int(words(307 * 1000) ** 1.6) + 4 * 307),
])
def test_multiply_cost_is_pairs_up_to_64_then_a_packed_product(
        a: int, b: int, bits: int, expected: int) -> None:
    assert multiply_cost(a, b, bits) == expected


def test_combine_cost_is_forty_steps_a_pair() -> None:
    assert combine_cost(3, 7) == 3 * 7 * 40
    assert combine_cost(1, 1) == 40
    assert combine_cost(0, 9) == 0


@pytest.mark.parametrize(("faces", "keep", "span", "dice", "bits"), [
    (6, 3, 6, 4, 3), (20, 1, 20, 2, 5), (10, 5, 10, 100, 4), (1000, 5, 1000, 10, 10),
])
def test_keep_cost_is_faces_by_kept_dice_by_kept_totals(
        faces: int, keep: int, span: int, dice: int, bits: int) -> None:
    kept_totals = keep * span + 1
    per_threshold = kept_totals * 4 + keep * words(dice * bits) + kept_totals
    assert keep_cost(faces, keep, span, dice, bits) == \
        4 * (faces * keep * per_threshold + faces * dice)


@pytest.mark.parametrize(("dice", "bits"), [(1, 1), (10, 3), (59, 1), (60, 1), (1000, 7)])
def test_binomial_cost_is_a_few_big_products_a_count(dice: int, bits: int) -> None:
    assert binomial_cost(dice, bits) == dice * (200 + 30 * words(dice * bits))


def test_explode_and_multiset_costs() -> None:
    assert explode_cost(3, 6, 10) == 3 * 6 * 10 * 8
    assert explode_cost(0, 6, 10) == 0
    # sorted outcomes of 4d6 (126), one operation, 4 dice
    assert multiset_cost(4, 6, 1) == comb(9, 4) * 2 * 8 * 10 == 126 * 160
    assert multiset_cost(1, 1, 0) == 1 * 1 * 5 * 10


def test_power_cost_is_millers_recurrence_when_truncated() -> None:
    assert power_cost(3, 5, 6, 3, truncated=True) == miller(3, 5, 6, 3)
    assert power_cost(3, 5, 6, 3) == miller(3, 5, 6, 3)  # six terms: no squaring
    assert power_cost(100, 999, 1000, 10, truncated=True) == miller(100, 999, 1000, 10)
    assert power_cost(100, 999, 1000, 10) == miller(100, 999, 1000, 10)
    # three d1000: repeated squaring of the packed polynomial is cheaper
    assert power_cost(3, 999, 1000, 10) < miller(3, 999, 1000, 10) // 30
    assert power_cost(3, 999, 1000, 10, truncated=True) == miller(3, 999, 1000, 10)


# -- check: the budget's edge ---------------------------------------------------------

def test_check_allows_exactly_the_budget_and_counts_it() -> None:
    spent = [0, 1000]
    check(1000, "x", spent)
    assert spent == [1000, 1000]
    check(0, "x", spent)
    assert spent == [1000, 1000]


def test_check_refuses_one_step_over_the_budget() -> None:
    spent = [400, 1000]
    with pytest.raises(LimitExceeded) as refused:
        check(601, "{n} dice", spent, n=7)
    assert spent == [400, 1000]  # nothing counted
    assert refused.value.values["cost"] == str(units(601)) == "51"  # a Number
    assert refused.value.values["limit"] == str(units(1000)) == "84"
    assert "7 dice" in refused.value.message
    assert "51 units" in refused.value.message
    check(600, "x", spent)
    assert spent == [1000, 1000]


def test_check_without_a_limit_uses_the_whole_budget() -> None:
    check(MAX_COST, "x")
    spent = [0]
    check(MAX_COST, "x", spent)
    assert spent == [MAX_COST]
    with pytest.raises(LimitExceeded) as refused:
        check(MAX_COST + 1, "x")
    assert refused.value.values["limit"] == str(BUDGET)
    assert refused.value.values["cost"] == str(BUDGET + 1)
    with pytest.raises(LimitExceeded):
        check(1, "x", [MAX_COST])


def test_check_counts_a_fraction_of_a_step_down() -> None:
    spent = [0, 10]
    check(10.9, "x", spent)
    assert spent == [10, 10]


def test_check_of_huge_and_infinite_costs_reports_the_ceiling() -> None:
    """Beyond a thousand budgets the message says a thousand budgets."""
    for cost in (float("inf"), 1e40, 10**30, BUDGET * 1000 * 12):
        with pytest.raises(LimitExceeded) as refused:
            check(cost, "x")
        assert refused.value.values["cost"] == str(BUDGET * 1000)
    with pytest.raises(LimitExceeded) as refused:
        check(BUDGET * 1000 * 12 - 1, "x")
    assert refused.value.values["cost"] == str(BUDGET * 1000)
    with pytest.raises(LimitExceeded) as refused:
        check(BUDGET * 1000 * 12 - 12, "x")
    assert refused.value.values["cost"] == str(BUDGET * 1000 - 1)


@pytest.mark.parametrize(("span", "bits"), [(1, 1), (8, 3), (9, 3), (100, 64), (5000, 300)])
def test_convolution_cost_is_units_of_the_product(span: int, bits: int) -> None:
    pairs = span * span
    steps = pairs * 4 if pairs <= 64 else int(words(2 * span * bits) ** 1.6) + 8 * span
    assert convolution_cost(span, bits) == units(steps)


# -- term_steps: one dice term by its route -------------------------------------------

def _term(text: str) -> tuple[float, int, int]:
    tree = parse(text)
    assert isinstance(tree, Dice)
    return term_steps(tree)


def test_no_dice_cost_a_step() -> None:
    assert _term("0d6") == (1, 1, 1)
    assert _term("0d20kh1") == (1, 1, 1)


def test_value_operations_around_a_run_of_ranks() -> None:
    """4d6ro1kh3 (ranks): a die's table without operations after the rank (6 faces ×
    6 values), 20 steps a face for each operation before it and 40 a face; the
    weights of a face have 3 bits and 3 more for the reroll; then the keep."""
    table = 6 * 6 * (2 + words(3))
    steps = table + 1 * 6 * 20 + 6 * 40
    assert _term("4d6ro1kh3") == (steps + keeping(6, 3, 6, 4, 6), 3 * 6 + 1, 4 * 9 + 3 * 9)
    assert _term("4d6mi2ro1rr2kh3")[0] == (table + 3 * 6 * 20 + 6 * 40
                                           + keeping(6, 3, 6, 4, 9))
    # keeping every die or none: a power of the dice kept
    assert _term("4d6ro1kh4") == (steps + miller(4, 6, 7, 9), 4 * 6 + 1, 4 * 9)
    assert _term("4d6ro1kh0") == (steps + miller(0, 6, 7, 9), 6 + 1, 4 * 9)
    # a run of two operations: the second one's prefix is not the first one's
    assert _term("4d6ro1kh3pl1") == (steps + keeping(6, 2, 6, 4, 6), 2 * 6 + 1,
                                     4 * 9 + 2 * 9)
    # after the rank: rerolling a 1 adds 5 values to a die's 6 (11), 3 bits
    after = 1 * 6 * (6 + 4) * (2 + words(3)) + 6 * 4 + 6 * 11 * (2 + words(6))
    assert _term("4d6kh3ro1") == (after + 6 * 40 + keeping(6, 3, 11, 4, 3), 3 * 11 + 1,
                                  4 * 9 + 3 * 9)


def test_explosions_after_the_rank_follow_one_die_more() -> None:
    """4d2kh3!: the d2 explodes on 2 for 42 rounds (5 dice: 5 · 2^-43 ≤ 1e-12), so a
    die's table holds (1 + 2) · 43 + 1 values over (2 · 43 + 2) + 2 bits."""
    assert _term("4d2kh3!")[1:] == (3 * ((1 + 2) * 43 + 1) + 1, 4 * 90 + 3 * 90)
    # 7d2kh3!: 8 dice, 8e12 ≤ 2^43, still 42 rounds (9 dice would need 43)
    assert _term("7d2kh3!")[1:] == (3 * ((1 + 2) * 43 + 1) + 1, 7 * 90 + 3 * 90)


def test_one_reroll_and_add() -> None:
    """4d6ra6: both of the two powers (with and without the added die) and the
    product of the sums by the added die's values."""
    steps = 6 * 6 * (2 + words(3)) + 6 * 40
    assert _term("4d6ra6") == (steps + 2 * miller(4, 6, 7, 6) + product(25, 6, 6),
                               5 * 6 + 1, 5 * 6)
    steps = 6 * 6 * (2 + words(3)) + 1 * 6 * 20 + 6 * 40
    assert _term("4d6ro1ra6") == (steps + 2 * miller(4, 6, 7, 9) + product(25, 6, 9),
                                  5 * 6 + 1, 5 * 9)
    assert _term("4d6mi2ra6")[2] == 5 * 6  # mi adds no bits


@pytest.mark.parametrize(("text", "dice", "sides"), [
    ("1d6", 1, 6), ("3d6", 3, 6), ("10d8", 10, 8), ("1d1", 1, 1), ("2d2", 2, 2),
])
def test_a_plain_sum_is_a_power_of_one_die(text: str, dice: int, sides: int) -> None:
    """NdX: values N..NX (N(X − 1) + 1 of them), the denominator X^N under N × bits of X."""
    bits = sides.bit_length()
    assert _term(text) == (miller(dice, sides - 1, sides, bits), dice * (sides - 1) + 1,
                           dice * bits)


@pytest.mark.parametrize(("text", "kept"), [("4d6kh3", 3), ("4d6kl1", 1), ("4d6pl1", 3),
                                            ("4d6ph3", 1), ("5d6kh2", 2)])
def test_one_keep_by_rank(text: str, kept: int) -> None:
    """Faces × kept dice × kept totals; the kept totals span kept × 5 + 1 values."""
    dice = int(text[0])
    assert _term(text) == (keep_cost(6, kept, 6, dice, 3), kept * 5 + 1, dice * 3)


@pytest.mark.parametrize(("text", "kept"), [("4d6kh4", 4), ("4d6kh9", 4), ("4d6kh0", 0),
                                            ("4d6pl4", 0), ("4d6ph0", 4), ("4d6pl9", 0)])
def test_keeping_all_or_none_is_a_plain_sum(text: str, kept: int) -> None:
    assert _term(text) == (miller(kept, 5, 6, 3), kept * 5 + 1, kept * 3)


def test_value_operations_are_a_table_then_a_power() -> None:
    """4d6k>3 (tables): one pass over the faces (6 × 4 steps), a die's table of
    6 faces × 6 values, then the power of four dice of 6 values over 7 terms."""
    steps, span, bits = _term("4d6k>3")
    table = 6 * 4 + 6 * 6 * (2 + words(0 + 3))
    assert (steps, span, bits) == (table + miller(4, 6, 7, 3), 4 * 6 + 1, 4 * 3)


def test_rerolls_and_explosions_of_a_die_s_table() -> None:
    """Per operation, from the last back: a reroll of c faces costs c × faces × (values
    + 4) × (2 + words) and widens a die's values by faces − 1; an explosion of depth d
    gives (values + faces) × (d + 1) values and (bits + 3) × (d + 1) bits, and costs
    (its faces + (d + 1) × faces) mixtures, each a product and a pass over the values;
    each operation 4 steps a face."""
    rr = 1 * 6 * (6 + 4) * (2 + words(3)) + 6 * 4
    one = rr + 6 * 11 * (2 + words(3 + 3))
    assert _term("4d6rr1") == (one + power_cost(4, 11, 12, 6), 4 * 11 + 1, 4 * 6)
    rr2 = 2 * 6 * (6 + 4) * (2 + words(3)) + 6 * 4
    assert _term("4d6rr<3")[0] == rr2 + 6 * 11 * (2 + words(6)) + power_cost(4, 11, 12, 6)
    # 4d6!@1: 14 values, 6 bits; 1 × 14 pairs (at most 64: 4 steps a pair)
    explode = (1 + 2 * 6) * (14 * 4 + 14 * (2 + words(6))) + 6 * 4
    one = explode + 6 * 19 * (2 + words(9))
    node = parse("4d6!@1")
    assert isinstance(node, Dice)
    assert tables_steps(node.ops, 6, 4) == (one, 19, 9)
    # the term explodes on one face only: the cheaper of that table's power (a die
    # holds 2 × 5 + 1 = 11 values, 1 to 12, over 6 ** 2, 6 bits) and the quotient
    ways = one_face_steps(node)
    assert ways is not None
    assert ways[0] == one + power_cost(4, 11, 11, 6)
    assert _term("4d6!@1") == (min(ways[:2]), 4 * 11 + 1, 4 * 6)
    # 4d6!@1ro1: the reroll first (from the last back): 6 values, then the
    # explosion of 24 values over 12 bits, a packed product of 6 by 24 values
    packed = int(words(30 * 12) ** 1.6) + 4 * 30
    explode = (1 + 2 * 6) * (packed + 24 * (2 + words(12))) + 6 * 4
    one = rr + explode + 6 * 29 * (2 + words(15))
    assert _term("4d6!@1ro1") == (one + power_cost(4, 29, 30, 15), 4 * 29 + 1, 4 * 15)
    # 2d2!@1ro1: 2 values before the explosion (at most 4: pair by pair, 2 × 8), then
    # (2 + 2) × 2 = 8 values over (2 + 2) × 2 = 8 bits
    rr = 1 * 2 * (2 + 4) * (2 + words(2)) + 2 * 4
    explode = (1 + 2 * 2) * (2 * 8 * 4 + 8 * (2 + words(8))) + 2 * 4
    assert _term("2d2!@1ro1") == (rr + explode + 2 * 9 * (2 + words(10)) + power_cost(
        2, 9, 10, 10), 2 * 9 + 1, 2 * 10)


def test_an_explosion_over_few_values_multiplies_pair_by_pair() -> None:
    """Up to 4 values before an explosion (or up to 64 pairs) the mixture multiplies
    pair by pair (4 steps a pair), beyond both it packs the values."""
    # 4d4!@2ro1: 4 values before (ro1 on a d4), (4 + 4) × 3 = 24 after: 96 pairs
    rr = 1 * 4 * (4 + 4) * (2 + words(3)) + 4 * 4
    explode = (1 + 3 * 4) * (4 * 24 * 4 + 24 * (2 + words(18))) + 4 * 4
    assert _term("4d4!@2ro1") == (rr + explode + 4 * 27 * (2 + words(21))
                                  + power_cost(4, 27, 28, 21), 4 * 27 + 1, 4 * 21)
    # 4d5!@1ro1: 5 values before, (5 + 5) × 2 = 20 after: 100 pairs, packed
    rr = 1 * 5 * (5 + 4) * (2 + words(3)) + 5 * 4
    packed = int(words(25 * 12) ** 1.6) + 4 * 25
    explode = (1 + 2 * 5) * (packed + 20 * (2 + words(12))) + 5 * 4
    assert _term("4d5!@1ro1") == (rr + explode + 5 * 24 * (2 + words(15))
                                  + power_cost(4, 24, 25, 15), 4 * 24 + 1, 4 * 15)


def test_other_value_operations_keep_the_values_of_a_die() -> None:
    """4d6mi2ro1: mi after nothing but a reroll leaves a die's 6 + 5 values."""
    ro = 1 * 6 * (6 + 4) * (2 + words(3)) + 6 * 4
    one = ro + 6 * 4 + 6 * 11 * (2 + words(6))
    assert _term("4d6mi2ro1") == (one + power_cost(4, 11, 12, 6), 4 * 11 + 1, 4 * 6)


def test_counting_successes_after_a_reroll_is_binomial() -> None:
    """4d6ro1cs>=5: a die still counts 0 or 1 (2 values) after its reroll."""
    ro = 1 * 6 * (6 + 4) * (2 + words(3)) + 6 * 4
    one = 6 * 4 + ro + 6 * 2 * (2 + words(6))
    assert _term("4d6ro1cs>=5") == (one + binomial_cost(4, 6), 4 * 2 + 1, 4 * 6)


def test_a_long_explosion_needs_a_second_word() -> None:
    """1d2!@57: 58 rounds of 2 bits (116), and the die's own 2: 118 bits, two words of
    60 bits; one die: its 175 values (174 + 1) are its own odds."""
    explode = (1 + 58 * 2) * (174 * 4 + 174 * (2 + words(116))) + 2 * 4
    one = explode + 2 * 175 * (2 + words(118))
    assert words(118) == 2
    assert _term("1d2!@57") == (one + 175, 176, 118)


def test_counting_successes_is_binomial() -> None:
    """4d6cs>=5: 0 or 1 a die, so the dice are counted by binomials."""
    steps, span, bits = _term("4d6cs>=5")
    table = 6 * 4 + 6 * 2 * (2 + words(3))
    assert (steps, span, bits) == (table + binomial_cost(4, 3), 4 * 2 + 1, 4 * 3)


def test_a_single_die_of_value_operations_costs_its_values() -> None:
    steps, span, bits = _term("1d6k>3")
    assert (steps, span, bits) == (6 * 4 + 6 * 6 * (2 + 1) + 6, 7, 3)


def test_exploding_successes_are_counted_as_a_power() -> None:
    """4d6!cs>=5: an exploding die may count more than one success. The d6 explodes
    on 6 for 16 rounds (4 · 6^-17 ≤ 1e-12 < 4 · 6^-16); a die's table then holds
    (1 + 6) · 17 = 119 values over 3 · 17 = 51 bits, and counts 0 to 119 successes."""
    cs = 6 * 4
    explode = (1 + 17 * 6) * (1 * 119 * 4 + 119 * (2 + words(51))) + 6 * 4
    one_die = cs + explode + 6 * 120 * (2 + words(51 + 3))
    assert _term("4d6!cs>=5") == (one_die + power_cost(4, 120, 121, 54), 4 * 120 + 1,
                                  4 * 54)


def test_the_pool_route_counts_every_die_it_may_roll() -> None:
    """Every die the fallback may roll: four dice, one more for ra, four more a round of
    explosions; the weights' bits grow with every reroll."""
    assert _term("4d6kh1kl1")[1:] == (4 * 6 + 1, 4 * 3)
    assert _term("4d6ro1kh3ph1")[1:] == (4 * 6 + 1, 4 * 3 * 2)
    assert _term("4d6ra6kh3")[1:] == ((4 + 1) * 6 + 1, (4 + 1) * 3 * 2)
    assert _term("(4d6!@2kh3)kh3")[1:] == ((4 + 4 * 2) * 6 + 1, (4 + 4 * 2) * 3)
    assert _term("4d6rr1ro2!@1kh1kl1")[1:] == ((4 + 4) * 6 + 1, (4 + 4) * 3 * 3)


# -- whole expressions ----------------------------------------------------------------

def test_numbers_cost_nothing_and_sums_add_the_product() -> None:
    assert odds_estimate(parse("7")) == (0, 1, 1)
    d6 = miller(1, 5, 6, 3)
    assert odds_estimate(parse("1d6")) == (units(d6), 6, 3)
    # 1d6 + 1d6: both terms, then the 6 × 6 pair product (36 ≤ 64: 4 steps a pair)
    assert odds_estimate(parse("1d6+1d6")) == (units(2 * d6 + 36 * 4), 11, 6)
    assert odds_estimate(parse("1d6-1d6")) == (units(2 * d6 + 36 * 4), 11, 6)
    assert odds_estimate(parse("1d6+3")) == (units(d6 + 6 * 4), 6, 4)


def test_products_and_comparisons_combine_every_pair() -> None:
    d6 = miller(1, 5, 6, 3)
    for op in ("*", "/", "//", "%", "<", ">=", "==", "!="):
        assert odds_estimate(parse(f"1d6{op}1d6")) == (units(2 * d6 + 36 * 40), 36, 6)


def test_negation_adds_a_step_a_value() -> None:
    d6 = miller(1, 5, 6, 3)
    assert odds_estimate(parse("-1d6")) == (units(d6 + 6), 6, 3)
    assert odds_estimate(parse("-7")) == (1, 1, 1)  # a number costs nothing, one value 1


def test_groups_labels_comments_and_repeats_cost_what_is_inside() -> None:
    inner = odds_estimate(parse("1d6+1d6"))
    for text in ("(1d6+1d6)", "(1d6+1d6) [fire]", "1d6+1d6 to hit", "3#1d6+1d6"):
        assert odds_estimate(parse(text)) == inner


def test_a_set_without_operations_is_the_product_of_its_items() -> None:
    d6 = miller(1, 5, 6, 3)
    # (1d6, 1d6): spans and bits add up (6 + 6, 3 + 3), then one product of 12 × 12
    assert odds_estimate(parse("(1d6, 1d6)")) == (
        units(2 * d6 + int(words(24 * 6) ** 1.6) + 4 * 24), 12, 6)
    assert odds_estimate(parse("()")) == (units(4), 1, 1)


def test_a_set_kept_by_value_combines_item_by_item() -> None:
    d6 = miller(1, 5, 6, 3)
    # (1d6, 1d6)k>2: item by item, 1 × 6 then 7 × 6 pairs, then the 12 × 12 product
    expected = 2 * d6 + 40 * (1 * 6) + 40 * (7 * 6) + int(words(24 * 6) ** 1.6) + 4 * 24
    assert odds_estimate(parse("(1d6, 1d6)k>2")) == (units(expected), 12, 6)


def test_a_set_kept_by_rank_follows_the_sorted_tuples() -> None:
    d6 = miller(1, 5, 6, 3)
    # (1d6, 1d6)kh1: 6 tuples after the first item (5 × 40 × 2 steps each), 36 after
    # the second (6 × 40 × 2); the values span 6 × 6
    expected = 2 * d6 + 6 * 5 * 40 * 2 + 36 * 6 * 40 * 2 + int(words(72 * 6) ** 1.6) + 4 * 72
    assert odds_estimate(parse("(1d6, 1d6)kh1")) == (units(expected), 36, 6)
    expected3 = (3 * d6 + 6 * 5 * 40 * 3 + 36 * 6 * 40 * 3 + 216 * 7 * 40 * 3
                 + int(words(432 * 9) ** 1.6) + 4 * 432)
    assert odds_estimate(parse("(1d6, 1d6, 1d6)kh1pl1")) == (units(expected3), 216, 9)


def test_odds_cost_names_the_expression_and_its_units() -> None:
    cost = odds_cost(parse("3d6"))
    assert cost.units == units(miller(3, 5, 6, 3))
    assert cost.what == "the exact odds of 3d6"
