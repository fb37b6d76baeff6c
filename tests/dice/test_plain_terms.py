"""The parser's quick path for sums of plain terms gives exactly the full parser's
tree, or leaves the text to the full parser (which words every refusal)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from regelwerk.dice import clear_cache, parse
from regelwerk.dice.limits import MAX_OPERATORS
from regelwerk.dice.nodes import Expression
from regelwerk.dice.parser import _parse_text
from regelwerk.dice.plain_terms import parse_plain
from regelwerk.errors import DiceSyntaxError, LimitExceeded


def _full(text: str) -> Expression | None:
    """The full parser's tree, or ``None`` when it refuses the text."""
    try:
        return _parse_text(text)
    except (DiceSyntaxError, LimitExceeded):
        return None


# common values, and now and then one at a limit or beyond it
_COUNTS = st.one_of(*[st.sampled_from(["2", "", "1", "4", "10", "0", "007"])] * 6,
                    st.sampled_from(["100000", "100001", "9999999", "12345678"]))
_SIDES = st.one_of(*[st.sampled_from(["6", "20", "1", "2", "%", "06"])] * 6,
                   st.sampled_from(["10000", "10001", "0", "00"]))
_DIGITS = st.sampled_from(["1", "3", "2", "6", "10"])
_SELECTORS = st.one_of(_DIGITS, st.sampled_from(["h", "l", "h2", "l3", "=2", ">3", "<3",
                                                 ">=5", "<=2"]))
_ODD_WORDS = st.sampled_from(["d", "m", "x", "K", "@", " ", "!=", "k", "mi", "dh", "e"])
_ODD_SELECTORS = st.sampled_from(["", "=", ">", "=>4", "==3", "!=3", "h0", "0", "1000001",
                                  "99999999", "hl", "hh1", "h=2", "20", "<7", ">0", "h"])
_DEPTHS = st.sampled_from(["@1", "@3", "@0", "@100"])
_ODD_DEPTHS = st.sampled_from(["@", "@101", "@9999999", "@12345678", "@h", "@-1"])


@st.composite
def _operation(draw: st.DrawFn) -> str:
    """An operation the notation allows (as a quick path reads it)."""
    word = draw(st.sampled_from(["k", "p", "r", "rr", "ro", "ra", "cs", "mi", "ma", "e",
                                 "!", "dh", "dl"]))
    if word in ("mi", "ma"):
        return word + draw(_DIGITS)
    if word in ("dh", "dl"):
        return word + draw(st.one_of(st.just(""), _DIGITS))
    if word in ("e", "!"):
        return word + draw(st.one_of(st.just(""), _SELECTORS)) + \
            draw(st.one_of(st.just(""), _DEPTHS))
    return word + draw(_SELECTORS)


_ODD_OPERATION = st.builds(lambda word, selector, depth: word + selector + depth,
                           _ODD_WORDS, st.one_of(_SELECTORS, _ODD_SELECTORS),
                           st.one_of(st.just(""), _DEPTHS, _ODD_DEPTHS))


def _dice(operation: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.builds(lambda count, letter, sides, ops: count + letter + sides + "".join(ops),
                     _COUNTS, st.sampled_from(["d", "D", "w", "W"]), _SIDES,
                     st.lists(operation, max_size=3))


_NUMBERS = st.one_of(*[st.sampled_from(["5", "0", "12", "007"])] * 4,
                     st.sampled_from(["1000000", "1000001", "12345678"]))
_ODD_NUMBERS = st.sampled_from(["1.5", ".5", "5.", "05"])
_SIGNS = st.sampled_from(["+", "-"])
_ODD_JOINS = st.sampled_from(["*", "//", "%", " + ", "+-", "--", ">=", "==", "!=", " ", ",",
                              "+ "])
_ODD_ENDS = st.sampled_from([" [fire]", "[x]", " to hit", ")", " ", "#", "+", "-", "@"])
_ODD_STARTS = st.sampled_from(["-", "+", " ", "(", "6#"])


@st.composite
def _texts(draw: st.DrawFn) -> str:
    """Sums of plain terms, one in four with something the quick path does not read."""
    odd = draw(st.integers(0, 3)) == 0
    terms = (st.one_of(_dice(st.one_of(_operation(), _ODD_OPERATION)), _NUMBERS,
                       _ODD_NUMBERS) if odd else st.one_of(_dice(_operation()), _NUMBERS))
    joins = st.one_of(_SIGNS, _ODD_JOINS) if odd else _SIGNS
    parts = [draw(terms)]
    for _ in range(draw(st.integers(0, 2))):
        parts += [draw(joins), draw(terms)]
    if not odd:
        return "".join(parts)
    return draw(st.one_of(st.just(""), _ODD_STARTS)) + "".join(parts) + \
        draw(st.one_of(st.just(""), _ODD_ENDS))


@settings(max_examples=200)
@given(_texts())
@example("2d20kh1")
@example("4d6kh1kl1")
@example("4d6dh1dl1")
@example("1d6!=3")
@example("1d6e!=3")
@example("4d6k!=3")
@example("1d6e@3e5")
@example("1d6mi2mi3")
@example("1d6rh1")
@example("4d6dh=3")
@example("4d6dhh3")
@example("4d6dl>3")
@example("1d6e@12345678")
@example("1d6e@101")
@example("3d12p>7rrh0")
@example("4d6rrl0rr1")
@example("4d6rrh1")
def test_the_quick_path_gives_the_full_parsers_tree(text: str) -> None:
    quick = parse_plain(text)
    if quick is not None:
        full = _full(text)
        assert full == quick
        assert str(full) == str(quick)


@pytest.mark.parametrize("text", [
    "2d20kh1", "4d6kh3", "1d20+5", "2d20kh1+5", "3d6", "10d6cs>=5", "40d6cs>=5",
    "8d10kh3", "8d6!", "8d6!>5@2", "d20", "2W6+3", "1d%", "4d6dl1", "4d6r<3",
    "10d6k1k2k3", "4d6ro1", "3d6ra6", "4d6mi2ma5", "1d20-1d4+2", "5", "4d6dh", "4d6dl2",
    "1d6e@0", "1d6!>5@100", "1d6e=6", "3d6mi=2", "0d6", "1d1", "4d6k0", "0", "1000000+1",
    "1d6kh1000000", "2d10000", "3d12p>7rrh0", "4d6rrl0", "4d6rrh0rr1",
])
def test_the_common_expressions_take_the_quick_path(text: str) -> None:
    quick = parse_plain(text)
    assert quick is not None
    assert quick == _full(text)


@pytest.mark.parametrize("text", [
    "1d20 + 5", "-1d4", "(1d6)", "2d6*2", "1d6!=3", "1.5+1", "2d6 [fire]", "1d20 to hit",
    "6#4d6kh3", "1d0", "1d6rr<7", "1d6e<7", "1d6cs>3kh1", "2d6rh1", "1d10001",
    "12345678d6", "1d6kh12345678", "1d6e@101", "1d6e@12345678", "4d6dh=3", "1d6@3",
    "1d6kh3@2", "1d6mih1", "", " ",
])
def test_anything_else_is_left_to_the_full_parser(text: str) -> None:
    assert parse_plain(text) is None


def test_operators_beyond_the_limit_are_left_to_the_full_parser() -> None:
    at_limit = "+".join(["1"] * (MAX_OPERATORS + 1))
    assert parse_plain(at_limit) == _full(at_limit) is not None
    beyond = at_limit + "+1"
    assert parse_plain(beyond) is None
    clear_cache()
    with pytest.raises(LimitExceeded):
        parse(beyond)
