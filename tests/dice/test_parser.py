"""The dice notation: what parses, how it normalises, and clear errors."""

from __future__ import annotations

import pytest

from regelwerk.dice import clear_cache, parse
from regelwerk.dice.nodes import Dice
from regelwerk.errors import DiceSyntaxError, LimitExceeded, RegelwerkError


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("1d20 + 5", "1d20+5"),
        ("3W6+1", "3d6+1"),
        ("w6", "1d6"),
        ("d%", "1d%"),
        ("4d6kh3", "4d6kh3"),
        ("4d6 kh", "4d6kh1"),
        ("4d6dl1", "4d6dl1"),
        ("1d20ro1", "1d20ro1"),
        ("4d6rr<3", "4d6r<3"),
        ("8d6!", "8d6!6"),
        ("8d6e6", "8d6!6"),
        ("8d6!6>=5", "8d6!6>=5"),
        ("8d6!>5@2", "8d6!>5@2"),
        ("2d6mi2ma5", "2d6mi2ma5"),
        ("2d6[cold iron]", "2d6[cold iron]"),
        ("(1+2)*3//2", "(1+2)*3/2"),
        ("-2d6", "-2d6"),
    ],
)
def test_notation_normalises(text: str, normalised: str) -> None:
    assert str(parse(text)) == normalised


def test_modifiers_apply_in_fixed_order_whatever_the_written_order() -> None:
    assert parse("4d6kh3r1") == parse("4d6r1kh3")


def test_tree_is_cached_by_normalised_text() -> None:
    clear_cache()
    assert parse("2d6 + 1") is parse("2d6+1")


def test_syntax_error_says_where_what_was_found_and_expected() -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse("1d6 +* 3")
    error = info.value
    assert (error.line, error.column) == (1, 6)
    assert error.found == "'*'"
    assert "a number" in error.expected
    assert "column 6" in error.message


def test_die_without_faces_says_how_dice_are_written() -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse("2d")
    assert info.value.found == "'d'"
    assert (info.value.line, info.value.column) == (1, 2)
    assert "a die is written like 2d6" in info.value.message
    assert info.value.code == "syntax_error"


def test_unfinished_expression_reports_the_end() -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse("2d6+")
    assert info.value.found == "the end"
    assert info.value.column == 5


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1d6!<7", "explode forever"),
        ("1d6r<7", "reroll forever"),
        ("2d6kh1kh2", "given twice"),
        ("2d6mi5ma2", "above maximum"),
        ("4d6!kh3", "cannot be combined"),
        ("1d0", "at least 1 face"),
        ("", "empty expression"),
    ],
)
def test_refused_expressions_say_why(text: str, fragment: str) -> None:
    with pytest.raises(DiceSyntaxError, match=fragment):
        parse(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1001d6", "at most 1000 dice"),
        ("1d10001", "at most 10000 faces"),
        ("1" * 12, "numbers go up to"),
        ("1+" * 600 + "1", "at most 1000"),
        ("(" * 60 + "1" + ")" * 60, "nested too deeply"),
        ("-" * 200 + "1", "nested too deeply"),
        ("1d6!@101", "at most 100"),
    ],
)
def test_limits(text: str, fragment: str) -> None:
    with pytest.raises(LimitExceeded, match=fragment) as info:
        parse(text)
    assert info.value.code == "limit_exceeded"


def test_dice_node_fields() -> None:
    node = parse("3d6r1mi2kh2>=4[fire]")
    assert isinstance(node, Dice)
    assert (node.count, node.sides, node.minimum, node.label) == (3, 6, 2, "fire")
    exploding = parse("3d6!>5@2")
    assert isinstance(exploding, Dice)
    assert exploding.explode is not None
    assert (str(exploding.explode.selector), exploding.explode.depth) == (">5", 2)


def test_all_errors_share_the_root() -> None:
    for text in ("2d", "1001d6", "1d6r<7"):
        with pytest.raises(RegelwerkError):
            parse(text)
