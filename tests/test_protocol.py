"""The rules protocol envelope, error codes and the dice system (protocol.md)."""

from __future__ import annotations

from typing import Any

import pytest

import regelwerk
from regelwerk.protocol import registry, resolve


def ok(request: dict[str, Any]) -> dict[str, Any]:
    response = resolve(request)
    assert response["ok"] is True, response
    assert isinstance(response["text"], str)
    assert response["text"]
    return response


def error_code(request: object) -> str:
    response = resolve(request)
    assert response["ok"] is False
    assert set(response["error"]) == {"code", "message"}
    assert response["error"]["message"]
    code: str = response["error"]["code"]
    return code


def test_roll_with_given_faces() -> None:
    response = ok({"system": "dice", "action": "roll", "expression": "3W6+1", "faces": [2, 3, 4]})
    assert response["total"] == 10
    assert response["faces"] == [2, 3, 4]
    # odds of the rolled total or more come with every roll
    # P(3d6+1 >= 10) = P(3d6 >= 9) = 1 - 56/216
    assert response["probability_at_least"] == pytest.approx(160 / 216)


def test_distribution_is_sorted_with_mean() -> None:
    response = ok({"system": "dice", "action": "distribution", "expression": "2d4"})
    assert response["distribution"] == [
        [2, 0.0625], [3, 0.125], [4, 0.1875], [5, 0.25], [6, 0.1875], [7, 0.125], [8, 0.0625]
    ]
    assert response["mean"] == 5.0


def test_seed_gives_the_same_result() -> None:
    request = {"system": "dice", "action": "roll", "expression": "10d6", "seed": 99}
    first = resolve(dict(request))
    assert first == resolve(dict(request))
    # the same seed is the same faces, whatever they are: the total is their sum, and
    # another seed gives other faces (compared with a value, not with itself)
    assert len(first["faces"]) == 10
    assert all(1 <= face <= 6 for face in first["faces"])
    assert first["total"] == sum(first["faces"])
    others = [resolve({**request, "seed": seed})["faces"] for seed in range(100, 105)]
    assert any(faces != first["faces"] for faces in others)
    again = resolve({**request, "faces": first["faces"]})
    assert again["total"] == first["total"]


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ([1, 2], "invalid_request"),
        ({}, "missing_field"),
        ({"system": "chess", "action": "roll"}, "unknown_system"),
        ({"system": "dice", "action": "juggle"}, "unknown_action"),
        ({"system": 3, "action": "roll"}, "wrong_type"),
        ({"system": "dice", "action": "roll"}, "missing_field"),
        ({"system": "dice", "action": "roll", "expression": 5}, "wrong_type"),
        ({"system": "dice", "action": "roll", "expression": "1d6", "colour": "red"},
         "unknown_field"),
        ({"system": "dice", "action": "roll", "expression": "2d"}, "syntax_error"),
        ({"system": "dice", "action": "roll", "expression": "1001d6"}, "limit_exceeded"),
        ({"system": "dice", "action": "roll", "expression": "1d6", "faces": [9]}, "bad_face"),
        ({"system": "dice", "action": "roll", "expression": "2d6", "faces": [1]},
         "not_enough_faces"),
        ({"system": "dice", "action": "roll", "expression": "1d6", "faces": [True]},
         "wrong_type"),
        ({"system": "dice", "action": "roll", "expression": "1d6", "seed": "x"}, "wrong_type"),
        ({"system": "dice", "action": "roll", "expression": "1d6", "seed": 2**70},
         "out_of_range"),
        ({"system": "dice", "action": "roll", "expression": "1d6", "lang": "fr"},
         "out_of_range"),
        ({"system": "dice", "action": "roll", "expression": "1/0"}, "invalid_expression"),
    ],
)
def test_errors_have_codes(request_: object, code: str) -> None:
    assert error_code(request_) == code


def test_unknown_field_message_lists_the_allowed_fields() -> None:
    response = resolve({"system": "dice", "action": "roll", "expression": "1d6", "x": 1})
    assert "allowed fields are expression" in response["error"]["message"]


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "Rolled"), ("de", "Gewürfelt"), ("is", "Kastað")]
)
def test_text_in_three_languages(lang: str, word: str) -> None:
    response = ok({"system": "dice", "action": "roll", "expression": "1d6", "faces": [4],
                   "lang": lang})
    assert response["text"].startswith(word)


def test_registry_is_keyed_by_system_and_action() -> None:
    actions = registry()
    assert {"roll", "distribution"} <= set(actions["dice"])
    for system, table in actions.items():
        for name, action in table.items():
            assert (action.system, action.name) == (system, name)


def test_public_face() -> None:
    assert regelwerk.resolve is resolve
    assert set(regelwerk.__all__) == {
        "Distribution", "RandomSource", "RegelwerkError", "ScriptedRandomSource",
        "SeededRandomSource", "__version__", "resolve",
    }
