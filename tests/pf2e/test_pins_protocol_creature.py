"""The protocol's creature answers in this process (no server): recovery checks at their
DC with odds over the d20, the checks a creature's fields must pass at their boundaries,
damage parts that cannot exceed the amount, and regeneration given as an amount."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from regelwerk import resolve
from tests.pf2e.test_pins_protocol_checks import DEGREES, degree

DYING = {"hp": 0, "max_hp": 20, "unconscious": True}


def pf2e(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve({"system": "pf2e", **request})
    return answer


def flat_odds(dc: int) -> dict[str, float]:
    counts = [Fraction(0)] * 4
    for natural in range(1, 21):
        counts[degree(natural, natural, dc)] += Fraction(1, 20)
    return {k: float(p) for k, p in zip(DEGREES, counts, strict=True)}


@pytest.mark.parametrize(("dying", "natural", "result", "after", "events"), [
    (2, 12, "success", (1, 0), ["dying_reduced"]),
    (2, 11, "failure", (3, 0), ["dying_increased"]),
    (1, 1, "critical_failure", (3, 0), ["dying_increased"]),
    # "Wenn du den Zustand Sterbend verlierst, erhältst du den Zustand Verwundet 1"
    (1, 20, "critical_success", (0, 1), ["dying_reduced", "no_longer_dying", "wounded"])])
def test_a_recovery_check_at_its_dc(dying: int, natural: int, result: str,
                                    after: tuple[int, int], events: list[str]) -> None:
    # "Dieser Wurf heißt Erholungswurf und der SG ist gleich 10 + dein aktueller
    # Zustandswert für Sterbend."
    answer = pf2e(action="recovery_check", creature={**DYING, "dying": dying},
                  faces=[natural])
    assert (answer["natural"], answer["dc"], answer["degree"]) == (natural, 10 + dying, result)
    assert answer["probabilities"] == flat_odds(10 + dying)
    assert (answer["creature"]["dying"], answer["creature"]["wounded"]) == after
    assert answer["events"] == events
    labels = {"success": "success", "failure": "failure",
              "critical_failure": "critical failure", "critical_success": "critical success"}
    assert answer["text"].startswith(f"{labels[result]} ({natural}): ")


def test_only_the_dying_make_recovery_checks_and_the_dead_make_none() -> None:
    refused = pf2e(action="recovery_check", creature={"hp": 5, "max_hp": 20}, faces=[12])
    assert refused["error"]["code"] == "not_allowed"
    # dying 4 given: answered as a death, no die rolled
    dead = pf2e(action="recovery_check", creature={**DYING, "dying": 4}, faces=[])
    assert (dead["creature"]["dead"], dead["events"]) == (True, ["dying_limit", "dead"])
    assert "natural" not in dead


@pytest.mark.parametrize(("creature", "ok"), [
    ({"hp": 20, "max_hp": 20}, True), ({"hp": 21, "max_hp": 20}, False),
    ({"hp": 0, "max_hp": 20, "dying": 1, "unconscious": True}, True),
    ({"hp": 1, "max_hp": 20, "dying": 1}, False)])
def test_a_creature_s_fields_at_their_boundaries(creature: dict[str, Any], ok: bool) -> None:
    # "Du verlierst den Zustand Sterbend automatisch und erwachst, solltest du jemals 1
    # Trefferpunkt oder mehr besitzen." — a dying creature has 0 HP
    answer = pf2e(action="pass_time", creature={**creature, "wakes_in": 5}, minutes=1)
    assert answer["ok"] is ok
    if not ok:
        assert answer["error"]["code"] == "out_of_range"


@pytest.mark.parametrize(("part", "value", "ok"), [
    ("precision", 4, True), ("precision", 5, False),
    ("critical_only", 4, True), ("critical_only", 5, False)])
def test_parts_of_damage_cannot_exceed_its_amount(part: str, value: int, ok: bool) -> None:
    answer = pf2e(action="apply_damage", damage=[{"amount": 4, "type": "fire", part: value}],
                  target={})
    assert answer["ok"] is ok
    if ok:
        assert answer["total"] == 4
    else:
        assert answer["error"]["code"] == "out_of_range"
        assert f"{part} is the part of amount" in answer["error"]["message"]


@pytest.mark.parametrize("creature", [
    {"regeneration": 3}, {"regeneration": True, "regeneration_amount": 3}])
def test_regeneration_heals_at_the_start_of_the_turn(creature: dict[str, Any]) -> None:
    # "Eine Kreatur mit einer dieser Fähigkeiten erlangt die genannte Anzahl an
    # Trefferpunkten jede Runde zu Beginn ihres Zuges zurück."
    start = pf2e(action="creature_turn", moment="start",
                 creature={"hp": 5, "max_hp": 20, **creature})
    assert (start["creature"]["hp"], start["creature"]["regeneration_amount"],
            start["events"]) == (8, 3, ["healed"])
    end = pf2e(action="creature_turn", moment="end",
               creature={"hp": 5, "max_hp": 20, **creature})
    assert (end["creature"]["hp"], end["events"]) == (5, [])
