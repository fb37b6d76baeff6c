"""The dice notation parser (docs/notation.md): whitespace wherever the grammar
allows it, the normalised text of each construct written out here, the precedence
of the grammar checked by value, and every error with its position and the
alternatives it names ("found X, expected A or B or C")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from regelwerk.dice import ScriptedRandomSource, parse, roll
from regelwerk.dice.cost import odds_cost, term_steps
from regelwerk.dice.nodes import BinaryOp, Commented, Dice, Group, Labelled, Number, SetOf
from regelwerk.dice.parser import clear_cache
from regelwerk.errors import DiceSyntaxError, LimitExceeded


@pytest.fixture(autouse=True)
def _fresh_parses() -> Iterator[None]:
    clear_cache()
    yield
    clear_cache()


def total(text: str, *faces: int) -> int:
    source = ScriptedRandomSource(faces)
    result = roll(text, source)
    assert source.remaining == 0
    return result.total


@pytest.mark.parametrize(("text", "normal"), [
    ("1 + 2", "1+2"), ("1+ 2", "1+2"), ("1 +2", "1+2"), ("  1+2", "1+2"),
    ("3 * 2", "3*2"), ("3 *2", "3*2"), ("3* 2", "3*2"), ("7 // 2", "7//2"), ("7 % 2", "7%2"),
    ("1 < 2", "1 < 2"), ("1< 2", "1 < 2"), ("1 <2", "1 < 2"), ("1 == 1", "1 == 1"),
    ("1 != 2", "1 != 2"), ("1 >= 2", "1 >= 2"), ("1 <= 2", "1 <= 2"), ("1 > 2", "1 > 2"),
    ("- 1", "-1"), ("+ 1", "1"), ("-+-1", "--1"), ("( 1 , 2 )", "(1, 2)"), ("( 1 )", "(1)"),
    ("(1 ,)", "(1,)"), ("( )", "()"), ("()", "()"), ("(1d6 )kh1", "(1d6)kh1"),
    ("4d6 kh3", "4d6kh3"), ("4d6kh3 kl1", "4d6kh3kl1"), ("1d6 [fire]", "1d6 [fire]"),
    ("1d6 [ fire ]", "1d6 [fire]"), ("1d6[a][b]", "1d6 [a b]"), ("1d6 [a] [b]", "1d6 [a b]"),
    ("3 [x]", "3 [x]"), ("3 [a] [b]", "3 [a b]"), ("(1d6 [a])kh1 [b]", "(1d6)kh1 [a] [b]"),
    ("2 # 1d6", "2#1d6"), (" 2#1d6", "2#1d6"), ("d6", "1d6"), ("D6", "1d6"), ("2W6", "2d6"),
    ("w6", "1d6"), ("d%", "1d%"), ("2.5", "2.5"), (".5", ".5"), ("2.", "2."),
    ("(4d6kh3)kl1", "(4d6kh3)kl1"), ("((10d6kh5)kl2)kh1", "((10d6kh5)kl2)kh1"),
    ("((4d6))kh1", "(4d6)kh1"), ("(4d6)kh1", "(4d6)kh1"), ("((1, 2)kh1)kl1", "((1, 2)kh1)kl1"),
    ("(1, 2)kh1", "(1, 2)kh1"), ("(1+1)kh1", "(1+1)kh1"), ("((1+1))kh1", "((1+1))kh1"),
    ("4d6dh1", "4d6ph1"), ("4d6dl", "4d6pl1"), ("4d6kh", "4d6kh1"), ("4d6kl", "4d6kl1"),
    ("4d6r1", "4d6rr1"), ("4d6r<2", "4d6rr<2"),
    ("4d6!", "4d6e6"), ("4d6e", "4d6e6"), ("4d6!>5", "4d6e>5"), ("4d6!@2", "4d6e6@2"),
    ("4d6e5e6", "4d6e5e6"), ("4d6e5@1e6", "4d6e5@1e6"), ("4d6e5e6@1", "4d6e5e6@1"),
    ("4d6mi2mi3", "4d6mi2mi3"), ("4d6ma5", "4d6ma5"), ("4d6k1k2", "4d6k1k2"),
    ("4d6ro1ro2", "4d6ro1ro2"), ("4d6cs>=5", "4d6cs>=5"), ("4d6k=3", "4d6k3"),
    ("4d6k>=3k<=4", "4d6k>=3k<=4"), ("1d20 to hit", "1d20 to hit"),
    ("1d20+5 to hit the orc", "1d20+5 to hit the orc"), ("1 !=2", "1 != 2"),
    ("4d6 r1", "4d6rr1"), ("4d6 r>5", "4d6rr>5"), ("1#1d6", "1#1d6"), ("1d6 ", "1d6"),
    ("((1+1)kh1)kl1", "((1+1)kh1)kl1"), ("1 )", "1 )"), ("4d6 dh", "4d6ph1"),
    ("1 + -1", "1+-1"), ("2 * -3", "2*-3"), ("1 - - 1", "1--1"), ("(1, )", "(1,)"),
    ("(1 ,2 , 3 )", "(1, 2, 3)"),
])
def test_normalised_text(text: str, normal: str) -> None:
    assert str(parse(text)) == normal


def test_merged_operations_are_one_operation() -> None:
    tree = parse("4d6k1k2 kh1")
    assert isinstance(tree, Dice)
    assert [(op.name, [str(s) for s in op.selectors]) for op in tree.ops] == \
        [("k", ["1", "2", "h1"])]
    tree = parse("4d6e5e6@1")
    assert isinstance(tree, Dice)
    assert [(op.name, op.depth) for op in tree.ops] == [("e", None), ("e", 1)]
    tree = parse("4d6mi2mi3")
    assert isinstance(tree, Dice)
    assert len(tree.ops) == 2


def test_the_trees_of_each_construct() -> None:
    assert parse("2d6") == Dice(2, 6)
    assert parse("d%") == Dice(1, 100, percent=True)
    assert parse("1d6 [a] [b]") == Dice(1, 6, label="a b")
    assert parse("3 [a]") == Labelled(Number(3), "a")
    assert parse("(1)") == Group(Number(1))
    assert parse("(1,)") == SetOf((Number(1),))
    assert parse("()") == SetOf(())
    assert parse("(1+1)kh1").is_set is False  # type: ignore[union-attr]
    assert parse("1 < 2") == BinaryOp("<", Number(1), Number(2))
    assert parse("1d6 hits") == Commented(Dice(1, 6), "hits")
    assert parse("1 )") == Commented(Number(1), ")")  # the longest whole start: "1"
    assert parse("1 2 3") == Commented(Number(1), "2 3")
    labelled = parse("(1d6 [a])kh1 [b]")
    assert isinstance(labelled, Labelled)
    assert labelled.label == "b"
    assert isinstance(labelled.inner, Dice)
    assert labelled.inner.label == "a"


@pytest.mark.parametrize(("text", "faces", "expected"), [
    ("2+3*4", (), 14), ("2*3+4", (), 10), ("10-2-3", (), 5), ("12/3/2", (), 2),
    ("7//2*2", (), 6), ("7%4*2", (), 6), ("1+2 == 3", (), 1), ("1 < 2 < 3", (), 1),
    ("3 > 2 > 1", (), 0), ("-2*3", (), -6), ("--2", (), 2), ("-(1+2)*2", (), -6),
    ("2d6*2", (3, 4), 14), ("1d6-1d4", (5, 3), 2), ("1 + 2 >= 3", (), 1),
    ("0.5*4", (), 2), ("2.5+2.5", (), 5), (".5+.5", (), 1), ("1d4 != 2", (2,), 0),
])
def test_precedence_by_value(text: str, faces: tuple[int, ...], expected: int) -> None:
    assert total(text, *faces) == expected


# -- errors ---------------------------------------------------------------------------

def refused(text: str) -> DiceSyntaxError:
    with pytest.raises(DiceSyntaxError) as info:
        parse(text)
    assert info.value.code == "syntax_error"
    return info.value


@pytest.mark.parametrize(("text", "line", "column", "found", "expected"), [
    ("x", 1, 1, "'x'", "a number or dice such as 2d6 or '(' or '-'"),
    ("(1 2", 1, 4, "'2'", "',' or ')'"),
    ("1d6)", 1, 4, "')'", "an operator or the end of the expression"),
    ("1d6[x", 1, 6, "the end", "']' to close the annotation"),
    ("1d6kx", 1, 5, "'x'", "a selector such as 3, h3, l1, >4 or <2"),
    ("1d6ro", 1, 6, "the end", "a selector such as 3, h3, l1, >4 or <2"),
    ("1d6k>", 1, 6, "the end", "a number"),
    ("1d6!@", 1, 6, "the end", "an explosion depth after '@'"),
    ("1d6!@x", 1, 6, "'x'", "an explosion depth after '@'"),
    ("(\n1 2", 2, 3, "'2'", "',' or ')'"),
    ("(\n\n 12 3", 3, 5, "'3'", "',' or ')'"),
    ("((1)\n+)", 2, 2, "')'", "a number or dice such as 2d6 or '(' or '-'"),
    ("(1,\t(", 1, 6, "the end", "a number or dice such as 2d6 or '(' or '-'"),
])
def test_syntax_errors_say_where_what_was_found_and_what_may_come(
        text: str, line: int, column: int, found: str, expected: str) -> None:
    error = refused(text)
    assert (error.line, error.column, error.found) == (line, column, found)
    assert error.message == (f"syntax error at line {line}, column {column}: found {found}, "
                             f"expected {expected}")


def test_a_die_without_faces() -> None:
    for text, column in (("1d", 3), ("d", 2), ("2d+1", 3), ("1+ d", 5)):
        error = refused(text)
        assert error.column == column
        assert "without a number of faces" in error.message


def test_other_refusals() -> None:
    assert "at least 1 face" in refused("1d0").message
    assert refused("1d0").found == "0"
    error = refused("1d6mi>2")
    assert error.message == "'mi>2' at column 5: mi takes a plain number, such as mi2"
    assert "ma takes a plain number" in refused("1d6mah1").message
    assert "a repeat needs at least 1 roll" in refused("0#1d6").message
    error = refused("(1d6)ro1")
    assert error.message.startswith("'ro' at column 6 applies to dice only")
    assert "'e' at column 7" in refused("(1, 2)e2").message
    assert "would reroll forever" in refused("4d6rr<=6").message
    assert "would reroll forever" in refused("4d6rrh1").message
    assert "would explode forever" in refused("4d6!>=1").message
    assert "would explode forever" in refused("1d1!").message
    assert "must be the last operation" in refused("4d6cs5kh1").message
    assert "empty expression" in refused(" \n ").message


def test_operations_that_finish_are_allowed() -> None:
    assert str(parse("4d6rr<=5")) == "4d6rr<=5"
    assert str(parse("4d6!>=1@3")) == "4d6e>=1@3"
    assert str(parse("4d6eh1")) == "4d6eh1"
    assert str(parse("1d1!@2")) == "1d1e1@2"
    assert str(parse("4d6kh1cs5")) == "4d6kh1cs5"
    assert str(parse("4d6rr>1")) == "4d6rr>1"  # a 1 stops it
    assert str(parse("4d6!>1")) == "4d6e>1"
    assert str(parse("1d1rr>1")) == "1d1rr>1"
    assert "would reroll forever" in refused("1d1rr1").message


def test_an_r_without_a_selector_is_a_comment() -> None:
    assert parse("4d6 reroll") == Commented(Dice(4, 6), "reroll")
    error = refused("4d6r")
    assert (error.column, error.found) == (4, "'r'")


@pytest.mark.parametrize(("text", "message"), [
    ("1d6 [" + "x" * 101 + "]", "annotation too long: at most 100 characters"),
    ("1." + "1" * 19, "decimal 1.1111111111… is too long: at most 20 digits"),
    # the number quoted whole up to 15 digits, never cut (a cut number is another number)
    ("1234567890123d6", "dice count 1234567890123 is too large: at most 100000"),
    ("1d1234567890123", "number of faces 1234567890123 is too large: at most 10000"),
    ("1d6k12345678901234", "number 12345678901234 is too large: at most 1000000"),
    ("1d6k" + "9" * 16, "number with 16 digits is too large: at most 1000000"),
    ("1d6k" + "1" * 900, "number with 900 digits is too large: at most 1000000"),
])
def test_limits_of_the_text(text: str, message: str) -> None:
    with pytest.raises(LimitExceeded) as info:
        parse(text)
    assert info.value.message == message


def test_limits_of_the_text_allow_their_value() -> None:
    assert parse("1d6 [" + "x" * 100 + "]") == Dice(1, 6, label="x" * 100)
    assert str(parse("1." + "1" * 18)) == "1." + "1" * 18
    assert parse("0000001") == Number(1)
    assert parse("1000000") == Number(1_000_000)


def test_the_cache_holds_4096_texts_and_forgets_the_oldest() -> None:
    oldest = parse("0")
    for n in range(1, 4096):
        parse(str(n))
    assert parse("0") is oldest  # 4096 texts: all kept
    second = parse("1")
    parse("4096")
    assert parse("1") is second
    renewed = parse("0")
    assert renewed is not oldest  # the 4097th text pushed out the first
    assert renewed == oldest


def test_forgetting_parses_forgets_their_cost_estimates() -> None:
    tree = parse("3d6")
    cost = odds_cost(tree)
    steps = term_steps(Dice(3, 6))
    assert odds_cost(tree) is cost
    assert term_steps(Dice(3, 6)) is steps
    clear_cache()
    assert odds_cost(tree) is not cost
    assert odds_cost(tree) == cost
    assert term_steps(Dice(3, 6)) is not steps


def test_the_cache_gives_the_same_tree_and_forgets_on_request() -> None:
    first = parse("3d6+1")
    assert parse("3d6+1") is first
    clear_cache()
    again = parse("3d6+1")
    assert again == first
    assert again is not first
