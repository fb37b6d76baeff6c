"""The start of a PF2e turn at the table: fast healing, and effects that last a
number of rounds ticking down at their creator's turn start (issue 12: "Start of a
turn: … effects counting on this creature's turn start tick down and expire, fast
healing and regeneration")."""

from __future__ import annotations

from typing import Any

from .conftest import Table, make_table
from .pf2e_sheets import GOBLIN, TROLL, VALEROS


def _table(valeros: dict[str, Any]) -> Table:
    table = make_table("pf2e", fixed="turn-start")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros", "sheet": valeros})
    s.execute(table.gm, {"type": "add_character", "name": "Troll", "kind": "creature",
                         "sheet": dict(TROLL, regeneration=0, regeneration_off_by=[])})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": GOBLIN})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}, {"character_id": "c3"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2", "c3"]})
    return table


def _gm_state(table: Table) -> dict[str, Any]:
    state: dict[str, Any] = table.service.state(table.gm)
    return state


def _end_turns_until(table: Table, cid: str) -> None:
    for _ in range(6):
        table.service.execute(table.gm, {"type": "end_turn"})
        if _gm_state(table)["encounter"]["active"] == cid:
            return
    raise AssertionError(f"{cid} never got a turn")


def test_fast_healing_at_the_start_of_the_creatures_own_turn() -> None:
    """"Eine Kreatur mit einer dieser Fähigkeiten erlangt die genannte Anzahl an
    Trefferpunkten jede Runde zu Beginn ihres Zuges zurück." (chapter 9, Schnelle
    Heilung und Regeneration)"""
    table = _table(dict(VALEROS, fast_healing=5))
    s = table.service
    _end_turns_until(table, "c2")  # Valeros's turn is over
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 12,
                         "damage_type": "slashing"})
    assert _gm_state(table)["characters"]["c1"]["health"]["hp"] == 28
    s.execute(table.gm, {"type": "end_turn"})  # the goblin's turn: no healing
    assert _gm_state(table)["characters"]["c1"]["health"]["hp"] == 28
    answer = s.execute(table.gm, {"type": "end_turn"})  # Valeros's turn begins
    healed = [e["payload"] for e in answer["events"] if e["kind"] == "health_changed"]
    assert [(h["character_id"], h["reason"], h["health"]["hp"]) for h in healed] == [
        ("c1", "start_of_turn", 33)]
    kinds = [e["kind"] for e in answer["events"]]
    assert kinds.index("health_changed") < kinds.index("turn_started")
    _end_turns_until(table, "c1")
    assert _gm_state(table)["characters"]["c1"]["health"]["hp"] == 38
    _end_turns_until(table, "c1")
    assert _gm_state(table)["characters"]["c1"]["health"]["hp"] == 40  # never above max
    _end_turns_until(table, "c1")
    assert _gm_state(table)["characters"]["c1"]["health"]["hp"] == 40


def test_an_effect_of_rounds_ticks_at_its_creators_turn_start_and_expires() -> None:
    """"Bei einem Effekt, der eine bestimmte Anzahl von Runden andauert, wird die
    verbleibende Wirkungsdauer zu Beginn des Zuges der Kreatur, die den Effekt erzeugt
    hat, um 1 reduziert." (chapter 9, Wirkungsdauer)"""
    table = _table(VALEROS)
    s = table.service
    s.execute(table.player, {"type": "add_effect", "label": "Inspire", "kind": "rounds",
                             "creator": "c1", "target": "c2", "remaining": 2})

    def left() -> list[int]:
        return [e["remaining"] for e in _gm_state(table)["encounter"]["effects"]]

    assert left() == [2]
    _end_turns_until(table, "c2")  # the target's turn starts: nothing ticks
    assert left() == [2]
    _end_turns_until(table, "c1")  # the creator's turn starts: 2 -> 1
    assert left() == [1]
    answer = _end_turns_until_events(table, "c1")  # and again: it expires
    assert left() == []
    kinds = [e["kind"] for e in answer]
    assert "effects_changed" in kinds
    assert kinds.index("effects_changed") < kinds.index("turn_started")


def _end_turns_until_events(table: Table, cid: str) -> list[dict[str, Any]]:
    """End turns until ``cid``'s turn begins; the events of the last end."""
    for _ in range(6):
        answer = table.service.execute(table.gm, {"type": "end_turn"})
        if _gm_state(table)["encounter"]["active"] == cid:
            events: list[dict[str, Any]] = answer["events"]
            return events
    raise AssertionError(f"{cid} never got a turn")
