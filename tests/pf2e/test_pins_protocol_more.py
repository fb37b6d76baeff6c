"""More protocol answers in this process (no server): faces off the d20 refused, steps of
damage with their texts, the order of added modifiers, conditions named in German, the
handlers' own refusals in full, waking, resting, durations and targets."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk import resolve

UNCONSCIOUS = {"hp": 0, "max_hp": 20, "unconscious": True}


def pf2e(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve({"system": "pf2e", **request})
    return answer


@pytest.mark.parametrize("request_", [
    {"action": "flat_check", "dc": 10},
    {"action": "initiative", "participants": [{"name": "Kyra", "modifier": 1}]},
    {"action": "persistent_damage", "dice": "1d6", "type": "fire"},
    {"action": "recovery_check", "creature": {**UNCONSCIOUS, "dying": 1}}])
def test_every_d20_of_the_rules_is_a_d20(request_: dict[str, Any]) -> None:
    # faces typed in must fit the die: 21 is not on a d20, 20 is
    faces = [3, 21] if request_["action"] == "persistent_damage" else [21]
    refused = pf2e(**request_, faces=faces)
    assert refused["error"]["code"] == "bad_face"
    assert "is not on a d20: allowed are 1 to 20" in refused["error"]["message"]
    assert pf2e(**request_, faces=[*faces[:-1], 20])["ok"] is True


def test_a_recovery_check_of_a_creature_not_dying_rolls_no_die() -> None:
    # refused before a die is asked for: no faces are needed to hear why
    refused = pf2e(action="recovery_check", creature={"hp": 5, "max_hp": 20}, faces=[])
    assert refused["error"]["code"] == "not_allowed"


def test_each_step_of_damage_is_told() -> None:
    # "zählt nur die anwendbare Schwäche mit dem höchsten Wert" — weakness, then resistance
    answer = pf2e(action="apply_damage", damage=[{"amount": 6, "type": "fire"}], target={
        "weaknesses": [{"type": "fire", "value": 3}, {"type": "energy", "value": 2}],
        "resistances": [{"type": "all", "value": 1}]})
    assert answer["total"] == 6 + 3 - 1
    assert [(s["kind"], s["amount"], s["text"]) for s in answer["instances"][0]["steps"]] == [
        ("weakness", 9, "weakness fire 3"),
        ("ignored_weakness", 9, "weakness energy 2 ignored: only the highest counts"),
        ("resistance", 8, "resistance all damage 1")]


def test_strength_comes_first_among_the_damage_modifiers() -> None:
    answer = pf2e(action="damage_roll", dice="1d8", attack="propulsive", strength=3,
                  modifiers=[{"value": 1, "type": "status"}, {"value": 2,
                                                              "type": "circumstance"}],
                  faces=[5])
    assert answer["total"] == 5 + 1 + 1 + 2
    assert [(a["value"], a["type"]) for a in answer["applied"]] == [
        (1, "ability"), (1, "status"), (2, "circumstance")]


def test_a_check_adjusted_by_a_named_effect_keeps_its_name() -> None:
    answer = pf2e(action="check", modifier=5, dc=15,
                  adjustments=[{"steps": 1, "reason": "Glücksbringer"}], faces=[10])
    assert (answer["unadjusted_degree"], answer["degree"]) == ("success", "critical_success")
    assert answer["adjustments"] == [{"degree": "critical_success", "reason": "Glücksbringer"}]


def test_condition_labels_in_german() -> None:
    # a condition without a value is named alone
    prone = pf2e(action="conditions", conditions=[{"name": "prone"}], statistic="ac",
                 lang="de")
    assert prone["applied"] == [{"value": -2, "type": "circumstance",
                                 "label": "Auf dem falschen Fuß"}]
    # immune to the condition itself, named in the reader's language
    immune = pf2e(action="conditions", gain=[{"name": "frightened", "value": 1}],
                  immunities=["frightened"], lang="de")
    assert immune["text"] == ("Zustände: —; Verängstigt: nicht betroffen (immun gegen "
                              "Verängstigt)")


def test_an_unknown_condition_gained_is_named_in_the_refusal() -> None:
    answer = pf2e(action="conditions", gain=[{"name": "blubb", "value": 1}])
    assert answer["error"]["code"] == "unknown_name"
    assert answer["error"]["message"].startswith(
        "unknown condition 'blubb': allowed are dying (Sterbend), unconscious (Bewusstlos)")


def test_the_conditions_of_dying_refuse_other_names_in_both_languages() -> None:
    answer = pf2e(action="creature_conditions", creature={"hp": 5, "max_hp": 20},
                  lose=["frightened"])
    assert answer["error"] == {
        "code": "unknown_name",
        "message": "unknown condition 'frightened' for a creature's health: allowed are "
                   "dying, wounded, doomed, unconscious (Sterbend, Verwundet, Todgeweiht, "
                   "Bewusstlos)"}


def test_several_gains_and_losses_in_order_on_a_living_creature() -> None:
    # wounded 1, then dying 1 + wounded 1 = 2, then losing dying: wounded 2
    answer = pf2e(action="creature_conditions", creature=UNCONSCIOUS,
                  gain=[{"name": "wounded", "value": 1}, {"name": "dying", "value": 1}],
                  lose=["dying"])
    assert (answer["creature"]["dying"], answer["creature"]["wounded"]) == (0, 2)
    assert answer["events"] == ["wounded", "dying", "no_longer_dying", "wounded"]


def test_time_for_the_unconscious_needs_the_game_master_s_time() -> None:
    answer = pf2e(action="pass_time", creature=UNCONSCIOUS, minutes=10)
    assert answer["error"] == {
        "code": "missing_field",
        "message": "The game master sets how long the creature stays unconscious (10 "
                   "minutes to several hours): give the creature's wakes_in in minutes"}
    # the dead, and those unconscious with hit points (asleep), need none
    dead = pf2e(action="pass_time", creature={**UNCONSCIOUS, "dead": True}, minutes=10)
    assert (dead["ok"], dead["events"]) == (True, [])
    asleep = pf2e(action="pass_time", creature={**UNCONSCIOUS, "hp": 3}, minutes=10)
    assert asleep["ok"] is True


@pytest.mark.parametrize(("perception", "woken"), [(14, False), (15, True)])
def test_noise_wakes_a_sleeper_at_the_dc(perception: int, woken: bool) -> None:
    answer = pf2e(action="wake", creature={"hp": 3, "max_hp": 20, "unconscious": True},
                  how="noise", perception_total=perception, noise_dc=15)
    assert answer["creature"]["unconscious"] is not woken
    assert answer["events"] == (["woke_up"] if woken else ["still_asleep"])


def test_a_night_s_rest_lowers_doomed() -> None:
    # "Dein Zustandswert für Todgeweiht sinkt um 1 mit jeder Nacht, die du vollständig
    # ruhen kannst."
    answer = pf2e(action="rest", creature={"hp": 5, "max_hp": 20, "wounded": 1, "doomed": 2},
                  kind="night")
    assert (answer["creature"]["doomed"], answer["events"]) == (1, ["doomed_reduced"])


def test_durations_through_the_protocol() -> None:
    # "Bei einem Effekt, der eine bestimmte Anzahl von Runden andauert, wird die
    # verbleibende Wirkungsdauer zu Beginn des Zuges der Kreatur, die den Effekt erzeugt
    # hat, um 1 reduziert."
    ward = {"name": "ward", "kind": "unlimited", "creator": "a", "target": "b"}
    answer = pf2e(action="durations", effects=[
        {"name": "shield", "kind": "rounds", "creator": "wizard", "target": "wizard"}, ward],
        events=[{"kind": "start", "creature": "wizard"}])
    assert answer["ticks"] == [{"event": {"kind": "start", "creature": "wizard"},
                                "expired": ["shield"]}]
    assert [e["name"] for e in answer["remaining"]] == ["ward"]
    assert answer["text"] == "Expired: shield"
    quiet = pf2e(action="durations", effects=[ward],
                 events=[{"kind": "start", "creature": "wizard"}])
    assert quiet["text"] == "Expired: —"


def test_a_target_through_the_protocol() -> None:
    # "Du selbst bist nicht dein eigener Verbündeter."
    assert pf2e(action="target", actor="Kyra", target="Kyra", requirement="ally") == {
        "ok": True, "allowed": False, "reason": "not_own_ally",
        "text": "you are not your own ally"}


def test_persistent_damage_is_no_precision_and_an_effect_already_running() -> None:
    # "Ein bereits wirkender Effekt aus der gleichen Quelle wie die Temporäre Immunität wird
    # durch diese nicht verhindert oder beendet." — and none of it is precision damage
    answer = pf2e(action="persistent_damage", dice="1d6", type="fire",
                  effect="Alchemistenfeuer", creature={"hp": 10, "max_hp": 20},
                  target={"temporary_immunities": ["Alchemistenfeuer"],
                          "immunities": ["precision"]}, faces=[4, 3])
    assert (answer["creature"]["hp"], answer["damage"], answer["iwr"]["steps"]) == (6, 4, [])
