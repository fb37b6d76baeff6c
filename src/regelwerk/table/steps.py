"""Shared pieces of encounter automation: audiences for hidden creatures, steps
that run by themselves or become proposals, health changes, initiative moves."""

from __future__ import annotations

from typing import Any

from regelwerk.table.decide import Decision
from regelwerk.table.errors import NotAllowed
from regelwerk.table.state import next_id

__all__ = ["Change", "after_health", "audience", "dying_kills", "encounter", "health_change",
           "initiative_move", "participant", "run_step", "take_damage"]

Change = tuple[str, dict[str, Any]]


def audience(d: Decision, *character_ids: str | None) -> tuple[str, ...]:
    """Everyone, or only the game master when a hidden creature is involved."""
    for cid in character_ids:
        found = d.now["characters"].get(cid) if cid else None
        if found is not None and found.get("hidden"):
            return ("gm",)
    return ("*",)


def encounter(d: Decision) -> dict[str, Any]:
    """The running encounter, or a refusal."""
    found: dict[str, Any] | None = d.now["encounter"]
    if found is None:
        raise NotAllowed(d.t("No encounter is running."))
    return found


def participant(d: Decision, character_id: str) -> dict[str, Any]:
    """A participant of the running encounter, or a refusal."""
    found: dict[str, Any] | None = encounter(d)["participants"].get(character_id)
    if found is None:
        raise NotAllowed(d.t("{name} is not in the encounter.",
                             name=d.character(character_id)["name"]))
    return found


def run_step(d: Decision, step: str, character_id: str, changes: list[Change]) -> None:
    """Emit a step's changes, or (when the table says ``propose`` for this kind of
    step) one proposal for the game master to confirm or override.  Rolls made for
    the step go into its first event."""
    if not changes:
        return
    mode = d.state["settings"].get("automation", {}).get(step, "auto")
    if mode == "propose":
        proposal = {"id": next_id(d.now, "proposal", "p"), "step": step,
                    "character_id": character_id,
                    "changes": [{"kind": k, "payload": p} for k, p in changes]}
        d.emit("proposal_made", {"proposal": proposal}, ("gm",))
        return
    for kind, payload in changes:
        d.emit(kind, {**payload, "step": step},
               audience(d, character_id, *payload.get("involves", ())))


def health_change(character_id: str, answer: dict[str, Any], reason: str,
                  amount: int | None = None) -> Change:
    """The change a rules answer (``creature`` and ``events``) makes to a character's
    health."""
    payload: dict[str, Any] = {"character_id": character_id, "health": answer["creature"],
                               "events": answer["events"], "reason": reason}
    if amount is not None:
        payload["amount"] = amount
    return ("health_changed", payload)


def after_health(d: Decision, character_id: str, answer: dict[str, Any]) -> None:
    """The initiative move the text asks for when a creature drops to 0 HP:
    "Deine Initiative verschiebt sich direkt vor den Initiativewert, zu dem du auf
    0 TP reduziert wurdest." (an automation step of its own)."""
    if "initiative_moves" in answer["events"]:
        moved = initiative_move(d, character_id)
        if moved is not None:
            run_step(d, "initiative_move", character_id, [moved])


def initiative_move(d: Decision, character_id: str) -> Change | None:
    """Move a creature dropped to 0 HP directly before the creature whose turn it is
    (no move when it is its own turn or no encounter runs)."""
    running = d.now["encounter"]
    if running is None or character_id not in running["order"]:
        return None
    active = running["active"]
    if active is None or active == character_id or active not in running["order"]:
        return None
    order = [c for c in running["order"] if c != character_id]
    at = order.index(active)
    order.insert(at, character_id)
    return ("initiative_moved", {"character_id": character_id, "order": order,
                                 "position": at + 1})


def take_damage(d: Decision, character_id: str, health: dict[str, Any],
                applied: dict[str, Any], critical: bool = False, *,
                avoid_death: bool = False) -> dict[str, Any]:
    """The rules' ``damage_creature`` for damage already through the creature's
    immunities, weaknesses and resistances (the ``apply_damage`` answer): the types
    that dealt damage (for regeneration) and whether it is the creature's own turn.
    ``avoid_death``: when the damage would raise dying to the limit, the creature
    spends all its hero points instead (docs/rulings.md, "Table: avoiding death")."""
    types = sorted({i["type"] for i in applied.get("instances", []) if i["amount"] > 0})
    running = d.now["encounter"]
    request = {"creature": health, "amount": applied["total"], "critical": critical,
               "types": types,
               "on_own_turn": bool(running and running["active"] == character_id)}
    answer: dict[str, Any] = d.ask("pf2e", "damage_creature", request)
    if avoid_death and dying_kills(answer) and health.get("hero_points", 0) >= 1:
        # "Gib alle deine verbleibenden Heldenpunkte aus (mindestens 1), um den Tod zu
        # vermeiden. Dies kannst du tun, wenn sich dein Zustandswert für Sterbend
        # erhöhen würde."
        answer = d.ask("pf2e", "damage_creature", {**request, "avoid_death": True})
    return answer


def dying_kills(answer: dict[str, Any]) -> bool:
    """Whether a rules answer is death because dying reached its limit (the one
    death hero points avoid)."""
    return "dying_limit" in answer.get("events", ())
