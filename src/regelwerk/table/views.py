"""What a viewer may see, filtered here on the server: the state and each event.

The game master sees everything but the server's own secrets (token hashes, the
unrevealed dice seed).  A player does not see hidden creatures, invitations, the
game master's events or other players' private ones; others' hit points come as
a health estimate when the table says so (``health_estimate``), their own exactly.
An event a player may not see keeps its sequence number but not its kind: it
comes as kind ``hidden`` with the payload ``{"secret": true}`` (the kind alone
would tell of a hidden creature's turn), so numbers stay gap-free for everyone.
A secret check of a creature the player sees is the exception: it comes as
``check_rolled`` with ``{"secret": true}``, saying that a secret check happened
and nothing more.  The game master sees the kind of the server's own events.
"""

from __future__ import annotations

from typing import Any

from regelwerk.store.base import StoredEvent
from regelwerk.table.battle_map import battle_map_view
from regelwerk.table.decide import Viewer
from regelwerk.table.state import State, copy, copy_dict

__all__ = ["ESTIMATES", "HIDDEN", "can_see", "estimate", "uniform", "view_event", "view_state"]

ESTIMATES = ("unhurt", "barely_hurt", "hurt", "badly_hurt", "near_death", "down", "dead")
"""Health estimates, from full hit points to dead (docs/rulings.md,
"Table: health estimates")."""
_SERVER_KEYS = ("token_hash",)
HIDDEN = "hidden"
"""The kind a player sees for an event hidden from them."""


def estimate(health: dict[str, Any]) -> str:
    """How hurt a creature looks: by the share of hit points left, in quarters."""
    if health.get("dead"):
        return "dead"
    hp, max_hp = int(health.get("hp", 0)), max(int(health.get("max_hp", 1)), 1)
    if hp <= 0:
        return "down"
    if hp >= max_hp:
        return "unhurt"
    share = 4 * hp / max_hp
    return "barely_hurt" if share > 3 else "hurt" if share > 2 else \
        "badly_hurt" if share > 1 else "near_death"


def can_see(audience: tuple[str, ...] | list[str], viewer: Viewer) -> bool:
    """Whether an event of ``audience`` reaches the viewer."""
    if "server" in audience:
        return False
    return "*" in audience or viewer.role == "gm" or viewer.member_id in audience


def _exact_for(state: State, viewer: Viewer, character_id: str) -> bool:
    if viewer.role == "gm" or not state["settings"].get("health_estimate", True):
        return True
    character = state["characters"].get(character_id)
    return character is not None and character.get("owner") == viewer.member_id


def _visible_character(state: State, viewer: Viewer, character_id: str) -> bool:
    character = state["characters"].get(character_id)
    return viewer.role == "gm" or character is None or not character.get("hidden")


def _scrub(value: Any, state: State, viewer: Viewer) -> Any:
    """Remove server keys; for players turn others' health into estimates and drop
    what undo restores."""
    if isinstance(value, list):
        return [_scrub(v, state, viewer) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    player = viewer.role != "gm"
    for key, item in value.items():
        if key in _SERVER_KEYS or (key == "restore" and player):
            continue
        if player and key in ("order", "delayed") and isinstance(item, list):
            item = [c for c in item if _visible_character(state, viewer, c)]
        elif player and key == "participants" and isinstance(item, dict):
            item = {c: v for c, v in item.items() if _visible_character(state, viewer, c)}
        elif player and key == "effects" and isinstance(item, list):
            item = [e for e in item if isinstance(e, dict)
                    and _visible_character(state, viewer, str(e.get("target")))
                    and _visible_character(state, viewer, str(e.get("creator")))]
        elif player and key in ("proposals", "position"):
            continue
        out[key] = _scrub(item, state, viewer)
    if player and value.get("kind") in ("creature", "hazard") and "sheet" in out \
            and value.get("owner") != viewer.member_id:
        del out["sheet"]
    owner_id = value.get("character_id", value.get("id"))
    if isinstance(owner_id, str) and not _exact_for(state, viewer, owner_id):
        if isinstance(out.get("health"), dict):
            out["health"] = {"estimate": estimate(out["health"])}
        if isinstance(out.get("rolls"), list):
            out["rolls"] = [_estimated_roll(roll) for roll in out["rolls"]]
    target_id = value.get("target_id")
    if player and isinstance(target_id, str) and isinstance(out.get("rolls"), list) \
            and _unknown_ac(state, viewer, target_id):
        odds = bool(state["settings"].get("hidden_ac_odds", True))
        out["rolls"] = [_without_ac(roll, odds) for roll in out["rolls"]]
    return out


def _unknown_ac(state: State, viewer: Viewer, character_id: str) -> bool:
    """Whether the viewer does not know this target's AC: a creature's or hazard's
    sheet is the game master's (docs/rulings.md, "Table: Strike odds against a
    hidden AC")."""
    target = state["characters"].get(character_id)
    return target is not None and target.get("kind") != "character" \
        and target.get("owner") != viewer.member_id


def _without_ac(roll: Any, odds: bool) -> Any:
    """An attack roll against an AC the viewer does not know: without the AC (the
    check's DC, in its request, its answer and its text); its chances only when the
    table shows players the odds against such an AC (``hidden_ac_odds``)."""
    if not isinstance(roll, dict) or not isinstance(roll.get("request"), dict) \
            or "dc" not in roll["request"] or not isinstance(roll.get("result"), dict):
        return roll
    hidden = {"dc", "text", *(() if odds else ("probabilities",))}
    return {**roll, "request": {k: v for k, v in roll["request"].items() if k != "dc"},
            "result": {k: v for k, v in roll["result"].items() if k not in hidden}}


def _estimated_roll(roll: Any) -> Any:
    """A roll that carries a creature's health (a recovery check: its request and
    its answer, whose text names hit points and conditions) as a player who sees
    that creature's health as an estimate may see it."""
    if not isinstance(roll, dict):
        return roll
    shown = roll
    for key in ("request", "result"):
        part = roll.get(key)
        if isinstance(part, dict) and isinstance(part.get("creature"), dict):
            changed = {k: v for k, v in part.items() if not (key == "result" and k == "text")}
            changed["creature"] = {"estimate": estimate(part["creature"])}
            shown = {**shown, key: changed}
    return shown


_VIEWER_KEYS = frozenset({*_SERVER_KEYS, "restore", "order", "delayed", "participants",
                          "effects", "proposals", "position", "sheet", "health", "creature",
                          "target_id"})
"""The payload keys ``_scrub`` treats per viewer (or by the state)."""


def _viewer_keys(value: Any) -> bool:
    if isinstance(value, list):
        return any(_viewer_keys(item) for item in value)
    if isinstance(value, dict):
        return any(key in _VIEWER_KEYS or _viewer_keys(item) for key, item in value.items())
    return False


def uniform(event: StoredEvent) -> bool:
    """Whether every viewer sees the event the same, whatever the state: it is for
    everyone and its payload holds nothing that is filtered per viewer (so one
    view may serve all the table's streams)."""
    return "*" in event.audience and "server" not in event.audience \
        and not _viewer_keys(event.payload)


def view_event(event: StoredEvent, viewer: Viewer, state: State) -> dict[str, Any]:
    """The event as the viewer sees it (JSON-ready)."""
    shown: dict[str, Any] = {"sequence": event.sequence, "kind": event.kind,
                             "actor": event.actor, "time": event.time,
                             "audience": list(event.audience)}
    if can_see(event.audience, viewer):
        shown["payload"] = _scrub(event.payload, state, viewer)
    else:
        shown["payload"] = {"secret": True}
        shown["audience"] = ["gm"] if "server" not in event.audience else ["server"]
        if viewer.role != "gm" and not _secret_check(event, state, viewer):
            shown["kind"] = HIDDEN
    return shown


def _secret_check(event: StoredEvent, state: State, viewer: Viewer) -> bool:
    """Whether a hidden event is a secret check the player may know happened:
    "the player's view says that a secret check happened, nothing more" (issue 12)."""
    if event.kind not in ("check_rolled", "dice_rolled") or event.payload.get("secret") is not True:
        return False
    if event.kind == "dice_rolled":  # the game master's secret roll of any dice
        return True
    return _visible_character(state, viewer, str(event.payload.get("character_id")))


def _character_view(character: dict[str, Any], state: State,
                    viewer: Viewer) -> dict[str, Any]:
    shown = copy_dict(character)
    if viewer.role == "gm" or character.get("owner") == viewer.member_id:
        return shown
    if character.get("kind") != "character":
        shown.pop("sheet", None)
    if not _exact_for(state, viewer, character["id"]):
        shown["health"] = {"estimate": estimate(character.get("health", {}))}
    return shown


def _encounter_view(encounter: dict[str, Any] | None, state: State,
                    viewer: Viewer) -> dict[str, Any] | None:
    if encounter is None:
        return None
    shown = copy_dict(encounter)
    if viewer.role == "gm":
        return shown
    visible = {p for p in encounter["participants"]
               if _visible_character(state, viewer, p)}
    shown["participants"] = {p: v for p, v in shown["participants"].items() if p in visible}
    shown["order"] = [p for p in shown["order"] if p in visible]
    shown["delayed"] = [p for p in shown.get("delayed", []) if p in visible]
    shown["effects"] = [e for e in shown.get("effects", [])
                        if e.get("target") in visible and e.get("creator") in visible]
    shown.pop("proposals", None)
    shown.pop("position", None)
    if shown.get("active") not in visible:
        shown["active"] = None
    return shown


def view_state(state: State, viewer: Viewer) -> dict[str, Any]:
    """The state as the viewer sees it (JSON-ready)."""
    f = state["fair"]
    shown: dict[str, Any] = {
        "table_id": state["table_id"], "name": state["name"], "system": state["system"],
        "lang": state["lang"], "sequence": state["sequence"], "created": state["created"],
        "session": state["session"], "settings": copy(state["settings"]),
        "members": copy(state["members"]),
        "viewer": {"member_id": viewer.member_id, "role": viewer.role, "name": viewer.name},
        "fair": {"epoch": f["epoch"], "seed_hash": f["seed_hash"],
                 "player_seeds": list(f["player_seeds"]), "revealed": copy(f["revealed"])},
        "characters": {cid: _character_view(c, state, viewer)
                       for cid, c in state["characters"].items()
                       if _visible_character(state, viewer, cid)},
        "encounter": _encounter_view(state["encounter"], state, viewer),
        "battle_map": battle_map_view(state, viewer),
    }
    if viewer.role == "gm":
        shown["invitations"] = {i: {"revoked": v["revoked"]}
                                for i, v in state["invitations"].items()}
        shown["undo_available"] = len(state["undo"])
    return shown
