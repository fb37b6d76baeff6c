"""Request fields for creatures, targets and damage instances."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.names import NameTable
from regelwerk.systems.pf2e.damage.damage_types import DAMAGE_TERMS, DAMAGE_TYPES
from regelwerk.systems.pf2e.damage.iwr import DamageInstance, Defence, Target
from regelwerk.systems.pf2e.health.health import Creature

__all__ = ["CreatureFields", "DamageFields", "TargetFields", "creature_json", "term"]

HP = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
Value = Annotated[StrictInt, Field(ge=0, le=10_000)]


def term(text: str, table: NameTable[str] = DAMAGE_TERMS) -> str:
    """A damage term's canonical name; other trait words pass in snake_case."""
    name = table.canonical(text)
    return name if name is not None else text.strip().lower().replace(" ", "_").replace("-", "_")


def _terms(texts: list[str]) -> frozenset[str]:
    return frozenset(term(t) for t in texts)


class DamageFields(BaseModel):
    """One damage instance: ``{amount, type, precision, traits}``."""

    model_config = MODEL_CONFIG
    amount: HP
    type: StrictStr
    precision: HP = 0
    traits: list[StrictStr] = Field(default_factory=list, max_length=20)
    effect: StrictStr | None = Field(None, max_length=80)
    critical_only: HP = 0
    ongoing: StrictBool = False

    def instance(self) -> DamageInstance:
        """The rules' damage instance; the type must be a damage type."""
        kind = DAMAGE_TYPES.canonical(self.type)
        if kind is None:
            raise RequestError("unknown damage type '{type}': allowed are {allowed}",
                               code="unknown_name",
                               type=self.type, allowed=DAMAGE_TYPES.allowed())
        if self.precision > self.amount:
            raise RequestError("precision is the part of amount that is precision damage: "
                               "it cannot exceed amount", code="out_of_range")
        if self.critical_only > self.amount:
            raise RequestError("critical_only is the part of amount that only a critical hit "
                               "grants: it cannot exceed amount", code="out_of_range")
        return DamageInstance(self.amount, kind, self.precision, _terms(self.traits),
                              self.effect, self.critical_only, self.ongoing)


class DefenceFields(BaseModel):
    """A weakness or resistance."""

    model_config = MODEL_CONFIG
    type: StrictStr
    value: Value
    except_: list[StrictStr] = Field(default_factory=list, alias="except", max_length=20)

    def defence(self) -> Defence:
        """The rules' defence."""
        return Defence(term(self.type), self.value, _terms(self.except_))


class TargetFields(BaseModel):
    """What a target is immune, weak and resistant to, and its traits."""

    model_config = MODEL_CONFIG
    immunities: list[StrictStr] = Field(default_factory=list, max_length=50)
    weaknesses: list[DefenceFields] = Field(default_factory=list, max_length=50)
    resistances: list[DefenceFields] = Field(default_factory=list, max_length=50)
    traits: list[StrictStr] = Field(default_factory=list, max_length=50)
    temporary_immunities: list[StrictStr] = Field(default_factory=list, max_length=50)
    hp: HP | None = None
    temp_hp: HP = 0

    def target(self) -> Target:
        """The rules' target."""
        return Target(_terms(self.immunities), tuple(w.defence() for w in self.weaknesses),
                      tuple(r.defence() for r in self.resistances), _terms(self.traits),
                      frozenset(self.temporary_immunities))


class CreatureFields(BaseModel):
    """A creature's health state."""

    model_config = MODEL_CONFIG
    hp: HP
    max_hp: Annotated[StrictInt, Field(ge=1, le=1_000_000)]
    temp_hp: HP = 0
    dying: Annotated[StrictInt, Field(ge=0, le=4)] = 0
    wounded: Annotated[StrictInt, Field(ge=0, le=10)] = 0
    doomed: Annotated[StrictInt, Field(ge=0, le=10)] = 0
    unconscious: StrictBool = False
    dead: StrictBool = False
    hero_points: Annotated[StrictInt, Field(ge=0, le=3)] = 0
    regeneration: StrictBool | Annotated[StrictInt, Field(ge=0, le=10_000)] = False
    regeneration_amount: Value = 0
    regeneration_off: Annotated[StrictInt, Field(ge=0, le=2)] = 0
    regeneration_off_by: list[StrictStr] = Field(default_factory=list, max_length=20)
    fast_healing: Value = 0
    dies_at_zero: StrictBool = False
    traits: list[StrictStr] = Field(default_factory=list, max_length=20)
    wakes_in: Annotated[StrictInt, Field(ge=0, le=10**7)] | None = None

    def creature(self) -> Creature:
        """The rules' creature; ``regeneration`` may be a flag or its amount.  Dying or
        doomed at the limit is not refused: the handlers answer it as a death."""
        if self.hp > self.max_hp:
            raise RequestError("hp cannot exceed max_hp", code="out_of_range")
        if self.dying and self.hp > 0:
            raise RequestError("a dying creature has 0 hp", code="out_of_range")
        amount = self.regeneration_amount
        if not isinstance(self.regeneration, bool):
            amount = amount or self.regeneration
        return Creature(
            self.hp, self.max_hp, self.temp_hp, self.dying, self.wounded, self.doomed,
            self.unconscious, self.dead, self.hero_points, bool(self.regeneration), amount,
            self.regeneration_off, _terms(self.regeneration_off_by), self.fast_healing,
            self.dies_at_zero, _terms(self.traits), self.wakes_in)


def creature_json(creature: Creature) -> dict[str, Any]:
    """The creature as the protocol writes it."""
    data = asdict(creature)
    data["regeneration_off_by"] = sorted(creature.regeneration_off_by)
    data["traits"] = sorted(creature.traits)
    return data
