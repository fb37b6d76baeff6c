"""The grid, reach, movement actions and the reactions movement triggers, pinned at
every edge: distances written out square by square, whole problems and triggers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.space.grid import (
    BattleMap,
    Creature,
    distance,
    reaches,
    space_distance,
    squares_of,
)
from regelwerk.systems.pf2e.space.movement import Move, MoveProblem, athletics, check_move, speed
from regelwerk.systems.pf2e.space.reactions import Trigger, movement_triggers

M = Fraction

# "jede zweite Diagonale zählt doppelt": rows dy = 0..4, columns dx = 0..4, by hand
# (3, 3): 1 + 2 + 1 = 4; (4, 4): 1 + 2 + 1 + 2 = 6; (4, 2): 1 + 2 + 2 straight = 5
DISTANCES = [
    [0, 1, 2, 3, 4],
    [1, 1, 2, 3, 4],
    [2, 2, 3, 4, 5],
    [3, 3, 4, 4, 5],
    [4, 4, 5, 5, 6],
]


def test_distances_square_by_square() -> None:
    for dy, row in enumerate(DISTANCES):
        for dx, expected in enumerate(row):
            for sx in (1, -1):
                for sy in (1, -1):
                    assert distance(sx * dx, sy * dy) == expected, (dx, dy)


@pytest.mark.parametrize(("size", "side"), [("tiny", 1), ("small", 1), ("medium", 1),
                                            ("large", 2), ("huge", 3), ("gargantuan", 4)])
def test_spaces_by_size(size: str, side: int) -> None:
    expected = {(3 + i, -2 + j) for i in range(side) for j in range(side)}
    assert squares_of((3, -2), size) == expected
    assert Creature("c", (3, -2), size).space == expected  # type: ignore[arg-type]


def test_the_squares_between_two_spaces() -> None:
    me = Creature("me", (5, 5)).space
    assert space_distance(me, Creature("x", (5, 5)).space) == (0, 0)
    assert space_distance(me, Creature("x", (6, 5)).space) == (1, 0)
    assert space_distance(me, Creature("x", (2, 9)).space) == (3, 4)
    assert space_distance(me, Creature("x", (8, 1)).space) == (3, 4)
    # a Large space (3..4, 3..4): touching it is 1, overlapping 0, from either side
    ogre = Creature("ogre", (3, 3), "large").space
    assert space_distance(ogre, me) == (1, 1)
    assert space_distance(me, ogre) == (1, 1)
    assert space_distance(ogre, Creature("x", (4, 0)).space) == (0, 3)
    assert space_distance(Creature("x", (0, 4)).space, ogre) == (3, 0)


@pytest.mark.parametrize(("reach", "at", "reached"), [
    # 1,50 m: the eight squares around
    (M(3, 2), (1, 1), True), (M(3, 2), (2, 0), False), (M(3, 2), (0, -1), True),
    # "ein Angriffsradius von 3 m [reicht] auch diagonal zwei Felder weit"
    (M(3), (2, 2), True), (M(3), (-2, 2), True), (M(3), (3, 0), False), (M(3), (3, 3), False),
    (M(3), (2, 1), True),
    # 4,50 m is measured normally: (2, 2) costs 3, (3, 3) costs 4
    (M(9, 2), (2, 2), True), (M(9, 2), (3, 0), True), (M(9, 2), (3, 2), False),
    (M(9, 2), (4, 0), False),
    # "ein Angriffsradius von 6 m reicht diagonal 3 Felder weit"
    (M(6), (3, 3), True), (M(6), (4, 0), True), (M(6), (4, 3), False), (M(6), (4, 4), False),
])
def test_reach_square_by_square(reach: Fraction, at: tuple[int, int], reached: bool) -> None:
    # the attacker at (0, 0); the target's square is dx, dy squares away
    assert reaches(Creature("a", (0, 0), reach=reach), Creature("t", at)) is reached


def test_the_map_knows_its_creatures_and_edges() -> None:
    orc = Creature("orc", (1, 1))
    battle = BattleMap(4, 3, (orc, Creature("elf", (2, 2))))
    assert battle.creature("orc") is orc
    with pytest.raises(RuleError, match="no creature 'dragon' on the map: there are orc, elf"
                       ) as unknown:
        battle.creature("dragon")
    assert unknown.value.code == "unknown_name"
    with pytest.raises(RuleError, match="there are none"):
        BattleMap(4, 3).creature("orc")
    inside = {(x, y) for x in range(-2, 7) for y in range(-2, 6) if battle.inside((x, y))}
    assert inside == {(x, y) for x in range(4) for y in range(3)}


# "Mali können deine Bewegungsrate aber nicht unter 1,50 m reduzieren"
@pytest.mark.parametrize(("base", "values", "expected"), [
    (M(6), [], M(6)), (M(6), [-3], M(3)), (M(6), [-4], M(2)), (M(6), [-5], M(3, 2)),
    (M(6), [-9], M(3, 2)), (M(3, 2), [-1], M(3, 2)), (M(3), [-3, 1], M(3, 2)),
    # a speed below 1,50 m to begin with is not raised, and never goes below 0
    (M(1), [], M(1)), (M(1), [-1, 2], M(2)), (M(1), [-2], M(0)), (M(0), [3], M(3)),
])
def test_speed_with_penalties(base: Fraction, values: list[int], expected: Fraction) -> None:
    # the modifiers have different types, so each counts
    types = ["status", "circumstance", "item"]
    mods = [Modifier(v, types[i]) for i, v in enumerate(values)]  # type: ignore[arg-type]
    assert speed(base, mods) == expected


def test_speed_modifiers_in_feet() -> None:
    # "+10 Fuß" is +3 m: a foot is 3/10 m; the highest status bonus counts
    assert speed(M(15, 2), [Modifier(10, "status"), Modifier(5, "status")], M(3, 10)) == \
        M(21, 2)
    assert speed(M(15, 2), [Modifier(-30, "status")], M(3, 10)) == M(3, 2)


SPEEDS = {"land": M(6), "fly": M(6), "swim": M(3), "climb": M(3)}


def problem(index: int, code: str, action: str, kind: str, distance: Fraction,
            cost: Fraction, available: Fraction) -> MoveProblem:
    return MoveProblem(index, code, action, kind, distance, cost, available)  # type: ignore[arg-type]


@pytest.mark.parametrize(("move", "expected"), [
    # Stride uses the land speed, up to all of it
    (Move("stride", M(6)), None),
    (Move("stride", M(15, 2)), ("too_far", "land", M(15, 2), M(6))),
    # "Schwieriges Gelände [...] kostet 1,50 m zusätzlich"; greater difficult 3 m more
    (Move("stride", M(3), "difficult"), None),
    (Move("stride", M(9, 2), "difficult"), ("too_far", "land", M(9), M(6))),
    (Move("stride", M(3), "greater_difficult"), ("too_far", "land", M(9), M(6))),
    (Move("stride", M(3, 2), "greater_difficult"), None),
    # "Nach oben oder unten zu schwimmen zählt als Bewegung durch Schwieriges Gelände."
    (Move("swim", M(3, 2), vertical="down"), None),
    (Move("swim", M(3), vertical="up"), ("too_far", "swim", M(6), M(3))),
    (Move("swim", M(3)), None),
    (Move("swim", M(3, 2), "greater_difficult", "up"), ("too_far", "swim", M(9, 2), M(3))),
    # flying against the wind: difficult; upward against it greater difficult
    (Move("fly", M(3), wind="against"), None),
    (Move("fly", M(9, 2), wind="against"), ("too_far", "fly", M(9), M(6))),
    (Move("fly", M(3), vertical="up", wind="against"), ("too_far", "fly", M(9), M(6))),
    (Move("fly", M(2), vertical="up", wind="against"), None),
    (Move("fly", M(6), vertical="down", wind="against"), ("too_far", "fly", M(12), M(6))),
    # "Mit dem Wind zu fliegen erlaubt dir für jeweils 1,50 m, die du von deiner
    # Bewegungsrate ausgibst, 3 m weit zu fliegen" — not downward
    (Move("fly", M(12), wind="with"), None),
    (Move("fly", M(15), wind="with"), ("too_far", "fly", M(15, 2), M(6))),
    (Move("fly", M(12), vertical="up", wind="with"), None),
    (Move("fly", M(9), vertical="down", wind="with"), ("too_far", "fly", M(9), M(6))),
    (Move("fly", M(9), "difficult", wind="with"), ("too_far", "fly", M(9), M(6))),
    (Move("fly", M(6), "difficult", wind="with"), None),
    # the wind is the flyer's; a swimmer or a walker has no help from it
    (Move("stride", M(9), wind="with"), ("too_far", "land", M(9), M(6))),
    (Move("swim", M(3), wind="against"), None),
    (Move("climb", M(3), vertical="up"), None),
    # Step: "allerdings nur 1,50 m weit", never into difficult terrain
    (Move("step", M(3, 2)), None),
    (Move("step", M(1)), None),
    (Move("step", M(3)), ("step", "land", M(3), M(6))),
    (Move("step", M(3, 2), "difficult"), ("step", "land", M(3), M(6))),
    (Move("step", M(3, 2), "greater_difficult"), ("step", "land", M(9, 2), M(6))),
    # no speed of that kind at all
    (Move("burrow", M(3, 2)), ("no_speed", "burrow", M(3, 2), M(0))),
])
def test_one_movement_action(move: Move, expected: tuple[str, str, Fraction, Fraction] | None
                             ) -> None:
    found = check_move([move], SPEEDS)
    if expected is None:
        assert found == []
    else:
        code, kind, cost, available = expected
        assert found == [problem(0, code, move.action, kind, move.distance, cost, available)]


def test_a_sequence_of_movement_actions() -> None:
    # "Um von einer Bewegungsart zur anderen zu wechseln, ist es erforderlich, zunächst die
    # Aktion mit der ersten Bewegungsart zu beenden und für die zweite Bewegungsart eine
    # neue Aktion aufzuwenden": each action is checked on its own
    moves = [Move("stride", M(6)), Move("swim", M(9, 2)), Move("step", M(3, 2)),
             Move("burrow", M(1)), Move("fly", M(6))]
    assert check_move(moves, {"land": M(6), "swim": M(3), "burrow": M(0)}) == [
        problem(1, "too_far", "swim", "swim", M(9, 2), M(9, 2), M(3)),
        problem(3, "no_speed", "burrow", "burrow", M(1), M(1), M(0)),
        problem(4, "no_speed", "fly", "fly", M(6), M(6), M(0))]
    # a Step without a land speed has no speed to use
    assert check_move([Move("step", M(3, 2))], {"fly": M(6)}) == [
        problem(0, "no_speed", "step", "land", M(3, 2), M(3, 2), M(0))]
    # a speed below 1,50 m (given so, not lowered by penalties) still moves; a Step is
    # "allerdings nur 1,50 m weit" whatever the speed
    slow = {"land": M(1)}
    assert check_move([Move("stride", M(1)), Move("step", M(3, 2))], slow) == []
    assert check_move([Move("stride", M(3, 2))], slow) == [
        problem(0, "too_far", "stride", "land", M(3, 2), M(3, 2), M(1))]
    with pytest.raises(RuleError, match="unknown movement action 'teleport': allowed are "
                       "stride, step, fly, burrow, climb, swim") as unknown:
        check_move([Move("stride", M(3)), Move("teleport", M(3))], SPEEDS)
    assert unknown.value.code == "unknown_name"


# "Du musst dafür keinen Fertigkeitswurf für Athletik zum Klettern ablegen [...] Deine
# Bewegungsrate für Klettern verleiht dir einen Situationsbonus von +4 [...] erhältst du
# beim Klettern nicht den Zustand Auf dem Falschen Fuß."
def test_athletics_with_and_without_a_speed() -> None:
    assert athletics("climb", {"climb": M(3, 2)}) == (
        True, Modifier(4, "circumstance", "climb speed"), False)
    assert athletics("climb", {"climb": M(1)}) == (
        True, Modifier(4, "circumstance", "climb speed"), False)
    assert athletics("climb", {"climb": M(0)}) == (False, None, True)
    assert athletics("climb", {"swim": M(3)}) == (False, None, True)
    assert athletics("swim", {"swim": M(3)}) == (
        True, Modifier(4, "circumstance", "swim speed"), False)
    assert athletics("swim", {"climb": M(3)}) == (False, None, False)


# "kann eine Bewegungsaktion nicht nur dann eine Reaktion auslösen, wenn du sie beginnst,
# sondern auch in jedem 1,50-m-Feld, durch das dich deine Bewegung während der Aktion
# führt" — "Dein Angriffsradius bestimmt auch ein Gebiet um dein Feld herum, innerhalb
# dessen andere Kreaturen deine Reaktionen auslösen können."
def test_triggers_square_by_square() -> None:
    battle = BattleMap(12, 12, (Creature("rogue", (0, 0)),
                                Creature("guard", (3, 0)),
                                Creature("ogre", (6, 3), "large", M(3)),
                                Creature("pike", (1, 3), reach=M(3))))
    path = [(1, 0), (2, 1), (3, 1), (4, 1)]
    assert movement_triggers(battle, "rogue", path) == (
        Trigger(0, (0, 0), ()),
        Trigger(1, (1, 0), ()),  # the pike 3 squares south: beyond 3 m
        Trigger(2, (2, 1), ("guard", "pike")),
        Trigger(3, (3, 1), ("guard", "pike")),  # the ogre's space 3 squares east
        Trigger(4, (4, 1), ("guard", "ogre")))
    # other movement actions trigger alike
    assert movement_triggers(battle, "rogue", path, "fly") == \
        movement_triggers(battle, "rogue", path)
    # "Die Aktion Schritt dagegen kannst du benutzen, um dich fortzubewegen, ohne
    # Reaktionen auszulösen, allerdings nur 1,50 m weit."
    assert movement_triggers(battle, "rogue", [(1, 1)], "step") == ()
    with pytest.raises(RuleError, match="a Step moves only 1,50 m") as far:
        movement_triggers(battle, "rogue", [(1, 1), (2, 1)], "step")
    assert far.value.code == "invalid_value"


@pytest.mark.parametrize("path", [[(2, 0)], [(0, 0)], [(1, 1), (1, 3)], [(1, 0), (-1, 0)]])
def test_a_path_moves_one_square_at_a_time(path: list[tuple[int, int]]) -> None:
    battle = BattleMap(6, 6, (Creature("rogue", (0, 0)),))
    with pytest.raises(RuleError, match="one square at a time") as refused:
        movement_triggers(battle, "rogue", path)
    assert refused.value.code == "invalid_value"
