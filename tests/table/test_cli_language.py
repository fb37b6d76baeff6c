"""`regelwerk table verify|replay` in German and Icelandic (issue 16): counts in the
language's plural forms, a file that cannot be read refused in the reader's words
(status 2, no traceback), and a log with any kind of event replays."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from regelwerk.cli.main import cli

from .conftest import Table


def _log(table: Table, path: Path) -> Path:
    """A log with checks, a roll of any dice, a revealed seed and a roll still waiting."""
    tables, gm = table.service, table.gm
    tables.execute(gm, {"type": "add_character", "name": "Ezren", "sheet": {
        "level": 1, "perception": 5, "saves": {"fortitude": 4, "reflex": 5, "will": 6},
        "skills": {"Arcana": 7}, "hp": 16, "max_hp": 16, "ac": 16}})
    tables.execute(gm, {"type": "check", "character_id": "c1", "statistic": "Arcana",
                        "dc": 15})
    tables.execute(gm, {"type": "roll", "expression": "2d6+3"})
    tables.execute(gm, {"type": "rotate_seed"})
    tables.execute(gm, {"type": "roll", "expression": "1d20"})
    path.write_text(tables.export(gm), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "summary"), [
    ("de", "2 Würfe gegen offengelegte Seeds geprüft, 1 Wurf wartet auf die Offenlegung "
           "seines Seeds, 0 Probleme"),
    ("is", "2 köst sannreynd gegn birtum fræjum, 1 kast bíður eftir að fræ þess verði "
           "birt, 0 vandamál"),
    ("en", "2 rolls checked against revealed seeds, 1 roll waits for its seed to be "
           "revealed, 0 problems")])
def test_verify_counts_in_the_languages_plural_forms(pf2e: Table, tmp_path: Path,
                                                    lang: str, summary: str) -> None:
    path = _log(pf2e, tmp_path / "log.jsonl")
    result = CliRunner().invoke(cli, ["table", "verify", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == summary


def test_replay_folds_a_roll_of_any_dice(pf2e: Table, tmp_path: Path) -> None:
    """``dice_rolled`` (the `roll` command) replays in a fresh process too: its fold was
    registered only once the deciders were loaded, so `replay` refused such a log."""
    path = _log(pf2e, tmp_path / "log.jsonl")
    done = subprocess.run([str(Path(sys.executable).parent / "regelwerk"), "table", "replay",
                           str(path), "--lang", "is"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["characters"]["c1"]["name"] == "Ezren"


@pytest.mark.parametrize(("lang", "missing", "folder"), [
    ("de", "{path}: diese Datei gibt es nicht", "das ist ein Ordner, keine Datei"),
    ("is", "{path}: engin slík skrá er til", "þetta er mappa, ekki skrá")])
@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_file_that_cannot_be_read(tmp_path: Path, command: str, lang: str, missing: str,
                                    folder: str) -> None:
    runner = CliRunner()
    nowhere = tmp_path / "nowhere.jsonl"
    result = runner.invoke(cli, ["table", command, str(nowhere), "--lang", lang])
    assert result.exit_code == 2
    assert missing.format(path=nowhere) in result.output
    assert "No such file" not in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(cli, ["table", command, str(tmp_path), "--lang", lang])
    assert result.exit_code == 2
    assert folder in result.output


def test_verify_reads_standard_input(pf2e: Table, tmp_path: Path) -> None:
    path = _log(pf2e, tmp_path / "log.jsonl")
    result = CliRunner().invoke(cli, ["table", "verify", "-", "--lang", "de"],
                                input=path.read_bytes())
    assert result.exit_code == 0, result.output
    assert "0 Probleme" in result.output


def test_the_placeholder_of_the_file_is_in_the_readers_language(tmp_path: Path) -> None:
    """The argument's placeholder in help and errors is a word of the language too."""
    done = subprocess.run([str(Path(sys.executable).parent / "regelwerk"), "table",
                           "verify", str(tmp_path / "none.jsonl"), "--lang", "de"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "Fehler: Ungültiger Wert für DATEI: " in done.stderr
    assert "diese Datei gibt es nicht" in done.stderr
