"""Keep-highest/lowest over a pool of identical dice, by dynamic programming over
faces (never over tuples of dice)."""

from __future__ import annotations

from collections.abc import Callable
from math import comb

from regelwerk.budget import MAX_SUPPORT
from regelwerk.errors import LimitExceeded, Number
from regelwerk.odds.distribution import Distribution

__all__ = ["keep_pool"]


def keep_pool(
    die: Distribution,
    dice: int,
    keep: int,
    *,
    highest: bool,
    contribution: Callable[[int], int] = int,
) -> Distribution:
    """The distribution of the sum of ``contribution(face)`` over the ``keep`` highest
    (or lowest) of ``dice`` independent dice distributed as ``die``.

    Faces are visited from the kept end; the state is (dice placed so far, sum so
    far) while fewer than ``keep`` dice are placed.  Once the kept dice are full the
    remaining dice are counted at once among the faces further on.
    """
    keep = max(0, min(keep, dice))
    items = sorted(die.weights.items(), reverse=highest)
    denominator = die.denominator
    if keep == 0:
        return Distribution({0: denominator**dice}, denominator**dice)
    if len(items) * dice * keep > MAX_SUPPORT * 50:
        raise LimitExceeded(
            "keeping {keep} of {dice} dice with {count} faces is too large to compute exactly",
            keep=Number(keep), dice=Number(dice), count=Number(len(items))
        )
    # remaining[i]: total weight of the faces after position i
    remaining = [0] * len(items)
    running = 0
    for i in range(len(items) - 1, -1, -1):
        remaining[i] = running
        running += items[i][1]
    result: dict[int, int] = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for i, (face, weight) in enumerate(items):
        gain = contribution(face)
        rest = remaining[i]
        new_states: dict[tuple[int, int], int] = {}
        for (placed, total), ways in states.items():
            free = dice - placed
            need = keep - placed
            power = 1
            for c in range(free + 1):
                if c:
                    power *= weight
                factor = ways * comb(free, c) * power
                if c >= need:
                    # the kept dice are full; the other free - c dice lie further on
                    value = total + need * gain
                    result[value] = result.get(value, 0) + factor * rest ** (free - c)
                else:
                    key = (placed + c, total + c * gain)
                    new_states[key] = new_states.get(key, 0) + factor
        states = new_states
    return Distribution(result, denominator**dice)
