"""``rrh0``/``rrl0`` reroll the highest/lowest *zero* dice: they select no die, so
they roll as if absent (as d20 does), while ``rr`` by a rank of one or more is
refused (docs/notation.md: "Expressions that cannot finish are refused before
rolling (`rr` selecting every face or by a rank of one or more ...)")."""

from __future__ import annotations

import pytest

from regelwerk.dice import ScriptedRandomSource, distribution, parse, roll
from regelwerk.dice.parser import _parse_text
from regelwerk.dice.plain_terms import parse_plain
from regelwerk.errors import DiceSyntaxError

# (with the idle reroll, the same term without it)
IDLE = [
    ("3d12p>7rrh0", "3d12p>7"),
    ("4d6rrl0", "4d6"),
    ("4d6rrh0kh3", "4d6kh3"),
    ("4d6kh3rrl0", "4d6kh3"),
    ("2d6rrh0rr1", "2d6rr1"),
    ("2d6rr1rrl0", "2d6rr1"),
    ("5d6rrh0e6", "5d6e6"),
    ("3d6rrh0ro1kh2", "3d6ro1kh2"),
    ("4d6rrl0mi2", "4d6mi2"),
    ("4d6rrh0cs>4", "4d6cs>4"),
    ("(4d6rrh0)kh3", "(4d6)kh3"),
    ("1d1rrl0", "1d1"),
    ("1d20rrh0 + 5", "1d20 + 5"),
]


@pytest.mark.parametrize(("idle", "plain"), IDLE)
def test_an_idle_reroll_is_parsed_and_kept_in_the_text(idle: str, plain: str) -> None:
    tree = parse(idle)
    assert str(tree).replace(" ", "") == idle.replace(" ", "")
    assert parse(idle) != parse(plain)


@pytest.mark.parametrize("text", ["3d12p>7rrh0", "4d6rrl0", "4d6rrh0rr1", "2d6rr1rrl0"])
def test_the_quick_path_reads_idle_rerolls_as_the_full_parser(text: str) -> None:
    quick = parse_plain(text)
    assert quick is not None
    assert quick == _parse_text(text)


@pytest.mark.parametrize(("idle", "plain"), IDLE)
def test_an_idle_reroll_rolls_the_same_faces_to_the_same_total(idle: str, plain: str) -> None:
    faces = [1, 6, 2, 5, 3, 4, 6, 6, 1, 1, 2, 3, 4, 5, 6, 1, 6, 2] * 3
    ours = roll(idle, ScriptedRandomSource(faces))
    theirs = roll(plain, ScriptedRandomSource(faces))
    assert ours.total == theirs.total
    assert ours.faces == theirs.faces


def test_d20s_total_for_an_idle_reroll() -> None:
    # d20 1.1.2 (tests/dice/test_d20_differential.py runs it): 3d12 showing 5, 9, 11
    # drops the 9 and the 11 (p>7) and rerolls nothing (rrh0): 5
    assert roll("3d12p>7rrh0", ScriptedRandomSource([5, 9, 11])).total == 5


@pytest.mark.parametrize(("idle", "plain"), IDLE)
def test_an_idle_reroll_has_the_odds_of_the_term_without_it(idle: str, plain: str) -> None:
    ours, theirs = distribution(idle), distribution(plain)
    assert ours.distribution == theirs.distribution
    assert ours.cut_off == theirs.cut_off
    assert ours.expression == str(parse(idle))


@pytest.mark.parametrize("text", ["4d6rrh1", "4d6rrl2", "4d6rrh0rrl1", "4d6rr1rrh2", "1d6rrl1"])
def test_a_reroll_by_a_rank_of_one_or_more_is_still_refused(text: str) -> None:
    with pytest.raises(DiceSyntaxError, match="reroll forever"):
        parse(text)
    assert parse_plain(text) is None
