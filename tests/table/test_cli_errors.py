"""`regelwerk table replay` and `verify` refuse a bad file with a clear message in
the reader's language, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.cli.main import cli

from .conftest import Table
from .test_fair import _play


def _write(tmp_path: Path, events: list[dict[str, Any]]) -> Path:
    path = tmp_path / "table.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in events), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", "Zeile 2 ist kein JSON"), ("is", "Lína 2 er ekki JSON"),
    ("en", "line 2 is not JSON")])
@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_line_that_is_not_json(tmp_path: Path, command: str, lang: str,
                                 expected: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('\n{oops\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["table", command, str(path), "--lang", lang])
    assert result.exit_code == 1
    assert expected in result.output
    assert "Traceback" not in result.output


def test_missing_fields_gaps_and_empty_files_in_german(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "t.jsonl"
    path.write_text('{"sequence": 1, "kind": "x"}\n', encoding="utf-8")
    result = runner.invoke(cli, ["table", "replay", str(path), "--lang", "de"])
    assert "Zeile 1 ist kein exportiertes Ereignis: es fehlt table_id, payload" in \
        result.output
    path.write_text("\n\n", encoding="utf-8")
    result = runner.invoke(cli, ["table", "verify", str(path), "--lang", "de"])
    assert "die Datei enthält keine Ereignisse" in result.output
    path.write_bytes(b"\xff\xfe\x00")
    for command in ("replay", "verify"):
        # like any file that cannot be read: a wrong command line, naming the path
        result = runner.invoke(cli, ["table", command, str(path), "--lang", "is"])
        assert result.exit_code == 2
        assert f"{path}: skráin er ekki UTF-8 texti" in result.output


def test_replay_names_an_unknown_kind_and_a_damaged_payload(pf2e: Table,
                                                           tmp_path: Path) -> None:
    events = _play(pf2e)
    runner = CliRunner()
    gap = [e for e in events if e["sequence"] != 3]
    result = runner.invoke(cli, ["table", "replay", str(_write(tmp_path, gap)),
                                 "--lang", "de"])
    assert "Zeile 3: Ereignis 4 folgt nicht auf 2" in result.output
    strange = [dict(e) for e in events]
    strange[4]["kind"] = "dragon_hatched"
    result = runner.invoke(cli, ["table", "replay", str(_write(tmp_path, strange)),
                                 "--lang", "de"])
    assert result.exit_code == 1
    assert "Ereignis 5 hat die unbekannte Art dragon_hatched" in result.output
    added = next(i for i, e in enumerate(events) if e["kind"] == "character_added")
    damaged = [dict(e) for e in events]
    damaged[added] = dict(damaged[added], payload={"nothing": 1})
    result = runner.invoke(cli, ["table", "replay", str(_write(tmp_path, damaged)),
                                 "--lang", "is"])
    assert result.exit_code == 1
    assert f"Atburður {added + 1} (character_added) spilast ekki aftur" in result.output


def test_verify_reports_a_damaged_roll_in_german(pf2e: Table, tmp_path: Path) -> None:
    events = _play(pf2e)
    roll = next(e for e in events if e["kind"] == "check_rolled")
    del roll["payload"]["rolls"][0]["source"]
    result = CliRunner().invoke(cli, ["table", "verify", str(_write(tmp_path, events)),
                                      "--lang", "de"])
    assert result.exit_code == 1
    assert f"Ereignis {roll['sequence']}: dem Ereignis fehlt, was die Prüfung braucht" in \
        result.output


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                     max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(payload=_JSON, kind=st.sampled_from(["check_rolled", "seed_revealed",
                                            "seed_committed", "table_created"]))
def test_verify_never_crashes_on_a_damaged_event(tmp_path_factory: Any, payload: Any,
                                                 kind: str) -> None:
    event = {"table_id": "t", "sequence": 1, "kind": kind, "actor": "m1",
             "audience": ["*"], "time": "", "payload": {"rolls": [payload],
                                                        "seed": payload, "epoch": payload}}
    path = _write(tmp_path_factory.mktemp("v"), [event])
    result = CliRunner().invoke(cli, ["table", "verify", str(path), "--lang", "de"])
    assert result.exit_code in (0, 1)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.output
