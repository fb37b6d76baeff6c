"""Bursts and emanations against the measuring rule written out here over a whole
stretch of the grid: "werden Wirkungsbereiche genauso abgemessen wie Bewegungen" —
moving into a square costs one, every second diagonal two."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.space.areas import (
    burst,
    cone,
    corner_in_range,
    emanation,
    still_affected,
)
from regelwerk.systems.pf2e.space.grid import Creature

GRID = range(-12, 13)


def cost(dx: int, dy: int) -> int:
    """Squares moved: each step one, every second diagonal step two."""
    straight, diagonal = abs(abs(dx) - abs(dy)), min(abs(dx), abs(dy))
    return straight + diagonal + diagonal // 2


# "Eine Explosion dehnt sich von einer einzelnen Ecke eines Feldes [...] in alle Richtungen
# aus, bis zu einem bestimmten, vorgegebenen Radius." — the corner (cx, cy) is the top
# left corner of square (cx, cy); into square (x, y) one moves x−cx+1 squares to the
# right, or cx−x to the left.
@pytest.mark.parametrize("radius", [Fraction(3, 2), Fraction(3), Fraction(9, 2), Fraction(6),
                                    Fraction(15)])
def test_burst_by_the_measuring_rule(radius: Fraction) -> None:
    cx, cy = 2, -1
    r = int(Fraction(radius) / Fraction(3, 2))
    expected = {(x, y) for x in GRID for y in GRID
                if cost(x - cx + 1 if x >= cx else cx - x,
                        y - cy + 1 if y >= cy else cy - y) <= r}
    area = burst((cx, cy), Fraction(radius))
    assert area.squares == expected
    if radius == Fraction(3, 2):
        assert len(expected) == 4  # the four squares around the corner
    assert area.origin == (Fraction(cx), Fraction(cy))
    assert area.shape == "burst"
    assert area.in_range is True
    assert burst((cx, cy), Fraction(radius), in_range=False).in_range is False


# "Eine Ausstrahlung geht von allen Seiten deiner Angriffsfläche aus" — its own space too
@pytest.mark.parametrize(("size", "side"), [("medium", 1), ("large", 2), ("huge", 3)])
@pytest.mark.parametrize("radius", [Fraction(3, 2), Fraction(3), Fraction(9)])
def test_emanation_by_the_measuring_rule(size: str, side: int, radius: Fraction) -> None:
    source = Creature("caster", (1, 1), size)  # type: ignore[arg-type]
    r = int(radius / Fraction(3, 2))
    low, high = 1, side

    def gap(value: int) -> int:
        return low - value if value < low else max(0, value - high)

    expected = {(x, y) for x in GRID for y in GRID if cost(gap(x), gap(y)) <= r}
    area = emanation(source, radius)
    assert area.squares == expected
    # the centre of the space, whose corners run from 1 to 1 + side
    assert area.origin == (1 + Fraction(side, 2), 1 + Fraction(side, 2))
    assert area.shape == "emanation"


def test_areas_need_a_size() -> None:
    with pytest.raises(RuleError, match="positive size") as refused:
        burst((0, 0), Fraction(0))
    assert refused.value.code == "out_of_range"
    with pytest.raises(RuleError, match="positive size"):
        emanation(Creature("c", (0, 0)), Fraction(-3, 2))
    assert len(burst((0, 0), Fraction(1)).squares) == 0
    with pytest.raises(RuleError, match="unknown direction") as unknown:
        cone(Creature("c", (0, 0)), "up", Fraction(9))
    assert unknown.value.code == "unknown_name"


# docs/rulings.md, "PF2e: a burst's corner": measured like movement from the space
@pytest.mark.parametrize(("corner", "range_m", "inside"), [
    ((1, 1), Fraction(0), True), ((2, 1), Fraction(0), True), ((3, 1), Fraction(0), False),
    ((3, 1), Fraction(3, 2), True), ((4, 4), Fraction(3), False),
    ((4, 4), Fraction(9, 2), True), ((-2, 1), Fraction(9, 2), True),
    ((-3, 1), Fraction(9, 2), False), ((1, -2), Fraction(9, 2), True),
    ((1, 6), Fraction(6), True), ((1, 7), Fraction(6), False)])
def test_a_bursts_corner_in_range(corner: tuple[int, int], range_m: Fraction,
                                  inside: bool) -> None:
    caster = Creature("c", (1, 1))  # space: square (1, 1), corners (1..2, 1..2)
    assert corner_in_range(caster, corner, range_m) is inside


# "Verlässt eine Kreatur den Wirkungsbereich, so wirkt der Effekt nicht mehr weiter auf
# diese Kreatur."
def test_those_who_leave_are_no_longer_affected() -> None:
    assert still_affected(["a", "b", "c"], ["b", "d"]) == (("b",), ("a", "c"))
