"""Gaining and losing the conditions of death and dying (from any effect), waking,
resting and the time an unconscious creature at 0 HP needs to come round."""

from __future__ import annotations

from dataclasses import replace

from regelwerk.errors import NotAllowed, RuleError
from regelwerk.systems.pf2e.health.health import (
    DEFAULT_RULES,
    Creature,
    HealthRules,
    Outcome,
    lose_dying,
    raise_dying,
    settle,
)

__all__ = ["gain_condition", "lose_condition", "pass_time", "rest", "wake"]


def gain_condition(c: Creature, name: str, value: int = 1, *,
                   rules: HealthRules = DEFAULT_RULES) -> Outcome:
    """Gain dying, wounded, doomed or unconscious (from any effect), with the rules of
    death and dying: dying rises by wounded ("Solltest du den Zustand Verwundet besitzen
    und dann den Zustand Sterbend erhalten, so steigt dein Zustandswert für Sterbend um
    deinen Zustandswert für Verwundet"); dying or doomed at the limit kill."""
    if c.dead:
        raise NotAllowed("dead_no_conditions", "a dead creature gains no more conditions")
    if value < 1:
        raise RuleError("{name} needs a value of at least 1", code="out_of_range", name=name)
    events: list[str] = []
    if name == "dying" and c.dying == 0:
        return Outcome(raise_dying(c, value, events, False, rules, gaining=True),
                       tuple(events))
    if name == "dying":
        # already dying: gaining it again keeps the higher value, as every condition
        c = replace(c, dying=max(c.dying, value))
        events.append("dying")
    elif name == "wounded":
        c = replace(c, wounded=max(c.wounded, value))
        events.append("wounded")
    elif name == "doomed":
        c = replace(c, doomed=max(c.doomed, value))
        events.append("doomed_gained")
    elif name == "unconscious":
        if not c.unconscious:
            events.extend(["unconscious", "prone", "dropped_items"])
        c = replace(c, unconscious=True)
    else:
        raise RuleError("unknown condition {name!r} for a creature's health: allowed are "
                        "dying, wounded, doomed, unconscious", code="unknown_name", name=name)
    settled = settle(c)
    return Outcome(settled.creature, tuple(events) + settled.events)


def lose_condition(c: Creature, name: str) -> Outcome:
    """Lose dying (which gives wounded 1, or wounded + 1: "Wenn du den Zustand Sterbend
    verlierst, erhältst du den Zustand Verwundet 1"), wounded, doomed or unconscious
    (a creature at 0 HP that is dying cannot wake: "kannst du nicht aufwachen, solange
    du 0 Trefferpunkte hast")."""
    if c.dead:
        raise NotAllowed("dead_no_conditions", "a dead creature gains no more conditions")
    events: list[str] = []
    if name == "dying":
        if c.dying:
            c = lose_dying(c, events)
    elif name == "wounded":
        if c.wounded:
            c = replace(c, wounded=0)
            events.append("wounded_ended")
    elif name == "doomed":
        if c.doomed:
            c = replace(c, doomed=0)
            events.append("doomed_reduced")
    elif name == "unconscious":
        if c.unconscious and c.hp == 0:
            raise NotAllowed("wake_at_zero_hp", "a creature at 0 HP cannot wake up")
        if c.unconscious:
            c = replace(c, unconscious=False)
            events.append("woke_up")
    else:
        raise RuleError("unknown condition {name!r} for a creature's health: allowed are "
                        "dying, wounded, doomed, unconscious", code="unknown_name", name=name)
    return Outcome(c, tuple(events))


def pass_time(c: Creature, minutes: int) -> Outcome:
    """Time passes: an unconscious creature at 0 HP that is not dying "kehrst du nach
    Verstreichen von genügend Zeit auf natürlichem Wege auf 1 Trefferpunkt zurück und
    erwachst" once the time the game master set (``wakes_in``) has passed."""
    if c.dead or not (c.unconscious and c.hp == 0 and c.dying == 0):
        return Outcome(c, ())
    if c.wakes_in is None:
        raise RuleError("the game master sets how long the creature stays unconscious "
                        "(10 minutes to several hours): give the creature's wakes_in",
                        code="missing_field")
    left = c.wakes_in - minutes
    if left > 0:
        return Outcome(replace(c, wakes_in=left), ("still_unconscious",))
    return Outcome(replace(c, hp=1, unconscious=False, wakes_in=None),
                   ("returned_to_1_hp", "woke_up"))


def wake(c: Creature, how: str, *, perception_total: int | None = None,
         noise_dc: int | None = None) -> Outcome:
    """Waking an unconscious creature that has HP above 0: someone shakes it awake
    (Interact), or noise wakes it if its Perception check meets the noise's DC.  At
    0 HP it cannot: dying, "kannst du nicht aufwachen, solange du 0 Trefferpunkte
    hast"; not dying, it "kehrst [...] nach Verstreichen von genügend Zeit [...] auf 1
    Trefferpunkt zurück und erwachst" (``pass_time``) or wakes when healed."""
    if c.dead:
        raise NotAllowed("dead_cannot_act", "a dead creature can take no more actions")
    if not c.unconscious:
        raise NotAllowed("wake_not_unconscious", "the creature is not unconscious")
    if c.hp == 0 and c.dying:
        raise NotAllowed("wake_dying", "a dying creature cannot wake up at 0 HP")
    if c.hp == 0:
        raise NotAllowed("wake_at_zero_hp", "a creature at 0 HP wakes only after time "
                         "passes or when healed")
    if how == "noise":
        if perception_total is None or noise_dc is None:
            raise RuleError("waking by noise needs the Perception total and the noise's DC",
                            code="missing_field")
        if perception_total < noise_dc:
            return Outcome(c, ("still_asleep",))
    return Outcome(replace(c, unconscious=False), ("woke_up",))


def rest(c: Creature, kind: str) -> Outcome:
    """Rest: ten minutes at full HP end wounded ("wenn du auf deine maximale Anzahl an
    Trefferpunkte zurückgebracht wirst und dich 10 Minuten lang ausgeruht hast"); each
    full night lowers doomed by 1 ("Dein Zustandswert für Todgeweiht sinkt um 1 mit jeder
    Nacht, die du vollständig ruhen kannst")."""
    if c.dead:
        return Outcome(c, ("already_dead",))
    if kind == "10_minutes":
        if c.hp == c.max_hp and c.wounded:
            return Outcome(replace(c, wounded=0), ("wounded_ended",))
        return Outcome(c, ())
    if c.doomed:
        return Outcome(replace(c, doomed=c.doomed - 1), ("doomed_reduced",))
    return Outcome(c, ())
