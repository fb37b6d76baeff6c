"""Exact distributions against the independent brute-force oracle (``brute``),
one or more cases for every operator, and known values."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import regelwerk.dice.exact as exact_module
import regelwerk.dice.exact_dice as exact_dice
from regelwerk.dice import ScriptedRandomSource, distribution, parse, roll
from regelwerk.dice.nodes import Dice, Expression
from regelwerk.errors import LimitExceeded
from regelwerk.odds import Distribution
from tests.dice.brute import Bin, Dec, Faces, Items, Lit, NeedFace, Pool, odds, whole

d = Pool
CASES: list[Any]
CASES = [
    d(3, 6),
    d(2, 4),
    d(4, 6).op("k", "h3"),
    d(4, 6).op("k", "l2"),
    d(4, 6).op("p", "h1"),
    d(4, 6).op("p", "l1"),
    d(2, 20).op("k", "h1"),
    d(3, 6).op("k", "3"),
    d(3, 6).op("k", ">3"),
    d(3, 6).op("k", "<3"),
    d(4, 6).op("k", "1", "2", "3"),            # k1k2k3: merged selectors
    d(4, 6).op("k", "h1", "l1"),               # kh1kl1: the highest and the lowest
    d(4, 4).op("k", "1").op("p", "h1"),        # k1ph1
    d(2, 6).op("rr", "1"),
    d(2, 6).op("rr", "<3"),
    d(1, 20).op("ro", "1"),
    d(2, 6).op("ro", "<3"),
    d(3, 6).op("ro", "h1"),
    d(3, 6).op("ro", "l1"),
    d(2, 6).op("ra", "6"),
    d(3, 6).op("ra", "l1"),
    d(1, 6).op("e@2", "6"),
    d(2, 4).op("e@3", ">3"),
    d(2, 6).op("e", "h1"),
    d(2, 6).op("e", "l1"),
    d(3, 6).op("mi", "3"),
    d(3, 6).op("ma", "4"),
    d(2, 6).op("mi", "2").op("ro", "2"),
    d(2, 6).op("ro", "1").op("mi", "2"),
    d(4, 6).op("ro", "1").op("k", "h3"),
    d(4, 6).op("k", "h3").op("ro", "1"),
    d(4, 6).op("k", "h3").op("mi", "3"),
    d(3, 6).op("e@1", "6").op("k", "h2"),
    d(5, 6).op("cs", ">=5"),
    d(4, 6).op("k", "h3").op("cs", ">4"),
    d(3, 6).op("rr", "1").op("cs", "6"),
    d(2, 6).op("p", "1").op("k", "h1"),
    d(3, 4).op("rr", "<2").op("k", "h1", "l1"),   # the small-pool fallback with rr
    Items([d(1, 20), d(1, 20)], [("k", ["h1"])]),
    Items([Bin("+", d(1, 4), Lit(1)), Lit(3), d(2, 6).op("k", "l1")], [("k", ["h1"])]),
    Items([d(1, 6), d(1, 8), Lit(3)]),
    Items([d(1, 6), d(1, 6), d(1, 6)], [("p", ["l1"])]),
    Items([d(1, 4), d(1, 6)], [("k", [">2"])]),
    Items([d(2, 4), d(1, 8)], [("k", ["h1"]), ("p", ["2"])]),
    Items([Lit(1)], [("k", ["2"])]),
    Bin("-", d(1, 6), d(1, 4)),
    Bin("*", d(1, 6), d(1, 4)),
    Bin("/", d(1, 6), Lit(2)),
    Bin("/", Bin("-", Lit(0), d(1, 6)), Lit(4)),
    Bin("//", d(1, 20), Lit(3)),
    Bin("%", d(1, 20), d(1, 4)),
    Bin("*", Bin("/", d(1, 6), Lit(2)), Lit(2)),
    Bin("==", d(1, 6), d(1, 6)),
    Bin("!=", d(1, 6), Lit(3)),
    Bin(">=", d(2, 6), Lit(7)),
    Bin("<", d(1, 20), Lit(10)),
    Bin(">", d(2, 4), d(1, 6)),
    Bin("<=", d(1, 6), Lit(2)),
    Bin("*", d(2, 4), Dec("1.5")),
    Bin("-", Dec(".5"), d(1, 6)),
    Bin("==", Bin("/", d(1, 6), Lit(2)), Dec("1.5")),
    d(3, 4).op("ra", "1", "2"),
    d(2, 6).op("e@2", ">4").op("cs", ">=5"),
]


@pytest.mark.parametrize("expr", CASES, ids=[c.text for c in CASES])
def test_exact_matches_brute_force(expr: Any) -> None:
    text = expr.text
    exact = distribution(text)
    assert dict(exact.distribution.items()) == odds(expr)
    assert exact.cut_off == 0


def _faces_for(expr: Any, rng: random.Random) -> list[int]:
    faces: list[int] = []
    while True:
        try:
            expr.total(Faces(list(faces)))
            return faces
        except NeedFace as need:
            faces.append(rng.randint(1, need.sides))


@pytest.mark.parametrize("expr", CASES, ids=[c.text for c in CASES])
def test_same_faces_same_total(expr: Any) -> None:
    # the roller and the oracle read the same faces in the same order
    rng = random.Random(7)
    for _ in range(30):
        faces = _faces_for(expr, rng)
        ours = roll(expr.text, ScriptedRandomSource(faces))
        assert ours.total == whole(expr.total(Faces(faces)))
        assert list(ours.faces) == faces


@pytest.mark.parametrize(("written", "meaning"), [
    ("((10d6kh5)kl2)kh1", d(10, 6).op("k", "h5").op("k", "l2").op("k", "h1")),
    ("(4d6kh3)kl2", d(4, 6).op("k", "h3").op("k", "l2")),
])
def test_parentheses_apply_keep_in_turn(written: str, meaning: Pool) -> None:
    # d20: "(3d6)" is 3d6 itself, so keep/drop after the parentheses acts on its dice
    if meaning.n > 6:
        exact = distribution(written).distribution
        assert exact.support == (1, 2, 3, 4, 5, 6)
        return
    assert dict(distribution(written).distribution.items()) == odds(meaning)


def test_annotations_comments_and_repeats_keep_the_odds() -> None:
    plain = distribution("1d20+5").distribution
    assert distribution("1d20 [attack] + 5 [strength] to hit the goblin").distribution == plain
    assert distribution("6#4d6kh3").distribution == distribution("4d6kh3").distribution


def test_known_values() -> None:
    # 4d6 keep highest 3: mean 15869/1296; advantage on a d20: 553/40
    assert distribution("4d6kh3").mean == Fraction(15869, 1296)
    assert distribution("2d20kh1").mean == Fraction(553, 40)
    count = distribution("10d6cs>=5").distribution
    assert count.probability(0) == Fraction(2, 3) ** 10
    assert count.probability(10) == Fraction(1, 3) ** 10


def test_unlimited_explosion_reports_the_mass_cut_off() -> None:
    exact = distribution("1d6!")
    assert 0 < exact.cut_off < Fraction(1, 10**12)
    assert abs(exact.mean - Fraction(21, 5)) < Fraction(1, 10**9)
    assert exact.distribution.mass == 1


def test_large_pools_stay_exact() -> None:
    kept = distribution("1000d10kh3").distribution
    assert kept.support == tuple(range(3, 31))
    assert kept.probability(3) == Fraction(1, 10**1000)
    total = distribution("1000d6").distribution
    assert total.probability(1000) == Fraction(1, 6**1000)
    assert total.probability(3500) > total.probability(3499)
    count = distribution("2000d6cs>=5").distribution
    assert count.probability(2000) == Fraction(1, 3**2000)


def test_repeated_terms_are_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal sub-expressions of one request are evaluated once (the evaluator's memo):
    every node handler and every term's odds are counted while the real ones answer."""
    terms: Counter[Expression] = Counter()
    real_term = exact_dice.term_distribution

    def counted_term(node: Dice, spent: list[int]) -> Any:
        terms[node] += 1
        return real_term(node, spent)

    handled: Counter[Expression] = Counter()

    def counting(handler: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def counted(evaluator: Any, node: Any) -> Any:
            handled[node] += 1
            return handler(evaluator, node)
        return counted

    monkeypatch.setattr(exact_module, "term_distribution", counted_term)
    for kind, handler in list(exact_module._HANDLERS.items()):
        monkeypatch.setitem(exact_module._HANDLERS, kind, counting(handler))
    text = "+".join(["4d6kh3"] * 6) + " - " + " - ".join(["(2d8 + 1)"] * 3)
    exact = distribution(text)
    assert exact.mean == 6 * Fraction(15869, 1296) - 3 * 10
    assert terms == {parse("4d6kh3"): 1, parse("2d8"): 1}
    assert handled[parse("(2d8 + 1)")] == 1
    assert handled[parse("1")] == 1
    assert max(handled.values()) == 1


def test_too_costly_is_refused_before_the_work() -> None:
    with pytest.raises(LimitExceeded, match="too costly"):
        distribution("100000d100")
    with pytest.raises(LimitExceeded, match="too costly"):
        distribution("60d20kh1kl1")


def test_distribution_value_semantics() -> None:
    a = Distribution.die(6)
    assert a == Distribution.uniform(range(1, 7))
    assert hash(a) == hash(Distribution.uniform([1, 2, 3, 4, 5, 6]))
    assert (a + a).probability(7) == Fraction(1, 6)
    assert a.median() == 3
    assert a.at_least(5) == Fraction(1, 3)
    assert a.repeat(0) == Distribution.constant(0)
    with pytest.raises(ValueError, match="non-negative"):
        Distribution({1: 3}, 2)


def test_too_much_exact_arithmetic_is_refused_at_once() -> None:
    from regelwerk.budget import BUDGET

    with pytest.raises(LimitExceeded, match=rf"300 dice are too costly to compute \(about \d+ "
                                            rf"units of work, at most {BUDGET}\)"):
        distribution("300d100")
