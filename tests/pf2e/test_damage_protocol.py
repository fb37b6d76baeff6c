"""pf2e damage, creature and falling actions through the protocol and the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from regelwerk import resolve
from regelwerk.cli.main import cli


def pf2e(action: str, **fields: Any) -> dict[str, Any]:
    return resolve({"system": "pf2e", "action": action, **fields})


def test_public_examples() -> None:
    iwr = pf2e("apply_damage", critical=False,
               damage=[{"amount": 5, "type": "cold", "precision": 0, "traits": []}],
               target={"immunities": [], "weaknesses": [{"type": "cold", "value": 3}],
                       "resistances": [], "traits": []})
    assert iwr["total"] == 8
    dying = pf2e("damage_creature", amount=12, critical=False, creature={
        "hp": 10, "max_hp": 30, "temp_hp": 0, "dying": 0, "wounded": 0, "doomed": 0,
        "unconscious": False, "dead": False, "hero_points": 1, "regeneration": False})
    creature = dying["creature"]
    assert isinstance(creature, dict)
    assert (creature["hp"], creature["dying"], creature["unconscious"]) == (0, 1, True)
    assert pf2e("falling_damage", distance=9)["damage"] == 15


def test_damage_roll_with_distribution() -> None:
    response = pf2e("damage_roll", dice="1d8", attack="melee", strength=4, critical=True,
                    critical_extra="1d10", faces=[5, 7])
    assert response["total"] == 25
    assert response["faces"] == [5, 7]
    assert response["mean"] == pytest.approx(2 * 8.5 + 5.5)
    assert pf2e("damage_roll", dice="1d8", attack="melee")["error"]["code"] == "missing_field"


def test_apply_damage_german_terms_and_steps() -> None:
    response = pf2e("apply_damage", damage=[{"amount": 12, "type": "Hiebschaden",
                                             "traits": ["Silber"]}],
                    target={"resistances": [{"type": "Körperlich", "value": 10,
                                             "except": ["Silber"]}]}, lang="de")
    assert response["total"] == 12
    bad = pf2e("apply_damage", damage=[{"amount": 1, "type": "plasma"}], target={})
    assert bad["error"]["code"] == "unknown_name"


def test_strike_damage_odds() -> None:
    response = pf2e("strike_damage", modifier=10, ac=18,
                    damage={"dice": "1d8", "modifiers": [{"value": 4, "type": "ability"}],
                            "type": "slashing"},
                    target={"hp": 12}, strikes=[{}, {}])
    assert 0 < response["probability_zero_hp"] < 1
    assert sum(p for _, p in response["distribution"]) == pytest.approx(1)


def test_recovery_check_and_heroic_recovery() -> None:
    dying = {"hp": 0, "max_hp": 20, "dying": 2, "unconscious": True, "hero_points": 2}
    check = pf2e("recovery_check", creature=dying, faces=[20])
    assert (check["dc"], check["degree"]) == (12, "critical_success")
    assert check["creature"]["dying"] == 0
    assert pf2e("heroic_recovery", creature=dying)["creature"]["hero_points"] == 0


def test_objects_persistent_counteract_affliction() -> None:
    broken = pf2e("damage_object", object={"hp": 20, "max_hp": 20, "hardness": 5,
                                           "broken_threshold": 10}, amount=16)
    assert (broken["taken"], broken["broken"]) == (11, True)
    persistent = pf2e("persistent_damage", dice="1d6", type="Feuer", faces=[4, 15])
    assert (persistent["damage"], persistent["ended"]) == (4, True)
    assert pf2e("counteract", degree="success", counteract_level=2,
                target_level=3)["counteracted"] is True
    assert pf2e("counteract_level", level=7)["counteract_level"] == 4
    arsenic = {"stages": 3, "type": "poison"}
    assert pf2e("affliction", affliction=arsenic, state={"stage": 1},
                degree="failure")["state"]["stage"] == 2


def test_cli_damage_and_creature(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["pf2e", "damage", "2d6", "--type", "fire", "--weakness",
                                 "fire=5", "--faces", "3,4"])
    assert result.exit_code == 0
    assert "Damage taken: 12" in result.output
    state = tmp_path / "hero.json"
    assert runner.invoke(cli, ["pf2e", "creature", str(state), "new", "--hp", "20"]).exit_code == 0
    runner.invoke(cli, ["pf2e", "creature", str(state), "damage", "25", "--critical"])
    assert json.loads(state.read_text())["dying"] == 2
    runner.invoke(cli, ["pf2e", "creature", str(state), "recover", "--faces", "15"])
    assert json.loads(state.read_text())["dying"] == 1
    runner.invoke(cli, ["pf2e", "creature", str(state), "heal", "5"])
    saved = json.loads(state.read_text())
    assert (saved["hp"], saved["wounded"], saved["unconscious"]) == (5, 1, False)
    missing = runner.invoke(cli, ["pf2e", "creature", str(tmp_path / "nope.json"), "heal", "1"])
    assert missing.exit_code == 1
    assert "does not exist" in missing.output
