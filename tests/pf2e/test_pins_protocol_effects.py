"""The protocol's effect answers in this process (no server): an affliction's track step
by step with its texts, conditions gained with death and immunities, counteracting by a
roll or a given degree, and stage saves."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from regelwerk import resolve

ARSEN = ("Arsen (Alchemistisch, Gift, Verzehr); Stufe 1; Rettungswurf ZÄH, SG 18; "
         "Verzögerung 1 Stunde; Maximale Wirkungsdauer 5 Minuten; Phase 1 1W4 "
         "Giftschaden und Kränkelnd 1 (1 Minute); Phase 2 1W6 Giftschaden und "
         "Kränkelnd 2 (1 Minute); Phase 3 2W6 Giftschaden und Kränkelnd 3 (1 Minute)")
SPORES = "Sporen (Krankheit); Phase 1 Kränkelnd 1 (1 Runde)"


def pf2e(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve({"system": "pf2e", **request})
    return answer


def track(stage: int = 0, onset: int = 0, duration: int | None = None,
          save_in: int | None = None, ended: bool = False) -> dict[str, Any]:
    return {"stage": stage, "virulent_progress": 0, "onset_left": onset,
            "duration_left": duration, "next_save_in": save_in, "ended": ended}


def test_an_exposure_with_an_onset_of_an_hour() -> None:
    # "Ist dein initialer Rettungswurf jedoch ein Fehlschlag, dann gehst du nach Ablauf der
    # Verzögerung des Leidens (sofern es diese gibt) zu Phase 1 des Leidens über"
    answer = pf2e(action="affliction_track", text=ARSEN,
                  event={"kind": "exposure", "degree": "failure"})
    text = "stage 1 begins after the onset of 60 minutes"
    assert answer == {"ok": True, "track": track(1, 3600, 300, 60), "happened": [
        {"kind": "onset", "stage": 1, "detail": "3600", "text": text}], "text": text}


def test_an_exposure_that_does_not_take_hold() -> None:
    # "Wenn dein initialer Rettungswurf ein Erfolg ist, bleibst du bei diesem Kontakt von
    # dem Leiden verschont."
    answer = pf2e(action="affliction_track", text=ARSEN,
                  event={"kind": "exposure", "degree": "success"})
    text = "the initial save keeps the affliction from taking hold"
    assert answer == {"ok": True, "track": track(ended=True), "happened": [
        {"kind": "unaffected", "stage": 0, "detail": "", "text": text}], "text": text}


def test_stage_saves_through_the_protocol() -> None:
    # "Wenn ein weiterer Rettungswurf in Phase 3 ein Fehlschlag oder Kritischer Fehlschlag
    # ist, wiederholst du die Effekte von Phase 3."
    last = pf2e(action="affliction_track", text=ARSEN, track=track(3, 0, 100, 0),
                event={"kind": "save", "degree": "failure"})
    text = "stage 3 repeats: 2W6 Giftschaden und Kränkelnd 3"
    assert last["track"] == track(3, 0, 100, 60)
    assert (last["happened"][0]["kind"], last["text"]) == ("repeated", text)
    missing = pf2e(action="affliction_track", text=ARSEN, track=track(3, 0, 100, 0),
                   event={"kind": "save"})
    assert missing["error"]["code"] == "missing_field"
    assert "a save needs the 'degree' of the save" in missing["error"]["message"]
    refused = pf2e(action="affliction_track", text=ARSEN, event={"kind": "exposure"})
    assert refused["error"]["code"] == "missing_field"


def test_time_passing_on_a_track() -> None:
    quiet = pf2e(action="affliction_track", text=ARSEN, track=track(1, 0, 100, 50),
                 event={"kind": "time", "seconds": 10})
    assert quiet == {"ok": True, "track": track(1, 0, 90, 40), "happened": [],
                     "text": "nothing happens"}
    over = pf2e(action="affliction_track", text=ARSEN, track=track(2, 0, 30, 60),
                event={"kind": "time", "seconds": 30})
    text = "the maximum duration is over: the affliction ends"
    assert (over["track"], over["text"]) == (track(ended=True), text)


def test_immunity_keeps_an_exposure_from_affecting_but_not_time_from_passing() -> None:
    # "Wenn du Immunität gegen Effekte einer bestimmten Kategorie hast (z.B. Todeseffekte,
    # Gifte oder Krankheiten), dann kann dich kein Effekt dieser Kategorie betreffen."
    immune = pf2e(action="affliction_track", text=ARSEN, immunities=["Gift"],
                  event={"kind": "exposure", "degree": "critical_failure"})
    assert immune == {"ok": True, "track": track(), "happened": [], "immunity": "poison",
                      "text": "Not affected: immune to poison"}
    running = pf2e(action="affliction_track", text=ARSEN, immunities=["Gift"],
                   track=track(1, 0, 100, 50), event={"kind": "time", "seconds": 10})
    assert running["track"] == track(1, 0, 90, 40)


def test_a_repeated_exposure_to_a_disease() -> None:
    # "Wenn du dem gleichen Fluch oder der gleichen Krankheit mehrfach ausgesetzt bist, hat
    # dies keinen Effekt."
    answer = pf2e(action="affliction_track", text=SPORES, track=track(1, 0, None, 6),
                  event={"kind": "exposure", "degree": "critical_failure"})
    assert answer["track"] == track(1, 0, None, 6)
    assert answer["text"] == "repeated exposure has no effect"


def test_the_stage_rules_answer() -> None:
    repeats = pf2e(action="affliction", affliction={"stages": 3, "type": "poison"},
                   state={"stage": 3}, degree="failure", exposure=False)
    assert repeats == {"ok": True, "state": {"stage": 3, "virulent_progress": 0},
                       "ended": False, "repeated": True, "no_effect": False,
                       "text": "Stage 3 (the last stage repeats)"}
    disease = pf2e(action="affliction", affliction={"stages": 3, "type": "disease"},
                   state={"stage": 1}, degree="failure", exposure=True)
    assert disease == {"ok": True, "state": {"stage": 1, "virulent_progress": 0},
                       "ended": False, "repeated": False, "no_effect": True,
                       "text": "Repeated exposure has no effect"}
    immune = pf2e(action="affliction", affliction={"stages": 3, "type": "poison"},
                  state={"stage": 1}, degree="failure", exposure=True, immunities=["Gift"])
    assert immune == {"ok": True, "state": {"stage": 1, "virulent_progress": 0},
                      "ended": False, "repeated": False, "no_effect": True,
                      "immunity": "poison", "text": "Not affected: immune to poison"}


def test_conditions_with_death_and_immunity() -> None:
    # "Solltest du jemals Sterbend 4 erreichen, stirbst du" — wounded 3 + dying 1
    dead = pf2e(action="conditions", conditions=[{"name": "Verwundet", "value": 3}],
                gain=[{"name": "dying", "value": 1}, {"name": "frightened", "value": 2}])
    assert dead == {"ok": True, "conditions": {"wounded": 3}, "with_implied": {"wounded": 3},
                    "dead": True, "events": ["dying", "dying_limit", "dead"],
                    "unaffected": [], "text": "Dead: dying reached its limit"}
    # "Sollte dein maximaler Zustandswert für Sterbend auf 0 reduziert werden, stirbst du
    # augenblicklich."
    doomed = pf2e(action="conditions", gain=[{"name": "doomed", "value": 4}])
    assert (doomed["dead"], doomed["text"]) == (
        True, "Dead: doomed lowered the dying value of death to 0")
    immune = pf2e(action="conditions", conditions=[{"name": "frightened", "value": 1}],
                  gain=[{"name": "Verängstigt", "value": 2, "traits": ["Furcht"]},
                        {"name": "sickened", "value": 1}], immunities=["Furcht"])
    assert immune == {
        "ok": True, "conditions": {"frightened": 1, "sickened": 1},
        "with_implied": {"frightened": 1, "sickened": 1}, "dead": False,
        "events": ["sickened"], "unaffected": [{"name": "frightened", "immunity": "fear"}],
        "text": "Conditions: frightened 1, sickened 1; frightened: not affected "
                "(immune to fear)"}
    unknown = pf2e(action="conditions", conditions=[{"name": "blubb", "value": 1}])
    assert unknown["error"]["code"] == "unknown_name"


def test_condition_penalties_on_a_statistic_in_german() -> None:
    # "Ähnlich wie bei Boni der gleichen Art rechnest du nur den schlechtesten aller Mali
    # der gleichen Art auf deinen Wurf." — frightened 2 and sickened 1 are both status
    answer = pf2e(action="conditions", conditions=[
        {"name": "frightened", "value": 2}, {"name": "sickened", "value": 1},
        {"name": "prone"}], statistic="will", lang="de")
    assert answer["total"] == -2
    assert answer["applied"] == [{"value": -2, "type": "status", "label": "Verängstigt 2"}]
    assert [(i["label"], i["reason_code"]) for i in answer["ignored"]] == [
        ("Kränkelnd 1", "worst_penalty")]
    assert answer["with_implied"] == {"frightened": 2, "sickened": 1, "prone": 1,
                                      "off_guard": 1}
    assert answer["text"] == "Zustände: Verängstigt 2, Kränkelnd 1, Liegend, Auf dem falschen Fuß"


def test_counteracting_by_a_roll() -> None:
    # "Erfolg: Du wirkst dem Effekt entgegen, wenn die Entgegenwirkungsstufe des Effektes
    # nicht mehr als 1 Stufe über der Entgegenwirkungsstufe deines Effektes liegt.
    # Fehlschlag: [...] niedriger ist" — level 3 against 2: all but a critical failure
    answer = pf2e(action="counteract", counteract_level=3, target_level=2, modifier=5, dc=15,
                  faces=[10])
    assert (answer["natural"], answer["total"], answer["degree"], answer["counteracted"]) == (
        10, 15, "success", True)
    assert answer["probability"] == float(1 - Fraction(1, 20))
    assert answer["text"] == "Counteract (success): counteracted"


@pytest.mark.parametrize(("request_", "code"), [
    ({"degree": "success", "dc": 15}, "invalid_value"),
    ({"degree": "success", "modifier": 5}, "invalid_value"),
    ({}, "missing_field"), ({"modifier": 5}, "missing_field"), ({"dc": 15}, "missing_field")])
def test_counteracting_needs_a_degree_or_a_roll_not_both(request_: dict[str, Any],
                                                        code: str) -> None:
    answer = pf2e(action="counteract", counteract_level=3, target_level=2, **request_)
    assert answer["error"]["code"] == code


def test_counteracting_by_a_given_degree() -> None:
    assert pf2e(action="counteract", counteract_level=3, target_level=2,
                degree="critical_failure") == {
        "ok": True, "degree": "critical_failure", "counteracted": False,
        "text": "Counteract (critical failure): not counteracted"}
