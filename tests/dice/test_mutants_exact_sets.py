"""The exact odds of sets with keep and drop (``regelwerk.dice.exact_sets``) against
rules written out over the faces (``tests/oracle.py``): the cases its mutants
showed untested.  The rule: "``(a, b, c)``: a set: its value is the sum of the items
it keeps"; "``k`` and ``p`` apply to sets … too"; "``hN``/``lN``: the N highest /
lowest" (docs/notation.md)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from regelwerk.dice import cost, distribution, parse
from regelwerk.dice.exact import distribution_of
from regelwerk.errors import LimitExceeded
from tests.dice.faces import highest, lowest
from tests.oracle import Draw, outcomes


def exact(expression: str) -> dict[int, Fraction]:
    """regelwerk's exact distribution, as probabilities by total."""
    return dict(distribution(expression).distribution.items())


def _items(draw: Draw, *sides: int) -> list[int]:
    """One die of each size, in the written order."""
    return [draw(s) for s in sides]


def _ranked(values: list[int], high: int, low: int) -> set[int]:
    """The items ``khH`` and ``klL`` select together: each takes the earliest item of a
    tie, so equal items may be one item to both (docs/notation.md, as d20)."""
    order = range(len(values))
    top = sorted(order, key=lambda i: -values[i])[:high]
    bottom = sorted(order, key=lambda i: values[i])[:low]
    return set(top) | set(bottom)


def _kept_ends(values: list[int]) -> int:
    return sum(values[i] for i in _ranked(values, 1, 1))


def _dropped_ends(values: list[int]) -> int:
    return sum(v for i, v in enumerate(values) if i not in _ranked(values, 1, 1))


RULES: dict[str, Callable[[Draw], int]] = {
    # one rank selector: the n highest or lowest items, n from 0 to more than all
    "(1d4, 1d6, 1d8)kh2": lambda d: highest(_items(d, 4, 6, 8), 2),
    "(1d4, 1d6, 1d8)kl2": lambda d: lowest(_items(d, 4, 6, 8), 2),
    "(1d4, 1d6, 1d8)kh1": lambda d: highest(_items(d, 4, 6, 8), 1),
    "(1d4, 1d6, 1d8)ph1": lambda d: lowest(_items(d, 4, 6, 8), 2),
    "(1d4, 1d6, 1d8)pl2": lambda d: highest(_items(d, 4, 6, 8), 1),
    "(1d4, 1d6)kh0": lambda d: 0 * sum(_items(d, 4, 6)),
    "(1d4, 1d6)kl0": lambda d: 0 * sum(_items(d, 4, 6)),
    "(1d4, 1d6)kh3": lambda d: sum(_items(d, 4, 6)),
    "(1d4, 1d6)pl3": lambda d: 0 * sum(_items(d, 4, 6)),
    "(1d4, 1d6)ph0": lambda d: sum(_items(d, 4, 6)),
    "(1d6, 2, 1d4)kh1": lambda d: max(d(6), 2, d(4)),
    "(1d6, -2, 1d4-3)kl1": lambda d: min(d(6), -2, d(4) - 3),
    "(1d4/2, 1)kh1": lambda d: int(max(Fraction(d(4), 2), Fraction(1))),
    "(1d4/2, 1d2/2)kl1": lambda d: int(min(Fraction(d(4), 2), Fraction(d(2), 2))),
    # several selectors or operations: the rank sets of every outcome
    "(1d4, 1d6, 1d8)kh1kl1": lambda d: _kept_ends(_items(d, 4, 6, 8)),
    "(1d4, 1d4, 1d4)kh1kl1": lambda d: _kept_ends(_items(d, 4, 4, 4)),
    "(1d4, 1d6, 1d8)kh2pl1": lambda d: highest(_items(d, 4, 6, 8), 1),
    "(1d4, 1d6, 1d8)ph1pl1": lambda d: _dropped_ends(_items(d, 4, 6, 8)),
    "(1d2, 1d2, 1d2)ph1pl1": lambda d: _dropped_ends(_items(d, 2, 2, 2)),
    # selection by value: each item on its own
    "(1d4, 1d6)k>2": lambda d: sum(v for v in _items(d, 4, 6) if v > 2),
    "(1d4, 1d6)p<3": lambda d: sum(v for v in _items(d, 4, 6) if not v < 3),
    "(1d4, 1d6, 3)k>2p4": lambda d: sum(v for v in [*_items(d, 4, 6), 3] if v > 2 and v != 4),
    "(1d4, 1d6)k1k6": lambda d: sum(v for v in _items(d, 4, 6) if v in (1, 6)),
    "(1d6, 1d6)": lambda d: sum(_items(d, 6, 6)),
    "()": lambda d: 0,
}


@pytest.mark.parametrize("expression", sorted(RULES))
def test_a_set_against_its_rule_over_every_face(expression: str) -> None:
    assert exact(expression) == outcomes(RULES[expression])


@pytest.mark.parametrize("expression", ["(1d6, 1d6)kh1", "(1d6, 1d6)k>3", "(1d6, 1d6)kh1kl1"])
def test_a_set_is_charged_to_the_budget(expression: str) -> None:
    with pytest.raises(LimitExceeded):
        distribution_of(parse(expression), limit=0)


def test_keeping_items_of_a_set_charges_a_step_for_each_tuple_of_values() -> None:
    # (1d6, 1d6)kh1: the 36 pairs of values, 40 steps each (cost.combine_cost)
    tree = parse("(1d6, 1d6)kh1")
    needed = cost.combine_cost(36, 1)
    assert exact("(1d6, 1d6)kh1") == dict(distribution_of(tree, limit=needed).distribution.items())
    with pytest.raises(LimitExceeded):
        distribution_of(tree, limit=needed - 1)
