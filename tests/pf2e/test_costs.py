"""The cost estimates of the PF2e actions whose work grows with their inputs, checked
before any work (``prepare``).

The rule, written out here from ``regelwerk/systems/pf2e/costs.py``'s documentation
and ``docs/limits.md`` ("pf2e damage_roll: the dice of dice, precision and
critical_extra, and the convolutions (twice for roll_twice)"; "strike_damage: Strikes ×
damage outcomes"; "area: map size × area"; the map actions: "map size: squares, listed
walls, grates, dim light and darkness, creatures × lights"), never taken from the
estimator under test. The dice of one notation cost what the dice engine estimates for
them alone (``regelwerk.dice.cost``, pinned in ``tests/dice``); their span of values and
bits of denominator are written by hand (n dice of s faces: n · (s − 1) + 1 values,
n · bit length of s bits; no notation: 1 value, 1 bit, no work).

- A damage roll convolves base and precision ("span" values), doubles that for a
  critical hit rolled twice, then adds the critical extra: each convolution costs the
  dice engine's convolution of its span and bits, plus 4 units a value.
- A Strike's damage combines every value of base (2 · span − 1 rolled twice),
  precision and extra through IWR: 2 · 150 units a triple, times 1 + bits // 64
  (wider fractions), and rolling twice first pairs the base with itself (75 units a
  pair, same factor). Each Strike folds half of hit + critical damage work and 250
  units per outcome (hit values + critical values); the turn adds 4 units per
  Strike² · outcome.
- An area examines the squares of its shape: reach r = ⌊size / 1,5 m⌋ + 1 squares
  (a line adds ⌊width / 1,5 m⌋); a burst (2r)² squares at 10 units, a cone 2r² at 40,
  an emanation or line (2(r + 6) + 1)² (the largest creature's space is 6 squares
  across) at 50 and 130; drawing it adds 10 units a map square.
- A map: 10 units a square, 10 per listed wall, grate, dim or dark square, 10 per
  creature and light (+ 1) and 1,000 per creature.

The budget (``docs/limits.md``): 5,000,000 units; an action that only answers
(``strike_damage``, ``area``, the map actions) is refused beyond it with
``limit_exceeded``; ``damage_roll`` still rolls and leaves its odds out.
"""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk import resolve
from regelwerk.dice import parse
from regelwerk.dice.cost import convolution_cost, odds_estimate
from regelwerk.protocol.resolve import Prepared, prepare

BUDGET = 5_000_000

SHAPE = {  # notation: (values it spans, bits of its denominator), by hand
    None: (1, 1), "5": (1, 1), "1d2": (2, 2), "1d4": (4, 3), "1d6": (6, 3), "1d8": (8, 4),
    "1d10": (10, 4), "2d6": (11, 6), "3d6": (16, 9), "2d8": (15, 8), "21d6": (106, 63),
    "16d10": (145, 64), "10d6": (51, 30), "4d12": (45, 16), "100d10": (901, 400),
    "20d6": (101, 60),
}


def dice(notation: str | None) -> tuple[int, int, int]:
    """Work, span and bits of one notation (work: the dice engine's own estimate)."""
    span, bits = SHAPE[notation]
    return (odds_estimate(parse(notation))[0] if notation else 0), span, bits


def roll_units(base: str, precision: str | None, extra: str | None, twice: bool) -> int:
    (w1, s1, b1), (w2, s2, b2), (w3, s3, b3) = dice(base), dice(precision), dice(extra)
    work = w1 + w2 + w3
    span, bits = s1 + s2, b1 + b2
    work += convolution_cost(span, bits) + 4 * span
    if twice:
        span, bits = 2 * span, 2 * bits
        work += convolution_cost(span, bits) + 4 * span
    return work + convolution_cost(span + s3, bits + b3) + 4 * (span + s3)


def strike_part(base: str, precision: str | None, extra: str | None,
                twice: bool) -> tuple[int, int]:
    """Work and values of one Strike's hit (no extra, once) or critical damage."""
    (w1, s1, b1), (w2, s2, b2), (w3, s3, b3) = dice(base), dice(precision), dice(extra)
    wide = 1 + (b1 + b2 + b3) // 64
    base_values = 2 * s1 - 1 if twice else s1
    precision_values = 2 * s2 - 1 if twice else s2
    work = w1 + w2 + w3 + 2 * base_values * precision_values * s3 * 150 * wide
    if twice:
        work += s1 * s1 * 75 * wide
    return work, base_values + s2 + s3


def strikes_units(count: int, base: str, precision: str | None = None,
                  extra: str | None = None, twice: bool = False) -> int:
    hit, hit_values = strike_part(base, precision, None, False)
    crit, crit_values = strike_part(base, precision, extra, twice)
    outcomes = hit_values + crit_values
    per_strike = (hit + crit) // 2 + 250 * outcomes
    return count * per_strike + 4 * count * count * outcomes


def map_units(width: int, height: int, listed: int = 0, creatures: int = 0,
              lights: int = 0) -> int:
    return 10 * width * height + 10 * listed + 10 * creatures * (lights + 1) + 1000 * creatures


def units(request: dict[str, Any]) -> int:
    prepared = prepare({"system": "pf2e", **request})
    assert isinstance(prepared, Prepared), prepared
    assert isinstance(prepared.cost.units, int)  # whole units, as the messages show them
    return prepared.cost.units


def test_the_dice_shapes_written_here_agree_with_the_dice_engine() -> None:
    for notation, (span, bits) in SHAPE.items():
        if notation:
            assert odds_estimate(parse(notation))[1:] == (span, bits), notation


# --- damage_roll -------------------------------------------------------------------

@pytest.mark.parametrize(("fields", "parts"), [
    ({"dice": "1d8"}, ("1d8", None, None, False)),
    ({"dice": "5"}, ("5", None, None, False)),
    ({"dice": "2d6", "precision": "1d6"}, ("2d6", "1d6", None, False)),
    # the critical extra counts only on a critical hit; rolling twice only then too
    ({"dice": "2d6", "critical_extra": "1d10"}, ("2d6", None, None, False)),
    ({"dice": "2d6", "roll_twice": True}, ("2d6", None, None, False)),
    ({"dice": "2d6", "critical": True, "critical_extra": "1d10"},
     ("2d6", None, "1d10", False)),
    ({"dice": "2d6", "critical": True, "roll_twice": True}, ("2d6", None, None, True)),
    ({"dice": "3d6", "precision": "1d6", "critical": True, "roll_twice": True,
      "critical_extra": "1d8"}, ("3d6", "1d6", "1d8", True)),
    ({"dice": "100d10", "precision": "10d6", "critical": True, "roll_twice": True,
      "critical_extra": "4d12"}, ("100d10", "10d6", "4d12", True)),
])
def test_a_damage_roll_costs_its_dice_and_convolutions(
        fields: dict[str, Any], parts: tuple[str, str | None, str | None, bool]) -> None:
    assert units({"action": "damage_roll", **fields}) == roll_units(*parts)


def test_a_damage_roll_by_hand() -> None:
    # 1d8 alone: its dice (the dice engine: 80 units); with no precision (one value, 1
    # bit) 9 values of 5 bits: words ⌊18 · 5 / 60⌋ + 1 = 2, ⌊2^1.6⌋ + 4 · 18 = 75 steps,
    # 12 a unit: 7 units, and 36 for the values; with no extra 10 values of 6 bits:
    # 3 words, ⌊3^1.6⌋ + 80 = 85 steps: 8 units, and 40
    assert units({"action": "damage_roll", "dice": "1d8"}) == 80 + 7 + 36 + 8 + 40


def test_a_damage_roll_over_the_budget_rolls_without_its_odds() -> None:
    request = {"system": "pf2e", "action": "damage_roll", "dice": "100d10",
               "precision": "100d10", "critical": True, "roll_twice": True,
               "critical_extra": "100d10", "seed": 3}
    cost = roll_units("100d10", "100d10", "100d10", True)
    assert cost > BUDGET
    rolled = resolve(request)
    assert rolled["ok"] is True
    assert rolled["odds_omitted"] == (
        f"the exact damage of 100d10 would cost {cost:,} units of work; the budget is "
        "5,000,000 units per request (docs/limits.md)")


# --- strike_damage -----------------------------------------------------------------

def strike(count: int, damage: dict[str, Any]) -> dict[str, Any]:
    return {"action": "strike_damage", "modifier": 10, "ac": 18, "strikes": [{}] * count,
            "damage": {"type": "fire", **damage}}


@pytest.mark.parametrize(("count", "damage", "parts"), [
    (1, {"dice": "1d8"}, ("1d8",)),
    (1, {"dice": "5"}, ("5",)),
    (3, {"dice": "2d6", "precision": "1d6"}, ("2d6", "1d6")),
    (2, {"dice": "2d8", "critical_extra": "1d10"}, ("2d8", None, "1d10")),
    (6, {"dice": "2d6", "roll_twice": True}, ("2d6", None, None, True)),
    (4, {"dice": "1d4", "precision": "1d2", "critical_extra": "1d6", "roll_twice": True},
     ("1d4", "1d2", "1d6", True)),
    # bits of the three parts either side of 64: 63 + 1 + 1, 64 + 1 + 1, 21d6 + 1d2 + 1d2
    (1, {"dice": "21d6"}, ("21d6",)),
    (1, {"dice": "16d10"}, ("16d10",)),
    (1, {"dice": "1d2", "precision": "1d2", "critical_extra": "21d6"},
     ("1d2", "1d2", "21d6")),
    # the critical hit's parts exactly 64 bits (the hit 63)
    (1, {"dice": "20d6", "precision": "1d2", "critical_extra": "1d2"},
     ("20d6", "1d2", "1d2")),
    # rolled twice with wide fractions (63 + 1 + 1 bits)
    (1, {"dice": "21d6", "roll_twice": True}, ("21d6", None, None, True)),
    (2, {"dice": "3d6", "precision": "1d6", "critical_extra": "1d8", "roll_twice": True},
     ("3d6", "1d6", "1d8", True)),
])
def test_strikes_cost_strikes_times_damage_outcomes(count: int, damage: dict[str, Any],
                                                    parts: tuple[Any, ...]) -> None:
    assert units(strike(count, damage)) == strikes_units(count, *parts)


def test_one_strike_by_hand() -> None:
    # 1d8 (80 units of dice each time): the hit 8 · 1 · 1 triples · 300 = 2,400 and
    # 8 + 1 + 1 values; the critical hit the same (doubling is a factor, not more
    # values): (2,480 · 2) // 2; 20 outcomes · 250 = 5,000; the turn 1 · 20 · 4 = 80
    assert units(strike(1, {"dice": "1d8"})) == 2_480 + 5_000 + 80


def test_strikes_over_the_budget_are_refused_before_any_work() -> None:
    request = strike(6, {"dice": "100d10", "precision": "100d10",
                         "critical_extra": "100d10", "roll_twice": True})
    cost = strikes_units(6, "100d10", "100d10", "100d10", True)
    assert cost > BUDGET
    # the hit 901 + 901 + 1 values, the critical hit (2 · 901 − 1) + 901 + 901: 5,406
    assert prepare({"system": "pf2e", **request}) == {"ok": False, "error": {
        "code": "limit_exceeded",
        "message": f"6 Strike(s) with 100d10 damage (5,406 outcomes each) would cost "
                   f"{cost:,} units of work; the budget is 5,000,000 units per request "
                   "(docs/limits.md)"}}


# --- area and the map actions ------------------------------------------------------

MAP = {"width": 30, "height": 20}


@pytest.mark.parametrize(("fields", "squares", "per_square"), [
    # reach ⌊size / 1,5⌋ + 1: 6 m → 5, 7 m → 5, 1 m → 1, 0 m → 1
    ({"shape": "burst", "size": 6, "corner": [5, 5]}, 4 * 5 * 5, 10),
    ({"shape": "burst", "size": 7, "corner": [5, 5]}, 4 * 5 * 5, 10),
    ({"shape": "burst", "size": 1, "corner": [5, 5]}, 4 * 1 * 1, 10),
    ({"shape": "burst", "size": 0, "corner": [5, 5]}, 4 * 1 * 1, 10),
    # 30 ft is 9 m: reach 7
    ({"shape": "burst", "size": 30, "corner": [5, 5], "map": {**MAP, "unit": "ft"}},
     4 * 7 * 7, 10),
    ({"shape": "cone", "size": 9, "source": "ogre", "direction": "e"}, 2 * 7 * 7, 40),
    ({"shape": "emanation", "size": 3, "source": "ogre"}, (2 * (3 + 6) + 1) ** 2, 50),
    ({"shape": "line", "size": 12, "source": "ogre", "direction": "e"},
     (2 * (9 + 6) + 1) ** 2, 130),
    # a line 3 m wide reaches 2 squares further
    ({"shape": "line", "size": 12, "width": 3, "source": "ogre", "direction": "e"},
     (2 * (9 + 2 + 6) + 1) ** 2, 130),
    ({"shape": "line", "size": 12, "width": 1, "source": "ogre", "direction": "e"},
     (2 * (9 + 0 + 6) + 1) ** 2, 130),
])
def test_an_area_costs_the_squares_its_shape_examines(fields: dict[str, Any], squares: int,
                                                      per_square: int) -> None:
    battle = {**MAP, "creatures": [{"name": "ogre", "at": [10, 10], "size": "large"}],
              **fields.pop("map", {})}
    request = {"action": "area", "map": battle, **fields}
    expected = squares * per_square + map_units(30, 20, creatures=1)
    assert units(request) == expected
    # drawing the area adds 10 units for every square of the map
    assert units({**request, "svg": True}) == expected + 10 * 30 * 20


def test_an_area_by_hand() -> None:
    # the example map of the API documentation (12 × 10, two walls, two creatures): a
    # burst of 6 m examines 100 squares (1,000 units); the map 1,200 + 20 + 20 + 2,000
    example = {"width": 12, "height": 10, "walls": [[6, 2], [6, 3]],
               "creatures": [{"name": "ogre", "at": [2, 2], "size": "large", "reach": 3},
                             {"name": "fighter", "at": [4, 4]}]}
    assert units({"action": "area", "map": example, "shape": "burst", "size": 6,
                  "corner": [5, 5]}) == 1_000 + 3_240


FULL_MAP = {
    "width": 40, "height": 25, "walls": [[1, 1], [1, 2], [1, 3]], "grates": [[2, 2]],
    "dim": [[3, 3], [3, 4]], "darkness": [[5, 5], [5, 6], [5, 7], [5, 8]],
    "lights": [{"at": [0, 0], "radius": 6}, {"at": [9, 9], "radius": 3}],
    "creatures": [{"name": "a", "at": [10, 10]}, {"name": "b", "at": [12, 10]},
                  {"name": "c", "at": [14, 10]}],
}


@pytest.mark.parametrize("fields", [
    {"action": "distance", "a": "a", "b": "b"},
    {"action": "reach", "attacker": "a", "target": "b"},
    {"action": "detect", "observer": "a", "target": "b"},
    {"action": "line_of_effect", "source": "a", "target": "c"},
    {"action": "line_of_sight", "source": "a", "target": "c"},
    {"action": "draw_map"},
])
def test_a_map_action_costs_the_map(fields: dict[str, Any]) -> None:
    # 3 walls + 1 grate + 2 dim + 4 dark squares listed; 3 creatures, 2 lights
    expected = map_units(40, 25, listed=10, creatures=3, lights=2)
    assert expected == 10_000 + 100 + 90 + 3_000
    assert units({**fields, "map": FULL_MAP}) == expected


def test_an_empty_map_costs_its_squares() -> None:
    assert units({"action": "draw_map", "map": {"width": 7, "height": 3}}) == 210


# An area found by the rule above: a 200 × 200 map (400,000), a burst of 507 m (reach
# 339: 459,684 squares, 4,596,840 units) and 316 walls (3,160) cost exactly the budget.
# Every term is a multiple of 10 units: the next cost the rule can give is 10 more.
def area_request(walls: int) -> dict[str, Any]:
    return {"system": "pf2e", "action": "area", "shape": "burst", "size": 507,
            "corner": [100, 100],
            "map": {"width": 200, "height": 200,
                    "walls": [[x % 200, x // 200] for x in range(walls)]}}


def test_an_area_at_the_budget_is_accepted_and_the_next_cost_refused() -> None:
    assert 4 * 339 * 339 * 10 + map_units(200, 200, listed=316) == BUDGET
    at_budget = prepare(area_request(316))
    assert isinstance(at_budget, Prepared)
    assert at_budget.cost.units == BUDGET
    assert prepare(area_request(317)) == {"ok": False, "error": {
        "code": "limit_exceeded",
        "message": "a burst of 507 m (459,684 squares examined) would cost 5,000,010 units "
                   "of work; the budget is 5,000,000 units per request (docs/limits.md)"}}
