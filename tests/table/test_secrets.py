"""A whole PF2e encounter with secret checks and a hidden creature: no byte of a
secret value reaches a player, in any response, event or state."""

from __future__ import annotations

import json
from typing import Any

import pytest

from regelwerk.table.errors import NotAuthorized
from regelwerk.table.views import can_see, uniform

from .conftest import make_table
from .pf2e_sheets import GOBLIN, VALEROS

HIDDEN_NAME = "Nachtmahr-Qx7"
HIDDEN_STRIKE = "Schattenklaue-Zq"
HIDDEN_EFFECT = "Albtraum-Wv3"
SHADE = dict(GOBLIN, hp=987653, max_hp=987653, dies_at_zero=False, perception=19,
             skills={"Stealth": 23},
             strikes=[{"name": HIDDEN_STRIKE, "modifier": 13, "damage": "1d6+2",
                       "type": "negative", "traits": []}])
EZREN = dict(VALEROS, skills={"Society": 8, "Arcana": 9}, strikes=[])


def _numbers(value: Any) -> set[int]:
    if isinstance(value, dict):
        return set().union(*(_numbers(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_numbers(v) for v in value)) if value else set()
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def test_no_secret_reaches_a_player() -> None:
    table = make_table("pf2e", "de", fixed="secrets")
    s = table.service
    seen: dict[str, list[Any]] = {"player": [], "other": []}

    def run(viewer_name: str, command: dict[str, Any]) -> dict[str, Any]:
        viewer = getattr(table, viewer_name)
        result = s.execute(viewer, command)
        if viewer_name in seen:
            seen[viewer_name].append(result)
        return result

    run("player", {"type": "add_character", "name": "Valeros", "sheet": VALEROS})
    run("other", {"type": "add_character", "name": "Ezren", "sheet": EZREN})
    run("gm", {"type": "add_character", "name": HIDDEN_NAME, "kind": "creature",
               "hidden": True, "sheet": SHADE})
    run("other", {"type": "check", "character_id": "c2", "statistic": "Society", "dc": 20,
                  "secret": True})
    run("gm", {"type": "check", "character_id": "c1", "statistic": "perception", "dc": 25,
               "secret": True})
    run("gm", {"type": "check", "character_id": "c3", "statistic": "Stealth", "dc": 17})
    run("gm", {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"},
        {"character_id": "c3", "statistic": "stealth"}]})
    run("gm", {"type": "add_effect", "label": HIDDEN_EFFECT, "kind": "target_turns",
               "creator": "c3", "target": "c1", "grants": {"frightened": 1}})
    for _ in range(7):
        active = s.state(table.gm)["encounter"]["active"]
        if active == "c3":
            run("gm", {"type": "strike", "character_id": "c3", "target_id": "c1",
                       "strike": HIDDEN_STRIKE})
            run("gm", {"type": "condition", "character_id": "c3", "name": "frightened"})
        elif active == "c1":
            run("player", {"type": "act", "character_id": "c1", "name": "Seek"})
            run("player", {"type": "check", "character_id": "c1",
                           "statistic": "perception", "dc": 30, "secret": True})
        run("gm", {"type": "end_turn"})
    run("gm", {"type": "damage", "character_id": "c3", "amount": 5, "damage_type": "fire"})
    run("gm", {"type": "undo"})  # undoing what players never saw stays hidden too

    log = table.store.read(table.table_id)
    secrets: set[str] = {HIDDEN_NAME, HIDDEN_STRIKE, HIDDEN_EFFECT}
    for event in log:
        if "server" in event.audience:
            secrets.add(json.dumps(event.payload["seed"]) if "seed" in event.payload
                        else event.payload["token_hash"])
        if "token_hash" in event.payload:
            secrets.add(event.payload["token_hash"])
        if event.audience == ("gm",):
            for roll in event.payload.get("rolls", []):
                secrets.add(json.dumps(roll, sort_keys=True))
                if "gm_text" in roll["result"]:
                    secrets.add(roll["result"]["gm_text"])
    assert sum(1 for e in log if e.audience == ("gm",) and e.payload.get("rolls")) >= 4

    for name in ("player", "other"):
        viewer = getattr(table, name)
        events = s.events(viewer)
        assert [e["sequence"] for e in events] == list(range(1, len(log) + 1))
        everything = [seen[name], events, s.state(viewer)]
        shown = json.dumps(everything, ensure_ascii=False, sort_keys=True)
        assert 987653 not in _numbers(everything)
        for secret in secrets:
            assert secret.strip('"') not in shown, f"{secret[:60]} reached {name}"
        hidden_checks = [e for e in events if e["kind"] == "check_rolled"
                         and e["payload"] == {"secret": True}]
        assert len(hidden_checks) >= 3
        assert "c3" not in s.state(viewer)["characters"]
        # The kind of a hidden event would tell of the hidden creature's turns:
        # a player sees "hidden", or that a secret check of someone they see happened.
        for stored, seen_event in zip(log, events, strict=True):
            if can_see(stored.audience, viewer):
                assert seen_event["kind"] == stored.kind
            elif seen_event["kind"] == "check_rolled":
                assert stored.payload["secret"] is True
                assert stored.payload["character_id"] != "c3"
            else:
                assert seen_event["kind"] == "hidden", stored.kind
        hidden_kinds = {e.kind for e in log if e.audience == ("gm",)
                        and e.payload.get("character_id") == "c3"}
        assert {"turn_started", "check_rolled"} <= hidden_kinds
        assert '"c3"' not in shown
        assert events[-1]["kind"] == "hidden"
        assert log[-1].kind == "undone"
        assert len([e for e in events if e["kind"] == "hidden"]) >= 5
        with pytest.raises(NotAuthorized):
            s.export(viewer)
    # streams share one view of an event everyone sees alike: filled from the game
    # master's views first, every player still gets exactly their own view
    assert sum(1 for e in log if uniform(e)) >= 5
    assert any(not uniform(e) and "*" in e.audience for e in log)
    for name in ("gm", "player", "other"):
        viewer = getattr(table, name)
        assert s.events(viewer, shared=True) == s.events(viewer), name
    gm_view = json.dumps([s.events(table.gm), s.state(table.gm)], ensure_ascii=False)
    assert HIDDEN_NAME in gm_view
    for event in log:
        if "server" in event.audience and "seed" in event.payload:
            assert event.payload["seed"] not in gm_view
