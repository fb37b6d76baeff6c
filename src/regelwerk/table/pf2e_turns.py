"""PF2e: what happens at the start and the end of a creature's turn.

Start (in this order, docs/rulings.md "Table: order of start-of-turn steps"):
effects counting on this creature's turn start tick down and expire, fast
healing and regeneration, a dying creature's recovery check; then its actions
and reaction: "Mit Beginn seines Zuges erhält ein Beteiligter eine gewisse Anzahl
von Aktionen (bei SC und anderen Kreaturen üblicherweise 3), sowie eine Reaktion"
(less for slowed and stunned, more when quickened, none when it cannot act).

End: persistent damage through the creature's immunities, weaknesses and
resistances, then the DC 15 flat check ("Stattdessen nimmst du den angegebenen
Schaden jeweils am Ende deines Zuges. Danach kannst du einen Einfachen Wurf gegen
SG 15 ablegen"); effects "until the end of its next turn" and sustained effects
not sustained end; frightened drops by 1; regeneration switched off counts down.
"""

from __future__ import annotations

from typing import Any

from regelwerk.systems.pf2e.health.creature_model import TargetFields
from regelwerk.table.decide import Decision
from regelwerk.table.effects import tick
from regelwerk.table.sheets import TABLE_CONDITIONS
from regelwerk.table.steps import (
    Change,
    after_health,
    audience,
    dying_kills,
    health_change,
    run_step,
    take_damage,
)

__all__ = ["CANNOT_ACT", "TABLE_CONDITIONS", "budget_request", "end_of_turn", "recovery_check",
           "start_of_turn", "target_of"]

CANNOT_ACT = ("unconscious", "paralyzed", "petrified")


def target_of(character: dict[str, Any]) -> dict[str, Any]:
    """The protocol's target fields of a character: its defences and hit points."""
    sheet = character.get("sheet", {})
    health = character["health"]
    data = TargetFields.model_validate({
        "immunities": sheet.get("immunities", []), "traits": sheet.get("traits", []),
        "weaknesses": sheet.get("weaknesses", []),
        "resistances": sheet.get("resistances", []),
        "hp": health["hp"], "temp_hp": health.get("temp_hp", 0)})
    return data.model_dump(mode="json", by_alias=True)


def budget_request(character: dict[str, Any]) -> dict[str, Any]:
    """The ``turn`` request fields that make this creature's budget."""
    conditions = character.get("conditions", {})
    health = character["health"]
    cannot_act = bool(health.get("dead") or health.get("unconscious")
                      or any(c in conditions for c in CANNOT_ACT))
    quickened_for: list[str] = []
    if "quickened" in conditions:
        quickened_for = list(character.get("quickened_for") or ["*"])
    return {"slowed": int(conditions.get("slowed", 0)),
            "stunned": int(conditions.get("stunned", 0)), "cannot_act": cannot_act,
            "quickened_for": quickened_for}


def _budget(d: Decision, cid: str) -> tuple[dict[str, Any], list[Change]]:
    character = d.character(cid)
    request = budget_request(character)
    answer = d.ask("pf2e", "turn", {"steps": [], **request})
    budget = {"actions": answer["actions"], "quickened": answer["quickened"],
              "reactions": answer["reactions"], "actions_left": answer["actions_left"],
              "quickened_left": answer["quickened_left"],
              "reactions_left": answer["reactions_left"], "turn_request": request}
    changes: list[Change] = []
    stunned = request["stunned"]
    if stunned and not request["cannot_act"]:
        # "Stunned" lowers by the actions it took away (Core Rulebook, conditions)
        unstunned = d.ask("pf2e", "turn", {"steps": [], **dict(request, stunned=0)})
        lost = (unstunned["actions"] + unstunned["quickened"]
                - answer["actions"] - answer["quickened"])
        conditions = dict(character["conditions"])
        left = stunned - lost
        if left > 0:
            conditions["stunned"] = left
        else:
            conditions.pop("stunned", None)
        changes.append(("conditions_changed", {"character_id": cid, "conditions": conditions,
                                               "reason": "stunned"}))
    return budget, changes


def start_of_turn(d: Decision, cid: str, position: int) -> None:
    """Run the start of ``cid``'s turn and emit ``turn_started``."""
    run_step(d, "start_of_turn", cid, tick(d, "start", cid))
    character = d.character(cid)
    changes: list[Change] = []
    health = character["health"]
    turn = d.ask("pf2e", "creature_turn", {"creature": health, "moment": "start"})
    if turn["creature"] != health:
        changes.append(health_change(cid, turn, "start_of_turn"))
        health = turn["creature"]
    run_step(d, "start_of_turn", cid, changes)
    pending = False
    if health.get("dying"):
        if health.get("hero_points") and character["kind"] == "character":
            # the player may spend hero points first (docs/rulings.md, "Table: heroic
            # recovery")
            pending = True
        else:
            recovery_check(d, cid)
    budget, stun = _budget(d, cid)
    budget["recovery_pending"] = pending
    run_step(d, "start_of_turn", cid, stun)
    d.emit("turn_started", {"character_id": cid, "round": d.now["encounter"]["round"],
                            "position": position, "budget": budget}, audience(d, cid))


def recovery_check(d: Decision, cid: str, *, avoid_death: bool = False) -> None:
    """A dying creature's recovery check: "Dieser Wurf heißt Erholungswurf und der SG
    ist gleich 10 + dein aktueller Zustandswert für Sterbend."  ``avoid_death``: when
    the failed check would raise dying to the limit, all hero points are spent
    instead ("Gib alle deine verbleibenden Heldenpunkte aus (mindestens 1), um den
    Tod zu vermeiden."); the roll stays recorded as rolled."""
    health = d.character(cid)["health"]
    check = d.roll("pf2e", "recovery_check", {"creature": health}, "recovery check")
    result = check["result"]
    if avoid_death and dying_kills(result) and health.get("hero_points", 0) >= 1:
        saved = d.ask("pf2e", "heroic_recovery", {"creature": health})
        change = health_change(cid, {"creature": saved["creature"],
                                     "events": saved["events"]}, "avoid_death")
        change[1]["avoided"] = result["events"]
        run_step(d, "recovery_check", cid, [change])
        return
    run_step(d, "recovery_check", cid, [health_change(cid, result, "recovery_check")])


def _persistent(d: Decision, cid: str, avoid_death: bool) -> None:
    character = d.character(cid)
    entries = list(character.get("persistent", []))
    if not entries:
        return
    health = character["health"]
    changes: list[Change] = []
    left: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    for entry in entries:
        record = d.roll("pf2e", "persistent_damage",
                        {"dice": entry["dice"], "type": entry["type"]},
                        f"persistent {entry['type']} {entry['dice']}")
        # the flat check's odds come with the answer; the damage's distribution too
        record["odds"] = d.ask("dice", "distribution",
                               {"expression": entry["dice"]})["distribution"]
        rolled = record["result"]
        target = target_of(dict(character, health=health))
        applied = d.ask("pf2e", "apply_damage", {
            "damage": [{"amount": rolled["damage"], "type": entry["type"],
                        "traits": ["persistent"]}], "target": target})
        taken = take_damage(d, cid, health, applied, avoid_death=avoid_death)
        health = taken["creature"]
        last = taken
        changes.append(health_change(cid, taken, "persistent_damage", applied["total"]))
        if not rolled["ended"]:
            left.append(entry)
    if left != entries:
        changes.append(("persistent_changed", {"character_id": cid, "persistent": left}))
    run_step(d, "persistent_damage", cid, changes)
    if last is not None:
        after_health(d, cid, last)


def end_of_turn(d: Decision, cid: str, *, avoid_death: bool = False) -> None:
    """Run the end of ``cid``'s turn (before ``turn_ended``); ``avoid_death``: hero
    points are spent if persistent damage would raise dying to the limit."""
    _persistent(d, cid, avoid_death)
    run_step(d, "end_of_turn", cid, tick(d, "end", cid))
    character = d.character(cid)
    changes: list[Change] = []
    conditions = dict(d.character(cid)["conditions"])
    if conditions.get("frightened"):
        # "At the end of each of your turns, the value of your frightened condition
        # decreases by 1." (Core Rulebook, conditions; docs/rulings.md)
        if conditions["frightened"] > 1:
            conditions["frightened"] -= 1
        else:
            del conditions["frightened"]
        changes.append(("conditions_changed", {"character_id": cid,
                                               "conditions": conditions,
                                               "reason": "frightened"}))
    turn = d.ask("pf2e", "creature_turn", {"creature": character["health"], "moment": "end"})
    if turn["creature"] != character["health"]:
        changes.append(health_change(cid, turn, "end_of_turn"))
    run_step(d, "end_of_turn", cid, changes)
