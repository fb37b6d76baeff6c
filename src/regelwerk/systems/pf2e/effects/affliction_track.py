"""An affliction's whole life: initial save, onset, stages with their intervals,
maximum duration and repeated exposure, over a stat block (``affliction_text``).

"Ist dein initialer Rettungswurf jedoch ein Fehlschlag, dann gehst du nach Ablauf der
Verzögerung des Leidens (sofern es diese gibt) zu Phase 1 des Leidens über" — "Nach
Ablauf der für die Phase angegebenen Zeit musst du einen weiteren Rettungswurf
ablegen." — "Wenn diese Zeit abgelaufen ist, endet das Leiden."  The maximum duration
counts from the end of the onset (docs/rulings.md, "PF2e: an affliction's clock").
Conditions an affliction gave stay when it ends ("Zustände durch Leiden").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from regelwerk.errors import RuleError
from regelwerk.systems.pf2e.checks.degrees import Degree
from regelwerk.systems.pf2e.effects.affliction import Affliction, Stage, save
from regelwerk.systems.pf2e.effects.affliction_text import AfflictionBlock

__all__ = ["Happening", "Track", "elapse", "expose", "stage_save"]


@dataclass(frozen=True, slots=True)
class Track:
    """Where a creature stands with one affliction; times in seconds."""

    stage: int = 0
    virulent_progress: int = 0
    onset_left: int = 0
    duration_left: int | None = None
    next_save_in: int | None = None
    ended: bool = False


@dataclass(frozen=True, slots=True)
class Happening:
    """Something that happened: ``kind`` is ``unaffected``, ``onset``, ``stage``
    (the stage's effect takes hold, ``detail`` is its text), ``repeated``,
    ``save_due``, ``max_duration``, ``recovered`` or ``no_effect``."""

    kind: str
    stage: int = 0
    detail: str = ""


def _rules(block: AfflictionBlock) -> Affliction:
    return Affliction(len(block.stages), block.virulent, block.type)


def _effect(block: AfflictionBlock, stage: int) -> str:
    return block.stages[stage - 1].effect


def _interval(block: AfflictionBlock, stage: int) -> int | None:
    return block.stages[stage - 1].interval


def expose(block: AfflictionBlock, track: Track, degree: Degree) -> tuple[Track, list[Happening]]:
    """An initial save against an exposure (the first or a repeated one)."""
    if track.ended:
        track = Track()
    result = save(_rules(block), Stage(track.stage, track.virulent_progress), degree, True)
    if track.stage == 0:
        if result.ended:
            return Track(ended=True), [Happening("unaffected")]
        stage = result.state.stage
        onset = block.onset or 0
        new = Track(stage, 0, onset, block.max_duration, _interval(block, stage))
        if onset:
            return new, [Happening("onset", stage, f"{onset}")]
        return new, [Happening("stage", stage, _effect(block, stage))]
    if result.no_effect:
        return track, [Happening("no_effect", track.stage)]
    if result.state.stage == track.stage and not result.repeated:
        return track, []
    # a poison's stage rises; "Dabei verändert sich die maximale Wirkungsdauer der
    # Vergiftung nicht. [...] Die Verzögerungsdauer wird dadurch nicht verändert."
    new = replace(track, stage=result.state.stage, virulent_progress=0)
    if new.onset_left:
        return new, []
    kind = "repeated" if result.repeated else "stage"
    return new, [Happening(kind, new.stage, _effect(block, new.stage))]


def elapse(block: AfflictionBlock, track: Track, seconds: int) -> tuple[Track, list[Happening]]:
    """Let time pass: the onset ends, the maximum duration runs out, or a save falls
    due (time stops there: the save must be made before more time passes)."""
    if seconds < 0:
        raise RuleError("time cannot run backwards", code="out_of_range")
    if track.ended or track.stage == 0:
        return track, []
    events: list[Happening] = []
    if track.onset_left:
        used = min(seconds, track.onset_left)
        seconds -= used
        track = replace(track, onset_left=track.onset_left - used)
        if track.onset_left:
            return track, events
        events.append(Happening("stage", track.stage, _effect(block, track.stage)))
    if seconds == 0:
        return track, events
    step = seconds
    if track.next_save_in is not None:
        step = min(step, track.next_save_in)
    if track.duration_left is not None and track.duration_left <= step:
        events.append(Happening("max_duration", track.stage))
        return Track(ended=True), events
    duration = None if track.duration_left is None else track.duration_left - step
    due = None if track.next_save_in is None else track.next_save_in - step
    track = replace(track, duration_left=duration, next_save_in=due)
    if due == 0:
        events.append(Happening("save_due", track.stage))
    return track, events


def stage_save(block: AfflictionBlock, track: Track,
               degree: Degree) -> tuple[Track, list[Happening]]:
    """The save at the end of a stage's interval."""
    if track.ended or track.stage == 0:
        raise RuleError("not afflicted: begin with an initial save", code="invalid_value")
    if track.onset_left:
        raise RuleError("the onset has not ended: no stage save yet", code="invalid_value")
    result = save(_rules(block), Stage(track.stage, track.virulent_progress), degree, False)
    if result.ended:
        return Track(ended=True), [Happening("recovered")]
    stage = result.state.stage
    new = replace(track, stage=stage, virulent_progress=result.state.virulent_progress,
                  next_save_in=_interval(block, stage))
    kind = "repeated" if result.repeated else "stage"
    return new, [Happening(kind, stage, _effect(block, stage))]
