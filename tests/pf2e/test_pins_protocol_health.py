"""The protocol's health answers in this process (no server): persistent damage with its
flat check at DC − 1 / DC, flat checks, conditions of dying gained and lost, time passing
for the unconscious; each with the creature's whole state of health and the events."""

from __future__ import annotations

from typing import Any

import pytest

from regelwerk import resolve


def pf2e(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve({"system": "pf2e", **request})
    return answer


def health(answer: dict[str, Any]) -> tuple[int, int, int, int, bool, bool]:
    """hp, dying, wounded, doomed, unconscious, dead."""
    c = answer["creature"]
    return c["hp"], c["dying"], c["wounded"], c["doomed"], c["unconscious"], c["dead"]


def chance_of_at_least(dc: int) -> float:
    """A flat check: the faces of a d20 that reach the DC, counted."""
    return sum(1 for face in range(1, 21) if face >= dc) / 20


@pytest.mark.parametrize(("assisted", "dc"), [(False, 15), (True, 10)])
@pytest.mark.parametrize("below", [True, False])
def test_persistent_damage_and_its_flat_check(assisted: bool, dc: int, below: bool) -> None:
    # "Stattdessen nimmst du den angegebenen Schaden jeweils am Ende deines Zuges. Danach
    # kannst du einen Einfachen Wurf gegen SG 15 ablegen" (DC 10 with help:
    # docs/rulings.md)
    natural = dc - 1 if below else dc
    answer = pf2e(action="persistent_damage", dice="1d6", type="Feuer", assisted=assisted,
                  faces=[4, natural])
    ended = not below
    assert answer == {
        "ok": True, "damage": 4, "faces": [4], "type": "fire", "natural": natural, "dc": dc,
        "ended": ended, "probability_end": chance_of_at_least(dc),
        "text": f"Persistent damage 4; flat check {natural}: "
                f"{'ended' if ended else 'continues'} (chance to end "
                f"{100 * chance_of_at_least(dc):.1f}%)"}


def test_persistent_damage_of_an_unknown_type_is_refused() -> None:
    answer = pf2e(action="persistent_damage", dice="1d6", type="Blubb", faces=[4, 9])
    assert answer["ok"] is False
    assert answer["error"]["code"] == "unknown_name"
    assert "unknown damage type 'Blubb': allowed are bludgeoning (Wucht)" in \
        answer["error"]["message"]


@pytest.mark.parametrize(("natural", "ended"), [(14, False), (15, True)])
def test_persistent_damage_on_a_creature(natural: int, ended: bool) -> None:
    answer = pf2e(action="persistent_damage", dice="1d6", type="fire",
                  creature={"hp": 10, "max_hp": 20}, faces=[4, natural])
    assert health(answer) == (6, 0, 0, 0, False, False)
    assert answer["events"] == ["persistent_damage", *(["persistent_ended"] if ended else [])]
    assert (answer["rolled"], answer["damage"], answer["natural"], answer["dc"],
            answer["ended"], answer["probability_end"]) == (4, 4, natural, 15, ended, 0.3)


def test_persistent_damage_through_resistance_knocks_out() -> None:
    # "kannst du jedes Mal, wenn du Schaden dieser Art nimmst, den Schaden um den Wert
    # deiner Resistenz reduzieren" — 6 − 2 = 4 from 3 HP: 0 HP, dying 1
    answer = pf2e(action="persistent_damage", dice="1d6", type="fire",
                  creature={"hp": 3, "max_hp": 20},
                  target={"resistances": [{"type": "fire", "value": 2}]}, faces=[6, 3])
    assert health(answer) == (0, 1, 0, 0, True, False)
    assert (answer["rolled"], answer["damage"], answer["ended"]) == (6, 4, False)
    assert answer["iwr"]["amount_before"] == 6
    assert answer["events"][0] == "persistent_damage"
    assert "dying" in answer["events"]


def test_persistent_damage_on_the_dead_rolls_nothing() -> None:
    answer = pf2e(action="persistent_damage", dice="1d6", type="fire",
                  creature={"hp": 0, "max_hp": 20, "dead": True}, faces=[])
    assert health(answer) == (0, 0, 0, 0, False, True)
    assert (answer["events"], answer["damage"], answer["ended"], answer["dc"]) == (
        [], 0, None, None)


@pytest.mark.parametrize("dc", [2, 10, 15, 20])
def test_flat_checks_at_the_dc(dc: int) -> None:
    # "Auf einen Einfachen Wurf gibt es niemals Modifikatoren, Boni oder Mali."
    for natural, success in ((dc - 1, False), (dc, True)):
        answer = pf2e(action="flat_check", dc=dc, faces=[natural])
        verdict = "success" if success else "failure"
        assert answer == {
            "ok": True, "dc": dc, "natural": natural, "success": success,
            "probability": chance_of_at_least(dc),
            "text": f"Flat check DC {dc}: {natural}, {verdict}; chance "
                    f"{100 * chance_of_at_least(dc):.1f}%"}


def test_flat_checks_without_a_roll() -> None:
    # "Wenn der SG eines Einfachen Wurfes 1 oder niedriger sein sollte, würfelst du nicht,
    # sondern hast automatisch Erfolg."
    assert pf2e(action="flat_check", dc=1, faces=[]) == {
        "ok": True, "dc": 1, "success": True, "probability": 1.0,
        "text": "Flat check DC 1: success without a roll"}
    assert pf2e(action="flat_check", dc=21, faces=[]) == {
        "ok": True, "dc": 21, "success": False, "probability": 0.0,
        "text": "Flat check DC 21: failure without a roll"}


def test_gaining_dying_by_name_adds_wounded() -> None:
    # "Solltest du den Zustand Verwundet besitzen und dann den Zustand Sterbend erhalten, so
    # steigt dein Zustandswert für Sterbend um deinen Zustandswert für Verwundet."
    answer = pf2e(action="creature_conditions",
                  creature={"hp": 0, "max_hp": 20, "unconscious": True, "wounded": 1},
                  gain=[{"name": "Sterbend", "value": 1}])
    assert health(answer) == (0, 2, 1, 0, True, False)
    assert answer["events"] == ["dying"]
    assert answer["text"] == "dying; HP 0/20, dying 2, wounded 1"


def test_nothing_more_is_gained_after_death() -> None:
    # wounded 2 + dying 2 = dying 4: "Solltest du jemals Sterbend 4 erreichen, stirbst du"
    answer = pf2e(action="creature_conditions",
                  creature={"hp": 0, "max_hp": 20, "unconscious": True, "wounded": 2},
                  gain=[{"name": "dying", "value": 2}, {"name": "doomed", "value": 1}],
                  lose=["wounded"])
    assert health(answer) == (0, 0, 2, 0, False, True)
    assert answer["events"] == ["dying", "dying_limit", "dead"]


def test_losing_dying_by_name_gives_wounded() -> None:
    # "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1"
    answer = pf2e(action="creature_conditions",
                  creature={"hp": 0, "max_hp": 20, "unconscious": True, "dying": 2},
                  lose=["verwundet", "deyjandi"])
    assert health(answer) == (0, 0, 1, 0, True, False)
    assert answer["events"] == ["no_longer_dying", "wounded"]


def test_only_the_conditions_of_dying_are_named() -> None:
    answer = pf2e(action="creature_conditions", creature={"hp": 5, "max_hp": 20},
                  gain=[{"name": "frightened"}])
    assert answer["error"]["code"] == "unknown_name"
    assert "allowed are dying, wounded, doomed, unconscious" in answer["error"]["message"]


def test_time_passing_for_an_unconscious_creature() -> None:
    # "Solltest du Bewusstlos sein und 0 Trefferpunkte besitzen, aber nicht den Zustand
    # Sterbend haben, kehrst du nach Verstreichen von genügend Zeit auf natürlichem Wege
    # auf 1 Trefferpunkt zurück und erwachst." — the game master sets the time
    unconscious = {"hp": 0, "max_hp": 20, "unconscious": True}
    refused = pf2e(action="pass_time", creature=unconscious, minutes=10)
    assert refused["error"]["code"] == "missing_field"
    waiting = pf2e(action="pass_time", creature={**unconscious, "wakes_in": 30}, minutes=29)
    assert health(waiting) == (0, 0, 0, 0, True, False)
    assert (waiting["events"], waiting["minutes"], waiting["wakes_in"]) == (
        ["still_unconscious"], 29, 1)
    awake = pf2e(action="pass_time", creature={**unconscious, "wakes_in": 30}, minutes=30)
    assert health(awake) == (1, 0, 0, 0, False, False)
    assert (awake["events"], awake["wakes_in"]) == (["returned_to_1_hp", "woke_up"], None)
    # a creature that is awake, or dying (it makes recovery checks instead), needs no time
    assert pf2e(action="pass_time", creature={"hp": 5, "max_hp": 20},
                minutes=30)["events"] == []
    dying = pf2e(action="pass_time", creature={**unconscious, "dying": 1}, minutes=30)
    assert dying["ok"] is True
    assert health(dying) == (0, 1, 0, 0, True, False)
