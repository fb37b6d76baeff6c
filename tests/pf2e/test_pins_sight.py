"""Schusslinie and light pinned with geometry worked out by hand: which squares a
segment passes through, the points of a space a line may end at, and the light of a
source square by square."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, LightSource
from regelwerk.systems.pf2e.space.sight import (
    centre,
    clear_line,
    has_line_of_effect,
    light_at,
    sample_points,
)

M = Fraction


@pytest.mark.parametrize(("p", "q", "walls", "clear"), [
    # straight through the middle of a square
    ((M(1, 2), M(1, 2)), (M(7, 2), M(1, 2)), {(2, 0)}, False),
    ((M(1, 2), M(1, 2)), (M(7, 2), M(1, 2)), {(2, 1), (1, -1)}, True),
    # along a grid line between two wall squares: an edge is not the inside
    ((M(0), M(1)), (M(5), M(1)), {(2, 0), (3, 1)}, True),
    ((M(2), M(-3)), (M(2), M(3)), {(1, 0), (2, 1)}, True),
    ((M(5, 2), M(-3)), (M(5, 2), M(3)), {(2, 1)}, False),
    # through a corner where two squares meet diagonally: it touches, it does not cross
    ((M(0), M(0)), (M(2), M(2)), {(1, 0), (0, 1)}, True),
    ((M(0), M(0)), (M(2), M(2)), {(1, 1)}, False),
    # ending on a wall's side, or starting on it, it does not enter
    ((M(1, 2), M(1, 2)), (M(1), M(1, 2)), {(1, 0)}, True),
    ((M(3), M(1, 2)), (M(9, 2), M(1, 2)), {(2, 0)}, True),
    # the segment stops short of the square
    ((M(1, 2), M(1, 2)), (M(3, 2), M(3, 2)), {(2, 2), (3, 3)}, True),
    # a shallow slope grazes a square: from (0, 0) to (4, 1) passes (2, 0) at y = 1/2
    ((M(0), M(0)), (M(4), M(1)), {(2, 0)}, False),
    ((M(0), M(0)), (M(4), M(1)), {(2, 1)}, True),
    ((M(0), M(0)), (M(4), M(1)), {(1, 1)}, True),
    # going backwards (from east to west, from south to north) alike
    ((M(7, 2), M(1, 2)), (M(1, 2), M(1, 2)), {(2, 0)}, False),
    ((M(4), M(1)), (M(0), M(0)), {(2, 0)}, False),
    ((M(5, 2), M(3)), (M(5, 2), M(-3)), {(2, 1)}, False),
    # a segment of no length: inside a wall square it is in it, on its side it is not
    ((M(1, 2), M(1, 2)), (M(1, 2), M(1, 2)), {(0, 0)}, False),
    ((M(1), M(1, 2)), (M(1), M(1, 2)), {(0, 0)}, True),
])
def test_which_squares_a_segment_crosses(p: tuple[Fraction, Fraction],
                                         q: tuple[Fraction, Fraction],
                                         walls: set[tuple[int, int]], clear: bool) -> None:
    assert clear_line(p, q, walls) is clear


def test_the_points_a_line_may_end_at() -> None:
    # each square's centre and the points 1/10 of a square (0,15 m) inside its corners
    assert sample_points(Creature("c", (2, 3))) == [
        (M(5, 2), M(7, 2)), (M(21, 10), M(31, 10)), (M(21, 10), M(39, 10)),
        (M(29, 10), M(31, 10)), (M(29, 10), M(39, 10))]
    large = sample_points(Creature("ogre", (0, 0), "large"))
    assert len(large) == 20
    assert large[5:10] == [(M(1, 2), M(3, 2)), (M(1, 10), M(11, 10)), (M(1, 10), M(19, 10)),
                           (M(9, 10), M(11, 10)), (M(9, 10), M(19, 10))]
    assert large[15] == (M(3, 2), M(3, 2))


def test_centres_of_spaces() -> None:
    assert centre(Creature("c", (2, 3))) == (M(5, 2), M(7, 2))
    assert centre(Creature("c", (2, 3), "large")) == (M(3), M(4))
    assert centre(Creature("c", (2, 3), "huge")) == (M(7, 2), M(9, 2))


# "Du hast eine freie Schusslinie, solange eine Zielkreatur sich nicht vollständig hinter
# einer festen Barriere befindet."
def test_line_of_effect_to_part_of_a_space() -> None:
    origin = (M(1, 2), M(1, 2))
    wall = frozenset({(2, 0)})
    # a Medium creature in the wall's shadow: every one of its points is behind it
    hidden = Creature("hidden", (4, 0))
    assert not has_line_of_effect(origin, hidden, BattleMap(8, 8, (hidden,), walls=wall))
    # a Large creature there shows a corner of its lower square past the wall: the
    # line to (4,1; 1,9) passes x = 2 at y = 1,08, below the wall
    ogre = Creature("ogre", (4, 0), "large")
    assert has_line_of_effect(origin, ogre, BattleMap(8, 8, (ogre,), walls=wall))
    # with the square below the wall walled too, the whole ogre is behind the wall
    both = frozenset({(2, 0), (2, 1)})
    assert not has_line_of_effect(origin, ogre, BattleMap(8, 8, (ogre,), walls=both))
    # a wall square inside the target's own space does not hide it from itself
    inside = frozenset({(2, 0), (4, 0), (5, 0), (4, 1), (5, 1)})
    assert has_line_of_effect(origin, ogre, BattleMap(8, 8, (ogre,), walls=inside))
    # "ebenso wenig Fallgitter oder andere Barrieren, sofern sie nicht völlig
    # undurchlässig sind"
    assert has_line_of_effect(origin, hidden, BattleMap(8, 8, (hidden,), grates=both))


def test_an_opening_of_a_square_lets_a_line_through() -> None:
    # "eine Öffnung von 0,30 m Größe im Allgemeinen ausreichend": a wall along x = 3
    # with one square open; the target beyond the opening, offset by one row
    walls = frozenset((3, y) for y in range(-5, 6) if y != 1)
    target = Creature("t", (5, 2))
    battle = BattleMap(10, 10, (target,), walls=walls)
    assert has_line_of_effect((M(3, 2), M(3, 2)), target, battle)
    # two rows below, nothing of it can be seen through the opening from there
    far = Creature("far", (4, 6))
    assert not has_line_of_effect((M(1, 2), M(1, 2)), far, BattleMap(10, 10, (far,),
                                                                     walls=walls))


# "Für Lichtquellen wird immer ein Radius angegeben, innerhalb dessen sie Helles Licht
# abstrahlen. Sie strahlen weiterhin Dämmerlicht in einem doppelt so großen Radius ab."
@pytest.mark.parametrize(("square", "light"), [
    ((10, 10), "bright"), ((14, 10), "bright"), ((15, 10), "dim"), ((18, 10), "dim"),
    ((19, 10), "darkness"), ((10, 2), "dim"), ((10, 1), "darkness"), ((6, 10), "bright"),
    # diagonals cost 1, 2, 1, 2 …: (3, 3) is 4 squares (6 m), (4, 3) 5, (5, 5) 7 (10,5 m),
    # (6, 5) 8 (12 m), (6, 6) 9
    ((13, 13), "bright"), ((14, 13), "dim"), ((15, 15), "dim"), ((16, 15), "dim"),
    ((16, 16), "darkness"), ((4, 5), "dim"), ((4, 4), "darkness")])
def test_a_light_of_6_m_square_by_square(square: tuple[int, int], light: str) -> None:
    battle = BattleMap(30, 30, ambient="darkness", lights=(LightSource((10, 10), M(6)),))
    assert light_at(battle, square) == (light, False)


def test_light_never_darkens_and_darkness_wins() -> None:
    lamp = LightSource((0, 0), M(3, 2))
    assert light_at(BattleMap(30, 30, ambient="bright", lights=(lamp,)), (20, 20)) == \
        ("bright", False)
    assert light_at(BattleMap(30, 30, ambient="dim", lights=(lamp,)), (20, 20)) == \
        ("dim", False)
    assert light_at(BattleMap(30, 30, ambient="dim", lights=(lamp,)), (2, 0)) == \
        ("dim", False)
    assert light_at(BattleMap(30, 30, ambient="darkness", lights=(lamp,)), (1, 1)) == \
        ("bright", False)
    # a dim square in bright surroundings, lit again by a lamp
    shade = frozenset({(1, 0), (5, 5)})
    battle = BattleMap(30, 30, lights=(lamp,), dim=shade)
    assert light_at(battle, (5, 5)) == ("dim", False)
    assert light_at(battle, (1, 0)) == ("bright", False)
    assert light_at(battle, (2, 2)) == ("bright", False)
    # the brightest of several lights
    two = BattleMap(30, 30, ambient="darkness",
                    lights=(LightSource((0, 0), M(3)), LightSource((9, 0), M(3, 2))))
    assert [light_at(two, (x, 0))[0] for x in range(12)] == [
        "bright", "bright", "bright", "dim", "dim", "darkness", "darkness", "dim", "bright",
        "bright", "bright", "dim"]
    # areas of darkness win over every light; magical if it has a rank
    dark = frozenset({(0, 0)})
    assert light_at(BattleMap(5, 5, lights=(lamp,), darkness=dark), (0, 0)) == \
        ("darkness", False)
    assert light_at(BattleMap(5, 5, lights=(lamp,), darkness=dark, darkness_rank=1),
                    (0, 0)) == ("darkness", True)
    assert light_at(BattleMap(5, 5, darkness=dark, darkness_rank=4), (1, 0)) == \
        ("bright", False)
