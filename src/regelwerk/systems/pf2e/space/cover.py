"""Deckung on the map.  The text gives "Wenn du dich in Deckung befindest, erhältst du
einen Situationsbonus von +2 auf deine RK" and that areas are "nie von [...] Schwacher
Deckung beeinflusst"; the rest is the grid rule players expect (docs/rulings.md, "PF2e:
cover"): a line from the centre of the attacker's (or the area's origin's) space to the
centre of the target's that passes through a wall gives standard cover, one that passes
only through another creature's space gives lesser cover; taking cover turns standard
cover into greater cover (and none into standard).  Lesser cover: +1 circumstance to
AC; standard +2 and greater +4 to AC, to Reflex saves against area effects and to
Stealth checks to Hide, Sneak or avoid detection.  Lesser cover does not affect areas.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature
from regelwerk.systems.pf2e.space.sight import centre, clear_line

__all__ = ["COVER_BONUS", "Cover", "CoverLevel", "cover_between", "cover_modifiers"]

CoverLevel = Literal["none", "lesser", "standard", "greater"]
COVER_BONUS: dict[str, int] = {"none": 0, "lesser": 1, "standard": 2, "greater": 4}

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True, slots=True)
class Cover:
    """The cover a target has and what it blocks: a wall or a creature in between."""

    level: CoverLevel
    by: tuple[str, ...] = ()


def cover_between(battle: BattleMap, origin: Point, target: Creature, *,
                  taking_cover: bool = False, exclude: tuple[str, ...] = ()) -> Cover:
    """The target's cover against an attack or area from ``origin``."""
    to = centre(target)
    walls = [w for w in battle.walls if w not in target.space]
    level: CoverLevel = "none"
    by: list[str] = []
    if not clear_line(origin, to, walls):
        level, by = "standard", ["wall"]
    else:
        for other in battle.creatures:
            if other.name == target.name or other.name in exclude:
                continue
            if not clear_line(origin, to, other.space):
                level = "lesser"
                by.append(other.name)
    if taking_cover:
        level = "greater" if level == "standard" else ("standard" if level == "none"
                                                       else level)
    return Cover(level, tuple(by))


def cover_modifiers(level: CoverLevel, *, against_area: bool = False) -> dict[str, Modifier]:
    """The circumstance bonuses by statistic (``ac``, ``reflex``, ``stealth``); against an
    area lesser cover gives nothing."""
    value = COVER_BONUS[level]
    if value == 0 or (against_area and level == "lesser"):
        return {}
    label = f"{level} cover"
    if level == "lesser":
        return {"ac": Modifier(value, "circumstance", label)}
    return {name: Modifier(value, "circumstance", label) for name in ("ac", "reflex", "stealth")}
