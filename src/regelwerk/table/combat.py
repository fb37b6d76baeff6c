"""Acting in an encounter: actions spent and checked with the rules' turn planner,
Ready, Strikes with the multiple attack penalty counted per attack and damage
through the target's immunities, weaknesses and resistances, reactions once per
round, and the game master's answer to automation proposals.  Damage, healing
and conditions by command are in ``health_commands``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from regelwerk.i18n import normalise_name
from regelwerk.systems.pf2e.health.creature_model import CreatureFields
from regelwerk.systems.pf2e.turns.economy import Problem
from regelwerk.systems.pf2e.turns.turn_actions import problem_text
from regelwerk.table.checks import condition_modifiers
from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.pf2e_turns import target_of
from regelwerk.table.sheets import canonical_conditions
from regelwerk.table.steps import (
    after_health,
    audience,
    encounter,
    health_change,
    participant,
    take_damage,
)

__all__ = ["emit_spent", "need_pf2e", "spend"]

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Cost = Literal[1, 2, 3, "reaction", "free"]


def need_pf2e(d: Decision) -> None:
    if d.state["system"] != "pf2e":
        raise NotAllowed(d.t("This is automated for PF2e only; the game master notes "
                             "it by hand in other systems."))


def spend(d: Decision, cid: str, step: dict[str, Any]) -> dict[str, Any]:
    """Spend an action, activity, reaction or free action of ``cid``, checked with the
    rules' turn planner against what it has this turn; the multiple attack penalty
    of this step comes back when it is an attack."""
    running = encounter(d)
    p = participant(d, cid)
    on_turn = running["active"] == cid
    if not on_turn and step["cost"] not in ("reaction", "free"):
        raise NotAllowed(d.t("It is not {name}'s turn: only reactions and free actions "
                             "with a trigger are possible.", name=d.character(cid)["name"]))
    if cid in running["delayed"] and step["cost"] == "reaction":
        raise NotAllowed(d.t("A delaying creature cannot use reactions."))
    if step["cost"] == "reaction":
        if p.get("reactions_left", 0) < 1:
            raise NotAllowed(d.t("{name} has no reaction left: a creature has one "
                                 "reaction per round, regained at the start of its turn.",
                                 name=d.character(cid)["name"]))
        return {"penalty": 0, "left": {"reactions_left": p["reactions_left"] - 1}}
    spent = list(p.get("spent", [])) if on_turn else []
    request = dict(p.get("turn_request") or {})
    if request.get("quickened_for") == ["*"]:
        request["quickened_for"] = sorted({s["name"] for s in [*spent, step]})
    answer = d.ask("pf2e", "turn", {"steps": [*spent, step], **request})
    if not answer["valid"]:
        found = answer["problems"][0]
        problem = Problem(found["code"], found["step"], found.get("detail", ""),
                          found.get("needed", 0), found.get("left", 0))
        steps = [*spent, step]
        raise NotAllowed(d.t("{name} cannot do this now: {detail}",
                             name=d.character(cid)["name"],
                             detail=problem_text(problem, steps[problem.step]["name"], d.t)))
    penalties = answer["attack_penalties"]
    return {"penalty": penalties[-1] if penalties and penalties[-1] is not None else 0,
            "left": {"actions_left": answer["actions_left"],
                     "quickened_left": answer["quickened_left"],
                     "reactions_left": answer["reactions_left"]}}


def emit_spent(d: Decision, cid: str, step: dict[str, Any], used: dict[str, Any]) -> None:
    if step["cost"] == "reaction":
        d.emit("reaction_used", {"character_id": cid, "name": step["name"],
                                 "reactions_left": used["left"]["reactions_left"],
                                 "ready_used": bool(step.get("ready"))}, audience(d, cid))
        return
    if encounter(d)["active"] != cid:
        return
    d.emit("actions_spent", {"character_id": cid, "step": step, "left": used["left"]},
           audience(d, cid))


class Act(BaseModel):
    """Spend actions on something the table does not automate (Stride, Interact,
    Cast a Spell …): checked against what the creature has this turn."""

    model_config = COMMAND_CONFIG
    character_id: Id
    name: Annotated[StrictStr, Field(min_length=1, max_length=80)]
    cost: Cost = 1
    traits: list[StrictStr] = Field(default_factory=list, max_length=20)
    trigger: StrictStr | None = Field(None, max_length=120)


LAND_MOVES = {"stride": "stride", "laufen": "stride", "ganga": "stride",
              "step": "step", "schritt": "step", "skref": "step"}
"""Stride and Step by their names in the three languages: both use the land Speed."""


def need_land_speed(d: Decision, character: dict[str, Any], name: str) -> None:
    """Refuse a Stride or Step of a creature whose sheet gives Speeds but no land Speed
    ("Die Aktion Schritt kannst du mit diesen Bewegungsarten ebenfalls nicht
    durchführen"); a sheet without Speeds is not checked (docs/rulings.md, "PF2e: Step
    and Speed")."""
    move = LAND_MOVES.get(normalise_name(name))
    speeds = character.get("sheet", {}).get("speeds") or {}
    if move is None or not speeds or speeds.get("land", 0) > 0:
        return
    if move == "step":
        raise NotAllowed(d.t("{name} has no land Speed, and a Step uses only the land "
                             "Speed: „Die Aktion Schritt kannst du mit diesen "
                             "Bewegungsarten ebenfalls nicht durchführen.“",
                             name=character["name"]))
    raise NotAllowed(d.t("{name} has no land Speed, and a Stride uses only the land Speed: "
                         "„Da du die Aktion Laufen nur mit deiner normalen Bewegungsrate "
                         "am Boden einsetzen kannst“", name=character["name"]))


@command("act", Act)
def _act(d: Decision, c: Act) -> None:
    need_pf2e(d)
    need_land_speed(d, d.own(c.character_id), c.name)
    step: dict[str, Any] = {"name": c.name, "cost": c.cost, "traits": c.traits}
    if c.trigger:
        step["trigger"] = c.trigger
    emit_spent(d, c.character_id, step, spend(d, c.character_id, step))


class Ready(BaseModel):
    """Ready (Vorbereiten, 2 actions): name an action and its trigger; it is then
    used as the creature's reaction (``act`` or ``strike`` with ``ready``)."""

    model_config = COMMAND_CONFIG
    character_id: Id
    action: Annotated[StrictStr, Field(min_length=1, max_length=80)]
    trigger: Annotated[StrictStr, Field(min_length=1, max_length=120)]


@command("ready", Ready)
def _ready(d: Decision, c: Ready) -> None:
    need_pf2e(d)
    d.own(c.character_id)
    step = {"name": "Ready", "cost": 2, "traits": ["concentrate"]}
    emit_spent(d, c.character_id, step, spend(d, c.character_id, step))
    d.emit("readied", {"character_id": c.character_id, "action": c.action,
                       "trigger": c.trigger}, audience(d, c.character_id))


class Strike(BaseModel):
    """A Strike with one of the sheet's Strikes against a participant's AC: the
    multiple attack penalty counts by itself; on a hit the damage is rolled and goes
    through the target's immunities, weaknesses and resistances into its health."""

    model_config = COMMAND_CONFIG
    character_id: Id
    target_id: Id
    strike: Annotated[StrictStr, Field(min_length=1, max_length=60)]
    modifiers: list[dict[str, Any]] = Field(default_factory=list, max_length=20)
    reaction: StrictBool = Field(False, description="as a reaction (e.g. a readied Strike)")
    ready: StrictBool = False
    avoid_death: StrictBool = Field(False, description=(
        "the target spends all its hero points if the damage would raise dying to "
        "the limit"))


def _strike_of(d: Decision, character: dict[str, Any], name: str) -> dict[str, Any]:
    for strike in character["sheet"].get("strikes", []):
        if normalise_name(strike["name"]) == normalise_name(name):
            found: dict[str, Any] = strike
            return found
    names = ", ".join(s["name"] for s in character["sheet"].get("strikes", [])) or "-"
    raise InvalidCommand(d.t("{name} has no Strike {strike}: allowed are {allowed}.",
                             name=character["name"], strike=name, allowed=names))


def _agile(strike: dict[str, Any]) -> bool:
    return any(normalise_name(t) in ("agile", "agil") for t in strike["traits"])


def _ranged(strike: dict[str, Any]) -> bool:
    return any(normalise_name(t).startswith(("ranged", "fernkampf", "thrown", "wurf"))
               for t in strike["traits"])


@command("strike", Strike)
def _strike(d: Decision, c: Strike) -> None:
    need_pf2e(d)
    attacker = d.own(c.character_id)
    target = d.character(c.target_id)
    participant(d, c.target_id)
    strike = _strike_of(d, attacker, c.strike)
    if target["health"].get("dead"):
        raise NotAllowed(d.t("{name} is dead.", name=target["name"]))
    cost: Cost = "reaction" if c.reaction or c.ready else 1
    step: dict[str, Any] = {"name": "Strike", "cost": cost, "traits": ["attack"]}
    if c.ready:
        if not participant(d, c.character_id).get("ready"):
            raise NotAllowed(d.t("{name} has readied nothing.", name=attacker["name"]))
        step["ready"] = True
    used = spend(d, c.character_id, step)
    p = participant(d, c.character_id)
    attacks = p.get("attacks", 0) + (0 if cost == "reaction" else 1)
    penalty = d.ask("pf2e", "multiple_attack_penalty", {
        "attack_number": max(attacks, 1), "agile": _agile(strike),
        "reaction": cost == "reaction" and encounter(d)["active"] != c.character_id})
    kind = "ranged_attack" if _ranged(strike) else "melee_attack"
    modifiers = [{"value": strike["modifier"], "type": "untyped", "label": strike["name"]},
                 *condition_modifiers(d, attacker, kind), *c.modifiers]
    if penalty["penalty"]:
        modifiers.append({"value": penalty["penalty"], "type": "untyped",
                          "label": "multiple attack penalty"})
    ac = target["sheet"]["ac"] + sum(m["value"] for m in _stacked(
        d, condition_modifiers(d, target, "ac")))
    check = d.roll("pf2e", "check", {"modifiers": modifiers, "dc": ac},
                   d.t("Strike {name}", name=strike["name"]))["result"]
    degree = check["degree"]
    answer = None
    if degree in ("success", "critical_success"):
        damage = d.roll("pf2e", "damage_roll", {
            "dice": strike["damage"], "type": strike["type"],
            "critical": degree == "critical_success",
            "modifiers": condition_modifiers(d, attacker, "damage")},
            d.t("damage {dice}", dice=strike["damage"]))["result"]
        applied = d.ask("pf2e", "apply_damage", {
            "damage": [{"amount": damage["total"], "type": strike["type"],
                        "traits": strike["traits"]}],
            "critical": degree == "critical_success", "target": target_of(target)})
        answer = take_damage(d, c.target_id, target["health"], applied,
                             degree == "critical_success", avoid_death=c.avoid_death)
    who = audience(d, c.character_id, c.target_id)
    d.emit("strike_rolled", {"character_id": c.character_id, "target_id": c.target_id,
                             "strike": strike["name"], "degree": degree,
                             "attack_number": attacks, "penalty": penalty["penalty"]}, who)
    emit_spent(d, c.character_id, step, {"left": {**used["left"], "attacks": attacks}})
    if answer is not None:
        kind_, payload = health_change(c.target_id, answer, "strike", answer_amount(answer,
                                                                                    target))
        d.emit(kind_, payload, who)
        after_health(d, c.target_id, answer)


def answer_amount(answer: dict[str, Any], before: dict[str, Any]) -> int:
    """Hit points and temporary hit points lost."""
    old, new = before["health"], answer["creature"]
    return int(old["hp"] + old.get("temp_hp", 0) - new["hp"] - new.get("temp_hp", 0))


def _stacked(d: Decision, modifiers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if not modifiers:
        return []
    applied: list[dict[str, Any]] = d.ask("pf2e", "total_modifier",
                                          {"modifiers": modifiers})["applied"]
    return applied


class Resolve(BaseModel):
    """Answer an automation proposal (game master): confirm it, or override it with
    your own health, conditions or persistent damage for the character (or with
    nothing, to skip the step)."""

    model_config = COMMAND_CONFIG
    proposal_id: Id
    confirm: StrictBool = True
    health: dict[str, Any] | None = None
    conditions: dict[StrictStr, Annotated[StrictInt, Field(ge=1, le=10)]] | None = None
    persistent: list[dict[str, StrictStr]] | None = None


@command("resolve_proposal", Resolve)
def _resolve(d: Decision, c: Resolve) -> None:
    d.need_gm()
    proposal = next((p for p in encounter(d)["proposals"] if p["id"] == c.proposal_id),
                    None)
    if proposal is None:
        raise InvalidCommand(d.t("There is no open proposal {id}.", id=c.proposal_id))
    cid = proposal["character_id"]
    overridden = not c.confirm or any(v is not None for v in
                                       (c.health, c.conditions, c.persistent))
    d.emit("proposal_resolved", {"proposal_id": c.proposal_id, "confirmed": not overridden,
                                 "step": proposal["step"], "character_id": cid}, ("gm",))
    who = audience(d, cid)
    if not overridden:
        for change in proposal["changes"]:
            d.emit(change["kind"], {**change["payload"], "step": proposal["step"],
                                    "proposal": c.proposal_id}, who)
        return
    if c.health is not None:
        fields = CreatureFields.model_validate(c.health)
        fields.creature()
        d.emit("health_changed", {"character_id": cid, "health": fields.model_dump(
            mode="json"), "events": [], "reason": "override", "proposal": c.proposal_id}, who)
    if c.conditions is not None:
        conditions = canonical_conditions(dict(c.conditions)) if c.conditions else {}
        d.emit("conditions_changed", {"character_id": cid, "conditions": conditions,
                                      "reason": "override", "proposal": c.proposal_id}, who)
    if c.persistent is not None:
        for entry in c.persistent:
            if set(entry) != {"dice", "type"}:
                raise InvalidCommand(d.t("Persistent damage is a list of entries with dice "
                                         "and type."))
            d.ask("dice", "distribution", {"expression": entry["dice"]})
        d.emit("persistent_changed", {"character_id": cid, "persistent": c.persistent,
                                      "reason": "override", "proposal": c.proposal_id}, who)
