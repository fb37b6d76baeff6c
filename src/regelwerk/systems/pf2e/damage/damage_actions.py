"""Protocol handlers of pf2e damage: rolls, IWR, Strike damage odds, objects."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.errors import RequestError
from regelwerk.i18n import Translator
from regelwerk.i18n.terms import term as term_label
from regelwerk.protocol.fields import MODEL_CONFIG
from regelwerk.protocol.registry import Context
from regelwerk.systems.pf2e.checks.attacks import multiple_attack_penalty
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.damage.damage_roll import (
    AttackKind,
    DamageSpec,
    ability_damage,
    damage_distribution,
    roll_damage,
)
from regelwerk.systems.pf2e.damage.damage_types import DAMAGE_TYPES, attack_traits
from regelwerk.systems.pf2e.damage.iwr import Applied, apply_damage
from regelwerk.systems.pf2e.damage.objects import Item, damage_item
from regelwerk.systems.pf2e.damage.strike_odds import strike_odds, turn_odds
from regelwerk.systems.pf2e.health.creature_model import DamageFields, TargetFields, term
from regelwerk.systems.pf2e.model import (
    ModifierFields,
    RolledFields,
    stacked_json,
)

__all__ = ["iwr_json"]

Notation = Annotated[StrictStr, Field(max_length=200)]


class DamageRollRequest(BaseModel):
    """A damage roll."""

    model_config = MODEL_CONFIG
    dice: Notation
    modifiers: list[ModifierFields] = Field(default_factory=list, max_length=50)
    precision: Notation | None = None
    critical: StrictBool = False
    roll_twice: StrictBool = False
    critical_extra: Notation | None = None
    attack: Literal["melee", "unarmed", "thrown", "propulsive", "ranged", "spell"] | None = None
    strength: Annotated[StrictInt, Field(ge=-5, le=15)] | None = None
    type: StrictStr | None = None

    def spec(self) -> DamageSpec:
        """The rules' damage roll, Strength added by the kind of attack."""
        modifiers = [m.modifier() for m in self.modifiers]
        if self.attack is not None:
            if self.strength is None and self.attack in ("melee", "unarmed", "thrown",
                                                         "propulsive"):
                raise RequestError("a {attack} attack adds Strength: give 'strength'",
                                   code="missing_field", attack=self.attack)
            kind: AttackKind = self.attack
            added = ability_damage(kind, self.strength or 0)
            if added is not None:
                modifiers.insert(0, added)
        return DamageSpec(self.dice, tuple(modifiers), self.precision, self.critical,
                          self.roll_twice, self.critical_extra)


def damage_roll_action(request: DamageRollRequest, context: Context) -> dict[str, Any]:
    """Roll damage; its exact distribution and mean come along."""
    spec = request.spec()
    rolled = roll_damage(spec, context.source)
    response: dict[str, Any] = {
        "total": rolled.total, "faces": list(rolled.faces), "precision": rolled.precision,
        "critical_only": rolled.critical_only, "critical": spec.critical,
        **stacked_json(spec.stacked, context.t),
    }
    if request.type is not None:
        response["type"] = term(request.type, DAMAGE_TYPES)
    if context.odds_omitted is not None:
        response["odds_omitted"] = context.odds_omitted
        response["text"] = context.t("Damage {total}", total=rolled.total)
        return response
    dist = damage_distribution(spec)
    mean = float(dist.mean())
    response["distribution"] = [[v, float(p)] for v, p in dist.items()]
    response["mean"] = mean
    shown = context.t.number(float(f"{mean:.4g}"))
    response["text"] = context.t("Damage {total} (mean {mean})", total=rolled.total,
                                 mean=shown)
    return response


def _step_text(t: Translator, kind: str, what: str, value: int) -> str:
    what = term_label(t, what)
    labels = {
        "no_effect": t("no effect: {what}", what=what),
        "temporary_immunity": t("temporarily immune to {what}", what=what),
        "immunity": t("immune to {what}", what=what),
        "critical_immunity": t("immune to critical hits: normal damage"),
        "precision_immunity": t("immune to precision damage: that part is ignored"),
        "weakness": t("weakness {what} {value}", what=what, value=value),
        "resistance": t("resistance {what} {value}", what=what, value=value),
        "ignored_weakness": t("weakness {what} {value} ignored: only the highest counts",
                              what=what, value=value),
        "ignored_resistance": t("resistance {what} {value} ignored: only the highest counts",
                                what=what, value=value),
    }
    return labels[kind]


def iwr_json(applied: Applied, t: Translator) -> dict[str, Any]:
    """One instance after IWR, with each step and its explanation."""
    return {
        "type": applied.instance.type, "amount_before": applied.instance.amount,
        "amount": applied.amount, "parts": applied.parts,
        "steps": [{"kind": s.kind, "term": s.term, "value": s.value, "amount": s.amount,
                   "text": _step_text(t, s.kind, s.term, s.value)} for s in applied.steps],
    }


class ApplyDamageRequest(BaseModel):
    """Damage instances against a target's immunities, weaknesses and resistances."""

    model_config = MODEL_CONFIG
    damage: list[DamageFields] = Field(min_length=1, max_length=50)
    critical: StrictBool = False
    target: TargetFields


def apply_damage_action(request: ApplyDamageRequest, context: Context) -> dict[str, Any]:
    """Immunities, then the highest weakness, then the highest resistance, per instance."""
    applied = apply_damage([d.instance() for d in request.damage], request.target.target(),
                           request.critical)
    total = sum(a.amount for a in applied)
    traits = attack_traits((a.instance.type for a in applied),
                           (t for a in applied for t in a.instance.traits))
    return {"total": total, "instances": [iwr_json(a, context.t) for a in applied],
            "attack_traits": traits,
            "text": context.t("Damage taken: {total}", total=total)}


class StrikeDamageFields(BaseModel):
    """The damage of a Strike that hits."""

    model_config = MODEL_CONFIG
    dice: Notation
    modifiers: list[ModifierFields] = Field(default_factory=list, max_length=50)
    precision: Notation | None = None
    critical_extra: Notation | None = None
    roll_twice: StrictBool = False
    type: StrictStr
    traits: list[StrictStr] = Field(default_factory=list, max_length=20)


class StrikeFields(BaseModel):
    """One Strike of the turn."""

    model_config = MODEL_CONFIG
    agile: StrictBool = False


class StrikeDamageRequest(RolledFields):
    """The exact damage of one or more Strikes against a target."""

    ac: Annotated[StrictInt, Field(ge=-100, le=200)]
    damage: StrikeDamageFields
    target: TargetFields = Field(default_factory=TargetFields)
    strikes: list[StrikeFields] = Field(default_factory=lambda: [StrikeFields()],
                                        min_length=1, max_length=6)
    fortune: StrictBool = False
    misfortune: StrictBool = False


def strike_damage_action(request: StrikeDamageRequest, context: Context) -> dict[str, Any]:
    """The distribution of the damage dealt, and the chance to bring the target to 0 HP."""
    kind = DAMAGE_TYPES.canonical(request.damage.type)
    if kind is None:
        raise RequestError("unknown damage type '{type}': allowed are {allowed}",
                           code="unknown_name",
                           type=request.damage.type, allowed=DAMAGE_TYPES.allowed())
    d = request.damage
    spec = DamageSpec(d.dice, tuple(m.modifier() for m in d.modifiers), d.precision, False,
                      d.roll_twice, d.critical_extra)
    traits = frozenset(term(x) for x in d.traits)
    target = request.target.target()
    base = request.total()
    odds = [strike_odds(Check(base + multiple_attack_penalty(i, s.agile), request.ac,
                              request.fortune, request.misfortune), spec, kind, traits, target)
            for i, s in enumerate(request.strikes, 1)]
    total = turn_odds(odds)
    response: dict[str, Any] = {
        "strikes": [{"probabilities": {g.key: float(p) for g, p in o.degrees.items()},
                     "mean": float(o.damage.mean())} for o in odds],
        "distribution": [[v, float(p)] for v, p in total.items()],
        "mean": float(total.mean()),
    }
    t = context.t
    shown = t.number(float(f"{float(total.mean()):.4g}"))
    if request.target.hp is not None:
        needed = request.target.hp + request.target.temp_hp
        chance = total.at_least(needed) if needed > 0 else 1
        response["probability_zero_hp"] = float(chance)
        response["text"] = t("Mean damage {mean}; chance to bring the target to 0 HP {chance}",
                             mean=shown, chance=t.percent(float(chance)))
    else:
        response["text"] = t("Mean damage {mean}", mean=shown)
    return response


class ObjectFields(BaseModel):
    """An object's hit points, hardness and broken threshold."""

    model_config = MODEL_CONFIG
    hp: Annotated[StrictInt, Field(ge=0, le=1_000_000)]
    max_hp: Annotated[StrictInt, Field(ge=1, le=1_000_000)]
    hardness: Annotated[StrictInt, Field(ge=0, le=1000)] = 0
    broken_threshold: Annotated[StrictInt, Field(ge=0, le=1_000_000)] = 0


class DamageObjectRequest(BaseModel):
    """Damage to an object."""

    model_config = MODEL_CONFIG
    object: ObjectFields
    amount: Annotated[StrictInt, Field(ge=0, le=1_000_000)]


def damage_object_action(request: DamageObjectRequest, context: Context) -> dict[str, Any]:
    """Hardness first; broken at the threshold, destroyed at 0 HP."""
    o = request.object
    item, taken = damage_item(Item(o.hp, o.max_hp, o.hardness, o.broken_threshold),
                              request.amount)
    return {"object": {"hp": item.hp, "max_hp": item.max_hp, "hardness": item.hardness,
                       "broken_threshold": item.broken_threshold},
            "taken": taken, "broken": item.broken, "destroyed": item.destroyed,
            "text": context.t("The object takes {taken} damage: {hp} HP left",
                              taken=taken, hp=item.hp)}
