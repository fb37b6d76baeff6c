"""The placeholders of the command line in the reader's language (issue 12): the
usage line keeps click's marks, and a help text names the placeholder the usage
line shows, not the English one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from regelwerk.cli.common import _argument_metavar, _commands
from regelwerk.cli.main import cli, load_commands
from regelwerk.i18n import translator

BIN = Path(sys.executable).parent / "regelwerk"


def test_german_usage_keeps_the_mark_of_many_participants() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(LANG="C.UTF-8", REGELWERK_LANG="de")
    done = subprocess.run([str(BIN), "pf2e", "initiative", "--help"], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "TEILNEHMER..." in done.stdout
    assert "Initiative für TEILNEHMER würfeln" in done.stdout
    assert "PARTICIPANTS" not in done.stdout


@pytest.mark.parametrize(("argument", "german"), [
    (click.Argument(["participants"], nargs=-1, required=True), "TEILNEHMER..."),
    (click.Argument(["distance"], required=False), "[ENTFERNUNG]"),
    (click.Argument(["amount"]), "MENGE"),
    (click.Argument(["path"], metavar="FILE"), "DATEI"),
    (click.Argument(["kind"], type=click.Choice(["a", "b"])), None),  # click lists {a|b}
])
def test_a_placeholder_is_translated_and_keeps_its_marks(argument: click.Argument,
                                                         german: str | None) -> None:
    assert _argument_metavar(translator("de"), argument) == german
    # asked again (another language later in the same process), from the English name
    assert _argument_metavar(translator("de"), argument) == german


def _english_placeholders(text: str) -> set[str]:
    return set(re.findall(r"\b[A-Z][A-Z_]+\b", text))


@pytest.mark.parametrize("lang", ["de", "is"])
def test_help_texts_name_the_translated_placeholders(lang: str) -> None:
    """A word such as DISTANCE that the usage line shows as ENTFERNUNG is not left in
    English in the help text."""
    load_commands()
    t = translator(lang)
    left = []
    for command in _commands(cli):
        texts = [command.help] + [p.help for p in command.params
                                  if isinstance(p, click.Option)]
        for english in filter(None, texts):
            for word in _english_placeholders(english):
                if t(word) != word and re.search(rf"\b{word}\b", t(english)):
                    left.append(f"{command.name}: {word}")
    assert left == []


def test_the_icelandic_flat_check_is_against_a_dc_in_icelandic() -> None:
    load_commands()
    flat = next(c for c in _commands(cli) if c.name == "flat")
    assert translator("is")(flat.help or "").startswith("Hreint kast gegn erfiðleikastigi")
