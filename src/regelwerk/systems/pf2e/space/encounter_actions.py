"""Protocol handlers for cover on the map and the reactions a movement can trigger."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any, Literal

from pydantic import Field, StrictBool

from regelwerk.errors import RequestError
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.space.cover import cover_between, cover_modifiers
from regelwerk.systems.pf2e.space.map_model import SquareFields, square
from regelwerk.systems.pf2e.space.reactions import movement_triggers
from regelwerk.systems.pf2e.space.sight import centre
from regelwerk.systems.pf2e.space.space_actions import MapRequest, Name


class CoverRequest(MapRequest):
    """The cover a target has against an attacker, or against an area's origin."""

    target: Name
    attacker: Name | None = None
    origin: SquareFields | None = Field(None, description="a grid corner (a burst's)")
    taking_cover: StrictBool = False
    against_area: StrictBool = False


def cover_action(request: CoverRequest, context: Context) -> dict[str, Any]:
    """Lesser, standard or greater cover and its circumstance bonuses."""
    battle = request.map.battle_map()
    target = battle.creature(request.target)
    exclude: tuple[str, ...] = ()
    if request.attacker is not None:
        attacker = battle.creature(request.attacker)
        origin, exclude = centre(attacker), (attacker.name,)
    elif request.origin is not None:
        x, y = square(request.origin)
        origin = (Fraction(x), Fraction(y))
    else:
        raise RequestError(context.t("cover needs 'attacker' (a creature) or 'origin' (a "
                                     "grid corner)"), code="missing_field")
    cover = cover_between(battle, origin, target, taking_cover=request.taking_cover,
                          exclude=exclude)
    bonuses = cover_modifiers(cover.level, against_area=request.against_area)
    t = context.t
    level = {"none": t("no cover"), "lesser": t("lesser cover"),
             "standard": t("standard cover"), "greater": t("greater cover")}[cover.level]
    return {"cover": cover.level, "by": list(cover.by),
            "bonuses": {k: {"value": m.value, "type": m.type, "label": m.label}
                        for k, m in bonuses.items()},
            "text": t("{target}: {cover}", target=target.name, cover=level)}


class TriggersRequest(MapRequest):
    """A creature's movement along a path of squares."""

    creature: Name
    path: list[SquareFields] = Field(min_length=1, max_length=200)
    action: Literal["stride", "step", "fly", "burrow", "climb", "swim"] = "stride"


def movement_triggers_action(request: TriggersRequest, context: Context) -> dict[str, Any]:
    """Where the movement can trigger reactions, and of which creatures (by reach)."""
    battle = request.map.battle_map()
    steps = [battle.creature(request.creature).at, *(square(p) for p in request.path)]
    for a, b in pairwise(steps):
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            raise RequestError(context.t("the path moves one square at a time: {a} to {b} is "
                                         "not one square", a=list(a), b=list(b)),
                               code="invalid_value")
    triggers = movement_triggers(battle, request.creature, [square(p) for p in request.path],
                                 request.action)
    reactors = sorted({name for tr in triggers for name in tr.reactors})
    t = context.t
    text = t("A Step triggers no reactions") if request.action == "step" else (
        t("Can trigger reactions of {names}", names=", ".join(reactors)) if reactors
        else t("No creature's reach covers this movement"))
    return {"triggers": [{"index": tr.index, "square": list(tr.square),
                          "reactors": list(tr.reactors)} for tr in triggers],
            "reactors": reactors, "text": text}
