"""PF2e encounter automation: initiative, turn starts and ends, actions, MAP,
reactions, persistent damage, dying, effects, Delay, proposals."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk.table.encounter import order_by_initiative
from regelwerk.table.errors import NotAllowed

from .conftest import Table, make_table
from .pf2e_sheets import GOBLIN, TROLL, VALEROS


def _setup(fixed: str = "enc", **settings: Any) -> Table:
    table = make_table("pf2e", fixed=fixed)
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros", "sheet": VALEROS})
    s.execute(table.gm, {"type": "add_character", "name": "Troll", "kind": "creature",
                         "sheet": TROLL})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": GOBLIN})
    for key, value in settings.items():
        s.execute(table.gm, {"type": "set_setting", "key": key, "value": value})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"},
        {"character_id": "c3", "statistic": "stealth"}]})
    return table


def _turn_to(table: Table, cid: str) -> None:
    """End turns until a new turn of ``cid`` begins."""
    for _ in range(6):
        table.service.execute(table.gm, {"type": "end_turn"})
        if _enc(table)["active"] == cid:
            return
    raise AssertionError(f"{cid} never got a turn")


def _enc(table: Table) -> dict[str, Any]:
    encounter: dict[str, Any] = table.service.state(table.gm)["encounter"]
    return encounter


def _char(table: Table, cid: str) -> dict[str, Any]:
    found: dict[str, Any] = table.service.state(table.gm)["characters"][cid]
    return found


def test_initiative_is_perception_or_a_named_skill_with_its_odds() -> None:
    table = _setup()
    started = next(e for e in table.service.events(table.gm)
               if e["kind"] == "encounter_started")
    rolls = {r["label"]: r for r in started["payload"]["rolls"]}
    # "Manchmal legst du aber auch einen Fertigkeitswurf ab anstelle eines
    # Wahrnehmungswurfs, um deine Initiative zu bestimmen."
    assert rolls["initiative Goblin"]["request"]["expression"] == "1d20+7"
    assert rolls["initiative Valeros"]["request"]["expression"] == "1d20+7"
    assert 0 < rolls["initiative Troll"]["result"]["probability"] < 1
    participants = started["payload"]["encounter"]["participants"]
    totals = [participants[c]["initiative"] for c in _enc(table)["order"]]
    assert totals == sorted(totals, reverse=True)


def test_ties_follow_the_tables_rule() -> None:
    rows = [{"character_id": "hero", "initiative": 15, "modifier": 9, "foe": False,
             "index": 0},
            {"character_id": "orc", "initiative": 15, "modifier": 3, "foe": True,
             "index": 1}]
    assert order_by_initiative(rows, "foes_first") == ["orc", "hero"]
    assert order_by_initiative(rows, "characters_first") == ["hero", "orc"]
    assert order_by_initiative(rows, "modifier") == ["hero", "orc"]
    assert order_by_initiative(rows, "given_order") == ["hero", "orc"]


def test_a_turn_begins_with_three_actions_and_a_reaction() -> None:
    table = _setup()
    active = _enc(table)["active"]
    p = _enc(table)["participants"][active]
    # "Mit Beginn seines Zuges erhält ein Beteiligter eine gewisse Anzahl von Aktionen
    # (bei SC und anderen Kreaturen üblicherweise 3), sowie eine Reaktion"
    assert (p["actions_left"], p["reactions_left"]) == (3, 1)


@pytest.mark.parametrize(("cid", "condition", "left"), [
    ("c1", {"name": "Verlangsamt", "value": 1}, (2, 0)),
    ("c2", {"name": "stunned", "value": 2}, (1, 0)),
    ("c3", {"name": "quickened", "quickened_for": ["Stride", "Strike"]}, (3, 1)),
])
def test_slowed_stunned_and_quickened_change_the_actions(
        cid: str, condition: dict[str, Any], left: tuple[int, int]) -> None:
    table = _setup()
    table.service.execute(table.gm, {"type": "condition", "character_id": cid, **condition})
    _turn_to(table, cid)
    p = _enc(table)["participants"][cid]
    assert (p["actions_left"], p["quickened_left"]) == left
    if cid == "c2":
        # stunned 2 took two actions away and is gone
        assert "stunned" not in _char(table, "c2")["conditions"]


def test_actions_are_checked_and_the_fourth_is_refused() -> None:
    table = _setup()
    _turn_to(table, "c1")
    s = table.service
    s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Stride"})
    s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Sudden Charge",
                             "cost": 2})
    with pytest.raises(NotAllowed):
        s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Stride"})


def test_the_multiple_attack_penalty_counts_each_attack() -> None:
    table = _setup()
    _turn_to(table, "c1")
    penalties = []
    for strike in ("Longsword", "Dagger", "Longsword"):
        result = table.service.execute(table.player, {
            "type": "strike", "character_id": "c1", "target_id": "c2", "strike": strike})
        event = next(e for e in result["events"] if e["kind"] == "strike_rolled")
        roll = event["payload"]["rolls"][0]
        penalties.append(event["payload"]["penalty"])
        map_mods = [m for m in roll["request"]["modifiers"]
                    if m["label"] == "multiple attack penalty"]
        assert [m["value"] for m in map_mods] == ([event["payload"]["penalty"]]
                                                  if event["payload"]["penalty"] else [])
    # second attack with an agile weapon −4, third (not agile) −10
    assert penalties == [0, -4, -10]


def test_a_reaction_once_per_round() -> None:
    table = _setup()
    _turn_to(table, "c2")
    s = table.service
    s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Shield Block",
                             "cost": "reaction", "trigger": "damage"})
    with pytest.raises(NotAllowed) as caught:
        s.execute(table.player, {"type": "act", "character_id": "c1",
                                 "name": "Attack of Opportunity", "cost": "reaction"})
    assert "reaction" in caught.value.message
    with pytest.raises(NotAllowed):
        s.execute(table.player, {"type": "act", "character_id": "c1", "name": "Stride"})


def test_persistent_damage_goes_through_weakness_then_the_flat_check() -> None:
    table = _setup()
    s = table.service
    s.execute(table.gm, {"type": "damage", "character_id": "c2", "dice": "1d6",
                         "damage_type": "fire", "persistent": True})
    _turn_to(table, "c2")
    before = _char(table, "c2")["health"]["hp"]
    result = s.execute(table.gm, {"type": "end_turn"})
    hurt = next(e for e in result["events"] if e["kind"] == "health_changed")
    roll = hurt["payload"]["rolls"][0]["result"]
    # weakness fire 5 adds to the persistent fire damage
    assert hurt["payload"]["amount"] == roll["damage"] + 5
    assert hurt["payload"]["health"]["hp"] == before - roll["damage"] - 5
    # "Danach kannst du einen Einfachen Wurf gegen SG 15 ablegen"
    assert roll["ended"] == (roll["natural"] >= 15)
    left = _char(table, "c2")["persistent"]
    assert left == ([] if roll["ended"] else [{"dice": "1d6", "type": "fire"}])


def test_regeneration_heals_at_the_start_of_the_turn() -> None:
    table = _setup()
    s = table.service
    s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 30,
                         "damage_type": "slashing"})
    assert _char(table, "c2")["health"]["hp"] == 85
    _turn_to(table, "c2")
    assert _char(table, "c2")["health"]["hp"] == 105


def test_frightened_drops_by_one_at_the_end_of_the_turn() -> None:
    table = _setup()
    s = table.service
    _turn_to(table, "c1")
    s.execute(table.gm, {"type": "condition", "character_id": "c1", "name": "frightened",
                         "value": 2})
    s.execute(table.gm, {"type": "end_turn"})
    assert _char(table, "c1")["conditions"] == {"frightened": 1}


def test_dropping_to_zero_moves_initiative_and_the_dying_roll_recovery() -> None:
    table = _setup()
    s = table.service
    s.execute(table.gm, {"type": "set_order", "order": ["c2", "c3", "c1"]})
    _turn_to(table, "c3")
    result = s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 40,
                                  "damage_type": "bludgeoning"})
    kinds = [e["kind"] for e in result["events"]]
    assert kinds == ["health_changed", "initiative_moved"]
    # "Deine Initiative verschiebt sich direkt vor den Initiativewert, zu dem du auf
    # 0 TP reduziert wurdest."
    assert _enc(table)["order"] == ["c2", "c1", "c3"]
    assert _char(table, "c1")["health"]["dying"] == 1
    _turn_to(table, "c1")
    checks = [e for e in s.events(table.gm) if e["payload"].get("reason") == "recovery_check"]
    assert len(checks) == 1
    roll = checks[0]["payload"]["rolls"][0]
    assert roll["request"]["action"] == "recovery_check"
    # "der SG ist gleich 10 + dein aktueller Zustandswert für Sterbend"
    assert roll["result"]["dc"] == 11
    assert _enc(table)["participants"]["c1"]["actions_left"] == 0


def test_effects_until_the_end_of_the_targets_next_turn_and_sustained() -> None:
    table = _setup()
    s = table.service
    _turn_to(table, "c1")
    s.execute(table.player, {"type": "add_effect", "label": "Demoralize", "kind": "target_turns",
                             "creator": "c1", "target": "c2", "grants": {"frightened": 1}})
    s.execute(table.player, {"type": "add_effect", "label": "Light", "kind": "sustained",
                             "creator": "c1", "target": "c1"})
    assert _char(table, "c2")["conditions"] == {"frightened": 1}
    s.execute(table.gm, {"type": "end_turn"})
    assert [e["label"] for e in _enc(table)["effects"]] == ["Demoralize", "Light"]
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2", "c3"]})
    assert _enc(table)["active"] == "c2"
    s.execute(table.gm, {"type": "end_turn"})
    # "until the end of the target's next turn": the troll's turn has ended
    assert [e["label"] for e in _enc(table)["effects"]] == ["Light"]
    assert _char(table, "c2")["conditions"] == {}
    _turn_to(table, "c1")
    s.execute(table.player, {"type": "sustain", "effect_id": "e2"})
    s.execute(table.gm, {"type": "end_turn"})
    assert [e["label"] for e in _enc(table)["effects"]] == ["Light"]
    _turn_to(table, "c1")
    s.execute(table.gm, {"type": "end_turn"})
    # not sustained in its creator's turn: it ends
    assert _enc(table)["effects"] == []


def test_delay_and_return() -> None:
    table = _setup()
    s = table.service
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2", "c3"]})
    _turn_to(table, "c1")
    s.execute(table.gm, {"type": "end_turn"})
    _turn_to(table, "c1")
    s.execute(table.player, {"type": "delay", "character_id": "c1"})
    assert _enc(table)["active"] == "c2"
    assert _enc(table)["delayed"] == ["c1"]
    s.execute(table.gm, {"type": "end_turn"})
    turns = _enc(table)["participants"]["c3"]["turns"]
    s.execute(table.player, {"type": "resume", "character_id": "c1"})
    assert _enc(table)["active"] == "c1"
    assert _enc(table)["order"] == ["c2", "c1", "c3"]
    assert _enc(table)["participants"]["c1"]["actions_left"] == 3
    s.execute(table.gm, {"type": "end_turn"})
    assert _enc(table)["active"] == "c3"
    # the goblin's turn had begun: it goes on, it does not begin again
    assert _enc(table)["participants"]["c3"]["turns"] == turns


def test_proposals_wait_for_the_game_master() -> None:
    table = _setup("prop", **{"automation.persistent_damage": "propose"})
    s = table.service
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 3,
                         "damage_type": "fire", "persistent": True})
    _turn_to(table, "c1")
    before = _char(table, "c1")["health"]["hp"]
    s.execute(table.gm, {"type": "end_turn"})
    proposals = _enc(table)["proposals"]
    assert len(proposals) == 1
    assert _char(table, "c1")["health"]["hp"] == before
    assert "proposals" not in table.service.state(table.player)["encounter"]
    s.execute(table.gm, {"type": "resolve_proposal", "proposal_id": proposals[0]["id"]})
    assert _char(table, "c1")["health"]["hp"] == before - 3
    _turn_to(table, "c1")
    s.execute(table.gm, {"type": "end_turn"})
    proposal = _enc(table)["proposals"][0]
    override = dict(_char(table, "c1")["health"], hp=before)
    s.execute(table.gm, {"type": "resolve_proposal", "proposal_id": proposal["id"],
                         "health": override})
    assert _char(table, "c1")["health"]["hp"] == before
    kinds = [e["kind"] for e in s.events(table.gm)][-2:]
    assert kinds == ["proposal_resolved", "health_changed"]


def test_heroic_recovery_at_the_start_of_the_turn() -> None:
    table = make_table("pf2e", fixed="hero")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros",
                             "sheet": dict(VALEROS, hero_points=1)})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": GOBLIN})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c2", "c1"]})
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 40,
                         "damage_type": "slashing"})
    with pytest.raises(NotAllowed):
        s.execute(table.player, {"type": "heroic_recovery", "character_id": "c1"})
    _turn_to(table, "c1")
    # with a hero point left the recovery check waits for the player's choice
    assert _enc(table)["participants"]["c1"]["recovery_pending"] is True
    s.execute(table.player, {"type": "heroic_recovery", "character_id": "c1"})
    health = _char(table, "c1")["health"]
    # "Du verlierst den Zustand Sterbend. Wenn du eine heldenhafte Erholung
    # durchführst, erhältst du nicht den Zustand Verwundet"
    assert (health["dying"], health["wounded"], health["hero_points"], health["hp"]) == (
        0, 0, 0, 0)
    with pytest.raises(NotAllowed):
        s.execute(table.player, {"type": "recovery_check", "character_id": "c1"})


def test_a_held_back_recovery_check_is_rolled_when_the_turn_ends() -> None:
    table = make_table("pf2e", fixed="hero2")
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros",
                             "sheet": dict(VALEROS, hero_points=2)})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": GOBLIN})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c2", "c1"]})
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 40,
                         "damage_type": "slashing"})
    _turn_to(table, "c1")
    result = s.execute(table.player, {"type": "end_turn"})
    reasons = [e["payload"].get("reason") for e in result["events"]]
    assert reasons[0] == "recovery_check"


def test_damage_goes_through_weakness_and_switches_regeneration_off() -> None:
    table = _setup()
    s = table.service
    result = s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 10,
                                  "damage_type": "Feuer"})
    hurt = result["events"][0]["payload"]
    # weakness fire 5: 10 + 5
    assert hurt["amount"] == 15
    assert hurt["health"]["hp"] == 100
    assert "regeneration_off" in hurt["events"]
    _turn_to(table, "c2")
    # regeneration switched off by fire heals nothing at the start of the next turn
    assert _char(table, "c2")["health"]["hp"] == 100


def test_a_critical_strike_doubles_the_damage() -> None:
    table = _setup()
    s = table.service
    _turn_to(table, "c1")
    for _ in range(30):
        result = s.execute(table.gm, {"type": "strike", "character_id": "c1",
                                      "target_id": "c3", "strike": "Longsword",
                                      "modifiers": [{"value": 30, "type": "untyped",
                                                     "label": "test"}]})
        strike = result["events"][0]["payload"]
        if strike["degree"] == "critical_success":
            damage = strike["rolls"][1]
            assert damage["request"]["critical"] is True
            # "Dann verdoppelst oder halbierst du das Ergebnis entsprechend."
            faces = sum(d["face"] for d in damage["dice"])
            assert damage["result"]["total"] == 2 * (faces + 4)
            return
        s.execute(table.gm, {"type": "end_turn"})
        _turn_to(table, "c1")
    raise AssertionError("no critical hit in 30 Strikes at +40 against AC 16")


def test_undo_puts_back_the_turn() -> None:
    table = _setup()
    s = table.service
    before = _enc(table)
    s.execute(table.gm, {"type": "end_turn"})
    assert _enc(table) != before
    s.execute(table.gm, {"type": "undo"})
    assert _enc(table) == before


def test_the_dead_take_no_turns() -> None:
    table = _setup()
    s = table.service
    s.execute(table.gm, {"type": "set_order", "order": ["c1", "c2", "c3"]})
    # the goblin dies at 0 HP ("dies_at_zero")
    s.execute(table.gm, {"type": "damage", "character_id": "c3", "amount": 20,
                         "damage_type": "slashing"})
    assert _char(table, "c3")["health"]["dead"] is True
    for _ in range(6):
        s.execute(table.gm, {"type": "end_turn"})
        assert _enc(table)["active"] in ("c1", "c2")


def test_every_kind_of_step_can_wait_for_the_game_master() -> None:
    steps = ("start_of_turn", "recovery_check", "end_of_turn", "persistent_damage",
             "initiative_move")
    table = _setup("all", **{f"automation.{step}": "propose" for step in steps})
    s = table.service
    s.execute(table.gm, {"type": "set_order", "order": ["c2", "c3", "c1"]})
    _turn_to(table, "c3")
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 40,
                         "damage_type": "bludgeoning"})
    (proposal,) = _enc(table)["proposals"]
    assert proposal["step"] == "initiative_move"
    assert _enc(table)["order"] == ["c2", "c3", "c1"]
    s.execute(table.gm, {"type": "resolve_proposal", "proposal_id": proposal["id"]})
    assert _enc(table)["order"] == ["c2", "c1", "c3"]
    s.execute(table.gm, {"type": "damage", "character_id": "c2", "amount": 10,
                         "damage_type": "slashing"})
    s.execute(table.gm, {"type": "condition", "character_id": "c3", "name": "frightened",
                         "value": 1})
    s.execute(table.gm, {"type": "end_turn"})
    _turn_to(table, "c2")
    kinds = {p["step"] for p in _enc(table)["proposals"]}
    # the goblin's frightened, the hero's recovery check, the troll's regeneration
    assert kinds == {"end_of_turn", "recovery_check", "start_of_turn"}
    assert _char(table, "c2")["health"]["hp"] == 105
    for proposal in _enc(table)["proposals"]:
        s.execute(table.gm, {"type": "resolve_proposal", "proposal_id": proposal["id"],
                             "confirm": proposal["step"] != "end_of_turn"})
    assert _char(table, "c2")["health"]["hp"] == 115
    assert _char(table, "c3")["conditions"] == {"frightened": 1}
    assert _enc(table)["proposals"] == []


def test_reinforcements_join_by_initiative_and_participants_leave() -> None:
    table = _setup()
    s = table.service
    s.execute(table.gm, {"type": "add_character", "name": "Goblin 2", "kind": "creature",
                         "sheet": GOBLIN})
    active = _enc(table)["active"]
    result = s.execute(table.gm, {"type": "join_encounter", "character_id": "c4",
                                  "statistic": "stealth"})
    joined = result["events"][0]["payload"]
    assert joined["rolls"][0]["request"]["expression"] == "1d20+7"
    running = _enc(table)
    totals = [running["participants"][c]["initiative"] for c in running["order"]]
    assert totals == sorted(totals, reverse=True)
    assert running["active"] == active
    assert running["order"][running["position"]] == active
    s.execute(table.gm, {"type": "leave_encounter", "character_id": "c4"})
    running = _enc(table)
    assert "c4" not in running["order"]
    assert running["order"][running["position"]] == active
    with pytest.raises(NotAllowed):
        s.execute(table.gm, {"type": "leave_encounter", "character_id": active})


def _dying_valeros(fixed: str, hero_points: int) -> Table:
    """Valeros (hero points as given) knocked out by a critical hit: dying 2."""
    table = make_table("pf2e", fixed=fixed)
    s = table.service
    s.execute(table.player, {"type": "add_character", "name": "Valeros",
                             "sheet": dict(VALEROS, hero_points=hero_points)})
    s.execute(table.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                         "sheet": GOBLIN})
    s.execute(table.gm, {"type": "start_encounter", "participants": [
        {"character_id": "c1"}, {"character_id": "c2"}]})
    s.execute(table.gm, {"type": "set_order", "order": ["c2", "c1"]})
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 40,
                         "damage_type": "slashing", "critical": True,
                         "avoid_death": True})
    health = _char(table, "c1")["health"]
    # dying rises but does not reach the limit: the hero points are kept
    assert (health["dying"], health["hero_points"]) == (2, hero_points)
    return table


def test_hero_points_avoid_death_from_damage() -> None:
    # "Gib alle deine verbleibenden Heldenpunkte aus (mindestens 1), um den Tod zu
    # vermeiden. Dies kannst du tun, wenn sich dein Zustandswert für Sterbend erhöhen
    # würde. Du verlierst den Zustand Sterbend komplett und bist stabil bei 0
    # Trefferpunkten. Du erhältst nicht den Zustand Verwundet"
    table = _dying_valeros("avoid1", 2)
    table.service.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 5,
                                     "damage_type": "slashing", "critical": True,
                                     "avoid_death": True})
    health = _char(table, "c1")["health"]
    assert (health["dying"], health["hero_points"], health["hp"], health["wounded"],
            health.get("dead", False), health["unconscious"]) == (0, 0, 0, 0, False, True)
    without = _dying_valeros("avoid2", 2)
    without.service.execute(without.gm, {"type": "damage", "character_id": "c1",
                                         "amount": 5, "damage_type": "slashing",
                                         "critical": True})
    assert _char(without, "c1")["health"]["dead"] is True


def test_hero_points_avoid_death_from_a_failed_recovery_check() -> None:
    table = _dying_valeros("avoid3", 1)
    s = table.service
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 1,
                         "damage_type": "slashing"})
    assert _char(table, "c1")["health"]["dying"] == 3
    _turn_to(table, "c1")
    assert _enc(table)["participants"]["c1"]["recovery_pending"] is True
    result = s.execute(table.player, {"type": "recovery_check", "character_id": "c1",
                                      "avoid_death": True})
    event = result["events"][0]
    roll = event["payload"]["rolls"][0]
    # DC 10 + dying 3: this table's die fails, which would raise dying to 4
    assert roll["result"]["degree"] in ("failure", "critical_failure")
    assert roll["dice"]
    assert roll["source"]["sequence"] == event["sequence"]
    assert event["payload"]["reason"] == "avoid_death"
    assert "dead" in event["payload"]["avoided"]
    health = _char(table, "c1")["health"]
    assert (health["dying"], health["hero_points"], health.get("dead", False)) == (0, 0, False)
    assert _enc(table)["participants"]["c1"]["recovery_pending"] is False


def test_ending_the_turn_with_avoid_death_spends_hero_points_on_a_held_back_check() -> None:
    table = _dying_valeros("avoid12", 1)
    s = table.service
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 1,
                         "damage_type": "slashing"})
    _turn_to(table, "c1")
    s.execute(table.gm, {"type": "damage", "character_id": "c1", "amount": 1,
                         "damage_type": "fire", "persistent": True})
    result = s.execute(table.player, {"type": "end_turn", "avoid_death": True})
    first = result["events"][0]
    assert first["payload"]["rolls"][0]["result"]["degree"] in ("failure",
                                                                "critical_failure")
    assert first["payload"]["reason"] == "avoid_death"
    health = _char(table, "c1")["health"]
    # stable, then the persistent fire at 0 HP makes it dying again, with no hero
    # point left to spend: "Gib alle deine verbleibenden Heldenpunkte aus (mindestens 1)"
    assert (health["hero_points"], health.get("dead", False)) == (0, False)


def test_doomed_and_wounded_by_the_condition_command_count_in_health() -> None:
    # "Der Zustandswert für Sterbend, bei dem du stirbst, wird um deinen Zustandswert
    # für Todgeweiht reduziert."
    t = make_table("pf2e", "de")
    s = t.service
    s.execute(t.gm, {"type": "add_character", "name": "Goblin", "kind": "creature",
                     "sheet": {"level": 1, "perception": 2, "ac": 16, "hp": 30, "max_hp": 30,
                               "saves": {"fortitude": 5, "reflex": 5, "will": 5}}})
    s.execute(t.gm, {"type": "condition", "character_id": "c1", "name": "Todgeweiht",
                     "value": 2})
    s.execute(t.gm, {"type": "condition", "character_id": "c1", "name": "wounded", "value": 1})
    goblin = s.state(t.gm)["characters"]["c1"]
    assert (goblin["health"]["doomed"], goblin["health"]["wounded"]) == (2, 1)
    assert goblin["conditions"] == {}
    # Down to 0 HP: dying 1 + wounded 1 = 2, and doomed 2 kills at dying 2.
    s.execute(t.gm, {"type": "damage", "character_id": "c1", "amount": 30,
                     "damage_type": "fire"})
    assert s.state(t.gm)["characters"]["c1"]["health"]["dead"] is True
    s.execute(t.gm, {"type": "undo"})
    s.execute(t.gm, {"type": "condition", "character_id": "c1", "name": "doomed",
                     "remove": True})
    assert s.state(t.gm)["characters"]["c1"]["health"]["doomed"] == 0
