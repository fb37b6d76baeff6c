"""The syntax tree's own rules (``regelwerk.dice.nodes``): what each selector selects,
checked face by face at its edges against the comparison written out here, and the
normalised notation of each node (docs/notation.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.dice.nodes import (
    BinaryOp,
    Commented,
    Dice,
    Group,
    Labelled,
    Negate,
    Number,
    Operation,
    Repeat,
    Selector,
    SetOf,
)

RULES = {"=": lambda f, v: f == v, ">": lambda f, v: f > v, "<": lambda f, v: f < v,
         ">=": lambda f, v: f >= v, "<=": lambda f, v: f <= v}


@pytest.mark.parametrize("kind", ["=", ">", "<", ">=", "<="])
def test_value_selectors_at_their_edges(kind: str) -> None:
    selector = Selector(kind, 3)  # type: ignore[arg-type]
    for face in (1, 2, 3, 4, 5, Fraction(5, 2), Fraction(7, 2)):
        assert selector.matches(face) is RULES[kind](face, 3), (kind, face)
    assert not selector.by_rank


@pytest.mark.parametrize("kind", ["h", "l"])
def test_rank_selectors_select_no_value(kind: str) -> None:
    selector = Selector(kind, 2)  # type: ignore[arg-type]
    assert selector.by_rank
    assert all(selector.matches(f) is False for f in range(-3, 8))
    assert str(selector) == f"{kind}2"


def test_an_operation_selects_the_union_of_its_selectors() -> None:
    op = Operation("k", (Selector("<", 2), Selector(">", 5), Selector("h", 1)))
    assert [f for f in range(1, 7) if op.selects(f)] == [1, 6]
    assert op.by_rank
    assert not Operation("k", (Selector("<", 2), Selector(">", 5))).by_rank
    assert str(op) == "k<2k>5kh1"
    assert str(Operation("e", (Selector("=", 6),), 3)) == "e6@3"
    assert str(Operation("e", (Selector("=", 6),), 0)) == "e6@0"
    assert str(Operation("ro", (Selector(">=", 5),))) == "ro>=5"


def test_the_notation_of_each_node() -> None:
    d6 = Dice(2, 6)
    assert str(Number(3)) == "3"
    assert str(Number(Fraction(5, 2), "2.50")) == "2.50"
    assert str(Number(Fraction(5, 2))) == "5/2"
    assert str(Dice(1, 100, percent=True)) == "1d%"
    assert str(Dice(1, 100)) == "1d100"
    assert str(Dice(2, 6, label="fire")) == "2d6 [fire]"
    assert str(Dice(2, 6, label="")) == "2d6 []"
    assert str(SetOf((Number(1),))) == "(1,)"
    assert str(SetOf((Number(1),), is_set=False)) == "(1)"
    assert str(SetOf((Number(1), d6))) == "(1, 2d6)"
    assert str(SetOf(())) == "()"
    assert str(BinaryOp("+", d6, Number(1))) == "2d6+1"
    assert str(BinaryOp("//", d6, Number(1))) == "2d6//1"
    assert str(BinaryOp(">=", d6, Number(1))) == "2d6 >= 1"
    assert str(BinaryOp("!=", d6, Number(1))) == "2d6 != 1"
    assert str(Negate(d6)) == "-2d6"
    assert str(Group(d6)) == "(2d6)"
    assert str(Labelled(Number(9), "fire")) == "9 [fire]"
    assert str(Repeat(6, d6)) == "6#2d6"
    assert str(Commented(d6, "to hit")) == "2d6 to hit"


def test_operations_behind_parentheses_keep_their_levels() -> None:
    kh = Operation("k", (Selector("h", 5),))
    kl = Operation("k", (Selector("l", 2),), level=1)
    top = Operation("k", (Selector("h", 1),), level=2)
    assert str(Dice(10, 6, ops=(kh, kl, top))) == "((10d6kh5)kl2)kh1"
    assert str(Dice(10, 6, ops=(kh, top))) == "((10d6kh5))kh1"
    assert str(Dice(10, 6, ops=(kl,))) == "(10d6)kl2"
    assert str(Dice(10, 6, ops=(kh, kh))) == "10d6kh5kh5"
    assert str(SetOf((Number(1), Number(2)), ops=(kh, kl))) == "((1, 2)kh5)kl2"
