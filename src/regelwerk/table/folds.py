"""Fold functions of the table's own events: members, invitations, seeds, settings,
characters, rolls and undo.  Encounter events fold in ``encounter_folds``."""

from __future__ import annotations

from regelwerk.table.state import Event, State, copy, count, folds

__all__: list[str] = []


@folds("table_created")
def _table_created(state: State, event: Event) -> None:
    p = event.payload
    state.update(table_id=p["table_id"], name=p["name"], system=p["system"], lang=p["lang"],
                 settings=copy(p["settings"]), created=event.time)


@folds("member_joined")
def _member_joined(state: State, event: Event) -> None:
    p = event.payload
    state["members"][p["member_id"]] = {"name": p["name"], "role": p["role"],
                                        "invitation_id": p.get("invitation_id")}
    state["credentials"][p["member_id"]] = p["token_hash"]
    count(state, "member")


@folds("invitation_created")
def _invitation_created(state: State, event: Event) -> None:
    p = event.payload
    state["invitations"][p["invitation_id"]] = {"token_hash": p["token_hash"],
                                                "revoked": False}
    count(state, "invitation")


@folds("invitation_revoked")
def _invitation_revoked(state: State, event: Event) -> None:
    state["invitations"][event.payload["invitation_id"]]["revoked"] = True


@folds("seed_committed")
def _seed_committed(state: State, event: Event) -> None:
    fair = state["fair"]
    fair.update(epoch=event.payload["epoch"], seed_hash=event.payload["seed_hash"],
                seed=None, player_seeds=[])


@folds("seed_secret")
def _seed_secret(state: State, event: Event) -> None:
    if event.payload["epoch"] == state["fair"]["epoch"]:
        state["fair"]["seed"] = event.payload["seed"]


@folds("seed_revealed")
def _seed_revealed(state: State, event: Event) -> None:
    p = event.payload
    state["fair"]["revealed"].append({"epoch": p["epoch"], "seed": p["seed"],
                                      "seed_hash": p["seed_hash"]})
    if p["epoch"] == state["fair"]["epoch"]:
        state["fair"].update(seed=None, seed_hash=None)


@folds("player_seed_added")
def _player_seed_added(state: State, event: Event) -> None:
    state["fair"]["player_seeds"].append(event.payload["seed"])


@folds("session_ended")
def _session_ended(state: State, event: Event) -> None:
    state["session"] += 1


@folds("setting_changed")
def _setting_changed(state: State, event: Event) -> None:
    p = event.payload
    target = state["settings"]
    *path, last = p["key"].split(".")
    for part in path:
        target = target.setdefault(part, {})
    target[last] = copy(p["value"])


@folds("character_added")
def _character_added(state: State, event: Event) -> None:
    character = copy(event.payload["character"])
    state["characters"][character["id"]] = character
    count(state, "character")


@folds("character_changed")
def _character_changed(state: State, event: Event) -> None:
    """``set``: top-level fields of the character replaced by new values."""
    character = state["characters"][event.payload["character_id"]]
    character.update(copy(event.payload["set"]))


@folds("character_removed")
def _character_removed(state: State, event: Event) -> None:
    del state["characters"][event.payload["character_id"]]


@folds("character_revealed")
def _character_revealed(state: State, event: Event) -> None:
    state["characters"][event.payload["character_id"]]["hidden"] = False


@folds("character_hidden")
def _character_hidden(state: State, event: Event) -> None:
    state["characters"][event.payload["character_id"]]["hidden"] = True


@folds("check_rolled")
def _check_rolled(state: State, event: Event) -> None:
    """A logged roll changes nothing but the log and which check a hero point may
    reroll."""
    from regelwerk.table.hero_points import remember_check

    remember_check(state, event.sequence, event.payload, tuple(event.audience))


@folds("check_rerolled")
def _check_rerolled(state: State, event: Event) -> None:
    from regelwerk.table.hero_points import spend_for_reroll

    spend_for_reroll(state, event.payload)


@folds("map_set")
def _map_set(state: State, event: Event) -> None:
    from regelwerk.table.battle_map import set_map

    set_map(state, event.payload)


@folds("token_placed")
def _token_placed(state: State, event: Event) -> None:
    from regelwerk.table.battle_map import place_token

    place_token(state, event.payload)


@folds("note_added")
def _note_added(state: State, event: Event) -> None:
    """The game master's note changes nothing but the log."""


@folds("contest_rolled")
def _contest_rolled(state: State, event: Event) -> None:
    """A logged contest changes nothing but the log."""


@folds("wake_failed")
def _wake_failed(state: State, event: Event) -> None:
    """Noise that did not wake a creature changes nothing but the log."""


@folds("undone")
def _undone(state: State, event: Event) -> None:
    for part, value in event.payload["restore"].items():
        state[part] = copy(value)
    state["undo"].pop()
    from regelwerk.table.hero_points import forget_rerolls

    forget_rerolls(state, list(event.payload.get("undoes", [])))


@folds("credential_reset")
def _credential_reset(state: State, event: Event) -> None:
    state["credentials"][event.payload["member_id"]] = event.payload["token_hash"]
