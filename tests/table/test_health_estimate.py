"""Players see others' hit points as a health estimate (a table setting), their own
exactly (issue 12, "Secrets, server-side"; docs/rulings.md, "Table: health
estimates": quarters of the maximum)."""

from __future__ import annotations

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
