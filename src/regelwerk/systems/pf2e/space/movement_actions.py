"""Protocol handler for movement: speeds with their bonuses and penalties, and whether
a sequence of movement actions fits them."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictFloat, StrictInt

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.modifiers import Modifier
from regelwerk.systems.pf2e.model import ModifierFields
from regelwerk.systems.pf2e.space.map_model import Metres, metres
from regelwerk.systems.pf2e.space.movement import Move, athletics, check_move, speed


class MoveFields(BaseModel):
    """One movement action."""

    model_config = MODEL_CONFIG
    action: Literal["stride", "step", "fly", "burrow", "climb", "swim"]
    distance: Metres
    terrain: Literal["normal", "difficult", "greater_difficult"] = "normal"
    vertical: Literal["none", "up", "down"] = "none"
    wind: Literal["none", "against", "with"] = "none"


class SpeedModifierFields(ModifierFields):
    """A bonus or penalty to speed, in the request's unit (metres may be 1.5, 4.5 …)."""

    value: Annotated[StrictInt | StrictFloat, Field(ge=-10_000, le=10_000)]  # type: ignore[assignment]


class MovementRequest(BaseModel):
    """Speeds and a sequence of movement actions."""

    model_config = MODEL_CONFIG
    speeds: dict[Literal["land", "fly", "burrow", "climb", "swim"], Metres]
    modifiers: list[SpeedModifierFields] = Field(default_factory=list, max_length=20)
    moves: list[MoveFields] = Field(default_factory=list, max_length=20)
    unit: Literal["m", "ft"] = "m"


def _tenths(value: float | int, t: Translator) -> int:
    number = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if (number * 10).denominator != 1:
        raise RequestError(t("a speed modifier is given to a tenth of the unit at most (got "
                             "{value})", value=value), code="invalid_value")
    return int(number * 10)


def movement_action(request: MovementRequest, context: Context) -> dict[str, Any]:
    """Speeds after bonuses and penalties (never below 1,50 m by penalties), whether the
    moves fit them, and what climb and swim speeds give Athletics."""
    # the modifiers in tenths of the unit, so that 1,5 m is exact
    mods = [Modifier(_tenths(m.value, context.t), m.type, m.label) for m in request.modifiers]
    per_unit = metres(1, request.unit) / 10
    speeds: dict[str, Fraction] = {k: speed(metres(v, request.unit), mods, per_unit)
                                   for k, v in request.speeds.items()}
    moves = [Move(m.action, metres(m.distance, request.unit), m.terrain, m.vertical, m.wind)
             for m in request.moves]
    problems = check_move(moves, speeds)
    athletic = {}
    for kind in ("climb", "swim"):
        auto, bonus, off_guard = athletics("climb" if kind == "climb" else "swim", speeds)
        athletic[kind] = {"automatic_success": auto, "bonus": bonus.value if bonus else 0,
                          "off_guard": off_guard}
    return {"speeds": {k: float(v) for k, v in speeds.items()},
            "speeds_in_unit": {k: float(v / metres(1, request.unit)) for k, v in speeds.items()},
            "unit": request.unit, "valid": not problems,
            "problems": problems, "athletics": athletic,
            "text": context.t("Movement fits the speeds") if not problems else "; ".join(problems)}
