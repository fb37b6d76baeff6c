"""Effects with durations in an encounter, bound to whose turn they count on
(asked of the rules' ``durations`` action): rounds count down at the start of the
creator's turn, "until the end of the target's next turn" at the end of the
target's turn, sustained effects end at the end of the creator's turn unless
sustained in it.  An effect may grant conditions; they end with it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr

from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.state import next_id
from regelwerk.table.steps import Change, audience, encounter, participant

__all__ = ["tick"]

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]


def _request(effect: dict[str, Any]) -> dict[str, Any]:
    return {"name": effect["id"], "kind": effect["kind"], "creator": effect["creator"],
            "target": effect["target"], "remaining": effect["remaining"],
            "condition": effect["condition"],
            "applied_on_target_turn": effect["applied_on_target_turn"]}


def _without_grants(d: Decision, expired: list[dict[str, Any]]) -> list[Change]:
    changes: list[Change] = []
    by_target: dict[str, dict[str, int]] = {}
    for effect in expired:
        if not effect.get("grants"):
            continue
        target = effect["target"]
        conditions = by_target.setdefault(target, dict(d.character(target)["conditions"]))
        for name in effect["grants"]:
            conditions.pop(name, None)
    for target, conditions in by_target.items():
        changes.append(("conditions_changed", {"character_id": target,
                                               "conditions": conditions,
                                               "reason": "effect_ended"}))
    return changes


def _run(d: Decision, effects: list[dict[str, Any]],
         events: list[dict[str, str]]) -> dict[str, dict[str, Any]]:
    if not effects:
        return {}
    answer = d.ask("pf2e", "durations", {"effects": [_request(e) for e in effects],
                                         "events": events})
    return {r["name"]: r for r in answer["remaining"]}


def tick(d: Decision, moment: Literal["start", "end"], cid: str) -> list[Change]:
    """The changes to the encounter's effects at the start or end of ``cid``'s turn.

    The table remembers whether a sustained effect was sustained in its creator's
    turn (or made in it); at the end of that turn the rules see the turn's start,
    the sustain if there was one, and the end."""
    running = d.now["encounter"]
    effects: list[dict[str, Any]] = list(running["effects"]) if running else []
    if not effects:
        return []
    mine = [e for e in effects if e["kind"] == "sustained" and e["creator"] == cid]
    others = [e for e in effects if e not in mine]
    if moment == "start":
        left = _run(d, effects, [{"kind": "start", "creature": cid}])
    else:
        left = _run(d, others, [{"kind": "end", "creature": cid}])
        for effect in mine:
            events = [{"kind": "start", "creature": cid}]
            if effect.get("sustained"):
                events.append({"kind": "sustain", "creature": effect["id"]})
            events.append({"kind": "end", "creature": cid})
            left.update(_run(d, [effect], events))
    kept, expired = [], []
    for effect in effects:
        if effect["id"] not in left:
            expired.append(effect)
            continue
        rest = left[effect["id"]]
        kept.append(dict(effect, remaining=rest["remaining"],
                         applied_on_target_turn=rest["applied_on_target_turn"],
                         sustained=bool(effect.get("sustained")) and effect not in mine))
    if kept == effects:
        return []
    involved = sorted({c for e in expired for c in (e["creator"], e["target"])})
    return [("effects_changed", {"effects": kept, "expired": [e["id"] for e in expired],
                                 "labels": [e["label"] for e in expired],
                                 "involves": involved}),
            *_without_grants(d, expired)]


class AddEffect(BaseModel):
    """An effect with a duration on a participant (its creator and target are
    participants): ``rounds`` (N rounds, counted at the creator's turn start),
    ``target_turns`` (until the end of the target's next N turns), ``sustained``,
    ``until`` (a condition is met) or ``unlimited``; ``grants`` conditions while it
    lasts."""

    model_config = COMMAND_CONFIG
    label: Annotated[StrictStr, Field(min_length=1, max_length=80)]
    kind: Literal["rounds", "target_turns", "until", "sustained", "unlimited"]
    creator: Id
    target: Id
    remaining: Annotated[StrictInt, Field(ge=1, le=10_000)] = 1
    condition: StrictStr | None = Field(None, max_length=80)
    grants: dict[StrictStr, Annotated[StrictInt, Field(ge=1, le=10)]] = Field(
        default_factory=dict, max_length=10)


@command("add_effect", AddEffect)
def _add_effect(d: Decision, c: AddEffect) -> None:
    running = encounter(d)
    participant(d, c.creator)
    participant(d, c.target)
    creator = d.own(c.creator)
    effect = {"id": next_id(d.now, "effect", "e"), "label": c.label, "kind": c.kind,
              "creator": c.creator, "target": c.target, "remaining": c.remaining,
              "condition": c.condition,
              "applied_on_target_turn": running["active"] == c.target, "grants": c.grants,
              "sustained": running["active"] == c.creator}
    d.ask("pf2e", "durations", {"effects": [_request(effect)], "events": []})
    d.emit("effect_added", {"effect": effect}, audience(d, creator["id"], c.target))
    if c.grants:
        from regelwerk.table.health_commands import gain_conditions

        gain_conditions(d, c.target, c.grants, "effect_added")


class EffectRef(BaseModel):
    """Names an effect of the encounter."""

    model_config = COMMAND_CONFIG
    effect_id: Id


def _effect(d: Decision, effect_id: str) -> dict[str, Any]:
    for effect in encounter(d)["effects"]:
        if effect["id"] == effect_id:
            found: dict[str, Any] = effect
            return found
    raise InvalidCommand(d.t("There is no effect {id}.", id=effect_id))


class Sustain(EffectRef):
    """Sustain a sustained effect (1 action of its creator, in the creator's turn)."""


class Dismiss(EffectRef):
    """Dismiss an effect (its creator's owner or the game master); conditions it
    granted end with it."""


@command("sustain", Sustain)
def _sustain(d: Decision, c: Sustain) -> None:
    effect = _effect(d, c.effect_id)
    if effect["kind"] != "sustained":
        raise NotAllowed(d.t("{label} is not sustained.", label=effect["label"]))
    d.own(effect["creator"])
    from regelwerk.table.combat import emit_spent, spend

    step = {"name": "Sustain", "cost": 1, "traits": ["concentrate"]}
    used = spend(d, effect["creator"], step)
    d.emit("effect_sustained", {"effect_id": c.effect_id},
           audience(d, effect["creator"], effect["target"]))
    emit_spent(d, effect["creator"], step, used)  # the action is spent, as any other


@command("dismiss", Dismiss)
def _dismiss(d: Decision, c: Dismiss) -> None:
    effect = _effect(d, c.effect_id)
    d.own(effect["creator"])
    kept = [e for e in encounter(d)["effects"] if e["id"] != c.effect_id]
    d.emit("effects_changed", {"effects": kept, "expired": [c.effect_id],
                               "labels": [effect["label"]]},
           audience(d, effect["creator"], effect["target"]))
    for kind, payload in _without_grants(d, [effect]):
        d.emit(kind, payload, audience(d, effect["target"]))
