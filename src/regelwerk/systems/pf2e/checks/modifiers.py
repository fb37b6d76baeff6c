"""Gesamtmodifikator: stacking modifiers, bonuses and penalties by type.

"Hast du aber mehrere Boni der gleichen Art, dann darfst du nur den höchsten von
ihnen auf deinen Wurf addieren" — "rechnest du nur den schlechtesten aller Mali der
gleichen Art" — "Allerdings kannst du durch aus einen Bonus und einen Malus der
gleichen Art hinzurechnen." — "Im Gegensatz zu anderen Mali rechnest du immer alle
deine Kategorielosen Mali zusammen".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = ["TYPED", "Ignored", "Modifier", "Stacked", "stack"]

ModifierType = Literal["ability", "proficiency", "item", "circumstance", "status", "untyped"]

TYPED: tuple[ModifierType, ...] = ("proficiency", "item", "circumstance", "status")
"""Bonus types of which only the highest bonus and the worst penalty count."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """One modifier, bonus or penalty, with its type and a label saying where it is from."""

    value: int
    type: ModifierType = "untyped"
    label: str = ""


@dataclass(frozen=True, slots=True)
class Ignored:
    """A modifier that did not count: ``reason`` is ``one_ability`` (only one ability
    modifier counts), ``highest_bonus`` or ``worst_penalty`` (of its type); ``winner``
    is the modifier that counts instead."""

    modifier: Modifier
    reason: Literal["one_ability", "highest_bonus", "worst_penalty"]
    winner: Modifier


@dataclass(frozen=True, slots=True)
class Stacked:
    """The total modifier, the modifiers that counted and those ignored with the reason."""

    total: int
    applied: tuple[Modifier, ...]
    ignored: tuple[Ignored, ...]


def stack(modifiers: Iterable[Modifier]) -> Stacked:
    """Stack ``modifiers`` by the rules of their types.

    Of each typed kind (proficiency, item, circumstance, status) the highest bonus and
    the worst penalty count, both of them; untyped modifiers all add up; of the
    ability modifiers only the highest counts (docs/rulings.md, "PF2e: stacking").
    Among equal values the first given counts.
    """
    items = list(modifiers)
    keep: set[int] = set()
    ignored: dict[int, Ignored] = {}
    for kind in ("ability", *TYPED):
        group = [(i, m) for i, m in enumerate(items) if m.type == kind]
        if kind == "ability":
            parts = [group]
        else:
            parts = [[(i, m) for i, m in group if m.value >= 0],
                     [(i, m) for i, m in group if m.value < 0]]
        for part in parts:
            if not part:
                continue
            negative = part[0][1].value < 0 and kind != "ability"
            best_i, best = (min if negative else max)(part, key=lambda im: im[1].value)
            # among equals the first given wins: min/max return the first extreme
            keep.add(best_i)
            for i, m in part:
                if i == best_i:
                    continue
                reason: Literal["one_ability", "highest_bonus", "worst_penalty"] = (
                    "one_ability" if kind == "ability"
                    else "worst_penalty" if negative else "highest_bonus")
                ignored[i] = Ignored(m, reason, best)
    for i, m in enumerate(items):
        if m.type == "untyped":
            keep.add(i)
    applied = tuple(m for i, m in enumerate(items) if i in keep)
    return Stacked(
        sum(m.value for m in applied),
        applied,
        tuple(entry for _, entry in sorted(ignored.items())),
    )
