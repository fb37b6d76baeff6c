"""Fold functions of encounter events: they copy what the deciders worked out
(order, budgets, health, conditions, effects, proposals) into the state."""

from __future__ import annotations

from typing import Any

from regelwerk.table.state import Event, State, copy, count, folds

__all__: list[str] = []


def _encounter(state: State) -> dict[str, Any]:
    encounter: dict[str, Any] = state["encounter"]
    return encounter


def _participant(state: State, event: Event) -> dict[str, Any]:
    found: dict[str, Any] = _encounter(state)["participants"][event.payload["character_id"]]
    return found


@folds("encounter_started")
def _encounter_started(state: State, event: Event) -> None:
    state["encounter"] = copy(event.payload["encounter"])
    count(state, "encounter")


@folds("participant_added")
def _participant_added(state: State, event: Event) -> None:
    encounter = _encounter(state)
    encounter["participants"][event.payload["character_id"]] = copy(
        event.payload["participant"])
    encounter["order"] = list(event.payload["order"])
    encounter["position"] = event.payload["position"]


@folds("participant_removed")
def _participant_removed(state: State, event: Event) -> None:
    encounter = _encounter(state)
    cid = event.payload["character_id"]
    encounter["participants"].pop(cid, None)
    encounter["order"] = list(event.payload["order"])
    encounter["position"] = event.payload["position"]
    if cid in encounter["delayed"]:
        encounter["delayed"].remove(cid)
    encounter["effects"] = [e for e in encounter["effects"]
                            if cid not in (e["creator"], e["target"])]


@folds("initiative_rolled")
def _initiative_rolled(state: State, event: Event) -> None:
    """The initiative roll of a hidden participant (its place is in
    ``encounter_started``)."""


@folds("encounter_ended")
def _encounter_ended(state: State, event: Event) -> None:
    state["encounter"] = None


@folds("order_set")
@folds("initiative_moved")
def _order_set(state: State, event: Event) -> None:
    encounter = _encounter(state)
    encounter["order"] = list(event.payload["order"])
    encounter["position"] = event.payload["position"]


@folds("round_started")
def _round_started(state: State, event: Event) -> None:
    _encounter(state)["round"] = event.payload["round"]


@folds("turn_started")
def _turn_started(state: State, event: Event) -> None:
    encounter = _encounter(state)
    encounter["active"] = event.payload["character_id"]
    encounter["position"] = event.payload["position"]
    participant = _participant(state, event)
    if event.payload.get("resumed"):
        participant["suspended"] = False
        return
    participant.update(copy(event.payload["budget"]), spent=[], attacks=0,
                       turns=participant.get("turns", 0) + 1, ready=None)


@folds("turn_ended")
def _turn_ended(state: State, event: Event) -> None:
    encounter = _encounter(state)
    if encounter["active"] == event.payload["character_id"]:
        encounter["active"] = None


@folds("delayed")
def _delayed(state: State, event: Event) -> None:
    encounter = _encounter(state)
    encounter["order"] = list(event.payload["order"])
    encounter["position"] = event.payload["position"]
    encounter["delayed"].append(event.payload["character_id"])
    encounter["active"] = None


@folds("resumed")
def _resumed(state: State, event: Event) -> None:
    encounter = _encounter(state)
    encounter["order"] = list(event.payload["order"])
    encounter["position"] = event.payload["position"]
    encounter["delayed"].remove(event.payload["character_id"])
    encounter["active"] = event.payload["character_id"]
    suspended = event.payload.get("suspended")
    if suspended:
        encounter["participants"][suspended]["suspended"] = True


@folds("readied")
def _readied(state: State, event: Event) -> None:
    participant = _participant(state, event)
    participant["ready"] = {"action": event.payload["action"],
                            "trigger": event.payload["trigger"]}


@folds("actions_spent")
def _actions_spent(state: State, event: Event) -> None:
    participant = _participant(state, event)
    participant["spent"].append(copy(event.payload["step"]))
    participant.update(copy(event.payload["left"]))


@folds("reaction_used")
def _reaction_used(state: State, event: Event) -> None:
    participant = _participant(state, event)
    participant["reactions_left"] = event.payload["reactions_left"]
    if event.payload.get("ready_used"):
        participant["ready"] = None


@folds("health_changed")
def _health_changed(state: State, event: Event) -> None:
    cid = event.payload["character_id"]
    state["characters"][cid]["health"] = copy(event.payload["health"])
    running = state["encounter"]
    if running and cid in running["participants"] and event.payload.get("reason") in (
            "recovery_check", "heroic_recovery", "avoid_death"):
        running["participants"][cid]["recovery_pending"] = False


@folds("conditions_changed")
def _conditions_changed(state: State, event: Event) -> None:
    character = state["characters"][event.payload["character_id"]]
    character["conditions"] = copy(event.payload["conditions"])
    if "quickened_for" in event.payload:
        character["quickened_for"] = list(event.payload["quickened_for"])


@folds("persistent_changed")
def _persistent_changed(state: State, event: Event) -> None:
    state["characters"][event.payload["character_id"]]["persistent"] = copy(
        event.payload["persistent"])


@folds("effect_added")
def _effect_added(state: State, event: Event) -> None:
    _encounter(state)["effects"].append(copy(event.payload["effect"]))
    count(state, "effect")


@folds("effects_changed")
def _effects_changed(state: State, event: Event) -> None:
    """``effects``: the effects left with their new counts; ``expired``: their ids."""
    _encounter(state)["effects"] = copy(event.payload["effects"])


@folds("effect_sustained")
def _effect_sustained(state: State, event: Event) -> None:
    for effect in _encounter(state)["effects"]:
        if effect["id"] == event.payload["effect_id"]:
            effect["sustained"] = True


@folds("proposal_made")
def _proposal_made(state: State, event: Event) -> None:
    _encounter(state)["proposals"].append(copy(event.payload["proposal"]))
    count(state, "proposal")


@folds("proposal_resolved")
def _proposal_resolved(state: State, event: Event) -> None:
    encounter = _encounter(state)
    encounter["proposals"] = [p for p in encounter["proposals"]
                              if p["id"] != event.payload["proposal_id"]]


@folds("strike_rolled")
@folds("damage_rolled")
@folds("automation_noted")
def _logged(state: State, event: Event) -> None:
    """A roll or note that changes nothing but the log (its effects are own events)."""
