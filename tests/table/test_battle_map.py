"""The table's battle map: the game master sets it and places tokens, a player moves
their own; a hidden creature's token reaches no player (state or event)."""

from __future__ import annotations

import json

import pytest

from regelwerk.table.errors import InvalidCommand, NotAllowed, NotAuthorized
from regelwerk.table.state import canonical, fold
from tests.table.conftest import make_table
from tests.table.pf2e_sheets import GOBLIN, TROLL, VALEROS

MAP = {"width": 8, "height": 6, "walls": [[4, 0], [4, 1]], "ambient": "dim",
       "lights": [{"at": [1, 1], "radius": 6}]}


def test_tokens_on_the_map_as_each_viewer_may_see_them() -> None:
    t = make_table("pf2e", "en")
    with pytest.raises(NotAllowed, match="no battle map yet"):
        t.service.execute(t.gm, {"type": "place", "character_id": "c1", "at": [0, 0]})
    t.service.execute(t.gm, {"type": "set_map", "map": MAP})
    hero = t.service.execute(t.player, {"type": "add_character", "name": "Valeros",
                                        "sheet": VALEROS})["events"][0]["payload"]
    vid = hero["character"]["id"]
    gid = t.service.execute(t.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                                   "sheet": GOBLIN})["events"][0]["payload"]["character"]["id"]
    tid = t.service.execute(t.gm, {"type": "add_character", "name": "Troll", "kind": "creature",
                                   "hidden": True, "sheet": TROLL}
                            )["events"][0]["payload"]["character"]["id"]
    t.service.execute(t.player, {"type": "place", "character_id": vid, "at": [1, 2]})
    t.service.execute(t.gm, {"type": "place", "character_id": gid, "at": [6, 2]})
    answer = t.service.execute(t.gm, {"type": "place", "character_id": tid, "at": [6, 4],
                                      "size": "large"})
    assert answer["events"][0]["audience"] == ["gm"]
    with pytest.raises(NotAuthorized):
        t.service.execute(t.other, {"type": "place", "character_id": vid, "at": [2, 2]})
    with pytest.raises(NotAllowed, match="off the map: squares go from 0, 0 to 7, 5"):
        t.service.execute(t.gm, {"type": "place", "character_id": tid, "at": [7, 5],
                                 "size": "large"})
    gm_map = t.service.state(t.gm)["battle_map"]
    assert gm_map["tokens"] == {vid: {"at": [1, 2], "size": "medium"},
                                gid: {"at": [6, 2], "size": "medium"},
                                tid: {"at": [6, 4], "size": "large"}}
    assert gm_map["map"]["walls"] == [[4, 0], [4, 1]]
    for viewer in (t.player, t.other):
        seen = t.service.state(viewer)["battle_map"]
        assert set(seen["tokens"]) == {vid, gid}
        events = json.dumps(t.service.events(viewer))
        assert "[6, 4]" not in events
        assert "large" not in events
    t.service.execute(t.gm, {"type": "reveal", "character_id": tid})
    assert tid in t.service.state(t.player)["battle_map"]["tokens"]
    # A smaller map takes off the tokens that no longer fit.
    t.service.execute(t.gm, {"type": "set_map", "map": {"width": 5, "height": 5}})
    assert set(t.service.state(t.gm)["battle_map"]["tokens"]) == {vid}
    with pytest.raises(InvalidCommand, match="width"):
        t.service.execute(t.gm, {"type": "set_map", "map": {"width": 0, "height": 5}})
    with pytest.raises(NotAuthorized):
        t.service.execute(t.player, {"type": "set_map", "map": MAP})


def test_undo_puts_the_map_and_the_tokens_back() -> None:
    """Map changes are game commands like the others: ``undo`` reverts the last one
    (docs/rulings.md, "Table: the battle map")."""
    t = make_table("pf2e", "en")
    vid = t.service.execute(t.player, {"type": "add_character", "name": "Valeros",
                                       "sheet": VALEROS})["events"][0]["payload"]["character"]["id"]
    tid = t.service.execute(t.gm, {"type": "add_character", "name": "Troll", "kind": "creature",
                                   "hidden": True, "sheet": TROLL}
                            )["events"][0]["payload"]["character"]["id"]
    t.service.execute(t.gm, {"type": "set_map", "map": MAP})
    t.service.execute(t.player, {"type": "place", "character_id": vid, "at": [1, 2]})
    t.service.execute(t.player, {"type": "place", "character_id": vid, "at": [3, 3]})
    t.service.execute(t.gm, {"type": "place", "character_id": tid, "at": [6, 4]})
    # A smaller map takes Valeros off (his token no longer fits): one command.
    t.service.execute(t.gm, {"type": "set_map", "map": {"width": 3, "height": 3}})
    assert t.service.state(t.gm)["battle_map"]["tokens"] == {}

    t.service.execute(t.gm, {"type": "undo"})
    gm_map = t.service.state(t.gm)["battle_map"]
    assert gm_map["map"]["width"] == 8
    assert gm_map["tokens"] == {vid: {"at": [3, 3], "size": "medium"},
                                tid: {"at": [6, 4], "size": "medium"}}
    # Undoing the hidden creature's token is the game master's alone.
    undone = t.service.execute(t.gm, {"type": "undo"})["events"][0]
    assert undone["audience"] == ["gm"]
    assert t.service.events(t.player)[-1]["payload"] == {"secret": True}
    assert tid not in t.service.state(t.gm)["battle_map"]["tokens"]
    t.service.execute(t.gm, {"type": "undo"})
    assert t.service.state(t.player)["battle_map"]["tokens"] == {vid: {"at": [1, 2],
                                                                        "size": "medium"}}
    t.service.execute(t.gm, {"type": "undo"})
    t.service.execute(t.gm, {"type": "undo"})
    assert t.service.state(t.gm)["battle_map"] == {"map": None, "tokens": {}}
    # The log replays to the same state.
    assert canonical(fold(t.store.read(t.table_id))) == canonical(
        t.service._current(t.table_id))
