"""Conditions gained and lost, with the rules of death and dying and with immunities.

Dying, wounded and doomed follow "Zustände im Zusammenhang mit Tod und Sterben"
whichever effect brings them: "Solltest du den Zustand Verwundet besitzen und dann den
Zustand Sterbend erhalten, so steigt dein Zustandswert für Sterbend um deinen
Zustandswert für Verwundet" — "Wenn du den Zustand Sterbend verlierst, erhältst du den
Zustand Verwundet 1" — "Solltest du jemals Sterbend 4 erreichen, stirbst du" — "Der
Zustandswert für Sterbend, bei dem du stirbst, wird um deinen Zustandswert für
Todgeweiht reduziert. Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert
werden, stirbst du augenblicklich."

Immunities: "Wenn du Immunität gegen einen bestimmten Zustand oder eine Art von Effekt
hast, dann kannst du von dem Zustand bzw. von Effekten dieser Art nicht betroffen
werden. Wenn du Immunität gegen Effekte einer bestimmten Kategorie hast [...], dann
kann dich kein Effekt dieser Kategorie betreffen." — and a temporary immunity to an
effect keeps it from affecting the creature again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from regelwerk.systems.pf2e.effects.conditions import CONDITIONS, gain
from regelwerk.systems.pf2e.health.health import DYING_MAX

__all__ = ["ConditionChanges", "Gain", "change_conditions", "immune_to"]


@dataclass(frozen=True, slots=True)
class Gain:
    """A condition gained from an effect: its ``effect`` name and the effect's
    ``traits`` (``death``, ``poison``, ``fear``, ``mental`` …)."""

    name: str
    value: int = 1
    effect: str | None = None
    traits: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ConditionChanges:
    """The conditions after the changes, whether the creature died, what happened in
    order, and the gains that did not affect it (with the immunity that stopped them)."""

    conditions: dict[str, int]
    dead: bool = False
    events: tuple[str, ...] = ()
    unaffected: tuple[tuple[str, str], ...] = field(default_factory=tuple)


def immune_to(g: Gain, immunities: frozenset[str],
              temporary_immunities: frozenset[str] = frozenset()) -> str | None:
    """The immunity that keeps the gain from affecting the creature, if any: to the
    condition itself, to a category (trait) of the effect, or a temporary immunity to
    the effect."""
    if g.name in immunities:
        return g.name
    for trait in sorted(g.traits & immunities):
        return trait
    if g.effect is not None and g.effect in temporary_immunities:
        return g.effect
    return None


def _death_at(conditions: Mapping[str, int]) -> int:
    return DYING_MAX - conditions.get("doomed", 0)


def change_conditions(current: Mapping[str, int], gains: Sequence[Gain] = (),
                      losses: Iterable[str] = (), *,
                      immunities: frozenset[str] = frozenset(),
                      temporary_immunities: frozenset[str] = frozenset()) -> ConditionChanges:
    """Gains first (in order), then losses."""
    out = dict(current)
    events: list[str] = []
    unaffected: list[tuple[str, str]] = []
    if out.get("dying", 0) >= _death_at(out) or _death_at(out) <= 0:
        reason = "doomed" if _death_at(out) <= 0 else "dying_limit"
        return ConditionChanges(_dead(out), True, (reason, "dead"))
    for g in gains:
        why = immune_to(g, immunities, temporary_immunities)
        if why is not None:
            unaffected.append((g.name, why))
            continue
        if g.name == "dying" and not out.get("dying"):
            value = g.value + out.get("wounded", 0)
            out = gain(out, "dying", value)
            events.append("dying")
        else:
            out = gain(out, g.name, g.value)
            events.append(g.name)
        if out.get("dying", 0) >= _death_at(out) or _death_at(out) <= 0:
            reason = "doomed" if _death_at(out) <= 0 else "dying_limit"
            return ConditionChanges(_dead(out), True, (*events, reason, "dead"),
                                    tuple(unaffected))
    for name in losses:
        if name not in out:
            continue
        del out[name]
        events.append(f"lost_{name}")
        if name == "dying":
            out["wounded"] = out.get("wounded", 0) + 1
            events.append("wounded")
    return ConditionChanges(out, False, tuple(events), tuple(unaffected))


def _dead(conditions: Mapping[str, int]) -> dict[str, int]:
    """A dead creature loses dying and doomed ("Wenn du stirbst, verlierst du den
    Zustand Todgeweiht") and is no longer merely unconscious."""
    return {n: v for n, v in conditions.items()
            if n not in ("dying", "doomed", "unconscious") and n in CONDITIONS}
