"""Wirkungsdauer: which effects expire at which turn start or end.

"Bei einem Effekt, der eine bestimmte Anzahl von Runden andauert, wird die
verbleibende Wirkungsdauer zu Beginn des Zuges der Kreatur, die den Effekt erzeugt
hat, um 1 reduziert." — "bis zum Ende des nächsten Zuges des Zieles" or "während der
nächsten 3 Züge des Ziels" count down "am Ende des Zuges" of the target. — "Manche
Effekte enden [...] erst, wenn eine bestimmte Bedingung erfüllt [...] ist."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from regelwerk.errors import RuleError

__all__ = ["Effect", "Event", "Tick", "run"]

Kind = Literal["rounds", "target_turns", "until", "sustained", "unlimited"]


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect with a duration.

    ``rounds``: counts down at the start of the ``creator``'s turn.
    ``target_turns``: "until the end of the target's next turn" (1) or "for the
    target's next N turns": counts down at the end of the ``target``'s turn; one applied
    during the target's own turn does not count that turn.
    ``until``: lasts until ``condition`` is met (an event says so).
    ``sustained``: ends at the end of the creator's turn unless sustained in that turn.
    ``unlimited``: lasts until dismissed.
    """

    name: str
    kind: Kind
    creator: str
    target: str
    remaining: int = 1
    condition: str | None = None
    applied_on_target_turn: bool = False
    sustained: bool = True


@dataclass(frozen=True, slots=True)
class Event:
    """``start`` or ``end`` of ``creature``'s turn, ``sustain`` or ``dismiss`` of an
    effect (``creature`` is then the effect's name), or ``met`` of a condition."""

    kind: Literal["start", "end", "sustain", "dismiss", "met"]
    creature: str


@dataclass(frozen=True, slots=True)
class Tick:
    """What one event did: the effects that expired."""

    event: Event
    expired: tuple[str, ...]


def _step(effect: Effect, event: Event) -> Effect | None:
    """The effect after the event, or None when it expires."""
    kind = effect.kind
    if event.kind == "dismiss" and event.creature == effect.name:
        return None
    if kind == "rounds" and event.kind == "start" and event.creature == effect.creator:
        left = effect.remaining - 1
        return None if left <= 0 else replace(effect, remaining=left)
    if kind == "target_turns" and event.kind == "end" and event.creature == effect.target:
        if effect.applied_on_target_turn:
            return replace(effect, applied_on_target_turn=False)
        left = effect.remaining - 1
        return None if left <= 0 else replace(effect, remaining=left)
    if kind == "until" and event.kind == "met" and event.creature == effect.condition:
        return None
    if kind == "sustained":
        if event.kind == "sustain" and event.creature == effect.name:
            return replace(effect, sustained=True)
        if event.kind == "start" and event.creature == effect.creator:
            return replace(effect, sustained=False)
        if event.kind == "end" and event.creature == effect.creator and not effect.sustained:
            return None
    return effect


def run(effects: Sequence[Effect], events: Sequence[Event]) -> tuple[tuple[Tick, ...],
                                                                       tuple[Effect, ...]]:
    """Play ``events`` in order; every tick with the effects that expired, and the
    effects still running at the end."""
    for effect in effects:
        if effect.kind in ("rounds", "target_turns") and effect.remaining < 1:
            raise RuleError("effect {name!r} needs at least 1 round or turn",
                            code="out_of_range", name=effect.name)
        if effect.kind == "until" and not effect.condition:
            raise RuleError("effect {name!r} lasts until a condition: name it",
                            code="missing_field", name=effect.name)
    current = list(effects)
    ticks = []
    for event in events:
        kept, expired = [], []
        for effect in current:
            new = _step(effect, event)
            if new is None:
                expired.append(effect.name)
            else:
                kept.append(new)
        current = kept
        ticks.append(Tick(event, tuple(expired)))
    return tuple(ticks), tuple(current)
