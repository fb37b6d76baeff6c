"""5e odds against a brute-force oracle, properties, the protocol and the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import product

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.cli.main import cli
from regelwerk.systems.dnd5e.d20 import Mode, natural_distribution


def oracle(mode: Mode, lucky: bool) -> dict[int, Fraction]:
    """Every combination of d20s, written out independently of roll_d20."""
    out: dict[int, Fraction] = {}
    count = 1 if mode == "normal" else 2
    picks: dict[str, Callable[[Sequence[int]], int]] = {
        "normal": lambda d: d[0], "advantage": max, "disadvantage": min}
    pick = picks[mode]
    for dice in product(range(1, 21), repeat=count):
        if lucky and 1 in dice:
            i = dice.index(1)
            for new in range(1, 21):
                changed = list(dice)
                changed[i] = new
                natural = pick(changed)
                out[natural] = out.get(natural, Fraction(0)) + Fraction(1, 20 ** (count + 1))
        else:
            natural = pick(dice)
            out[natural] = out.get(natural, Fraction(0)) + Fraction(1, 20**count)
    return out


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("lucky", [False, True])
def test_natural_distribution_matches_oracle(mode: Mode, lucky: bool) -> None:
    assert dict(natural_distribution(mode, lucky)) == oracle(mode, lucky)


@given(st.integers(-5, 15), st.integers(0, 3), st.integers(0, 3), st.booleans(),
       st.integers(1, 35))
def test_check_probability_matches_oracle(modifier: int, adv: int, dis: int, lucky: bool,
                                          dc: int) -> None:
    # "Ef aðstæður veita þér bæði meðbyr og mótbyr [...] kastar eingöngu einum d20." and
    # "kastarðu samt ekki meira en einum d20 til viðbótar"
    mode: Mode = "normal" if bool(adv) == bool(dis) else "advantage" if adv else "disadvantage"
    response = resolve({"system": "dnd5e", "action": "check", "modifier": modifier,
                        "advantage": adv, "disadvantage": dis, "lucky": lucky, "dc": dc,
                        "seed": 1})
    chance = sum((p for natural, p in oracle(mode, lucky).items()
                  if natural + modifier >= dc), Fraction(0))
    assert response["probability"] == pytest.approx(float(chance), abs=1e-12)
    assert response["success"] == (response["total"] >= dc)
    assert response["total"] == response["natural"] + modifier


def test_public_examples() -> None:
    check = resolve({"system": "dnd5e", "action": "check", "score": 13, "proficient": True,
                     "level": 3, "dc": "medium", "faces": [12]})
    assert (check["modifier"], check["total"], check["success"]) == (3, 15, True)
    assert check["probability"] == pytest.approx(0.45)
    adv = resolve({"system": "dnd5e", "action": "check", "modifier": 2, "advantage": 1,
                   "dc": 12, "faces": [4, 11]})
    assert (adv["mode"], adv["natural"]) == ("advantage", 11)
    assert adv["probability"] == pytest.approx(0.7975)


def test_attack_odds_and_crit() -> None:
    response = resolve({"system": "dnd5e", "action": "attack", "modifier": 15, "ac": 10,
                        "faces": [1]})
    assert response["hit"] is False
    assert response["probability"] == pytest.approx(0.95)  # a natural 1 always misses
    adv = resolve({"system": "dnd5e", "action": "attack", "modifier": 0, "ac": 30,
                   "advantage": 1, "faces": [20, 3]})
    assert adv["critical"] is True
    assert adv["critical_probability"] == pytest.approx(1 - (19 / 20) ** 2)


def test_contest_probabilities_sum_to_one() -> None:
    response = resolve({"system": "dnd5e", "action": "contest", "a": {"score": 16},
                        "b": {"score": 14, "advantage": 1}, "faces": [10, 11, 2]})
    assert sum(response["probabilities"].values()) == pytest.approx(1)
    assert response["winner"] == "tie"


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"action": "ability_modifier", "score": 31}, "out_of_range"),
        ({"action": "ability_modifier", "score": "10"}, "wrong_type"),
        ({"action": "proficiency_bonus", "level": 21}, "out_of_range"),
        ({"action": "dc", "difficulty": "trivial"}, "unknown_name"),
        ({"action": "check", "modifier": 1, "score": 10}, "invalid_value"),
        ({"action": "check", "dc": 10}, "missing_field"),
        ({"action": "check", "modifier": 1, "proficient": True}, "missing_field"),
        ({"action": "check", "modifier": 1, "advantage": -1}, "out_of_range"),
        ({"action": "check", "modifier": 1, "proficiency_multipliers": [0]}, "out_of_range"),
        ({"action": "attack", "modifier": 1}, "missing_field"),
    ],
)
def test_errors(request_: dict[str, object], code: str) -> None:
    assert resolve({"system": "dnd5e", **request_})["error"]["code"] == code


def test_dc_by_name_in_three_languages() -> None:
    for lang, word in (("en", "medium"), ("de", "mittel"), ("is", "meðal")):
        response = resolve({"system": "dnd5e", "action": "dc", "difficulty": "Meðal",
                            "lang": lang})
        assert response["dc"] == 15
        assert word in response["text"]


def test_explanations_list_ignored_grants() -> None:
    response = resolve({"system": "dnd5e", "action": "check", "modifier": 1, "advantage": 2,
                        "disadvantage": 1, "proficient": True, "level": 1,
                        "proficiency_multipliers": [2, 2], "faces": [10]})
    reasons = [i["reason"] for i in response["ignored"]]
    assert "the proficiency bonus is multiplied only once" in reasons
    assert [i["reason_code"] for i in response["ignored"]] == [
        "multiplied_once", "one_extra_d20", "cancel"]
    german = resolve({"system": "dnd5e", "action": "check", "modifier": 1, "advantage": 1,
                      "disadvantage": 1, "faces": [10], "lang": "de"})
    assert "heben sich auf" in german["ignored"][0]["reason"]
    assert response["modifiers"] == [{"label": "ability", "value": 1},
                                     {"label": "proficiency", "value": 4}]


def test_cli_check_with_icelandic_dc() -> None:
    result = CliRunner().invoke(cli, ["5e", "check", "--score", "14", "--proficient", "--level",
                                      "5", "--advantage", "--lucky", "--dc", "meðal",
                                      "--faces", "1,13,9"])
    assert result.exit_code == 0
    assert "1↻" in result.output
    assert "[13]" in result.output
    assert "success" in result.output


def test_cli_attack_save_modifier_passive() -> None:
    runner = CliRunner()
    attack = runner.invoke(cli, ["5e", "attack", "--score", "16", "--ac", "13", "--faces", "20"])
    assert "critical hit" in attack.output
    save = runner.invoke(cli, ["5e", "save", "--score", "9", "--motbyr", "--dc", "12",
                               "--faces", "17,5", "--lang", "de"])
    assert "Rettungswurf" in save.output
    modifier = runner.invoke(cli, ["5e", "modifier", "17", "--lang", "is"])
    assert "+3" in modifier.output
    # passive: 10 + 2 (score 14) + 5 for advantage = 17, against DC 15 and 18
    passive = runner.invoke(cli, ["5e", "passive", "--score", "14", "--advantage", "--dc", "15",
                                  "--json"])
    assert json.loads(passive.output)["passive"] == 17
    assert json.loads(passive.output)["success"] is True
    above = runner.invoke(cli, ["5e", "passive", "--score", "14", "--advantage", "--dc", "18",
                                "--json"])
    assert json.loads(above.output)["success"] is False
    bad = runner.invoke(cli, ["5e", "check", "--score", "31"])
    assert bad.exit_code == 2
