"""The battle map's JSON form (the file format and the protocol's ``map`` field)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictFloat, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, LightSource

__all__ = ["MapFields", "map_json", "metres", "square"]

Coordinate = Annotated[StrictInt, Field(ge=0, le=500)]
SquareFields = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]


def square(value: list[int]) -> tuple[int, int]:
    """A square from its JSON form ``[x, y]``."""
    return (value[0], value[1])
Metres = Annotated[StrictInt | StrictFloat, Field(ge=0, le=10_000)]


def metres(value: float | int, unit: str) -> Fraction:
    """Metres from a number in ``unit`` (``m`` or ``ft``; 5 ft is 1,50 m)."""
    number = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    return number * Fraction(3, 10) if unit == "ft" else number


class CreatureFields(BaseModel):
    """A creature on the map."""

    model_config = MODEL_CONFIG
    name: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    at: SquareFields
    size: Literal["tiny", "small", "medium", "large", "huge", "gargantuan"] = "medium"
    reach: Metres | None = None
    senses: list[StrictStr] = Field(default_factory=list, max_length=20)
    conditions: list[StrictStr] = Field(default_factory=list, max_length=20)
    flying: StrictBool = False


class LightFields(BaseModel):
    """A light source."""

    model_config = MODEL_CONFIG
    at: SquareFields
    radius: Metres


class MapFields(BaseModel):
    """A battle map: squares of 1,50 m (or 5 ft with ``unit: "ft"`` for reach and light
    radii), creatures, walls, grates, light."""

    model_config = MODEL_CONFIG
    width: Annotated[StrictInt, Field(ge=1, le=200)]
    height: Annotated[StrictInt, Field(ge=1, le=200)]
    unit: Literal["m", "ft"] = "m"
    creatures: list[CreatureFields] = Field(default_factory=list, max_length=200)
    walls: list[SquareFields] = Field(default_factory=list, max_length=40_000)
    grates: list[SquareFields] = Field(default_factory=list, max_length=40_000)
    ambient: Literal["bright", "dim", "darkness"] = "bright"
    lights: list[LightFields] = Field(default_factory=list, max_length=100)
    dim: list[SquareFields] = Field(default_factory=list, max_length=40_000)
    darkness: list[SquareFields] = Field(default_factory=list, max_length=40_000)
    darkness_rank: Annotated[StrictInt, Field(ge=0, le=10)] = 0

    def battle_map(self) -> BattleMap:
        """The rules' map; creatures must stand on it and have different names."""
        creatures = []
        for c in self.creatures:
            reach = metres(c.reach, self.unit) if c.reach is not None else (
                Fraction(0) if c.size == "tiny" else Fraction(3, 2))
            creatures.append(Creature(c.name, square(c.at), c.size, reach, tuple(c.senses),
                                      tuple(c.conditions), c.flying))
        names = [c.name for c in creatures]
        if len(set(names)) != len(names):
            raise RequestError("every creature on the map needs its own name",
                               code="invalid_value")
        battle = BattleMap(self.width, self.height, tuple(creatures),
                           frozenset(map(square, self.walls)), frozenset(map(square, self.grates)),
                           self.ambient,
                           tuple(LightSource(square(li.at), metres(li.radius, self.unit))
                                 for li in self.lights),
                           frozenset(map(square, self.darkness)), self.darkness_rank,
                           frozenset(map(square, self.dim)))
        for creature in creatures:
            if not all(battle.inside(s) for s in creature.space):
                raise RequestError("{name} stands off the map", code="out_of_range",
                                   name=creature.name)
        return battle


def map_json(battle: BattleMap) -> dict[str, Any]:
    """The map in its JSON form (metres)."""
    return {
        "width": battle.width, "height": battle.height, "unit": "m",
        "creatures": [{"name": c.name, "at": list(c.at), "size": c.size,
                       "reach": float(c.reach), "senses": list(c.senses),
                       "conditions": list(c.conditions), "flying": c.flying}
                      for c in battle.creatures],
        "walls": sorted(list(w) for w in battle.walls),
        "grates": sorted(list(g) for g in battle.grates),
        "ambient": battle.ambient,
        "lights": [{"at": list(li.at), "radius": float(li.radius)} for li in battle.lights],
        "dim": sorted(list(s) for s in battle.dim),
        "darkness": sorted(list(s) for s in battle.darkness),
        "darkness_rank": battle.darkness_rank,
    }
