"""An independent brute-force oracle for dice expressions, sharing no code with
regelwerk: expressions are built from the small classes below, which give both
the notation text and a plain interpreter of d20's meaning over a list of faces.
``odds`` tries every sequence of faces (each with its chance)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


class NeedFace(Exception):
    def __init__(self, sides: int, among: list[int] | None = None) -> None:
        self.sides = sides
        self.among = among or list(range(1, sides + 1))


class Faces:
    """Faces in rolling order.  ``enumerating``: a reroll-until (rr) draws its final
    face among the faces that stop it, at once (rerolling until a face no longer
    matches leaves the others equally likely), so that enumeration ends."""

    def __init__(self, faces: list[int], enumerating: bool = False) -> None:
        self.faces = faces
        self.used = 0
        self.enumerating = enumerating

    def next(self, sides: int, among: list[int] | None = None) -> int:
        if self.used == len(self.faces):
            raise NeedFace(sides, among)
        face = self.faces[self.used]
        self.used += 1
        return face


def _pick(sel: str, dice: list[dict[str, Any]]) -> list[int]:
    """Indices of the kept dice a selector picks (ties: the earlier die first)."""
    live = [i for i, d in enumerate(dice) if d["kept"]]
    if sel[0] in "hl":
        n = int(sel[1:])
        order = sorted(live, key=lambda i: dice[i]["v"], reverse=sel[0] == "h")
        return order[:n]
    tests: list[tuple[str, Callable[[Any, int], bool]]] = [
        (">=", lambda a, b: a >= b), ("<=", lambda a, b: a <= b),
        (">", lambda a, b: a > b), ("<", lambda a, b: a < b)]
    for prefix, test in tests:
        if sel.startswith(prefix):
            n = int(sel[len(prefix):])
            return [i for i in live if test(dice[i]["v"], n)]
    return [i for i in live if dice[i]["v"] == int(sel)]


def _union(sels: list[str], dice: list[dict[str, Any]]) -> list[int]:
    out: list[int] = []
    for sel in sels:
        for i in _pick(sel, dice):
            if i not in out:
                out.append(i)
    return sorted(out)


def _op_text(name: str, sel: str) -> str:
    if "@" in name:  # regelwerk's depth limit: e6@2
        return f"e{sel}{name[1:]}"
    return f"{name}{sel}"


@dataclass
class Pool:
    n: int
    sides: int
    ops: list[tuple[str, list[str]]] = field(default_factory=list)

    def op(self, name: str, *sels: str) -> Pool:
        return Pool(self.n, self.sides, [*self.ops, (name, list(sels))])

    @property
    def text(self) -> str:
        return f"{self.n}d{self.sides}" + "".join(
            "".join(_op_text(name, s) for s in sels) for name, sels in self.ops)

    def total(self, faces: Faces) -> Fraction:
        dice = [{"v": faces.next(self.sides), "kept": True} for _ in range(self.n)]
        counting = None
        for name, sels in self.ops:
            if name == "k":
                chosen = _union(sels, dice)
                for i, d in enumerate(dice):
                    if d["kept"] and i not in chosen:
                        d["kept"] = False
            elif name == "p":
                for i in _union(sels, dice):
                    dice[i]["kept"] = False
            elif name == "rr" and faces.enumerating:
                probe = [{"v": f, "kept": True} for f in range(1, self.sides + 1)]
                stops = [f for i, f in enumerate(range(1, self.sides + 1))
                         if i not in _union(sels, probe)]
                for i in _union(sels, dice):
                    dice[i]["v"] = faces.next(self.sides, stops)
            elif name == "rr":
                chosen = _union(sels, dice)
                while chosen:
                    for i in chosen:
                        dice[i]["v"] = faces.next(self.sides)
                    chosen = _union(sels, dice)
            elif name == "ro":
                for i in _union(sels, dice):
                    dice[i]["v"] = faces.next(self.sides)
            elif name == "ra":
                if _union(sels, dice):
                    dice.append({"v": faces.next(self.sides), "kept": True})
            elif name.startswith("e"):
                depth = int(name[2:]) if "@" in name else 10**9
                done: set[int] = set()
                chosen = _union(sels, dice)
                rounds = 0
                while chosen and rounds < depth:
                    rounds += 1
                    for _ in chosen:
                        dice.append({"v": faces.next(self.sides), "kept": True})
                    done.update(chosen)
                    chosen = [i for i in _union(sels, dice) if i not in done]
            elif name in ("mi", "ma"):
                bound = int(sels[-1])
                for d in dice:
                    if d["kept"]:
                        d["v"] = max(d["v"], bound) if name == "mi" else min(d["v"], bound)
            elif name == "cs":
                counting = sels
        if counting is not None:
            return Fraction(len(_union(counting, dice)))
        return Fraction(sum(d["v"] for d in dice if d["kept"]))


@dataclass
class Lit:
    value: int

    @property
    def text(self) -> str:
        return str(self.value)

    def total(self, faces: Faces) -> Fraction:
        return Fraction(self.value)


@dataclass
class Dec:
    digits: str

    @property
    def text(self) -> str:
        return self.digits

    def total(self, faces: Faces) -> Fraction:
        return Fraction(self.digits)


@dataclass
class Items:
    items: list[Any]
    ops: list[tuple[str, list[str]]] = field(default_factory=list)

    @property
    def text(self) -> str:
        inner = ", ".join(i.text for i in self.items) + ("," if len(self.items) == 1 else "")
        return f"({inner})" + "".join(
            "".join(f"{name}{s}" for s in sels) for name, sels in self.ops)

    def total(self, faces: Faces) -> Fraction:
        dice = [{"v": item.total(faces), "kept": True} for item in self.items]
        for name, sels in self.ops:
            chosen = _union(sels, dice)
            for i, d in enumerate(dice):
                if d["kept"] and ((i not in chosen) if name == "k" else (i in chosen)):
                    d["kept"] = False
        return sum((d["v"] for d in dice if d["kept"]), Fraction(0))


_BINARY: dict[str, Callable[[Fraction, Fraction], Fraction]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: a / b, "//": lambda a, b: Fraction(a // b), "%": lambda a, b: a % b,
    "==": lambda a, b: Fraction(int(a == b)), "!=": lambda a, b: Fraction(int(a != b)),
    "<": lambda a, b: Fraction(int(a < b)), ">": lambda a, b: Fraction(int(a > b)),
    "<=": lambda a, b: Fraction(int(a <= b)), ">=": lambda a, b: Fraction(int(a >= b)),
}


@dataclass
class Bin:
    op: str
    left: Any
    right: Any

    @property
    def text(self) -> str:
        return f"({self.left.text}) {self.op} ({self.right.text})"

    def total(self, faces: Faces) -> Fraction:
        a = self.left.total(faces)
        b = self.right.total(faces)
        result: Fraction = _BINARY[self.op](a, b)
        return result


def whole(value: Fraction) -> int:
    return int(value)  # toward zero, as d20's int(total)


def odds(expr: Any, limit: int = 300_000) -> dict[int, Fraction]:
    """Every face sequence the expression can consume, with its chance."""
    out: dict[int, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    tried = 0
    while stack:
        faces, p = stack.pop()
        tried += 1
        assert tried < limit, "too large for the brute-force oracle"
        try:
            total = whole(expr.total(Faces(faces, enumerating=True)))
        except NeedFace as need:
            stack.extend(([*faces, f], p / len(need.among)) for f in need.among)
            continue
        out[total] = out.get(total, Fraction(0)) + p
    return dict(sorted(out.items()))
