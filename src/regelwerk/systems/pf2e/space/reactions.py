"""Movement that triggers reactions: "Im Gegensatz zu anderen Aktionen, kann eine
Bewegungsaktion nicht nur dann eine Reaktion auslösen, wenn du sie beginnst, sondern
auch in jedem 1,50-m-Feld, durch das dich deine Bewegung während der Aktion führt" —
"Die Aktion Schritt dagegen kannst du benutzen, um dich fortzubewegen, ohne Reaktionen
auszulösen" — and reach decides whose: "Dein Angriffsradius bestimmt auch ein Gebiet um
dein Feld herum, innerhalb dessen andere Kreaturen deine Reaktionen auslösen können."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.space.grid import BattleMap, Square, reaches

__all__ = ["Trigger", "movement_triggers"]


@dataclass(frozen=True, slots=True)
class Trigger:
    """A moment of the movement that can trigger reactions: ``index`` 0 is the start of
    the action, then each square moved into; ``reactors`` are the creatures whose reach
    covers the mover there."""

    index: int
    square: Square
    reactors: tuple[str, ...]


def movement_triggers(battle: BattleMap, mover: str, path: Sequence[Square],
                      action: str = "stride") -> tuple[Trigger, ...]:
    """Where along ``path`` (the squares its space's top-left square moves into, in
    order) the movement can trigger reactions, and whose."""
    creature = battle.creature(mover)
    squares = [creature.at, *path]
    for a, b in pairwise(squares):
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            raise RuleError("the path must move one square at a time: {list} to {list2}",
                            code="invalid_value", list=list(a), list2=list(b))
    if action == "step":
        return ()
    out = []
    for index, square in enumerate(squares):
        there = replace(creature, at=square)
        reactors = tuple(c.name for c in battle.creatures
                         if c.name != mover and reaches(c, there))
        out.append(Trigger(index, square, reactors))
    return tuple(out)
