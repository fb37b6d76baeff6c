"""Parsing: d20's notation and regelwerk's own, normal forms, comments and errors."""

from __future__ import annotations

import pytest

from regelwerk.dice import ScriptedRandomSource, clear_cache, parse, roll
from regelwerk.dice.nodes import Commented, Dice, Labelled, Repeat, SetOf
from regelwerk.errors import DiceSyntaxError, LimitExceeded, RegelwerkError


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("1d20+5", "1d20+5"),
        ("d20", "1d20"),
        ("2W6 + 3", "2d6+3"),
        ("4d6dl1", "4d6pl1"),
        ("4d6 kh3", "4d6kh3"),
        ("4d6r<3", "4d6rr<3"),
        ("8d6!", "8d6e6"),
        ("8d6!>5@2", "8d6e>5@2"),
        ("10d6k1k2k3", "10d6k1k2k3"),
        ("(1d4, 2+2, 3d6kl1)kh1", "(1d4, 2+2, 3d6kl1)kh1"),
        ("((10d6kh5)kl2)kh1", "((10d6kh5)kl2)kh1"),
        ("(1,)", "(1,)"),
        ("()", "()"),
        ("(1d20+5)kh1", "(1d20+5)kh1"),
        ("2d6[cold iron]", "2d6 [cold iron]"),
        ("9 [fire]", "9 [fire]"),
        ("1 + 2 == 2", "1+2 == 2"),
        ("1d6!=3", "1d6 != 3"),
        ("(1+2)*3//2", "(1+2)*3//2"),
        ("1d% % 10", "1d%%10"),
        (".5+1.25", ".5+1.25"),
        ("6#4d6kh3", "6#4d6kh3"),
        ("8d6cs>=5", "8d6cs>=5"),
    ],
)
def test_notation_normalises(text: str, normalised: str) -> None:
    assert str(parse(text)) == normalised
    assert str(parse(normalised)) == normalised


def test_consecutive_operations_of_one_kind_merge_as_in_d20() -> None:
    tree = parse("4d6kh1kl1")
    assert isinstance(tree, Dice)
    (op,) = tree.ops
    assert [str(s) for s in op.selectors] == ["h1", "l1"]
    # mi/ma never merge, and a parenthesis starts a new chain
    assert len(parse("1d6mi2mi3").ops) == 2  # type: ignore[union-attr]
    assert len(parse("(4d6kh3)kh2").ops) == 2  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "comment"), [
    ("1d20+5 to hit the goblin", "to hit the goblin"),
    ("1d20 keep something", "keep something"),
    ("1d20 damage", "damage"),
    ("1d20 **bold**", "**bold**"),
    ("1d20 please save me from this parsing weirdness",
     "please save me from this parsing weirdness"),
])
def test_a_trailing_comment(text: str, comment: str) -> None:
    # the comment examples of d20's own tests
    tree = parse(text)
    assert isinstance(tree, Commented)
    assert tree.comment == comment
    assert 1 <= roll(text).total <= 25


@pytest.mark.parametrize("text", [
    "2d6 + 1d6kx3", "1d20 + 1d0", "1d20 + 1d6rr<7", "1d20 + 4d6mih1", "1d20+5 + 2d6rrl1",
    "1d20 + 5 +", "1d20 - sneak attack", "1d20 * the dragon", "1d20 >= x", "1d20 == x",
    "1d20 / x", "1d20 % x", "1d20 != x", "1d20 *",
])
def test_a_comment_never_starts_with_an_operator(text: str) -> None:
    # d20 reads an operator after the expression as going on with it (its comment has
    # the lowest priority), so a broken or refused rest is an error, not a comment:
    # never a total for the part before it.
    with pytest.raises(DiceSyntaxError):
        parse(text)


@pytest.mark.parametrize(("text", "comment"), [
    ("1d20 *wink*", "*wink*"),
    ("1d20 (advantage)", "(advantage)"),
    ("1d20 = five", "= five"),
    ("1d20 1d0", "1d0"),
    ("1d20 rolls to hit", "rolls to hit"),
])
def test_a_comment_after_a_whole_expression(text: str, comment: str) -> None:
    tree = parse(text)
    assert isinstance(tree, Commented)
    assert tree.comment == comment


def test_annotations_on_any_term() -> None:
    tree = parse("-(1d8 + 3) [healing]")
    assert str(tree) == "-(1d8+3) [healing]"
    assert isinstance(parse("(1 [one], 2 [two], 3 [three])"), SetOf)
    assert isinstance(parse("9 [fire]"), Labelled)
    assert roll("3d6 [fire] + 1d4 [piercing]", ScriptedRandomSource([1, 2, 3, 4])).total == 10


def test_repeat_rolls_each_total() -> None:
    tree = parse("6#4d6kh3")
    assert isinstance(tree, Repeat)
    assert tree.times == 6
    faces = [6, 6, 6, 1] * 6
    result = roll("6#4d6kh3", ScriptedRandomSource(faces))
    assert result.total == 6 * 18


def test_tree_is_cached_by_text() -> None:
    clear_cache()
    assert parse("2d6+1") is parse("2d6+1")


def test_syntax_error_says_where_what_was_found_and_expected() -> None:
    with pytest.raises(DiceSyntaxError) as info:
        parse("2d6+*3")
    error = info.value
    assert (error.line, error.column) == (1, 5)
    assert error.found == "'*'"
    assert "a number" in error.expected
    assert "column 5" in error.message


def test_die_without_faces_says_how_dice_are_written() -> None:
    with pytest.raises(DiceSyntaxError, match="without a number of faces"):
        parse("2d")


@pytest.mark.parametrize(("text", "fragment"), [
    ("1d6rr<7", "reroll forever"),
    ("1d1rr1", "reroll forever"),
    ("4d6rrh1", "reroll forever"),
    ("1d6e<7", "explode forever"),
    ("4d6cs>4kh3", "must be the last"),
    ("(1d6)rr1", "applies to dice only"),
    ("10d6mil1", "takes a plain number"),
    ("2d0", "at least 1 face"),
    ("", "empty expression"),
])
def test_refused_expressions_say_why(text: str, fragment: str) -> None:
    with pytest.raises(DiceSyntaxError, match=fragment):
        parse(text)


@pytest.mark.parametrize(("text", "fragment"), [
    ("100001d6", "at most 100000"),
    ("1d10001", "at most 10000"),
    ("111111111111", "at most 1000000"),
    ("1" + "+1" * 201, "too many operators"),
    ("(" * 60 + "1" + ")" * 60, "nested too deeply"),
    ("101#1d6", "at most 100"),
])
def test_limits(text: str, fragment: str) -> None:
    with pytest.raises(LimitExceeded, match=fragment) as info:
        parse(text)
    assert info.value.code == "limit_exceeded"


def test_rolling_more_than_1000_dice_is_refused_before_rolling() -> None:
    with pytest.raises(LimitExceeded, match="at most 1000 dice"):
        roll("1001d6")


def test_all_errors_share_the_root() -> None:
    for text in ("2d", "1d6rr<7", "1" * 20, "1/0", "1d6+"):
        with pytest.raises(RegelwerkError):
            roll(text)
