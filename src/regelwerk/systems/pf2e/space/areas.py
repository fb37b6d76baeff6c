"""Wirkungsbereiche: emanation, burst, cone and line on the grid.

"werden Wirkungsbereiche genauso abgemessen wie Bewegungen" — a square is in an area
when moving from the area's origin into it costs at most the area's size, every second
diagonal counting double.  A line is a strip 1,50 m wide (unless stated) from the edge
of its creator's space; a square is in it when its centre lies in the strip and moving
there from the space costs at most the line's length, so that a 12 m line along the
diagonal covers 5 squares, not 6.  "Eine Explosion dehnt sich von einer einzelnen Ecke
eines Feldes innerhalb der Reichweite des Effektes [...] aus": the corner must lie in
range.  "Verlässt eine Kreatur den Wirkungsbereich, so wirkt der Effekt nicht mehr
weiter auf diese Kreatur."  All arithmetic is exact (rationals, and a + b·√m compared
exactly).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.space.grid import (
    SIZES,
    SQUARE_METRES,
    BattleMap,
    Creature,
    Square,
    distance,
)

__all__ = [
    "DIRECTIONS",
    "Area",
    "burst",
    "cone",
    "corner_in_range",
    "emanation",
    "line",
    "still_affected",
    "touched_creatures",
]

Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
DIRECTIONS: dict[str, tuple[int, int]] = {
    "n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
    "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1),
}
Point = tuple[Fraction, Fraction]


@dataclass(frozen=True, slots=True)
class Area:
    """The squares of an area and the point its line of effect is measured from."""

    shape: str
    squares: frozenset[Square]
    origin: Point
    in_range: bool = True
    """False for a burst whose corner lies beyond the effect's range (it affects none)."""


def _squares(size_m: Fraction) -> int:
    if size_m <= 0:
        raise RuleError("an area needs a positive size", code="out_of_range")
    return int(size_m / SQUARE_METRES)


def _from_corner(corner: Square, square: Square) -> tuple[int, int]:
    """Squares moved from a grid corner into a square, along x and y."""
    x, y = square
    cx, cy = corner
    return (x - cx + 1 if x >= cx else cx - x, y - cy + 1 if y >= cy else cy - y)


def burst(corner: Square, radius_m: Fraction, in_range: bool = True) -> Area:
    """"Eine Explosion dehnt sich von einer einzelnen Ecke eines Feldes [...] in alle
    Richtungen aus, bis zu einem bestimmten, vorgegebenen Radius." """
    r = _squares(radius_m)
    cx, cy = corner
    squares = frozenset(
        (x, y) for x in range(cx - r, cx + r) for y in range(cy - r, cy + r)
        if distance(*_from_corner(corner, (x, y))) <= r)
    return Area("burst", squares, (Fraction(cx), Fraction(cy)), in_range)


def _gap(low: int, high: int, value: int) -> int:
    """Squares between the span ``low..high`` and ``value``."""
    return low - value if value < low else max(0, value - high)


def corner_in_range(source: Creature, corner: Square, range_m: Fraction) -> bool:
    """Whether a grid corner lies within ``range_m`` of the creature, measured like
    movement from its space to the corner (docs/rulings.md, "PF2e: a burst's corner")."""
    xs = [x for x, _ in source.space]
    ys = [y for _, y in source.space]
    cx, cy = corner
    dx = min(xs) - cx if cx < min(xs) else max(0, cx - max(xs) - 1)
    dy = min(ys) - cy if cy < min(ys) else max(0, cy - max(ys) - 1)
    return distance(dx, dy) * SQUARE_METRES <= range_m


def emanation(source: Creature, radius_m: Fraction) -> Area:
    """"Eine Ausstrahlung geht von allen Seiten deiner Angriffsfläche aus" and includes
    the creature's own space."""
    r = _squares(radius_m)
    space = source.space
    xs = [x for x, _ in space]
    ys = [y for _, y in space]
    squares = set(space)
    for x in range(min(xs) - r, max(xs) + r + 1):
        for y in range(min(ys) - r, max(ys) + r + 1):
            dx = min(xs) - x if x < min(xs) else max(0, x - max(xs))
            dy = min(ys) - y if y < min(ys) else max(0, y - max(ys))
            if distance(dx, dy) <= r:
                squares.add((x, y))
    centre = (Fraction(min(xs) + max(xs) + 1, 2), Fraction(min(ys) + max(ys) + 1, 2))
    return Area("emanation", frozenset(squares), centre)


def cone(source: Creature, direction: str, length_m: Fraction,
         from_square: Square | None = None) -> Area:
    """A quarter circle: straight, its first square shares a side with the space;
    diagonal, it touches a corner; from a Large or larger creature it may start at any
    square of the space; it never includes the space."""
    if direction not in DIRECTIONS:
        raise RuleError("unknown direction {direction!r}: allowed are {directions}",
                        code="unknown_name",
                        direction=direction, directions=', '.join(DIRECTIONS))
    r = _squares(length_m)
    dx, dy = DIRECTIONS[direction]
    space = source.space
    if from_square is None:
        xs = [x for x, _ in space]
        ys = [y for _, y in space]
        fx = max(xs) if dx > 0 else min(xs) if dx < 0 else (min(xs) + max(xs)) // 2
        fy = max(ys) if dy > 0 else min(ys) if dy < 0 else (min(ys) + max(ys)) // 2
        from_square = (fx, fy)
    elif from_square not in space:
        raise RuleError("the cone must start at a square of {name}'s space",
                        code="out_of_range", name=source.name)
    elif SIZES[source.size] < 2 and from_square != source.at:
        raise RuleError("only Large or larger creatures choose the square a cone starts "
                        "from", code="invalid_value")
    x0, y0 = from_square
    squares: set[Square] = set()
    if dx and dy:  # diagonal: a quadrant measured from the corner of the first square
        for i in range(1, r + 1):
            for j in range(1, r + 1):
                if distance(i, j) <= r:
                    squares.add((x0 + dx * i, y0 + dy * j))
    else:  # straight: widening by one square to each side with each square forward
        for along in range(1, r + 1):
            for across in range(-(along - 1), along):
                if distance(along, across) <= r:
                    squares.add((x0 + dx * along, y0 + across) if dy == 0
                                else (x0 + across, y0 + dy * along))
    if squares & space:
        raise RuleError("a cone can never include its creator's space: choose a direction "
                        "away from it", code="invalid_value")
    origin = (Fraction(2 * x0 + 1 + dx, 2), Fraction(2 * y0 + 1 + dy, 2))
    return Area("cone", frozenset(squares), origin)


def _sign(a: Fraction, b: Fraction, m: Fraction) -> int:
    """The sign of ``a + b·√m`` (m > 0), exactly."""
    if b == 0 or (a >= 0 and b >= 0) or (a <= 0 and b <= 0):
        total = a if b == 0 else (a if a != 0 else b)
        return (total > 0) - (total < 0)
    difference = a * a - b * b * m
    if difference == 0:
        return 0
    return (1 if a > 0 else -1) if difference > 0 else (1 if b > 0 else -1)


def _centre_in(square: Square, origin: Point, d: Point, length: Fraction,
               width: Fraction) -> bool:
    """Whether the square's centre lies in the strip from ``origin`` along ``d``
    (``length`` and ``width`` in squares), exactly."""
    m = d[0] * d[0] + d[1] * d[1]
    cx, cy = Fraction(2 * square[0] + 1, 2) - origin[0], Fraction(2 * square[1] + 1, 2) - origin[1]
    along = d[0] * cx + d[1] * cy
    across = d[0] * cy - d[1] * cx
    # 0 < along <= length·√m and −(width/2)·√m <= across < (width/2)·√m: a centre on
    # the strip's left edge (seen along the line) is in it, one on its right edge is
    # not, so that a line 3 m wide covers two rows (docs/rulings.md, "PF2e: lines")
    return (along > 0 and _sign(along, -length, m) <= 0
            and _sign(across, width / 2, m) >= 0 and _sign(across, -width / 2, m) < 0)


def line(source: Creature, toward: Point, length_m: Fraction,
         width_m: Fraction = SQUARE_METRES) -> Area:
    """"Eine Linie strahlt von dir aus in gerader Linie in eine Richtung deiner Wahl
    aus" — from the centre of the creature's space toward ``toward`` (a point in
    squares), 1,50 m wide unless stated; the creature's own space is not part of it."""
    space = source.space
    xs = [x for x, _ in space]
    ys = [y for _, y in space]
    centre = (Fraction(min(xs) + max(xs) + 1, 2), Fraction(min(ys) + max(ys) + 1, 2))
    d = (toward[0] - centre[0], toward[1] - centre[1])
    if d[0] == 0 and d[1] == 0:
        raise RuleError("a line needs a direction away from its creator", code="invalid_value")
    side = Fraction(SIZES[source.size], 2)
    # start where the direction leaves the creature's space
    scale = max(abs(d[0]), abs(d[1]))
    start = (centre[0] + d[0] * side / scale, centre[1] + d[1] * side / scale)
    length = length_m / SQUARE_METRES
    width = width_m / SQUARE_METRES
    reach = int(length) + SIZES[source.size] + 2
    # "genauso abgemessen wie Bewegungen": no square farther than the length
    most = int(length)
    squares = frozenset(
        (x, y)
        for x in range(min(xs) - reach, max(xs) + reach + 1)
        for y in range(min(ys) - reach, max(ys) + reach + 1)
        if (x, y) not in space and _centre_in((x, y), start, d, length, width)
        and distance(_gap(min(xs), max(xs), x), _gap(min(ys), max(ys), y)) <= most)
    return Area("line", squares, start)


def touched_creatures(area: Area, battle: BattleMap,
                      exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """Every creature with any square of its space in the area."""
    skip = set(exclude)
    return tuple(c.name for c in battle.creatures
                 if c.name not in skip and c.space & area.squares)


def still_affected(before: Iterable[str], inside: Iterable[str]) -> tuple[tuple[str, ...],
                                                                         tuple[str, ...]]:
    """A lasting area effect: of the creatures it affected, those still inside and those
    that left it, for whom it ends."""
    now = set(inside)
    earlier = list(dict.fromkeys(before))
    return (tuple(n for n in earlier if n in now), tuple(n for n in earlier if n not in now))
