"""Integer polynomials of exact odds (``regelwerk.dice.poly``) against the schoolbook
product written out here: ``p * q`` has at exponent ``k`` the sum of ``p[i] * q[j]``
over ``i + j = k``; ``p ** n`` is ``n`` such products; ``binomial`` is
``C(n, k) * hit**k * miss**(n - k)``."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.dice.poly import (
    Poly,
    _product_steps,
    add_into,
    binomial,
    miller_steps,
    mix,
    multiply,
    power,
    power_steps,
    scale,
    squaring_steps,
)


def _product(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, 0) + x * y
    return {k: out[k] for k in sorted(out) if out[k]}


def _power(p: Poly, n: int) -> Poly:
    out: Poly = {0: 1}
    for _ in range(n):
        out = _product(out, p)
    return out


def _die(sides: int, low: int = 1) -> Poly:
    return dict.fromkeys(range(low, low + sides), 1)


POLYS = {
    "d6": _die(6),
    "d100": _die(100),
    "d3 from -1": _die(3, -1),
    "weighted": {0: 5, 1: 3, 4: 7},
    "one value": {3: 2},
    "gaps": {-5: 1, 0: 2, 7: 3, 20: 1},
    "big weights": {0: 10**30, 1: 3, 2: 10**25 + 7},
    "wide": {k: k * k + 1 for k in range(-40, 41, 3)},
    # squared: a weight of 2**16 where the total bounds the weights by 17 bits
    "one heavy": {0: 256, **dict.fromkeys(range(1, 9), 1)},
}


@pytest.mark.parametrize("left", sorted(POLYS))
@pytest.mark.parametrize("right", sorted(POLYS))
def test_multiply_is_the_schoolbook_product(left: str, right: str) -> None:
    a, b = POLYS[left], POLYS[right]
    product = multiply(a, b)
    assert product == _product(a, b)
    assert list(product) == sorted(product)


@pytest.mark.parametrize(("name", "n"), [("d6", 0), ("d6", 1), ("d6", 2), ("d6", 7),
                                         ("d100", 2), ("d100", 3), ("d3 from -1", 5),
                                         ("weighted", 4), ("one value", 5), ("gaps", 3),
                                         ("big weights", 3), ("wide", 2), ("wide", 3)])
def test_power_is_repeated_products(name: str, n: int) -> None:
    p = POLYS[name]
    assert power(p, n) == _power(p, n)


@pytest.mark.parametrize(("name", "n"), [("d6", 1), ("d6", 3), ("d3 from -1", 4),
                                         ("weighted", 3), ("gaps", 2), ("d100", 2)])
def test_power_up_to_a_bound_keeps_the_exponents_up_to_it(name: str, n: int) -> None:
    p = POLYS[name]
    whole = _power(p, n)
    lowest = min(whole)
    for upto in (lowest - 2, lowest - 1, lowest, lowest + 1, lowest + 5, max(whole),
                 max(whole) + 3):
        assert power(p, n, upto) == {k: c for k, c in whole.items() if k <= upto}, upto


def test_power_takes_squaring_for_few_dice_of_many_faces() -> None:
    # the two ways give the same coefficients; the cheaper one is chosen
    assert power_steps(3, 99, 100, 7)[1]
    assert not power_steps(50, 5, 6, 3)[1]
    assert not power_steps(1, 99, 100, 7)[1]
    assert not power_steps(3, 7, 8, 4)[1]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 20])
@pytest.mark.parametrize(("span", "terms", "bits"), [(5, 6, 3), (7, 8, 4), (8, 9, 4),
                                                      (99, 100, 7), (999, 1000, 10)])
def test_power_steps_are_those_of_the_cheaper_way(n: int, span: int, terms: int,
                                                  bits: int) -> None:
    miller = miller_steps(n, span, terms, bits)
    if terms <= 8 or n <= 1:  # few terms, or nothing to square: Miller's recurrence
        assert power_steps(n, span, terms, bits) == (miller, False)
    else:
        squaring = squaring_steps(n, span, bits)
        assert power_steps(n, span, terms, bits) == (min(miller, squaring), squaring < miller)


def test_squaring_steps_count_the_products_of_repeated_squaring() -> None:
    def product(m: int) -> int:  # the product that gives p**m
        return _product_steps(m, 10, 8)

    assert squaring_steps(1, 10, 8) == 0
    assert squaring_steps(2, 10, 8) == product(2)                    # p·p
    assert squaring_steps(3, 10, 8) == product(2) + product(3)       # p², p·p²
    assert squaring_steps(4, 10, 8) == product(2) + product(4)       # p², (p²)²
    assert squaring_steps(6, 10, 8) == product(2) + product(4) + product(6)
    # p⁷: p², p³ = p·p², p⁴ = (p²)², p⁷ = p³·p⁴
    assert squaring_steps(7, 10, 8) == product(2) + product(3) + product(4) + product(7)
    # a product of more, larger coefficients costs more
    assert product(2) < product(3) < _product_steps(3, 20, 8) < _product_steps(3, 20, 64)


def test_miller_steps_grow_with_every_input() -> None:
    base = miller_steps(4, 5, 6, 3)
    assert base < miller_steps(5, 5, 6, 3)
    assert base < miller_steps(4, 6, 6, 3)
    assert base < miller_steps(4, 5, 7, 3)
    assert base < miller_steps(4, 5, 6, 3000)
    # one product per coefficient of p**n (n * span + 1 of them) and term of p
    assert miller_steps(4, 5, 6, 3) * (41 * 12) == miller_steps(4, 10, 12, 3) * (21 * 6)


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.integers(-6, 12), st.integers(1, 50), min_size=1, max_size=9),
       st.integers(0, 5))
def test_power_of_any_small_polynomial(p: Poly, n: int) -> None:
    assert power(p, n) == _power(p, n)


@pytest.mark.parametrize(("n", "hit", "miss"), [(0, 1, 5), (1, 2, 3), (5, 1, 5), (6, 2, 1),
                                                (4, 0, 3), (4, 3, 0), (7, 10, 10)])
def test_binomial_counts(n: int, hit: int, miss: int) -> None:
    expected = {k: comb(n, k) * hit**k * miss ** (n - k) for k in range(n + 1)}
    assert binomial(n, hit, miss) == {k: c for k, c in expected.items() if c}


def test_scale_add_into_and_mix() -> None:
    assert scale({1: 2, 4: 3}, 5) == {1: 10, 4: 15}
    target = {0: 1, 2: 2}
    add_into(target, {2: 3, 5: 1}, 4)
    assert target == {0: 1, 2: 14, 5: 4}
    add_into(target, {0: 1})
    assert target == {0: 2, 2: 14, 5: 4}
    # 1/2 at 1 and 1/2 at 2, mixed with 1/3 at 2 and 2/3 at 0: over 6
    assert mix([({1: 1, 2: 1}, 2), ({2: 1, 0: 2}, 3)]) == ({0: 4, 1: 3, 2: 5}, 6)
    assert mix([({3: 2}, 4), ({3: -2}, 4)]) == ({}, 4)
    assert mix([]) == ({}, 1)
    # exact beyond a float's 53 bits: 2**60 + 1 halves, scaled by 1, and a half by 2**60
    big = 2**60 + 1
    mixed, common = mix([({0: big}, 2**61), ({1: 1}, 2)])
    assert common == 2**61
    assert mixed == {0: big, 1: 2**60}
    assert all(type(weight) is int for weight in mixed.values())
