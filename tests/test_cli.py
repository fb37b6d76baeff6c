"""The command line: roll, odds, resolve."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from regelwerk.cli.main import cli


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.output


def test_roll_shows_dice_total_and_odds() -> None:
    code, out = run("roll", "4d6kh3", "--faces", "1,6,2,4")
    assert code == 0
    assert "Total: 12" in out
    assert "Chance of 12 or more" in out


def test_roll_json_and_seed() -> None:
    code, out = run("roll", "2W6+3", "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"]
    assert data["expression"] == "2d6+3"
    assert run("roll", "2W6+3", "--seed", "5", "--json")[1] == out


def test_roll_markdown() -> None:
    code, out = run("roll", "4d6kh3", "--faces", "1 6 2 4", "--markdown")
    assert code == 0
    assert "~~**1**~~" in out


def test_roll_german() -> None:
    code, out = run("roll", "1d6", "--faces", "3", "--lang", "de")
    assert code == 0
    assert "Summe: 3" in out


def test_roll_error_is_clear_and_exits_1() -> None:
    code, out = run("roll", "2d")
    assert code == 1
    assert "syntax_error" in out
    assert "Traceback" not in out


def test_bad_faces_option() -> None:
    code, out = run("roll", "1d6", "--faces", "x")
    assert code == 2
    assert "whole numbers" in out


def test_odds_table_mean_median() -> None:
    code, out = run("odds", "2d6")
    assert code == 0
    assert "Mean: 7   Median: 7" in out
    assert "16.6667%" in out


def test_resolve_batch_goes_on_after_a_bad_line() -> None:
    lines = "\n".join([
        json.dumps({"system": "dice", "action": "roll", "expression": "1d6", "faces": [2]}),
        "{not json",
        json.dumps({"system": "dice", "action": "roll", "expression": "1d6", "faces": [5]}),
    ])
    code, out = run("resolve", stdin=lines + "\n")
    responses = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [r["ok"] for r in responses] == [True, False, True]
    assert responses[1]["error"]["code"] == "invalid_json"
    assert responses[2]["total"] == 5


def test_resolve_all_good_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "requests.jsonl"
    path.write_text(json.dumps({"system": "dice", "action": "distribution",
                                "expression": "1d4"}) + "\n")
    code, out = run("resolve", "--file", str(path))
    assert code == 0
    assert json.loads(out)["mean"] == 2.5


def test_odds_marks_a_seeded_roll() -> None:
    code, out = run("odds", "1d4", "--seed", "3")
    assert code == 0
    assert out.count("◀") == 1


def test_help_in_the_system_language() -> None:
    import os
    import subprocess
    import sys

    script = "from regelwerk.cli.main import main; main()"
    for lang, words in (("de", "Eine Probe würfeln"), ("is", "Kasta prófi"),
                        ("en", "Roll a Probe")):
        env = {**os.environ, "REGELWERK_LANG": lang}
        done = subprocess.run([sys.executable, "-c", script, "w6", "--help"], env=env,
                              capture_output=True, text=True, timeout=60, check=True)
        assert words in done.stdout
