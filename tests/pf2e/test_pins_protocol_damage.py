"""The protocol's damage answers in this process (no server): damage rolls with Strength
by the kind of attack, and the exact damage of Strikes against an AC and a target's hit
points, against every d20 and damage die enumerated here."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from regelwerk import resolve
from tests.pf2e.test_pins_protocol_checks import degree


def pf2e(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve({"system": "pf2e", **request})
    return answer


def strike(modifier: int, ac: int) -> dict[int, Fraction]:
    """One Strike with 1d4 damage: nothing on a failure, the die on a success, twice the
    die on a critical hit ("Dann verdoppelst [...] du das Ergebnis")."""
    out: dict[int, Fraction] = {}
    for natural in range(1, 21):
        step = degree(natural, natural + modifier, ac)
        for face in range(1, 5):
            damage = 0 if step < 2 else face if step == 2 else 2 * face
            out[damage] = out.get(damage, Fraction(0)) + Fraction(1, 80)
    return out


def at_least(dist: dict[int, Fraction], amount: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= amount), Fraction(0))


@pytest.mark.parametrize(("hp", "temp_hp"), [(3, 1), (1, 0), (0, 0), (4, 0)])
def test_one_strike_against_a_target_s_hit_points(hp: int, temp_hp: int) -> None:
    # the target falls to 0 HP when the damage reaches its hit points and temporary ones
    answer = pf2e(action="strike_damage", modifier=5, ac=15,
                  damage={"dice": "1d4", "type": "Hieb"},
                  target={"hp": hp, "temp_hp": temp_hp})
    dist = strike(5, 15)
    chance = at_least(dist, hp + temp_hp)
    mean = sum(v * p for v, p in dist.items())
    assert answer["distribution"] == [[v, float(p)] for v, p in sorted(dist.items())]
    assert answer["mean"] == float(mean)
    assert answer["probability_zero_hp"] == float(chance)
    assert answer["text"] == (f"Mean damage {float(mean):g}; chance to bring the target to "
                              f"0 HP {100 * float(chance):.1f}%")


def test_two_strikes_with_the_multiple_attack_penalty() -> None:
    # the second Strike at −4 with an agile weapon ("Malus für mehrfache Angriffe")
    answer = pf2e(action="strike_damage", modifier=5, ac=15,
                  damage={"dice": "1d4", "type": "slashing"}, strikes=[{}, {"agile": True}])
    first, second = strike(5, 15), strike(1, 15)
    both: dict[int, Fraction] = {}
    for a, pa in first.items():
        for b, pb in second.items():
            both[a + b] = both.get(a + b, Fraction(0)) + pa * pb
    assert [s["mean"] for s in answer["strikes"]] == [
        float(sum(v * p for v, p in d.items())) for d in (first, second)]
    assert answer["distribution"] == [[v, float(p)] for v, p in sorted(both.items())]
    assert "probability_zero_hp" not in answer
    assert answer["text"] == f"Mean damage {float(sum(v * p for v, p in both.items())):g}"


def test_strike_damage_of_an_unknown_type_is_refused() -> None:
    answer = pf2e(action="strike_damage", modifier=5, ac=15,
                  damage={"dice": "1d4", "type": "blubb"})
    assert answer["error"]["code"] == "unknown_name"


def test_a_damage_roll_adds_strength_by_the_kind_of_attack() -> None:
    # "Waffen mit der Eigenschaft Geschoss rechnen unter Umständen die Hälfte deines
    # Stärkemodifikators hinzu." — half of +3 is +1, before the other modifiers
    answer = pf2e(action="damage_roll", dice="1d8", attack="propulsive", strength=3,
                  type="Stich", modifiers=[{"value": 1, "type": "status"}], faces=[5])
    assert answer == {
        "ok": True, "total": 7, "faces": [5], "precision": 0, "critical_only": 0,
        "critical": False, "applied": [
            {"value": 1, "type": "ability", "label": "str (half)"},
            {"value": 1, "type": "status", "label": ""}],
        "ignored": [], "type": "piercing",
        "distribution": [[v, 0.125] for v in range(3, 11)], "mean": 6.5,
        "text": "Damage 7 (mean 6.5)"}
    # a ranged weapon or a spell adds none, and needs no Strength
    ranged = pf2e(action="damage_roll", dice="1d8", attack="ranged", faces=[5])
    assert (ranged["total"], ranged["applied"]) == (5, [])
    refused = pf2e(action="damage_roll", dice="1d8", attack="melee", faces=[5])
    assert refused["error"]["code"] == "missing_field"
    # a negative Strength counts in full on a propulsive weapon
    weak = pf2e(action="damage_roll", dice="1d8", attack="propulsive", strength=-1,
                faces=[5])
    assert (weak["total"], weak["applied"]) == (
        4, [{"value": -1, "type": "ability", "label": "str (half)"}])


def test_a_damage_roll_over_the_work_budget_rolls_without_its_odds() -> None:
    # docs/limits.md: the roll is made, the exact odds are left out and the answer says why
    answer = pf2e(action="damage_roll", dice="100d1000", seed=1)
    assert answer["ok"] is True
    assert len(answer["faces"]) == 100
    assert all(1 <= face <= 1000 for face in answer["faces"])
    assert answer["total"] == sum(answer["faces"])
    assert answer["odds_omitted"].startswith("the exact damage of 100d1000 would cost ")
    assert "the budget is" in answer["odds_omitted"]
    assert "distribution" not in answer
    assert "mean" not in answer
    assert answer["text"] == f"Damage {answer['total']}"
