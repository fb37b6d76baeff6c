"""A player ends their own turn whatever comes next, and no refusal to a player names
or reveals a hidden creature."""

from __future__ import annotations

import json

import pytest

from regelwerk.table.errors import TableError

from .conftest import make_table
from .pf2e_sheets import GOBLIN, VALEROS

HIDDEN_NAME = "Lauerer-Xq9"


def test_player_ends_turn_before_a_hidden_creature() -> None:
    table = make_table("pf2e", "en", fixed="hidden-turns")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros", "sheet": VALEROS})
    s.execute(table.gm, {"type": "add_character", "name": HIDDEN_NAME, "kind": "creature",
                         "hidden": True, "sheet": dict(GOBLIN, perception=-20)})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2"]})
    state = s.state(table.gm)["encounter"]
    while state["active"] != "c1":
        s.execute(table.gm, {"type": "end_turn"})
        state = s.state(table.gm)["encounter"]
    result = s.execute(table.player, {"type": "end_turn", "character_id": "c1"})
    assert result["ok"]
    assert s.state(table.gm)["encounter"]["active"] == "c2"
    shown = json.dumps([result, s.state(table.player), s.events(table.player)])
    assert HIDDEN_NAME not in shown
    assert '"c2"' not in shown

    # now the hidden creature acts: a player's refusal neither names nor reveals it
    for command in ({"type": "end_turn"}, {"type": "end_turn", "character_id": "c1"},
                    {"type": "delay", "character_id": "c1"}):
        with pytest.raises(TableError) as refused:
            s.execute(table.player, command)
        assert "c2" not in str(refused.value)
        assert HIDDEN_NAME not in str(refused.value)
