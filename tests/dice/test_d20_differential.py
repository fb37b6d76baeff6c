"""The same faces give the same totals as avrae's d20 itself, run in its own
environment (d20 1.1.2 on lark-parser 0.9, built by ``make bench-env`` from PyPI)."""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path

import pytest

from regelwerk.dice import ScriptedRandomSource, roll

D20_PYTHON = Path(__file__).resolve().parents[2] / ".bench-d20" / "bin" / "python"

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


@pytest.fixture(scope="module")
def d20_totals() -> dict[tuple[str, tuple[int, ...]], object]:
    if not D20_PYTHON.exists():
        pytest.fail(f"d20's environment is missing: run `make bench-env` to build {D20_PYTHON}")
    rng = random.Random(2026)
    cases = []
    for expression in EXPRESSIONS:
        # one stream of faces for every die of the expression: within the smallest die
        smallest = min((int(s) for s in re.findall(r"d(\d+)", expression)), default=6)
        for _ in range(25):
            cases.append((expression, tuple(rng.randint(1, smallest) for _ in range(400))))
    lines = "".join(json.dumps({"expression": e, "faces": list(f)}) + "\n" for e, f in cases)
    script = Path(__file__).with_name("d20_peer.py")
    done = subprocess.run([str(D20_PYTHON), str(script)], input=lines, capture_output=True,
                          text=True, check=True)
    return dict(zip(cases, (json.loads(x) for x in done.stdout.splitlines()), strict=True))


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_same_faces_same_total_as_d20(expression: str,
                                      d20_totals: dict[tuple[str, tuple[int, ...]], object]
                                      ) -> None:
    compared = 0
    for (text, faces), theirs in d20_totals.items():
        if text != expression:
            continue
        ours = roll(expression, ScriptedRandomSource(faces)).total
        assert ours == theirs, (expression, faces[:12])
        compared += 1
    assert compared >= 1
