"""Areas against the drawings of docs/rulings.md ("PF2e: areas on the grid"), copied
here as pictures: ``#`` a square of the area, ``C`` the creator's space, ``.`` empty.
Each test reads the squares off the picture (turned for the other directions) and
asserts the whole area, its origin and its edges; nothing is computed by the code
under test.

"Wenn du im Begegnungsmodus spielst und ein Raster verwendest, werden Wirkungsbereiche
genauso abgemessen wie Bewegungen" — "Eine Explosion dehnt sich von einer einzelnen
Ecke eines Feldes [...] in alle Richtungen aus" — "Eine Ausstrahlung geht von allen
Seiten deiner Angriffsfläche aus" — "Ein Kegel dehnt sich von dir aus in einem
Viertelkreis auf dem Raster aus" — "Eine Linie strahlt von dir aus in gerader Linie in
eine Richtung deiner Wahl aus."
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.space.areas import (
    burst,
    cone,
    emanation,
    line,
    still_affected,
    touched_creatures,
)
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature

M = Fraction
Square = tuple[int, int]


def picture(text: str) -> tuple[set[Square], set[Square], int, int]:
    """The area's squares, the creator's squares, the width and the height."""
    rows = text.strip().splitlines()
    area = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"}
    own = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "C"}
    return area, own, len(rows[0]), len(rows)


def shifted(squares: set[Square], dx: int, dy: int) -> set[Square]:
    return {(x + dx, y + dy) for x, y in squares}


def turned(offset: Square, quarters: int) -> Square:
    """An offset turned clockwise on the screen (y grows to the south) by quarter turns:
    east becomes south, south west, west north."""
    x, y = offset
    for _ in range(quarters % 4):
        x, y = -y, x
    return x, y


BURST_3 = """
......
..##..
.####.
.####.
..##..
......
"""
BURST_4_5 = """
........
...##...
..####..
.######.
.######.
..####..
...##...
........
"""
BURST_6 = """
..........
....##....
..######..
..######..
.########.
.########.
..######..
..######..
....##....
..........
"""


# origin: the corner at the centre of the drawing
@pytest.mark.parametrize(("text", "radius"), [(BURST_3, M(3)), (BURST_4_5, M(9, 2)),
                                              (BURST_6, M(6))])
@pytest.mark.parametrize("corner", [(0, 0), (7, -3)])
def test_bursts_as_drawn(text: str, radius: Fraction, corner: Square) -> None:
    drawn, _, width, height = picture(text)
    centre = (width // 2, height // 2)
    expected = shifted(drawn, corner[0] - centre[0], corner[1] - centre[1])
    area = burst(corner, radius)
    assert area.squares == expected
    assert area.origin == (M(corner[0]), M(corner[1]))
    # a radius between two steps counts the whole squares only: 4 m is 3 m
    assert burst(corner, radius + M(1, 2)).squares == expected
    assert burst(corner, radius - M(1, 100)).squares != expected


EMANATION_MEDIUM = """
.......
..###..
.#####.
.##C##.
.#####.
..###..
.......
"""
EMANATION_LARGE = """
........
..####..
.######.
.##CC##.
.##CC##.
.######.
..####..
........
"""


@pytest.mark.parametrize(("text", "size"), [(EMANATION_MEDIUM, "medium"),
                                             (EMANATION_LARGE, "large")])
def test_emanations_as_drawn(text: str, size: str) -> None:
    drawn, own, _, _ = picture(text)
    at = min(own)
    source = Creature("c", (4, 9), size)  # type: ignore[arg-type]
    area = emanation(source, M(3))
    # "Ein Ausstrahlungseffekt umfasst auch das Ziel der Ausstrahlung"
    assert area.squares == shifted(drawn | own, 4 - at[0], 9 - at[1])
    side = 1 if size == "medium" else 2
    assert area.origin == (4 + M(side, 2), 9 + M(side, 2))


def test_an_emanation_of_a_huge_creature_off_centre() -> None:
    # the space runs from (2, 5) to (4, 7); 1,50 m reaches every square that touches it
    area = emanation(Creature("h", (2, 5), "huge"), M(3, 2))
    assert area.squares == {(x, y) for x in range(1, 6) for y in range(4, 9)}
    assert area.origin == (M(7, 2), M(13, 2))
    # 3 m: the corners of the 7 x 7 block are two diagonals away (cost 3) and stay out
    wide = emanation(Creature("h", (2, 5), "huge"), M(3))
    block = {(x, y) for x in range(0, 7) for y in range(3, 10)}
    assert wide.squares == block - {(0, 3), (6, 3), (0, 9), (6, 9)}


CONE_E_4_5 = """
......
...##.
.C###.
...##.
......
"""
CONE_SE_4_5 = """
......
.C....
..###.
..##..
..#...
......
"""
CONE_E_9 = """
.........
.....##..
....###..
...#####.
.C######.
...#####.
....###..
.....##..
.........
"""
CONE_SE_9 = """
.........
.C.......
..######.
..#####..
..#####..
..####...
..###....
..#......
.........
"""
STRAIGHT = ("e", "s", "w", "n")  # each a quarter turn clockwise from the one before
DIAGONAL = ("se", "sw", "nw", "ne")


@pytest.mark.parametrize(("text", "length", "directions"), [
    (CONE_E_4_5, M(9, 2), STRAIGHT), (CONE_E_9, M(9), STRAIGHT),
    (CONE_SE_4_5, M(9, 2), DIAGONAL), (CONE_SE_9, M(9), DIAGONAL)])
def test_cones_as_drawn_in_every_direction(text: str, length: Fraction,
                                           directions: tuple[str, ...]) -> None:
    drawn, own, _, _ = picture(text)
    (cx, cy), = own
    me = Creature("me", (10, 20))
    for quarters, direction in enumerate(directions):
        expected = set()
        for x, y in drawn:
            dx, dy = turned((x - cx, y - cy), quarters)
            expected.add((10 + dx, 20 + dy))
        area = cone(me, direction, length)
        assert area.squares == expected, direction
        assert area.shape == "cone"
        # the origin: the middle of the side the first square shares with the space
        # (straight), or the corner it touches (diagonal); the space's centre is
        # (10.5, 20.5), so half a square out along the direction
        ox, oy = turned((1, 0) if direction in STRAIGHT else (1, 1), quarters)
        assert area.origin == (M(21, 2) + M(ox, 2), M(41, 2) + M(oy, 2)), direction


@pytest.mark.parametrize(("length", "count"), [(M(3, 2), 1), (M(3), 4), (M(6), 12)])
def test_straight_cones_of_other_lengths(length: Fraction, count: int) -> None:
    # by the picture's rule: forward k squares it is 2k−1 wide, as far as the measured
    # distance allows; 3 m: 1 + 3; 6 m: 1 + 3 + 5 + 3
    area = cone(Creature("me", (0, 0)), "s", length)
    rows: dict[int, list[int]] = {}
    for x, y in sorted(area.squares):
        rows.setdefault(y, []).append(x)
    widths = {1: [0], 2: [-1, 0, 1], 3: [-2, -1, 0, 1, 2], 4: [-1, 0, 1]}
    assert rows == {y: widths[y] for y in range(1, len(widths) + 1)
                    if sum(len(widths[k]) for k in range(1, y + 1)) <= count}
    assert len(area.squares) == count


def test_a_large_creatures_cone_starts_where_it_chooses() -> None:
    # "Wenn du die Größenkategorie Groß oder größer besitzt, kann das erste Feld des
    # Kegels an ein beliebiges Feld deiner Angriffsfläche angrenzen."
    ogre = Creature("ogre", (4, 4), "large")  # space (4..5, 4..5)
    drawn, own, _, _ = picture(CONE_E_4_5)
    (cx, cy), = own
    lower = cone(ogre, "e", M(9, 2), from_square=(5, 5))
    assert lower.squares == shifted(drawn, 5 - cx, 5 - cy)
    assert lower.origin == (M(6), M(11, 2))
    # without a choice a straight cone starts from the space's edge square in its
    # middle (rounded toward the top or the left for an even side)
    assert cone(ogre, "e", M(9, 2)).squares == shifted(drawn, 5 - cx, 4 - cy)
    assert cone(ogre, "n", M(3, 2)).squares == {(4, 3)}
    assert cone(ogre, "s", M(3, 2)).squares == {(4, 6)}
    assert cone(ogre, "w", M(3, 2)).squares == {(3, 4)}
    # diagonal: the corner square of the space in that direction
    assert cone(ogre, "se", M(3, 2)).squares == {(6, 6)}
    assert cone(ogre, "nw", M(3, 2)).squares == {(3, 3)}
    assert cone(ogre, "ne", M(3, 2)).squares == {(6, 3)}
    assert cone(ogre, "sw", M(3, 2)).squares == {(3, 6)}
    huge = Creature("dragon", (0, 0), "huge")  # space (0..2, 0..2): the middle is 1
    assert cone(huge, "e", M(3, 2)).squares == {(3, 1)}
    assert cone(huge, "n", M(3, 2)).squares == {(1, -1)}
    assert cone(huge, "w", M(3, 2)).squares == {(-1, 1)}
    assert cone(huge, "s", M(3, 2)).squares == {(1, 3)}
    assert cone(huge, "nw", M(3, 2)).squares == {(-1, -1)}
    assert cone(huge, "se", M(3, 2)).squares == {(3, 3)}
    # the chosen square must be in the space, and it never includes the space
    with pytest.raises(RuleError, match="must start at a square") as outside:
        cone(ogre, "e", M(3), from_square=(6, 4))
    assert outside.value.code == "out_of_range"
    with pytest.raises(RuleError, match="never include") as inward:
        cone(ogre, "e", M(3), from_square=(4, 4))
    assert inward.value.code == "invalid_value"


def test_a_medium_creature_has_no_choice() -> None:
    me = Creature("me", (3, 3))
    assert cone(me, "e", M(3, 2), from_square=(3, 3)).squares == {(4, 3)}
    small = Creature("imp", (3, 3), "small")
    with pytest.raises(RuleError, match="must start at a square"):
        cone(small, "e", M(3, 2), from_square=(4, 3))


LINE_E_9 = """
.........
.C######.
.........
"""
LINE_2_1_9 = """
........
.C#.....
..###...
....###.
......#.
........
"""
LINE_DIAGONAL_9 = """
.......
.C.....
..#....
...#...
....#..
.....#.
.......
"""


@pytest.mark.parametrize(("text", "step"), [(LINE_E_9, (1, 0)), (LINE_2_1_9, (2, 1)),
                                            (LINE_DIAGONAL_9, (1, 1))])
def test_lines_as_drawn_in_every_direction(text: str, step: Square) -> None:
    drawn, own, _, _ = picture(text)
    (cx, cy), = own
    me = Creature("me", (10, 20))
    for quarters in range(4):
        sx, sy = turned(step, quarters)
        toward = (M(21, 2) + 5 * sx, M(41, 2) + 5 * sy)
        expected = set()
        for x, y in drawn:
            dx, dy = turned((x - cx, y - cy), quarters)
            expected.add((10 + dx, 20 + dy))
        area = line(me, toward, M(9))
        assert area.squares == expected, (step, quarters)
        # it starts where the direction leaves the space
        scale = max(abs(sx), abs(sy))
        assert area.origin == (M(21, 2) + M(sx, 2 * scale), M(41, 2) + M(sy, 2 * scale))


def test_a_line_measured_like_movement_at_its_end() -> None:
    me = Creature("me", (0, 0))
    east = line(me, (M(50), M(1, 2)), M(9))
    assert east.squares == {(x, 0) for x in range(1, 7)}
    assert line(me, (M(50), M(1, 2)), M(9) - M(1, 100)).squares == {
        (x, 0) for x in range(1, 6)}
    # a diagonal line of 4,5 m: two squares cost 3 (1 + 2), the third 4
    assert line(me, (M(9), M(9)), M(9, 2)).squares == {(1, 1), (2, 2)}
    assert line(me, (M(9), M(9)), M(6)).squares == {(1, 1), (2, 2), (3, 3)}
    with pytest.raises(RuleError, match="direction away") as nowhere:
        line(me, (M(1, 2), M(1, 2)), M(9))
    assert nowhere.value.code == "invalid_value"


def test_a_wider_line_and_a_line_from_a_large_creature() -> None:
    me = Creature("me", (0, 5))
    # 4,5 m wide: the three rows whose centres lie within 2,25 m of the middle
    wide = line(me, (M(30), M(11, 2)), M(6), width_m=M(9, 2))
    assert wide.squares == {(x, y) for x in range(1, 5) for y in (4, 5, 6)}
    # a Large creature's line starts where its direction leaves the 2 x 2 space and is
    # measured from the space
    ogre = Creature("ogre", (0, 0), "large")
    row = line(ogre, (M(20), M(1, 2)), M(6))
    assert row.squares == {(x, 0) for x in range(2, 6)}
    # from the centre (1, 1) along (19, −1/2): x = 2 is reached at y = 1 − 1/38
    assert row.origin == (M(2), M(37, 38))
    three = line(ogre, (M(20), M(1)), M(6), width_m=M(3))
    assert three.squares == {(x, y) for x in range(2, 6) for y in (0, 1)}
    assert three.origin == (M(2), M(1))


def test_who_an_area_touches() -> None:
    # "betrifft jede Kreatur, die sich innerhalb der Explosion befindet – selbst wenn sie
    # sich nur mit einem Feld ihrer Angriffsfläche darin befindet."
    area = burst((5, 5), M(3, 2))  # squares (4..5, 4..5)
    battle = BattleMap(12, 12, (Creature("in", (5, 5)), Creature("corner", (2, 2), "large"),
                                Creature("edge", (3, 3), "large"), Creature("out", (6, 6)),
                                Creature("me", (4, 4))))
    assert touched_creatures(area, battle) == ("in", "edge", "me")
    assert touched_creatures(area, battle, exclude=["me", "nobody"]) == ("in", "edge")
    assert touched_creatures(area, BattleMap(12, 12)) == ()


def test_a_lasting_area_keeps_the_order_and_counts_each_once() -> None:
    # "Verlässt eine Kreatur den Wirkungsbereich, so wirkt der Effekt nicht mehr weiter
    # auf diese Kreatur."
    assert still_affected(["c", "a", "c", "b"], ["b", "c"]) == (("c", "b"), ("a",))
    assert still_affected([], ["a"]) == ((), ())
    assert still_affected(["a"], []) == ((), ("a",))


# docs/rulings.md, "PF2e: a burst's corner": measured like movement from the space to
# the corner, on every side of a space away from the grid's origin
@pytest.mark.parametrize(("corner", "inside"), [
    ((5, 2), True), ((5, 1), False), ((6, 2), True), ((2, 5), True), ((1, 5), False),
    ((9, 6), True), ((10, 6), False), ((6, 9), True), ((6, 10), False), ((3, 3), True),
    ((2, 3), False)])
def test_a_bursts_corner_around_a_space(corner: Square, inside: bool) -> None:
    from regelwerk.systems.pf2e.space.areas import corner_in_range

    caster = Creature("c", (5, 5))  # corners (5..6, 5..6); 4,5 m: 3 squares
    assert corner_in_range(caster, corner, M(9, 2)) is inside


def test_the_exact_sign_of_a_plus_b_root_m() -> None:
    # the lines' strip test compares lengths with a square root exactly: the sign of
    # a + b·√m, against a perfect square worked out exactly and otherwise 50 digits
    from decimal import Decimal, localcontext

    from regelwerk.systems.pf2e.space.areas import _sign

    values = [M(-2), M(-1), M(-1, 2), M(-1, 4), M(0), M(1, 4), M(1, 2), M(1), M(2), M(3, 2)]
    for m in (M(1), M(2), M(4), M(5), M(9, 4)):
        root = {M(1): M(1), M(4): M(2), M(9, 4): M(3, 2)}.get(m)
        for a in values:
            for b in values:
                if root is not None:
                    exact = a + b * root
                    expected = (exact > 0) - (exact < 0)
                else:
                    with localcontext() as context:
                        context.prec = 50
                        approx = (Decimal(a.numerator) / Decimal(a.denominator)
                                  + Decimal(b.numerator) / Decimal(b.denominator)
                                  * (Decimal(m.numerator) / Decimal(m.denominator)).sqrt())
                    expected = (approx > 0) - (approx < 0)
                assert _sign(a, b, m) == expected, (a, b, m)


# "Solange keine anderen Angaben gemacht werden ist eine Linie immer 1,50 m breit." — a
# wider line is as wide as it says: 3 m covers two rows. The strip's left edge (seen
# along the line) belongs to it, its right edge does not (docs/rulings.md, "PF2e: lines")
@pytest.mark.parametrize(("at", "toward", "expected"), [
    ((0, 5), (M(30), M(11, 2)), {(x, y) for x in range(1, 5) for y in (4, 5)}),  # east
    ((10, 5), (M(0), M(11, 2)), {(x, y) for x in range(6, 10) for y in (5, 6)}),  # west
    ((0, 0), (M(1, 2), M(30)), {(x, y) for x in (0, 1) for y in range(1, 5)}),  # south
    ((0, 9), (M(1, 2), M(0)), {(x, y) for x in (-1, 0) for y in range(5, 9)}),  # north
])
def test_a_line_3_m_wide_covers_two_rows(at: Square, toward: tuple[Fraction, Fraction],
                                         expected: set[Square]) -> None:
    assert line(Creature("me", at), toward, M(6), width_m=M(3)).squares == expected
    # 1,50 m: the one row or column of the creature
    narrow = line(Creature("me", at), toward, M(6))
    assert narrow.squares == {s for s in expected if at[0] == s[0] or at[1] == s[1]}


def test_a_line_along_the_seam_of_a_large_space() -> None:
    # aimed exactly between the ogre's two rows, the 1,50 m strip holds the centres of
    # neither row inside; its left edge counts, so the northern row is covered
    ogre = Creature("ogre", (0, 0), "large")
    assert line(ogre, (M(20), M(1)), M(6)).squares == {(x, 0) for x in range(2, 6)}
    assert line(ogre, (M(-20), M(1)), M(6)).squares == {(x, 1) for x in range(-4, 0)}


def test_a_wide_diagonal_line_starts_past_the_corner() -> None:
    # 3 m wide along the diagonal from the corner (1, 1): the squares beside the space,
    # (1, 0) and (0, 1), lie level with the corner, not past it, and stay out
    me = Creature("me", (0, 0))
    assert line(me, (M(11, 2), M(11, 2)), M(9, 2), width_m=M(3)).squares == {
        (1, 1), (2, 1), (1, 2), (2, 2)}


def test_a_huge_creatures_line_reaches_its_full_length() -> None:
    # from the edge of a 3 x 3 space (0..2, 0..2), 3 m east: the two squares beyond it
    dragon = Creature("dragon", (0, 0), "huge")
    assert line(dragon, (M(20), M(3, 2)), M(3)).squares == {(3, 1), (4, 1)}
    colossus = Creature("colossus", (0, 0), "gargantuan")
    assert line(colossus, (M(2), M(20)), M(9, 2), width_m=M(3)).squares == {
        (x, y) for x in (1, 2) for y in (4, 5, 6)}


def test_only_the_direction_of_the_point_aimed_at_counts() -> None:
    # "in gerader Linie in eine Richtung deiner Wahl": a point next to the creature
    # or far away along the same direction gives the same line
    me = Creature("me", (0, 0))
    for toward in [(M(3, 2), M(1, 2)), (M(40), M(1, 2))]:
        assert line(me, toward, M(9)).squares == {(x, 0) for x in range(1, 7)}
    for toward in [(M(3, 2), M(3, 2)), (M(41, 2), M(41, 2))]:
        assert line(me, toward, M(9)).squares == {(k, k) for k in range(1, 5)}


def test_a_lines_length_is_measured_along_it_too() -> None:
    # a Gargantuan space (0..3, 0..3) aimed along 3:4 from its centre (2, 2): the line
    # starts at (3,5; 4); the centre of (4, 4) lies exactly 1 square along it (and on
    # its left edge): a 1,50 m line reaches it. (4, 5) lies 1,8 squares along.
    colossus = Creature("colossus", (0, 0), "gargantuan")
    assert line(colossus, (M(5), M(6)), M(3, 2)).squares == {(3, 4), (4, 4)}
    # a Huge space (0..2, 0..2) aimed along (−8; −4,5), 4,5 m wide: (−1, −1) is one
    # square from the space by movement, but its centre lies 1,0027 squares along the
    # line, past its 1,50 m
    dragon = Creature("dragon", (0, 0), "huge")
    assert line(dragon, (M(-13, 2), M(-3)), M(3, 2), width_m=M(9, 2)).squares == {
        (-1, 0), (-1, 1), (0, -1)}
