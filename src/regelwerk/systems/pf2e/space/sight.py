"""Die Schusslinie and die Sichtlinie: exact segments against solid squares, and light.

"Du hast eine freie Schusslinie, solange eine Zielkreatur sich nicht vollständig hinter
einer festen Barriere befindet. Sichtbarkeit ist dabei nicht relevant, ebenso wenig
Fallgitter oder andere Barrieren, sofern sie nicht völlig undurchlässig sind."  A
creature is reached when any of its sample points (its squares' centres and points a
tenth of a square inside their corners, so that an opening of 0,30 m lets it through)
can be joined to the origin without crossing the inside of a wall square.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Literal

from regelwerk.systems.pf2e.space.grid import SQUARE_METRES, BattleMap, Creature, Square, distance

__all__ = ["Light", "centre", "clear_line", "has_line_of_effect", "light_at", "sample_points"]

Point = tuple[Fraction, Fraction]
Light = Literal["bright", "dim", "darkness"]
_INSET = Fraction(1, 10)


def _crosses(p: Point, q: Point, square: Square) -> bool:
    """Whether the segment from p to q passes through the inside of the square."""
    low, high = Fraction(0), Fraction(1)
    for axis in (0, 1):
        start, step = p[axis], q[axis] - p[axis]
        edge_low, edge_high = Fraction(square[axis]), Fraction(square[axis] + 1)
        if step == 0:
            if not edge_low < start < edge_high:
                return False
            continue
        t1, t2 = (edge_low - start) / step, (edge_high - start) / step
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low >= high:
            return False
    return low < high


def clear_line(p: Point, q: Point, walls: Iterable[Square]) -> bool:
    """No wall square's inside lies on the segment."""
    return not any(_crosses(p, q, w) for w in walls)


def sample_points(creature: Creature) -> list[Point]:
    """The points of a creature's space a line may end at."""
    out = []
    for x, y in sorted(creature.space):
        out.append((Fraction(2 * x + 1, 2), Fraction(2 * y + 1, 2)))
        for i in (_INSET, 1 - _INSET):
            for j in (_INSET, 1 - _INSET):
                out.append((x + i, y + j))
    return out


def has_line_of_effect(origin: Point, target: Creature, battle: BattleMap) -> bool:
    """A clear line from the origin to some point of the target's space (grates and
    other barriers that are not solid do not block)."""
    walls = [w for w in battle.walls if w not in target.space]
    return any(clear_line(origin, point, walls) for point in sample_points(target))


def centre(creature: Creature) -> Point:
    """The centre of a creature's space."""
    xs = [x for x, _ in creature.space]
    ys = [y for _, y in creature.space]
    return (Fraction(min(xs) + max(xs) + 1, 2), Fraction(min(ys) + max(ys) + 1, 2))


def light_at(battle: BattleMap, square: Square) -> tuple[Light, bool]:
    """The light in a square and whether it is magical darkness: light sources shed
    bright light to their radius and dim light to twice it; areas of darkness win."""
    if square in battle.darkness:
        return "darkness", battle.darkness_rank > 0
    order = {"darkness": 0, "dim": 1, "bright": 2}
    level: Light = "dim" if square in battle.dim else battle.ambient
    for source in battle.lights:
        dx = abs(square[0] - source.at[0])
        dy = abs(square[1] - source.at[1])
        metres = distance(dx, dy) * SQUARE_METRES
        lit: Light = "bright" if metres <= source.radius else (
            "dim" if metres <= 2 * source.radius else "darkness")
        if order[lit] > order[level]:
            level = lit
    return level, False
