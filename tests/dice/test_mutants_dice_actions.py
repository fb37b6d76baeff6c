"""The dice system's protocol actions (``regelwerk.systems.dice.actions``): whole
responses of ``roll`` and ``distribution``, the chances in them enumerated here
face by face (every face of every die equally likely), and the odds a roll leaves
out beyond its twentieth of the budget (docs/limits.md)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from regelwerk import resolve
from regelwerk.dice import parse
from regelwerk.dice.cost import odds_cost
from regelwerk.systems.dice.actions import Written
from regelwerk.systems.dice.costs import COSTS


def chances(*dice: int, plus: int = 0) -> dict[int, Fraction]:
    """Sums of the given dice (plus a constant), every face sequence counted."""
    counts = Counter(sum(faces) + plus for faces in product(*(range(1, s + 1) for s in dice)))
    whole = sum(counts.values())
    return {v: Fraction(c, whole) for v, c in sorted(counts.items())}


def at_least(odds: dict[int, Fraction], total: int) -> float:
    return float(sum(p for v, p in odds.items() if v >= total))


def dice_json(sides: int, *faces: int) -> list[dict[str, Any]]:
    return [{"sides": sides, "natural": f, "value": f, "kept": True, "dropped": False,
             "rerolled": False, "exploded": False, "from_explosion": False, "success": None}
            for f in faces]


def test_a_roll_answers_its_dice_and_the_odds_of_its_total() -> None:
    odds = chances(4, 4, plus=1)
    assert resolve({"system": "dice", "action": "roll", "expression": "2d4+1",
                    "faces": [1, 3]}) == {
        "ok": True, "expression": "2d4+1", "total": 5, "faces": [1, 3],
        "terms": [{"term": "2d4", "label": None, "total": 4, "dice": dice_json(4, 1, 3)}],
        "probability_at_least": at_least(odds, 5), "probability": float(odds[5]),
        "text": "Rolled 2d4 (1, 3) + 1 = 5",
    }
    assert at_least(odds, 5) == 13 / 16


def test_the_highest_and_lowest_totals() -> None:
    top = resolve({"system": "dice", "action": "roll", "expression": "2d4", "faces": [4, 4]})
    assert (top["probability_at_least"], top["probability"]) == (1 / 16, 1 / 16)
    low = resolve({"system": "dice", "action": "roll", "expression": "2d4", "faces": [1, 1]})
    assert (low["probability_at_least"], low["probability"]) == (1.0, 1 / 16)


def test_a_repeat_answers_the_odds_of_each_total() -> None:
    response = resolve({"system": "dice", "action": "roll", "expression": "3#1d4",
                        "faces": [1, 3, 4]})
    assert response["totals"] == [1, 3, 4]
    assert response["probabilities_at_least"] == [1.0, 0.5, 0.25]
    assert "probability" not in response
    assert response["text"] == "Rolled 1d4 (1) = 1; 1d4 (3) = 3; 1d4 (4) = 4 = 8"


def test_a_roll_leaves_out_odds_beyond_a_twentieth_of_the_budget() -> None:
    response = resolve({"system": "dice", "action": "roll", "expression": "100d20kh50",
                        "seed": 1})
    assert response["ok"]
    assert response["odds_omitted"].startswith("the exact odds of '100d20kh50' are too "
                                               "costly to compute (about ")
    assert response["odds_omitted"].endswith(" units of work, at most 250,000); use fewer or "
                                             "smaller dice")
    assert "probability" not in response
    assert "probability_at_least" not in response


def test_a_roll_in_german() -> None:
    response = resolve({"system": "dice", "action": "roll", "expression": "1d2", "faces": [2],
                        "lang": "de"})
    assert response["text"] == "Gewürfelt: 1d2 (2) = 2"
    assert (response["probability_at_least"], response["probability"]) == (0.5, 0.5)


def test_a_distribution_answers_every_value() -> None:
    odds = chances(4, 4)
    assert resolve({"system": "dice", "action": "distribution", "expression": "2d4"}) == {
        "ok": True, "expression": "2d4",
        "distribution": [[v, float(p)] for v, p in odds.items()],
        "mean": 5.0, "median": 5, "cut_off": 0.0, "text": "2d4: mean 5, from 2 to 8",
    }


def test_a_distribution_of_a_repeat_is_one_roll_of_it() -> None:
    assert resolve({"system": "dice", "action": "distribution",
                    "expression": "3#1d4+1 dmg"}) == {
        "ok": True, "expression": "3#1d4+1 dmg",
        "distribution": [[2, 0.25], [3, 0.25], [4, 0.25], [5, 0.25]],
        "mean": 3.5, "median": 3, "cut_off": 0.0, "repeat": 3,
        "text": "3#1d4+1 dmg: mean 3.5, from 2 to 5",
    }


def test_a_mean_is_shown_with_four_digits_in_the_readers_language() -> None:
    # 2d6kh1: the higher of two d6, mean 161/36 = 4.4722…
    highest = Counter(max(a, b) for a in range(1, 7) for b in range(1, 7))
    assert sum(v * c for v, c in highest.items()) == 161
    response = resolve({"system": "dice", "action": "distribution", "expression": "2d6kh1"})
    assert response["mean"] == 161 / 36
    assert response["median"] == 5  # P(≤ 4) = 16/36, P(≤ 5) = 25/36
    assert response["text"] == "2d6kh1: mean 4.472, from 1 to 6"
    german = resolve({"system": "dice", "action": "distribution", "expression": "2d6kh1",
                      "lang": "de"})
    assert german["text"] == "2d6kh1: Mittelwert 4,472, von 1 bis 6"


def test_requests_other_than_one_expression_text_are_explained() -> None:
    wrong = resolve({"system": "dice", "action": "roll", "expression": 5})
    assert wrong == {"ok": False, "error": {
        "code": "wrong_type", "message": "field 'expression': must be a string (got 5)"}}
    extra = resolve({"system": "dice", "action": "distribution", "expression": "1d4", "x": 1})
    assert extra["error"]["code"] == "unknown_field"
    missing = resolve({"system": "dice", "action": "roll"})
    assert missing["ok"] is False
    assert "expression" in missing["error"]["message"]


def test_a_distribution_costs_its_odds_and_showing_every_value() -> None:
    """docs/limits.md: the exact odds, and a division of two big integers per value
    shown (200 steps and 8 a word of the denominator: CPython's true division is
    linear in the words), 12 steps a unit."""
    for text, span, bits in (("3d6", 16, 9), ("100d6", 501, 300), ("2d20+1d4", 42, 13),
                             ("29d2+1d1", 30, 59)):  # 59 bits: one word of 60
        request = Written(text)
        odds = odds_cost(parse(text)).units
        words = bits // 60 + 1
        assert COSTS["roll"](request).units == odds
        shown = COSTS["distribution"](request)
        assert shown.units == odds + -(-span * (200 + 8 * words) // 12), text
        assert shown.what == f"the exact odds of {text}"
    assert COSTS["distribution"](Written("3d6")).units == 120 + 278  # 1440 and 3328 steps
