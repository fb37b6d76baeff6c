"""Protocol handlers for persistent damage on a creature, the conditions of death and
dying gained or lost through any effect, and time passing."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.damage.damage_actions import iwr_json
from regelwerk.systems.pf2e.damage.damage_roll import DamageSpec, roll_damage
from regelwerk.systems.pf2e.damage.damage_types import DAMAGE_TYPES
from regelwerk.systems.pf2e.damage.iwr import DamageInstance
from regelwerk.systems.pf2e.health.creature_actions import HouseRules, answer, settled_first
from regelwerk.systems.pf2e.health.creature_model import (
    CreatureFields,
    TargetFields,
    creature_json,
    term,
)
from regelwerk.systems.pf2e.health.dying_conditions import (
    gain_condition,
    lose_condition,
    pass_time,
)
from regelwerk.systems.pf2e.health.health import HealthRules, Outcome
from regelwerk.systems.pf2e.health.persistent import (
    ASSISTED_DC,
    PERSISTENT_DC,
    persistent_round,
)
from regelwerk.systems.pf2e.refusals import refusing

Name = Annotated[StrictStr, Field(max_length=80)]
HealthCondition = Literal["dying", "wounded", "doomed", "unconscious"]
_GERMAN = {"sterbend": "dying", "verwundet": "wounded", "todgeweiht": "doomed",
           "bewusstlos": "unconscious", "deyjandi": "dying", "særður": "wounded",
           "dauðadæmdur": "doomed", "meðvitundarlaus": "unconscious"}


class PersistentRequest(BaseModel):
    """Persistent damage at the end of a turn, on its own or running on a creature."""

    model_config = MODEL_CONFIG
    dice: Annotated[StrictStr, Field(max_length=200)]
    type: StrictStr
    traits: list[Name] = Field(default_factory=list, max_length=20)
    effect: Name | None = None
    creature: CreatureFields | None = None
    target: TargetFields = Field(default_factory=TargetFields)
    assisted: StrictBool = False
    house_rules: HouseRules = Field(default_factory=HouseRules)


@refusing
def persistent_action(request: PersistentRequest, context: Context) -> dict[str, Any]:
    """Take the damage (through the creature's IWR and hit points when one is given),
    then a DC 15 flat check (DC 10 assisted) ends it."""
    t = context.t
    kind = DAMAGE_TYPES.canonical(request.type)
    if kind is None:
        raise RequestError(t("unknown damage type '{name}': allowed are {allowed}",
                             name=request.type, allowed=DAMAGE_TYPES.allowed()),
                           code="unknown_name")
    if request.creature is not None:
        settled = settled_first(request.creature.creature(), lambda c: Outcome(c, ()))
        if settled.creature.dead:
            return answer(settled, t, damage=0, ended=None, dc=None)
    rolled = roll_damage(DamageSpec(request.dice), context.source)
    natural = context.source.roll(20)
    dc = ASSISTED_DC if request.assisted else PERSISTENT_DC
    chance = (21 - dc) / 20
    if request.creature is None:
        ended = natural >= dc
        return {"damage": rolled.total, "faces": list(rolled.faces), "type": kind,
                "natural": natural, "dc": dc, "ended": ended, "probability_end": chance,
                "text": t("Persistent damage {damage}; flat check {natural}: {state} "
                          "(chance to end {chance})", damage=rolled.total, natural=natural,
                          state=t("ended") if ended else t("continues"),
                          chance=t.percent(chance))}
    instance = DamageInstance(rolled.total, kind, 0, frozenset(term(x) for x in request.traits),
                              request.effect, 0, True)
    result = persistent_round(request.creature.creature(), request.target.target(), instance,
                              natural, assisted=request.assisted,
                              rules=HealthRules(request.house_rules.wounded_on_further_damage))
    events = result.outcome.events + (() if result.ended is None else (
        ("persistent_ended",) if result.ended else ()))
    response = answer(Outcome(result.outcome.creature, ("persistent_damage", *events)), t,
                      rolled=rolled.total, faces=list(rolled.faces), type=kind,
                      damage=result.applied.amount, iwr=iwr_json(result.applied, t),
                      natural=natural if result.ended is not None else None, dc=dc,
                      ended=result.ended, probability_end=chance)
    return response


class ConditionFields(BaseModel):
    """A condition of death and dying and its value."""

    model_config = MODEL_CONFIG
    name: Name
    value: Annotated[StrictInt, Field(ge=1, le=20)] = 1


def _health_condition(name: str, t: Translator) -> str:
    key = name.strip().lower()
    key = _GERMAN.get(key, key)
    if key not in ("dying", "wounded", "doomed", "unconscious"):
        raise RequestError(t("unknown condition '{name}' for a creature's health: allowed are "
                             "dying, wounded, doomed, unconscious (Sterbend, Verwundet, "
                             "Todgeweiht, Bewusstlos)", name=name), code="unknown_name")
    return key


class CreatureConditionsRequest(BaseModel):
    """Conditions of death and dying a creature gains or loses through any effect."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    gain: list[ConditionFields] = Field(default_factory=list, max_length=10)
    lose: list[Name] = Field(default_factory=list, max_length=10)
    house_rules: HouseRules = Field(default_factory=HouseRules)


@refusing
def creature_conditions_action(request: CreatureConditionsRequest,
                               context: Context) -> dict[str, Any]:
    """Gain (dying rises by wounded; dying or doomed at the limit kill) and lose (dying
    lost gives wounded + 1), in the order given: gains first, then losses."""
    rules = HealthRules(request.house_rules.wounded_on_further_damage)
    outcome = settled_first(request.creature.creature(), lambda c: Outcome(c, ()))
    events = list(outcome.events)
    creature = outcome.creature
    for g in request.gain:
        if creature.dead:
            break
        step = gain_condition(creature, _health_condition(g.name, context.t), g.value, rules=rules)
        creature, events = step.creature, [*events, *step.events]
    for name in request.lose:
        if creature.dead:
            break
        step = lose_condition(creature, _health_condition(name, context.t))
        creature, events = step.creature, [*events, *step.events]
    return answer(Outcome(creature, tuple(events)), context.t)


class PassTimeRequest(BaseModel):
    """Minutes passing for a creature."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    minutes: Annotated[StrictInt, Field(ge=1, le=10**7)]


@refusing
def pass_time_action(request: PassTimeRequest, context: Context) -> dict[str, Any]:
    """An unconscious creature at 0 HP that is not dying returns to 1 HP and wakes when
    the time the game master set (``creature.wakes_in``) has passed."""
    creature = request.creature.creature()
    if (creature.unconscious and creature.hp == 0 and not creature.dying
            and not creature.dead and creature.wakes_in is None):
        raise RequestError(context.t(
            "The game master sets how long the creature stays unconscious (10 minutes to "
            "several hours): give the creature's wakes_in in minutes"), code="missing_field")
    outcome = settled_first(creature, lambda c: pass_time(c, request.minutes))
    return answer(outcome, context.t, minutes=request.minutes,
                  wakes_in=creature_json(outcome.creature)["wakes_in"])
