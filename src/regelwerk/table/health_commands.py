"""PF2e health at the table: damage through immunities, weaknesses and resistances
into a creature's health, persistent damage, healing, conditions, and a dying
character's heroic recovery or recovery check."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.i18n import normalise_name
from regelwerk.table.combat import need_pf2e
from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.pf2e_turns import TABLE_CONDITIONS, recovery_check, target_of
from regelwerk.table.steps import (
    after_health,
    audience,
    encounter,
    health_change,
    participant,
    take_damage,
)

__all__ = ["gain_conditions"]

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]
HEALTH_CONDITIONS = {normalise_name(name): key for name, key in (
    ("dying", "dying"), ("sterbend", "dying"), ("deyjandi", "dying"),
    ("wounded", "wounded"), ("verwundet", "wounded"), ("særður", "wounded"),
    ("doomed", "doomed"), ("todgeweiht", "doomed"), ("dauðadæmdur", "doomed"))}
"""Conditions of death and dying: they live in the creature's health, where the
rules count them (a doomed creature dies at a lower dying value)."""


class Damage(BaseModel):
    """Damage to a character (game master): an amount or dice, a damage type; through
    its immunities, weaknesses and resistances into its health.  ``persistent``
    adds persistent damage instead, taken at the end of each of its turns."""

    model_config = COMMAND_CONFIG
    character_id: Id
    amount: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = None
    dice: StrictStr | None = Field(None, max_length=40)
    damage_type: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    traits: list[StrictStr] = Field(default_factory=list, max_length=20)
    critical: StrictBool = False
    persistent: StrictBool = False
    avoid_death: StrictBool = Field(False, description=(
        "spend all the target's hero points if the damage would raise dying to the "
        "limit"))


@command("damage", Damage)
def _damage(d: Decision, c: Damage) -> None:
    need_pf2e(d)
    d.need_gm()
    target = d.character(c.character_id)
    if (c.amount is None) == (c.dice is None):
        raise InvalidCommand(d.t("Give either an amount or dice, exactly one."))
    if c.persistent:
        notation = c.dice or str(c.amount)
        mean = d.ask("dice", "distribution", {"expression": notation})["mean"]
        same = [e for e in target["persistent"] if e["type"] == c.damage_type]
        if same and d.ask("dice", "distribution",
                          {"expression": same[0]["dice"]})["mean"] >= mean:
            # the higher of two persistent damages of one type stays (docs/rulings.md)
            raise NotAllowed(d.t("{name} already takes as much persistent {type} damage.",
                                 name=target["name"], type=c.damage_type))
        entries = [e for e in target["persistent"] if e["type"] != c.damage_type]
        entries.append({"dice": notation, "type": c.damage_type})
        d.emit("persistent_changed", {"character_id": c.character_id, "persistent": entries},
               audience(d, c.character_id))
        return
    amount = c.amount
    if c.dice is not None:
        amount = d.roll("pf2e", "damage_roll", {"dice": c.dice, "type": c.damage_type,
                                                "critical": c.critical},
                        d.t("damage {dice}", dice=c.dice))["result"]["total"]
    applied = d.ask("pf2e", "apply_damage", {
        "damage": [{"amount": amount, "type": c.damage_type, "traits": c.traits}],
        "critical": c.critical, "target": target_of(target)})
    answer = take_damage(d, c.character_id, target["health"], applied, c.critical,
                         avoid_death=c.avoid_death)
    kind, payload = health_change(c.character_id, answer, "damage", applied["total"])
    d.emit(kind, payload, audience(d, c.character_id))
    after_health(d, c.character_id, answer)


class Heal(BaseModel):
    """Healing of a character (any member) or a creature (game master)."""

    model_config = COMMAND_CONFIG
    character_id: Id
    amount: Annotated[StrictInt, Field(ge=1, le=1_000_000)]


@command("heal", Heal)
def _heal(d: Decision, c: Heal) -> None:
    need_pf2e(d)
    # a player heals any character they can see (a healer heals others), not creatures
    target = d.character(c.character_id)
    if not d.gm and target["kind"] != "character":
        raise NotAllowed(d.t("Only the game master heals creatures and hazards."))
    answer = d.ask("pf2e", "heal_creature", {"creature": target["health"],
                                             "amount": c.amount})
    kind, payload = health_change(c.character_id, answer, "heal", -c.amount)
    d.emit(kind, payload, audience(d, c.character_id))


def gain_conditions(d: Decision, cid: str, gains: dict[str, int], reason: str) -> None:
    """Gain conditions (the higher value stays; the rules check the names)."""
    character = d.character(cid)
    current = dict(character["conditions"])
    ruled = {n: v for n, v in gains.items() if normalise_name(n) not in TABLE_CONDITIONS}
    if ruled:
        answer = d.ask("pf2e", "conditions", {
            "conditions": [{"name": n, "value": v} for n, v in sorted(current.items())
                           if n not in TABLE_CONDITIONS],
            "gain": [{"name": n, "value": v} for n, v in sorted(ruled.items())]})
        current.update(answer["conditions"])
    for name, value in gains.items():
        key = normalise_name(name)
        if key in TABLE_CONDITIONS:
            current[key] = max(current.get(key, 0), value if TABLE_CONDITIONS[key] else 1)
    d.emit("conditions_changed", {"character_id": cid, "conditions": current,
                                  "reason": reason}, audience(d, cid))


class Condition(BaseModel):
    """Give or remove a condition of any character the member can see; names in
    English, German or Icelandic.  ``quickened_for`` limits a quickened action."""

    model_config = COMMAND_CONFIG
    character_id: Id
    name: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    value: Annotated[StrictInt, Field(ge=1, le=10)] = 1
    remove: StrictBool = False
    quickened_for: list[StrictStr] = Field(default_factory=list, max_length=10)


@command("condition", Condition)
def _condition(d: Decision, c: Condition) -> None:
    need_pf2e(d)
    # a player's action may give a condition to anyone they can see (Demoralize)
    character = d.character(c.character_id)
    health_key = HEALTH_CONDITIONS.get(normalise_name(c.name))
    if health_key is not None:
        _health_condition(d, c, character, health_key)
        return
    if c.remove:
        key = normalise_name(c.name)
        found = next((n for n in character["conditions"] if normalise_name(n) == key), None)
        if found is None:
            answer = d.ask("pf2e", "conditions", {"gain": [{"name": c.name, "value": 1}]}) \
                if key not in TABLE_CONDITIONS else {"conditions": {key: 1}}
            found = next(iter(answer["conditions"]))
            if found not in character["conditions"]:
                raise NotAllowed(d.t("{name} does not have {condition}.",
                                     name=character["name"], condition=c.name))
        left = {n: v for n, v in character["conditions"].items() if n != found}
        d.emit("conditions_changed", {"character_id": c.character_id, "conditions": left,
                                      "reason": "removed"}, audience(d, c.character_id))
        return
    gain_conditions(d, c.character_id, {c.name: c.value}, "gained")
    if c.quickened_for:
        current = d.character(c.character_id)["conditions"]
        d.emit("conditions_changed", {"character_id": c.character_id,
                                      "conditions": current, "reason": "quickened_for",
                                      "quickened_for": c.quickened_for},
               audience(d, c.character_id))


def _health_condition(d: Decision, c: Condition, character: dict[str, Any], key: str) -> None:
    """Dying, wounded or doomed given or taken away, through the rules' conditions of
    death and dying ("Der Zustandswert für Sterbend, bei dem du stirbst, wird um
    deinen Zustandswert für Todgeweiht reduziert.")."""
    change: dict[str, Any] = ({"lose": [key]} if c.remove
                              else {"gain": [{"name": key, "value": c.value}]})
    answer = d.ask("pf2e", "creature_conditions", {"creature": character["health"], **change})
    kind, payload = health_change(c.character_id, answer, "condition")
    d.emit(kind, payload, audience(d, c.character_id))
    after_health(d, c.character_id, answer)


class HeroicRecovery(BaseModel):
    """Heldenhafte Erholung: a dying character spends all its hero points at the start
    of its turn to stabilise at 0 HP."""

    model_config = COMMAND_CONFIG
    character_id: Id


@command("heroic_recovery", HeroicRecovery)
def _heroic_recovery(d: Decision, c: HeroicRecovery) -> None:
    # "kannst du zu Beginn deines Zuges oder wenn dein Zustandswert für Sterbend sich
    # erhöhen würde, alle deine verbleibenden Heldenpunkte ausgeben, um dich bei 0 TP
    # zu stabilisieren."
    need_pf2e(d)
    character = d.own(c.character_id)
    running = encounter(d)
    if running["active"] != c.character_id \
            or not participant(d, c.character_id).get("recovery_pending"):
        raise NotAllowed(d.t("Heroic recovery is spent at the start of the character's "
                             "own turn, before its recovery check."))
    answer = d.ask("pf2e", "heroic_recovery", {"creature": character["health"]})
    if not answer["creature"] != character["health"]:
        raise NotAllowed(d.t("{name} cannot stabilise now (not dying, or no hero points).",
                             name=character["name"]))
    kind, payload = health_change(c.character_id, answer, "heroic_recovery")
    d.emit(kind, payload, audience(d, c.character_id))


class RecoveryCheck(BaseModel):
    """Roll the recovery check the character's player held back to consider heroic
    recovery (it is rolled anyway when the turn ends); ``avoid_death`` spends all
    hero points if the check would raise dying to the limit."""

    model_config = COMMAND_CONFIG
    character_id: Id
    avoid_death: StrictBool = False


@command("recovery_check", RecoveryCheck)
def _recovery_check(d: Decision, c: RecoveryCheck) -> None:
    need_pf2e(d)
    d.own(c.character_id)
    if encounter(d)["active"] != c.character_id \
            or not participant(d, c.character_id).get("recovery_pending"):
        raise NotAllowed(d.t("No recovery check is due for {name}.",
                             name=d.character(c.character_id)["name"]))
    recovery_check(d, c.character_id, avoid_death=c.avoid_death)
