"""Human-facing texts in German, English and Icelandic.

Messages live in gettext catalogues (``locale/<lang>/LC_MESSAGES/regelwerk.po``),
read with Babel and compiled in memory once per language.  Rules code never
calls this module; the protocol, CLI and HTTP layers do.
"""

from __future__ import annotations

import gettext
import io
import re
import unicodedata
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from regelwerk.errors import translatable

if TYPE_CHECKING:  # Babel loads on the first number shown, not at start-up
    from babel import Locale
    from babel.numbers import NumberPattern

__all__ = ["LANGUAGES", "Translator", "accepted", "normalise_name", "translator"]

LANGUAGES = ("en", "de", "is")
"""The languages of every human-facing text."""

_DOMAIN = "regelwerk"
_YES, _NO = translatable("yes"), translatable("no")


class Translator:
    """``gettext`` and ``ngettext`` for one language."""

    __slots__ = ("_translations", "lang")

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self._translations = translations

    def __call__(self, message: str, /, **values: object) -> str:
        """The translated ``message`` with ``{name}`` placeholders filled in."""
        text = self._translations.gettext(message)
        return text.format(**values) if values else text

    def raw(self, message: str, /) -> str:
        """The translated ``message``, placeholders left as they are."""
        return self._translations.gettext(message)

    def raw_plural(self, singular: str, plural: str, n: int, /) -> str:
        """The translated form for ``n``, placeholders left as they are."""
        return self._translations.ngettext(singular, plural, n)

    def percent(self, p: float, digits: int = 1) -> str:
        """A probability as a percentage in the reader's notation, by Babel
        (``99.54%``, ``99,54 %``, ``99,54%`` with ``digits=2``)."""
        return str(_percent_pattern(self.lang, digits).apply(float(p), _locale(self.lang)))

    def number(self, value: float, digits: int | None = None) -> str:
        """A number in the reader's notation (``18,825`` in German); ``digits``
        fixes the places after the decimal mark."""
        from babel.numbers import format_decimal

        if digits is None:
            return format_decimal(value, locale=_locale(self.lang))
        return format_decimal(value, format=f"#,##0.{'0' * digits}" if digits else "#,##0",
                              locale=_locale(self.lang))

    def yes_no(self, value: bool) -> str:
        """A boolean as a word of the language."""
        return self(_YES) if value else self(_NO)

    def plural(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The translated singular or plural form for ``n``, placeholders filled in."""
        return self._translations.ngettext(singular, plural, n).format(n=n, **values)


@lru_cache(maxsize=len(LANGUAGES))
def _locale(lang: str) -> Locale:
    from babel import Locale

    return Locale.parse(lang)


@lru_cache(maxsize=64)
def _percent_pattern(lang: str, digits: int) -> NumberPattern:
    """The language's percent pattern with ``digits`` places after the decimal mark."""
    from babel.numbers import parse_pattern

    pattern = parse_pattern(_locale(lang).percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return pattern


_TRANSLATED = re.compile(r'^msgstr(\[[0-9]+\])? "[^"]', re.MULTILINE)


@lru_cache(maxsize=len(LANGUAGES))
def translator(lang: str = "en") -> Translator:
    """The translator for ``lang`` (``de``, ``en`` or ``is``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: allowed are {', '.join(LANGUAGES)}")
    path = resources.files("regelwerk.i18n").joinpath(
        "locale", lang, "LC_MESSAGES", f"{_DOMAIN}.po"
    )
    if not _TRANSLATED.search(path.read_text("utf-8")):
        # no message translated (English): skip loading Babel, which takes a while
        return Translator(lang, gettext.NullTranslations())
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=_DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translator(lang, gettext.GNUTranslations(buffer))


def accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (by ``q``, then
    by place); those with ``q=0`` are not wanted and left out."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if quality > 0 and tag.strip():
            ranked.append((-quality, index, tag.strip().lower().split("-")[0]))
    return [tag for _, _, tag in sorted(ranked)]


_FOLDS = (("ß", "ss"), ("þ", "th"), ("ð", "d"), ("æ", "ae"), ("ø", "o"))
_DIGRAPHS = re.compile(r"(?<=[a-z])(ae|oe|ue)")


def normalise_name(name: str) -> str:
    """A key for matching names: case, accents, umlaut spellings (``oe`` for ``ö``)
    and the choice of space, hyphen or underscore do not matter."""
    text = name.strip().lower()
    for a, b in _FOLDS:
        text = text.replace(a, b)
    text = "".join(
        c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)
    )
    text = re.sub(r"[\s\-_]+", "_", text)
    return _DIGRAPHS.sub(lambda m: m.group(1)[0], text)
