"""Provably fair dice: commitment, players' seeds, reveal, and `regelwerk table verify`."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from regelwerk.cli.main import cli
from regelwerk.dice.random_sources import CommittedRandomSource
from regelwerk.table.fair import verify

from .conftest import Table, make_table
from .test_service import EZREN


def _play(table: Table) -> list[dict[str, Any]]:
    s = table.service
    s.execute(table.gm, {"type": "add_character", "name": "Ezren", "sheet": EZREN})
    s.execute(table.player, {"type": "add_seed", "seed": "Bert's lucky words"})
    for statistic in ("will", "Arcana", "reflex"):
        s.execute(table.gm, {"type": "check", "character_id": "c1", "statistic": statistic,
                             "dc": 16})
    s.execute(table.gm, {"type": "rotate_seed"})
    s.execute(table.gm, {"type": "check", "character_id": "c1", "statistic": "will",
                         "dc": 16})
    return [json.loads(line) for line in s.export(table.gm).splitlines()]


def test_the_seed_is_committed_before_rolling_and_revealed_on_rotation(pf2e: Table) -> None:
    events = _play(pf2e)
    committed = next(e for e in events if e["kind"] == "seed_committed")
    revealed = next(e for e in events if e["kind"] == "seed_revealed")
    assert committed["sequence"] < revealed["sequence"]
    seed = bytes.fromhex(revealed["payload"]["seed"])
    assert hashlib.sha256(seed).hexdigest() == committed["payload"]["seed_hash"]
    roll = next(e for e in events if e["kind"] == "check_rolled")
    record = roll["payload"]["rolls"][0]
    assert record["source"]["player_seeds"] == ["Bert's lucky words"]
    again = CommittedRandomSource(seed, ["Bert's lucky words"], roll["sequence"])
    assert again.roll(20) == record["dice"][0]["face"]


def test_verify_checks_every_roll_and_catches_a_changed_face(pf2e: Table) -> None:
    events = _play(pf2e)
    checked, pending, problems = verify(events)
    assert (checked, pending, problems) == (3, 1, [])
    roll = next(e for e in events if e["kind"] == "check_rolled")
    die = roll["payload"]["rolls"][0]["dice"][0]
    die["face"] = die["face"] % 20 + 1
    _, _, problems = verify(events)
    assert [p.sequence for p in problems] == [roll["sequence"], roll["sequence"]]


def test_verify_catches_a_changed_result(pf2e: Table) -> None:
    events = _play(pf2e)
    roll = next(e for e in events if e["kind"] == "check_rolled")
    roll["payload"]["rolls"][0]["result"]["total"] += 1
    _, _, problems = verify(events)
    assert "does not follow from its faces" in problems[0].detail


def test_cli_verify_and_replay(pf2e: Table, tmp_path: Path) -> None:
    events = _play(pf2e)
    path = tmp_path / "table.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in events), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["table", "verify", str(path)])
    assert result.exit_code == 0, result.output
    assert "3 rolls checked" in result.output
    replay = runner.invoke(cli, ["table", "replay", str(path)])
    assert replay.exit_code == 0
    state = json.loads(replay.output)
    assert state["characters"]["c1"]["name"] == "Ezren"
    assert "credentials" not in state
    roll = next(e for e in events if e["kind"] == "check_rolled")
    roll["payload"]["rolls"][0]["dice"][0]["face"] = 21
    path.write_text("\n".join(json.dumps(e) for e in events), encoding="utf-8")
    result = runner.invoke(cli, ["table", "verify", str(path)])
    assert result.exit_code == 1
    assert f"event {roll['sequence']}" in result.output


def test_verify_catches_a_left_out_player_seed_and_a_seed_used_after_its_reveal(
        pf2e: Table) -> None:
    events = _play(pf2e)
    roll = next(e for e in events if e["kind"] == "check_rolled")
    roll["payload"]["rolls"][0]["source"]["player_seeds"] = []
    _, _, problems = verify(events)
    assert any("players' seeds" in p.detail for p in problems)
    events = _play(make_table("pf2e"))
    revealed = next(e for e in events if e["kind"] == "seed_revealed")
    last = [e for e in events if e["kind"] == "check_rolled"][-1]
    last["payload"]["rolls"][0]["source"].update(
        epoch=revealed["payload"]["epoch"], seed_hash=revealed["payload"]["seed_hash"],
        player_seeds=["Bert's lucky words"])
    _, _, problems = verify(events)
    assert any("after it was revealed" in p.detail for p in problems)


def test_cli_verify_speaks_german(pf2e: Table, tmp_path: Path) -> None:
    events = _play(pf2e)
    path = tmp_path / "table.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in events), encoding="utf-8")
    result = CliRunner().invoke(cli, ["table", "verify", str(path), "--lang", "de"])
    assert "3 Würfe gegen offengelegte Seeds geprüft" in result.output
