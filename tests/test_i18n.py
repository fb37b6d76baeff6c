"""Catalogues: every text in three languages, and name matching."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from regelwerk.i18n import LANGUAGES, normalise_name, translator

SOURCE = Path(__file__).resolve().parent.parent / "src" / "regelwerk"


def test_every_message_is_translated() -> None:
    from tools.catalogues import missing

    assert missing() == []


def test_no_translation_call_hides_inside_an_f_string() -> None:
    # Babel cannot extract t(...) written inside an f-string replacement field
    offenders = [
        f"{path.name}:{n}"
        for path in SOURCE.rglob("*.py")
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"\{t\(", line)
    ]
    assert offenders == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translators_fill_placeholders(lang: str) -> None:
    text = translator(lang)("Rolled {roll}", roll="1d6 (4) = 4")
    assert "1d6 (4) = 4" in text


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="allowed are"):
        translator("fr")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Fast unmöglich", "fast_unmoeglich"),
        ("fast-unmoglich", "FAST UNMÖGLICH"),
        ("Nær ómögulegt", "naer_omogulegt"),
        ("Þokki", "thokki"),
        ("Lipurð", "lipurd"),
        ("Geübt", "geuebt"),
    ],
)
def test_names_match_ignoring_case_accents_and_separators(a: str, b: str) -> None:
    assert normalise_name(a) == normalise_name(b)
