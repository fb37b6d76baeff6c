"""Waking at the PF2e table: shaken awake, woken by noise, and time passing for a
creature knocked out at 0 HP that is no longer dying."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk.table.errors import InvalidCommand, NotAllowed, NotAuthorized

from .conftest import Table, make_table
from .pf2e_sheets import GOBLIN, VALEROS


def _table(fixed: str, **valeros: Any) -> Table:
    table = make_table("pf2e", "de", fixed=fixed)
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros",
                             "sheet": dict(VALEROS, **valeros)})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": GOBLIN})
    return table


def _char(table: Table, cid: str) -> dict[str, Any]:
    found: dict[str, Any] = table.service.state(table.gm)["characters"][cid]
    return found


def _asleep(fixed: str) -> Table:
    table = _table(fixed)
    table.service.execute(table.gm, {"type": "condition", "character_id": "c1",
                                     "name": "bewusstlos"})
    assert "unconscious" in _char(table, "c1")["conditions"]
    return table


def test_shaken_awake_with_an_interact_action_in_an_encounter() -> None:
    # "Jemand nutzt die Handlung Interaktion, um dich wachzurütteln."
    table = _asleep("shake")
    s = table.service
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c2", "c1"]})
    with pytest.raises(NotAllowed):
        s.execute(table.player, {"type": "wake", "character_id": "c1", "how": "shaken",
                                 "by": "c1"})
    result = s.execute(table.gm, {"type": "wake", "character_id": "c1", "how": "shaken",
                                  "by": "c2"})
    kinds = [e["kind"] for e in result["events"]]
    assert kinds == ["actions_spent", "conditions_changed"]
    assert result["events"][0]["payload"]["step"]["name"] == "Interact"
    assert "unconscious" not in _char(table, "c1")["conditions"]
    with pytest.raises(NotAllowed, match="nicht bewusstlos"):
        s.execute(table.gm, {"type": "wake", "character_id": "c1", "how": "shaken",
                             "by": "c2"})


def test_noise_wakes_on_a_successful_perception_check() -> None:
    # "einen Wahrnehmungswurf gegen den SG des Lärms ablegen [...]; bei Erfolg
    # erwachst du."  Bewusstlos: "Zustandsmalus von –4 auf RK, Wahrnehmung"
    table = _asleep("noise")
    s = table.service
    with pytest.raises(InvalidCommand):
        s.execute(table.player, {"type": "wake", "character_id": "c1", "how": "noise"})
    quiet = s.execute(table.player, {"type": "wake", "character_id": "c1", "how": "noise",
                                     "dc": 40})
    event = quiet["events"][0]
    roll = event["payload"]["rolls"][0]
    assert event["kind"] == "wake_failed"
    assert roll["result"]["degree"] in ("failure", "critical_failure")
    assert {"label": "Bewusstlos", "type": "status", "value": -4} in [
        {k: m[k] for k in ("label", "type", "value")} for m in roll["request"]["modifiers"]]
    assert roll["dice"]
    assert roll["result"]["probabilities"]
    loud = s.execute(table.player, {"type": "wake", "character_id": "c1", "how": "noise",
                                    "dc": -40})
    assert [e["kind"] for e in loud["events"]] == ["conditions_changed"]
    assert loud["events"][0]["payload"]["rolls"][0]["result"]["degree"] in (
        "success", "critical_success")
    assert "unconscious" not in _char(table, "c1")["conditions"]


def _knocked_out(fixed: str) -> Table:
    """Valeros at 0 HP, stable and unconscious (hero points spent to avoid death)."""
    table = _table(fixed, hero_points=1)
    s = table.service
    for amount in (40, 5):
        s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": amount,
                             "damage_type": "slashing", "critical": True,
                             "avoid_death": True})
    health = _char(table, "c1")["health"]
    assert (health["hp"], health["dying"], health["unconscious"]) == (0, 0, True)
    return table


def test_at_zero_hp_only_time_or_healing_wakes() -> None:
    # "Solltest du infolge des Zustandes Sterbend den Zustand Bewusstlos erhalten
    # haben, kannst du nicht aufwachen, solange du 0 Trefferpunkte hast."
    table = _knocked_out("zero")
    with pytest.raises(NotAllowed):
        table.service.execute(table.gm, {"type": "wake", "character_id": "c1",
                                         "how": "shaken", "by": "c2"})


def test_time_passing_returns_a_knocked_out_creature_to_1_hp() -> None:
    # "kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege auf 1
    # Trefferpunkt zurück und erwachst. Der SL bestimmt die Dauer deiner
    # Bewusstlosigkeit (zwischen 10 Minuten und mehreren Stunden)."
    table = _knocked_out("time")
    s = table.service
    with pytest.raises(InvalidCommand, match="Valeros"):
        s.execute(table.gm, {"type": "pass_time", "minutes": 10})
    with pytest.raises(NotAuthorized):
        s.execute(table.player, {"type": "pass_time", "minutes": 10, "wakes_in": 60})
    s.execute(table.gm, {"type": "pass_time", "minutes": 30, "wakes_in": 60})
    health = _char(table, "c1")["health"]
    assert (health["hp"], health["unconscious"], health["wakes_in"]) == (0, True, 30)
    result = s.execute(table.gm, {"type": "pass_time", "minutes": 30})
    assert result["events"][0]["payload"]["reason"] == "pass_time"
    health = _char(table, "c1")["health"]
    assert (health["hp"], health["unconscious"], health["wakes_in"]) == (1, False, None)
    with pytest.raises(NotAllowed):
        s.execute(table.gm, {"type": "pass_time", "minutes": 5, "character_id": "c1"})
    s.execute(table.gm, {"type": "undo"})
    assert _char(table, "c1")["health"]["wakes_in"] == 30
