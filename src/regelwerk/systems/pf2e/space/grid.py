"""The battle map: 1,50 m squares, creatures with spaces by size, solid walls and
barriers that do not block, light; distances and reach as the rules measure them.

Squares are ``(x, y)`` with x to the east and y to the south; a grid corner ``(x, y)``
is the top-left corner of square ``(x, y)``.  Distances are counted in squares:
"every second diagonal counts double" (the movement rule, page 463), so a distance of
``dx`` and ``dy`` squares is ``max + min // 2``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from regelwerk.errors import RuleError

__all__ = [
    "SIZES",
    "SQUARE_METRES",
    "BattleMap",
    "Creature",
    "LightSource",
    "Square",
    "distance",
    "reaches",
    "space_distance",
    "squares_of",
]

Square = tuple[int, int]
SQUARE_METRES = Fraction(3, 2)
Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan"]
SIZES: dict[str, int] = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3,
                         "gargantuan": 4}
"""Squares per side of a creature's space (a tiny creature is placed in one square)."""


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature on the map: ``at`` is the top-left square of its space."""

    name: str
    at: Square
    size: Size = "medium"
    reach: Fraction = SQUARE_METRES
    senses: tuple[str, ...] = ()
    """Special senses: ``low_light_vision``, ``darkvision``, ``greater_darkvision``,
    ``tremorsense``, ``scent`` … (vision and hearing are assumed unless ``blinded`` or
    ``deafened`` are among its ``conditions``)."""
    conditions: tuple[str, ...] = ()
    flying: bool = False

    @property
    def space(self) -> frozenset[Square]:
        """Every square of its space."""
        return squares_of(self.at, self.size)


@dataclass(frozen=True, slots=True)
class LightSource:
    """Bright light to ``radius`` metres, dim light to twice that."""

    at: Square
    radius: Fraction


@dataclass(frozen=True, slots=True)
class BattleMap:
    """The map: its size, creatures, solid walls (``walls``: squares that block),
    barriers that do not block effects (``grates``: portcullises, nets of bars),
    the ambient light, light sources and areas of darkness (magical, with a rank)."""

    width: int
    height: int
    creatures: tuple[Creature, ...] = ()
    walls: frozenset[Square] = frozenset()
    grates: frozenset[Square] = frozenset()
    ambient: Literal["bright", "dim", "darkness"] = "bright"
    lights: tuple[LightSource, ...] = ()
    darkness: frozenset[Square] = frozenset()
    darkness_rank: int = 0
    dim: frozenset[Square] = field(default_factory=frozenset)

    def creature(self, name: str) -> Creature:
        """The creature called ``name``."""
        for c in self.creatures:
            if c.name == name:
                return c
        names = ", ".join(c.name for c in self.creatures) or "none"
        raise RuleError("no creature {name!r} on the map: there are {names}",
                        code="unknown_name", name=name, names=names)

    def inside(self, square: Square) -> bool:
        """Whether the square is on the map."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height


def squares_of(at: Square, size: str) -> frozenset[Square]:
    """The squares of a space of ``size`` whose top-left square is ``at``."""
    side = SIZES[size]
    return frozenset((at[0] + i, at[1] + j) for i in range(side) for j in range(side))


def distance(dx: int, dy: int) -> int:
    """Squares to cover ``dx`` by ``dy``: every second diagonal counts double."""
    dx, dy = abs(dx), abs(dy)
    return max(dx, dy) + min(dx, dy) // 2


def _gap(a: Iterable[int], b: Iterable[int]) -> int:
    a_low, a_high, b_low, b_high = min(a), max(a), min(b), max(b)
    if b_low > a_high:
        return b_low - a_high
    if a_low > b_high:
        return a_low - b_high
    return 0


def space_distance(a: frozenset[Square], b: frozenset[Square]) -> tuple[int, int]:
    """The squares between two spaces along x and y (adjacent spaces are 1 apart)."""
    return (_gap([x for x, _ in a], [x for x, _ in b]),
            _gap([y for _, y in a], [y for _, y in b]))


def reaches(attacker: Creature, target: Creature) -> bool:
    """Within reach: the distance between the spaces is at most the reach; but "ein
    Angriffsradius von 3 m [reicht] auch diagonal zwei Felder weit", while larger
    reach is measured normally."""
    dx, dy = space_distance(attacker.space, target.space)
    squares = attacker.reach / SQUARE_METRES
    if squares == 2:
        return max(dx, dy) <= 2
    return distance(dx, dy) <= squares
