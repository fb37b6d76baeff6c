"""Everyday use of the command line: the reader's language for every word,
numbers by Babel, plain output that keeps its marks, the commands a table asks
for, and a well-behaved Unix tool (pipes, Ctrl-C, completion)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from regelwerk import resolve
from regelwerk.cli.main import cli

BIN = Path(sys.executable).parent / "regelwerk"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    return result.exit_code, result.output


def shell(*args: str, lang: str | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k != "REGELWERK_LANG" and not k.startswith("LC_")}
    env["LANG"] = "C.UTF-8"
    if lang:
        env["REGELWERK_LANG"] = lang
    done: subprocess.CompletedProcess[str] = subprocess.run(
        [str(BIN), *args], env=env, capture_output=True, text=True, timeout=60, check=False,
        **kw)  # type: ignore[call-overload]
    return done


# --- language -----------------------------------------------------------------

def test_regelwerk_lang_sets_results_not_only_help() -> None:
    code, out = run("roll", "1d6", "--faces", "3", env={"REGELWERK_LANG": "de"})
    assert code == 0
    assert "Summe: 3" in out


def test_the_locale_sets_the_language_and_lang_wins() -> None:
    code, out = run("roll", "1d6", "--faces", "3", env={"REGELWERK_LANG": "",
                                                        "LC_ALL": "is_IS.UTF-8"})
    assert code == 0
    assert "Samtals: 3" in out
    _, out = run("roll", "1d6", "--faces", "3", "--lang", "en", env={"REGELWERK_LANG": "de"})
    assert "Total: 3" in out


@pytest.mark.parametrize(("lang", "usage", "options", "help_line"), [
    ("de", "Aufruf:", "Optionen:", "Diese Hilfe zeigen und beenden."),
    ("is", "Notkun:", "Valkostir:", "Sýna þessa hjálp og hætta."),
    ("en", "Usage:", "Options:", "Show this message and exit."),
])
def test_clicks_own_words_are_translated(lang: str, usage: str, options: str,
                                         help_line: str) -> None:
    done = shell("roll", "--help", lang=lang)
    assert done.returncode == 0
    assert usage in done.stdout
    assert options in done.stdout
    assert help_line in done.stdout


def test_usage_errors_are_framed_in_the_language() -> None:
    done = shell("roll", "1d6", "--nonsense", lang="de")
    assert done.returncode == 2
    assert "Fehler: Keine Option '--nonsense'." in done.stderr
    assert "Traceback" not in done.stderr


def test_error_messages_are_translated_in_full() -> None:
    # the prefix and the message: no English after "Villa"
    done = shell("5e", "check", "--score", "10", "--dc", "blub", lang="is")
    assert done.returncode == 1
    assert done.stderr.startswith("Villa (unknown_name): sviðið 'dc': óþekkt")
    de = resolve({"system": "w6", "action": "probe", "attribute": "acht", "lang": "de"})
    assert de["error"]["message"] == ("Feld 'attribute': muss eine ganze Zahl sein "
                                      "(erhalten: 'acht')")
    syntax = resolve({"system": "dice", "action": "roll", "expression": "2d6+", "lang": "de"})
    assert "gefunden, erwartet:" in syntax["error"]["message"]
    assert "eine Zahl oder Würfel wie 2W6" in syntax["error"]["message"]


def test_english_error_messages_are_unchanged_for_english() -> None:
    response = resolve({"system": "dnd5e", "action": "ability_modifier", "score": 31})
    assert response["error"]["message"] == "field 'score': must be at most 30 (got 31)"


# --- numbers --------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "shown"), [("de", "99,54\u00a0%"), ("is", "99,54%"),
                                             ("en", "99.54%")])
def test_percentages_by_babel(lang: str, shown: str) -> None:
    code, out = run("roll", "3d6", "--faces", "1,1,1", "--lang", lang)
    assert code == 0
    assert "100" in out  # 3 or more is certain
    from regelwerk.i18n import translator

    assert translator(lang).percent(0.99537, 2) == shown


def test_the_same_number_format_in_sentence_and_chart() -> None:
    code, out = run("pf2e", "check", "--modifier", "0", "--dc", "20", "--faces", "10",
                    "--lang", "de")
    assert code == 0
    assert "5.0%" not in out
    assert "5,0\u00a0%" in out


def test_mean_in_the_readers_notation() -> None:
    _, out = run("odds", "2d20kh1+5", "--lang", "de")
    assert "Mittelwert: 18,825" in out


def test_booleans_are_words() -> None:
    code, out = run("pf2e", "falling", "9", "--lang", "de")
    assert code == 0
    assert "Landet liegend: ja" in out
    assert "True" not in out


def test_terms_are_translated() -> None:
    _, out = run("pf2e", "check", "--item", "1", "--dc", "15", "--faces", "10",
                 "--lang", "de")
    assert "Gegenstand +1" in out
    _, out = run("pf2e", "damage", "2d6", "--type", "fire", "--weakness", "fire=5",
                 "--faces", "3,4", "--lang", "de")
    assert "Schwäche Feuer 5" in out


def test_option_aliases_in_the_languages_own_spelling() -> None:
    code, out = run("pf2e", "damage", "1d6", "--type", "fire", "--schwäche", "fire=5",
                    "--würfe", "3")
    assert code == 0, out
    assert "8" in out
    code, out = run("5e", "check", "--hæfileiki", "14", "--meðbyr", "--würfe", "3,12")
    assert code == 0, out
    assert "[12]" in out


# --- plain output -------------------------------------------------------------------

def test_piped_output_keeps_dropped_and_rerolled_dice() -> None:
    done = shell("roll", "4d6r1kh3", "--faces", "1,3,4,5,2")
    assert done.returncode == 0
    # as in d20, the reroll takes the rerolled die's place
    assert "1↻ (2) 3 4 5" in done.stdout
    assert "\x1b[" not in done.stdout  # plain text: the marks carry the meaning


def test_a_hero_point_reroll_is_explained() -> None:
    code, out = run("pf2e", "check", "--modifier", "5", "--dc", "15", "--reroll-on",
                    "failure,critical_failure", "--faces", "1,15")
    assert code == 0
    assert "rerolled 1 → 15 with a hero point" in out


def test_odds_leaves_out_rows_below_the_precision_unless_all() -> None:
    code, short = run("odds", "10d10")
    code_all, full = run("odds", "10d10", "--all")
    assert code == code_all == 0
    assert not re.search(r"^ *10 ", short, re.MULTILINE)
    assert re.search(r"^ *10 ", full, re.MULTILINE)
    assert "--all" in short


BOX_DRAWING = re.compile("[\u2500-\u257f]")
"""Box-drawing characters (the frame of a table on a terminal)."""


@pytest.mark.parametrize("args", [("odds", "2d6"), ("odds", "2d6", "1d12", "--lang", "de"),
                                  ("pf2e", "initiative", "Ezren=5", "Goblin=3:foe", "--seed",
                                   "2"),
                                  ("w6", "advice", "--attribute", "10", "--required", "1,2")])
def test_piped_tables_are_plain_columns(args: tuple[str, ...]) -> None:
    """In a pipe or a file a table is columns of text that grep, cut and awk read: no box
    lines, no colours; on a terminal it keeps its frame."""
    code, piped = run(*args)
    assert code == 0
    assert not BOX_DRAWING.search(piped), piped
    assert "\x1b[" not in piped
    code, shown = run(*args, env={"TTY_COMPATIBLE": "1"})
    assert code == 0
    assert BOX_DRAWING.search(shown)


def test_a_piped_odds_row_splits_into_its_columns() -> None:
    _, piped = run("odds", "2d6", "--lang", "de")
    row = next(line.split() for line in piped.splitlines() if line.split()[:1] == ["7"])
    assert row[:5] == ["7", "16,6667", "%", "58,3333", "%"]


def test_odds_compares_expressions_side_by_side() -> None:
    code, out = run("odds", "2d20kh1+5", "1d20+5")
    assert code == 0
    assert "Comparison" in out
    assert out.count("Mean:") == 2


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_odds_plots_a_chart(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"chart.{suffix}"
    code, out = run("odds", "2d6", "1d12", "--plot", str(path), "--lang", "de")
    assert code == 0, out
    data = path.read_bytes()
    if suffix == "svg":
        assert data.startswith(b"<svg")
        assert b"Wert" in data
    else:
        assert data.startswith(b"\x89PNG")


def test_odds_refuses_an_unknown_chart_format(tmp_path: Path) -> None:
    code, out = run("odds", "2d6", "--plot", str(tmp_path / "chart.gif"))
    assert code == 1
    assert ".svg or .png" in out


# --- commands a table asks for -------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["5e", "contest", "--a-score", "16", "--b-score", "14", "--seed", "3"],
    ["5e", "dc", "meðal"],
    ["pf2e", "initiative", "Ezren=5", "Goblin=3:foe", "--seed", "2"],
    ["pf2e", "conditions", "--has", "frightened=2", "--statistic", "ac"],
    ["pf2e", "flat", "11", "--seed", "1"],
    ["pf2e", "falling", "9"],
    ["pf2e", "statistic", "armor_class", "--level", "1", "--ability-modifier", "dex=4",
     "--armor", "light,3,2"],
])
def test_new_commands_answer_and_have_json(args: list[str]) -> None:
    code, out = run(*args)
    assert code == 0, out
    code, out = run(*args, "--json")
    assert code == 0, out
    assert json.loads(out)["ok"]


def test_initiative_orders_and_marks_foes() -> None:
    code, out = run("pf2e", "initiative", "Ezren=5", "Goblin=3:foe", "--faces", "2,8")
    assert code == 0
    assert out.index("Goblin") < out.index("Ezren")
    assert "(foe)" in out


def test_creature_show(tmp_path: Path) -> None:
    path = tmp_path / "hero.json"
    assert run("pf2e", "creature", str(path), "new", "--hp", "20")[0] == 0
    assert run("pf2e", "creature", str(path), "damage", "25")[0] == 0
    code, out = run("pf2e", "creature", str(path), "show", "--lang", "de")
    assert code == 0
    assert "Sterbend" in out
    assert "0/20" in out
    code, out = run("pf2e", "creature", str(path), "show", "--json")
    assert json.loads(out)["dying"] >= 1


def test_map_json_and_reach_like_an_area(tmp_path: Path) -> None:
    code, out = run("pf2e", "map", str(EXAMPLES / "map.json"), "--reach", "Ogre",
                    "--emanation", "Kyra,3", "--json")
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    emanation, reach = answers[0], answers[1]
    assert reach["creatures"] == ["Valeros"]
    assert reach["blocked"] == []
    assert "creatures" in emanation
    assert "blocked" in emanation
    _, out = run("pf2e", "map", str(EXAMPLES / "map.json"), "--burst", "7,5,6")
    assert "no line of effect: Valeros" in out


def test_map_drawing_marks_origin_units_states_names_legend(tmp_path: Path) -> None:
    svg = tmp_path / "burst.svg"
    code, _ = run("pf2e", "map", str(EXAMPLES / "map.json"), "--burst", "7,5,6", "--svg",
                  str(svg), "--lang", "de")
    assert code == 0
    drawing = svg.read_text("utf-8")
    assert "Explosion 6 m" in drawing
    assert "Goblin Warrior" in drawing  # the whole name, under the token
    assert 'stroke-dasharray="4 3"' in drawing  # Valeros, out of line of effect
    assert "keine Wirkungslinie" in drawing
    assert "Ausgangspunkt der Fläche" in drawing
    assert ">11</text>" in drawing
    assert ">9</text>" in drawing  # coordinates


# --- a well-behaved tool ---------------------------------------------------------------

def test_head_closing_the_pipe_exits_quietly_with_0() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    done = subprocess.run(f"set -o pipefail; '{BIN}' odds 10d10 --all | head -n 2",
                          shell=True, capture_output=True, text=True, timeout=60,
                          check=False, executable="/bin/bash", env={**env, "LANG": "C.UTF-8"})
    assert done.returncode == 0
    assert done.stderr == ""


def test_ctrl_c_exits_130_without_a_traceback() -> None:
    env = {**os.environ, "LANG": "C.UTF-8"}
    # As from a terminal, the command starts with Ctrl-C's default action: a pytest-xdist
    # worker ignores SIGINT, and an ignored signal would stay ignored in the child.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen([str(BIN), "resolve"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   env=env)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write('{"system": "dice", "action": "roll", "expression": "1d6"}\n')
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["ok"]  # running, waiting for more
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in err


@pytest.mark.parametrize("shell_name", ["bash", "zsh", "fish"])
def test_completion_scripts(shell_name: str) -> None:
    code, out = run("completion", shell_name)
    assert code == 0
    assert "_REGELWERK_COMPLETE" in out


def test_completion_completes_commands() -> None:
    env = {**os.environ, "_REGELWERK_COMPLETE": "bash_complete", "COMP_WORDS": "regelwerk pf",
           "COMP_CWORD": "1"}
    done = subprocess.run([str(BIN)], env=env, capture_output=True, text=True, timeout=60,
                          check=False)
    assert "pf2e" in done.stdout


def test_the_manual_holds_every_command() -> None:
    code, out = run("manual")
    assert code == 0
    for name in ("regelwerk roll", "regelwerk pf2e map", "regelwerk 5e contest",
                 "regelwerk pf2e creature", "Exit status", "REGELWERK_LANG"):
        assert name in out


def test_lang_before_the_command_holds_for_it() -> None:
    done = shell("--lang", "de", "roll", "1d6", "--faces", "4")
    assert done.returncode == 0
    assert "Summe: 4" in done.stdout


def test_help_in_the_languages_own_word() -> None:
    done = shell("roll", "--hjálp", lang="is")
    assert done.returncode == 0
    assert done.stdout.startswith("Notkun: regelwerk roll [VALKOSTIR] SEGÐ")
    hint = shell("rol", lang="de")
    assert "Hilfe mit 'regelwerk --hilfe'." in hint.stderr


def test_the_manual_as_a_man_page(tmp_path: Path) -> None:
    code, out = run("manual", "--roff", "--lang", "de")
    assert code == 0
    assert out.startswith(".TH REGELWERK 1")
    assert ".SH BEFEHLE" in out
    assert ".SS regelwerk pf2e map" in out


def test_every_transliterated_alias_has_its_native_spelling() -> None:
    import re

    from regelwerk.cli.common import _commands
    from regelwerk.cli.main import load_commands

    load_commands()
    missing = []
    for command in _commands(cli):
        for param in command.params:
            opts = getattr(param, "opts", [])
            if any(re.search(r"(ae|oe|ue)", o) for o in opts) and not re.search(
                    r"[äöüæðþáéíóúý]", " ".join(opts)):
                missing.append(opts)
    assert missing == []


def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback() -> None:
    # Ctrl-C arriving while the command's modules import (the first second, longer on
    # a busy machine): simulated by an import that is interrupted
    program = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def interrupted(name, *args, **kwargs):\n"
        "    if name == 'regelwerk.cli.main':\n"
        "        raise KeyboardInterrupt\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = interrupted\n"
        "sys.argv = ['regelwerk', '--lang', 'de', 'roll', '1d20']\n"
        "from regelwerk.cli.entry import main\n"
        "main()\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 130
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == "Abgebrochen."
