"""Sustain spends its action, and Ready is spent as the creature's reaction (issue 12:
"actions spent and validated with the existing turn rules", "Delay and Ready",
"reactions once per round")."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk.table.errors import NotAllowed

from .conftest import Table
from .test_encounter_pf2e import _enc, _setup, _turn_to


def test_sustaining_an_effect_spends_one_of_the_creators_actions() -> None:
    """Sustain is an action of the effect's creator ("Sustain a sustained effect (1
    action of its creator, in the creator's turn)", docs/table.md): after it two
    actions are left, so a fourth action in the turn is refused."""
    table = _setup()
    s = table.service
    _turn_to(table, "c1")
    s.execute(table.player, {"type": "add_effect", "label": "Light", "kind": "sustained",
                             "creator": "c1", "target": "c1"})
    _turn_to(table, "c1")
    answer = s.execute(table.player, {"type": "sustain", "effect_id": "e1"})
    assert [e["kind"] for e in answer["events"]] == ["effect_sustained", "actions_spent"]
    valeros = _enc(table)["participants"]["c1"]
    assert valeros["actions_left"] == 2
    assert [step["name"] for step in valeros["spent"]] == ["Sustain"]
    for _ in range(2):
        s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Stride"})
    with pytest.raises(NotAllowed):
        s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Stride"})
    with pytest.raises(NotAllowed):  # nor sustained with no action left
        s.execute(table.player, {"type": "sustain", "effect_id": "e1"})
    s.execute(table.gm, {"type": "end_turn"})
    assert [e["label"] for e in _enc(table)["effects"]] == ["Light"]  # it was sustained


def _c1_s_turn() -> tuple[Table, dict[str, Any]]:
    """The table in c1's turn (order c1, c2, c3) and c1's Strike at c2."""
    table = _setup()
    table.service.execute(table.gm, {"type": "set_order", "order": ["c1", "c2", "c3"]})
    _turn_to(table, "c1")
    return table, {"type": "strike", "character_id": "c1", "target_id": "c2",
                   "strike": "Longsword"}


def test_a_readied_strike_is_the_reaction_without_the_multiple_attack_penalty() -> None:
    """Ready costs 2 actions and is used as the reaction (docs/rulings.md, "Table:
    Delay and Ready"); "In einer Begegnung erhältst du jede Runde 1 Reaktion", and
    "Der Malus für mehrfache Angriffe wird nur während deines Zuges angewendet, du
    musst ihn also nicht nachhalten, wenn du einen Gelegenheitsangriff machen kannst
    oder eine ähnliche Reaktion, die es dir erlaubt, während eines fremden Zuges einen
    Angriff auszuführen." (chapter 9)."""
    table, strike = _c1_s_turn()
    s = table.service
    s.execute(table.player, strike)  # the first attack of the turn
    answer = s.execute(table.player, {"type": "ready", "character_id": "c1",
                                      "action": "Strike", "trigger": "the troll moves"})
    assert [e["kind"] for e in answer["events"]] == ["actions_spent", "readied"]
    valeros = _enc(table)["participants"]["c1"]
    assert (valeros["actions_left"], valeros["ready"]["action"]) == (0, "Strike")
    s.execute(table.gm, {"type": "end_turn"})
    assert _enc(table)["active"] == "c2"
    answer = s.execute(table.player, {**strike, "ready": True})
    rolled = next(e["payload"] for e in answer["events"] if e["kind"] == "strike_rolled")
    assert rolled["penalty"] == 0  # not −5: the attack is on the troll's turn
    labels = [m["label"] for m in rolled["rolls"][0]["request"]["modifiers"]]
    assert "multiple attack penalty" not in labels
    used = next(e["payload"] for e in answer["events"] if e["kind"] == "reaction_used")
    assert (used["reactions_left"], used["ready_used"]) == (0, True)
    valeros = _enc(table)["participants"]["c1"]
    assert (valeros["reactions_left"], valeros["ready"]) == (0, None)
    with pytest.raises(NotAllowed):  # the readied action is spent
        s.execute(table.player, {**strike, "ready": True})
    with pytest.raises(NotAllowed):  # and so is the round's one reaction
        s.execute(table.player, {**strike, "reaction": True})


def test_ready_needs_two_actions_and_a_readied_strike_needs_a_ready() -> None:
    table, strike = _c1_s_turn()
    s = table.service
    with pytest.raises(NotAllowed):  # nothing readied yet
        s.execute(table.player, {**strike, "ready": True})
    for _ in range(2):
        s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Stride"})
    with pytest.raises(NotAllowed):  # one action left, Ready costs two
        s.execute(table.player, {"type": "ready", "character_id": "c1", "action": "Strike",
                                 "trigger": "the troll moves"})
    assert _enc(table)["participants"]["c1"]["ready"] is None
