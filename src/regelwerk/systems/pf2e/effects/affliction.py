"""Leiden: the stage track of an affliction, save by save.

Initial save: success, unaffected; failure, stage 1; critical failure, stage 2.
Later saves: success −1 (critical −2), below stage 1 it ends; failure +1 (critical
+2), beyond the last stage the last stage repeats.  Repeated exposure: curses and
diseases have no effect; poisons rise a stage on a failed initial save (two on a
critical failure).  Virulent (Ausgeprägt): two successes in a row lower one stage;
a critical success lowers only one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.effects.traits import effect_trait

__all__ = ["Affliction", "Stage", "immune_category", "save"]


@dataclass(frozen=True, slots=True)
class Affliction:
    """The parts of an affliction the stage track needs."""

    stages: int
    virulent: bool = False
    type: str = "poison"


@dataclass(frozen=True, slots=True)
class Stage:
    """Where a creature stands: stage 0 is not afflicted; ``virulent_progress`` counts
    the successes in a row against a virulent affliction."""

    stage: int = 0
    virulent_progress: int = 0


@dataclass(frozen=True, slots=True)
class SaveResult:
    """The new stage; ``ended`` when the creature is free of the affliction (also when
    an initial save kept it from taking hold); ``repeated`` when the last stage repeats;
    ``no_effect`` when a repeated exposure to a curse or disease does nothing."""

    state: Stage
    ended: bool
    repeated: bool = False
    no_effect: bool = False


def _rise(affliction: Affliction, state: Stage, steps: int) -> SaveResult:
    stage = state.stage + steps
    repeated = stage > affliction.stages
    return SaveResult(Stage(min(stage, affliction.stages), 0), False, repeated)


def save(affliction: Affliction, state: Stage, degree: Degree, exposure: bool) -> SaveResult:
    """The stage after a save of ``degree``; ``exposure`` marks an initial save."""
    if affliction.stages < 1:
        raise RuleError("an affliction has at least one stage", code="out_of_range")
    if not 0 <= state.stage <= affliction.stages:
        raise RuleError("stage must be 0 to {stages}", code="out_of_range",
                        stages=affliction.stages)
    failed = {Degree.FAILURE: 1, Degree.CRITICAL_FAILURE: 2}.get(degree, 0)
    if exposure:
        if state.stage == 0:
            if failed:
                return _rise(affliction, state, failed)
            return SaveResult(state, True)
        if affliction.type != "poison":
            return SaveResult(state, False, no_effect=True)
        return _rise(affliction, state, failed) if failed else SaveResult(state, False)
    if state.stage == 0:
        raise RuleError("stage 0 is not afflicted: the first save against an affliction is "
                        "an initial save ('exposure': true)", code="invalid_value")
    if failed:
        return _rise(affliction, state, failed)
    if affliction.virulent:
        if degree == Degree.CRITICAL_SUCCESS or state.virulent_progress + 1 >= 2:
            down, progress = 1, 0
        else:
            down, progress = 0, state.virulent_progress + 1
    else:
        down, progress = (2 if degree == Degree.CRITICAL_SUCCESS else 1), 0
    stage = state.stage - down
    if stage < 1:
        return SaveResult(Stage(0, 0), True)
    return SaveResult(Stage(stage, progress), False)


def immune_category(kind: str, traits: Iterable[str], immunities: Iterable[str]) -> str | None:
    """The immunity (to the affliction's category or one of its traits) that keeps it
    from affecting the creature, if any."""
    immune = {effect_trait(x) for x in immunities}
    for name in (kind, *(effect_trait(x) for x in traits)):
        if name in immune:
            return name
    return None
