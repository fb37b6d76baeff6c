"""Every input answered: huge integers, lone surrogates, invalid UTF-8, a byte-order
mark, NaN and Infinity get a clear error code, never a traceback or a stopped batch,
through ``regelwerk.resolve`` and ``regelwerk resolve``; messages show at most 80
characters of any input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk import resolve
from regelwerk.protocol import registry

ACTIONS = sorted((s, a) for s, table in registry().items() for a in table)


BAD_VALUES: dict[str, tuple[Any, str]] = {
    "huge": (10**5000, "out_of_range"),
    "huge_negative": (-(10**5000), "out_of_range"),
    "nan": (float("nan"), "out_of_range"),
    "infinity": (float("inf"), "out_of_range"),
    "surrogate": ("\ud800", "invalid_request"),
    "low_surrogate": ("ok\udfffok", "invalid_request"),
}


@pytest.mark.parametrize("kind", sorted(BAD_VALUES))
def test_python_requests_with_bad_values_get_a_clear_code(kind: str) -> None:
    value, code = BAD_VALUES[kind]
    for field in ("expression", "seed", "lang", "faces"):
        response = resolve({"system": "dice", "action": "roll", "expression": "1d6",
                            field: value})
        assert response["ok"] is False
        assert response["error"]["code"] == code, (field, response)
        json.dumps(response, ensure_ascii=False).encode("utf-8")  # encodable


@settings(max_examples=150)
@given(st.sampled_from(ACTIONS), st.sampled_from(sorted([*BAD_VALUES, "long"])))
def test_every_action_answers_bad_values_in_any_field(action: tuple[str, str],
                                                      kind: str) -> None:
    value = "y" * 100_000 if kind == "long" else BAD_VALUES[kind][0]
    system, name = action
    example = dict(registry()[system][name].example or {})
    for field in [k for k in example if k not in ("system", "action")] or ["x"]:
        response = resolve({**example, field: value})
        assert response["ok"] is False or value == "y" * 100_000, response
        if not response["ok"]:
            assert response["error"]["code"] != "internal_error", (field, response)
            assert len(response["error"]["message"]) < 1000
            assert "y" * 81 not in response["error"]["message"]
        json.dumps(response, ensure_ascii=False).encode("utf-8")


def test_a_surrogate_in_a_key_and_a_long_unknown_field() -> None:
    response = resolve({"system": "dice", "action": "roll", "expression": "1d6",
                        "\ud800": 1})
    assert response["error"]["code"] == "invalid_request"
    long_field = "z" * 10_000
    response = resolve({"system": "dice", "action": "roll", "expression": "1d6",
                        long_field: 1})
    assert response["error"]["code"] == "unknown_field"
    assert "z" * 79 + "…" in response["error"]["message"]
    assert "z" * 81 not in response["error"]["message"]


def _batch(data: bytes, *args: str) -> tuple[int, list[dict[str, Any]], str]:
    done = subprocess.run(
        [sys.executable, "-c", "from regelwerk.cli.main import main; main()", "resolve",
         *args], input=data, capture_output=True, timeout=60, check=False)
    lines = done.stdout.decode("utf-8").splitlines()
    return done.returncode, [json.loads(line) for line in lines], done.stderr.decode()


GOOD = b'{"system": "dice", "action": "roll", "expression": "1d6", "faces": [4]}'
BAD_LINES = [
    (b"", "invalid_request"),
    (b"   ", "invalid_request"),
    (b"\xff\xfe not utf-8", "invalid_json"),
    (b'\xef\xbb\xbf{"system": "dice"}', "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "\\ud800"}', "invalid_request"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": '
     + b"7" * 5000 + b"}", "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": NaN}',
     "invalid_json"),
    (b'{"system": "dice", "action": "roll", "expression": "1d6", "seed": -Infinity}',
     "invalid_json"),
    (b"[" * 50_000, "invalid_json"),
    (b'{"system": "' + b"s" * 1_000_000 + b'", "action": "roll"}', "unknown_system"),
]


def test_the_batch_answers_every_line_in_order(tmp_path: Path) -> None:
    """Line N of the input is answered by line N of the output, blank lines included."""
    lines = [GOOD]
    for line, _ in BAD_LINES:
        lines += [line, GOOD]
    data = b"\n".join(lines) + b"\r\n"
    path = tmp_path / "requests.jsonl"
    path.write_bytes(data)
    for args, stdin in (((), data), (("--file", str(path)), b"")):
        code, answers, errors = _batch(stdin, *args)
        assert code == 1
        assert "Traceback" not in errors
        assert len(answers) == len(lines)
        for index, (_, expected) in enumerate(BAD_LINES):
            assert answers[2 * index]["total"] == 4
            assert answers[2 * index + 1]["error"]["code"] == expected, index
            assert len(answers[2 * index + 1]["error"]["message"]) < 300
        assert answers[-1]["total"] == 4


def test_a_batch_without_a_final_newline_and_all_good_exits_0() -> None:
    code, answers, _ = _batch(GOOD + b"\n" + GOOD)
    assert code == 0
    assert [a["total"] for a in answers] == [4, 4]
