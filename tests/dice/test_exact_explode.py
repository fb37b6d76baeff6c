"""A roll's own chances of dice exploding on one face, in closed form
(``regelwerk.dice.exact_explode``), against a plain convolution of what one die
adds.  The rule, as d20 reads ``e``: "Explode: roll another die for each die
matching the selector" (docs/notation.md)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.dice import parse
from regelwerk.dice.exact_explode import explosion_chances
from regelwerk.dice.nodes import Dice


def _term(expression: str) -> Dice:
    node = parse(expression)
    assert isinstance(node, Dice)
    return node


def _one_die(sides: int, hit: int, upto: int) -> dict[int, Fraction]:
    """What one die adds, every value up to ``upto`` exactly: ``k`` explosions on
    ``hit`` (each ``1/sides``), then a face that stands."""
    out: dict[int, Fraction] = {}
    k = 0
    while hit * k < upto:
        for face in range(1, sides + 1):
            if face != hit and hit * k + face <= upto:
                value = hit * k + face  # exploding on 1, values of several k meet
                out[value] = out.get(value, Fraction(0)) + Fraction(1, sides ** (k + 1))
        k += 1
    return out


def _oracle(n: int, sides: int, hit: int, total: int) -> tuple[Fraction, Fraction]:
    die = _one_die(sides, hit, total)
    sums = {0: Fraction(1)}
    for _ in range(n):
        step: dict[int, Fraction] = {}
        for a, p in sums.items():
            for b, q in die.items():
                if a + b <= total:
                    step[a + b] = step.get(a + b, Fraction(0)) + p * q
        sums = step
    below = sum((p for v, p in sums.items() if v < total), Fraction(0))
    return 1 - below, sums.get(total, Fraction(0))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(2, 8), st.booleans(), st.integers(0, 30))
def test_closed_form_matches_the_convolution(n: int, sides: int, high: bool,
                                             total: int) -> None:
    hit = sides if high else 1
    expression = f"{n}d{sides}e{hit}"
    assert explosion_chances(_term(expression), total) == _oracle(n, sides, hit, total)


def test_only_one_end_face_and_nothing_else() -> None:
    for expression in ("4d6e3", "4d6e>4", "4d6!kh3", "4d6e6e1", "3d6"):
        assert explosion_chances(_term(expression), 12) is None
    assert explosion_chances(_term("4d6e>5"), 12) is not None  # only the 6 explodes
