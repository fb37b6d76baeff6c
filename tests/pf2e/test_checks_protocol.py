"""pf2e check actions: odds against a brute-force oracle, properties, protocol, CLI."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.cli.main import cli
from regelwerk.systems.pf2e.checks.checks import Check
from regelwerk.systems.pf2e.checks.degrees import Degree


def oracle(modifier: int, dc: int, mode: str) -> dict[Degree, Fraction]:
    """Every d20 (pair), judged by hand: by ten, then the natural 20/1 step."""
    out = dict.fromkeys(Degree, Fraction(0))
    dice = 1 if mode == "normal" else 2
    for faces in product(range(1, 21), repeat=dice):
        natural = {"normal": faces[0], "fortune": max(faces), "misfortune": min(faces)}[mode]
        total = natural + modifier
        step = 3 if total >= dc + 10 else 2 if total >= dc else 0 if total <= dc - 10 else 1
        step += 1 if natural == 20 else -1 if natural == 1 else 0
        out[Degree(max(0, min(3, step)))] += Fraction(1, 20**dice)
    return out


@pytest.mark.parametrize("mode", ["normal", "fortune", "misfortune"])
@pytest.mark.parametrize(("modifier", "dc"), [(8, 18), (0, 30), (25, 15), (5, 15), (-3, 5)])
def test_degree_odds_match_oracle(mode: str, modifier: int, dc: int) -> None:
    check = Check(modifier, dc, mode == "fortune", mode == "misfortune")
    assert check.odds() == oracle(modifier, dc, mode)


@given(st.integers(-20, 40), st.integers(-10, 50), st.booleans(), st.booleans(),
       st.sets(st.sampled_from(list(Degree))))
def test_odds_sum_to_one(modifier: int, dc: int, fortune: bool, misfortune: bool,
                         reroll: set[Degree]) -> None:
    if fortune and reroll:
        return
    odds = Check(modifier, dc, fortune, misfortune, reroll_on=frozenset(reroll)).odds()
    assert sum(odds.values()) == 1
    assert all(0 <= p <= 1 for p in odds.values())


def test_public_examples() -> None:
    assert resolve({"system": "pf2e", "action": "proficiency_bonus", "rank": "expert",
                    "level": 3})["bonus"] == 7
    total = resolve({"system": "pf2e", "action": "total_modifier", "modifiers": [
        {"value": 2, "type": "item", "label": "+2 rune"},
        {"value": 1, "type": "item", "label": "+1 rune"},
        {"value": -1, "type": "status", "label": "frightened 1"}]})
    assert total["total"] == 1
    assert total["ignored"][0]["label"] == "+1 rune"
    check = resolve({"system": "pf2e", "action": "check", "modifier": 8, "dc": 18,
                     "faces": [15]})
    assert (check["total"], check["degree"]) == (23, "success")
    assert check["probabilities"] == pytest.approx(
        {"critical_failure": 0.05, "failure": 0.4, "success": 0.5, "critical_success": 0.05})
    assert resolve({"system": "pf2e", "action": "flat_check", "dc": 11,
                    "faces": [14]})["success"] is True
    assert resolve({"system": "pf2e", "action": "multiple_attack_penalty", "attack_number": 6,
                    "agile": False})["penalty"] == -10
    assert resolve({"system": "pf2e", "action": "range_penalty", "range_increment": 18,
                    "distance": 40})["penalty"] == -4
    assert resolve({"system": "pf2e", "action": "basic_save", "damage": 9,
                    "degree": "success"})["damage"] == 4


def test_flat_check_without_a_roll_and_several_dcs() -> None:
    auto = resolve({"system": "pf2e", "action": "flat_check", "dc": 1})
    assert auto["success"] is True
    assert "natural" not in auto
    several = resolve({"system": "pf2e", "action": "flat_check", "dcs": [5, 11],
                       "faces": [8]})
    assert (several["dc"], several["success"]) == (11, False)


def test_secret_check_hides_the_result_from_the_player() -> None:
    response = resolve({"system": "pf2e", "action": "check", "modifier": 5, "dc": 15,
                        "secret": True, "faces": [12], "lang": "de"})
    assert response["secret"] is True
    assert "17" not in response["text"]
    assert "Erfolg" not in response["text"]
    assert "17" in response["gm_text"]


def test_adjustments_keep_the_unadjusted_degree() -> None:
    # 1 + 16 = 17 against 15 is a success; the natural 1 makes it a failure first, so
    # an ability that turns a success into a critical success no longer applies
    response = resolve({"system": "pf2e", "action": "check", "modifier": 16, "dc": 15,
                        "faces": [1], "adjustments": [
                            {"reason": "Juggernaut", "when": "success",
                             "to": "Kritischer Erfolg"}]})
    assert response["unadjusted_degree"] == "success"
    assert [a["degree"] for a in response["adjustments"]] == ["failure"]
    assert response["degree"] == "failure"


def test_german_names_and_range_out_of_range() -> None:
    assert resolve({"system": "pf2e", "action": "basic_save", "damage": 9,
                    "degree": "Kritischer Fehlschlag"})["damage"] == 18
    far = resolve({"system": "pf2e", "action": "range_penalty", "range_increment": 36,
                   "distance": 217})
    assert far["error"]["code"] == "out_of_range"


def test_strikes_and_initiative() -> None:
    turn = resolve({"system": "pf2e", "action": "strikes", "modifier": 10, "ac": 18,
                    "strikes": [{}, {"agile": True}, {}], "faces": [10, 10, 10]})
    assert [s["penalty"] for s in turn["strikes"]] == [0, -4, -10]
    assert 0 < turn["probability_any_hit"] < 1
    order = resolve({"system": "pf2e", "action": "initiative", "participants": [
        {"name": "Ezren", "modifier": 5}, {"name": "Goblin", "modifier": 5, "foe": True}],
        "faces": [10, 10]})
    assert [p["name"] for p in order["order"]] == ["Goblin", "Ezren"]


def test_errors() -> None:
    both = resolve({"system": "pf2e", "action": "check", "modifier": 1, "modifiers": [],
                    "dc": 10})
    assert both["error"]["code"] == "invalid_value"
    bad_type = resolve({"system": "pf2e", "action": "total_modifier",
                        "modifiers": [{"value": 1, "type": "luck"}]})
    assert bad_type["error"]["code"] == "unknown_name"
    fortune_reroll = resolve({"system": "pf2e", "action": "check", "modifier": 1, "dc": 10,
                              "fortune": True, "reroll_on": ["failure"]})
    assert "one fortune effect" in fortune_reroll["error"]["message"]


def test_cli_check_shows_breakdown_and_odds() -> None:
    result = CliRunner().invoke(cli, ["pf2e", "check", "--item", "1", "--item", "2",
                                      "--status", "1", "--status", "-2", "--untyped", "-5",
                                      "--dc", "18", "--faces", "12"])
    assert result.exit_code == 0
    assert "only the highest item bonus counts" in result.output
    assert "critical failure" in result.output


def test_cli_strikes() -> None:
    result = CliRunner().invoke(cli, ["pf2e", "strikes", "--modifier", "10", "--ac", "18",
                                      "--count", "2", "--agil", "--seed", "3", "--lang", "de"])
    assert result.exit_code == 0
    assert "RK 18" in result.output
