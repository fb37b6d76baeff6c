"""Cost estimates of the W6 actions (``regelwerk.budget``): pool sizes, parts and
splits.  The odds of a pool of ``n`` dice build ``n + 1`` weights of up to
``1.6 n`` bits; split advice tries every split of the pool over the rolls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regelwerk.budget import Cost
from regelwerk.errors import Message, Number

__all__ = ["COSTS", "ODDS_OPTIONAL"]


def _pool(dice: int) -> int:
    return (dice + 1) * (dice + 1) // 3 + 100


def _pool_odds(dice: int) -> Message:
    return Message("the odds of a pool of {dice} dice", dice=Number(dice))


def probe(request: Any) -> Cost:
    """One pool's odds."""
    dice = request.pool().dice
    return Cost(_pool(dice), _pool_odds(dice))


def complex_probe(request: Any) -> Cost:
    """The odds of each part of the split; a split that does not use exactly the pool
    is refused by the rules (``invalid_split``) before any work, so it costs only its
    pool (and is told what the split must be, not what it would cost)."""
    dice = request.pool().dice
    if sum(request.split) != dice:
        return Cost(_pool(dice), _pool_odds(dice))
    return Cost(sum(_pool(a) for a in request.split),
                Message("the odds of {parts} parts", parts=Number(len(request.split))))


def complex_advice(request: Any) -> Cost:
    """Every split of the pool over the rolls, keeping the best candidates."""
    dice = request.pool().dice
    parts = len(request.required)
    splits = (parts - 1) * (dice + 1) * (dice + 2) // 2 * request.candidates
    units = splits * 10 * (1 + dice // 400) + parts * _pool(dice)
    return Cost(units, Message(
        "advice for {dice} dice over {parts} rolls with {candidates} candidates",
        dice=Number(dice), parts=Number(parts), candidates=Number(request.candidates)))


def _party(fields: Any) -> int:
    """One side of a contest: its pool, or for a Komplexe Probe each roll's Erfolge
    convolved with the standings so far (in exact fractions growing with the dice)."""
    dice = fields.pool().dice
    if not fields.split or sum(fields.split) != dice:
        # no split, or one the rules refuse (invalid_split) before any work
        return _pool(dice)
    units, total = 0, 0
    for part in fields.split:
        bits = int(2.6 * (total + part))
        units += 2 * (total + 1) * (part + 1) * 20 * (1 + bits // 128)
        total += part
    return units + _pool(dice)


def contest(request: Any) -> Cost:
    """Both parties' odds."""
    a, b = request.a.pool().dice, request.b.pool().dice
    return Cost(_party(request.a) + _party(request.b),
                Message("the odds of a contest of {a} and {b} dice", a=Number(a), b=Number(b)))


COSTS: dict[str, Callable[[Any], Cost]] = {
    "probe": probe,
    "complex_probe": complex_probe,
    "complex_advice": complex_advice,
    "contest": contest,
}
ODDS_OPTIONAL: frozenset[str] = frozenset()
"""No W6 action needs to leave its odds out: every pool within the dice limit fits."""
