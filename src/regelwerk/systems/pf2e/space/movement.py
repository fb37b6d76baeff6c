"""Bewegung: speeds, Stride and Step, difficult terrain, climbing, swimming, flying.

"Mali können deine Bewegungsrate aber nicht unter 1,50 m reduzieren" — "Um von einer
Bewegungsart zur anderen zu wechseln, ist es erforderlich, zunächst die Aktion mit der
ersten Bewegungsart zu beenden und für die zweite Bewegungsart eine neue Aktion
aufzuwenden."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.modifiers import Modifier, stack
from regelwerk.systems.pf2e.space.grid import SQUARE_METRES

__all__ = ["ACTION_MOVEMENT", "Move", "athletics", "check_move", "speed"]

Kind = Literal["land", "fly", "burrow", "climb", "swim"]
ACTION_MOVEMENT: dict[str, Kind] = {"stride": "land", "step": "land", "fly": "fly",
                                    "burrow": "burrow", "climb": "climb", "swim": "swim"}
"""The movement each action uses: Stride and Step only the land speed."""


def speed(base: Fraction, modifiers: Sequence[Modifier] = (),
          per_unit: Fraction = Fraction(1)) -> Fraction:
    """A speed with its bonuses and penalties stacked by type, never below 1,50 m by
    penalties.  ``per_unit`` is the metres of one unit of the modifiers' values (a
    bonus given in feet is 3/10 m a foot: +10 feet is +3 m)."""
    total = base + stack(modifiers).total * per_unit
    if total < SQUARE_METRES and base >= SQUARE_METRES:
        return SQUARE_METRES
    return max(total, Fraction(0))


@dataclass(frozen=True, slots=True)
class Move:
    """One movement action: ``action`` (stride, step, fly, burrow, climb, swim), the
    distance, difficult terrain, vertical direction and wind."""

    action: str
    distance: Fraction
    terrain: Literal["normal", "difficult", "greater_difficult"] = "normal"
    vertical: Literal["none", "up", "down"] = "none"
    wind: Literal["none", "against", "with"] = "none"


def _cost(move: Move) -> Fraction:
    """The speed a move uses: difficult terrain costs 1,50 m more per square (greater
    difficult 3 m more); swimming up or down and flying against the wind count as
    difficult (flying up against it greater difficult); with the wind, 1,50 m of speed
    carries 3 m (not with flying down)."""
    terrain = move.terrain
    if move.action == "swim" and move.vertical != "none" and terrain == "normal":
        terrain = "difficult"
    if move.action == "fly" and move.wind == "against":
        terrain = "greater_difficult" if move.vertical == "up" else "difficult"
    factor = {"normal": 1, "difficult": 2, "greater_difficult": 3}[terrain]
    cost = move.distance * factor
    if move.action == "fly" and move.wind == "with" and move.vertical != "down":
        cost = cost / 2
    return cost


def check_move(moves: Sequence[Move], speeds: Mapping[str, Fraction]) -> list[str]:
    """Problems with a sequence of movement actions (each a new action): every action
    needs its speed; Step moves 1,50 m on land; a move may not use more than its speed."""
    problems = []
    for i, move in enumerate(moves):
        if move.action not in ACTION_MOVEMENT:
            raise RuleError("unknown movement action {action!r}: allowed are {action_movement}",
                            code="unknown_name",
                            action=move.action, action_movement=', '.join(ACTION_MOVEMENT))
        kind = ACTION_MOVEMENT[move.action]
        available = speeds.get(kind, Fraction(0))
        if available <= 0:
            problems.append(f"{i}: no {kind} speed for {move.action}")
            continue
        if move.action == "step":
            if move.distance > SQUARE_METRES or move.terrain != "normal":
                problems.append(f"{i}: Step moves only 1,50 m, not into difficult terrain")
            continue
        if _cost(move) > available:
            problems.append(f"{i}: {move.action} of {float(move.distance):g} m costs "
                            f"{float(_cost(move)):g} m of a {float(available):g} m speed")
    return problems


def athletics(kind: Literal["climb", "swim"], speeds: Mapping[str, Fraction]) -> tuple[
        bool, Modifier | None, bool]:
    """With a climb or swim speed: Athletics to climb or swim succeeds automatically
    (one may still roll, hoping for a critical success), +4 circumstance; a climb speed
    also means not being off-guard while climbing.  Returns (automatic success,
    bonus, off-guard while doing it)."""
    has = speeds.get(kind, Fraction(0)) > 0
    bonus = Modifier(4, "circumstance", f"{kind} speed") if has else None
    off_guard = kind == "climb" and not has
    return has, bonus, off_guard
