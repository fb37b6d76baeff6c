"""The game master's notes reach the game master alone."""

from __future__ import annotations

import json

import pytest

from regelwerk.table.errors import NotAuthorized
from tests.table.conftest import make_table


def test_a_note_is_the_game_masters_alone() -> None:
    t = make_table("pf2e", "en")
    t.service.execute(t.gm, {"type": "note", "text": "The ogre is a dragon in disguise."})
    assert t.service.events(t.gm)[-1]["payload"]["note"] == "The ogre is a dragon in disguise."
    for viewer in (t.player, t.other):
        seen = t.service.events(viewer)[-1]
        assert (seen["kind"], seen["payload"]) == ("hidden", {"secret": True})
        assert "dragon" not in json.dumps([t.service.events(viewer), t.service.state(viewer)])
    with pytest.raises(NotAuthorized):
        t.service.execute(t.player, {"type": "note", "text": "mine"})
