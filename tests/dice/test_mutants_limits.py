"""Each limit of the dice notation exactly at its value and one over it, the values
as docs/limits.md lists them ("Dice notation"): 1,000 characters, 1,000 dice rolled
(rerolls and explosions included), 100,000 dice in one term, 10,000 faces, a
constant of 1,000,000, nesting 50, explosion depth 100; and 200 operators and 100
repeats (docs/notation.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from regelwerk.dice import RollBudget, ScriptedRandomSource, parse, roll
from regelwerk.dice.limits import (
    MAX_CONSTANT,
    MAX_COUNT,
    MAX_DICE,
    MAX_EXPLODE_DEPTH,
    MAX_EXPRESSION_LENGTH,
    MAX_NESTING,
    MAX_OPERATORS,
    MAX_REPEAT,
    MAX_SIDES,
)
from regelwerk.dice.parser import clear_cache
from regelwerk.errors import LimitExceeded


@pytest.fixture(autouse=True)
def _fresh_parses() -> Iterator[None]:
    """Parsed trees are cached by their text: each test parses afresh."""
    clear_cache()
    yield
    clear_cache()


def _refused(text: str, fragment: str) -> None:
    with pytest.raises(LimitExceeded, match=fragment) as refused:
        parse(text)
    assert refused.value.code == "limit_exceeded"


def test_the_limits_are_those_of_the_documentation() -> None:
    assert (MAX_EXPRESSION_LENGTH, MAX_DICE, MAX_COUNT, MAX_SIDES, MAX_CONSTANT, MAX_NESTING,
            MAX_EXPLODE_DEPTH, MAX_OPERATORS, MAX_REPEAT) == (
        1000, 1000, 100_000, 10_000, 1_000_000, 50, 100, 200, 100)
    RollBudget().spend()  # runs the module, so that its constants are tried here


def test_an_expression_of_1000_characters_and_not_one_more() -> None:
    text = "1" + " " * 999
    assert len(text) == 1000
    assert str(parse(text)) == "1"
    _refused(text + " ", "expression too long: 1001 characters; at most 1000")


def test_100000_dice_in_one_term_and_not_one_more() -> None:
    assert str(parse("100000d6")) == "100000d6"
    _refused("100001d6", "dice count 100001 is too large: at most 100000")


def test_10000_faces_and_not_one_more() -> None:
    assert str(parse("1d10000")) == "1d10000"
    _refused("1d10001", "number of faces 10001 is too large: at most 10000")


def test_a_constant_up_to_a_million() -> None:
    assert str(parse("1000000")) == "1000000"
    _refused("1000001", "number 1000001 is too large: at most 1000000")
    assert parse("00000001") == parse("1")  # leading zeros do not count (as in d20)
    _refused("0" * 900 + "1000001", "number 1000001 is too large")  # never a cut number


def test_200_operators_and_not_one_more() -> None:
    assert roll("1" + "+1" * 200).total == 201
    _refused("1" + "+1" * 201, "too many operators: at most 200")
    assert roll("1" + "<1" * 200).total == 1  # 1<1 is 0, 0<1 is 1, …
    _refused("1" + "<1" * 201, "too many operators")
    assert roll("1" + "*1" * 200).total == 1
    _refused("1" + "*1" * 201, "too many operators")
    _refused("1" + "*1" * 100 + "+1" * 50 + ">=1" * 51, "too many operators")


def test_100_repeats_and_not_one_more() -> None:
    assert len(roll("100#1").tree.rolls) == 100  # type: ignore[union-attr]
    _refused("101#1", "repeat 101 is too large: at most 100")


def test_nesting_of_50_and_not_one_more() -> None:
    assert roll("(" * 50 + "1" + ")" * 50).total == 1
    _refused("(" * 51 + "1" + ")" * 51, "nested too deeply: at most 50 levels")
    assert roll("-" * 50 + "1").total == 1
    _refused("-" * 51 + "1", "nested too deeply")
    assert roll("(" * 25 + "-" * 25 + "1" + ")" * 25).total == -1
    _refused("(" * 25 + "-" * 26 + "1" + ")" * 25, "nested too deeply")


def test_side_by_side_parentheses_and_signs_do_not_nest() -> None:
    text = "+".join(["(" * 50 + "1" + ")" * 50] * 3)
    assert roll(text).total == 3
    assert roll("+".join(["-" * 50 + "1"] * 3)).total == 3
    # a closed parenthesis or sign gives back exactly its level
    _refused("(1)+(1)+" + "(" * 51 + "1" + ")" * 51, "nested too deeply")
    _refused("-1+-1+" + "-" * 51 + "1", "nested too deeply")


def test_an_explosion_depth_of_100_and_not_one_more() -> None:
    assert str(parse("1d6!@100")) == "1d6e6@100"
    _refused("1d6!@101", "explosion depth 101 is too deep: at most 100")


def test_1000_dice_rolled_and_not_one_more() -> None:
    assert roll("1000d1").total == 1000
    assert roll("500d1+500d1").total == 1000
    with pytest.raises(LimitExceeded, match="at most 1000 dice may be rolled"):
        roll("1001d1")
    with pytest.raises(LimitExceeded, match="at most 1000 dice"):
        roll("500d1+501d1")


def test_rerolls_and_explosions_count_as_dice() -> None:
    # 1d1 explodes on 1 every round: 1 die and 99 more, then 999 more
    assert roll("1d1!@99+900d1").total == 1000
    with pytest.raises(LimitExceeded, match="at most 1000 dice"):
        roll("1d1!@99+901d1")
    faces = [2] * 998 + [1, 2]
    assert roll("999d2ro1", ScriptedRandomSource(faces)).total == 2 * 999
    with pytest.raises(LimitExceeded, match="at most 1000 dice"):
        roll("999d2ro1", ScriptedRandomSource([2] * 997 + [1, 1, 2, 2]))


def test_a_roll_budget_counts_dice_up_to_its_most() -> None:
    budget = RollBudget(max_dice=3)
    budget.spend(2)
    budget.spend()
    assert budget.rolled == 3
    with pytest.raises(LimitExceeded, match="at most 3 dice") as refused:
        budget.spend()
    assert refused.value.values == {"max_dice": "3"}  # a Number, shown by Babel
    assert RollBudget().max_dice == 1000
    assert RollBudget().rolled == 0
    fresh = RollBudget()
    fresh.spend(1000)
    with pytest.raises(LimitExceeded):
        fresh.spend(1)
