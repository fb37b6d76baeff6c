"""The same faces give the same totals as avrae's d20 itself, run in its own
environment (d20 1.1.2 on lark-parser 0.9, built by ``make bench-env`` from PyPI).

Both sides draw each face as ``u % sides + 1`` from the same seeded stream of units
``u`` (``d20_peer.UnitStream``), so every face of every die comes up."""

from __future__ import annotations

import json
import random
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest

from regelwerk.dice import roll
from regelwerk.errors import DiceSyntaxError, EvaluationError, LimitExceeded

D20_PYTHON = Path(__file__).resolve().parents[2] / ".bench-d20" / "bin" / "python"
STREAMS = 20
"""Seeded face streams per expression."""

# d20's README and test-suite expressions (without d%, which differs on purpose)
EXPRESSIONS = [
    "1d20", "1+1", "4d6kh3", "(1)", "(1,)", "((1d6))", "4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)",
    "(1d4, 2+2, 3d6kl1)kh1", "((10d6kh5)kl2)kh1", "1 + 3 * 6", "1 + 2 == 2", "1 + (2 == 2)",
    "10d6k1k2k3", "10d6k1ph1", "(1, 2, 3)k1k2", "(1, 2, 3, 4, 5)kh1kl1", "(1, 2, 3, 4, 5)ph1pl1",
    "(1, 2, 3, 4, 5)k<3", "(1)k2", "1.5", ".5", "--1", "-+-++---+1", "15 / 2", "15 // 2",
    "13 % 2", "60 / 1d6", "60 // 1d6", "1d100 % 10", "1d20rr<20", "1d6rol1", "1d6ral1",
    "1d2e2", "10d6mi2", "10d6ma5", "1d1ra1", "2d6ro<3", "8d6mi2", "3d6 [fire] + 1d4 [piercing]",
    "-(1d8 + 3) [healing]", "(1 [one], 2 [two], 3 [three])", "1d20 foo bar",
    "1d20 keep something", "1d20 damage", "1d20 **bold**", "2d20kh1+5", "8d6e6", "4d6e6kh3",
    "-1d8 + 4 - (3, 1d4)kh1", "1d20 > 10", "2d6 != 7", "1d20 >= 1d20", "1d6 <= 3 == 1",
    "4d6ro1kh3", "4d6kh3ro1", "6d6e6mi2p1", "5d10rr1k>5", "(1d6, 1d8)p1", "3d6eh1", "3d6el1",
    "4d6rr<3kl2", "(4d6kh3, 4d6kh3)kl1",
]

# the rest of d20's test_dice.py and README (d20 1.1.2 and its HEAD)
EXPRESSIONS += [
    "1+2+3", "1 + (3 * 6)", "(1 + 3) * 6", "1 + 2 + 3", "(1 + 2) + 3", "1 + (2 + 3)", "1",
    "10000", "0.5", "(1, 1)", "+1", "-1", "2 + 2", "2 - 2", "2 * 5",
    "1 == 1", "1 == 2", "1 > 1", "2 > 1", "1 < 1", "1 < 2", "1 >= 1", "1 >= 2", "1 <= 1",
    "2 <= 1", "1 != 1", "1 != 2",
    "(1, 2, 3, 4, 5)k3", "(1, 2, 3, 4, 5)k>3", "(1, 2, 3, 4, 5)kl2", "(1, 2, 3, 4, 5)kh2",
    "(1, 2, 3, 4, 5)k1k2", "(1, 2, 3, 4, 5)p3", "(1, 2, 3, 4, 5)p1p2", "(1)k1",
    "1d20rr>1", "1d1ro1", "10d6mi6", "10d6mi10", "10d6ma1", "10d6ma0", "(((1d6)))", "0d6",
    "d6", "1d6", "2d6", "2 + 1d6", "2 * 1d6", "1d20 please save me from this parsing weirdness",
    "1d20+1", "d20-1d4", "1d20ro1", "1d20 + 4d6 + 3", "1 [a] + 2 + 3 [b] + 4", "1 [a] + 2 + 3",
    "1 + 2 + 3 + 4", "8d6", "8d6 [fire]", "(1d6, 1d6)kh1", "1 [a] + 2 + 3 [a] + 4", "(1 [a])",
    "(1, 2, 3)", "(1, 2, 3) + (4, 5, 6)", "1d20+5", "(1d4 + 1, 3, 2d6kl1)kh1",
    "1d20 I rolled a d20", "3d6 + 1d4 + 3", "100d20", "10d20rr<20",
    # rerolls of the highest/lowest zero dice select none (docs/notation.md)
    "3d12p>7rrh0", "4d6rrl0", "4d6rrh0kh3",
]

# d20's tests expect an error for these (TooManyRolls, RollValueError): regelwerk
# refuses them too, before or while rolling
REFUSED = ["1001d6", "6d0", "10d6mil1", "10 / 0", "10 // 0", "10 % 0", "1d20rr<21",
           "1d1rr1", "1d20e<21", "1d1e1"]


class UnitSource:
    """``u % sides + 1`` for the next unit of ``d20_peer.UnitStream(seed)``."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.getrandbits(30) % sides + 1


@pytest.fixture(scope="module")
def d20_totals() -> dict[tuple[str, int], object]:
    if not D20_PYTHON.exists():
        pytest.fail(f"d20's environment is missing: run `make bench-env` to build {D20_PYTHON}")
    cases = [(e, n * 7919 + 1) for e in EXPRESSIONS for n in range(STREAMS)]
    cases += [(e, 1) for e in REFUSED]
    lines = "".join(json.dumps({"expression": e, "seed": s}) + "\n" for e, s in cases)
    script = Path(__file__).with_name("d20_peer.py")
    done = subprocess.run([str(D20_PYTHON), str(script)], input=lines, capture_output=True,
                          text=True, check=True)
    return dict(zip(cases, (json.loads(x) for x in done.stdout.splitlines()), strict=True))


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_same_faces_same_total_as_d20(expression: str,
                                      d20_totals: dict[tuple[str, int], object]) -> None:
    compared = 0
    for (text, seed), theirs in d20_totals.items():
        if text != expression:
            continue
        ours = roll(expression, UnitSource(seed)).total
        assert ours == theirs, (expression, seed)
        compared += 1
    assert compared == STREAMS


@pytest.mark.parametrize("expression", REFUSED)
def test_what_d20_refuses_regelwerk_refuses(expression: str,
                                            d20_totals: dict[tuple[str, int], object]
                                            ) -> None:
    assert d20_totals[expression, 1] in ("TooManyRolls", "RollValueError")
    with pytest.raises((DiceSyntaxError, LimitExceeded, EvaluationError)):
        roll(expression, UnitSource(1))


def test_the_streams_show_every_face_of_every_die() -> None:
    shown: dict[int, set[int]] = defaultdict(set)
    for n in range(STREAMS):
        for expression in ("4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)", "100d20"):
            for term in roll(expression, UnitSource(n * 7919 + 1)).dice_terms():
                shown[term.node.sides].update(d.natural for d in term.dice)
    assert shown == {8: set(range(1, 9)), 2: {1, 2}, 20: set(range(1, 21))}
