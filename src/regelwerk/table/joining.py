"""Participants joining a running encounter (reinforcements, a hazard that wakes)
or leaving it (fled, removed): the order keeps its sense, the running turn goes on."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StrictStr

from regelwerk.table.decide import COMMAND_CONFIG, Decision, command
from regelwerk.table.encounter import (
    Entrant,
    order_by_initiative,
    participant_record,
    roll_initiative,
)
from regelwerk.table.errors import InvalidCommand, NotAllowed
from regelwerk.table.steps import audience, encounter

__all__: list[str] = []

Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]


class JoinEncounter(Entrant):
    """A character, creature or hazard joins the running encounter (game master): it
    rolls initiative and takes its place in the order (in W6 give ``before``)."""

    before: Id | None = Field(None, description="W6: the participant it acts before")


@command("join_encounter", JoinEncounter)
def _join(d: Decision, c: JoinEncounter) -> None:
    d.need_gm()
    running = encounter(d)
    if c.character_id in running["participants"]:
        raise NotAllowed(d.t("Each character takes part once."))
    character = d.character(c.character_id)
    order = list(running["order"])
    if d.state["system"] == "w6":
        if c.before is not None and c.before not in order:
            raise InvalidCommand(d.t("Give every participant that is not delaying once."))
        row = {"character_id": c.character_id, "index": len(order), "statistic": "",
               "initiative": None, "modifier": 0, "foe": character["kind"] != "character"}
        at = order.index(c.before) if c.before is not None else len(order)
    else:
        row = roll_initiative(d, c, character, len(running["participants"]))
        rows = [{"character_id": cid, "index": i, "foe": p["foe"],
                 "initiative": p["initiative"], "modifier": p["modifier"]}
                for i, (cid, p) in enumerate((cid, running["participants"][cid])
                                             for cid in order)]
        placed = order_by_initiative([*rows, row], d.state["settings"].get(
            "initiative_ties", "foes_first"))
        at = placed.index(c.character_id)
    order.insert(at, c.character_id)
    position = running["position"] + (1 if at <= running["position"] else 0)
    d.emit("participant_added", {"character_id": c.character_id,
                                 "participant": participant_record(row), "order": order,
                                 "position": position}, audience(d, c.character_id))


class LeaveEncounter(BaseModel):
    """A participant leaves the running encounter (game master); not while it is its
    turn. Effects it made or bears end."""

    model_config = COMMAND_CONFIG
    character_id: Id


@command("leave_encounter", LeaveEncounter)
def _leave(d: Decision, c: LeaveEncounter) -> None:
    d.need_gm()
    running = encounter(d)
    if c.character_id not in running["participants"]:
        raise NotAllowed(d.t("{name} is not in the encounter.",
                             name=d.character(c.character_id)["name"]))
    if running["active"] == c.character_id:
        raise NotAllowed(d.t("End {name}'s turn first.", name=d.character(c.character_id)[
            "name"]))
    order = [x for x in running["order"] if x != c.character_id]
    position = running["position"]
    if c.character_id in running["order"] and running["order"].index(
            c.character_id) <= position:
        position -= 1
    d.emit("participant_removed", {"character_id": c.character_id, "order": order,
                                   "position": position}, audience(d, c.character_id))
