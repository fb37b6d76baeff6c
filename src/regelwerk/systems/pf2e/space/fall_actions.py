"""Protocol handlers for falls: the faller's damage and the creature landed on."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt

from regelwerk.errors import RequestError
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.model import DegreeName, Number, degree, fraction
from regelwerk.systems.pf2e.space.falling import (
    fall_on_creature,
    fall_rounds,
    falling_damage,
    grab_an_edge,
)


class GrabFields(BaseModel):
    """The Grab an Edge reaction: where along the fall, its Reflex save's degree, and
    whether a hand is free."""

    model_config = MODEL_CONFIG
    at: Annotated[Number, Field(ge=0)]
    degree: DegreeName
    free_hand: StrictBool = True


class FallingRequest(BaseModel):
    """A fall."""

    model_config = MODEL_CONFIG
    distance: Annotated[Number, Field(ge=0)]
    unit: Literal["m", "ft"] = "m"
    soft_surface: StrictBool = False
    dived: StrictBool = False
    water_depth: Annotated[Number, Field(ge=0)] | None = None
    grab_edge: GrabFields | None = None


def falling_action(request: FallingRequest, context: Context) -> dict[str, Any]:
    """Bludgeoning damage for the fall; the faller lands prone if hurt; the round it
    lands in; the Grab an Edge reaction."""
    distance = fraction(request.distance)
    rounds = fall_rounds(distance, request.unit)
    t = context.t
    if request.grab_edge is not None:
        g = request.grab_edge
        if g.at > request.distance:
            raise RequestError(t("the edge is grabbed along the fall: grab_edge.at lies "
                                 "between 0 and the distance"), code="out_of_range")
        grab = grab_an_edge(distance, fraction(g.at), degree(g.degree), request.unit,
                            free_hand=g.free_hand)
        if grab.stopped:
            return {"damage": grab.damage, "type": "bludgeoning", "prone": False,
                    "grabbed": True, "rounds": fall_rounds(fraction(g.at), request.unit),
                    "text": t("Caught the edge: {damage} bludgeoning", damage=grab.damage)}
        return {"damage": grab.damage, "type": "bludgeoning", "prone": grab.damage > 0,
                "grabbed": False, "rounds": rounds,
                "text": t("Falling damage: {damage} bludgeoning", damage=grab.damage)}
    damage = falling_damage(distance, request.unit,
                            soft_surface=request.soft_surface, dived=request.dived,
                            water_depth=None if request.water_depth is None
                            else fraction(request.water_depth))
    return {"damage": damage, "type": "bludgeoning", "prone": damage > 0, "rounds": rounds,
            "text": t("Falling damage: {damage} bludgeoning", damage=damage)}


class FallOnCreatureRequest(BaseModel):
    """A creature landed on by a falling creature or object."""

    model_config = MODEL_CONFIG
    falling_damage: Annotated[StrictInt, Field(ge=0, le=1_000_000)]
    degree: DegreeName


def fall_on_creature_action(request: FallOnCreatureRequest, context: Context) -> dict[str, Any]:
    """None, a quarter, half or all of the faller's damage after a DC 15 Reflex save."""
    damage = fall_on_creature(request.falling_damage, degree(request.degree))
    return {"damage": damage, "type": "bludgeoning",
            "text": context.t("The creature takes {damage} bludgeoning", damage=damage)}
