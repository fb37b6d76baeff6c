"""Encounters: initiative, rounds and turns, the game master's order, Delay.

PF2e initiative is a Perception check or a named skill ("Manchmal legst du aber
auch einen Fertigkeitswurf ab anstelle eines Wahrnehmungswurfs, um deine
Initiative zu bestimmen"); 5e initiative is a Dexterity check (with its advantage
and Lucky); in W6 the game master sets the order.  Equal results are ordered by
the table's ``initiative_ties`` rule (docs/rulings.md, "Table: initiative ties");
the game master may reorder at any time.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, StrictBool, StrictStr

from regelwerk.table import (  # noqa: F401  (they register)
    combat,
    effects,
    health_commands,
    wake_commands,
)
from regelwerk.table.checks import condition_modifiers, dnd5e_odds, pf2e_modifier
from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.pf2e_turns import end_of_turn, recovery_check, start_of_turn
from regelwerk.table.state import next_id
from regelwerk.table.steps import audience, encounter, participant

__all__ = ["Entrant", "order_by_initiative", "participant_record", "roll_initiative"]

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]


class Entrant(BaseModel):
    """A participant: a character, creature or hazard, and what it rolls for
    initiative (PF2e: ``perception`` or a skill; 5e: advantage or disadvantage)."""

    model_config = COMMAND_CONFIG
    character_id: Id
    statistic: Annotated[StrictStr, Field(min_length=1, max_length=60)] = "perception"
    advantage: Annotated[int, Field(ge=0, le=10)] = 0
    disadvantage: Annotated[int, Field(ge=0, le=10)] = 0


class StartEncounter(BaseModel):
    """Start an encounter (game master): everyone rolls initiative (in W6 the game
    master gives the ``order``); the first round begins."""

    model_config = COMMAND_CONFIG
    participants: list[Entrant] = Field(min_length=1, max_length=60)
    order: list[Id] | None = Field(None, description="W6: the order the game master sets")


def order_by_initiative(rows: list[dict[str, Any]], rule: str) -> list[str]:
    """Highest result first; ties by ``rule`` (foes_first, characters_first,
    modifier, given_order), then in the order given."""
    def key(row: dict[str, Any]) -> tuple[int, int, int]:
        tie = {"foes_first": 0 if row["foe"] else 1,
               "characters_first": 1 if row["foe"] else 0,
               "modifier": -row["modifier"]}.get(rule, 0)
        return (-row["initiative"], tie, row["index"])
    return [row["character_id"] for row in sorted(rows, key=key)]


def participant_record(row: dict[str, Any]) -> dict[str, Any]:
    """A participant's record in the encounter, from its initiative row."""
    return {"initiative": row["initiative"], "modifier": row["modifier"],
            "statistic": row["statistic"], "foe": row["foe"], "actions": 0, "quickened": 0,
            "reactions": 0, "actions_left": 0, "quickened_left": 0, "reactions_left": 0,
            "spent": [], "attacks": 0, "ready": None, "turns": 0, "suspended": False}


def roll_initiative(d: Decision, entrant: Entrant, character: dict[str, Any],
                     index: int) -> dict[str, Any]:
    system = d.state["system"]
    row = {"character_id": entrant.character_id, "index": index,
           "statistic": entrant.statistic, "foe": character["kind"] != "character"}
    if system == "pf2e":
        base, tag = pf2e_modifier(d, character, entrant.statistic)
        extra = condition_modifiers(d, character, tag)
        modifier = base + (d.ask("pf2e", "total_modifier", {"modifiers": extra})["total"]
                           if extra else 0)
        record = d.roll("dice", "roll", {"expression": f"1d20{modifier:+d}"},
                        f"initiative {character['name']}")
        row.update(initiative=record["result"]["total"], modifier=modifier)
        return row
    sheet = character["sheet"]
    record = d.roll("dnd5e", "check", {
        "score": sheet["scores"]["dexterity"], "ability": "dexterity",
        "advantage": entrant.advantage, "disadvantage": entrant.disadvantage,
        "lucky": sheet["lucky"]}, f"initiative {character['name']}")
    record["odds"] = dnd5e_odds(record)
    row.update(initiative=record["result"]["total"], modifier=sheet["scores"]["dexterity"])
    return row


@command("start_encounter", StartEncounter)
def _start(d: Decision, c: StartEncounter) -> None:
    d.need_gm()
    if d.state["encounter"] is not None:
        raise NotAllowed(d.t("An encounter is already running; end it first."))
    ids = [e.character_id for e in c.participants]
    if len(set(ids)) != len(ids):
        raise InvalidCommand(d.t("Each character takes part once."))
    characters = {cid: d.character(cid) for cid in ids}
    rows: list[dict[str, Any]] = []
    if d.state["system"] == "w6":
        if c.order is None or sorted(c.order) != sorted(ids):
            raise InvalidCommand(d.t("In W6 the game master sets the order: give 'order' "
                                     "with every participant once."))
        order = list(c.order)
        rows = [{"character_id": cid, "index": i, "statistic": "", "initiative": None,
                 "modifier": 0, "foe": characters[cid]["kind"] != "character"}
                for i, cid in enumerate(order)]
    else:
        visible: list[dict[str, Any]] = []
        for index, entrant in enumerate(c.participants):
            character = characters[entrant.character_id]
            if character["hidden"]:
                rows.append(roll_initiative(d, entrant, character, index))
                d.emit("initiative_rolled", {"character_id": entrant.character_id,
                                             "initiative": rows[-1]["initiative"]}, ("gm",))
            else:
                visible.append({"entrant": entrant, "index": index})
        for item in visible:
            entrant = item["entrant"]
            rows.append(roll_initiative(d, entrant, characters[entrant.character_id],
                                         item["index"]))
        order = order_by_initiative(rows, d.state["settings"].get("initiative_ties",
                                                                  "foes_first"))
    running = {"id": next_id(d.state, "encounter", "e"), "round": 0, "active": None,
               "position": -1, "order": order, "delayed": [], "effects": [],
               "proposals": [],
               "participants": {row["character_id"]: participant_record(row) for row in rows}}
    d.emit("encounter_started", {"encounter": running})
    advance(d)


def advance(d: Decision) -> None:
    """The next creature's turn begins (a new round after the last)."""
    running = encounter(d)
    living = [c for c in running["order"] if not _dead(d, c)]
    if not living:
        return
    position = running["position"] + 1
    while True:
        if position >= len(running["order"]) or running["round"] == 0:
            d.emit("round_started", {"round": running["round"] + 1})
            running = encounter(d)
            position = 0
        if not _dead(d, running["order"][position]):
            break
        # the dead take no turns (docs/rulings.md, "Table: the dead take no turns")
        position += 1
    cid = running["order"][position]
    if encounter(d)["participants"][cid].get("suspended"):
        d.emit("turn_started", {"character_id": cid, "round": encounter(d)["round"],
                                "position": position, "resumed": True}, audience(d, cid))
        return
    if d.state["system"] == "pf2e":
        start_of_turn(d, cid, position)
        return
    d.emit("turn_started", {"character_id": cid, "round": encounter(d)["round"],
                            "position": position, "budget": {}}, audience(d, cid))


def _dead(d: Decision, cid: str) -> bool:
    return bool(d.now["characters"][cid]["health"].get("dead"))


class EndTurn(BaseModel):
    """End the running turn (game master, or the player whose creature it is); the
    end-of-turn steps run, then the next creature's turn begins."""

    model_config = COMMAND_CONFIG
    character_id: Id | None = Field(None, description="whose turn ends (checked if given)")
    avoid_death: StrictBool = Field(False, description=(
        "spend all hero points if the held-back recovery check or persistent damage "
        "would raise dying to the limit"))


def _active(d: Decision, expected: str | None) -> str:
    running = encounter(d)
    cid = running["active"]
    if cid is None:
        raise NotAllowed(d.t("No turn is running."))
    if expected is not None and expected != cid:
        raise NotAllowed(d.t("It is not {name}'s turn.", name=d.character(expected)["name"]))
    d.own(cid)
    return str(cid)


@command("end_turn", EndTurn)
def _end_turn(d: Decision, c: EndTurn) -> None:
    cid = _active(d, c.character_id)
    if d.state["system"] == "pf2e":
        if participant(d, cid).get("recovery_pending"):
            recovery_check(d, cid, avoid_death=c.avoid_death)
        end_of_turn(d, cid, avoid_death=c.avoid_death)
    d.emit("turn_ended", {"character_id": cid}, audience(d, cid))
    advance(d)


class Delay(BaseModel):
    """Delay (Verzögern) at the start of the creature's turn, before it acts: it leaves
    the order and returns later with ``resume``."""

    model_config = COMMAND_CONFIG
    character_id: Id


@command("delay", Delay)
def _delay(d: Decision, c: Delay) -> None:
    cid = _active(d, c.character_id)
    if participant(d, cid).get("spent"):
        raise NotAllowed(d.t("Delay is chosen when the turn begins, before acting."))
    if d.state["system"] == "pf2e":
        # negative effects of the turn's end happen now (docs/rulings.md, "Table: Delay")
        end_of_turn(d, cid)
    running = encounter(d)
    order = [x for x in running["order"] if x != cid]
    d.emit("delayed", {"character_id": cid, "order": order,
                       "position": running["order"].index(cid) - 1}, audience(d, cid))
    advance(d)


class Resume(Delay):
    """Return from Delay when a turn has ended, before the next creature acts: the
    creature's initiative is now just before that creature."""


@command("resume", Resume)
def _resume(d: Decision, c: Resume) -> None:
    running = encounter(d)
    if c.character_id not in running["delayed"]:
        raise NotAllowed(d.t("{name} is not delaying.", name=d.character(c.character_id)["name"]))
    d.own(c.character_id)
    active = running["active"]
    if active is not None and participant(d, active).get("spent"):
        raise NotAllowed(d.t("A delaying creature returns when a turn ends, before the "
                             "next creature acts."))
    order = list(running["order"])
    at = order.index(active) if active in order else len(order)
    order.insert(at, c.character_id)
    d.emit("resumed", {"character_id": c.character_id, "order": order, "position": at,
                       "suspended": active}, audience(d, c.character_id))


class SetOrder(BaseModel):
    """The game master sets the initiative order (every participant not delaying,
    once)."""

    model_config = COMMAND_CONFIG
    order: list[Id] = Field(min_length=1, max_length=60)


@command("set_order", SetOrder)
def _set_order(d: Decision, c: SetOrder) -> None:
    d.need_gm()
    running = encounter(d)
    if sorted(c.order) != sorted(running["order"]):
        raise InvalidCommand(d.t("Give every participant that is not delaying once."))
    active = running["active"]
    position = c.order.index(active) if active in c.order else running["position"]
    d.emit("order_set", {"order": c.order, "position": position})


class EndEncounter(BaseModel):
    """End the encounter (game master)."""

    model_config = COMMAND_CONFIG


@command("end_encounter", EndEncounter)
def _end(d: Decision, c: EndEncounter) -> None:
    d.need_gm()
    encounter(d)
    d.emit("encounter_ended", {"rounds": encounter(d)["round"]})


