"""Players see others' hit points as a health estimate (a table setting), their own
exactly (issue 12, "Secrets, server-side"; docs/rulings.md, "Table: health
estimates": quarters of the maximum)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Table, make_table
from .pf2e_sheets import VALEROS

EZREN = dict(VALEROS, hp=40, max_hp=40)


def _table() -> Table:
    table = make_table("pf2e", fixed="estimate")
    table.service.execute(table.player, {"type": "add_character", "name": "Valeros",
                                         "sheet": VALEROS})
    table.service.execute(table.other, {"type": "add_character", "name": "Ezren",
                                        "sheet": EZREN})
    return table


def _health(table: Table, viewer: str, cid: str) -> dict[str, Any]:
    health: dict[str, Any] = table.service.state(getattr(table, viewer))[
        "characters"][cid]["health"]
    return health


@pytest.mark.parametrize(("hp", "shown"), [
    (40, "unhurt"), (31, "barely_hurt"), (30, "hurt"), (21, "hurt"), (20, "badly_hurt"),
    (11, "badly_hurt"), (10, "near_death"), (1, "near_death")])
def test_others_see_quarters_of_the_maximum(hp: int, shown: str) -> None:
    table = _table()
    s = table.service
    if hp < 40:
        s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 40 - hp,
                             "damage_type": "bludgeoning"})
    assert _health(table, "player", "c2") == {"estimate": shown}
    assert _health(table, "other", "c2")["hp"] == hp  # its owner: exact
    assert _health(table, "gm", "c2")["hp"] == hp
    last = s.events(table.player)[-1]
    if hp < 40:  # the event of the damage as the other player sees it
        assert last["kind"] == "health_changed"
        assert last["payload"]["health"] == {"estimate": shown}


def test_down_dead_and_the_setting_off() -> None:
    table = _table()
    s = table.service
    s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 40,
                         "damage_type": "bludgeoning"})
    assert _health(table, "player", "c2") == {"estimate": "down"}
    s.execute(table.gm, {"type": "set_setting", "key": "health_estimate", "value": False})
    exact = _health(table, "player", "c2")
    assert (exact["hp"], exact["max_hp"], exact["dying"]) == (0, 40, 1)
    s.execute(table.gm, {"type": "set_setting", "key": "health_estimate", "value": True})
    for critical in (True, False):  # dying 1, then 3, then 4: dead
        s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 5,
                             "damage_type": "bludgeoning", "critical": critical})
    assert _health(table, "gm", "c2")["dead"] is True
    assert _health(table, "player", "c2") == {"estimate": "dead"}


def test_a_recovery_check_shows_others_only_the_estimate() -> None:
    """A dying creature's recovery check carries its health in the roll (the request
    and the answer, whose text says "TP 0/40, Sterbend …"): a player who sees that
    creature's health as an estimate gets the estimate there too."""
    table = _table()
    s = table.service
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 40,
                         "damage_type": "bludgeoning"})  # Ezren: 0 HP, dying 1
    for _ in range(4):  # Ezren's next turn begins with its recovery check
        s.execute(table.gm, {"type": "end_turn"})
        if s.state(table.gm)["encounter"]["active"] == "c2":
            break

    def recovery(viewer: str) -> dict[str, Any]:
        found: dict[str, Any] = next(
            e["payload"] for e in s.events(getattr(table, viewer))
            if e["kind"] == "health_changed" and e["payload"].get("reason") ==
            "recovery_check")
        return found

    own = recovery("other")["rolls"][0]
    assert own["request"]["creature"]["max_hp"] == 40
    assert "TP 0/40" in own["result"]["text"] or "HP 0/40" in own["result"]["text"]
    seen = recovery("player")
    roll = seen["rolls"][0]
    assert seen["health"] == {"estimate": "down"}
    assert roll["request"]["creature"] == {"estimate": "down"}
    assert roll["result"]["creature"] in ({"estimate": "down"}, {"estimate": "dead"})
    assert "text" not in roll["result"]
    assert roll["result"]["degree"] == own["result"]["degree"]  # the roll itself is open
    assert roll["dice"] == own["dice"]
    assert "max_hp" not in json.dumps(seen)
