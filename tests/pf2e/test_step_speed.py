"""Step and Speed (docs/rulings.md, "PF2e: Step and Speed"): the chapter sets no
minimum Speed for a Step, only that it moves 1,50 m on land."""

from __future__ import annotations

from fractions import Fraction

from regelwerk import resolve
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.space.movement import Move, check_move, speed


def test_a_step_needs_a_land_speed_and_nothing_more() -> None:
    # "Die Aktion Schritt dagegen kannst du benutzen, um dich fortzubewegen, ohne
    # Reaktionen auszulösen, allerdings nur 1,50 m weit." — "Mali können deine
    # Bewegungsrate aber nicht unter 1,50 m reduzieren": a slowed-down creature still
    # has the 1,50 m of a Step
    slowed = speed(Fraction(3), [Modifier(-10, "status")])
    assert slowed == Fraction(3, 2)
    assert check_move([Move("step", Fraction(3, 2))], {"land": slowed}) == []
    # "Die Aktion Schritt kannst du mit diesen Bewegungsarten ebenfalls nicht
    # durchführen.": no Step with only a fly or swim speed, nor with a land speed of 0
    for speeds in ({"fly": Fraction(9)}, {"land": Fraction(0), "swim": Fraction(6)}):
        assert [p.code for p in check_move([Move("step", Fraction(3, 2))], speeds)] == [
            "no_speed"]


def test_the_protocol_answers_the_same() -> None:
    answer = resolve({"system": "pf2e", "action": "movement", "speeds": {"land": 3},
                      "modifiers": [{"value": -3, "type": "status"}],
                      "moves": [{"action": "step", "distance": 1.5}]})
    assert answer["ok"], answer
    assert answer["valid"] is True
