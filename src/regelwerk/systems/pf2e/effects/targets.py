"""Ziele: who may be chosen as a target.

"Manche Effekte erfordern, dass das Ziel bereitwillig ist. Nur du kannst entscheiden,
ob dein SC bereitwillig ist." — "Du selbst bist nicht dein eigener Verbündeter." —
an undetected creature, or one an ability protects, cannot be targeted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["TargetCheck", "can_target"]

Requirement = Literal["any", "willing", "ally", "enemy"]


@dataclass(frozen=True, slots=True)
class TargetCheck:
    """Whether the target may be chosen, and if not, why (a reason code)."""

    allowed: bool
    reason: str | None = None


def can_target(actor: str, target: str, requirement: Requirement = "any", *,
               willing: bool = False, ally: bool = False, undetected: bool = False,
               untargetable: bool = False) -> TargetCheck:
    """Apply the rules of targets in order: undetected or protected targets cannot be
    chosen; a willing target must be willing; an ally is someone on your side other
    than yourself."""
    if untargetable:
        return TargetCheck(False, "untargetable")
    if undetected and actor != target:
        return TargetCheck(False, "undetected")
    if requirement == "willing" and not (willing or actor == target):
        return TargetCheck(False, "not_willing")
    if requirement == "ally":
        if actor == target:
            return TargetCheck(False, "not_own_ally")
        if not ally:
            return TargetCheck(False, "not_an_ally")
    if requirement == "enemy" and (ally or actor == target):
        return TargetCheck(False, "not_an_enemy")
    return TargetCheck(True)
