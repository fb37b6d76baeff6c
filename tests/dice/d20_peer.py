"""Runs inside d20's own environment: reads JSON lines ``{"expression", "faces"}``
and prints d20's total for those faces (``random.randrange`` fed from them)."""

import json
import sys

import d20
import d20.expression


class _Faces:
    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randrange(self, size: int) -> int:
        return self.faces.pop(0) - 1


for line in sys.stdin:
    case = json.loads(line)
    d20.expression.random = _Faces(case["faces"])
    try:
        total = d20.roll(case["expression"], allow_comments=True).total
    except Exception as error:  # d20's own errors, reported as such
        total = type(error).__name__
    print(json.dumps(total))
