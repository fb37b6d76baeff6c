"""Protocol handlers for conditions, durations, targets and affliction stat blocks."""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.modifiers import stack
from regelwerk.systems.pf2e.effects.affliction import immune_category
from regelwerk.systems.pf2e.effects.affliction_text import parse_affliction
from regelwerk.systems.pf2e.effects.affliction_track import (
    Happening,
    Track,
    elapse,
    expose,
    stage_save,
)
from regelwerk.systems.pf2e.effects.condition_changes import Gain, change_conditions
from regelwerk.systems.pf2e.effects.conditions import (
    CONDITION_NAMES,
    CONDITIONS,
    gain,
    implied,
    modifiers_for,
)
from regelwerk.systems.pf2e.effects.durations import Effect, Event, run
from regelwerk.systems.pf2e.effects.targets import can_target
from regelwerk.systems.pf2e.effects.traits import effect_trait
from regelwerk.systems.pf2e.model import DegreeName, degree, stacked_json

__all__ = ["category_label", "condition_label"]

Name = Annotated[StrictStr, Field(max_length=80)]


def condition_label(t: Translator, name: str) -> str:
    """A condition's name in the reader's language (from the data)."""
    c = CONDITIONS[name]
    return {"de": c.de, "is": c.is_}.get(t.lang, name.replace("_", " "))


def _condition_text(t: Translator, label: str) -> str:
    """A modifier's label that names a condition (``frightened 2``) in the reader's
    language."""
    name, _, value = label.rpartition(" ")
    if name in CONDITIONS and value.isdigit():
        return f"{condition_label(t, name)} {value}"
    return condition_label(t, label) if label in CONDITIONS else label


def category_label(t: Translator, name: str) -> str:
    """An immunity (a condition or an effect category) in the reader's language."""
    if name in CONDITIONS:
        return condition_label(t, name)
    labels = {"death": t("death effects"), "poison": t("poison"), "disease": t("disease"),
              "curse": t("curse"), "radiation": t("radiation"), "fear": t("fear"),
              "emotion": t("emotion"), "mental": t("mental effects"), "sleep": t("sleep")}
    return labels.get(name, name.replace("_", " "))


def _condition(name: str) -> str:
    canonical = CONDITION_NAMES.canonical(name)
    if canonical is None:
        raise RequestError("unknown condition '{name}': allowed are {allowed}",
                           code="unknown_name", name=name, allowed=CONDITION_NAMES.allowed())
    return canonical


class ConditionFields(BaseModel):
    """A condition and its value (and, when gained, the effect and its traits)."""

    model_config = MODEL_CONFIG
    name: Name
    value: Annotated[StrictInt, Field(ge=1, le=20)] = 1
    effect: Name | None = None
    traits: list[Name] = Field(default_factory=list, max_length=20)


class ConditionsRequest(BaseModel):
    """A creature's conditions, the ones it gains and loses, its immunities, and a
    statistic to see their effect on."""

    model_config = MODEL_CONFIG
    conditions: list[ConditionFields] = Field(default_factory=list, max_length=50)
    gain: list[ConditionFields] = Field(default_factory=list, max_length=50)
    lose: list[Name] = Field(default_factory=list, max_length=50)
    immunities: list[Name] = Field(default_factory=list, max_length=50)
    temporary_immunities: list[Name] = Field(default_factory=list, max_length=50)
    statistic: Name | None = None


def _immunity(text: str) -> str:
    """A condition's canonical name, or an effect category."""
    canonical = CONDITION_NAMES.canonical(text)
    return canonical if canonical is not None else effect_trait(text)


def conditions_action(request: ConditionsRequest, context: Context) -> dict[str, Any]:
    """Gaining a condition again keeps the higher value; implied conditions come along;
    dying, wounded and doomed follow the rules of death and dying; a creature immune to
    a condition or to a category of the effect is not affected; their modifiers on a
    statistic are stacked like any others."""
    current: dict[str, int] = {}
    for c in request.conditions:
        current = gain(current, _condition(c.name), c.value)
    immunities = frozenset(_immunity(x) for x in request.immunities)
    changes = change_conditions(
        current, [Gain(_condition(g.name), g.value, g.effect,
                       frozenset(effect_trait(x) for x in g.traits)) for g in request.gain],
        [_condition(x) for x in request.lose], immunities=immunities,
        temporary_immunities=frozenset(request.temporary_immunities))
    current = changes.conditions
    full = {n: v for n, v in implied(current).items() if n not in immunities}
    response: dict[str, Any] = {
        "conditions": current, "with_implied": full, "dead": changes.dead,
        "events": list(changes.events),
        "unaffected": [{"name": n, "immunity": why} for n, why in changes.unaffected]}
    t = context.t
    if request.statistic is not None:
        stacked = stack(replace(m, label=_condition_text(t, m.label))
                        for m in modifiers_for(current, request.statistic))
        response.update({"statistic": request.statistic, "total": stacked.total,
                         **stacked_json(stacked, t)})
    shown = ", ".join(f"{condition_label(t, n)} {v}" if CONDITIONS[n].valued
                      else condition_label(t, n) for n, v in full.items())
    response["text"] = t("Conditions: {list}", list=shown or "—")
    if changes.dead:
        response["text"] = t("Dead: {reason}", reason=t(
            "doomed lowered the dying value of death to 0") if "doomed" in changes.events
            else t("dying reached its limit"))
    for name, why in changes.unaffected:
        response["text"] += "; " + t("{condition}: not affected (immune to {immunity})",
                                     condition=condition_label(t, name),
                                     immunity=category_label(t, why))
    return response


class EffectFields(BaseModel):
    """An effect with a duration."""

    model_config = MODEL_CONFIG
    name: Name
    kind: Literal["rounds", "target_turns", "until", "sustained", "unlimited"]
    creator: Name
    target: Name
    remaining: Annotated[StrictInt, Field(ge=1, le=10_000)] = 1
    condition: Name | None = None
    applied_on_target_turn: StrictBool = False


class EventFields(BaseModel):
    """A turn start or end, or an effect sustained or dismissed, or a condition met."""

    model_config = MODEL_CONFIG
    kind: Literal["start", "end", "sustain", "dismiss", "met"]
    creature: Name


class DurationsRequest(BaseModel):
    """Effects and a sequence of events."""

    model_config = MODEL_CONFIG
    effects: list[EffectFields] = Field(min_length=1, max_length=100)
    events: list[EventFields] = Field(max_length=1000)


def durations_action(request: DurationsRequest, context: Context) -> dict[str, Any]:
    """Which effects expire at which event."""
    ticks, left = run([Effect(**e.model_dump()) for e in request.effects],
                      [Event(e.kind, e.creature) for e in request.events])
    expired = [name for tick in ticks for name in tick.expired]
    return {"ticks": [{"event": {"kind": tick.event.kind, "creature": tick.event.creature},
                       "expired": list(tick.expired)} for tick in ticks],
            "remaining": [asdict(e) for e in left],
            "text": context.t("Expired: {names}", names=", ".join(expired) or "—")}


class TargetRequest(BaseModel):
    """Whether a creature may be chosen as a target."""

    model_config = MODEL_CONFIG
    actor: Name
    target: Name
    requirement: Literal["any", "willing", "ally", "enemy"] = "any"
    willing: StrictBool = False
    ally: StrictBool = False
    undetected: StrictBool = False
    untargetable: StrictBool = False


def target_action(request: TargetRequest, context: Context) -> dict[str, Any]:
    """Undetected or protected creatures cannot be targeted; you are not your own ally."""
    check = can_target(request.actor, request.target, request.requirement,
                       willing=request.willing, ally=request.ally,
                       undetected=request.undetected, untargetable=request.untargetable)
    t = context.t
    reasons = {None: t("may be targeted"), "untargetable": t("cannot be targeted"),
               "undetected": t("undetected: cannot be targeted"),
               "not_willing": t("the target is not willing"),
               "not_own_ally": t("you are not your own ally"),
               "not_an_ally": t("the target is not an ally"),
               "not_an_enemy": t("the target is not an enemy")}
    return {"allowed": check.allowed, "reason": check.reason,
            "text": reasons[check.reason]}


class AfflictionTextRequest(BaseModel):
    """An affliction's stat block."""

    model_config = MODEL_CONFIG
    text: Annotated[StrictStr, Field(min_length=1, max_length=4000)]


def _block_json(text: str) -> dict[str, Any]:
    return asdict(parse_affliction(text))


def parse_affliction_action(request: AfflictionTextRequest, context: Context) -> dict[str, Any]:
    """The stat block read into its parts (times in seconds)."""
    block = _block_json(request.text)
    return {"affliction": block,
            "text": context.t("{name}: {stages} stages", name=block["name"],
                              stages=len(block["stages"]))}


class TrackFields(BaseModel):
    """Where a creature stands with an affliction (times in seconds)."""

    model_config = MODEL_CONFIG
    stage: Annotated[StrictInt, Field(ge=0, le=20)] = 0
    virulent_progress: Annotated[StrictInt, Field(ge=0, le=1)] = 0
    onset_left: Annotated[StrictInt, Field(ge=0)] = 0
    duration_left: Annotated[StrictInt, Field(ge=0)] | None = None
    next_save_in: Annotated[StrictInt, Field(ge=0)] | None = None
    ended: StrictBool = False


class TrackEventFields(BaseModel):
    """An initial save against an exposure, a stage save, or time passing."""

    model_config = MODEL_CONFIG
    kind: Literal["exposure", "save", "time"]
    degree: DegreeName | None = None
    seconds: Annotated[StrictInt, Field(ge=0, le=10**9)] = 0


class AfflictionTrackRequest(BaseModel):
    """One step in an affliction's life."""

    model_config = MODEL_CONFIG
    text: Annotated[StrictStr, Field(min_length=1, max_length=4000)]
    track: TrackFields = Field(default_factory=TrackFields)
    event: TrackEventFields
    immunities: list[Name] = Field(default_factory=list, max_length=50)


def affliction_track_action(request: AfflictionTrackRequest,
                            context: Context) -> dict[str, Any]:
    """Apply one event to the track: what happened, and the new track."""
    block = parse_affliction(request.text)
    track = Track(**request.track.model_dump())
    event = request.event
    if event.kind in ("exposure", "save") and event.degree is None:
        raise RequestError("a {kind} needs the 'degree' of the save",
                           code="missing_field", kind=event.kind)
    immunity = immune_category(block.type, block.traits, request.immunities)
    if immunity is not None and event.kind == "exposure":
        # "dann kann dich kein Effekt dieser Kategorie betreffen"
        return {"track": asdict(track), "happened": [], "immunity": immunity,
                "text": context.t("Not affected: immune to {immunity}",
                                  immunity=category_label(context.t, immunity))}
    if event.kind == "exposure":
        track, happened = expose(block, track, degree(event.degree or "failure"))
    elif event.kind == "save":
        track, happened = stage_save(block, track, degree(event.degree or "failure"))
    else:
        track, happened = elapse(block, track, event.seconds)
    t = context.t
    return {"track": asdict(track),
            "happened": [{**asdict(h), "text": happening_text(t, h)} for h in happened],
            "text": "; ".join(happening_text(t, h) for h in happened) or t("nothing happens")}


def happening_text(t: Translator, h: Happening) -> str:
    """What happened in an affliction's life, in the reader's language."""
    if h.kind == "unaffected":
        return t("the initial save keeps the affliction from taking hold")
    if h.kind == "onset":
        return t("stage {stage} begins after the onset of {minutes} minutes", stage=h.stage,
                 minutes=int(h.detail) // 60)
    if h.kind == "stage":
        return t("stage {stage}: {effect}", stage=h.stage, effect=h.detail)
    if h.kind == "repeated":
        return t("stage {stage} repeats: {effect}", stage=h.stage, effect=h.detail)
    if h.kind == "save_due":
        return t("a save against stage {stage} is due", stage=h.stage)
    if h.kind == "max_duration":
        return t("the maximum duration is over: the affliction ends")
    if h.kind == "recovered":
        return t("recovered: the affliction ends")
    return t("repeated exposure has no effect")
