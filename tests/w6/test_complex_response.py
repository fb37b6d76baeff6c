"""A Komplexe Probe through the protocol, pinned whole: each roll's faces, Erfolge and
verdict, and how many rolls the text says passed (0, 1, 2 or all 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk import resolve

# "Als Erfolg gilt hierbei jeder Würfel, der eine Fünf oder eine Sechs zeigt." — one roll
# of 2 dice needing 1 Erfolg fails only if both dice show 1 to 4
PART = Fraction(1) - Fraction(4, 6) ** 2


@pytest.mark.parametrize(("faces", "passed"), [
    ([1, 2, 3, 4, 1, 2], [False, False, False]),
    ([5, 1, 1, 1, 2, 3], [True, False, False]),
    ([5, 6, 1, 1, 6, 2], [True, False, True]),
    ([5, 1, 6, 1, 1, 5], [True, True, True]),
])
def test_a_complex_probe_passes_only_if_every_roll_passes(faces: list[int],
                                                          passed: list[bool]) -> None:
    # "Diese so genannte Komplexe Probe gilt nur dann als vollständig gelungen, wenn in
    # jedem einzelnen Probenwurf die jeweils geforderten Erfolge erzielt wurden."
    answer = resolve({"system": "w6", "action": "complex_probe", "attribute": 6,
                      "split": [2, 2, 2], "required": [1, 1, 1], "faces": faces})
    rolls = [faces[0:2], faces[2:4], faces[4:6]]
    hits = [sum(1 for f in roll if f >= 5) for roll in rolls]
    assert answer["parts"] == [
        {"dice": 2, "faces": roll, "successes": n, "required": 1, "passed": ok,
         "quality": n - 1, "probability": float(PART)}
        for roll, n, ok in zip(rolls, hits, passed, strict=True)]
    assert answer["passed"] is all(passed)
    assert answer["probability"] == float(PART**3)
    verdict = "passed" if all(passed) else "failed"
    assert answer["text"].startswith(
        f"Complex probe {verdict}: {sum(passed)} of 3 rolls passed; chance that all pass ")
