"""The battle map's JSON form (the file format and the protocol's ``map`` field)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictFloat, StrictInt, StrictStr

from regelwerk.errors import Message, RequestError
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.names import NameTable
from regelwerk.systems.pf2e.effects.conditions import CONDITION_NAMES
from regelwerk.systems.pf2e.space.grid import BattleMap, Creature, LightSource

__all__ = ["MapFields", "map_json", "metres", "square"]

Coordinate = Annotated[StrictInt, Field(ge=0, le=500)]
SquareFields = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]


SENSES: NameTable[str] = NameTable("sense", {
    "low_light_vision": ("low_light_vision", ("Dämmersicht", "low-light vision")),
    "darkvision": ("darkvision", ("Dunkelsicht",)),
    "greater_darkvision": ("greater_darkvision", ("Mächtige Dunkelsicht",)),
    "echolocation": ("echolocation", ("Echoortung", "Echoortung (Genau)")),
    "tremorsense": ("tremorsense", ("Erschütterungssinn",)),
    "precise_tremorsense": ("precise_tremorsense", ("Erschütterungssinn (Genau)",)),
    "scent": ("scent", ("Geruchssinn", "Geruchssinn (Vage)")),
    "imprecise_scent": ("imprecise_scent", ("Geruchssinn (Ungenau)",)),
    "precise_scent": ("precise_scent", ("Geruchssinn (Genau)",)),
    "blindsight": ("blindsight", ("Blindsicht",)),
    "lifesense": ("lifesense", ("Lebenssinn",)),
})
"""The special senses a creature on the map may have ("Besondere Sinne")."""


def sense(text: str, unit: str = "m") -> str:
    """A sense with an optional range (``"scent 9"``, ``"Geruchssinn 9 m"``,
    ``"tremorsense 30 ft"``; without a unit word, in the map's ``unit``) in its
    canonical form, the range in metres; an unknown sense is an error that lists the
    known ones."""
    words = text.replace("-", " ").split()
    number = [w for w in words if w.replace(".", "", 1).replace(",", "", 1).isdigit()]
    units = [w.lower() for w in words if w.lower() in ("m", "ft")]
    name_words = [w for w in words if w not in number and w.lower() not in ("m", "ft")]
    name = SENSES.canonical(" ".join(name_words))
    if name is None:
        raise RequestError("unknown {kind} '{value}': allowed are {allowed}",
                           code="unknown_name", kind=Message("sense"), value=text,
                           allowed=SENSES.allowed())
    if not number:
        return name
    value = Fraction(number[0].replace(",", "."))
    if (units[0] if units else unit) == "ft":
        value = value * Fraction(3, 10)
    return f"{name} {Decimal(value.numerator) / Decimal(value.denominator)}"


DEAFENED: NameTable[str] = NameTable("condition", {
    "deafened": ("deafened", ("Taub", "heyrnarlaus")),
})
"""Deafened is not among the conditions of chapter 9's data; on the map it takes the
hearing away (docs/rulings.md, "PF2e: detection")."""


def map_condition(text: str) -> str:
    """A condition of a creature on the map (``blinded``, ``Taub`` …) in English."""
    name = DEAFENED.canonical(text) or CONDITION_NAMES.canonical(text)
    if name is None:
        raise RequestError("unknown condition '{name}': allowed are {allowed}",
                           code="unknown_name", name=text,
                           allowed="deafened (Taub), " + CONDITION_NAMES.allowed())
    return name


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
            creatures.append(Creature(c.name, square(c.at), c.size, reach,
                                      tuple(sense(x, self.unit) for x in c.senses),
                                      tuple(map_condition(x) for x in c.conditions),
                                      c.flying))
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
