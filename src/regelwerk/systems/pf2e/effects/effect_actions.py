"""Protocol handlers of counteracting and afflictions."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.check_actions import degree_label
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.effects.affliction import Affliction, Stage, immune_category, save
from regelwerk.systems.pf2e.effects.counteract import counteract_level, counteracts
from regelwerk.systems.pf2e.effects.play_actions import category_label
from regelwerk.systems.pf2e.model import DegreeName, RolledFields, degree

__all__ = ["affliction_action", "counteract_action", "counteract_level_action"]

Level = Annotated[StrictInt, Field(ge=0, le=30)]


class CounteractRequest(RolledFields):
    """A counteract check: a given degree, or a modifier (for spells: spellcasting
    ability + proficiency + counteract bonuses, as typed ``modifiers``) rolled against
    the DC."""

    degree: DegreeName | None = None
    dc: Annotated[StrictInt, Field(ge=-100, le=200)] | None = None
    counteract_level: Level
    target_level: Level


def counteract_action(request: CounteractRequest, context: Context) -> dict[str, Any]:
    """Whether the effect is counteracted, by the four results of the text."""
    t = context.t
    response: dict[str, Any] = {}
    rolled = request.modifier is not None or request.modifiers is not None
    if request.degree is not None:
        if rolled or request.dc is not None:
            raise RequestError("give 'degree', or a modifier and 'dc' to roll, not both",
                               code="invalid_value")
        result = degree(request.degree)
    else:
        if not rolled or request.dc is None:
            raise RequestError("give 'degree', or 'modifier' (or 'modifiers') and 'dc' to roll",
                               code="missing_field")
        check = Check(request.total(), request.dc)
        roll = check.roll(context.source).roll
        result = roll.result.degree
        odds = check.odds()
        chance = sum((p for d, p in odds.items()
                      if counteracts(d, request.counteract_level, request.target_level)),
                     Fraction(0))
        response.update({"natural": roll.natural, "total": roll.total,
                         "probabilities": {d.key: float(p) for d, p in odds.items()},
                         "probability": float(chance)})
    done = counteracts(result, request.counteract_level, request.target_level)
    response.update({
        "degree": result.key, "counteracted": done,
        "text": t("Counteract ({degree}): {verdict}", degree=degree_label(t, result),
                  verdict=t("counteracted") if done else t("not counteracted")),
    })
    return response


class CounteractLevelRequest(BaseModel):
    """The counteract level of a spell, effect or creature."""

    model_config = MODEL_CONFIG
    spell_rank: Annotated[StrictInt, Field(ge=0, le=10)] | None = None
    level: Annotated[StrictInt, Field(ge=-1, le=30)] | None = None


def counteract_level_action(request: CounteractLevelRequest,
                            context: Context) -> dict[str, Any]:
    """A spell's rank, or half the level rounded up."""
    value = counteract_level(spell_rank=request.spell_rank, level=request.level)
    return {"counteract_level": value,
            "text": context.t("Counteract level {level}", level=value)}


class AfflictionFields(BaseModel):
    """The parts of an affliction the stage track needs."""

    model_config = MODEL_CONFIG
    stages: Annotated[StrictInt, Field(ge=1, le=20)]
    virulent: StrictBool = False
    type: Literal["poison", "disease", "curse", "radiation", "other"] = "poison"


class StageFields(BaseModel):
    """The creature's stage (0: not afflicted)."""

    model_config = MODEL_CONFIG
    stage: Annotated[StrictInt, Field(ge=0, le=20)] = 0
    virulent_progress: Annotated[StrictInt, Field(ge=0, le=1)] = 0


class AfflictionRequest(BaseModel):
    """One save against an affliction."""

    model_config = MODEL_CONFIG
    affliction: AfflictionFields
    state: StageFields = Field(default_factory=StageFields)
    degree: DegreeName
    exposure: StrictBool = False
    traits: list[Annotated[StrictStr, Field(max_length=80)]] = Field(default_factory=list,
                                                                     max_length=20)
    immunities: list[Annotated[StrictStr, Field(max_length=80)]] = Field(
        default_factory=list, max_length=50)


def affliction_action(request: AfflictionRequest, context: Context) -> dict[str, Any]:
    """The new stage after an initial save or a save at a stage's interval; nothing for
    a creature immune to the affliction's category ("Wenn du Immunität gegen Effekte
    einer bestimmten Kategorie hast (z.B. Todeseffekte, Gifte oder Krankheiten), dann
    kann dich kein Effekt dieser Kategorie betreffen")."""
    a = request.affliction
    immunity = immune_category(a.type, request.traits, request.immunities)
    if immunity is not None:
        return {"state": {"stage": request.state.stage,
                          "virulent_progress": request.state.virulent_progress},
                "ended": False, "repeated": False, "no_effect": True, "immunity": immunity,
                "text": context.t("Not affected: immune to {immunity}",
                                  immunity=category_label(context.t, immunity))}
    result = save(Affliction(a.stages, a.virulent, a.type),
                  Stage(request.state.stage, request.state.virulent_progress),
                  degree(request.degree), request.exposure)
    t = context.t
    if result.ended:
        text = t("Free of the affliction")
    elif result.no_effect:
        text = t("Repeated exposure has no effect")
    else:
        text = t("Stage {stage}", stage=result.state.stage)
        if result.repeated:
            text += " " + t("(the last stage repeats)")
    return {"state": {"stage": result.state.stage,
                      "virulent_progress": result.state.virulent_progress},
            "ended": result.ended, "repeated": result.repeated, "no_effect": result.no_effect,
            "text": text}


