"""A roll's own chances of keeping one die or all but one, in closed form
(``regelwerk.dice.exact_keep``), against the whole distribution and against plain
enumeration of every outcome.  The rule: "kh3 keeps the three highest dice"
(docs/notation.md: keep ``k`` with the selectors ``h N`` and ``l N``)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.dice import parse
from regelwerk.dice.exact import distribution_of
from regelwerk.dice.exact_keep import keep_chances
from regelwerk.dice.nodes import Dice


def _term(expression: str) -> Dice:
    node = parse(expression)
    assert isinstance(node, Dice)
    return node


def _enumerated(n: int, sides: int, keep: int, highest: bool, total: int
                ) -> tuple[Fraction, Fraction]:
    at_least = exactly = 0
    for faces in product(range(1, sides + 1), repeat=n):
        ranked = sorted(faces, reverse=highest)
        kept = sum(ranked[:keep])
        at_least += kept >= total
        exactly += kept == total
    return Fraction(at_least, sides**n), Fraction(exactly, sides**n)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(1, 6), st.booleans(), st.booleans(),
       st.integers(-1, 25))
def test_closed_form_matches_enumeration(n: int, sides: int, one: bool, highest: bool,
                                         total: int) -> None:
    keep = 1 if one else n - 1
    expression = f"{n}d{sides}k{'h' if highest else 'l'}{keep}"
    assert keep_chances(_term(expression), total) == _enumerated(n, sides, keep, highest,
                                                                 total)


def test_drop_spellings_and_the_distribution_agree() -> None:
    for expression in ("4d6kh3", "3d6pl1", "3d6ph1", "2d20kh1", "2d20kl1", "6d10kh5"):
        node = _term(expression)
        dist = distribution_of(node).distribution
        for total in range(0, 60, 3):
            assert keep_chances(node, total) == (dist.at_least(total),
                                                 dist.probability(total)), expression


def test_other_terms_are_left_to_the_distribution() -> None:
    for expression in ("4d6kh2", "4d6k3", "4d6kh3e6", "4d6kh1kl1", "1d20kh1"):
        assert keep_chances(_term(expression), 10) is None
