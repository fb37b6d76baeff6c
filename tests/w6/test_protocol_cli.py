"""The w6 actions of the protocol and ``regelwerk w6``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from regelwerk import resolve
from regelwerk.cli.main import cli


def test_probe_example() -> None:
    response = resolve({"system": "w6", "action": "probe", "attribute": 7, "skill": 2,
                        "tools": 1, "difficulty": "schwer", "faces": [6, 2, 5, 1, 3]})
    assert response["ok"]
    assert (response["dice"], response["successes"], response["passed"]) == (5, 2, True)
    assert response["probability"] == pytest.approx(0.5390946502057613, abs=1e-12)
    assert response["pool"] == {"attribute": 7, "skill": 6, "tools": 1, "difficulty": -9,
                                "value": 5}


@pytest.mark.parametrize("name", ["Fast unmöglich", "fast_unmoeglich", "fast-unmoglich",
                                  "nearly_impossible", 15])
def test_difficulty_names_and_numbers(name: object) -> None:
    response = resolve({"system": "w6", "action": "probe", "attribute": 20, "difficulty": name,
                        "seed": 1})
    assert response["dice"] == 5


def test_complex_advice_and_contest() -> None:
    advice = resolve({"system": "w6", "action": "complex_advice", "attribute": 10,
                      "required": [1, 1]})
    assert advice["split"] == [5, 5]
    assert len(advice["candidates"]) == 5
    fight = resolve({"system": "w6", "action": "contest", "a": {"attribute": 6},
                     "b": {"attribute": 6}, "tie": "b", "seed": 4})
    assert fight["probabilities"]["tie"] == 0


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"attribute": -1}, "out_of_range"),
        ({"attribute": "8"}, "wrong_type"),
        ({"attribute": 8, "difficulty": "impossible"}, "unknown_name"),
        ({"attribute": 8, "difficulty": True}, "wrong_type"),
        ({"attribute": 8, "required": 0}, "out_of_range"),
        ({"attribute": 1000, "skill": 300}, "limit_exceeded"),
        ({"attribute": 8, "colour": 1}, "unknown_field"),
    ],
)
def test_probe_errors(request_: dict[str, object], code: str) -> None:
    response = resolve({"system": "w6", "action": "probe", **request_})
    assert response["error"]["code"] == code


def test_split_errors() -> None:
    response = resolve({"system": "w6", "action": "complex_probe", "attribute": 8,
                        "split": [8], "required": [2]})
    assert response["error"]["code"] == "invalid_split"
    assert "at least 2 rolls" in response["error"]["message"]


@pytest.mark.parametrize(("lang", "word"), [("en", "passed"), ("de", "gelungen"),
                                            ("is", "tókst")])
def test_texts(lang: str, word: str) -> None:
    response = resolve({"system": "w6", "action": "probe", "attribute": 2,
                        "faces": [5, 6], "lang": lang})
    assert word in response["text"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["w6", *args])
    return result.exit_code, result.output


def test_cli_probe_with_german_options() -> None:
    code, out = run("probe", "--eigenschaft", "GE=8", "--schwierigkeit", "herausfordernd",
                    "--fertigkeit", "1", "--hilfsmittel", "2", "--faces", "6,2,5,1,3,4,4",
                    "--lang", "de")
    assert code == 0
    assert "GE +8" in out
    assert "Erschwerung -6" in out
    assert "= 7" in out
    assert "gelungen" in out
    assert "Qualität +0" in out


def test_cli_complex_advice_contest_table() -> None:
    code, out = run("complex", "--attribute", "10", "--aufteilung", "6,4", "--erfolge", "2,1",
                    "--faces", "5,5,1,1,1,1,2,2,2,2")
    assert code == 0
    assert "failed" in out
    code, out = run("advice", "--attribute", "10", "--required", "1,1")
    assert code == 0
    assert "5 + 5" in out
    code, out = run("contest", "--a-attribute", "6", "--b-eigenschaft", "6", "--gleichstand",
                    "a", "--faces", "5,1,1,1,1,1,6,1,1,1,1,1")
    assert code == 0
    assert "A wins" in out
    code, out = run("table")
    assert code == 0
    assert "30" in out
    assert "6 req." in out


def test_cli_json_and_errors() -> None:
    code, out = run("probe", "--attribute", "3", "--seed", "2", "--json")
    assert code == 0
    assert json.loads(out)["dice"] == 3
    code, out = run("complex", "--attribute", "8", "--split", "8", "--required", "2")
    assert code == 1
    assert "invalid_split" in out
    code, out = run("probe", "--attribute", "x")
    assert code == 2
    assert "GE=8" in out
