"""A Strike's odds before the roll against a creature whose AC players do not see:
decided on the server; the AC never in the answer; off when the table says so."""

from __future__ import annotations

import json

import pytest

from regelwerk.table.errors import NotAllowed
from tests.table.conftest import make_table
from tests.table.pf2e_sheets import GOBLIN, VALEROS


def test_odds_against_a_hidden_ac_without_the_ac() -> None:
    t = make_table("pf2e", "en")
    valeros = t.service.execute(t.player, {"type": "add_character", "name": "Valeros",
                                           "sheet": VALEROS})["events"][0]["payload"]
    goblin = t.service.execute(t.gm, {"type": "add_character", "name": "Goblin",
                                      "kind": "creature", "sheet": GOBLIN})["events"][0]
    vid, gid = valeros["character"]["id"], goblin["payload"]["character"]["id"]
    # The player's state has no sheet of the goblin, so no AC.
    assert "sheet" not in t.service.state(t.player)["characters"][gid]
    odds = t.service.strike_odds(t.player, vid, "Longsword", gid)
    # +10 against AC 16: a 6 or more hits (75 %), a 16 or more is critical (25 %).
    assert odds["hit"] == pytest.approx(0.75)
    assert odds["critical"] == pytest.approx(0.25)
    assert odds["modifier"] == 10
    assert "16" not in json.dumps(odds)
    assert "ac" not in json.dumps(odds).lower()
    t.service.execute(t.gm, {"type": "set_setting", "key": "hidden_ac_odds", "value": False})
    with pytest.raises(NotAllowed, match="Only the game master knows Goblin's AC"):
        t.service.strike_odds(t.player, vid, "Longsword", gid)
    # The game master still sees them; a character's AC stays open to players.
    assert t.service.strike_odds(t.gm, gid, "Dogslicer", vid)["hit"] == pytest.approx(0.55)
