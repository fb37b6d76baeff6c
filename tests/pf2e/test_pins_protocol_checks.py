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


def as_floats(chances: list[Fraction]) -> dict[str, float]:
    return {k: float(p) for k, p in zip(DEGREES, chances, strict=True)}


def odds_text(chances: list[Fraction]) -> str:
    names = ("critical failure", "failure", "success", "critical success")
    return ", ".join(f"{names[i]} {100 * float(chances[i]):.1f}%" for i in (3, 2, 1, 0))


def test_a_check_on_a_natural_20() -> None:
    answer = pf2e(action="check", modifier=5, dc=15, faces=[20])
    chances = odds(5, 15)
    assert answer == {
        "ok": True, "mode": "normal", "d20": [20], "natural": 20, "modifier": 5, "total": 25,
        "dc": 15, "degree": "critical_success", "unadjusted_degree": "critical_success",
        "adjustments": [{"degree": "critical_success",
                         "reason": "natural 20: one step better"}],
        "rerolled": False, "probabilities": as_floats(chances), "secret": False,
        "left_out": [],
        "text": "Check: critical success, 20 +5 = 25 against DC 15; chances: "
                + odds_text(chances)}


def test_a_check_on_a_natural_1() -> None:
    answer = pf2e(action="check", modifier=15, dc=15, faces=[1])
    assert (answer["total"], answer["unadjusted_degree"], answer["degree"]) == (
        16, "success", "failure")
    assert answer["adjustments"] == [{"degree": "failure",
                                      "reason": "natural 1: one step worse"}]


def test_a_hero_point_reroll_and_its_odds() -> None:
    # "the second roll counts": a failure is rolled again once
    answer = pf2e(action="check", modifier=5, dc=15, reroll_on=["failure"], faces=[3, 12])
    base = odds(5, 15)
    chances = [base[0] + base[1] * base[0], base[1] * base[1], base[2] + base[1] * base[2],
               base[3] + base[1] * base[3]]
    assert (answer["d20"], answer["natural"], answer["total"], answer["degree"]) == (
        [3, 12], 12, 17, "success")
    assert answer["rerolled"] is True
    assert answer["first"] == {"d20": [3], "natural": 3, "total": 8, "degree": "failure"}
    assert answer["probabilities"] == as_floats(chances)
    assert answer["text"] == (
        "Check: success, 12 +5 = 17 against DC 15; chances: " + odds_text(chances)
        + "; rerolled 3 → 12 with a hero point (the second roll counts)")


def test_a_secret_check_the_player_does_not_know_of() -> None:
    # a fortune effect the player would have to choose is left out ...
    answer = pf2e(action="check", modifier=5, dc=15, secret=True, player_knows=False,
                  fortune=True, faces=[3])
    chances = odds(5, 15)
    assert (answer["mode"], answer["d20"], answer["left_out"], answer["secret"]) == (
        "normal", [3], ["fortune"], True)
    assert answer["text"] == "The game master rolled a secret check."
    assert answer["gm_text"] == (
        "Check: failure, 3 +5 = 8 against DC 15; chances: " + odds_text(chances)
        + " (left out, the player does not know of the secret check: fortune effect)")
    # ... one that applies by itself is kept: the higher of two d20
    kept = pf2e(action="check", modifier=5, dc=15, secret=True, player_knows=False,
                fortune=True, automatic=["fortune"], faces=[3, 12])
    two: list[Fraction] = [Fraction(0)] * 4
    for a in range(1, 21):
        for b in range(1, 21):
            best = max(a, b)
            two[degree(best, best + 5, 15)] += Fraction(1, 400)
    assert (kept["mode"], kept["natural"], kept["left_out"]) == ("fortune", 12, [])
    assert kept["probabilities"] == as_floats(two)
    # a misfortune that applies by itself stays, the hero point reroll goes
    worse = pf2e(action="check", modifier=5, dc=15, secret=True, player_knows=False,
                 misfortune=True, automatic=["misfortune"], reroll_on=["failure"],
                 faces=[3, 4])
    assert (worse["mode"], worse["natural"], worse["left_out"], worse["rerolled"]) == (
        "misfortune", 3, ["hero_point_reroll"], False)
    assert worse["gm_text"].endswith("(left out, the player does not know of the secret "
                                     "check: hero point reroll)")
    # a secret check the player knows of keeps everything
    known = pf2e(action="check", modifier=5, dc=15, secret=True, fortune=True, faces=[3, 12])
    assert (known["mode"], known["left_out"]) == ("fortune", [])


def test_proficiency_bonus_names_the_rank() -> None:
    # "Meister Deine Stufe + 6" — "Legende Deine Stufe + 8"
    assert pf2e(action="proficiency_bonus", rank="master", level=5) == {
        "ok": True, "bonus": 11, "rank": "master",
        "text": "Proficiency bonus +11 (master, level 5)"}
    assert pf2e(action="proficiency_bonus", rank="legendary", level=1,
                lang="de")["text"] == "Kompetenzbonus +9 (Legende, Stufe 1)"


@pytest.mark.parametrize(("attack", "weapon", "penalty"), [
    (True, False, -2), (False, True, -2), (True, True, 0), (False, False, 0)])
def test_nonlethal_penalty(attack: bool, weapon: bool, penalty: int) -> None:
    # "Du erhältst einen Situationsmalus von –2 auf deinen Angriffswurf, wenn du einen
    # nichttödlichen Angriff mit einer Waffe ausführst, die nicht die Eigenschaft
    # Nichttödlich hat. Den gleichen Malus erhältst du auch, wenn du einen tödlichen
    # Angriff mit einer nichttödlichen Waffe ausführst."
    assert pf2e(action="nonlethal_penalty", nonlethal_attack=attack,
                nonlethal_weapon=weapon) == {
        "ok": True, "penalty": penalty, "type": "circumstance",
        "text": f"Nonlethal penalty: {penalty}"}


def test_multipliers_combined_and_applied() -> None:
    # "Dabei zählt jeder Multiplikator nach dem ersten als 1 weniger als sein eigentlicher
    # Wert." — ×2 and ×3 make ×4; ×2 and ×1.5 make ×2.5, and 7 × 2.5 is 17 rounded down
    assert pf2e(action="multiply", multipliers=[2, 3], value=7) == {
        "ok": True, "multiplier": 4, "value": 28, "text": "Combined multiplier: ×4"}
    assert pf2e(action="multiply", multipliers=[2, 1.5], value=7) == {
        "ok": True, "multiplier": 2.5, "value": 17, "text": "Combined multiplier: ×2.5"}
    assert pf2e(action="multiply", multipliers=[3]) == {
        "ok": True, "multiplier": 3, "text": "Combined multiplier: ×3"}


def test_duplicate_effects_the_highest_level_or_the_newest() -> None:
    # "Dabei zählt der höchste Grad der Effekte oder, wenn sie gleichen Grades sind, der
    # neueste."
    assert pf2e(action="duplicate_effects", effects=[
        {"name": "a", "level": 2}, {"name": "b", "level": 3}, {"name": "c", "level": 1}]) == {
        "ok": True, "applies": 1, "effect": "b", "ignored": [0, 2],
        "text": "Only b (level 3) applies"}
    # equal levels: the newest by its place, or by the order given
    assert pf2e(action="duplicate_effects", effects=[
        {"name": "a", "level": 2}, {"name": "b", "level": 2}])["effect"] == "b"
    assert pf2e(action="duplicate_effects", effects=[
        {"name": "a", "level": 2, "order": 5}, {"name": "b", "level": 2, "order": 0}])[
        "effect"] == "a"
