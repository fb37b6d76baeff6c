"""The German and Icelandic catalogues say each message once, with its own placeholders.

A merge once joined both sides' wrapped lines of 111 translations, so that a German
refusal read "Diese Kreatur hat auf den Auslöser t schon geantwortet: „…“Diese
Kreatur hat auf den Auslöser t schon geantwortet: „…“" (``tools/catalogues.py
check`` now refuses a translation written twice as well)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from regelwerk import resolve

LOCALE = Path(__file__).resolve().parent.parent / "src" / "regelwerk" / "i18n" / "locale"
PLACEHOLDER = re.compile(r"\{(\w+)")


def _translations(lang: str) -> list[tuple[str, str]]:
    with (LOCALE / lang / "LC_MESSAGES" / "regelwerk.po").open("rb") as file:
        catalogue = read_po(file)
    return [(m.id, m.string) for m in catalogue
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string]


@pytest.mark.parametrize("lang", ["de", "is"])
def test_no_translation_repeats_itself(lang: str) -> None:
    repeated = [source for source, text in _translations(lang)
                if len(text) % 2 == 0 and text[: len(text) // 2] == text[len(text) // 2:]]
    assert repeated == []


@pytest.mark.parametrize("lang", ["de", "is"])
def test_every_translation_has_the_placeholders_of_its_message(lang: str) -> None:
    wrong = [source for source, text in _translations(lang)
             if set(PLACEHOLDER.findall(source)) != set(PLACEHOLDER.findall(text))]
    assert wrong == []


def test_a_german_refusal_says_its_rule_once() -> None:
    response = resolve({"system": "pf2e", "action": "reaction", "trigger": "t",
                        "answered": ["t"], "lang": "de"})
    assert response == {"ok": False, "error": {
        "code": "not_allowed",
        "message": "Diese Kreatur hat auf den Auslöser t schon geantwortet: „Als Antwort auf "
                   "einen bestimmten Auslöser kannst du jedoch immer nur eine solche Handlung "
                   "einsetzen.“"}}
