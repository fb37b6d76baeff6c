"""Protocol handlers of a creature's health: damage, healing, dying and recovery."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.check_actions import degree_label
from regelwerk.systems.pf2e.checks.checks import natural_distribution
from regelwerk.systems.pf2e.checks.degrees import Degree, degree_of
from regelwerk.systems.pf2e.health.creature_model import CreatureFields, creature_json, term
from regelwerk.systems.pf2e.health.dying_conditions import rest, wake
from regelwerk.systems.pf2e.health.health import (
    Creature,
    HealthRules,
    Outcome,
    damage,
    end_turn,
    gain_temp_hp,
    heal,
    heroic_recovery,
    recover,
    settle,
    start_turn,
)
from regelwerk.systems.pf2e.refusals import refusing

__all__ = ["RECOVERY_DC_BASE", "answer", "event_text", "settled_first"]

RECOVERY_DC_BASE = 10
Amount = Annotated[StrictInt, Field(ge=0, le=1_000_000)]


class HouseRules(BaseModel):
    """Variants where tables differ."""

    model_config = MODEL_CONFIG
    wounded_on_further_damage: StrictBool = True


def event_text(t: Translator, event: str) -> str:
    """An event in the reader's language."""
    return {
        "already_dead": t("already dead"), "regeneration_off": t("regeneration switched off"),
        "regeneration_on": t("regeneration works again"), "massive_damage": t("massive damage"),
        "dead": t("dead"), "temp_hp_absorbed": t("temporary HP absorbed damage"),
        "woke_up": t("woke up"), "death_effect": t("death effect"), "killed": t("killed"),
        "knocked_out": t("knocked out"),
        "initiative_moves": t("initiative moves to just before the turn it dropped in"),
        "unconscious": t("unconscious"), "dying": t("dying"),
        "dying_limit": t("dying reached its limit"), "hero_points_spent": t("hero points spent"),
        "stabilized": t("stabilized at 0 HP"), "no_longer_dying": t("no longer dying"),
        "wounded": t("wounded"), "healed": t("healed"), "wounded_ended": t("wounded ended"),
        "not_dying": t("not dying"), "dying_reduced": t("dying reduced"),
        "dying_increased": t("dying increased"), "not_possible": t("not possible"),
        "doomed": t("doomed"), "temp_hp_gained": t("temporary HP gained"),
        "temp_hp_kept": t("kept the temporary HP it had"), "prone": t("prone"),
        "dropped_items": t("held items dropped"), "not_unconscious": t("not unconscious"),
        "cannot_wake": t("cannot wake up while dying at 0 HP"),
        "still_asleep": t("still asleep"), "doomed_reduced": t("doomed reduced"),
        "destroyed": t("destroyed (undead and constructs at 0 HP)"),
        "doomed_gained": t("doomed gained"), "still_unconscious": t("still unconscious"),
        "returned_to_1_hp": t("returned to 1 HP"),
        "persistent_damage": t("persistent damage taken"),
        "persistent_ended": t("persistent damage ended"),
    }[event]


def settled_first(creature: Creature, act: Callable[[Creature], Outcome]) -> Outcome:
    """A creature that the conditions have already killed (doomed lowering the dying
    value of death to 0, or dying at that value) is answered as dead; any other gets
    ``act``."""
    settled = settle(creature)
    return settled if settled.events else act(creature)


def answer(outcome: Outcome, t: Translator, **extra: Any) -> dict[str, Any]:
    """A creature's new state, its events and a one-line summary."""
    c = outcome.creature
    summary = ", ".join(event_text(t, e) for e in outcome.events) or t("no change")
    return {"creature": creature_json(c), "events": list(outcome.events), **extra,
            "text": t("{summary}; HP {hp}/{max_hp}, dying {dying}, wounded {wounded}",
                      summary=summary, hp=c.hp, max_hp=c.max_hp, dying=c.dying,
                      wounded=c.wounded)}


class DamageCreatureRequest(BaseModel):
    """Damage to a creature (after IWR)."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    amount: Amount
    critical: StrictBool = False
    nonlethal: StrictBool = False
    death_effect: StrictBool = False
    types: list[StrictStr] = Field(default_factory=list, max_length=20)
    avoid_death: StrictBool = False
    on_own_turn: StrictBool = False
    house_rules: HouseRules = Field(default_factory=HouseRules)


@refusing
def damage_creature_action(request: DamageCreatureRequest, context: Context) -> dict[str, Any]:
    """Temporary HP first, then HP; at 0 HP knocked out and dying, or dead."""
    outcome = settled_first(request.creature.creature(), lambda c: damage(
        c, request.amount, critical=request.critical, nonlethal=request.nonlethal,
        death_effect=request.death_effect, types=frozenset(term(x) for x in request.types),
        avoid_death=request.avoid_death, on_own_turn=request.on_own_turn,
        rules=HealthRules(request.house_rules.wounded_on_further_damage)))
    return answer(outcome, context.t)


class HealCreatureRequest(BaseModel):
    """Healing."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    amount: Amount
    treat_wounds: StrictBool = False
    natural_rest: StrictBool = False


@refusing
def heal_creature_action(request: HealCreatureRequest, context: Context) -> dict[str, Any]:
    """HP up to the maximum; 1 HP or more ends dying and unconscious."""
    outcome = settled_first(request.creature.creature(), lambda c: heal(
        c, request.amount, natural_rest=request.natural_rest,
        treat_wounds=request.treat_wounds))
    return answer(outcome, context.t)


class CreatureRequest(BaseModel):
    """A creature alone."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    avoid_death: StrictBool = False


@refusing
def recovery_action(request: CreatureRequest, context: Context) -> dict[str, Any]:
    """A flat check at DC 10 + dying at the start of the turn: dying −2, −1, +1, +2."""
    creature = request.creature.creature()
    settled = settle(creature)
    if settled.events:
        return answer(settled, context.t)
    recover(creature, 3)  # refuses before a die is rolled when it is not dying
    dc = RECOVERY_DC_BASE + creature.dying
    natural = context.source.roll(20)
    result = degree_of(natural, natural, dc).degree
    chances = dict.fromkeys(Degree, Fraction(0))
    for face, p in natural_distribution("normal"):
        chances[degree_of(face, face, dc).degree] += p
    outcome = recover(creature, int(result), avoid_death=request.avoid_death)
    response = answer(outcome, context.t, natural=natural, dc=dc, degree=result.key,
                     probabilities={d.key: float(p) for d, p in chances.items()})
    response["text"] = f"{degree_label(context.t, result)} ({natural}): {response['text']}"
    return response


@refusing
def heroic_recovery_action(request: CreatureRequest, context: Context) -> dict[str, Any]:
    """Spend all hero points to stabilise at 0 HP, without wounded."""
    return answer(settled_first(request.creature.creature(), heroic_recovery), context.t)


class TurnRequest(BaseModel):
    """The start or end of the creature's turn."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    moment: Literal["start", "end"]


def turn_action(request: TurnRequest, context: Context) -> dict[str, Any]:
    """Start: fast healing and regeneration; end: switched-off regeneration counts down."""
    outcome = settled_first(request.creature.creature(),
                            start_turn if request.moment == "start" else end_turn)
    return answer(outcome, context.t)


class TempHpRequest(BaseModel):
    """New temporary hit points."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    amount: Amount
    keep: StrictBool = Field(False, description="keep the temporary HP it has instead")


@refusing
def temp_hp_action(request: TempHpRequest, context: Context) -> dict[str, Any]:
    """Only one source at a time: keep the old or take the new, as the player chooses."""
    return answer(settled_first(request.creature.creature(), lambda c: gain_temp_hp(
        c, request.amount, keep=request.keep)), context.t)


class WakeRequest(BaseModel):
    """Waking an unconscious creature."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    how: Literal["shaken", "noise"]
    perception_total: Annotated[StrictInt, Field(ge=-100, le=200)] | None = None
    noise_dc: Annotated[StrictInt, Field(ge=-100, le=200)] | None = None


@refusing
def wake_action(request: WakeRequest, context: Context) -> dict[str, Any]:
    """Shaken awake, or woken by noise with a Perception check against its DC."""
    return answer(settled_first(request.creature.creature(), lambda c: wake(
        c, request.how, perception_total=request.perception_total,
        noise_dc=request.noise_dc)), context.t)


class RestRequest(BaseModel):
    """Resting."""

    model_config = MODEL_CONFIG
    creature: CreatureFields
    kind: Literal["10_minutes", "night"]


def rest_action(request: RestRequest, context: Context) -> dict[str, Any]:
    """Ten minutes at full HP end wounded; a full night lowers doomed by 1."""
    return answer(settled_first(request.creature.creature(),
                                 lambda c: rest(c, request.kind)), context.t)
