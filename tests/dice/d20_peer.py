"""Runs inside d20's own environment: reads JSON lines ``{"expression", "seed"}`` and
prints d20's total for the faces of that seed (``random.randrange(size)`` gives
``u % size`` for the next unit ``u`` of ``UnitStream(seed)``, as the test's source
gives ``u % sides + 1``), or the name of the error d20 raises."""

import json
import random
import sys

import d20
import d20.expression


class UnitStream:
    """30-bit units from a seeded generator, the same on both sides."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def randrange(self, size: int) -> int:
        return self._random.getrandbits(30) % size


for line in sys.stdin:
    case = json.loads(line)
    d20.expression.random = UnitStream(case["seed"])
    try:
        total = d20.roll(case["expression"], allow_comments=True).total
    except Exception as error:  # d20's own errors, reported as such
        total = type(error).__name__
    print(json.dumps(total))
