"""Exact distributions against rules written out here over the faces
(``tests/oracle.py`` enumerates every face sequence; it shares no code with the
parser, roller or exact algorithms).  The notation's meaning is docs/notation.md's:
keep/drop after minimum/maximum, explosions on the standing face up to ``@N`` more
dice per die, each exploded die rerolled like the first."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from regelwerk import resolve
from regelwerk.dice import distribution
from tests.oracle import Draw, outcomes, roll


def chain(draw: Draw, sides: int, explodes: Callable[[int], bool], depth: int,
          reroll_once: Callable[[int], bool] = lambda face: False) -> list[int]:
    """One die and the dice its explosions add, each rerolled once when it matches."""

    def one() -> int:
        face = draw(sides)
        return draw(sides) if reroll_once(face) else face

    faces = [one()]
    while explodes(faces[-1]) and len(faces) <= depth:
        faces.append(one())
    return faces


def exploding(draw: Draw, count: int, sides: int, explodes: Callable[[int], bool], depth: int,
              reroll_once: Callable[[int], bool] = lambda face: False) -> list[int]:
    return [f for _ in range(count) for f in chain(draw, sides, explodes, depth, reroll_once)]


def reroll_once(draw: Draw, count: int, sides: int, matches: Callable[[int], bool]) -> list[int]:
    return [f if not matches(f) else draw(sides) for f in roll(draw, count, sides)]


RULES: dict[str, Callable[[Draw], int]] = {
    "2d4": lambda d: sum(roll(d, 2, 4)),
    "3d6": lambda d: sum(roll(d, 3, 6)),
    "4d6kh3": lambda d: sum(sorted(roll(d, 4, 6))[1:]),
    "4d6kl2": lambda d: sum(sorted(roll(d, 4, 6))[:2]),
    "4d6dh1": lambda d: sum(sorted(roll(d, 4, 6))[:3]),
    "4d6dl1": lambda d: sum(sorted(roll(d, 4, 6))[1:]),
    "2d20kh1": lambda d: max(roll(d, 2, 20)),
    "4d6kh0": lambda d: sum(sorted(roll(d, 4, 6))[4:]),
    "2d6kh3": lambda d: sum(roll(d, 2, 6)),
    "3d6kl3": lambda d: sum(roll(d, 3, 6)),
    "4d6dh4": lambda d: sum(sorted(roll(d, 4, 6))[:0]),
    "4d6dl5": lambda d: sum(sorted(roll(d, 4, 6))[5:]),
    "3d6dh7": lambda d: sum(sorted(roll(d, 3, 6))[:0]),
    "5d4kh2": lambda d: sum(sorted(roll(d, 5, 4))[3:]),
    "5d4kl2": lambda d: sum(sorted(roll(d, 5, 4))[:2]),
    "3d10kh2": lambda d: sum(sorted(roll(d, 3, 10))[1:]),
    "3d10kl1>=5": lambda d: sum(1 for f in sorted(roll(d, 3, 10))[:1] if f >= 5),
    "4d4kh3mi2": lambda d: sum(sorted(max(f, 2) for f in roll(d, 4, 4))[1:]),
    "2d20kl1": lambda d: min(roll(d, 2, 20)),
    "3d4kh2+1": lambda d: sum(sorted(roll(d, 3, 4))[1:]) + 1,
    "5d6cs>=5": lambda d: sum(1 for f in roll(d, 5, 6) if f >= 5),
    "4d6kh2cs>=4": lambda d: sum(1 for f in sorted(roll(d, 4, 6))[2:] if f >= 4),
    "3d6cs<3": lambda d: sum(1 for f in roll(d, 3, 6) if f < 3),
    "2d6cs=6": lambda d: sum(1 for f in roll(d, 2, 6) if f == 6),
    "1d20ro1": lambda d: sum(reroll_once(d, 1, 20, lambda f: f == 1)),
    "2d6ro<3": lambda d: sum(reroll_once(d, 2, 6, lambda f: f < 3)),
    "1d6!@3": lambda d: sum(exploding(d, 1, 6, lambda f: f == 6, 3)),
    "2d4!@2": lambda d: sum(exploding(d, 2, 4, lambda f: f == 4, 2)),
    "1d4!<3@2": lambda d: sum(exploding(d, 1, 4, lambda f: f < 3, 2)),
    "2d6mi3": lambda d: sum(max(f, 3) for f in roll(d, 2, 6)),
    "2d6ma4": lambda d: sum(min(f, 4) for f in roll(d, 2, 6)),
    "2d6mi2ma5kh1": lambda d: max(min(max(f, 2), 5) for f in roll(d, 2, 6)),
    "1d6-1d4": lambda d: d(6) - d(4),
    "(1d4+1)*2": lambda d: (d(4) + 1) * 2,
    "1d6*1d4": lambda d: d(6) * d(4),
    "2d6/2": lambda d: sum(roll(d, 2, 6)) // 2,
    "-1d4+5": lambda d: 5 - d(4),
    "1d%/10": lambda d: d(100) // 10,
    "0d6+3": lambda d: 3,
    "3W4+1": lambda d: sum(roll(d, 3, 4)) + 1,
}


@pytest.mark.parametrize("expression", sorted(RULES))
def test_exact_matches_the_rule_over_every_face(expression: str) -> None:
    exact = distribution(expression)
    assert dict(exact.distribution.items()) == outcomes(RULES[expression])
    assert exact.cut_off == 0


def test_keeping_no_dice_rolls_to_zero_through_resolve() -> None:
    # "khN: keep the N highest" — keeping none leaves 0, every die dropped
    answer = resolve({"system": "dice", "action": "roll", "expression": "4d6kh0",
                      "faces": [1, 2, 3, 4]})
    assert answer["total"] == 0
    assert [die["dropped"] for die in answer["terms"][0]["dice"]] == [True] * 4
    kept = resolve({"system": "dice", "action": "roll", "expression": "4d6kh3",
                    "faces": [5, 2, 6, 2]})
    assert kept["total"] == 13
    assert [die["kept"] for die in kept["terms"][0]["dice"]].count(True) == 3


def test_the_oracle_itself_on_known_values() -> None:
    # 2d6: 6 of 36 sequences make 7; 4d6 keep 3: 1 of 1296 makes 3 (all ones)
    assert outcomes(lambda d: d(6) + d(6))[7] == Fraction(1, 6)
    assert outcomes(RULES["4d6kh3"])[3] == Fraction(1, 1296)
    assert outcomes(RULES["1d6!@3"])[24] == Fraction(1, 6**4)
