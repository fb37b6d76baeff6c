"""Property tests: any text evaluates or raises regelwerk's own error, quickly;
expressions that follow the grammar roll within their exact distribution."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from regelwerk.dice import SeededRandomSource, distribution, parse, roll
from regelwerk.errors import RegelwerkError

ALPHABET = "0123456789dWkhlpr!o<>=%+-*/()[]@,#. miaecs"


@given(st.text(alphabet=ALPHABET, max_size=40) | st.text(max_size=30))
def test_any_text_evaluates_or_raises_our_error(text: str) -> None:
    try:
        result = roll(text, SeededRandomSource(1))
    except RegelwerkError:
        return
    assert isinstance(result.total, int)


def _dice() -> st.SearchStrategy[str]:
    count = st.integers(0, 4)
    sides = st.sampled_from([2, 3, 4, 6])
    keep = st.sampled_from(["", "kh1", "kl2", "dh1", "dl1", "k>2", "p1", "kh1kl1"])
    count_op = st.sampled_from(["", "cs>=3", "cs<2", "cs1"])
    reroll = st.sampled_from(["", "ro1", "r1", "rr<2", "ra2", "e2@1", "mi2", "ma3", "rol1"])
    return st.builds(
        lambda n, s, r, k, c: f"{n}d{s}{r}{k}{c}", count, sides, reroll, keep, count_op
    )


def _expressions() -> st.SearchStrategy[str]:
    atom = _dice() | st.integers(0, 9).map(str)
    return st.recursive(
        atom,
        lambda inner: st.builds(
            lambda a, op, b: f"({a}{op}{b})", inner,
            st.sampled_from(["+", "-", "*", "==", "<", ">=", "!="]), inner
        ),
        max_leaves=3,
    )


@given(_expressions(), st.integers(0, 2**32))
def test_grammar_expressions_roll_inside_their_distribution(text: str, seed: int) -> None:
    exact = distribution(text)
    assert exact.distribution.mass == 1
    total = roll(text, SeededRandomSource(seed)).total
    assert exact.distribution.probability(total) > 0
    assert str(parse(str(parse(text)))) == str(parse(text))
