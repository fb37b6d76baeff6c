"""The protocol's statistic, Strikes and initiative answers in this process (no server),
against the degrees of success written out here over the 20 faces of the d20."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from regelwerk import resolve

DEGREES = ("critical_failure", "failure", "success", "critical_success")


def pf2e(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = resolve({"system": "pf2e", **request})
    return answer


def degree(natural: int, total: int, dc: int) -> int:
    """0 critical failure … 3 critical success. "Du erzielst einen Kritischen Erfolg bei
    einem Wurf, wenn das Ergebnis des Wurfs den SG um 10 oder mehr übersteigt [...] liegt
    das Ergebnis deines Wurfs um 10 oder mehr unter dem SG, handelt es sich um einen
    Kritischen Fehlschlag"; a natural 20 one step better, a natural 1 one step worse."""
    step = 3 if total >= dc + 10 else 2 if total >= dc else 0 if total <= dc - 10 else 1
    if natural == 20:
        step = min(3, step + 1)
    if natural == 1:
        step = max(0, step - 1)
    return step


def odds(modifier: int, dc: int) -> list[Fraction]:
    counts = [Fraction(0)] * 4
    for natural in range(1, 21):
        counts[degree(natural, natural + modifier, dc)] += Fraction(1, 20)
    return counts


def test_a_turn_of_strikes_with_the_multiple_attack_penalty() -> None:
    # "Wenn du zum zweiten Mal innerhalb eines Zuges eine Offensivaktion durchführst,
    # erhältst du einen Malus von –5" (–4 with an agile weapon)
    answer = pf2e(action="strikes", modifier=10, ac=20,
                  strikes=[{}, {"agile": True, "modifier": 1}, {}], faces=[10, 15, 20])
    modifiers = [10, 10 - 4 + 1, 10 - 10]
    rows = answer["strikes"]
    assert [(r["attack_number"], r["agile"], r["penalty"], r["modifier"]) for r in rows] == [
        (1, False, 0, 10), (2, True, -4, 7), (3, False, -10, 0)]
    assert [(r["d20"], r["natural"], r["total"], r["degree"]) for r in rows] == [
        ([10], 10, 20, "success"), ([15], 15, 22, "success"),
        ([20], 20, 20, "critical_success")]
    table = [odds(m, 20) for m in modifiers]
    for row, chances in zip(rows, table, strict=True):
        assert row["probabilities"] == {k: float(p) for k, p in zip(DEGREES, chances,
                                                                    strict=True)}
    hits = [c[2] + c[3] for c in table]
    miss_all = (1 - hits[0]) * (1 - hits[1]) * (1 - hits[2])
    assert answer["probability_any_hit"] == float(1 - miss_all)
    assert answer["expected_hits"] == float(sum(hits))
    assert answer["expected_critical_hits"] == float(sum(c[3] for c in table))
    assert answer["text"] == (
        "Strikes against AC 20: success, success, critical success; chance of at least one "
        f"hit {100 * float(1 - miss_all):.1f}%")


def test_initiative_orders_by_result_foes_first_on_a_tie() -> None:
    # docs/rulings.md, "PF2e: initiative ties"
    answer = pf2e(action="initiative", participants=[
        {"name": "Kyra", "modifier": 3}, {"name": "goblin", "modifier": 4, "foe": True},
        {"name": "Ezren", "modifier": 5}, {"name": "Amiri", "modifier": 1}],
        faces=[12, 11, 10, 19])
    assert answer["order"] == [
        {"name": "Amiri", "foe": False, "natural": 19, "modifier": 1, "total": 20},
        {"name": "goblin", "foe": True, "natural": 11, "modifier": 4, "total": 15},
        {"name": "Kyra", "foe": False, "natural": 12, "modifier": 3, "total": 15},
        {"name": "Ezren", "foe": False, "natural": 10, "modifier": 5, "total": 15}]
    assert answer["text"] == "Initiative: Amiri 20, goblin 15, Kyra 15, Ezren 15"


@pytest.mark.parametrize(("dex", "ability", "label_en", "label_de"), [
    (4, 2, "dex +4, armour cap +2", "dex +4, Rüstungsgrenze +2"),
    (2, 2, "dex", "dex"),
    (1, 1, "dex", "dex")])
def test_armour_class_with_the_armour_s_dex_cap_and_item_bonus(
        dex: int, ability: int, label_en: str, label_de: str) -> None:
    # "Rüstungsklasse = 10 + Geschicklichkeitsmodifikator (bis zum GE-Limit der Rüstung) +
    # Kompetenzbonus + Gegenstandsbonus der Rüstung zur RK" — trained at level 1: 2 + 1
    request = {"action": "statistic", "kind": "armor_class", "abilities": {"dex": dex},
               "level": 1, "rank": "trained",
               "armor": {"category": "medium", "dex_cap": 2, "item_bonus": 3}}
    value = 10 + ability + 3 + 3
    english = pf2e(**request)
    assert english == {
        "ok": True, "kind": "armor_class", "value": value, "modifier": value - 10,
        "is_dc": True, "applied": [
            {"value": ability, "type": "ability", "label": label_en},
            {"value": 3, "type": "proficiency", "label": "trained"},
            {"value": 3, "type": "item", "label": "armour (medium)"}],
        "ignored": [], "text": f"Armor Class: {value}"}
    german = pf2e(**request, lang="de")
    assert [p["label"] for p in german["applied"]] == [label_de, "Geübt", "Rüstung (mittel)"]
    assert german["text"] == f"Rüstungsklasse: {value}"


def test_a_modifier_the_request_names_keeps_its_label() -> None:
    answer = pf2e(action="statistic", kind="perception", abilities={"wis": 2}, level=3,
                  rank="expert", modifiers=[{"value": 1, "type": "item", "label": "expert"},
                                         {"value": 2, "type": "item",
                                          "label": "armour (medium)"}], lang="de")
    # expert at level 3: 4 + 3; of two item bonuses the higher counts
    assert answer["value"] == 2 + 7 + 2
    assert answer["applied"] == [
        {"value": 2, "type": "ability", "label": "wis"},
        {"value": 7, "type": "proficiency", "label": "Experte"},
        {"value": 2, "type": "item", "label": "armour (medium)"}]
    assert [i["label"] for i in answer["ignored"]] == ["expert"]
