"""Cost estimates of the PF2e actions whose work grows with their inputs
(``regelwerk.budget``): damage distributions (the dice, then every combination of
base, precision and critical extra), Strikes (strikes × damage outcomes) and areas
on a map (the squares an area's shape examines).  Every other action's work is
bounded by its field limits (``regelwerk.budget.FIXED``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.budget import Cost, shorten
from regelwerk.dice import parse
from regelwerk.dice.cost import convolution_cost, odds_estimate
from regelwerk.errors import Message, Number
from regelwerk.systems.pf2e.space.grid import SQUARE_METRES
from regelwerk.systems.pf2e.space.map_model import metres

__all__ = ["COSTS", "ODDS_OPTIONAL"]

_PER_DAMAGE_OUTCOME = 150
"""Units for one combination of damage values run through immunities, weaknesses and
resistances (Fraction arithmetic and a Python call chain: about 15 microseconds)."""
_PER_STRIKE_OUTCOME = 250
"""Units for one damage outcome of one Strike weighed by its chances (exact fractions
over a common denominator)."""
_PER_SQUARE = {"burst": 10, "emanation": 50, "cone": 40, "line": 130}
"""Units for one square an area's shape examines.  A line's square is the dearest: its
centre is placed against the strip in exact fractions (about 18 microseconds of CPU a
square, measured on a 147 m line over 44,521 squares; at 60 units the estimate was
2.5 times short, and a loaded machine took it past the budget's margin)."""
_LARGEST_SPACE = 6
"""Squares across the largest creature's space (an emanation grows by it)."""


def _notation(text: str | None) -> tuple[int, int, int]:
    """Work, span and denominator bits of a damage notation's exact distribution."""
    if not text:
        return 0, 1, 1
    return odds_estimate(parse(text))


def _damage(dice: str, precision: str | None, extra: str | None, twice: bool,
            combined: bool) -> tuple[int, int]:
    """Work and span of one damage distribution, the parts combined value by value
    (``combined``: every triple of values as Strike damage does, in exact fractions
    whose size grows with the denominators' bits) or convolved."""
    (w1, s1, b1), (w2, s2, b2), (w3, s3, b3) = (
        _notation(dice), _notation(precision), _notation(extra))
    work = w1 + w2 + w3
    base = 2 * s1 - 1 if twice else s1
    size = 1 + (b1 + b2 + b3) // 64
    if combined:
        if twice:
            work += s1 * s1 * (_PER_DAMAGE_OUTCOME // 2) * size
        pairs = base * (2 * s2 - 1 if twice else s2) * s3
        work += 2 * pairs * _PER_DAMAGE_OUTCOME * size
        return work, base + s2 + s3
    # convolutions: base + precision, doubled by rolling twice, + the critical extra
    span, bits = s1 + s2, b1 + b2
    work += convolution_cost(span, bits) + 4 * span
    if twice:
        span, bits = 2 * span, 2 * bits
        work += convolution_cost(span, bits) + 4 * span
    work += convolution_cost(span + s3, bits + b3) + 4 * (span + s3)
    return work, span + s3


def damage_roll(request: Any) -> Cost:
    """A damage roll's exact distribution."""
    work, _ = _damage(request.dice, request.precision,
                      request.critical_extra if request.critical else None,
                      request.critical and request.roll_twice, combined=False)
    return Cost(work, Message("the exact damage of {dice}", dice=shorten(request.dice)))


def strike_damage(request: Any) -> Cost:
    """Strikes × damage outcomes: every Strike (each with its own multiple attack
    penalty) folds its hit and critical damage after IWR over its chances, then the
    turn's total adds the Strikes up."""
    d = request.damage
    hit, span = _damage(d.dice, d.precision, None, False, combined=True)
    crit, crit_span = _damage(d.dice, d.precision, d.critical_extra, d.roll_twice,
                              combined=True)
    strikes = len(request.strikes)
    outcomes = span + crit_span
    per_strike = (hit + crit) // 2 + outcomes * _PER_STRIKE_OUTCOME
    turn = strikes * strikes * outcomes * 4
    return Cost(strikes * per_strike + turn, Message(
        "{strikes} Strike(s) with {dice} damage ({outcomes} outcomes each)",
        strikes=Number(strikes), dice=shorten(d.dice), outcomes=Number(outcomes)))


def _area_squares(request: Any) -> int:
    size = metres(request.size, request.map.unit)
    reach = int(size / SQUARE_METRES) + 1
    if request.shape == "line" and request.width:
        reach += int(metres(request.width, request.map.unit) / SQUARE_METRES)
    if request.shape in ("emanation", "line"):
        reach += _LARGEST_SPACE
        across = 2 * reach + 1
        return across * across
    if request.shape == "cone":
        return reach * reach * 2
    return 4 * reach * reach


def _map_units(battle: Any) -> int:
    """Building a map and looking over it: its squares, the squares listed (walls,
    grates, light and darkness) and every creature against every light."""
    listed = len(battle.walls) + len(battle.grates) + len(battle.dim) + len(battle.darkness)
    creatures = len(battle.creatures)
    size: int = battle.width * battle.height
    return (10 * size + 10 * listed
            + 10 * creatures * (len(battle.lights) + 1) + 1000 * creatures)


def on_map(request: Any) -> Cost:
    """An action over a map: the map's size and what is on it."""
    return Cost(_map_units(request.map), Message(
        "a map of {width} × {height} squares",
        width=Number(request.map.width), height=Number(request.map.height)))


def area(request: Any) -> Cost:
    """Map size × area: the squares the shape examines, then the map's creatures."""
    squares = _area_squares(request)
    map_size = request.map.width * request.map.height
    units = squares * _PER_SQUARE[request.shape] + _map_units(request.map)
    if request.svg:
        units += map_size * 10
    return Cost(units, Message(
        "a {shape} of {size} {unit} ({squares} squares examined)",
        shape=Message(request.shape), size=Number(request.size), unit=request.map.unit,
        squares=Number(squares)))


COSTS: dict[str, Callable[[Any], Cost]] = {
    "damage_roll": damage_roll,
    "strike_damage": strike_damage,
    "area": area,
    **dict.fromkeys(("distance", "reach", "detect", "line_of_effect", "line_of_sight",
                     "draw_map"), on_map),
}
ODDS_OPTIONAL = frozenset({"damage_roll"})
"""Actions that roll: over the budget they still roll and leave their odds out."""
