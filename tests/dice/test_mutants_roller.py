"""Arithmetic and sets of the roller (``regelwerk.dice.roller``), against the
operators written out here on exact fractions (docs/notation.md: ``/`` exact,
``//`` rounding down, ``%`` the remainder of rounding down, comparisons 1 or 0;
only the final total is cut toward zero) and the keep/drop rules of sets."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from regelwerk.dice import ScriptedRandomSource, roll
from regelwerk.dice.nodes import Operation, Selector
from regelwerk.dice.roller import apply_operator, keep_items
from regelwerk.errors import EvaluationError

VALUES = [Fraction(-7), Fraction(-1, 2), Fraction(0), Fraction(1), Fraction(3),
          Fraction(7, 2), Fraction(10)]


def written_out(op: str, a: Fraction, b: Fraction) -> Fraction:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a / b
    if op == "//":
        return Fraction(math.floor(a / b))
    if op == "%":
        return a - b * math.floor(a / b)
    truth = {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}
    return Fraction(int(truth[op]))


@pytest.mark.parametrize("op", ["+", "-", "*", "/", "//", "%", "==", "!=", "<", ">", "<=", ">="])
def test_each_operator_on_exact_values(op: str) -> None:
    for a in VALUES:
        for b in VALUES:
            if op in ("/", "//", "%") and b == 0:
                continue
            left = int(a) if a.denominator == 1 else a
            right = int(b) if b.denominator == 1 else b
            value = apply_operator(op, left, right)
            assert value == written_out(op, a, b), (a, op, b)
            if op not in ("+", "-", "*"):  # divisions and comparisons: whole results are ints
                assert isinstance(value, int) == (Fraction(value).denominator == 1), (a, op, b)


@pytest.mark.parametrize("op", ["/", "//", "%"])
def test_dividing_by_zero_is_refused(op: str) -> None:
    for zero in (0, Fraction(0)):
        with pytest.raises(EvaluationError, match=f"the divisor of '{op}' must not be 0"):
            apply_operator(op, 3, zero)
    with pytest.raises(EvaluationError) as refused:
        roll(f"1d6{op}0", ScriptedRandomSource([4]))
    assert refused.value.code == "invalid_expression"


def _op(name: str, *selectors: tuple[str, int]) -> Operation:
    return Operation(name, tuple(Selector(k, v) for k, v in selectors))  # type: ignore[arg-type]


@pytest.mark.parametrize(("ops", "values", "kept"), [
    ([("k", [("h", 1)])], [3, 5, 5], [False, True, False]),
    ([("k", [("l", 1)])], [3, 1, 1], [False, True, False]),
    ([("p", [("h", 1)])], [3, 5, 5], [True, False, True]),
    ([("p", [("l", 2)])], [3, 1, 2], [True, False, False]),
    ([("k", [("h", 1), ("l", 1)])], [3, 1, 5], [False, True, True]),
    ([("k", [(">", 2)])], [3, 1, 2], [True, False, False]),
    ([("p", [("<=", 2)])], [3, 1, 2], [True, False, False]),
    ([("k", [("h", 2)]), ("p", [("l", 1)])], [1, 5, 3], [False, True, False]),
    ([("p", [("h", 1)]), ("k", [("h", 1)])], [6, 5, 3], [False, True, False]),
    ([("k", [("h", 9)])], [1, 2], [True, True]),
    ([("k", [("h", 0)])], [1, 2], [False, False]),
    ([], [1, 2], [True, True]),
])
def test_which_items_of_a_set_stay(ops: list[tuple[str, list[tuple[str, int]]]],
                                   values: list[int], kept: list[bool]) -> None:
    assert keep_items(tuple(_op(n, *s) for n, s in ops), list(values)) == kept


@pytest.mark.parametrize(("text", "faces", "total"), [
    ("(1d6, 1d6, 1d6)kh2", (2, 6, 4), 10), ("(1d6, 3)kl1", (5,), 3), ("(1d6, 3)p3", (3,), 0),
    ("-1d6", (4,), -4), ("-(1d6)/3", (4,), -1), ("(1d6)/3", (4,), 1), ("(7/2, 1/2)kh1", (), 3),
    ("(7/2, 1/2)", (), 4), ("3#1d4", (1, 2, 4), 7), ("2#(1d4/3)", (4, 4), 2),
    ("(1d6 [a]) + 1", (2,), 3), ("1d6 [a] + 1", (2,), 3), ("-7/2", (), -3), ("7/2", (), 3),
])
def test_totals(text: str, faces: tuple[int, ...], total: int) -> None:
    source = ScriptedRandomSource(faces)
    assert roll(text, source).total == total
    assert source.remaining == 0


def test_a_set_remembers_each_item_and_whether_it_stays() -> None:
    result = roll("(1d6, 2, 1d4)kh2", ScriptedRandomSource([1, 3]))
    tree = result.tree
    assert tree.kept == (False, True, True)  # type: ignore[union-attr]
    assert [item.value for item in tree.items] == [1, 2, 3]  # type: ignore[union-attr]
    assert tree.value == 5
    exact = roll("(7/2, 1/4)", ScriptedRandomSource([])).tree
    assert exact.value == Fraction(15, 4)
    assert roll("(7/2, 1/4)").total == 3
