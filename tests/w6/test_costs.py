"""The cost estimates of the W6 actions, checked before any work (``prepare``).

The rule, written out here from ``regelwerk/systems/w6/costs.py``'s documentation and
``docs/limits.md`` ("w6 probe, complex_probe, contest: the pool sizes (n + 1 weights
of 1.6 n bits each), per part of the split"; "complex_advice: rolls × (dice + 1)
(dice + 2)/2 splits × candidates, growing with the dice"), never taken from the
estimator:

- the odds of a pool of n dice: (n + 1)² // 3 + 100 units;
- a Komplexe Probe: the odds of each part of its split (a split that does not use
  exactly the pool is refused by the rules before any work: only the pool counts, and
  the request is told what the split must be, not what it would cost);
- split advice: (rolls − 1) · (n + 1)(n + 2) / 2 splits per candidate, 10 units each,
  times 1 + n // 400 (wider numbers from 400 dice on), and the odds of the pool per
  roll;
- a contest: both parties; a party with a split convolves, roll by roll, the
  standings so far (total + 1 values) with the roll's Erfolge (part + 1 values),
  2 · 20 units a pair, times 1 + bits // 128 with bits = ⌊2.6 · dice so far⌋, and
  adds the odds of its pool.

The budget (``docs/limits.md``): 5,000,000 units; beyond it a request is refused with
``limit_exceeded`` before any work ("… would cost N units of work; the budget is
5,000,000 units per request").
"""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk import resolve
from regelwerk.protocol.resolve import Prepared, prepare

BUDGET = 5_000_000
"""docs/limits.md: "BUDGET: units of work per request | 5,000,000"."""


def pool_units(dice: int) -> int:
    return (dice + 1) * (dice + 1) // 3 + 100


def advice_units(dice: int, rolls: int, candidates: int) -> int:
    splits = (rolls - 1) * (dice + 1) * (dice + 2) // 2 * candidates
    return splits * 10 * (1 + dice // 400) + rolls * pool_units(dice)


def party_units(dice: int, split: list[int]) -> int:
    units, so_far = 0, 0
    for part in split:
        bits = 13 * (so_far + part) // 5  # ⌊2.6 · dice so far⌋ in whole numbers
        units += 2 * (so_far + 1) * (part + 1) * 20 * (1 + bits // 128)
        so_far += part
    return units + pool_units(dice)


def units(request: dict[str, Any]) -> int:
    prepared = prepare({"system": "w6", **request})
    assert isinstance(prepared, Prepared), prepared
    return prepared.cost.units


def test_the_rule_written_here_at_small_pools() -> None:
    # by hand: 0 dice 1 // 3 + 100; 1 die 4 // 3 + 100; 2 dice 9 // 3 + 100; 5 dice 36 // 3 + 100
    assert [pool_units(n) for n in (0, 1, 2, 5)] == [100, 101, 103, 112]


@pytest.mark.parametrize(("fields", "dice"), [
    ({"attribute": 0}, 0), ({"attribute": 1}, 1), ({"attribute": 2}, 2),
    ({"attribute": 3}, 3), ({"attribute": 10}, 10), ({"attribute": 1000}, 1000),
    # Finn Nirmi: GE 8, one point of Fertigkeit (3 dice), 2 for Hilfsmittel, herausfordernd
    ({"attribute": 8, "skill": 1, "tools": 2, "difficulty": "herausfordernd"}, 7),
    # a pool of 0 or less rolls no dice, and costs what no dice cost
    ({"attribute": 3, "difficulty": 5}, 0),
    ({"attribute": 9, "penalty": 4, "tools": -1}, 4),
])
def test_a_probe_costs_the_odds_of_its_pool(fields: dict[str, Any], dice: int) -> None:
    assert units({"action": "probe", **fields}) == pool_units(dice)


def test_a_probe_at_the_dice_limit_by_hand() -> None:
    # 1001² = 1,002,001; // 3 = 334,000; + 100
    assert units({"action": "probe", "attribute": 1000}) == 334_100


@pytest.mark.parametrize("split", [[0, 0], [1, 0], [6, 4], [2, 2, 2], [5, 1, 0, 3], [999, 1]])
def test_a_complex_probe_costs_the_odds_of_each_part(split: list[int]) -> None:
    request = {"action": "complex_probe", "attribute": sum(split), "split": split,
               "required": [1] * len(split)}
    assert units(request) == sum(pool_units(part) for part in split)


def test_a_complex_probe_by_hand() -> None:
    # parts of 6 and 4 dice: 49 // 3 + 100 = 116 and 25 // 3 + 100 = 108
    assert units({"action": "complex_probe", "attribute": 10, "split": [6, 4],
                  "required": [2, 1]}) == 224


@pytest.mark.parametrize(("dice", "rolls", "candidates"), [
    (0, 2, 1), (1, 2, 1), (10, 2, 5), (10, 3, 1), (7, 4, 20), (20, 20, 3),
    # from 400 dice on every split costs twice: the boundary on both sides
    (399, 2, 1), (400, 2, 1), (401, 2, 1),
])
def test_split_advice_costs_every_split_over_the_rolls(dice: int, rolls: int,
                                                       candidates: int) -> None:
    request = {"action": "complex_advice", "attribute": dice, "required": [1] * rolls,
               "candidates": candidates}
    assert units(request) == advice_units(dice, rolls, candidates)


def test_split_advice_by_hand() -> None:
    # 10 dice over 2 rolls, 5 candidates: 1 · 11 · 12 / 2 = 66 splits, · 5 · 10 = 3,300;
    # + 2 · (121 // 3 + 100) = 280
    assert units({"action": "complex_advice", "attribute": 10, "required": [1, 1]}) == 3_580
    # 400 dice over 2 rolls, 1 candidate: 401 · 402 / 2 = 80,601 splits · 10 · 2;
    # + 2 · (160,801 // 3 + 100) = 2 · 53,700
    assert units({"action": "complex_advice", "attribute": 400, "required": [1, 1],
                  "candidates": 1}) == 1_612_020 + 107_400


@pytest.mark.parametrize(("a", "b"), [
    ({"attribute": 0}, {"attribute": 0}),
    ({"attribute": 8}, {"attribute": 6}),
    ({"attribute": 1000}, {"attribute": 1000}),
    ({"attribute": 10, "split": [6, 4], "required": [1, 1]}, {"attribute": 5}),
    ({"attribute": 5}, {"attribute": 10, "split": [0, 10], "required": [1, 2]}),
    ({"attribute": 3, "split": [1, 1, 1], "required": [1, 1, 1]},
     {"attribute": 4, "split": [4], "required": [2]}),
    # ⌊2.6 · 49⌋ = 127 and ⌊2.6 · 50⌋ = 130: either side of 128 bits
    ({"attribute": 49, "split": [49], "required": [1]}, {"attribute": 0}),
    ({"attribute": 50, "split": [20, 30], "required": [1, 1]}, {"attribute": 2}),
    # ⌊2.6 · 99⌋ = 257: two steps of 128 bits
    ({"attribute": 99, "split": [60, 39], "required": [1, 1]},
     {"attribute": 98, "split": [98], "required": [1]}),
])
def test_a_contest_costs_both_parties(a: dict[str, Any], b: dict[str, Any]) -> None:
    expected = (party_units(a["attribute"], a.get("split", []))
                + party_units(b["attribute"], b.get("split", [])))
    assert units({"action": "contest", "a": a, "b": b}) == expected


def test_a_contest_by_hand() -> None:
    # A: 10 dice split 6 + 4. First roll: 1 · 7 pairs · 40 (15 bits) = 280; second:
    # 7 · 5 pairs · 40 (26 bits) = 1,400; its pool 121 // 3 + 100 = 140. B: 5 dice, 112.
    assert units({"action": "contest", "a": {"attribute": 10, "split": [6, 4],
                                             "required": [1, 1]},
                  "b": {"attribute": 5}}) == 280 + 1_400 + 140 + 112


# Two contests found by searching the rule above: one costs exactly the budget, the
# other one unit more.
AT_BUDGET = {"action": "contest", "a": {"attribute": 978, "split": [5, 973], "required": [1, 1]},
             "b": {"attribute": 120}}
ONE_OVER = {"action": "contest", "a": {"attribute": 700, "split": [691, 9], "required": [1, 1]},
            "b": {"attribute": 897}}


def test_the_boundary_requests_cost_what_they_claim() -> None:
    assert party_units(978, [5, 973]) + pool_units(120) == BUDGET
    assert party_units(700, [691, 9]) + pool_units(897) == BUDGET + 1


def test_a_request_at_the_budget_is_accepted_and_one_unit_more_is_refused() -> None:
    assert units(AT_BUDGET) == BUDGET
    refused = prepare({"system": "w6", **ONE_OVER})
    assert refused == {"ok": False, "error": {
        "code": "limit_exceeded",
        "message": "the odds of a contest of 700 and 897 dice would cost 5,000,001 units "
                   "of work; the budget is 5,000,000 units per request (docs/limits.md)"}}


def test_advice_over_the_budget_is_refused_before_any_work() -> None:
    # 918 dice over four rolls (docs/limits.md): 3 · 919 · 920 / 2 · 5 splits · 10 · 3
    request = {"system": "w6", "action": "complex_advice", "attribute": 918,
               "required": [1, 1, 1, 1]}
    cost = advice_units(918, 4, 5)
    assert cost == 190_233_000 + 4 * pool_units(918)
    refused = prepare(request)
    assert isinstance(refused, dict)
    assert refused["error"]["code"] == "limit_exceeded"
    assert f"would cost {cost:,} units of work" in refused["error"]["message"]


# "auf die der Spieler die ihm zur Verfügung stehenden Würfel schon vor dem ersten Wurf
# verbindlich aufteilen muss": a split uses exactly the pool.
def test_a_split_that_is_not_the_pool_is_told_so_not_its_cost() -> None:
    complex_request = {"action": "complex_probe", "attribute": 10, "split": [1000] * 15,
                       "required": [1] * 15}
    assert units(complex_request) == pool_units(10)
    assert resolve({"system": "w6", **complex_request}) == {"ok": False, "error": {
        "code": "invalid_split",
        "message": "the split must use exactly the pool of 10 dice (after the difficulty); "
                   "it uses 15000"}}
    contest = {"action": "contest", "a": {"attribute": 10, "split": [500, 500],
                                          "required": [1, 1]}, "b": {"attribute": 3}}
    assert units(contest) == pool_units(10) + pool_units(3)
    assert resolve({"system": "w6", **contest})["error"] == {
        "code": "invalid_split",
        "message": "the split must use exactly the pool of 10 dice (after the difficulty); "
                   "it uses 1000"}
